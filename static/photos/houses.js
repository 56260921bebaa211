// Canal Houses reading page: the photo with every card found outlined in its
// colour and labelled with its house and role (? where a value is still
// missing, ✓ where the card was recognised from the group's catalog), and the
// street as tappable cards. The page asks for exactly the values the photo
// could not give (points, condition, window features), card by card, before it
// scores; a filled card opens the card editor (houses_editor.js). The street
// then joins the match being entered (or starts one), is scored and saved. Cards
// the reader is unsure of are marked and listed to check (houses_doubts.js).
import * as M from "../kit/match.js";
import * as H from "../kit/houses_model.js";
import * as P from "./common.js";
import { doubtMarks, doubtView } from "./houses_doubts.js";
import { askPanel } from "./houses_ask.js";
import { labelSpot, othersLayer } from "./houses_overlay.js";

const { h, icon } = M;
const data = M.pageData();
const gid = data.gid;
const reading = data.reading;
const app = document.getElementById("photo-app");
const ROLE_WORDS = { store: "store", window: "window", roof: "roof" };

const local = P.localDraft(gid, data.pid, () => ({
  street: P.clone(reading.proposal?.street || []), pending: [], checked: [], target: null, newId: null, sel: null, view: "street" }));
const street = () => local.value.street;
const view = { player: 0, get sel() { return local.value.sel; }, set sel(v) { local.value.sel = v; } };
const catalogNames = new Map();
let catalogCards = null;
// The card editor (kit/houses_editor.js) is fetched the first time a filled card is
// opened: a fresh reading asks its questions first, and the first load stays light.
let Editor = null;
let editorLoading = null;
function loadEditor() {
  editorLoading ||= import("../kit/houses_editor.js").then((m) => {
    Editor = m;
    M.whenHandsOff(redraw); // it may land mid-tap: never redraw then
  }, () => {
    editorLoading = null;
    cardPanel.replaceChildren(h("p", { class: "error", role: "alert" }, "The card editor could not be loaded: check the connection, then reload the page."));
  });
}

// ----- cards, positions and what is missing ---------------------------------------
const posKey = (hi, row) => `${hi}:${row}`;
function cardAt(hi, row) {
  const house = street()[hi];
  if (!house) return null;
  if (row === 0) return { part: "store", w: null, card: house.store };
  if (row <= house.windows.length) return { part: "window", w: row - 1, card: house.windows[row - 1] };
  if (house.roof && row === house.windows.length + 1) return { part: "roof", w: null, card: house.roof };
  return null;
}
const rowOf = (sel) => H.rowOf(street()[sel.h], sel.part, sel.w);
const selKey = (sel) => posKey(sel.h, rowOf(sel));

function allCards() {
  const out = [];
  street().forEach((house, hi) => {
    out.push({ h: hi, part: "store", w: null, card: house.store });
    house.windows.forEach((card, w) => out.push({ h: hi, part: "window", w, card }));
    if (house.roof) out.push({ h: hi, part: "roof", w: null, card: house.roof });
  });
  return out;
}

const isPending = (sel) => local.value.pending.includes(selKey(sel));
// The values each card kind must give: the engine's own table (state.required_values).
const REQUIRED = Companion.facts.games["canal-houses"].required;
/** The values still to fill in on a card (what the scorer would refuse as null), and a
 * condition the reader could not read that is still empty (this page's own mark). */
function missingOf(sel, card) {
  if (!card) return [];
  const out = REQUIRED[sel.part].filter((key) => card[key] === null || card[key] === undefined);
  if (sel.part !== "window" && !out.includes("condition") && isPending(sel) && !H.conditionItems(card.condition).length) out.push("condition");
  return out;
}
const missingCards = () => allCards().map((c) => ({ ...c, missing: missingOf(c, c.card) })).filter((c) => c.missing.length);
const cardTitle = (sel) => (sel.part === "window" ? `House ${sel.h + 1} · window ${sel.w + 1}` : `House ${sel.h + 1} · ${sel.part}`);
const matchOf = (sel) => reading.cards?.find((c) => c.house === sel.h && c.row === rowOf(sel))?.match || null;

const doubts = doubtView({ reading, local, cardAt, title: (sel) => cardTitle(sel), select: (sel) => select(sel),
  redraw: () => redraw(), catalogName: (id) => catalogNames.get(id) || null, intro: "What the reader noticed" });

// ----- editing ----------------------------------------------------------------------
function pseudoDraft() {
  const t = local.value.target;
  const name = (t?.mode === "player" ? picker.store.load()?.state?.players?.[t.index]?.name : t?.name) || "This street";
  return { state: { game: "canal-houses", players: [{ name, street: street() }] } };
}

function afterEdit({ advance = false } = {}) {
  const sel = local.value.sel;
  if (sel && street()[sel.h]) doubts.fixed(sel.h, rowOf(sel)); // a changed card is a checked card
  if (advance && sel) {
    const here = allCards().find((c) => c.h === sel.h && c.part === sel.part && c.w === sel.w);
    if (here && !missingOf(sel, here.card).length) {
      const next = missingCards()[0];
      if (next) {
        Companion.toast(`${cardTitle(sel)}: done. Next: ${cardTitle(next)}.`);
        select({ h: next.h, part: next.part, w: next.w }, false);
      } else {
        Companion.toast("Every value is filled in: check the score below.");
        local.value.sel = null;
      }
    }
  }
  local.save();
  redraw();
  panel.update();
}

function editCard(edit, opts) {
  const sel = local.value.sel;
  const target = cardAt(sel.h, rowOf(sel));
  if (!target) return;
  edit(target.card, sel);
  afterEdit(opts);
}

function select(sel, scroll = true) {
  Editor?.resetEditor();
  local.value.sel = sel;
  local.save();
  redraw();
  if (scroll && sel) document.getElementById("card-panel")?.scrollIntoView({ block: "nearest", behavior: "smooth" });
}

function setPending(sel, on) {
  const key = selKey(sel);
  local.value.pending = local.value.pending.filter((k) => k !== key);
  if (on) local.value.pending.push(key);
}

// ----- the photo with the cards outlined ------------------------------------------------
const size = reading.size || [4, 3];
const photo = P.photoView({ src: data.image, size, alt: "The photo of the street, with the cards found outlined" });
const outlines = (reading.cards || []).filter((c) => Array.isArray(c.outline) && c.outline.length === 4);
// Card-shaped things the reader left out of the street (face-down discards and
// decks, anything it could not place): drawn too, so a person sees every card found.
const others = (reading.other_cards || []).filter((c) => Array.isArray(c.outline) && c.outline.length === 4);
const crops = { whole: [0, 0, size[0], size[1]] };
if (outlines.length) crops.street = P.bbox([...outlines, ...others].flatMap((c) => c.outline), 0.06);
const cardsLayer = P.svg("g", { class: "ov-cards" });
photo.overlay.append(othersLayer(others), cardsLayer);

function label(c) {
  return c.role === "window" ? `${c.house + 1}W${c.row}` : `${c.house + 1}${c.role === "store" ? "S" : "R"}`;
}

function drawOverlay() {
  const sel = local.value.sel;
  const shapes = [];
  const marks = [];
  const halos = [];
  const badges = [];
  for (const c of outlines) {
    const here = cardAt(c.house, c.row);
    const colour = here ? here.card.color : c.color;
    const selNow = here && sel && sel.h === c.house && sel.part === here.part && (here.part !== "window" || sel.w === here.w);
    const missing = here ? missingOf({ h: c.house, part: here.part, w: here.w }, here.card) : [];
    const cls = ["ov-card", colour ? `c-${colour}` : "no-color"];
    if (missing.length) cls.push("is-missing");
    if (c.match) cls.push("is-matched");
    if (selNow) cls.push("is-selected");
    const poly = P.svg("polygon", { points: P.pointsAttr(c.outline), class: cls.join(" "), "data-testid": `ov-card-${c.house}-${c.row}` });
    const title = `House ${c.house + 1}, ${ROLE_WORDS[c.role]}${c.role === "window" ? ` ${c.row}` : ""}`;
    const doubt = here && doubts.doubtAt(c.house, c.row);
    if (doubt) poly.classList.add("is-doubt");
    if (here) P.tappable(poly, `${title}${missing.length ? `: ${missing.join(", ")} missing` : ""}${doubt ? ". The reader is unsure of it" : ""}. Tap to check it.`,
      () => select({ h: c.house, part: here.part, w: here.w }));
    shapes.push(poly);
    const { font, cx, cy } = labelSpot(c.outline);
    const badge = missing.length || (c.match && !doubt);
    const x = badge && !doubt ? cx - font * 0.5 : !badge && doubt ? cx + font * 0.5 : cx;
    if (doubt) { // the amber frame under the card's own line, the "?" diamond left of the label
      const [under, frame, ...mark] = doubtMarks(c.outline, font, x - font * (0.8 + 0.37 * label(c).length), cy);
      halos.push(under, frame);
      badges.push(...mark);
    }
    marks.push(P.svg("text", { x: x.toFixed(1), y: (cy + font * 0.35).toFixed(1), class: "ov-label", "font-size": font.toFixed(1),
      "text-anchor": "middle" }, label(c)));
    if (badge) {
      const bx = x + font * (0.7 + 0.37 * label(c).length);
      marks.push(P.svg("circle", { cx: bx.toFixed(1), cy: cy.toFixed(1), r: (font * 0.55).toFixed(1), class: missing.length ? "ov-badge-missing" : "ov-badge-matched" }),
        P.svg("text", { x: bx.toFixed(1), y: (cy + font * 0.3).toFixed(1), class: "ov-badge-text", "font-size": (font * 0.8).toFixed(1), "text-anchor": "middle" },
          missing.length ? "?" : "✓"));
    }
  }
  cardsLayer.replaceChildren(...halos, ...shapes, ...marks, ...badges);
  doubts.drawStrip();
}

const viewTabs = h("div", { class: "seg view-tabs", role: "group", "aria-label": "Part of the photo to show" },
  [["street", "The street"], ["whole", "Whole photo"]].filter(([k]) => k in crops).map(([k, text]) => h("button", {
    type: "button", class: "toggle", "data-view": k, "aria-pressed": "false", onclick: () => setView(k) }, text)));
function setView(name) {
  local.value.view = name;
  local.save();
  photo.crop(crops[name]);
  for (const b of viewTabs.querySelectorAll("[data-view]")) b.setAttribute("aria-pressed", String(b.dataset.view === name));
}

// ----- the street as tappable cards ----------------------------------------------------
const streetEl = h("div", { class: "street-wrap", id: "street-wrap" });
function cardButton(sel, card) {
  const missing = missingOf(sel, card);
  const selected = local.value.sel && local.value.sel.h === sel.h && local.value.sel.part === sel.part && (sel.part !== "window" || local.value.sel.w === sel.w);
  const match = matchOf(sel);
  let body;
  if (sel.part === "window") {
    const known = H.FEATURES.filter((f) => card[f]);
    body = h("span", { class: "features" }, known.map((f) => h("span", { class: "feat" }, icon(f), String(card[f]))),
      missing.length ? h("span", { class: "ask" }, "?") : known.length ? null : h("span", { class: "muted" }, "empty"));
  } else {
    body = h("span", { class: "card-main" }, h("span", { class: "pts" }, icon("tulip"), card.points ?? "?"),
      card.condition ? h("span", { class: "cond-count small" }, H.conditionItems(card.condition).map(H.itemLabel).join(", ")) : h("span", { class: "ask" }, "?"));
  }
  const doubt = doubts.doubtAt(sel.h, rowOf(sel));
  const label = `${cardTitle(sel)}${card.color ? `, ${card.color}` : ""}${missing.length ? `: ${missing.join(", ")} missing` : ""}${match && !doubt ? ", recognised from the catalog" : ""}${doubt ? ", to check: the reader is unsure of it" : ""}`;
  return h("button", { type: "button", class: `hcard ${sel.part}${card.color ? ` c-${card.color}` : " no-color"}${missing.length ? " is-missing" : ""}${match && !doubt ? " is-matched" : ""}${doubt ? " is-doubt" : ""}${selected ? " selected" : ""}`,
    "data-testid": `card-${sel.h}-${rowOf(sel)}`, "aria-label": label, "aria-pressed": String(!!selected), onclick: () => select(sel) }, body);
}

function drawStreet() {
  streetEl.replaceChildren(h("div", { class: "street" }, street().map((house, hi) => {
    const cards = [];
    if (house.roof) cards.push(cardButton({ h: hi, part: "roof", w: null }, house.roof));
    for (let w = house.windows.length - 1; w >= 0; w -= 1) cards.push(cardButton({ h: hi, part: "window", w }, house.windows[w]));
    cards.push(cardButton({ h: hi, part: "store", w: null }, house.store));
    return h("div", { class: "house", "data-house": String(hi) }, h("div", { class: "stack" }, cards),
      h("p", { class: "house-height" }, `House ${hi + 1}`));
  })));
}

// ----- the selected card: ask what is missing, then the card editor ----------------------
function loadCatalog() {
  if (catalogCards !== null) return;
  catalogCards = [];
  Companion.api("GET", data.urls.cards_api).then((answer) => {
    catalogCards = answer.ok ? answer.data.cards : [];
    for (const c of catalogCards) catalogNames.set(c.id, c.name);
    M.whenHandsOff(redraw); // read as the page opens: it may land mid-tap, never redraw then
  });
}

const cardPanel = h("div", { id: "card-panel" });
function drawPanel() {
  const sel = local.value.sel;
  const here = sel && cardAt(sel.h, sel && street()[sel.h] ? rowOf(sel) : -1);
  if (!sel || !here) {
    const left = missingCards();
    cardPanel.replaceChildren(h("p", { class: "small muted hint" }, left.length ? "Tap a card (on the photo or the street) to fill in what is missing."
      : "Tap a card to check or change its values."));
    return;
  }
  const card = here.card;
  const missing = missingOf(sel, card);
  const asks = missing.filter((m) => !(m === "condition" && card.condition));
  const match = matchOf(sel);
  const open = Boolean(match?.by) && doubts.doubtAt(sel.h, rowOf(sel)); // a proposal (by place or twin) not yet checked
  const head = h("div", { class: "editor-head" }, h("h3", {}, cardTitle(sel)),
    h("button", { type: "button", class: "secondary", onclick: () => select(null, false) }, "Close"));
  const facts = h("p", { class: "small card-facts" },
    match ? h("span", { class: open ? "warn" : "ok", "data-testid": "from-catalog" }, `${open ? (match.by === "place" ? "? Proposed from the catalog by its place alone" : "? Proposed from the catalog over cards that look the same")
      : match.by ? "✓ From the catalog, checked by you" : "✓ Recognised from the catalog"}${catalogNames.has(match.id) ? `: ${catalogNames.get(match.id)}` : ""}. `) : null,
    card.color ? `Colour read: ${card.color}.` : "No colour read: set it below if the card has one.");
  if (asks.length) {
    cardPanel.replaceChildren(h("section", { class: "editor card ask-card", "aria-label": `Fill in ${cardTitle(sel)}` }, head, doubts.panelNote(sel), facts, askPanel({ sel, asks, catalog: catalogCards, editCard, setPending, street })));
    return;
  }
  const pendingNote = missing.includes("condition") ? h("div", { class: "pending-note" },
    h("p", { class: "small" }, "Tap the condition printed on the card among the chips below, or:"),
    h("button", { type: "button", class: "secondary", onclick: () => editCard((c, s) => { c.condition = {}; setPending(s, false); }, { advance: true }) }, "No condition after all")) : null;
  if (!Editor) {
    loadEditor();
    cardPanel.replaceChildren(h("section", { class: "editor card" }, head, doubts.panelNote(sel), facts, h("p", { class: "muted" }, "Opening the card editor…")));
    return;
  }
  const editor = Editor.renderEditor({ draft: pseudoDraft(), view, result: panel.playerResult(),
    change: (edit) => { edit(pseudoDraft().state); afterEdit(); }, select: (s) => select(s), gid, redraw: () => redraw(),
    adding: false }); // the street is the photo's: its cards are not added here
  const focused = document.activeElement?.id;
  editor.firstElementChild.after(...[doubts.panelNote(sel), facts, pendingNote].filter(Boolean));
  cardPanel.replaceChildren(editor);
  if (focused === "catalog-name") document.getElementById(focused)?.focus();
}

// ----- whose street, score, save ---------------------------------------------------------
const picker = P.targetPicker({
  game: "canal-houses", gid, local, what: "street", known: data.players, suggested: null, max: data.max_players,
  compatible: () => null,
  describe: (p) => {
    const cards = (p.street || []).reduce((n, house) => n + 1 + house.windows.length + (house.roof ? 1 : 0), 0);
    const blank = cards <= 1 && !(p.street?.[0]?.store?.points);
    return blank ? "nothing entered yet" : `${p.street.length} house${p.street.length === 1 ? "" : "s"}, ${cards} cards`;
  },
  onChange: () => { panel.update(); drawPanel(); },
});

function blockedView() {
  const left = missingCards();
  if (!left.length) return null;
  const count = left.reduce((n, c) => n + c.missing.length, 0);
  return h("div", { class: "missing-box", "data-testid": "missing" },
    h("p", { class: "error" }, `Still to fill in before scoring: ${count} value${count === 1 ? "" : "s"} on ${left.length} card${left.length === 1 ? "" : "s"}.`),
    h("button", { type: "button", class: "big", id: "fill-next", onclick: () => select({ h: left[0].h, part: left[0].part, w: left[0].w }) }, `Fill in ${cardTitle(left[0])}`),
    h("details", { class: "missing-all" }, h("summary", {}, `Everything still missing (${left.length} card${left.length === 1 ? "" : "s"})`),
      h("ul", { class: "missing-list small" }, left.map((c) => h("li", {}, h("button", { type: "button", class: "link-like",
        onclick: () => select({ h: c.h, part: c.part, w: c.w }) }, `${cardTitle(c)}: ${c.missing.join(", ")}`))))));
}

const resultSection = document.getElementById("result-section");
const panel = P.scoringPanel({
  gid, game: "canal-houses", section: resultSection, local, store: picker.store, playUrl: data.urls.play["canal-houses"],
  blocked: blockedView,
  getMerged: () => picker.merged(
    (name) => ({ state: { game: "canal-houses", players: [{ name, street: P.clone(street()) }] }, ui: { player: 0, sel: null } }),
    (d, index, name) => {
      d.state.players[index] = { name, street: P.clone(street()) };
      d.ui = { player: index, sel: null };
    }),
  onState: (state) => { app.dataset.state = JSON.stringify(state || { game: "canal-houses", players: [{ name: "", street: street() }] }); },
  onResult: () => drawPanel(),
});

// ----- page ----------------------------------------------------------------------------
function redraw() {
  doubts.drawWarnings();
  drawOverlay();
  drawStreet();
  drawPanel();
}

function build() {
  if (!street().length) {
    app.replaceChildren(h("p", { class: "error card" }, "No cards were read from this photo. Take it again."));
    return;
  }
  const matched = (reading.cards || []).filter((c) => c.match && !c.match.by).length; // sure matches only
  const proposed = (reading.cards || []).filter((c) => c.match?.by).length; // by place or by twin: to check
  if ((reading.cards || []).length) loadCatalog();
  const cards = (reading.cards || []).length;
  app.replaceChildren(
    h("h1", {}, "Street, as read"),
    h("p", { class: "small muted" }, `${street().length} house${street().length === 1 ? "" : "s"}, ${cards} card${cards === 1 ? "" : "s"}`,
      matched ? `; ${matched} recognised from the card catalog` : "; none recognised from the card catalog", proposed ? `, ${proposed} proposed` : "",
      " · ", h("a", { href: data.urls.cards_page }, "card catalog photos")),
    doubts.warningsEl,
    h("section", { class: "card photo-card", "aria-labelledby": "photo-title" },
      h("h2", { id: "photo-title" }, "Check it against the photo"),
      doubts.strip, viewTabs, photo.el,
      h("p", { class: "small legend" },
        h("span", { class: "legend-item" }, h("span", { class: "key key-missing" }), "values missing"),
        h("span", { class: "legend-item" }, h("span", { class: "key key-matched" }), "recognised from the catalog"),
        doubts.doubts.length ? h("span", { class: "legend-item" }, h("span", { class: "key key-check" }, "?"), "to check") : null,
        others.length ? h("span", { class: "legend-item" }, h("span", { class: "key key-other" }),
          `left out of the street (${others.length})`) : null),
      h("a", { class: "small photo-link", href: data.image, target: "_blank", rel: "noopener" }, "Open the photo full size"),
      streetEl),
    cardPanel, doubts.reminder,
    picker.el);
  setView(local.value.view in crops ? local.value.view : (crops.street ? "street" : "whole"));
  if (!local.value.sel) {
    const first = missingCards()[0];
    if (first) local.value.sel = { h: first.h, part: first.part, w: first.w };
  }
  redraw();
  panel.update();
}

build();
