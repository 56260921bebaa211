// Canalis score page: set up the map and players (setup.js), then record the
// game move by move: choose a tile kind, tap its squares on the board, fill in
// the tile (forms.js) and add it. Each move is checked by the engine through
// POST /api/score before it is added; a refused move shows the engine's
// message and is not added. The score track, the board and the log of what
// each move caused come from the engine's result. Undo removes the last move.
import * as M from "../../kit/match.js";
import { clone } from "../../kit/match.js";
import { boardView, crownIcon, PLAYER_COLORS } from "./board.js";
import { KINDS, NAMED_KINDS, RESOURCES, moveForm, newPending, sameData, sameTile, tapSquare, tileOf, tileText, toMove } from "./forms.js";
import { renderSetup, setupTiles, standardBoard } from "./setup.js";

const { h } = M;
const data = M.pageData();
const gid = data.gid;
const editing = data.match?.id || null;
const store = M.draftStore(gid, "canalis", editing);
const app = document.getElementById("canalis-app");
const resultSection = document.getElementById("result-section");
const resultEl = document.getElementById("result");
const saveEl = document.getElementById("save-bar");

let draft = M.loadDraft(store, data.match); // an edit starts from the saved match
let result = null;
let problem = null;
let pending = null;
let formError = null;
let busy = false;
// The group's own Canalis tiles (page data, then kept up to date as tiles are typed).
let tiles = data.tiles || [];

const params = new URLSearchParams(location.search);
if (!draft && editing) {
  draft = M.newDraft(clone(data.match.state), { phase: "play" });
  result = data.match.result;
}
if (!draft) {
  const named = params.getAll("player").map((n) => n.trim()).filter(Boolean).slice(0, 4);
  if (!named.length && data.me) named.push(data.me);  // this phone's own player
  draft = M.newDraft({ game: "canalis", board: standardBoard(), players: named.map((name) => ({ name })),
    moves: [], final: {} }, { phase: "setup" });
}
if (params.has("player")) history.replaceState(null, "", location.pathname + (editing ? `?match=${encodeURIComponent(editing)}` : ""));

const save = () => store.save(draft);
const names = () => draft.state.players.map((p) => p.name);
const score = M.scorer((answer) => {
  if (answer.ok) { result = answer.result; problem = null; } else { problem = answer; }
  renderPlay();
});

// ----- play ------------------------------------------------------------------

const els = {};
let board = null;

function resourcesKnown() {
  const out = new Set(RESOURCES);
  for (const x of draft.state.board.resources) out.add(x.resource);
  for (const m of draft.state.moves) {
    if (m.build?.resource) out.add(m.build.resource);
    for (const n of m.build?.needs || []) out.add(n);
  }
  return [...out];
}

/** Who plays next. Each turn every player plays one card, from the first
 * player on, and the first player marker moves one seat on (seats in
 * clockwise order): while the moves so far follow that, the next move's
 * player is known; otherwise the player after the last mover. */
function nextPlayer() {
  const all = names();
  const n = all.length;
  const moves = draft.state.moves;
  const inTurnOrder = (i) => all[(Math.floor(i / n) + (i % n)) % n];
  if (moves.every((m, i) => m.player === inTurnOrder(i))) return inTurnOrder(moves.length);
  const last = moves.at(-1)?.player;
  return last && all.includes(last) ? all[(all.indexOf(last) + 1) % n] : all[0];
}

function drawBoard() {
  const tiles = result?.board?.tiles || setupTiles(draft.state.board);
  board.draw(tiles, names(), pending && pending.kind !== "scheme" ? { selected: pending.cells, water: pending.water } : {});
}

function renderTrack() {
  const rows = draft.state.players.map((pl, i) => {
    const mine = result?.players?.find((p) => p.name === pl.name);
    return h("li", { class: `cn-track-row own-${i % PLAYER_COLORS}`, "data-player": pl.name, "data-testid": "track-row" },
      h("div", { class: "cn-track-who" }, h("span", { class: "cn-dot", "aria-hidden": "true" }),
        h("span", { class: "cn-track-name" }, pl.name), result?.winners?.includes(pl.name) ? h("span", { title: "leading" }, " ★") : null),
      h("div", { class: "cn-track-figures" },
        h("span", { class: "cn-track-total", "data-testid": "track-total", "aria-label": `${pl.name}: points` }, mine ? String(mine.total) : "…"),
        h("span", { class: "small muted" }, " pts"),
        h("span", { class: "cn-track-crowns", "aria-label": `${pl.name}: crowns` }, crownIcon(),
          h("span", { "data-testid": "track-crowns" }, mine ? String(mine.crowns) : "…"))));
  });
  els.track.replaceChildren(...[h("ol", { class: "cn-track", "aria-label": "Score track" }, rows),
    problem ? h("p", { class: "error", role: "alert", id: "score-problem" }, `Cannot score: ${M.errorText(problem, draft.state)}`) : null,
  ].filter(Boolean));
}

function renderTools() {
  els.tools.replaceChildren(h("div", { class: "cn-kinds", role: "group", "aria-label": "Next move" },
    Object.entries(KINDS).map(([k, text]) => h("button", { type: "button", class: `toggle cn-kind k-${k}`,
      "aria-pressed": String(pending?.kind === k), "data-kind": k, onclick: () => {
        // Tapping the chosen kind again keeps what was tapped (Cancel drops it).
        if (pending?.kind !== k) pending = newPending(k, pending?.player || nextPlayer());
        formError = null;
        renderForm();
        renderTools();
        drawBoard();
        if (pending) els.form.scrollIntoView({ block: "nearest" });
      } }, text))));
}

function renderForm() {
  if (!pending) { els.form.replaceChildren(); return; }
  els.form.replaceChildren(moveForm({ pending, names: names(), resources: resourcesKnown(), tiles, error: formError, busy,
    onChange: () => { formError = null; renderForm(); drawBoard(); },
    onCancel: () => { pending = null; formError = null; renderTools(); drawBoard(); },
    onSubmit: addMove }));
}

async function addMove() {
  const { move, problem: missing } = toMove(pending);
  if (missing) { formError = missing; renderForm(); return; }
  const candidate = { ...draft.state, moves: [...draft.state.moves, move] };
  busy = true;
  renderForm();
  const answer = await Companion.api("POST", "/api/score", candidate);
  busy = false;
  if (!answer.ok) {
    formError = `Not added: ${M.errorText(answer.data, candidate)}`;
    renderForm();
    document.getElementById("move-error")?.scrollIntoView({ block: "center" });
    return;
  }
  draft.state.moves.push(move);
  result = answer.data;
  problem = null;
  if (NAMED_KINDS.includes(pending.kind)) rememberTile(tileOf(pending));
  // The kind stays selected for the next move (the next player's).
  pending = newPending(pending.kind, nextPlayer());
  formError = null;
  save();
  renderTools();
  renderForm();
  renderPlay();
  score(draft.state);
  const event = result.events?.at(-1);
  // The engine says what the move caused line by line (kind, tiles, values, text).
  if (event) Companion.toast(event.lines.map((line) => M.humanLine(line.text)).join("; "));
}

/** Keep a typed tile for the group (new name: saved; known name, other
 * figures: updated). A failure only says so: the move is already added. */
async function rememberTile(tile) {
  const base = `/api/groups/${encodeURIComponent(gid)}/canalis-tiles`;
  const known = tiles.find((t) => sameTile(t, tile));
  if (known && sameData(known, tile) && known.name === tile.name) return;
  const answer = known
    ? await Companion.api("PUT", `${base}/${encodeURIComponent(known.id)}`, tile)
    : await Companion.api("POST", base, { id: Companion.uuid(), ...tile });
  if (!answer.ok) { Companion.toast(`Tile not kept for next time: ${M.errorText(answer.data)}`); return; }
  tiles = [...tiles.filter((t) => t.id !== answer.data.id), answer.data]
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }));
  if (known) Companion.toast(`Updated your group's tile: ${tileText(answer.data)}`);
  // The answer comes while the next move is entered: redrawing its form between a
  // tap's pointerdown and its click would take the tap away (M.whenHandsOff).
  M.whenHandsOff(() => { if (pending && pending.kind === tile.kind) renderForm(); });
}

function undo() {
  const gone = draft.state.moves.pop();
  if (!gone) return;
  save();
  renderPlay();
  score(draft.state);
  Companion.toast(`Move ${draft.state.moves.length + 1} removed.`, { label: "Put back", run: () => {
    draft.state.moves.push(gone);
    save();
    renderPlay();
    score(draft.state);
  } });
}

function deltas(event) {
  const out = [];
  for (const [name, n] of Object.entries(event.points || {})) if (n) out.push(`${name} ${n > 0 ? "+" : ""}${n} pts`);
  for (const [name, n] of Object.entries(event.crowns || {})) if (n) out.push(`${name} ${n > 0 ? "+" : ""}${n} crown${Math.abs(n) === 1 ? "" : "s"}`);
  return out;
}

function renderLog() {
  const moves = draft.state.moves;
  const events = result?.events?.length === moves.length ? result.events : [];
  const items = [...events].reverse().map((ev) => h("li", { class: "cn-log-item", "data-testid": "log-item" },
    h("div", { class: "small muted" }, `Move ${ev.move + 1} · ${ev.player} · ${ev.action === "build" ? ev.kind : "scheme"}`),
    h("ul", { class: "cn-log-lines" }, ev.lines.map((line) => h("li", { "data-kind": line.kind }, M.humanLine(line.text)))),
    h("div", { class: "chips" }, deltas(ev).map((d) => h("span", { class: "chip" }, d)))));
  els.log.replaceChildren(
    h("div", { class: "row cn-log-head" }, h("h2", { id: "log-title", class: "grow" }, `Moves (${moves.length})`),
      h("button", { type: "button", class: "secondary", id: "undo-move", disabled: moves.length ? null : true, onclick: undo },
        "Undo last move")),
    moves.length ? h("ol", { class: "cn-log", "aria-labelledby": "log-title" }, items)
      : h("p", { class: "empty small" }, "No moves yet: choose a tile above, tap its squares, add it."));
}

function renderFinal() {
  const final = draft.state.final ||= {};
  const input = (name, key) => {
    const el = h("input", { type: "number", inputmode: "numeric", min: "0", max: "999", class: "cn-num",
      id: `final-${key}-${names().indexOf(name)}`, value: String(final[name]?.[key] ?? 0),
      "aria-label": `${name}: ${key === "specialty" ? "specialty building points" : "mission points"}` });
    el.addEventListener("change", () => {
      const n = Number(el.value);
      final[name] = { specialty: 0, missions: 0, ...(final[name] || {}) };
      final[name][key] = Number.isInteger(n) && el.value !== "" ? n : el.value;
      save();
      score(draft.state);
    });
    return el;
  };
  els.final.replaceChildren(h("section", { class: "card", "aria-labelledby": "final-title" },
    h("h2", { id: "final-title" }, "End of game"),
    h("p", { class: "muted small" }, "After stage 4: points from specialty buildings that score at the end, and from each player's revealed missions."),
    h("table", { class: "cn-final" }, h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "Specialty"), h("th", {}, "Missions"))),
      h("tbody", {}, names().map((name) => h("tr", { "data-player": name }, h("td", {}, name),
        h("td", {}, input(name, "specialty")), h("td", {}, input(name, "missions"))))))));
}

function renderPlay() {
  if (draft.ui.phase !== "play") return;
  renderTrack();
  renderLog();
  drawBoard();
  resultSection.hidden = false;
  if (result && result.players?.length === draft.state.players.length) M.renderResult(resultEl, result);
  resultEl.classList.toggle("is-stale", !!problem);
  app.dataset.state = JSON.stringify(draft.state);
}

function mountPlay() {
  const b = draft.state.board;
  board = boardView({ rows: b.rows, cols: b.cols, label: "Board", onTap: (r, c) => {
    if (!pending || pending.kind === "scheme") {
      Companion.toast("Choose what to place first (Canal, Garden, …), then tap its squares.");
      return;
    }
    tapSquare(pending, r, c);
    formError = null;
    renderForm();
    drawBoard();
  } });
  for (const k of ["track", "tools", "form", "log", "final"]) els[k] = h("div", { class: `cn-${k}-box` });
  const tools = h("div", { class: "row draft-tools" },
    draft.state.moves.length || editing ? null : h("button", { type: "button", class: "secondary", onclick: () => {
      draft.ui.phase = "setup"; save(); start();
    } }, "Change the map or players"),
    M.confirmButton(editing ? "Drop these changes" : "Discard this game", "Tap again to discard", () => {
      store.clear(); location.assign(editing ? M.matchUrl(gid, editing) : data.urls.group);
    }));
  app.replaceChildren(els.track, board.el, els.tools, els.form, els.log, els.final, tools);
  renderTools();
  renderForm();
  renderFinal();
  renderPlay();
  requestAnimationFrame(board.fit);
}

// ----- setup -> play ---------------------------------------------------------

async function begin() {
  const answer = await Companion.api("POST", "/api/score", draft.state);
  if (!answer.ok) return `The map cannot be used: ${M.errorText(answer.data, draft.state)}`;
  draft.ui.phase = "play";
  result = answer.data;
  save();
  start();
  window.scrollTo(0, 0);
  return null;
}

function start() {
  if (draft.ui.phase === "play") {
    mountPlay();
    score(draft.state);
    return;
  }
  resultSection.hidden = true;
  renderSetup(app, { draft, known: data.players, save, start: begin });
}

start();
M.mountSave(saveEl, { gid, matchId: editing, getDraft: () => draft, onSaved: (match) => {
  store.clear();
  location.assign(M.matchUrl(gid, match.id));
} });
