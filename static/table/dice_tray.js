// The live table's dice tray: the blue die, then (setup) the starting riverway or
// road everyone draws, or (play) the white dice with who took each. Rolls animate
// unless the phone asks for reduced motion. Draws only; table.js owns the room.
"use strict";

import * as S from "../kit/doodle_sheet.js";
import { pathSvg } from "./sheet_view.js";

const el = (id) => document.getElementById(id);
let rollTimer = null;

function dieEl(h, colour, value, extra = {}) {
  return h("button", { type: "button", class: `die die-${colour}`, "data-value": value,
                       "aria-label": `${colour} die ${value}`, ...extra },
           h("span", { class: "die-number" }, String(value)));
}

/**
 * opts: {h, root (the page's #room, for data-roll-animated), room, selectedDie,
 *        mine (this phone may take a die now), animate, chooseDie(i)}
 */
export function drawDice({ h, root, room, selectedDie, mine, animate = false, chooseDie }) {
  const box = el("dice");
  box.replaceChildren();
  const tray = room.dice;
  const note = el("tray-note");
  if (!tray) {
    box.append(h("p", { class: "no-dice muted" }, "No dice rolled yet"));
    note.textContent = "";
    return;
  }
  box.dataset.round = String(tray.round);
  box.append(dieEl(h, "blue", tray.blue, { disabled: true, "data-die": "blue" }));
  if (tray.setup) {
    const park = room.edition === "shanghai"; // Shanghai starts in the parks
    const path = tray.path || room.setup?.paths?.[tray.column - 1];
    if (path) {
      const words = S.PATH_WORDS[path];
      const square = h("span", { class: `setup-shape cell ${park ? "kind-park" : "kind-start"} drawn`, "data-path": path,
                                 role: "img", "aria-label": `Draw ${words}` });
      square.append(pathSvg(path));
      box.append(h("span", { class: "setup-arrow", "aria-hidden": "true" }, "→"), square);
      note.textContent = park
        ? `Column ${tray.column}: everyone draws this road (${words}) in the park.`
        : `Column ${tray.column}: everyone draws this riverway (${words}) in the start square.`;
    } else {
      note.textContent = park
        ? `Starting road in the park of column ${tray.column}: the blue die picks it.`
        : `Starting riverway for column ${tray.column}: the blue die picks it.`;
    }
    box.classList.add("setup");
  } else {
    box.classList.remove("setup");
    tray.white.forEach((value, i) => {
      const taker = tray.taken[i];
      const die = dieEl(h, "white", value, {
        "data-die": String(i), disabled: !(mine && taker === null && room.rolled),
        "aria-pressed": selectedDie === i ? "true" : "false",
        onclick: () => chooseDie(i),
      });
      if (taker !== null) {
        die.classList.add("taken");
        die.setAttribute("aria-label", `white die ${value}, taken by ${taker}`);
        die.append(h("span", { class: "taker", title: taker }, taker));
      }
      if (selectedDie === i) die.classList.add("selected");
      box.append(die);
    });
    const left = tray.taken.filter((t) => t === null).length;
    note.textContent = room.rolled ? `${left} white ${left === 1 ? "die" : "dice"} left`
      : `Round ${tray.round} dice`;
  }
  const motion = animate && !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (animate) root.dataset.rollAnimated = motion ? "yes" : "no";
  if (motion) {
    box.classList.remove("rolling");
    void box.offsetWidth; // restart the animation
    box.classList.add("rolling");
    clearTimeout(rollTimer);
    rollTimer = setTimeout(() => box.classList.remove("rolling"), 900);
  }
}
