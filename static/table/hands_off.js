// The live table's redraws that nobody on this phone asked for (another
// phone's move redraws the dice and the sheet) go through the one guard,
// kit/hands_off.js; many events while a finger is down make one redraw.
"use strict";

import { fingerDown, whenHandsOff } from "../kit/hands_off.js";

/** render: the page's whole redraw. Returns renderWhenHandsOff() and down()
 * (a finger is on the screen now). */
export function handsOff(render) {
  let renderHeld = false;
  function renderWhenHandsOff() {
    if (renderHeld) return; // one redraw is already waiting: it draws the latest room
    renderHeld = true;
    whenHandsOff(() => { renderHeld = false; render(); });
  }
  return { renderWhenHandsOff, down: fingerDown };
}
