// Scoring as the user types: a debounced POST /api/score whose stale answers are dropped,
// an offline note that catches up by itself, and answers held while a finger is down.
"use strict";

import { clone } from "./clone.js";

const C = () => Companion; // app.js declares it (a global lexical binding, not on window)
const h = (...args) => C().h(...args);

function offlineNote(on) {
  let note = document.getElementById("offline-note");
  if (on && !note) {
    note = h("p", { class: "offline-note", id: "offline-note", role: "status" },
      "Totals are waiting for the connection; they will catch up by themselves. Everything you enter is kept on this phone.");
    (document.getElementById("main") || document.body).prepend(note);
  }
  if (!on && note) note.remove();
}

// A finger on the screen holds redraws back: a score answer that redraws the
// page between a tap's pointerdown and its click would take the tap away
// (the button under the finger is replaced, so the click never reaches it).
let fingers = 0;
let held = [];
function flushHeld() {
  if (fingers) return;
  const run = held;
  held = [];
  run.forEach((fn) => fn());
}
document.addEventListener("pointerdown", () => { fingers += 1; }, true);
for (const ev of ["pointerup", "pointercancel"]) {
  document.addEventListener(ev, () => {
    fingers = Math.max(0, fingers - 1);
    setTimeout(flushHeld, 400); // a tap's click has come by then, or never will
  }, true);
}
window.addEventListener("click", () => setTimeout(flushHeld, 0)); // after the tap's own handlers

/** How long a held redraw waits for a pointerup that may have been lost: 2 s.
 * A test that holds a finger down on purpose on a slow machine sets
 * `window.companionLostFingerMs` so the release is not mistaken for a lost one. */
function lostFingerMs() {
  return window.companionLostFingerMs || 2000;
}

/** Run `fn` now, or once no finger is on the screen and its tap is handled. */
export function whenHandsOff(fn) {
  if (!fingers) { fn(); return; }
  held.push(fn);
  setTimeout(() => { fingers = 0; flushHeld(); }, lostFingerMs()); // a lost pointerup never blocks for long
}

export function scorer(onAnswer, delay = 250) {
  let timer = null;
  let seq = 0;
  let last = null;
  let retry = null;
  const busy = (on) => { document.body.dataset.scoring = on ? "busy" : "idle"; };
  window.addEventListener("online", () => { if (last && document.body.dataset.scoring === "offline") score(last); });
  function score(state) {
    clearTimeout(timer);
    clearTimeout(retry);
    const mine = ++seq;
    busy(true);
    const body = clone(state);
    last = body;
    timer = setTimeout(async () => {
      const answer = await C().api("POST", "/api/score", body);
      if (mine !== seq) return;
      if (answer.status === 0) {
        // No connection: say so instead of an error, and catch up when it returns.
        document.body.dataset.scoring = "offline";
        offlineNote(true);
        retry = setTimeout(() => { if (mine === seq) score(body); }, 5000);
        return;
      }
      offlineNote(false);
      whenHandsOff(() => {
        if (mine !== seq) return; // a newer edit came while the finger was down
        if (answer.ok) onAnswer({ ok: true, result: answer.data });
        else onAnswer({ ok: false, status: answer.status, error: answer.data?.error || "could not score",
                        path: answer.data?.path || null });
        busy(false);
      });
    }, delay);
  }
  return score;
}

// State keys as people say them ("street" -> "house"), every game's, from the registry.
