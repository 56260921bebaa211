// Redraws that nobody on this phone asked for (a score answer, another phone's
// move, a catalog read) wait while a finger is on the screen. Done between a
// tap's pointerdown and its click, a redraw replaces the button under the
// finger and the click lands on its parent: the tap is lost. Held redraws run
// once no finger is down and the tap's own click has run (or 1 s after a
// pointerup that brought no click). One guard for every
// page: kit/scorer.js (M.whenHandsOff) and the live table (table/hands_off.js).
"use strict";

let fingers = 0;
// A touch tap's click is not part of its pointerup: it comes after, from the
// tap gesture (hundreds of ms later on a busy phone), and is hit-tested where
// the finger was. A redraw in between that moves the page (the first score
// answer turns "Scoring…" into totals) sends the click to what is there now.
// So a lifted finger holds redraws until its click has run.
let clickDue = false;
let clickTimer = null;
let held = [];

const busy = () => fingers > 0 || clickDue;

function flushHeld() {
  if (busy()) return;
  const run = held;
  held = [];
  run.forEach((fn) => fn());
}

function clickDone() {
  clickDue = false;
  clearTimeout(clickTimer);
  flushHeld();
}

document.addEventListener("pointerdown", () => { fingers += 1; }, true);
document.addEventListener("pointerup", () => {
  fingers = Math.max(0, fingers - 1);
  clickDue = true;
  clearTimeout(clickTimer);
  clickTimer = setTimeout(clickDone, 1000); // a tap's click has come by then, or never will (a press, a drag)
}, true);
document.addEventListener("pointercancel", () => { // a scroll: no click follows
  fingers = Math.max(0, fingers - 1);
  setTimeout(flushHeld, 0);
}, true);
window.addEventListener("click", () => setTimeout(clickDone, 0)); // after the tap's own handlers

/** How long a held redraw waits for a pointerup that may have been lost: 2 s.
 * A test that holds a finger down on purpose on a slow machine sets
 * `window.companionLostFingerMs` so the release is not mistaken for a lost one. */
function lostFingerMs() {
  return window.companionLostFingerMs || 2000;
}

/** Run `fn` now, or once no finger is on the screen and its tap is handled. */
export function whenHandsOff(fn) {
  if (!busy()) { fn(); return; }
  held.push(fn);
  setTimeout(() => { fingers = 0; clickDue = false; flushHeld(); }, lostFingerMs()); // a lost pointerup never blocks for long
}

/** A finger is on the screen now, or its tap's click has not run yet. */
export function fingerDown() {
  return busy();
}
