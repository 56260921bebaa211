// Canal Houses score page: each player's street drawn as houses of stacked
// cards (store at the bottom, windows, roof) that grow as you tap; the card
// editor is in houses_editor.js. Every change is kept in the draft and
// scored by POST /api/score; the engine's "houses" (met / not met) and
// "color_group" are drawn on the street.
import * as M from "./match.js";
import * as H from "./houses_model.js";
import { renderEditor, resetEditor } from "./houses_editor.js";

const { h, icon } = M;
const data = M.pageData();
const gid = data.gid;
const editing = data.match?.id || null;
const store = M.draftStore(gid, "canal-houses", editing);
const app = document.getElementById("houses-app");
const resultEl = document.getElementById("result");
const saveEl = document.getElementById("save-bar");

let draft = M.loadDraft(store, data.match); // an edit starts from the saved match
let result = data.match?.result || null;
let problem = null;
const view = { player: 0, sel: null };

const params = new URLSearchParams(location.search);
const named = params.getAll("player").map((n) => n.trim()).filter(Boolean);
if (!draft && editing) draft = M.newDraft(H.clone(data.match.state));
if (!draft && named.length) draft = M.newDraft(H.initialState(named));
if (named.length) history.replaceState(null, "", location.pathname + (editing ? `?match=${encodeURIComponent(editing)}` : ""));
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
    h("div", { class: "house-actions" }, addWindow, addRoof, removeLast));
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

function tabs() {
  return h("div", { class: "tabs", role: "tablist" }, draft.state.players.map((pl, p) => {
    const pr = playerResult(p);
    return h("button", { type: "button", role: "tab", class: "tab", "aria-selected": String(p === view.player), "data-player": String(p),
      onclick: () => { view.player = p; view.sel = null; draft.ui = { player: p, sel: null }; store.save(draft); render(); } },
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
      h("div", { class: "house add-house" }, h("button", { type: "button", class: "secondary", "data-action": "add-house",
        onclick: () => { change((s) => { s.players[p].street.push(H.blankHouse()); }); select({ h: pl.street.length - 1, part: "store", w: null }); } },
      "+ house"))));
  return [wrap, bonusNote(pr)];
}

function problemView() {
  if (!problem) return null;
  return h("p", { class: "error card", role: "alert", id: "score-problem" },
    `Cannot score yet: ${M.errorText(problem, draft.state)}`);
}

function render() {
  if (!draft) {
    app.replaceChildren(h("div", { class: "empty" },
      h("p", {}, h("strong", {}, "No Canal Houses match in progress.")),
      h("p", {}, "Choose who plays, then build each street card by card."),
      h("a", { class: "button big", href: data.urls.new }, "Choose players")));
    document.getElementById("result-section").hidden = true;
    return;
  }
  if (view.player >= draft.state.players.length) view.player = 0;
  const scroll = document.getElementById("street-wrap")?.scrollLeft || 0;
  const focused = document.activeElement?.id;
  app.replaceChildren(...[tabs(), ...streetView(view.player), problemView(),
    renderEditor({ draft, view, result: playerResult(view.player), change, select, gid, redraw: render }) || h("p", { class: "muted small hint" },
      "Tap a card to change its features, colour, points and conditions."),
    h("div", { class: "row draft-tools" }, M.confirmButton(editing ? "Drop these changes" : "Discard this match",
      "Tap again to discard", () => { store.clear(); location.assign(editing ? M.matchUrl(gid, editing) : data.urls.group); }))].filter(Boolean));
  const wrap = document.getElementById("street-wrap");
  if (wrap) wrap.scrollLeft = scroll;
  if (focused === "catalog-name") document.getElementById(focused)?.focus();
  if (result && result.players?.length === draft.state.players.length) M.renderResult(resultEl, result);
  resultEl.classList.toggle("is-stale", !!problem);
  app.dataset.state = JSON.stringify(draft.state);
}

render();
if (draft) {
  M.mountSave(saveEl, { gid, matchId: editing, getDraft: () => draft, onSaved: (match) => {
    store.clear();
    location.assign(M.matchUrl(gid, match.id));
  } });
  score(draft.state);
}
