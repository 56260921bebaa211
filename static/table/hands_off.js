// Redraws that nobody on this phone asked for. Another phone's move redraws
// the dice and the sheet. Done between a tap's pointerdown and its click, it
// replaces the button under the finger and the click lands on its parent: the
// tap is lost. Such redraws wait until no finger is down and the tap's own
// click has run (which redraws anyway).
"use strict";

/** render: the page's whole redraw. Returns renderWhenHandsOff() and down()
 * (a finger is on the screen now). */
export function handsOff(render) {
  let fingers = 0;
  let renderHeld = false;
  function flushRender() {
    if (fingers || !renderHeld) return;
    renderHeld = false;
    render();
  }
  document.addEventListener("pointerdown", () => { fingers += 1; }, true);
  for (const type of ["pointerup", "pointercancel"]) {
    document.addEventListener(type, () => {
      fingers = Math.max(0, fingers - 1);
      setTimeout(flushRender, 400); // the tap's click has come by then, or never will
    }, true);
  }
  window.addEventListener("click", () => setTimeout(flushRender, 0)); // after the tap's handlers
  function renderWhenHandsOff() {
    if (!fingers) { render(); return; }
    renderHeld = true;
    // A lost pointerup never blocks for long (2 s; tests holding a finger on purpose
    // set window.companionLostFingerMs, as in static/kit/scorer.js).
    setTimeout(() => { fingers = 0; flushRender(); }, window.companionLostFingerMs || 2000);
  }
  return { renderWhenHandsOff, down: () => fingers > 0 };
}
