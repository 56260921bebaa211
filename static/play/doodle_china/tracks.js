// A Doodle China sheet's value tracks (hotels, shops, shop bonuses, skyscrapers) and
// its trees on the score page: circled values as 44 px buttons, values another
// player holds on a shared track crossed out, trees crossed by one tap on the last.
// Views only: each takes what it shows and a `change(edit)` that edits the state.
"use strict";

import * as M from "../../kit/match.js";
import * as S from "../../kit/doodle_sheet.js";

const { h } = M;
const SHARED_HINT = { suzhou: "A bonus taken by one player is crossed out for everyone else.",
  shanghai: "A value circled by one player is crossed out for everyone else." };

/** value -> the other player holding it, on a track one player at most may hold. */
function takenBy(state, key, p) {
  const out = new Map();
  if (!S.SHARED_TRACKS[state.edition].includes(key)) return out;
  state.players.forEach((other, i) => {
    if (i !== p) for (const v of other[key] || []) if (!out.has(v)) out.set(v, other.name);
  });
  return out;
}

/**
 * One track of player `p`'s sheet.
 * opts: {state, p, key, printed (the layout's values), part (the result's, or undefined), change}
 */
export function trackView({ state, p, key, printed, part, change }) {
  const sheet = state.players[p];
  const circled = sheet[key] || [];
  const values = [...new Set([...printed, ...circled])].sort((a, b) => a - b);
  const others = takenBy(state, key, p);
  const title = S.TRACK_WORDS[key];
  const buttons = values.map((v) => {
    const mine = circled.includes(v);
    const owner = others.get(v);
    const label = `${title} ${v}: ${mine ? "circled" : owner ? `taken by ${owner}` : "not circled"}`;
    return h("button", { type: "button", class: `dc-val${mine ? " is-circled" : ""}${owner && !mine ? " is-taken" : ""}`,
      "aria-pressed": String(mine), "aria-label": label, title: owner && !mine ? `taken by ${owner}` : null,
      disabled: Boolean(owner && !mine), "data-testid": `val-${key}-${v}`,
      onclick: () => change((next) => {
        const list = next.players[p][key];
        const at = list.indexOf(v);
        if (at >= 0) list.splice(at, 1); else list.push(v);
      }) }, String(v));
  });
  const shared = S.SHARED_TRACKS[state.edition].includes(key);
  return h("section", { class: "dc-track", "data-track": key },
    h("h3", {}, title, part !== undefined ? h("span", { class: "dc-part", "data-testid": `part-${key}` }, ` = ${part}`) : null),
    shared ? h("p", { class: "muted small" }, SHARED_HINT[state.edition]) : null,
    h("div", { class: "dc-values" }, buttons));
}

/**
 * Player `p`'s trees: a stepper and a row of trees (one tap on the n-th crosses out n;
 * on the last crossed one, one fewer).
 * opts: {state, p, printed (the layout's trees), part, change}
 */
export function treesView({ state, p, printed, part, change }) {
  const sheet = state.players[p];
  const trees = Math.max(printed, sheet.trees_crossed);
  const max = S.TREES[state.edition];
  const row = h("div", { class: "dc-trees", role: "group", "aria-label": "Trees: tap the last one crossed out" });
  const limit = Math.min(trees, max);
  for (let i = 0; i < trees; i += 1) {
    const n = i + 1 === sheet.trees_crossed ? i : i + 1;
    row.append(h("button", { type: "button", class: `dc-tree${i < sheet.trees_crossed ? " is-crossed" : ""}`,
      "data-tree": String(i + 1), disabled: i + 1 > limit ? true : null,
      "aria-label": `Tree ${i + 1}: ${n === i ? `uncross (${i} crossed out)` : `${n} crossed out`}`,
      onclick: () => change((next) => { next.players[p].trees_crossed = n; }) }, S.icon("tree")));
  }
  return h("section", { class: "dc-track", "data-track": "trees" },
    h("h3", {}, "Trees", part !== undefined ? h("span", { class: "dc-part", "data-testid": "part-trees" }, ` = ${part > 0 ? "+" : ""}${part}`) : null),
    M.stepper({ label: "Crossed out", value: sheet.trees_crossed, min: 0, max: limit, testid: "trees",
      onChange: (n) => change((next) => { next.players[p].trees_crossed = n; }) }),
    row);
}
