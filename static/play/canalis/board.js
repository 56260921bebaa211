// The Canalis map in its own box: pan with one finger, pinch (or the + / −
// buttons) to zoom, tap a square. The box never scrolls the page sideways;
// the board moves inside it with a CSS transform. `draw` paints the tiles
// the engine returned (result.board.tiles) and the squares being chosen.
"use strict";

const h = (...args) => Companion.h(...args); // kit/app.js declares Companion (global lexical binding)

export const CELL = 44;
const MIN_ZOOM = 0.35;
const MAX_ZOOM = 2.5;
const TAP_SLOP = 8;
export const PLAYER_COLORS = 4;

const SHORT = { canal: "", harbor: "⚓", tenement: "T", locks: "L" };
const KIND_WORDS = { canal: "canal", harbor: "harbor", garden: "garden", resource: "resource",
  industrial: "industrial", specialty: "specialty", tenement: "tenement", locks: "locks", water: "locks water" };

/** A small crown (emoji fonts are not on every phone). */
export function crownIcon() {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "cn-crown");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", "M3 18h18l1-11-5.5 4.5L12 4l-4.5 7.5L2 7z");
  svg.append(path);
  return svg;
}

function tileText(tile) {
  if (tile.kind === "garden") return `+${tile.value}`;
  if (tile.kind === "resource") return `${tile.resource.slice(0, 5)}${tile.income ? ` ${tile.income}` : ""}`;
  if (tile.kind === "industrial" || tile.kind === "specialty") return tile.name.slice(0, 6);
  return SHORT[tile.kind] ?? "";
}

function tileWords(tile, names) {
  let words = tile.kind === "industrial" || tile.kind === "specialty" ? `${tile.name} (${tile.kind})`
    : tile.kind === "resource" ? `${tile.resource} resource, income ${tile.income}`
      : tile.kind === "garden" ? `garden worth ${tile.value}` : KIND_WORDS[tile.kind];
  if (tile.owner) words += `, ${tile.kind === "canal" ? "sealed by" : "owned by"} ${tile.owner}`;
  if (tile.scored) words += ", scored";
  return words;
}

/**
 * opts: {rows, cols, onTap(r, c), label}
 * Returns {el, draw(tiles, names, marks), zoom(f), fit()}.
 * marks: {selected: [[r, c]...], water: [r, c] | null, error: [[r, c]...]}
 */
export function boardView({ rows, cols, onTap, label }) {
  const cells = [];
  const board = h("div", { class: "cn-board", role: "grid", "aria-label": label || "Board" });
  board.style.setProperty("--rows", rows);
  board.style.setProperty("--cols", cols);
  board.style.width = `${cols * CELL}px`;
  board.style.height = `${rows * CELL}px`;
  for (let r = 0; r < rows; r += 1) {
    cells.push([]);
    for (let c = 0; c < cols; c += 1) {
      const cell = h("div", { class: "cn-cell", role: "gridcell", "data-r": String(r), "data-c": String(c),
        "data-testid": `cell-${r}-${c}` });
      cells[r].push(cell);
      board.append(cell);
    }
  }
  const box = h("div", { class: "cn-viewport", "data-testid": "board" }, board);
  const view = { z: 1, x: 0, y: 0 };

  function apply() {
    const bw = box.clientWidth || 358;
    const bh = box.clientHeight || 360;
    const w = cols * CELL * view.z;
    const hgt = rows * CELL * view.z;
    // However far it is dragged, some of the board stays in the box.
    const keepX = Math.min(w, bw) * 0.4;
    const keepY = Math.min(hgt, bh) * 0.4;
    view.x = Math.min(bw - keepX, Math.max(keepX - w, view.x));
    view.y = Math.min(bh - keepY, Math.max(keepY - hgt, view.y));
    board.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.z})`;
    box.dataset.zoom = view.z.toFixed(2);
  }

  function zoomAt(z, cx, cy) {
    const nz = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));
    view.x = cx - ((cx - view.x) * nz) / view.z;
    view.y = cy - ((cy - view.y) * nz) / view.z;
    view.z = nz;
    apply();
  }

  function fit() {
    const bw = box.clientWidth || 358;
    // The box is no taller than the board needs at this width (a wide board leaves no empty band).
    box.style.height = "";
    const room = box.clientHeight || 360;
    box.style.height = `${Math.min(room, Math.ceil(rows * CELL * Math.min(1, bw / (cols * CELL))) + 12)}px`;
    const bh = box.clientHeight || room;
    view.z = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.min(bw / (cols * CELL), bh / (rows * CELL))));
    view.x = (bw - cols * CELL * view.z) / 2;
    view.y = (bh - rows * CELL * view.z) / 2;
    apply();
  }

  // Pointers: one finger pans (past a few pixels) or taps; two fingers pinch.
  const down = new Map();
  let gesture = null;
  box.addEventListener("pointerdown", (e) => {
    down.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
    try { box.setPointerCapture(e.pointerId); } catch (err) { /* synthetic pointer */ }
    if (down.size === 1) gesture = { kind: "tap", vx: view.x, vy: view.y };
    else if (down.size === 2) {
      const [a, b] = [...down.values()];
      gesture = { kind: "pinch", d0: Math.hypot(a.x - b.x, a.y - b.y) || 1, z0: view.z };
    }
  });
  box.addEventListener("pointermove", (e) => {
    const p = down.get(e.pointerId);
    if (!p || !gesture) return;
    p.x = e.clientX;
    p.y = e.clientY;
    if (gesture.kind === "pinch" && down.size === 2) {
      const [a, b] = [...down.values()];
      const rect = box.getBoundingClientRect();
      zoomAt(gesture.z0 * (Math.hypot(a.x - b.x, a.y - b.y) / gesture.d0),
        (a.x + b.x) / 2 - rect.left, (a.y + b.y) / 2 - rect.top);
      return;
    }
    if (gesture.kind === "tap" && Math.hypot(p.x - p.x0, p.y - p.y0) > TAP_SLOP) gesture.kind = "pan";
    if (gesture.kind === "pan") {
      view.x = gesture.vx + (p.x - p.x0);
      view.y = gesture.vy + (p.y - p.y0);
      apply();
    }
  });
  function up(e) {
    const p = down.get(e.pointerId);
    down.delete(e.pointerId);
    if (!p || !gesture) return;
    if (gesture.kind === "tap" && e.type === "pointerup") {
      const hit = document.elementFromPoint(e.clientX, e.clientY)?.closest(".cn-cell");
      if (hit && board.contains(hit)) onTap(Number(hit.dataset.r), Number(hit.dataset.c));
    }
    if (down.size === 0) gesture = null;
    else if (gesture.kind === "pinch") {
      const [rest] = down.values();
      rest.x0 = rest.x; rest.y0 = rest.y;
      gesture = { kind: "pan", vx: view.x, vy: view.y };
    }
  }
  box.addEventListener("pointerup", up);
  box.addEventListener("pointercancel", up);
  box.addEventListener("wheel", (e) => {
    e.preventDefault();
    const rect = box.getBoundingClientRect();
    zoomAt(view.z * (e.deltaY < 0 ? 1.15 : 1 / 1.15), e.clientX - rect.left, e.clientY - rect.top);
  }, { passive: false });

  function zoom(factor) {
    zoomAt(view.z * factor, (box.clientWidth || 358) / 2, (box.clientHeight || 360) / 2);
  }

  function draw(tiles, names, marks = {}) {
    const owners = new Map(names.map((n, i) => [n, i % PLAYER_COLORS]));
    const at = new Map();
    for (const tile of tiles) {
      tile.cells.forEach(([r, c]) => at.set(`${r},${c}`, { tile, water: false }));
      if (tile.water) at.set(`${tile.water[0]},${tile.water[1]}`, { tile, water: true });
    }
    const sel = new Set((marks.selected || []).map(([r, c]) => `${r},${c}`));
    const water = marks.water ? `${marks.water[0]},${marks.water[1]}` : null;
    for (let r = 0; r < rows; r += 1) {
      for (let c = 0; c < cols; c += 1) {
        const cell = cells[r][c];
        const k = `${r},${c}`;
        const here = at.get(k);
        const cls = ["cn-cell"];
        let text = "";
        let words = `Row ${r}, column ${c}: `;
        if (here) {
          const { tile } = here;
          const kind = here.water ? "water" : tile.kind;
          cls.push(`k-${kind}`);
          if (tile.owner && owners.has(tile.owner)) cls.push(`own-${owners.get(tile.owner)}`);
          if (tile.scored) cls.push("is-scored");
          const same = (rr, cc) => { const o = at.get(`${rr},${cc}`); return o && o.tile === tile && o.water === here.water; };
          if (!same(r - 1, c)) cls.push("e-n");
          if (!same(r + 1, c)) cls.push("e-s");
          if (!same(r, c - 1)) cls.push("e-w");
          if (!same(r, c + 1)) cls.push("e-e");
          const first = here.water ? true : tile.cells[0][0] === r && tile.cells[0][1] === c;
          if (first) text = here.water ? "≈" : tileText(tile);
          words += here.water ? `water of the locks${tile.owner ? ` owned by ${tile.owner}` : ""}` : tileWords(tile, names);
        } else {
          words += "empty";
        }
        if (sel.has(k)) { cls.push("is-selected"); words += ", chosen"; }
        if (water === k) { cls.push("is-water-pick"); words += ", chosen as water"; }
        cell.className = cls.join(" ");
        cell.setAttribute("aria-label", words);
        const owner = here && here.tile.owner && !here.water && here.tile.cells[0][0] === r && here.tile.cells[0][1] === c
          ? h("span", { class: "cn-owner" }, here.tile.owner.slice(0, 1).toUpperCase()) : null;
        const seal = here && here.tile.scored && !here.water && here.tile.cells[0][0] === r && here.tile.cells[0][1] === c
          ? h("span", { class: "cn-seal", title: "scored" }, "✓") : null;
        cell.replaceChildren(...[text ? h("span", { class: "cn-label" }, text) : null, owner, seal].filter(Boolean));
      }
    }
  }

  const controls = h("div", { class: "cn-zoom", role: "group", "aria-label": "Zoom" },
    h("button", { type: "button", class: "secondary", "aria-label": "Zoom out", "data-testid": "zoom-out", onclick: () => zoom(1 / 1.25) }, "−"),
    h("button", { type: "button", class: "secondary", "aria-label": "Fit the board", "data-testid": "zoom-fit", onclick: fit }, "Fit"),
    h("button", { type: "button", class: "secondary", "aria-label": "Zoom in", "data-testid": "zoom-in", onclick: () => zoom(1.25) }, "+"));
  const el = h("div", { class: "cn-board-wrap" }, box,
    h("div", { class: "cn-board-bar" }, h("span", { class: "small muted" }, "Drag to move, pinch to zoom."), controls));
  requestAnimationFrame(apply);
  return { el, draw, zoom, fit, view };
}
