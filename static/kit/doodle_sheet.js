// The one Doodle China sheet component: a square drawn as SVG (the printed
// kind's tint and icon, the path drawn in it as a straight line or a quarter
// arc between two side midpoints, houses in a house square, a skyscraper's
// floors, a riverway length badge and a connected-boat mark) and the whole
// grid of squares as buttons (`sheetGrid`), with the game's words for kinds
// and paths from the registry. Used by the score page (play.js), the layout
// editor (layouts.js), the photo review (photos/doodle.js) and the live
// table (table/table.js); its look is doodle_sheet.css. Builds DOM only.
"use strict";

const NS = "http://www.w3.org/2000/svg";

// The game's facts (companion/games/doodle_china/facts.py, via the registry).
const FACTS = Companion.facts.games["doodle-china"];
// JSON objects reach the page with sorted keys: orders come from the facts' lists.
const pick = (table, key, order = Object.keys(table)) => Object.fromEntries(order.map((k) => [k, table[k][key]]));

/** Edition id -> name ("suzhou" -> "Suzhou"). */
export const EDITIONS = pick(FACTS.editions, "name", FACTS.edition_order);
/** Per edition: its value tracks in sheet order, those one player at most may hold, its trees. */
export const TRACKS = pick(FACTS.editions, "track_order");
export const SHARED_TRACKS = pick(FACTS.editions, "shared_tracks");
export const TREES = pick(FACTS.editions, "trees");
/** A track's heading ("shop_bonuses" -> "Shop bonuses"). */
export const TRACK_WORDS = FACTS.track_words;

/** Path cycle when a square is tapped: nothing, then the six the rulebook allows. */
export const CYCLE = [null, ...FACTS.path_order];

/** A square is 100x100; paths join side midpoints, corners bend as quarter circles. */
export const PATH_D = {
  NS: "M50 0V100",
  EW: "M0 50H100",
  NE: "M50 0A50 50 0 0 0 100 50",
  NW: "M50 0A50 50 0 0 1 0 50",
  SE: "M50 100A50 50 0 0 1 100 50",
  SW: "M50 100A50 50 0 0 0 0 50",
};

/** A path in words ("straight, top to bottom") and as a glyph ("│"). */
export const PATH_WORDS = pick(FACTS.paths, "words", FACTS.path_order);
export const PATH_GLYPHS = pick(FACTS.paths, "glyph", FACTS.path_order);

/** A square's kind in a sentence ("house square") and as a short label ("houses"). */
export const KIND_WORDS = pick(FACTS.kinds, "words");
export const KIND_SHORT = pick(FACTS.kinds, "short");

/** A result part in words ("shop_bonuses" -> "bonuses"). */
export const PART_WORDS = FACTS.part_words;

/** Older data (drafts kept on a phone, saved matches, layouts) may hold Shanghai
 * `start` squares; Shanghai's starting squares are its parks (scoring.md), so
 * they read as `park`. Returns the grid unchanged for Suzhou. */
export function currentGrid(edition, grid) {
  if (edition !== "shanghai" || !Array.isArray(grid)) return grid;
  return grid.map((row) => (Array.isArray(row)
    ? row.map((cell) => (typeof cell === "string" && cell.split(":")[0] === "start" ? `park${cell.slice(5)}` : cell))
    : row));
}

// 24x24 icons as [tag, attributes] lists; fill/stroke come from CSS (currentColor).
const ICONS = {
  start: [["circle", { cx: 12, cy: 12, r: 10, class: "i-fill" }],
    ["path", { d: "M9.5 7.5v9l7.5-4.5z", class: "i-hole" }]],
  house: [["path", { d: "M3.5 21V10.5L12 3l8.5 7.5V21z", class: "i-fill" }],
    ["path", { d: "M10 21v-5.5h4V21", class: "i-hole" }]],
  hotel: [["path", { d: "M2 19V5h2.4v8H11V8h7.5a3.5 3.5 0 0 1 3.5 3.5V19h-2.4v-2.6H4.4V19z", class: "i-fill" }],
    ["circle", { cx: 7.2, cy: 10.2, r: 2.2, class: "i-fill" }]],
  shop: [["path", { d: "M4.5 8.5h15l-1.3 13H5.8z", class: "i-fill" }],
    ["path", { d: "M8.5 10V7a3.5 3.5 0 0 1 7 0v3", class: "i-line" }]],
  boat: [["path", { d: "M2.5 15h19l-3.5 5.5H6z", class: "i-fill" }],
    ["path", { d: "M11.5 2.5v12", class: "i-line" }],
    ["path", { d: "M12.8 3.5l6.5 9.5h-6.5z", class: "i-fill" }]],
  park: [["circle", { cx: 12, cy: 9, r: 7, class: "i-fill" }],
    ["path", { d: "M10.7 14h2.6v8h-2.6z", class: "i-fill" }]],
  skyscraper: [["path", { d: "M6 22V6l6-3.5V22zM13 22V9h5v13z", class: "i-fill" }],
    ["path", { d: "M8 9h2M8 12.5h2M8 16h2M14.8 12h1.4M14.8 15.5h1.4", class: "i-hole-line" }]],
  taxi: [["path", { d: "M2.5 17v-4.5l2.5-5h14l2.5 5V17z", class: "i-fill" }],
    ["path", { d: "M9 7.5V5h6v2.5", class: "i-line" }],
    ["circle", { cx: 7, cy: 17.5, r: 2.3, class: "i-wheel" }],
    ["circle", { cx: 17, cy: 17.5, r: 2.3, class: "i-wheel" }]],
  bus: [["path", { d: "M3 18V5.5A2.5 2.5 0 0 1 5.5 3h13A2.5 2.5 0 0 1 21 5.5V18z", class: "i-fill" }],
    ["path", { d: "M5.5 6h13v5h-13z", class: "i-hole" }],
    ["circle", { cx: 7.5, cy: 18.5, r: 2.2, class: "i-wheel" }],
    ["circle", { cx: 16.5, cy: 18.5, r: 2.2, class: "i-wheel" }]],
  plain: [],
};
ICONS.tree = ICONS.park;

export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  for (const child of children.flat()) if (child) el.append(child);
  return el;
}

function iconGroup(kind, x, y, size) {
  return svg("g", { class: `icon-g icon-${kind}`, transform: `translate(${x} ${y}) scale(${size / 24})` },
    (ICONS[kind] || []).map(([tag, attrs]) => svg(tag, attrs)));
}

/** A standalone icon (legend, trees, buttons). */
export function icon(kind, label) {
  const el = svg("svg", { viewBox: "0 0 24 24", class: `dc-icon icon-${kind}`,
    role: label ? "img" : null, "aria-label": label || null, "aria-hidden": label ? null : "true" },
  (ICONS[kind] || []).map(([tag, attrs]) => svg(tag, attrs)));
  return el;
}

/** Where house glyphs sit in a house square, by how many it prints. */
function houseSpots(count) {
  const cols = count <= 2 ? count : count <= 4 ? 2 : 3;
  const rows = Math.ceil(count / cols);
  const size = Math.min(38, 86 / Math.max(cols, rows));
  const spots = [];
  for (let i = 0; i < count; i += 1) {
    const r = Math.floor(i / cols);
    const inRow = Math.min(cols, count - r * cols);
    const x = 50 - (inRow * size) / 2 + (i % cols) * size;
    const y = 50 - (rows * size) / 2 + r * size;
    spots.push([x, y, size]);
  }
  return spots;
}

/**
 * One square's drawing.
 * opts: {kind, path, houses: {count, printed, crossed} | null, badge: number | null,
 *        boat: "connected" | "alone" | null}
 */
export function squareSvg({ kind, path = null, houses = null, badge = null, boat = null, floors = null }) {
  const parts = [svg("rect", { x: 0, y: 0, width: 100, height: 100, class: "sq-bg" })];
  if (kind === "house" && houses) {
    houseSpots(houses.count).forEach(([x, y, size], i) => {
      const printed = i < houses.printed;
      const crossed = printed || i < houses.printed + houses.crossed;
      const state = printed ? "printed" : crossed ? "crossed" : "open";
      parts.push(svg("g", { class: `house-glyph house-${state}` }, iconGroup("house", x + 2, y + 2, size - 4),
        crossed ? svg("path", { d: `M${x + 5} ${y + 5}L${x + size - 5} ${y + size - 5}M${x + size - 5} ${y + 5}L${x + 5} ${y + size - 5}`,
          class: "house-x" }) : null));
    });
  } else if (kind !== "plain") {
    const big = !path && kind !== "house";
    parts.push(big ? iconGroup(kind, 26, 26, 48) : iconGroup(kind, 3, 3, 32));
  }
  if (path && PATH_D[path]) {
    parts.push(svg("path", { d: PATH_D[path], class: "sq-path-under" }));
    parts.push(svg("path", { d: PATH_D[path], class: "sq-path" }));
  }
  if (boat === "connected") {
    parts.push(svg("g", { class: "boat-mark" }, svg("circle", { cx: 82, cy: 18, r: 15 }),
      svg("path", { d: "M74 18l6 6 10-12" })));
  }
  if (floors) {
    parts.push(svg("text", { x: 94, y: 94, "text-anchor": "end", class: `sq-floors${floors.scored ? " is-scored" : ""}` },
      document.createTextNode(`${floors.count}F${floors.scored ? " \u2713" : ""}`)));
  }
  if (badge) {
    parts.push(svg("g", { class: "way-badge" }, svg("circle", { cx: 80, cy: 80, r: 16 }),
      svg("text", { x: 80, y: 81, "text-anchor": "middle", "dominant-baseline": "central" }, document.createTextNode(String(badge)))));
  }
  return svg("svg", { viewBox: "0 0 100 100", class: "sq-svg", "aria-hidden": "true" }, parts);
}

/** A square in words: "Row 2, column 3: hotel, path straight, top to bottom". */
export function squareWords(r, c, kind, path, houses = null) {
  let words = `Row ${r + 1}, column ${c + 1}: ${KIND_WORDS[kind] || kind}`;
  if (houses) words += `, ${houses.printed + houses.crossed} of ${houses.count} houses crossed`;
  else words += path ? `, path ${PATH_WORDS[path]}` : ", nothing drawn";
  return words;
}

/**
 * A sheet's grid: one button per square, drawn by squareSvg and named by squareWords.
 * opts: {grid (rows of "KIND" / "KIND:PATH"), edition, label, testid?, heads?: {hot: column | null},
 *        square(r, c, kind, path) -> {houses?, badge?, boat?, floors?, cls?: [], words?: extra words,
 *        disabled?, pressed?: bool, onClick?, onDown?, onUp?}}
 * Each button: class "dc-sq kind-KIND" (+ cls), data-r, data-c, data-key, data-path,
 * data-testid "sq-R-C". Heads (the live table) number the columns and rows, `hot` lit.
 */
export function sheetGrid({ grid, edition, label, testid = "sheet", heads = null, square = () => ({}) }) {
  const size = grid.length;
  const el = document.createElement("div");
  el.className = `dc-grid ed-${edition}${heads ? " with-heads" : ""}`;
  el.setAttribute("role", "group");
  el.setAttribute("aria-label", label);
  el.dataset.testid = testid;
  el.style.setProperty("--n", String(size));
  const head = (cls, text) => { const s = document.createElement("span"); s.className = cls; s.textContent = text; return s; };
  if (heads) {
    el.append(head("dc-head-corner", ""));
    for (let c = 0; c < (grid[0] || []).length; c += 1) el.append(head(`dc-head-col${heads.hot === c + 1 ? " hot" : ""}`, String(c + 1)));
  }
  grid.forEach((row, r) => {
    if (heads) el.append(head("dc-head-row", String(r + 1)));
    row.forEach((text, c) => {
      const [kind, path] = splitCell(text);
      const opts = square(r, c, kind, path) || {};
      const button = document.createElement("button");
      button.type = "button";
      button.className = ["dc-sq", `kind-${kind}`, ...(opts.cls || [])].filter(Boolean).join(" ");
      Object.assign(button.dataset, { r: String(r), c: String(c), key: key(r, c), path: path || "", testid: `sq-${r}-${c}`, kind });
      button.setAttribute("aria-label", squareWords(r, c, kind, path, opts.houses) + (opts.words || ""));
      if (opts.pressed !== undefined && opts.pressed !== null) button.setAttribute("aria-pressed", String(opts.pressed));
      button.disabled = Boolean(opts.disabled);
      button.append(squareSvg({ kind, path, houses: opts.houses || null, badge: opts.badge || null,
        boat: opts.boat || null, floors: opts.floors || null }));
      if (opts.onClick) button.addEventListener("click", opts.onClick);
      if (opts.onDown) button.addEventListener("pointerdown", opts.onDown);
      if (opts.onUp) for (const ev of ["pointerup", "pointerleave", "pointercancel"]) button.addEventListener(ev, opts.onUp);
      el.append(button);
    });
  });
  return el;
}

/** "KIND" or "KIND:PATH" -> [kind, path|null]. */
export function splitCell(text) {
  const [kind, path] = String(text).split(":");
  return [kind, path || null];
}

export const key = (r, c) => `${r},${c}`;
