// Shared pieces of the photo reading pages (doodle.js, houses.js):
//   svg(tag, attrs, ...children)      SVG elements (text only ever as text nodes)
//   photoView({src, size, alt})       the photo with an SVG overlay in the photo's own
//                                     pixels; crop(box) zooms to a part of it
//   project(H, x, y), bbox(points, margin)
//   localDraft(gid, pid, init)        this photo's corrections, kept on the phone
//   targetPicker(opts)                whose sheet / street this is: a player of the match
//                                     being entered on this phone (its draft, match.js),
//                                     someone added to it, or a new match
//   scoringPanel(opts)                scores the match with this sheet merged in (POST
//                                     /api/score), shows the result, saves it (match.js)
//   warningsList(warnings)
import * as M from "../kit/match.js";

const { h } = M;
const NS = "http://www.w3.org/2000/svg";
import { clone } from "../kit/match.js";

export { clone };
export const MAX_NAME = Companion.limits.player_name;
export const nameKey = (name) => String(name || "").trim().replace(/\s+/g, " ").toLowerCase();

export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, String(v));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Sheet (or any plane) point through a 3x3 homography. */
export function project(H, x, y) {
  const w = H[2][0] * x + H[2][1] * y + H[2][2];
  return [(H[0][0] * x + H[0][1] * y + H[0][2]) / w, (H[1][0] * x + H[1][1] * y + H[1][2]) / w];
}

export const pointsAttr = (pts) => pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");

/** [x0, y0, x1, y1] around the points, widened by `margin` of its longer side. */
export function bbox(points, margin = 0) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  let [x0, y0, x1, y1] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const m = margin * Math.max(x1 - x0, y1 - y0);
  x0 -= m; y0 -= m; x1 += m; y1 += m;
  return [x0, y0, x1, y1];
}

/** A tap (click, Enter or Space) on an SVG shape that acts as a button. */
export function tappable(el, label, run) {
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", label);
  el.addEventListener("click", (event) => { event.preventDefault(); run(); });
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); run(); }
  });
  return el;
}

/**
 * The photo as the phone shows it (upright), with an SVG overlay whose user
 * units are the photo's pixels. crop([x0, y0, x1, y1]) shows only that part,
 * scaled to the page's width (the frame is moved and scaled, not the pixels).
 */
export function photoView({ src, size, alt }) {
  const [W, H] = size;
  const img = h("img", { src, alt, class: "pv-img", width: String(W), height: String(H), decoding: "async" });
  const overlay = svg("svg", { class: "pv-svg", viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none" });
  const frame = h("div", { class: "pv-frame" }, img, overlay);
  const failed = h("p", { class: "pv-failed", hidden: true }, "The photo could not be loaded: check the connection and reload the page.");
  const el = h("div", { class: "pv", "data-testid": "photo-view" }, frame, failed);
  img.addEventListener("error", () => { failed.hidden = false; });
  function crop(box) {
    let [x0, y0, x1, y1] = box || [0, 0, W, H];
    x0 = Math.max(0, x0); y0 = Math.max(0, y0); x1 = Math.min(W, x1); y1 = Math.min(H, y1);
    const cw = Math.max(1, x1 - x0);
    const ch = Math.max(1, y1 - y0);
    el.style.aspectRatio = `${cw} / ${ch}`;
    frame.style.width = `${(W / cw) * 100}%`;
    frame.style.height = `${(H / ch) * 100}%`;
    frame.style.left = `${(-x0 / cw) * 100}%`;
    frame.style.top = `${(-y0 / ch) * 100}%`;
    el.dataset.crop = [x0, y0, x1, y1].map((v) => Math.round(v)).join(",");
  }
  crop(null);
  return { el, overlay, crop, img };
}

/** This photo's corrections and choices, kept on the phone until saved. */
export function localDraft(gid, pid, init) {
  const key = `${gid}:photo:${pid}`;
  const value = Companion.drafts.load(key) || init();
  return {
    value,
    save: () => Companion.drafts.save(key, value),
    clear: () => Companion.drafts.clear(key),
  };
}

export function warningsList(warnings, intro) {
  if (!warnings?.length) return h("p", { class: "small muted", "data-testid": "no-warnings" }, "The reader was sure of everything it read; still, compare it with the photo.");
  return h("details", { class: "warnings card", "data-testid": "warnings" },
    h("summary", {}, `${intro} (${warnings.length})`),
    h("ul", { class: "small" }, warnings.map((w) => h("li", {}, w))));
}

/**
 * Whose sheet this is. opts: {game, gid, local (localDraft), known (names),
 * suggested (name read from the sheet or null), compatible(draft) -> null | why not,
 * describe(player) -> short text, what ("sheet" | "street"), max, onChange()}.
 * local.value.target: {mode: "player" | "add" | "new", index, name} or null.
 */
export function targetPicker(opts) {
  const { local, what } = opts;
  const store = M.draftStore(opts.gid, opts.game);
  const el = h("section", { class: "card target", id: "target", "aria-labelledby": "target-title" });
  const nameError = h("p", { class: "error small", role: "alert", hidden: true, id: "name-error" });

  function usableDraft() {
    const d = store.load();
    if (!d?.state?.players?.length) return { draft: null, why: null };
    const why = opts.compatible(d);
    return { draft: why ? null : d, why, any: d };
  }

  // A first guess: the name on the sheet matches a player of the match being entered.
  if (!local.value.target) {
    const { draft } = usableDraft();
    const at = draft ? draft.state.players.findIndex((p) => nameKey(p.name) === nameKey(opts.suggested)) : -1;
    if (draft && opts.suggested && at >= 0) local.value.target = { mode: "player", index: at, name: null };
    else if (!draft) local.value.target = { mode: "new", index: null, name: opts.suggested || "" };
  }

  function choose(target) {
    local.value.target = target;
    local.save();
    render();
    opts.onChange();
  }

  function nameField(target, taken) {
    const input = h("input", { id: "player-name", class: "grow", maxlength: String(MAX_NAME), autocomplete: "off",
      placeholder: "Player's name", "aria-label": `Whose ${what} is this? Name`, value: target.name || null });
    input.addEventListener("input", () => {
      target.name = input.value;
      local.save();
      nameError.hidden = true;
      opts.onChange();
    });
    const quick = opts.known.filter((n) => !taken.has(nameKey(n))).slice(0, 12);
    return h("div", { class: "name-pick" },
      h("label", { for: "player-name" }, "Player's name"),
      h("div", { class: "row" }, input),
      quick.length ? h("div", { class: "toggles small-toggles" }, quick.map((n) => h("button", { type: "button", class: "toggle",
        "aria-pressed": String(nameKey(n) === nameKey(target.name)), "data-name": n,
        onclick: () => choose({ ...target, name: n }) }, n))) : null,
      nameError);
  }

  function render() {
    const { draft, why, any } = usableDraft();
    const t = local.value.target;
    if (t && (t.mode === "player" || t.mode === "add") && !draft) local.value.target = { mode: "new", index: null, name: t.name || opts.suggested || "" };
    const target = local.value.target;
    const parts = [h("h2", { id: "target-title" }, `Whose ${what} is this?`)];
    if (any && why) parts.push(h("p", { class: "small muted" }, why));
    if (draft) {
      parts.push(h("p", { class: "small muted" }, `The match being entered on this phone (not saved yet) has ${draft.state.players.length} player${draft.state.players.length === 1 ? "" : "s"}. Tap whose ${what} this is:`));
      parts.push(h("div", { class: "toggles", role: "group", "aria-label": "Players of the match being entered" },
        draft.state.players.map((p, i) => h("button", { type: "button", class: "toggle target-player", "data-player": p.name,
          "aria-pressed": String(target?.mode === "player" && target.index === i),
          onclick: () => choose({ mode: "player", index: i, name: null }) },
        h("span", { class: "tp-name" }, p.name), h("span", { class: "tp-note" }, opts.describe(p)))),
        draft.state.players.length < opts.max ? h("button", { type: "button", class: "toggle", "data-target": "add",
          "aria-pressed": String(target?.mode === "add"),
          onclick: () => choose({ mode: "add", index: null, name: target?.name || opts.suggested || "" }) }, "Someone else: add to this match") : null));
    }
    parts.push(h("div", { class: "toggles" }, h("button", { type: "button", class: "toggle", "data-target": "new",
      "aria-pressed": String(target?.mode === "new"),
      onclick: () => choose({ mode: "new", index: null, name: target?.name || opts.suggested || "" }) },
    draft || any ? `A new match with just this ${what}` : `A new match with this ${what}`)));
    if (target && target.mode !== "player") {
      const taken = new Set(target.mode === "add" ? draft.state.players.map((p) => nameKey(p.name)) : []);
      parts.push(nameField(target, taken));
    }
    if (any && target?.mode === "new") {
      parts.push(h("p", { class: "small muted" }, "Saving makes a match of its own; the unsaved match on this phone stays as it is."));
    }
    el.replaceChildren(...parts);
  }

  /** {draft, index, fromStore} with this sheet merged in, or {why} when something is missing. */
  function merged(makeNew, putInto) {
    const target = local.value.target;
    if (!target) return { why: `Choose whose ${what} this is.` };
    const { draft } = usableDraft();
    if (target.mode === "player") {
      if (!draft || !draft.state.players[target.index]) return { why: `Choose whose ${what} this is.` };
      const d = clone(draft);
      putInto(d, target.index, d.state.players[target.index].name);
      return { draft: d, index: target.index, fromStore: true };
    }
    const name = String(target.name || "").trim().replace(/\s+/g, " ");
    if (!name) return { why: `Type the player's name (whose ${what} this is).`, needsName: true };
    if (name.length > MAX_NAME) return { why: `The name is ${name.length} characters long; at most ${MAX_NAME} are allowed.`, needsName: true };
    if (target.mode === "add") {
      if (!draft) return { why: `Choose whose ${what} this is.` };
      if (draft.state.players.some((p) => nameKey(p.name) === nameKey(name))) return { why: `${name} already plays in this match: tap their name above instead.`, needsName: true };
      const d = clone(draft);
      putInto(d, d.state.players.length, name);
      return { draft: d, index: d.state.players.length - 1, fromStore: true };
    }
    local.value.newId ||= Companion.uuid();
    return { draft: { id: local.value.newId, ...makeNew(name) }, index: 0, fromStore: false };
  }

  render();
  return { el, render, merged, store, showNameError: (text) => { nameError.textContent = text; nameError.hidden = !text; } };
}

/**
 * The result of the match with this sheet in it, and saving it.
 * opts: {gid, game, section, getMerged() -> merged() answer, blocked() -> null | [why, element?],
 *        local, store (the game's draft store), playUrl, onState(state|null), onResult()?}
 */
export function scoringPanel(opts) {
  const resultEl = h("div", { id: "result", "aria-live": "polite" });
  const note = h("div", { id: "score-note", class: "score-note" });
  const saveEl = h("div", { id: "save-bar" });
  const more = h("div", { class: "row more-tools" });
  let result = null;
  let problem = null;
  let current = null;
  const score = M.scorer((answer) => {
    if (answer.ok) { result = answer.result; problem = null; } else { problem = answer; }
    show();
    opts.onResult?.();
  });
  const saver = M.mountSave(saveEl, { gid: opts.gid, getDraft: () => (ready() ? current.draft : null), onSaved: (match) => {
    if (current?.fromStore) opts.store.clear();
    opts.local.clear();
    location.assign(M.matchUrl(opts.gid, match.id));
  } });

  function ready() { return current && current.draft && !opts.blocked() && !problem; }

  function show() {
    const blocked = opts.blocked();
    const items = [];
    if (blocked) items.push(blocked);
    else if (current?.why) items.push(h("p", { class: "error", role: "alert", "data-testid": "target-missing" }, current.why));
    else if (problem) items.push(h("p", { class: "error card", role: "alert", id: "score-problem" }, `Cannot score yet: ${M.errorText(problem, current?.draft?.state)}`));
    note.replaceChildren(...items);
    const showResult = !blocked && !current?.why && result && result.players?.length === current?.draft?.state?.players?.length;
    if (showResult) {
      M.renderResult(resultEl, result);
      const mine = current.draft.state.players[current.index]?.name;
      for (const row of resultEl.querySelectorAll(".result-player")) row.classList.toggle("is-this-sheet", row.dataset.player === mine);
    } else resultEl.replaceChildren();
    resultEl.classList.toggle("is-stale", !!problem);
    saveEl.hidden = !ready() || !showResult;
    saver.button.disabled = !ready();
    goOn.disabled = !current?.draft;
  }

  function update() {
    current = opts.getMerged();
    opts.onState(current?.draft?.state || null);
    if (opts.blocked() || current.why) { result = null; problem = null; document.body.dataset.scoring = "idle"; show(); return; }
    show();
    score(current.draft.state);
  }

  const CONTINUE = "Continue on the score page";
  const goOn = h("button", { type: "button", class: "secondary", id: "continue-play" }, CONTINUE);
  let armed = null;
  goOn.addEventListener("click", () => {
    if (!current?.draft) return;
    // A new match would take the place of an unsaved one on this phone: ask twice.
    if (opts.store.load() && !current.fromStore && !armed) {
      goOn.textContent = "Tap again: replaces the unsaved match";
      armed = setTimeout(() => { armed = null; goOn.textContent = CONTINUE; }, 4000);
      return;
    }
    clearTimeout(armed);
    opts.store.save(current.draft);
    opts.local.save();
    location.assign(opts.playUrl);
  });
  more.append(goOn);
  opts.section.replaceChildren(h("h2", { id: "result-title" }, "Score"), note, resultEl, saveEl,
    h("p", { class: "small muted" }, "To type in the other players' sheets first, continue on the score page: this one goes with it."), more);
  /** This sheet's player in the last result (for the card editor's met / not met). */
  function playerResult() {
    const mine = current?.draft?.state?.players?.[current.index];
    const row = result?.players?.[current?.index];
    return mine && row && row.name === mine.name ? row : null;
  }
  return { update, playerResult };
}
