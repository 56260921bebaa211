// Doodle China score page: pick the edition, the sheet layout and the
// players, then tap in each player's sheet (paths, crossed houses, circled
// track values, crossed trees). Every change is kept in the draft and scored
// by POST /api/score; the engine's riverways and boats are drawn on the grid.
// Table-wide values (Shanghai hotels and skyscrapers, Suzhou shop bonuses)
// circled on one sheet are crossed out on the others.
// From a live paper table (`?room=RID&match_id=MID`, page data `room`): the
// edition, layout and seating come from the table, and the match is saved
// through the table (POST .../rooms/RID/match) under its reserved match id,
// which is also the draft's client id, so the dice record stays with it.
import * as M from "../../kit/match.js";
import { clone } from "../../kit/match.js";
import * as S from "../../kit/doodle_sheet.js";
import { playerPicker, seatProblem } from "../../kit/players.js";
import { trackView, treesView } from "./tracks.js";

const { h } = M;
const data = M.pageData();
const gid = data.gid;
const editing = data.match?.id || null;
const room = editing ? null : data.room || null;
const store = M.draftStore(gid, "doodle-china", editing || room?.match_id);
const app = document.getElementById("doodle-app");
const resultSection = document.getElementById("result-section");
const resultEl = document.getElementById("result");
const saveEl = document.getElementById("save-bar");

const EDITIONS = S.EDITIONS;
const PART_WORDS = S.PART_WORDS;
const DEFAULT_HOUSE = { count: 4, printed_crossed: 2 };

/** A draft or saved state from before Shanghai's parks were its starting squares. */
function current(d) {
  if (d?.state?.edition !== "shanghai") return d;
  for (const sheet of d.state.players || []) sheet.grid = S.currentGrid("shanghai", sheet.grid);
  if (d.ui?.layout?.data) d.ui.layout.data.cells = S.currentGrid("shanghai", d.ui.layout.data.cells);
  return d;
}

let draft = current(M.loadDraft(store, data.match)); // an edit starts from the saved match
let result = null;
let problem = null;
// The 2-tap shape picker: a chosen square waits for its shape; a shape
// tapped with no square chosen stays armed and draws on each square tapped.
let chosen = null; // {p, r, c}
let brush = null; // a path ("NS" ...) while armed
const setup = { edition: "suzhou", layoutId: "suzhou-v1", seats: [] };

const layoutsOf = (edition) => data.layouts.filter((l) => l.edition === edition);
// Tracks in the order the sheet prints them (page data may arrive with sorted keys).
const TRACK_ORDER = S.TRACKS;
const trackKeys = (edition) => TRACK_ORDER[edition].filter((k) => k in data.rules[edition].tracks);

/** A saved match's state keeps kinds in its grids; pick the layout they came from. */
function layoutFor(state) {
  const kinds = state.players[0].grid.map((row) => row.map((cell) => S.splitCell(cell)[0]));
  const same = layoutsOf(state.edition).find((l) => JSON.stringify(l.data.cells) === JSON.stringify(kinds));
  if (same) return { id: same.id, name: same.name, data: clone(same.data) };
  const rules = data.rules[state.edition];
  const houses = [];
  kinds.forEach((row, r) => row.forEach((k, c) => { if (k === "house") houses.push({ cell: [r, c], ...DEFAULT_HOUSE }); }));
  return { id: null, name: "as saved", data: { rows: rules.size, cols: rules.size, cells: kinds, houses,
    tracks: clone(rules.tracks), trees: rules.trees } };
}

/** The group's layout the table played on: same grid first, then same name. */
function tableLayoutId() {
  const mine = layoutsOf(room.edition);
  const cells = JSON.stringify(S.currentGrid(room.edition, room.layout.cells));
  const same = mine.find((l) => JSON.stringify(l.data.cells) === cells) || mine.find((l) => l.id === room.layout.name);
  return (same || mine[0])?.id;
}

/** Keys sorted, so a state the server sends back compares equal to ours. */
function canonical(x) {
  if (Array.isArray(x)) return x.map(canonical);
  if (x && typeof x === "object") return Object.fromEntries(Object.keys(x).sort().map((k) => [k, canonical(x[k])]));
  return x;
}
const sameState = (a, b) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** Save the table's sheets through the table: the match gets the table's
 * match id and the table's phones hear of it. A 409 carrying our own sheets
 * is a retried save whose answer was lost; other sheets mean another phone
 * saved first. */
async function saveToTable(d) {
  const answer = await Companion.api("POST", room.save, { state: d.state });
  if (answer.ok) return { ok: true, status: answer.status, data: answer.data.match };
  const stored = answer.data?.match;
  if (answer.status === 409 && stored) {
    if (sameState(stored.state, d.state)) return { ok: true, status: 200, data: stored };
    return { ok: false, status: 409, data: { error: "this table's match was already saved, with other "
      + "sheets (perhaps from another phone); open it from the history to change it" } };
  }
  return answer;
}

/** The starting riverways / roads the table rolled, where this layout has
 * the same squares as the table's (another layout leaves them to tap). */
function tableStarts(layout) {
  const setup = room?.setup;
  if (!setup?.paths?.length) return [];
  const tableCells = S.currentGrid(room.edition, room.layout.cells);
  return setup.paths.map((path, i) => {
    const [r, c] = setup.squares[i];
    const kind = layout.data.cells[r]?.[c];
    return kind && kind === tableCells[r]?.[c] ? { r, c, text: `${kind}:${path}` } : null;
  }).filter(Boolean);
}

function newState(edition, layout, names) {
  const starts = tableStarts(layout);
  return { game: "doodle-china", edition, players: names.map((name) => {
    const sheet = { name, grid: layout.data.cells.map((row) => [...row]) };
    for (const s of starts) sheet.grid[s.r][s.c] = s.text;
    for (const k of trackKeys(edition)) sheet[k] = [];
    sheet.trees_crossed = 0;
    return sheet;
  }) };
}

const params = new URLSearchParams(location.search);
setup.seats = params.getAll("player").map((n) => n.trim()).filter(Boolean).slice(0, data.max_players);
if (!setup.seats.length && !room && data.me) setup.seats = [data.me];  // this phone's own player
if (params.get("edition") in EDITIONS) setup.edition = params.get("edition"); // "Play again"
if (room) {
  setup.edition = room.edition;
  setup.layoutId = tableLayoutId();
  if (!setup.seats.length) setup.seats = [...room.players];
  if (draft) draft.id = room.match_id;
}
if (!draft && editing) {
  const { state } = current({ state: clone(data.match.state) });
  draft = M.newDraft(state, { layout: layoutFor(state), houses: state.players.map(() => ({})), active: 0 });
  result = data.match.result;
}
if (params.has("player")) {
  params.delete("player"); // keeps ?match= or the table's ?room=&match_id= for a reload
  history.replaceState(null, "", location.pathname + (params.toString() ? `?${params}` : ""));
}

const score = M.scorer((answer) => {
  if (answer.ok) { result = answer.result; problem = null; } else { problem = answer; }
  render();
});

/** Apply an edit to the draft, keep it, redraw and score again. */
function change(edit) {
  edit(draft.state, draft.ui);
  store.save(draft);
  render();
  score(draft.state);
}

const playerResult = (p) => (result?.players?.[p]?.name === draft.state.players[p]?.name ? result.players[p] : null);

// ----- setup ---------------------------------------------------------------

function preview(layout) {
  const n = layout.data.cols;
  const grid = h("div", { class: "dc-preview", "aria-hidden": "true" });
  grid.style.setProperty("--n", n);
  layout.data.cells.flat().forEach((kind) => {
    grid.append(h("span", { class: `dc-mini kind-${kind}` }, S.icon(kind)));
  });
  return grid;
}

function tableNote() {
  return h("section", { class: "card", id: "table-note", "aria-label": "From the table" },
    h("p", {}, `From the table: ${EDITIONS[room.edition]}, `, h("strong", {}, room.players.join(", ")),
      " in seating order."),
    h("p", { class: "muted small" }, room.finished
      ? "Tap in each paper sheet. The match is saved with the table's dice record."
      : "The table is still playing: you can score now; the match is saved with the table's dice record."),
    room.url ? h("a", { href: room.url, class: "dc-link" }, "Back to the table") : null);
}

function renderSetup() {
  const layouts = layoutsOf(setup.edition);
  if (!layouts.some((l) => l.id === setup.layoutId)) setup.layoutId = layouts[0]?.id;
  const chosen = layouts.find((l) => l.id === setup.layoutId);
  const startError = h("p", { class: "error", role: "alert", hidden: true, id: "start-error" });
  const picker = playerPicker({ known: data.players, seats: setup.seats, min: 1, max: data.max_players });
  const start = h("button", { type: "button", class: "big", id: "start-scoring" }, "Start scoring");
  start.addEventListener("click", () => {
    const why = seatProblem(setup.seats, 1, data.max_players) || (chosen ? null : "Choose a sheet layout.");
    if (why) { startError.textContent = why; startError.hidden = false; return; }
    const layout = { id: chosen.id, name: chosen.name, data: clone(chosen.data) };
    draft = M.newDraft(newState(setup.edition, layout, setup.seats),
      { layout, houses: setup.seats.map(() => ({})), active: 0 });
    if (room) draft.id = room.match_id; // the table's reserved match id
    store.save(draft);
    render();
    score(draft.state);
    window.scrollTo(0, 0);
  });
  app.replaceChildren(...[ // a bare null would show as the text "null"
    h("h1", {}, room ? "Score the table's sheets" : `New ${M.GAMES["doodle-china"]} match`),
    room ? tableNote() : null,
    h("section", { class: "card", "aria-labelledby": "ed-title" },
      h("h2", { id: "ed-title" }, "Edition"),
      h("div", { class: "dc-seg", role: "group", "aria-label": "Edition" }, Object.entries(EDITIONS).map(([ed, name]) =>
        h("button", { type: "button", class: "toggle", "aria-pressed": String(setup.edition === ed), "data-edition": ed,
          disabled: Boolean(room && room.edition !== ed),
          onclick: () => { setup.edition = ed; renderSetup(); } },
        `${name} ${data.rules[ed].size}×${data.rules[ed].size}`))),
      room ? h("p", { class: "muted small" }, `The table played ${EDITIONS[room.edition]}.`) : null),
    h("section", { class: "card", "aria-labelledby": "lay-title" },
      h("h2", { id: "lay-title" }, "Sheet layout"),
      h("p", { class: "muted small" }, "Pick the grid that matches your printed sheets."),
      h("div", { class: "dc-layouts", role: "group", "aria-label": "Sheet layout" }, layouts.map((l) =>
        h("button", { type: "button", class: "toggle", "aria-pressed": String(l.id === setup.layoutId), "data-layout": l.id,
          onclick: () => { setup.layoutId = l.id; renderSetup(); } }, l.name))),
      chosen ? preview(chosen) : null,
      h("a", { href: data.urls.layouts, class: "dc-link" }, "Make a layout for your own sheets…")),
    h("section", { class: "card", "aria-labelledby": "who-title" },
      h("h2", { id: "who-title" }, "Who plays?"), picker.el),
    startError, start].filter(Boolean));
}

// ----- the sheet -----------------------------------------------------------

function houseSpec(ui, r, c) {
  return ui.layout.data.houses.find((x) => x.cell[0] === r && x.cell[1] === c) || DEFAULT_HOUSE;
}

function lightUp(grid, cells) {
  const on = new Set((cells || []).map(([r, c]) => S.key(r, c)));
  for (const b of grid.querySelectorAll(".dc-sq")) b.classList.toggle("lit", on.has(b.dataset.key));
}

function gridView(p) {
  const sheet = draft.state.players[p];
  const mine = playerResult(p);
  const ways = mine?.riverways || [];
  const wayOf = new Map();
  const badges = new Map();
  ways.forEach((w) => {
    w.cells.forEach(([r, c]) => wayOf.set(S.key(r, c), w));
    if (w.length > 1) badges.set(S.key(...w.cells[0]), w.length);
  });
  const boats = new Map((mine?.boats || []).map((b) => [S.key(...b.cell), b.connected]));
  const grid = S.sheetGrid({ grid: sheet.grid, edition: draft.state.edition, label: `${sheet.name}'s sheet`,
    square: (r, c, kind) => {
      const k = S.key(r, c);
      const spec = kind === "house" ? houseSpec(draft.ui, r, c) : null;
      const way = wayOf.get(k);
      const boat = boats.has(k) ? (boats.get(k) ? "connected" : "alone") : null;
      const isChosen = chosen && chosen.p === p && chosen.r === r && chosen.c === c;
      return {
        houses: spec ? { count: spec.count, printed: spec.printed_crossed, crossed: draft.ui.houses[p]?.[k] || 0 } : null,
        badge: badges.get(k), boat, cls: [boat ? `boat-${boat}` : "", isChosen ? "chosen" : ""],
        words: `${way ? `, on a way of ${way.length}` : ""}${boat === "connected" ? `, connected ${kind}` : ""}`,
        pressed: kind === "house" ? null : Boolean(isChosen),
        onClick: () => tapSquare(p, r, c), onDown: () => lightUp(grid, way?.cells), onUp: () => lightUp(grid, null),
      };
    } });
  return grid;
}

function tapSquare(p, r, c) {
  const [kind, path] = S.splitCell(draft.state.players[p].grid[r][c]);
  if (kind === "house") {
    const spec = houseSpec(draft.ui, r, c);
    const room = spec.count - spec.printed_crossed;
    change((state, ui) => {
      const k = S.key(r, c);
      ui.houses[p] ||= {};
      ui.houses[p][k] = ((ui.houses[p][k] || 0) + 1) % (room + 1);
    });
    return;
  }
  if (brush) {
    const next = path === brush ? null : brush; // the armed shape again erases it
    change((state) => { state.players[p].grid[r][c] = next ? `${kind}:${next}` : kind; });
    return;
  }
  chosen = chosen && chosen.p === p && chosen.r === r && chosen.c === c ? null : { p, r, c };
  render();
  if (chosen) document.getElementById("shape-picker")?.scrollIntoView({ block: "nearest" });
}

/** Draw `path` (or erase, null) in the chosen square, or arm / disarm the shape. */
function pickShape(p, path) {
  if (chosen && chosen.p === p) {
    const { r, c } = chosen;
    const [kind] = S.splitCell(draft.state.players[p].grid[r][c]);
    chosen = null;
    change((state) => { state.players[p].grid[r][c] = path ? `${kind}:${path}` : kind; });
    return;
  }
  if (!path) return;
  brush = brush === path ? null : path;
  render();
}

function shapePicker(p) {
  const edition = draft.state.edition;
  const way = edition === "suzhou" ? "riverway" : "road";
  let title;
  let drawn = false;
  if (chosen && chosen.p === p) {
    const [kind, path] = S.splitCell(draft.state.players[p].grid[chosen.r][chosen.c]);
    drawn = Boolean(path);
    title = `Row ${chosen.r + 1}, column ${chosen.c + 1} (${S.KIND_WORDS[kind] || kind}): tap its ${way}`;
  } else if (brush) {
    title = `Drawing ${S.PATH_WORDS[brush]}: tap each square; tap the shape again to stop.`;
  } else {
    title = `Tap a square, then its ${way}; or a shape first, then every square that has it.`;
  }
  const shapes = S.CYCLE.filter(Boolean).map((path) => h("button", { type: "button", class: "dc-shape",
    "data-shape": path, "aria-label": `Draw ${S.PATH_WORDS[path]}`, "aria-pressed": String(brush === path),
    onclick: () => pickShape(p, path) }, S.squareSvg({ kind: "plain", path })));
  const erase = drawn ? h("button", { type: "button", class: "secondary dc-erase", "data-shape": "erase",
    onclick: () => pickShape(p, null) }, "Erase") : null;
  return h("section", { class: `dc-picker ed-${edition}${chosen ? " is-open" : ""}${brush ? " is-armed" : ""}`, id: "shape-picker",
    "aria-label": `Shapes to draw` },
  h("p", { class: "small dc-picker-title", role: "status" }, title),
  h("div", { class: "dc-shapes" }, shapes), erase);
}

function tabs() {
  return h("div", { class: "dc-tabs", role: "tablist", "aria-label": "Players' sheets" },
    draft.state.players.map((pl, i) => {
      const total = playerResult(i)?.total;
      return h("button", { type: "button", role: "tab", class: "dc-tab", "aria-selected": String(i === draft.ui.active),
        "data-player": pl.name, onclick: () => { draft.ui.active = i; chosen = null; store.save(draft); render(); } },
      h("span", { class: "tab-name" }, pl.name),
      h("span", { class: "tab-total", "data-testid": "tab-total" }, total === undefined ? "…" : String(total)));
    }));
}

function summary(p) {
  const mine = playerResult(p);
  if (!mine) return h("p", { class: "muted small dc-summary" }, "Scoring…");
  const chips = Object.entries(mine.parts).map(([k, v]) => h("span", { class: "chip" }, `${PART_WORDS[k] || k.replace(/_/g, " ")} ${v}`));
  const solo = result.solo ? h("p", { class: "small" }, `Solo rank: ${result.solo.rank}`,
    result.solo.achievements.length ? ` · ${result.solo.achievements.join(", ")}` : "") : null;
  return h("div", { class: "dc-summary", "data-testid": "summary" },
    h("p", { class: "dc-total" }, `${mine.name}: `, h("strong", { "data-testid": "player-total" }, String(mine.total)), " points"),
    h("p", { class: "chips" }, chips), solo);
}

function legend(edition) {
  const kinds = data.rules[edition].kinds.filter((k) => k !== "plain");
  return h("p", { class: "dc-legend small muted" }, kinds.map((k) => h("span", { class: `kind-${k}` }, S.icon(k), S.KIND_WORDS[k])));
}

function render() {
  if (!draft) { resultSection.hidden = true; renderSetup(); return; }
  const p = Math.min(draft.ui.active || 0, draft.state.players.length - 1);
  const edition = draft.state.edition;
  const hint = edition === "suzhou" ? "Tap a house square to cross a house. Press and hold a square to light up its riverway."
    : "Press and hold a square to light up its road.";
  app.replaceChildren(...[
    h("p", { class: "dc-head small muted" }, `${EDITIONS[edition]} · ${draft.ui.layout.name}`),
    tabs(),
    summary(p),
    problem ? h("p", { class: "error card", role: "alert", id: "score-problem" }, `Cannot score yet: ${M.errorText(problem, draft.state)}`) : null,
    gridView(p),
    shapePicker(p),
    h("p", { class: "muted small" }, hint),
    legend(edition),
    ...trackKeys(edition).map((key) => trackView({ state: draft.state, p, key, change,
      printed: draft.ui.layout.data.tracks[key] || data.rules[edition].tracks[key], part: playerResult(p)?.parts?.[key] })),
    treesView({ state: draft.state, p, printed: draft.ui.layout.data.trees, part: playerResult(p)?.parts?.trees, change }),
    h("div", { class: "row draft-tools" }, M.confirmButton(editing ? "Drop these changes" : "Discard this match",
      "Tap again to discard", () => {
        store.clear();
        location.assign(editing ? M.matchUrl(gid, editing) : room?.url || data.urls.group);
      }))]
    .filter(Boolean));
  resultSection.hidden = false;
  if (result && result.players?.length === draft.state.players.length) M.renderResult(resultEl, result);
  resultEl.classList.toggle("is-stale", !!problem); // the last good score no longer matches the sheets
  app.dataset.state = JSON.stringify(draft.state);
}

render();
if (draft) score(draft.state);
M.mountSave(saveEl, { gid, matchId: editing, getDraft: () => draft, save: room ? saveToTable : undefined, onSaved: (match) => {
  store.clear();
  location.assign(M.matchUrl(gid, match.id));
} });
