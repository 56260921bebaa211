// Redraws that nobody on this phone asked for (a score answer, another phone's
// move, a catalog read) wait while a finger is on the screen. Done between a
// tap's pointerdown and its click, a redraw replaces the button under the
// finger and the click lands on its parent: the tap is lost. Held redraws run
// once no finger is down and the tap's own click has run. One guard for every
// page: kit/scorer.js (M.whenHandsOff) and the live table (table/hands_off.js).
"use strict";

let fingers = 0;
let held = [];

function flushHeld() {
  if (fingers) return;
  const run = held;
  held = [];
  run.forEach((fn) => fn());
}

document.addEventListener("pointerdown", () => { fingers += 1; }, true);
for (const type of ["pointerup", "pointercancel"]) {
  document.addEventListener(type, () => {
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

/** A finger is on the screen now. */
export function fingerDown() {
  return fingers > 0;
}
