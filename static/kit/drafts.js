// Drafts of a match kept on the phone (Companion.drafts) until saved: one per group and
// game, or per saved match while editing it; an older draft is offered, never used silently.
// Also the one `clone` every page uses (M.clone): a deep copy of plain JSON data (states,
// drafts, answers). JSON round-trip on purpose: what is copied is exactly what would be
// saved or sent (no Dates, no undefined), so a copy never holds more than the server sees.
"use strict";

export const clone = (value) => JSON.parse(JSON.stringify(value));

const C = () => Companion; // app.js declares it (a global lexical binding, not on window)
const h = (...args) => C().h(...args);
/** The page's JSON (<script type="application/json" id="page-data">). */
export function pageData() {
  const el = document.getElementById("page-data");
  return el ? JSON.parse(el.textContent) : {};
}

let currentDraftKey = null; // the page's one draft store, cleared when a queued save is sent
/** The key of the draft store the page made last (a queued save clears it once sent). */
export const draftKeyNow = () => currentDraftKey;

export function draftStore(gid, game, matchId) {
  const key = matchId ? `${gid}:match:${matchId}` : `${gid}:${game}`;
  currentDraftKey = key;
  const savedVersion = () => (matchId ? pageData().match?.version : undefined);
  return {
    key,
    load: () => C().drafts.load(key),
    save: (draft) => {
      // An edit remembers the saved version it started from (a 409 tells it apart).
      if (matchId && draft.version === undefined) draft.version = savedVersion();
      C().drafts.save(key, { ...draft, updated: new Date().toISOString() });
    },
    clear: () => C().drafts.clear(key),
  };
}

function offerDraft(store, older) {
  const when = older.updated ? new Date(older.updated).toLocaleString([], { dateStyle: "medium", timeStyle: "short" }) : "earlier";
  const choose = (which) => { sessionStorage.setItem(`draft-choice:${store.key}`, which); location.reload(); };
  const bar = h("div", { class: "card draft-offer", role: "status", id: "draft-offer" },
    h("p", {}, `This page shows the match as it is saved now. This phone also has changes from ${when} that were never saved`,
      older.version !== undefined ? " (made on an older version of this match)." : "."),
    h("div", { class: "row" },
      h("button", { type: "button", id: "use-draft", onclick: () => choose("draft") }, "Use my unsaved changes"),
      h("button", { type: "button", class: "secondary", id: "drop-draft", onclick: () => choose("drop") }, "Discard them")));
  const main = document.getElementById("main") || document.body;
  main.prepend(bar);
}

export function loadDraft(store, match) {
  const local = store.load();
  const older = C().drafts.load(`${store.key}:unsaved`);
  if (!match) return local;
  const choice = sessionStorage.getItem(`draft-choice:${store.key}`);
  sessionStorage.removeItem(`draft-choice:${store.key}`);
  if (choice === "drop") { C().drafts.clear(`${store.key}:unsaved`); return null; }
  if (choice === "draft" && older) {
    C().drafts.clear(`${store.key}:unsaved`);
    // A draft from before versions existed started from an unknown save: treat it as the
    // first, so a match changed since asks keep mine / take theirs instead of overwriting.
    if (older.version === undefined) older.version = 1;
    store.save(older);
    return older;
  }
  if (local && local.version === match.version) { if (older) offerDraft(store, older); return local; }
  if (local && JSON.stringify(local.state) !== JSON.stringify(match.state)) {
    // A draft from before another save (or from before versions): keep it aside, start from the saved match.
    C().drafts.save(`${store.key}:unsaved`, local);
    store.clear();
    offerDraft(store, local);
    return null;
  }
  if (local) store.clear();
  if (older) offerDraft(store, older);
  return null;
}

export function newDraft(state, ui = {}) {
  return { id: C().uuid(), state, ui };
}
