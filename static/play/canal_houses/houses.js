// Canal Houses score page: each player's street drawn as houses of stacked
// cards (store at the bottom, windows, roof) that grow as you tap; the card
// editor is in houses_editor.js. Every change is kept in the draft and
// scored by POST /api/score; the engine's "houses" (met / not met) and
// "color_group" are drawn on the street.
import * as M from "../../kit/match.js";
import * as H from "../../kit/houses_model.js";
import { renderEditor, resetEditor } from "../../kit/houses_editor.js";
import * as SH from "./houses_shared.js";

const { h, icon } = M;
const data = M.pageData();
const gid = data.gid;
const editing = data.match?.id || null;
const params = new URLSearchParams(location.search);
// `?match=MID&street=NAME`: this phone enters NAME's street of a shared match.
const mine = editing && data.match.state.players.some((p) => p.name === params.get("street")) ? params.get("street") : null;
const store = M.draftStore(gid, "canal-houses", mine ? `${editing}:street:${mine}` : editing);
const app = document.getElementById("houses-app");
const resultEl = document.getElementById("result");
const saveEl = document.getElementById("save-bar");

let draft = M.loadDraft(store, data.match); // an edit starts from the saved match
let result = data.match?.result || null;
let problem = null;
const view = { player: 0, sel: null };

const named = params.getAll("player").map((n) => n.trim()).filter(Boolean);
if (!draft && editing) draft = M.newDraft(H.clone(data.match.state));
// A new street opens on its first store with the chip keyboard up.
if (!draft && named.length) draft = M.newDraft(H.initialState(named), { player: 0, sel: { h: 0, part: "store", w: null } });
if (named.length) history.replaceState(null, "", location.pathname + (editing ? `?match=${encodeURIComponent(editing)}` : ""));
const mineAt = () => (mine ? draft.state.players.findIndex((p) => p.name === mine) : -1);
const editable = (p) => !mine || p === mineAt();
if (mine && draft.ui?.player === undefined) {
  const me = draft.state.players[mineAt()];
  draft.ui = { player: mineAt(), sel: blankStreet(me.street) ? { h: 0, part: "store", w: null } : null };
}
if (draft) {
  Object.assign(view, draft.ui || {});
  store.save(draft);
}

const score = M.scorer((answer) => {
  if (answer.ok) { result = answer.result; problem = null; } else { problem = answer; }
  render();
});

/** Apply an edit to the state, keep it, redraw and score again. */
function change(edit) {
  edit(draft.state);
  draft.ui = { player: view.player, sel: view.sel };
  store.save(draft);
  render();
  score(draft.state);
}

function select(sel) {
  if (sel && !editable(view.player)) return; // another phone enters this street
  resetEditor();
  view.sel = sel;
  draft.ui = { player: view.player, sel };
  store.save(draft);
  render();
  document.getElementById("editor")?.scrollIntoView({ block: "nearest", behavior: "smooth" });
}

const playerResult = (p) => result?.players?.[p] && result.players[p].name === draft.state.players[p]?.name
  ? result.players[p] : null;

function badge(info) {
  if (!info) return null;
  return h("span", { class: `met-badge ${info.met ? "is-met" : "not-met"}`, "data-met": String(info.met) },
    icon(info.met ? "check" : "cross", info.met ? "condition met" : "condition not met"));
}

function conditionIcons(cond) {
  return h("span", { class: "cond-icons" }, H.conditionItems(cond).map((item) => {
    if (item.type === "at_least") return h("span", { class: "ci" }, icon(item.key), `${item.n}+`);
    if (item.type === "none") return h("span", { class: "ci crossed" }, icon(item.key), icon("none"));
    if (item.type === "height") return h("span", { class: "ci" }, icon("house"), `${H.HEIGHT_SIGNS[item.key]}${item.n}`);
    return h("span", { class: "ci" }, icon(item.type === "taller_than" ? "taller" : "shorter"), icon(item.key));
  }));
}

function cardButton(p, i, part, w, card, info, groupCells, bonus) {
  const house = draft.state.players[p].street[i];
  const row = H.rowOf(house, part, w);
  const inGroup = groupCells.has(`${i},${row}`);
  const sel = view.sel;
  const selected = sel && sel.h === i && sel.part === part && (part !== "window" || sel.w === w);
  const label = part === "window" ? `House ${i + 1}, window ${w + 1}: ${H.windowText(card)}`
    : `House ${i + 1}, ${part}: ${H.cardText(card)}`;
  const body = part === "window"
    ? h("span", { class: "features" }, H.FEATURES.filter((f) => card[f]).map((f) =>
      h("span", { class: "feat" }, icon(f), String(card[f]))), H.FEATURES.some((f) => card[f]) ? null : h("span", { class: "muted" }, "empty"))
    : h("span", { class: "card-main" }, h("span", { class: "pts" }, icon("tulip"), String(card.points)),
      conditionIcons(card.condition || {}));
  const button = h("button", {
    type: "button", class: `hcard ${part}${card.color ? ` c-${card.color}` : " no-color"}${inGroup ? (bonus ? " bonus" : " in-group") : ""}${selected ? " selected" : ""}`,
    "data-part": part, "data-window": part === "window" ? String(w) : null, "aria-label": label,
    "aria-pressed": selected ? "true" : "false",
    onclick: () => select({ h: i, part, w: part === "window" ? w : null }),
  }, body, part === "window" ? null : badge(info));
  return button;
}

function houseView(p, i, house, houseInfo, groupCells, bonus) {
  const cards = [];
  if (house.roof) cards.push(cardButton(p, i, "roof", null, house.roof, houseInfo?.roof, groupCells, bonus));
  for (let w = house.windows.length - 1; w >= 0; w -= 1) cards.push(cardButton(p, i, "window", w, house.windows[w], null, groupCells, bonus));
  cards.push(cardButton(p, i, "store", null, house.store, houseInfo?.store, groupCells, bonus));
  const addWindow = h("button", { type: "button", class: "secondary", "data-action": "add-window",
    "aria-label": house.roof ? `House ${i + 1}: add a window under the roof` : `House ${i + 1}: add a window`,
    onclick: () => { change((s) => { s.players[p].street[i].windows.push(H.blankWindow()); });
      select({ h: i, part: "window", w: house.windows.length - 1 }); } }, "+ window");
  const addRoof = h("button", { type: "button", class: "secondary", "data-action": "add-roof", disabled: !!house.roof,
    onclick: () => { change((s) => { s.players[p].street[i].roof = H.blankCard(); }); select({ h: i, part: "roof", w: null }); } }, "+ roof");
  const removeLast = h("button", { type: "button", class: "secondary", "data-action": "remove-last",
    disabled: !house.roof && !house.windows.length, "aria-label": `House ${i + 1}: remove the top card`,
    onclick: () => removeTop(p, i) }, "− top card");
  return h("div", { class: "house", "data-house": String(i) },
    h("div", { class: "stack" }, cards),
    h("p", { class: "house-height" }, `${H.height(house)} high`),
    editable(p) ? h("div", { class: "house-actions" }, addWindow, addRoof, removeLast) : null);
}

function removeTop(p, i) {
  const house = draft.state.players[p].street[i];
  const kept = H.clone(house);
  change((s) => {
    const target = s.players[p].street[i];
    if (target.roof) delete target.roof; else target.windows.pop();
  });
  view.sel = null;
  render();
  Companion.toast(`House ${i + 1}: top card removed.`, { label: "Undo", run: () => change((s) => { s.players[p].street[i] = kept; }) });
}

/** A street nobody has entered yet: one store without points, colour or condition. */
function blankStreet(street) {
  const store = street.length === 1 && !street[0].windows.length && !street[0].roof ? street[0].store : null;
  return Boolean(store) && !store.points && !store.color && !Object.keys(store.condition || {}).length;
}

function tabs() {
  return h("div", { class: "tabs", role: "tablist" }, draft.state.players.map((pl, p) => {
    const pr = playerResult(p);
    return h("button", { type: "button", role: "tab", class: "tab", "aria-selected": String(p === view.player), "data-player": String(p),
      onclick: () => { view.player = p; view.sel = editable(p) && blankStreet(pl.street) ? { h: 0, part: "store", w: null } : null;
        draft.ui = { player: p, sel: view.sel }; store.save(draft); render(); } },
    h("span", { class: "tab-name" }, pl.name), h("span", { class: "tab-total" }, pr ? String(pr.total) : "…"));
  }));
}

function bonusNote(pr) {
  const group = pr?.color_group;
  if (!pr || !group) return h("p", { class: "bonus-note muted small" }, "Colour bonus: no coloured cards yet.");
  const won = pr.parts.color_bonus;
  return h("p", { class: `bonus-note small${won ? " won" : ""}` },
    `Largest colour group: ${group.size} ${group.color} card${group.size === 1 ? "" : "s"}`,
    won ? ` — wins the colour bonus (${won})` : (draft.state.players.length > 1 ? " — not the largest" : " (no bonus with one player)"));
}

function streetView(p) {
  const pl = draft.state.players[p];
  const pr = playerResult(p);
  const cells = new Set((pr?.color_group?.cells || []).map(([c, r]) => `${c},${r}`));
  const bonus = !!pr?.parts?.color_bonus;
  const wrap = h("div", { class: "street-wrap", id: "street-wrap" },
    h("div", { class: "street", "data-player": String(p) },
      pl.street.map((house, i) => houseView(p, i, house, pr?.houses?.[i], cells, bonus)),
      editable(p) ? h("div", { class: "house add-house" }, h("button", { type: "button", class: "secondary", "data-action": "add-house",
        onclick: () => { change((s) => { s.players[p].street.push(H.blankHouse()); }); select({ h: pl.street.length - 1, part: "store", w: null }); } },
      "+ house")) : null));
  return [wrap, bonusNote(pr)];
}

function problemView() {
  if (!problem) return null;
  return h("p", { class: "error card", role: "alert", id: "score-problem" },
    `Cannot score yet: ${M.errorText(problem, draft.state)}`);
}

function render() {
  if (!draft) {
    M.showNoMatch(app, "canal-houses", "Choose who plays, then build each street card by card.", data.urls.new);
    return;
  }
  if (view.player >= draft.state.players.length) view.player = 0;
  const scroll = document.getElementById("street-wrap")?.scrollLeft || 0;
  const focused = document.activeElement?.id;
  const other = !editable(view.player);
  const hint = other ? `${draft.state.players[view.player].name} enters this street on their own phone: it appears here when they save it.`
    : "Tap a card to change its colour, points, conditions or features.";
  app.replaceChildren(...[mine ? mineNote() : null, tabs(), ...streetView(view.player), problemView(),
    (!other && renderEditor({ draft, view, result: playerResult(view.player), change, select, gid, redraw: render }))
      || h("p", { class: "muted small hint", "data-testid": "street-hint" }, hint),
    shareEl,
    h("div", { class: "row draft-tools" }, editing ? null : h("button", { type: "button", class: "secondary", id: "share-match",
      onclick: shareMatch }, "Each phone enters its own street"),
    M.confirmButton(editing ? "Drop these changes" : "Discard this match",
      "Tap again to discard", () => { store.clear(); location.assign(editing ? M.matchUrl(gid, editing) : data.urls.group); }))].filter(Boolean));
  const wrap = document.getElementById("street-wrap");
  if (wrap) wrap.scrollLeft = scroll;
  if (focused === "catalog-name") document.getElementById(focused)?.focus();
  if (result && result.players?.length === draft.state.players.length) M.renderResult(resultEl, result);
  resultEl.classList.toggle("is-stale", !!problem);
  app.dataset.state = JSON.stringify(draft.state);
}

// ----- one match, a street per phone -----------------------------------------

const shareEl = mine ? SH.sharePanel(gid, editing, draft.state.players.map((p) => p.name), mine) : null;

function mineNote() {
  return h("p", { class: "card small mine-note", "data-testid": "mine-note" }, "This phone enters ",
    h("strong", {}, `${mine}'s street`), ". The other streets arrive as their phones save them.");
}

/** Save the match now and open it as this player's street, with links for the others. */
async function shareMatch() {
  const me = draft.state.players[view.player].name;
  const answer = await M.saveMatch(gid, draft);
  if (!answer.ok) { Companion.toast(`Not shared: ${M.errorText(answer.data, draft.state)}`); return; }
  store.clear();
  location.assign(SH.streetUrl(gid, answer.data.id, me));
}

/** Streets other phones saved replace ours (never this phone's own street). */
function streetsArrived(match) {
  const arrived = [];
  match.state.players.forEach((pl, j) => {
    const here = draft.state.players[j];
    if (!here || here.name !== pl.name || pl.name === mine) return;
    if (!H.sameJson(here.street, pl.street)) { here.street = pl.street; arrived.push(pl.name); }
  });
  if (!arrived.length) return;
  store.save(draft);
  render();
  score(draft.state);
  Companion.toast(`${arrived.join(", ")}: street arrived.`);
}

render();
if (draft && mine) {
  const saved = M.mountSave(saveEl, { gid, matchId: editing, getDraft: () => draft,
    save: (d) => SH.saveStreet(gid, editing, mine, d.state.players[mineAt()].street),
    onSaved: (match) => { streetsArrived(match); saved.status.textContent = `Saved: ${mine}'s street is in the match.`; } });
  saved.button.textContent = `Save ${mine}'s street`;
  // A street arriving redraws the page: never between a tap's pointerdown and its click.
  SH.watchMatch(gid, editing, (match) => M.whenHandsOff(() => streetsArrived(match)));
  score(draft.state);
} else if (draft) {
  M.mountSave(saveEl, { gid, matchId: editing, getDraft: () => draft, onSaved: (match) => {
    store.clear();
    location.assign(M.matchUrl(gid, match.id));
  } });
  score(draft.state);
}
