// Scoring as the user types: a debounced POST /api/score whose stale answers are dropped,
// an offline note that catches up by itself, and answers held while a finger is down.
"use strict";

import { clone } from "./drafts.js";
import { whenHandsOff } from "./hands_off.js";

export { whenHandsOff };

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
