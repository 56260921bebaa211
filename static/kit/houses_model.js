// Canal Houses state pieces for the page: blank cards, conditions as a list
// of items (the icons on a card) and their edits, short text for each card.
// Every function works on the scoring state itself (scoring.md), so what the
// page builds is exactly what /api/score and `companion score` read.

import { clone } from "./drafts.js";

// A window's features, in the engine's order (the game registry).
export const FEATURES = Companion.facts.games["canal-houses"].features;
export const FEATURE_NAMES = { cats: "Cats", birds: "Birds", flags: "Flags", flowerpots: "Flowerpots" };
export const SINGULAR = { cats: "cat", birds: "bird", flags: "flag", flowerpots: "flowerpot" };
export const HEIGHTS = ["exactly", "at_least", "at_most"];
export const HEIGHT_SIGNS = { exactly: "=", at_least: "≥", at_most: "≤" };

// The engine's condition words (companion/games/canal_houses/conditions.py,
// `vocabulary()`, in the game registry's facts): rule -> label, the common
// conditions as chips. The page never words a condition itself.
const VOCAB = Companion.facts.games["canal-houses"].conditions;
export const vocabulary = () => VOCAB;

export const blankCard = () => ({ points: 0, color: null, condition: {} });
export const blankWindow = () => ({ cats: 0, birds: 0, flags: 0, flowerpots: 0, color: null });
export const blankHouse = () => ({ store: blankCard(), windows: [] });

export function initialState(names) {
  return { game: "canal-houses", players: names.map((name) => ({ name, street: [blankHouse()] })) };
}

export const height = (house) => 1 + house.windows.length + (house.roof ? 1 : 0);

/** The grid row of a card, as the engine's colour groups count it. */
export function rowOf(house, part, w) {
  if (part === "store") return 0;
  if (part === "window") return w + 1;
  return house.windows.length + 1;
}

/** The icons of a condition, in the card's order. */
export function conditionItems(cond) {
  const items = [];
  for (const f of FEATURES) if (cond.at_least?.[f]) items.push({ type: "at_least", key: f, n: cond.at_least[f] });
  for (const f of cond.none || []) items.push({ type: "none", key: f });
  for (const k of HEIGHTS) if (cond.height?.[k]) items.push({ type: "height", key: k, n: cond.height[k] });
  if (cond.taller_than) items.push({ type: "taller_than", key: cond.taller_than });
  if (cond.shorter_than) items.push({ type: "shorter_than", key: cond.shorter_than });
  return items;
}

export const itemId = (item) => `${item.type}:${item.key}`;

/** The engine's check for an item ("at_least cats 1" starts with "at_least cats"). */
export function checkFor(item, checks) {
  const rule = `${item.type} ${item.key}`;
  return (checks || []).find((c) => c.rule === rule || c.rule.startsWith(`${rule} `)) || null;
}

/** The engine's rule id of an item: "at_least cats 2", "none flags", "taller_than left". */
export const itemRule = (item) => (item.n === undefined || item.n === null ? `${item.type} ${item.key}` : `${item.type} ${item.key} ${item.n}`);

/** The engine's short words for an item ("2+ birds", "exactly 4 high"). */
export function itemLabel(item) {
  const rule = itemRule(item);
  return VOCAB.short[rule] || VOCAB.labels[rule] || rule.replace(/_/g, " "); // short only where it differs
}

/** Is the chip's requirement part of the condition, with the same number? */
export function hasChip(cond, chip) {
  if (chip.type === "none") return (cond.none || []).includes(chip.key);
  if (chip.type === "at_least" || chip.type === "height") return cond[chip.type]?.[chip.key] === chip.n;
  return cond[chip.type] === chip.key;
}

/** Tap on a chip: add its requirement (replacing the same feature's, height's
 * or side's number), or take it away when it is already there. */
export function toggleChip(cond, chip) {
  const item = { type: chip.type, key: chip.key, n: chip.n ?? undefined };
  if (hasChip(cond, chip)) { removeItem(cond, item); return; }
  addItem(cond, chip.type, chip.key);
  if (chip.n !== null && chip.n !== undefined) cond[chip.type][chip.key] = chip.n;
}

/** A pair chip ("1+ cat & 1+ flag") is on when both features ask for exactly 1. */
export const hasPair = (cond, pair) => Object.keys(pair.at_least).every((f) => cond.at_least?.[f] === 1);

/** Tap on a pair chip: both requirements in (one of each), or both out. */
export function togglePair(cond, pair) {
  const on = hasPair(cond, pair);
  for (const f of Object.keys(pair.at_least)) {
    if (on) removeItem(cond, { type: "at_least", key: f });
    else { addItem(cond, "at_least", f); cond.at_least[f] = 1; }
  }
}

/** What the house's store and roof ask for (`at least` features) that its
 * other windows do not give yet: {feature: n} (empty when nothing is left). */
export function stillAsked(house, windowIndex) {
  const want = {};
  for (const card of [house.store, house.roof]) {
    for (const [f, n] of Object.entries(card?.condition?.at_least || {})) want[f] = Math.max(want[f] || 0, n);
  }
  const left = {};
  for (const [f, n] of Object.entries(want)) {
    const have = house.windows.reduce((sum, w, i) => sum + (i === windowIndex ? 0 : w[f] || 0), 0);
    if (n > have) left[f] = n - have;
  }
  return left;
}

/** Add a condition icon (an existing one of the same kind is kept as it is). */
export function addItem(cond, type, key) {
  if (type === "at_least") {
    cond.at_least = { ...(cond.at_least || {}) };
    cond.at_least[key] = cond.at_least[key] || 1;
    if (cond.none) { cond.none = cond.none.filter((f) => f !== key); if (!cond.none.length) delete cond.none; }
  } else if (type === "none") {
    cond.none = [...new Set([...(cond.none || []), key])];
    if (cond.at_least?.[key]) { delete cond.at_least[key]; if (!Object.keys(cond.at_least).length) delete cond.at_least; }
  } else if (type === "height") {
    cond.height = { ...(cond.height || {}) };
    cond.height[key] = cond.height[key] || 3;
  } else {
    cond[type] = key;
  }
}

export function removeItem(cond, item) {
  if (item.type === "at_least" || item.type === "height") {
    delete cond[item.type][item.key];
    if (!Object.keys(cond[item.type]).length) delete cond[item.type];
  } else if (item.type === "none") {
    cond.none = cond.none.filter((f) => f !== item.key);
    if (!cond.none.length) delete cond.none;
  } else {
    delete cond[item.type];
  }
}

export function setItemNumber(cond, item, n) {
  cond[item.type][item.key] = Math.max(1, n);
}

export function windowText(w) {
  const parts = FEATURES.filter((f) => w[f]).map((f) => `${w[f]} ${w[f] === 1 ? SINGULAR[f] : f}`);
  return parts.length ? parts.join(", ") : "no features";
}

export function cardText(card) {
  const items = conditionItems(card.condition || {});
  const cond = items.length ? items.map(itemLabel).join(" and ") : "no condition";
  return `${card.points} pt${card.points === 1 ? "" : "s"}: ${cond}`;
}

export function catalogText(kind, data) {
  const color = data.color ? `${data.color}, ` : "";
  return color + (kind === "window" ? windowText(data) : cardText(data));
}

export { clone };

/** Same JSON whatever the key order (the server answers with sorted keys). */
function canonical(x) {
  if (Array.isArray(x)) return x.map(canonical);
  if (x && typeof x === "object") return Object.fromEntries(Object.keys(x).sort().map((k) => [k, canonical(x[k])]));
  return x;
}
export const sameJson = (a, b) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
