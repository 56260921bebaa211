// Shared pieces of every score page (Canal Houses, Canal Grande, Doodle China,
// Canalis). An ES module: `import * as M from "./match.js";` from a page
// module in static/ (base.html loads kit/app.js, which defines Companion,
// before any page module runs).
//
//   M.GAMES                            game id -> name ("canal-houses" -> "Canal Houses")
//   M.h(tag, attrs, ...children)       Companion.h: elements with text only, never HTML
//   M.pageData()                       the JSON in <script type="application/json" id="page-data">
//                                      (templates/kit/_play_head.html writes it from `data`)
//   M.draftStore(gid, game, matchId?)  {key, load(), save(draft), clear()} in localStorage
//                                      (Companion.drafts), one per group+game, or per saved match
//                                      while editing it. A draft is {id, state, ui}.
//   M.loadDraft(store, match?)         the local draft to start from; while editing a saved match
//                                      a draft older than the saved version is NOT used (the page
//                                      starts from the saved match) but offered in a bar to choose
//   M.newDraft(state, ui?)             a draft with its client UUID, made once per draft so a
//                                      retried save is stored once (POST .../matches {id, state})
//   M.scorer(onAnswer, delay?)         returns score(state): debounced POST /api/score; stale
//                                      answers are dropped; onAnswer({ok, result} | {ok: false,
//                                      error, path}). Sets <body data-scoring="busy|idle">.
//                                      An answer waits while a finger is down (M.whenHandsOff),
//                                      so a redraw never takes a tap away mid-press
//   M.renderResult(el, result)         winners, each player's total, parts and details
//                                      (same layout as templates/matches/_result.html)
//   M.errorText(data, state?)          "Ana · house 2 · roof · points (players[0].street[1]...):
//                                      must be ..." from an API error body
//   M.humanPath(path, state?)          players[0].street[1].windows[2] -> "Ana · house 2 · window 3"
//   M.clone(value)                     a deep copy of plain JSON data (kit/drafts.js: the one copy)
//   M.saveMatch(gid, draft, matchId?)  POST (new, with draft.id) or PUT (matchId, with the draft's
//                                      version): {ok, status, data}. Offline, mountSave queues it
//                                      (Companion.outbox) and says so; a 409 shows both versions
//   M.mountSave(el, opts)              Save button + status line. opts: {gid, getDraft(),
//                                      matchId?, onSaved(match), save?(draft)}; `save` replaces
//                                      saveMatch (resolving the same {ok, status, data: match});
//                                      a failed save keeps everything and shows the error with
//                                      its path
//   M.deleteMatch(gid, mid, {onDeleted, onRestored})   DELETE, then a toast with Undo (restore)
//   M.matchUrl(gid, mid)               the match page's address
//   M.icon(name, label?)               an <svg> using the page's one icon sprite (#i-name,
//                                      templates/kit/_icons.html, inlined by base.html)
//   M.stepper({label, value, min, max, onChange, icon?})   − value + with 44 px buttons
//   M.confirmButton(label, confirmLabel, run, cls?)        a button that asks for a second tap
//   M.showNoMatch(app, game, how, newUrl)  the empty page: no match of `game` in progress, `how`
//                                      to start one, a "Choose players" link; hides the result
"use strict";

import { draftKeyNow, pageData } from "./drafts.js";

const C = () => Companion; // kit/app.js declares it (a global lexical binding, not on window)
export const h = (...args) => C().h(...args);

/** The game registry's facts (app.js reads them from the page). */
export const facts = () => C().facts;
/** game id -> name, from the registry. */
export const GAMES = Object.fromEntries(Object.entries(C().facts.games).map(([id, f]) => [id, f.name]));

// Games decided by a win condition, not points (the registry's WIN_LOSE_GAMES).
const WIN_LOSE = new Set(C().facts.win_lose);

export * from "./drafts.js"; // pageData, draftStore, loadDraft, newDraft, clone
export * from "./scorer.js"; // scorer, whenHandsOff

// Engine paths in words people read: players[0].street[1] is "Ana · house 2"; the words
// for each state key come from the game registry (Companion.facts.path_words).
// State keys as people say them ("street" -> "house"), every game's, from the registry.
const PATH_WORDS = C().facts.path_words;
const singular = (key) => PATH_WORDS[key] || key.replace(/_/g, " ").replace(/s$/, "");

export function humanPath(path, state) {
  if (!path) return "";
  const parts = [];
  const re = /([A-Za-z_]+)|\[(\d+)\]/g;
  let m;
  let last = null;
  let rawKey = false; // the last part pushed is a bare key an index may still number
  while ((m = re.exec(path)) !== null) {
    if (m[1]) {
      last = m[1];
      rawKey = false;
      if (!(m[1] in PATH_WORDS) && m[1] !== "state") { parts.push(m[1].replace(/_/g, " ")); rawKey = true; }
      continue;
    }
    const i = Number(m[2]);
    if (rawKey) parts.pop();
    rawKey = false;
    if (last === "players") parts.push(state?.players?.[i]?.name || `player ${i + 1}`);
    else parts.push(`${singular(last)} ${i + 1}`);
  }
  return parts.join(" · ");
}

// A JSON path inside a message ("also circled at players[1].hotels[0]").
const PATH_IN_TEXT = /\b[a-z_]+(?:\[\d+\])+(?:\.[a-z_]+(?:\[\d+\])*)*/g;
/** Engine lines say `moves[3]` or `players[1].hotels[0]`; people read "move 4",
 * "Ben · hotel 1" (views.human does the same server-side for detail lines). */
export function humanLine(text, state) {
  return String(text).replace(PATH_IN_TEXT, (path) => humanPath(path, state));
}

export function errorText(data, state) {
  if (!data) return "something went wrong";
  const message = data.error || "something went wrong";
  if (!data.path) return humanLine(message, state);
  // People read "Ana · house 2 · roof", never the JSON path (players[0].street[1]).
  const human = humanPath(data.path, state);
  return human ? `${human}: ${humanLine(message, state)}` : humanLine(message, state);
}

export function icon(name, label) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("class", `icon icon-${name}`);
  svg.setAttribute("viewBox", "0 0 24 24");
  if (label) { svg.setAttribute("role", "img"); svg.setAttribute("aria-label", label); }
  else svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS(ns, "use");
  use.setAttribute("href", `#i-${name}`); // the one sprite, inlined by base.html in every page
  svg.append(use);
  return svg;
}

export function renderResult(el, result) {
  const winners = result.winners || [];
  const banner = winners.length
    ? h("p", { class: "winner-banner", "data-testid": "winners" },
      `Winner${winners.length > 1 ? "s" : ""}: ${winners.join(" & ")}`,
      result.win_condition ? ` (${result.win_condition})` : "")
    : h("p", { class: "winner-banner pending", "data-testid": "winners" }, "No winner yet");
  const list = h("ol", { class: "result-players" }, (result.players || []).map((p) => h("li", {
    class: `result-player${winners.includes(p.name) ? " is-winner" : ""}`, "data-player": p.name },
  h("div", { class: "result-head" }, h("span", { class: "result-name" }, p.name),
    h("span", { class: "result-total", "data-testid": "total" },
      WIN_LOSE.has(result.game) ? (winners.includes(p.name) ? "won" : "lost") : String(p.total))),
  h("dl", { class: "parts" }, Object.entries(p.parts || {}).map(([k, v]) =>
    h("div", {}, h("dt", {}, k.replace(/_/g, " ")), h("dd", {}, String(v))))),
  h("details", {}, h("summary", {}, "How this was scored"),
    h("ul", { class: "details" }, (p.details || []).map((line) => h("li", {}, humanLine(line))))))));
  el.replaceChildren(h("div", { class: "result", "data-result-game": result.game }, banner, list));
}

export function matchUrl(gid, mid) {
  return `/g/${encodeURIComponent(gid)}/matches/${encodeURIComponent(mid)}`;
}

export function saveRequest(gid, draft, matchId) {
  const base = `/api/groups/${encodeURIComponent(gid)}/matches`;
  if (matchId) {
    const version = draft.version ?? pageData().match?.version;
    return { method: "PUT", url: `${base}/${encodeURIComponent(matchId)}`,
             body: version === undefined ? { state: draft.state } : { state: draft.state, version } };
  }
  return { method: "POST", url: base, body: { id: draft.id, state: draft.state, ...detailsBody(draft.details) } };
}

export function saveMatch(gid, draft, matchId) {
  const req = saveRequest(gid, draft, matchId);
  return C().api(req.method, req.url, req.body);
}

/** Theirs beside mine after a 409: keep mine (save again on top of theirs) or take theirs. */
function showConflict(el, draft, current, { onKeep, onTake }) {
  const theirs = h("div", { class: "conflict-result" });
  const mine = h("div", { class: "conflict-result" }, h("p", { class: "muted" }, "Scoring…"));
  renderResult(theirs, current.result);
  C().api("POST", "/api/score", draft.state).then((a) => {
    if (a.ok) renderResult(mine, a.data); else mine.textContent = errorText(a.data, draft.state);
  });
  const when = current.updated_at ? new Date(current.updated_at).toLocaleString([], { timeStyle: "short" }) : "";
  el.className = "save-status conflict";
  el.replaceChildren(h("div", { class: "conflict", id: "save-conflict" },
    h("p", { class: "error" }, `Someone saved this match on another phone${when ? ` at ${when}` : ""} while you were editing. Nothing was overwritten: choose which to keep.`),
    h("div", { class: "conflict-sides" },
      h("section", { class: "conflict-side", "data-side": "theirs" }, h("h3", {}, "Saved on the other phone"), theirs),
      h("section", { class: "conflict-side", "data-side": "mine" }, h("h3", {}, "Your change"), mine)),
    h("div", { class: "row" },
      h("button", { type: "button", id: "keep-mine", onclick: onKeep }, "Keep mine"),
      h("button", { type: "button", class: "secondary", id: "take-theirs", onclick: onTake }, "Take theirs"))));
  el.scrollIntoView({ block: "start", behavior: "smooth" });
}

/** A new match's "when and where" (draft.details) as API fields; the time is
 * the phone's local wall clock, sent as an instant. */
export function detailsBody(details) {
  if (!details) return {};
  const out = {};
  if (details.played_at) {
    const d = new Date(details.played_at);
    if (!Number.isNaN(d.getTime())) out.played_at = d.toISOString();
  }
  const minutes = Number(details.duration_min);
  if (details.duration_min && Number.isInteger(minutes)) out.duration_min = minutes;
  if (details.location?.trim()) out.location = details.location.trim();
  if (details.notes?.trim()) out.notes = details.notes.trim();
  return out;
}

const pad = (n) => String(n).padStart(2, "0");
/** A Date -> the value of a datetime-local input (local wall clock). */
export function localInput(d = new Date()) {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "When and where" for a new match: date and time (default now), minutes,
 * place, notes; kept in draft.details so a reload keeps them. */
function detailsEditor(getDraft) {
  const L = C().limits;
  const draft = getDraft();
  const current = draft?.details || {};
  const field = (label, input) => h("label", {}, label, input);
  const when = h("input", { type: "datetime-local", id: "new-played-at", value: current.played_at || localInput() });
  const minutes = h("input", { type: "number", id: "new-duration", min: "1", max: String(L.duration_min), inputmode: "numeric",
    value: current.duration_min || "" });
  const place = h("input", { type: "text", id: "new-location", maxlength: String(L.location), autocomplete: "off",
    value: current.location || "" });
  const notes = h("textarea", { id: "new-notes", rows: "2", maxlength: String(L.notes) }, current.notes || "");
  const keep = () => {
    const d = getDraft();
    if (!d) return;
    d.details = { played_at: when.value, duration_min: minutes.value, location: place.value, notes: notes.value };
  };
  for (const el of [when, minutes, place, notes]) el.addEventListener("input", keep);
  const summary = h("summary", {}, "When and where");
  return { el: h("details", { class: "details-new", id: "match-details-new" }, summary,
    h("div", { class: "details-form" }, field("Date and time", when), field("Minutes played", minutes),
      field("Where", place), field("Notes", notes))), keep };
}

export function mountSave(el, opts) {
  const button = h("button", { type: "button", class: "big", id: "save-match" },
    opts.matchId ? "Save changes" : "Save match");
  const status = h("p", { class: "save-status", role: "status", id: "save-status" });
  const draftKey = draftKeyNow();
  const setStatus = (cls, text, state) => {
    status.className = `save-status ${cls}`;
    status.textContent = text;
    el.dataset.saveState = state;
  };
  const saved = (match) => {
    setStatus("ok", "Saved.", "saved");
    opts.onSaved?.(match);
  };
  const conflict = (draft, current) => showConflict(status, draft, current, {
    onKeep: () => { draft.version = current.version; if (draftKey) C().drafts.save(draftKey, draft); button.click(); },
    onTake: () => { if (draftKey) C().drafts.clear(draftKey); location.assign(matchUrl(opts.gid, current.id)); },
  });
  // A save queued while offline that goes out later (from this page) lands here.
  C().outbox.onSent((item, answer) => {
    if (item.draftKey !== draftKey || !draftKey) return false;
    if (answer.ok) { setStatus("ok", "Saved.", "saved"); setTimeout(() => opts.onSaved?.(answer.data), 900); }
    else if (answer.status === 409 && answer.data?.path === "version") conflict(opts.getDraft(), answer.data.current);
    else setStatus("error", `Not saved: ${errorText(answer.data, item.body?.state)}. Everything you entered is still here.`, "error");
    return true;
  });
  const details = opts.matchId || opts.save ? null : detailsEditor(opts.getDraft);
  button.addEventListener("click", async () => {
    const draft = opts.getDraft();
    if (!draft) return;
    details?.keep();
    button.disabled = true;
    setStatus("muted", "Saving…", "saving");
    const answer = await (opts.save ? opts.save(draft) : saveMatch(opts.gid, draft, opts.matchId));
    button.disabled = false;
    if (answer.ok) { saved(answer.data); return; }
    if (answer.status === 0 && !opts.save) {
      const req = saveRequest(opts.gid, draft, opts.matchId);
      C().outbox.add({ id: `${req.method} ${req.url} ${draft.id}`, ...req, draftKey,
        label: opts.matchId ? "Your change to a match" : "Your match", pageUrl: location.pathname + location.search });
      setStatus("queued", "Saved on this phone; will send when online.", "queued");
      return;
    }
    if (answer.status === 409 && answer.data?.path === "version") { conflict(draft, answer.data.current); return; }
    setStatus("error", `Not saved: ${errorText(answer.data, draft.state)}. Everything you entered is still here; fix it and save again.`, "error");
  });
  el.replaceChildren(...(details ? [details.el] : []), button, status);
  return { button, status };
}

export async function deleteMatch(gid, mid, { onDeleted, onRestored } = {}) {
  const base = `/api/groups/${encodeURIComponent(gid)}/matches/${encodeURIComponent(mid)}`;
  const answer = await C().api("DELETE", base);
  if (!answer.ok) { C().toast(`Not deleted: ${errorText(answer.data)}`); return false; }
  onDeleted?.();
  C().toast("Match deleted.", { label: "Undo", run: async () => {
    const back = await C().api("POST", `${base}/restore`);
    if (back.ok) { C().toast("Match restored."); onRestored?.(back.data); }
    else C().toast(`Could not restore: ${errorText(back.data)}`);
  } });
  return true;
}

export function stepper({ label, value, min = 0, max = 99, onChange, iconName, testid }) {
  const minus = h("button", { type: "button", class: "step", "aria-label": `${label}: one less` }, "−");
  const plus = h("button", { type: "button", class: "step", "aria-label": `${label}: one more` }, "+");
  const out = h("output", { class: "step-value", "aria-label": label }, String(value));
  minus.disabled = value <= min;
  plus.disabled = value >= max;
  minus.addEventListener("click", () => onChange(Math.max(min, value - 1)));
  plus.addEventListener("click", () => onChange(Math.min(max, value + 1)));
  return h("div", { class: "stepper", "data-testid": testid || null },
    h("span", { class: "step-label" }, iconName ? icon(iconName) : null, label), minus, out, plus);
}

export function confirmButton(label, confirmLabel, run, cls = "secondary") {
  const button = h("button", { type: "button", class: cls }, label);
  let armed = null;
  button.addEventListener("click", () => {
    if (armed) { clearTimeout(armed); armed = null; button.textContent = label; run(); return; }
    button.textContent = confirmLabel;
    armed = setTimeout(() => { armed = null; button.textContent = label; }, 4000);
  });
  return button;
}

/** The page of a game with no match in progress: what to do, and the way to start one. */
export function showNoMatch(app, game, how, newUrl) {
  app.replaceChildren(h("div", { class: "empty" },
    h("p", {}, h("strong", {}, `No ${GAMES[game]} match in progress.`)),
    h("p", {}, how),
    h("a", { class: "button big", href: newUrl }, "Choose players")));
  document.getElementById("result-section").hidden = true;
}
