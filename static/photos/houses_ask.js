// Canal Houses reading page: the questions for the values a photo cannot give
// (points, condition, window features), asked card by card as chips, and the
// group's catalog cards of that kind to take all of them from at once.
import * as M from "../kit/match.js";
import * as H from "../kit/houses_model.js";
import * as P from "./common.js";

const { h } = M;
const POINT_CHOICES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const FEATURE_CHOICES = [0, 1, 2, 3, 4, 5];

function chips(label, choices, testid, pick) {
  return h("div", { class: "ask-row", "data-ask": testid },
    h("p", { class: "ask-label" }, label),
    h("div", { class: "chips-row", role: "group", "aria-label": label }, choices.map((n) => h("button", {
      type: "button", class: "secondary chip-btn", "data-testid": `ask-${testid}-${n}`, onclick: () => pick(n) }, String(n)))));
}


function catalogPick({ sel, catalog, editCard, setPending, street }) {
  const kind = sel.part;
  const mine = (catalog || []).filter((c) => c.kind === kind);
  if (!mine.length) return null;
  return h("details", { class: "catalog-pick" }, h("summary", {}, `Or pick it from the card catalog (${mine.length})`),
    h("ul", { class: "catalog-list" }, mine.map((c) => h("li", {}, h("button", { type: "button", class: "secondary use-card", "data-card": c.id,
      onclick: () => editCard((card, s) => {
        const values = P.clone(c.data);
        if (!values.color && card.color) values.color = card.color;
        const house = street()[s.h];
        if (s.part === "window") house.windows[s.w] = values; else house[s.part] = values;
        setPending(s, false);
      }, { advance: true }) },
    h("span", { class: "catalog-name" }, c.name), h("span", { class: "muted small" }, H.catalogText(kind, c.data)))))));
}

/** The questions for what a card still misses, then its catalog cards to pick from.
 * opts: {sel, asks, catalog (the group's cards or null), editCard(edit, opts), setPending(sel, on), street()}. */
export function askPanel(opts) {
  const { asks, editCard, setPending } = opts;
  const rows = [];
  if (asks.includes("points")) {
    rows.push(chips("Points printed on the card", POINT_CHOICES, "points", (n) => editCard((c) => { c.points = n; }, { advance: true })));
  }
  if (asks.includes("condition")) {
    rows.push(h("div", { class: "ask-row", "data-ask": "condition" }, h("p", { class: "ask-label" }, "Condition printed on the card"),
      h("div", { class: "row" },
        h("button", { type: "button", class: "secondary", "data-testid": "ask-condition-none",
          onclick: () => editCard((c, s) => { c.condition = {}; setPending(s, false); }, { advance: true }) }, "No condition"),
        h("button", { type: "button", class: "secondary", "data-testid": "ask-condition-some",
          onclick: () => editCard((c, s) => { c.condition = {}; setPending(s, true); }) }, "It has a condition…"))));
  }
  for (const f of H.FEATURES) {
    if (asks.includes(f)) {
      rows.push(chips(`${H.FEATURE_NAMES[f]} on the window`, FEATURE_CHOICES, f, (n) => editCard((c) => { c[f] = n; }, { advance: true })));
    }
  }
  return h("div", { class: "ask" }, h("p", { class: "small muted" }, "The photo alone cannot say these: read them on the card."), rows, catalogPick(opts));
}

