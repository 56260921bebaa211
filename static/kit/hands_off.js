// Redraws nobody here asked for (a score answer, another phone's move) wait
// while a finger is down and until its tap's click has run: a touch click comes
// after pointerup (late on a busy phone) and hits what is under the finger then,
// so a redraw that moves the button loses the tap. Used by kit/scorer.js, table/.
"use strict";

let fingers = 0;
let clickDue = false; // a finger lifted, its click not run yet
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
  clickTimer = setTimeout(clickDone, 1000); // a press or a drag brings no click
}, true);
document.addEventListener("pointercancel", () => { // a scroll: no click follows
  fingers = Math.max(0, fingers - 1);
  setTimeout(flushHeld, 0);
}, true);
window.addEventListener("click", () => setTimeout(clickDone, 0)); // after the tap's own handlers

/** Longest wait for a lost pointerup (a test may set companionLostFingerMs). */
const lostFingerMs = () => window.companionLostFingerMs || 2000;

/** Run `fn` now, or once no finger is on the screen and its tap is handled. */
export function whenHandsOff(fn) {
  if (!busy()) { fn(); return; }
  held.push(fn);
  setTimeout(() => { fingers = 0; clickDue = false; flushHeld(); }, lostFingerMs());
}

/** A finger is on the screen, or its tap's click has not run yet. */
export const fingerDown = busy;
