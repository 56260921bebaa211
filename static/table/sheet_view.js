// The live table's sheet (digital mode): tabs for each player's sheet, the sheet
// drawn by the one sheet component (kit/doodle_sheet.js) with the squares the
// chosen die may go to, the picker of what to draw there, and the sheet's facts.
// table.js keeps the room and this phone's choices; this module only draws them.
"use strict";

import * as S from "../kit/doodle_sheet.js";

const el = (id) => document.getElementById(id);
const PATHS = S.CYCLE.slice(1);

/** A path's line alone (the picker's choices, the setup shape), drawn as on the sheet. */
export function pathSvg(path) {
  return S.svg("svg", { viewBox: "0 0 100 100", class: "path-svg", "aria-hidden": "true" },
    S.svg("path", { d: S.PATH_D[path] }));
}

/** A house square's houses: how many, printed crossed, crossed by the player. */
function housesOf(layout, sheet, r, c) {
  const i = layout.houses.findIndex((x) => x.cell[0] === r && x.cell[1] === c);
  const spec = layout.houses[i];
  return { count: spec.count, printed: spec.printed_crossed, crossed: sheet.houses[i].crossed };
}

function floorsOf(layout, sheet, r, c) {
  const tower = sheet.floors.find((x) => x.cell[0] === r && x.cell[1] === c);
  return { count: layout.skyscraper_floors.printed + tower.added, scored: Boolean(tower.scored) };
}

function targetsFor(room, die) {
  const d = room.options?.dice.find((x) => x.die === die);
  return d ? d.targets : [];
}

/**
 * opts: {h, showSheet(i) (another tab), pick([r, c]) (a target square tapped), take(move),
 *        cancel() (the picker closed)}. Returns {draw(view), picker(view)} where view is
 * {room, seat, sheet (index shown), die (selected or null), cell ([r, c] or null), acting}.
 */
export function sheetView({ h, showSheet, pick, take, cancel }) {
  function draw(view) {
    const { room, seat } = view;
    const box = el("sheet-box");
    if (room.mode !== "digital") { box.hidden = true; return; }
    box.hidden = false;
    el("sheet-tabs").replaceChildren(...room.sheets.map((s, i) => h("button", {
      type: "button", role: "tab", class: `tab${i === view.sheet ? " active" : ""}`,
      "aria-selected": i === view.sheet ? "true" : "false", onclick: () => showSheet(i) }, s.name)));
    const sheet = room.sheets[view.sheet];
    el("sheet-title").textContent = view.sheet === seat ? "Your sheet" : `${sheet.name}'s sheet`;
    const targets = view.acting && view.die !== null ? targetsFor(room, view.die) : [];
    const isTarget = (r, c) => targets.some(([tr, tc]) => tr === r && tc === c);
    const layout = room.layout;
    const grid = S.sheetGrid({
      grid: S.currentGrid(room.edition, sheet.grid), edition: room.edition, label: `${sheet.name}'s sheet`,
      testid: "table-sheet", heads: { hot: room.rolled && room.dice ? room.dice.blue : null },
      square: (r, c, kind, path) => {
        const target = isTarget(r, c);
        const chosen = view.cell && view.cell[0] === r && view.cell[1] === c;
        return {
          houses: kind === "house" ? housesOf(layout, sheet, r, c) : null,
          floors: kind === "skyscraper" ? floorsOf(layout, sheet, r, c) : null,
          cls: ["cell", path ? "drawn" : "", target ? "target" : "", chosen ? "chosen" : ""],
          disabled: !target,
          onClick: (ev) => {
            for (const other of grid.querySelectorAll(".chosen")) other.classList.remove("chosen");
            ev.currentTarget.classList.add("chosen");
            pick([r, c]);
          },
        };
      },
    });
    el("sheet").replaceChildren(grid);
    drawFacts(room, sheet);
    if (!targets.length) { el("picker").hidden = true; return false; }
    picker(view);
    return true;
  }

  function picker(view) {
    const box = el("picker");
    if (!view.cell || view.die === null) { box.hidden = true; return; }
    const { room } = view;
    const [r, c] = view.cell;
    const sheet = room.sheets[view.sheet];
    const [kind] = S.splitCell(S.currentGrid(room.edition, sheet.grid)[r][c]);
    const cell = { die: view.die, cell: [r, c] };
    const buttons = [];
    if (kind === "house") {
      buttons.push(h("button", { type: "button", class: "big", onclick: () => take(cell) }, "Cross out a house"));
    } else {
      let choice = null;
      if (kind === "skyscraper") {
        choice = "road";
        const tower = sheet.floors.find((x) => x.cell[0] === r && x.cell[1] === c);
        if (tower.added < room.layout.skyscraper_floors.extra - 1) {
          buttons.push(h("button", { type: "button", class: "secondary",
                                     onclick: () => take({ ...cell, choice: "floor" }) }, "Build a floor"));
        }
      }
      for (const path of PATHS) {
        const b = h("button", { type: "button", class: "path-choice", "data-path": path,
                                "aria-label": `Draw ${S.PATH_WORDS[path]}`,
                                onclick: () => take({ ...cell, path, ...(choice ? { choice } : {}) }) });
        b.append(pathSvg(path));
        buttons.push(b);
      }
    }
    box.replaceChildren(h("p", { class: "picker-title" }, `Row ${r + 1}, column ${c + 1} (${kind}): draw`),
      h("div", { class: "path-choices" }, ...buttons),
      h("button", { type: "button", class: "secondary", onclick: cancel }, "Cancel"));
    const opening = box.hidden;
    box.hidden = false;
    if (opening && box.scrollIntoView) box.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }

  function drawFacts(room, sheet) {
    const facts = el("sheet-facts");
    facts.replaceChildren();
    const add = (term, value) => facts.append(h("dt", {}, term), h("dd", {}, value));
    add("Trees left", `${sheet.trees_left} of ${sheet.trees}`);
    for (const key of Object.keys(room.layout.tracks)) {
      const circled = sheet[key] || [];
      const crossed = sheet.crossed_out[key] || [];
      let text = circled.length ? circled.join(", ") : "none";
      if (crossed.length) text += ` · crossed out: ${crossed.join(", ")}`;
      add(key.replace("_", " "), text); // shown capitalised (table.css)
    }
    const total = room.standings?.totals?.[sheet.name];
    if (total !== undefined) add("Score so far", String(total));
  }

  return { draw, picker };
}
