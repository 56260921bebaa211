// Doodle China reading page: the photo with the read grid drawn over it
// (cells outlined, the read lines drawn, doubtful cells in orange) when the
// reader said where the sheet is; otherwise the photo and, below it, the read
// grid drawn as on the score page. One tap on a square cycles its line; the
// circled track values and the crossed-out trees are fixed below. The sheet
// then joins the match being entered (or starts one), is scored and saved.
import * as M from "../kit/match.js";
import * as S from "../kit/doodle_sheet.js";
import * as P from "./common.js";

const { h } = M;
const data = M.pageData();
const gid = data.gid;
const reading = data.reading;
const sheetInfo = reading.sheet || {};
const edition = sheetInfo.edition;
const layout = data.layout;
const geo = data.geometry;
const app = document.getElementById("photo-app");
const EDITIONS = S.EDITIONS;
const TRACKS = S.TRACKS[edition] || [];
const TRACK_TITLES = S.TRACK_WORDS;
const TREES = S.TREES;
const DOUBT_BELOW = 0.75;
const ARROWS = S.PATH_GLYPHS;

// ----- what the reader doubted ------------------------------------------------
const doubtCells = new Set();
const doubtValues = new Set();
let doubtTrees = (reading.confidence?.trees_crossed ?? 1) < DOUBT_BELOW;
(reading.confidence?.grid || []).forEach((row, r) => row.forEach((conf, c) => { if (conf < DOUBT_BELOW) doubtCells.add(S.key(r, c)); }));
for (const w of reading.warnings || []) {
  let m = /^cell \[(\d+),\s*(\d+)\]/.exec(w);
  if (m) doubtCells.add(S.key(Number(m[1]), Number(m[2])));
  m = /^(hotels|shops|shop_bonuses|skyscrapers) (\d+):/.exec(w);
  if (m) doubtValues.add(`${m[1]}:${m[2]}`);
  if (/^tree \d+:/.test(w)) doubtTrees = true;
}
const doubtTrack = (key) => (reading.confidence?.[key] ?? 1) < DOUBT_BELOW;
// A warning that names no square, value, house, floor or tree is about the whole
// photo (overexposed, QR code unreadable, another edition): shown open, not folded away.
const FIELD_WARNING = /^(cell \[|(hotels|shops|shop_bonuses|skyscrapers) \d|(tree|house|floor) \d)/;
const photoNotes = (reading.warnings || []).filter((w) => !FIELD_WARNING.test(w));

// ----- this photo's corrections -------------------------------------------------
function firstSheet() {
  const sheet = P.clone(reading.proposal || {});
  delete sheet.name;
  for (const k of TRACKS) sheet[k] ||= [];
  sheet.trees_crossed ??= 0;
  return sheet;
}
const local = P.localDraft(gid, data.pid, () => ({ sheet: firstSheet(), touched: [], target: null, newId: null, view: "grid" }));
// A correction kept on this phone from before Shanghai's parks were its starting squares.
local.value.sheet.grid = S.currentGrid(edition, local.value.sheet.grid);
const sheet = () => local.value.sheet;
const touched = () => new Set(local.value.touched);

function change(edit, what) {
  edit(local.value.sheet);
  if (what) local.value.touched = [...new Set([...local.value.touched, what])];
  local.save();
  redraw();
  panel.update();
}

function cycle(r, c) {
  const [kind, path] = S.splitCell(sheet().grid[r][c]);
  if (kind === "house") return;
  const next = S.CYCLE[(S.CYCLE.indexOf(path) + 1) % S.CYCLE.length];
  change((s) => { s.grid[r][c] = next ? `${kind}:${next}` : kind; }, S.key(r, c));
}

function cellLabel(r, c) {
  const [kind, path] = S.splitCell(sheet().grid[r][c]);
  const doubt = doubtCells.has(S.key(r, c)) && !touched().has(S.key(r, c)) ? ", the reader was unsure" : "";
  return `${S.squareWords(r, c, kind, path)}${doubt}. Tap for the next line.`;
}

// ----- the overlay (the reader said where the sheet is) -------------------------
const Hm = reading.homography;
const size = reading.size;
const overlayMode = Boolean(geo && Hm && size);
const view = overlayMode ? P.photoView({ src: data.image, size, alt: "The photo of the sheet, with what was read drawn over it" })
  : P.photoView({ src: data.image, size: size || [4, 3], alt: "The photo of the sheet" });
const layers = { cells: P.svg("g", { class: "ov-cells" }), tracks: P.svg("g", { class: "ov-tracks" }), trees: P.svg("g", { class: "ov-trees" }) };
if (overlayMode) view.overlay.append(layers.trees, layers.tracks, layers.cells);

const proj = (x, y) => P.project(Hm, x, y);
const quad = ([x0, y0, x1, y1]) => [proj(x0, y0), proj(x1, y0), proj(x1, y1), proj(x0, y1)];

/** The line of a path in a cell box, sampled in sheet pixels, then projected. */
function pathPoints(box, path) {
  const [x0, y0, x1, y1] = box;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const mid = { N: [cx, y0], S: [cx, y1], E: [x1, cy], W: [x0, cy] };
  const [a, b] = [path[0], path[1]];
  if (path === "NS" || path === "EW") return [proj(...mid[a]), proj(...mid[b])];
  const corner = [b === "E" ? x1 : x0, a === "N" ? y0 : y1];
  const t0 = Math.atan2(mid[a][1] - corner[1], mid[a][0] - corner[0]);
  let t1 = Math.atan2(mid[b][1] - corner[1], mid[b][0] - corner[0]);
  if (t1 - t0 > Math.PI) t1 -= 2 * Math.PI;
  if (t0 - t1 > Math.PI) t1 += 2 * Math.PI;
  const r = (x1 - x0) / 2;
  const pts = [];
  for (let i = 0; i <= 16; i += 1) {
    const t = t0 + ((t1 - t0) * i) / 16;
    pts.push(proj(corner[0] + r * Math.cos(t), corner[1] + r * Math.sin(t)));
  }
  return pts;
}

function ring(box, grow) {
  const [x0, y0, x1, y1] = box;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const rx = ((x1 - x0) / 2) * grow;
  const ry = ((y1 - y0) / 2) * grow;
  const pts = [];
  for (let i = 0; i < 32; i += 1) { const t = (i / 32) * 2 * Math.PI; pts.push(proj(cx + rx * Math.cos(t), cy + ry * Math.sin(t))); }
  return pts;
}

const crops = {};
if (overlayMode) {
  const cellPts = geo.cells.flat().flatMap((b) => quad(b));
  crops.grid = P.bbox(cellPts, 0.04);
  const trackPts = Object.values(geo.tracks).flat().flatMap((e) => ring(e.box, 2.2));
  crops.tracks = P.bbox(trackPts, 0.03);
  crops.trees = P.bbox(geo.trees.flatMap((b) => quad(b)), 0.08);
  crops.whole = [0, 0, size[0], size[1]];
}

function drawOverlay() {
  const seen = touched();
  const cells = [];
  const lines = [];
  geo.cells.forEach((row, r) => row.forEach((box, c) => {
    const [kind, path] = S.splitCell(sheet().grid[r][c]);
    const k = S.key(r, c);
    const cls = ["ov-cell", `kind-${kind}`];
    if (doubtCells.has(k)) cls.push(seen.has(k) ? "is-checked" : "is-doubt");
    else if (seen.has(k)) cls.push("is-touched");
    const poly = P.svg("polygon", { points: P.pointsAttr(quad(box)), class: cls.join(" "), "data-testid": `sq-${r}-${c}`,
      "data-path": path || "", "data-key": k });
    if (kind === "house") { poly.setAttribute("aria-hidden", "true"); poly.classList.add("is-house"); } else P.tappable(poly, cellLabel(r, c), () => cycle(r, c));
    cells.push(poly);
    if (path) {
      const pts = P.pointsAttr(pathPoints(box, path));
      lines.push(P.svg("polyline", { points: pts, class: "ov-path-under" }), P.svg("polyline", { points: pts, class: "ov-path" }));
    }
  }));
  layers.cells.replaceChildren(...cells, ...lines);
  const tracks = [];
  for (const key of TRACKS) {
    for (const entry of geo.tracks[key] || []) {
      const circled = sheet()[key].includes(entry.value);
      const doubt = doubtValues.has(`${key}:${entry.value}`);
      const hit = P.svg("polygon", { points: P.pointsAttr(ring(entry.box, 1.5)),
        class: `ov-val${circled ? " is-circled" : ""}${doubt ? " is-doubt" : ""}`, "data-testid": `ov-${key}-${entry.value}` });
      P.tappable(hit, `${TRACK_TITLES[key]} ${entry.value}: ${circled ? "circled" : "not circled"}. Tap to change.`, () => toggleValue(key, entry.value));
      tracks.push(hit);
      if (circled) tracks.push(P.svg("polygon", { points: P.pointsAttr(ring(entry.box, 1.5)), class: "ov-ring" }));
    }
  }
  layers.tracks.replaceChildren(...tracks);
  layers.trees.replaceChildren(...geo.trees.map((b) => P.svg("polygon", { points: P.pointsAttr(quad(b)),
    class: `ov-tree${doubtTrees ? " is-doubt" : ""}` })));
}

const hideToggle = h("button", { type: "button", class: "toggle hide-drawing", "aria-pressed": "false", id: "hide-drawing",
  onclick: () => {
    const on = hideToggle.getAttribute("aria-pressed") !== "true";
    hideToggle.setAttribute("aria-pressed", String(on));
    view.el.classList.toggle("is-bare", on);
  } }, "Photo only");

function setView(name) {
  local.value.view = name;
  local.save();
  view.crop(crops[name]);
  for (const b of viewTabs.querySelectorAll("[data-view]")) b.setAttribute("aria-pressed", String(b.dataset.view === name));
}

const VIEW_NAMES = { grid: "Grid", tracks: "Tracks", trees: "Trees", whole: "Whole" };
const viewTabs = h("div", { class: "seg view-tabs", role: "group", "aria-label": "Part of the photo to show" },
  overlayMode ? Object.entries(VIEW_NAMES).map(([k, label]) => h("button", { type: "button", class: "toggle", "data-view": k,
    "aria-pressed": "false", onclick: () => setView(k) }, label)) : []);

// ----- the grid drawn as on the score page (no overlay) -------------------------
const gridEl = h("div", { class: "dc-grid-box" });
function drawGrid() {
  const seen = touched();
  const houseSpec = (r, c) => layout?.data?.houses?.find((x) => x.cell[0] === r && x.cell[1] === c);
  gridEl.replaceChildren(S.sheetGrid({ grid: sheet().grid, edition, label: "The grid as read",
    square: (r, c, kind) => {
      const k = S.key(r, c);
      const spec = kind === "house" ? houseSpec(r, c) : null;
      const mark = doubtCells.has(k) ? (seen.has(k) ? "is-checked" : "is-doubt") : seen.has(k) ? "is-touched" : "";
      const doubt = doubtCells.has(k) && !seen.has(k) ? ", the reader was unsure" : "";
      return { houses: spec ? { count: spec.count, printed: spec.printed_crossed, crossed: 0 } : null, cls: [mark],
        words: kind === "house" ? doubt : `${doubt}. Tap for the next line.`,
        disabled: kind === "house", onClick: kind === "house" ? null : () => cycle(r, c) };
    } }));
}

// ----- tracks and trees ---------------------------------------------------------
function toggleValue(key, value) {
  change((s) => {
    const at = s[key].indexOf(value);
    if (at >= 0) s[key].splice(at, 1); else { s[key].push(value); s[key].sort((a, b) => a - b); }
  }, `${key}:${value}`);
}

const tracksEl = h("div", { class: "tracks" });
function drawTracks() {
  const seen = touched();
  tracksEl.replaceChildren(...TRACKS.map((key) => {
    const printed = layout?.data?.tracks?.[key] || [];
    const values = [...new Set([...printed, ...sheet()[key]])].sort((a, b) => a - b);
    return h("section", { class: `dc-track${doubtTrack(key) ? " is-doubt" : ""}`, "data-track": key },
      h("h3", {}, TRACK_TITLES[key], h("span", { class: "muted small" }, ` · circled: ${sheet()[key].join(", ") || "none"}`)),
      h("div", { class: "dc-values" }, values.map((v) => {
        const circled = sheet()[key].includes(v);
        const doubt = doubtValues.has(`${key}:${v}`) && !seen.has(`${key}:${v}`);
        return h("button", { type: "button", class: `dc-val${circled ? " is-circled" : ""}${doubt ? " is-doubt" : ""}`,
          "aria-pressed": String(circled), "data-testid": `val-${key}-${v}`,
          "aria-label": `${TRACK_TITLES[key]} ${v}: ${circled ? "circled" : "not circled"}${doubt ? ", the reader was unsure" : ""}`,
          onclick: () => toggleValue(key, v) }, String(v));
      })));
  }));
}

const treesEl = h("section", { class: "dc-track", "data-track": "trees" });
function drawTrees() {
  const max = layout?.data?.trees || TREES[edition] || 12;
  const seen = touched().has("trees");
  treesEl.className = `dc-track${doubtTrees && !seen ? " is-doubt" : ""}`;
  treesEl.replaceChildren(...[h("h3", {}, "Trees"),
    M.stepper({ label: "Crossed out", value: sheet().trees_crossed, min: 0, max, testid: "trees",
      onChange: (n) => change((s) => { s.trees_crossed = n; }, "trees") }),
    doubtTrees && !seen ? h("p", { class: "small doubt-note" }, "The reader was unsure about some trees: count the crossed-out trees on the photo.") : null]
    .filter(Boolean));
}

// ----- whose sheet, score, save ----------------------------------------------------
const picker = P.targetPicker({
  game: "doodle-china", gid, local, what: "sheet", known: data.players, suggested: sheetInfo.player || null,
  max: data.max_players,
  compatible: (d) => (d.state.edition !== edition
    ? `The match being entered on this phone is ${EDITIONS[d.state.edition] || d.state.edition}; this sheet is ${EDITIONS[edition]}, so it can only start a new match.` : null),
  describe: (p) => {
    const drawn = (p.grid || []).flat().filter((cell) => String(cell).includes(":")).length;
    return drawn ? `${drawn} line${drawn === 1 ? "" : "s"} entered` : "nothing entered yet";
  },
  onChange: () => panel.update(),
});

function sheetFor(name) {
  const s = P.clone(sheet());
  return { name, grid: s.grid, ...Object.fromEntries(TRACKS.map((k) => [k, s[k]])), trees_crossed: s.trees_crossed };
}

const resultSection = document.getElementById("result-section");
const panel = P.scoringPanel({
  gid, game: "doodle-china", section: resultSection, local, store: picker.store, playUrl: data.urls.play["doodle-china"],
  blocked: () => null,
  getMerged: () => picker.merged(
    (name) => ({ state: { game: "doodle-china", edition, players: [sheetFor(name)] },
      ui: { layout: P.clone(layout), houses: [{}], active: 0 } }),
    (d, index, name) => {
      d.state.players[index] = sheetFor(name);
      d.ui ||= {};
      d.ui.houses ||= d.state.players.map(() => ({}));
      d.ui.houses[index] = {};
      d.ui.active = index;
    }),
  onState: (state) => { app.dataset.state = JSON.stringify(state || { game: "doodle-china", edition, players: [sheetFor("")] }); },
});

// ----- page ----------------------------------------------------------------------
function redraw() {
  if (overlayMode) drawOverlay(); else drawGrid();
  drawTracks();
  drawTrees();
}

function build() {
  if (!edition || !layout || !reading.proposal?.grid) {
    app.replaceChildren(h("p", { class: "error card" }, "This reading has no sheet in it. Take the photo again."));
    return;
  }
  const doubts = doubtCells.size;
  const who = [sheetInfo.player ? `player “${sheetInfo.player}”` : null, sheetInfo.match ? `match ${sheetInfo.match}` : null].filter(Boolean);
  app.replaceChildren(...[
    h("h1", {}, `${EDITIONS[edition]} sheet, as read`),
    h("p", { class: "small muted" }, `Layout ${layout.name}`, who.length ? ` · the sheet says ${who.join(", ")}` : ""),
    photoNotes.length ? h("div", { class: "doubt-note-box", "data-testid": "photo-notes", role: "note" },
      ...photoNotes.map((w) => h("p", { class: "small" }, w))) : null,
    !reading.warnings?.length && doubts
      ? h("p", { class: "small doubt-note", "data-testid": "doubts" }, `${doubts} square${doubts === 1 ? " was" : "s were"} unclear: ${doubts === 1 ? "it is" : "they are"} marked in orange.`)
      : P.warningsList(reading.warnings, "What the reader was unsure about"),
    h("section", { class: "card photo-card", "aria-labelledby": "photo-title" },
      h("h2", { id: "photo-title" }, "Check it against the photo"),
      overlayMode ? viewTabs : null,
      view.el,
      overlayMode ? h("div", { class: "legend-row" }, h("p", { class: "small legend" },
        h("span", { class: "key key-line" }), " read line ",
        h("span", { class: "key key-doubt" }), ` unsure${doubts ? ` (${doubts})` : ""} `,
        h("span", { class: "key key-touched" }), " changed"), hideToggle)
        : h("p", { class: "small muted" }, "The app could not tell exactly where the sheet lies in this photo; compare the grid below with it."),
      overlayMode ? null : gridEl,
      h("a", { class: "small photo-link", href: data.image, target: "_blank", rel: "noopener" }, "Open the photo full size"),
      h("p", { class: "small muted hint" }, "Tap a square to change its line: nothing → ", Object.values(ARROWS).join(" → "), " → nothing.")),
    h("section", { class: "card", "aria-labelledby": "tracks-title" }, h("h2", { id: "tracks-title" }, "Circled values and trees"),
      h("p", { class: "small muted" }, "Tap a value to circle it or not."), tracksEl, treesEl),
    picker.el,
  ].filter(Boolean));
  if (overlayMode) setView(local.value.view in crops ? local.value.view : "grid");
  redraw();
  panel.update();
}

build();
