// One Canal Houses match, each phone entering its own player's street: the
// match is shared by its id (`?match=MID&street=NAME`); saving a street
// re-reads the match and replaces only that player's street (with the
// match's `version` when the server keeps one, re-reading and merging again
// when another phone saved first: 409); the other streets arrive by polling.
import * as M from "../../kit/match.js";

const { h } = M;
const base = (gid, mid) => `/api/groups/${encodeURIComponent(gid)}/matches/${encodeURIComponent(mid)}`;

export const streetUrl = (gid, mid, name) =>
  `${location.origin}/g/${encodeURIComponent(gid)}/play/canal-houses?match=${encodeURIComponent(mid)}&street=${encodeURIComponent(name)}`;

/** Save `street` as `name`'s street of the stored match; {ok, status, data: match}. */
export async function saveStreet(gid, mid, name, street) {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const got = await Companion.api("GET", base(gid, mid));
    if (!got.ok) return got;
    const state = M.clone(got.data.state);
    const at = state.players.findIndex((p) => p.name === name);
    if (at < 0) {
      return { ok: false, status: 409, data: { error: `${name} is no longer a player of this match (it was changed on another phone); open it from the history` } };
    }
    state.players[at].street = M.clone(street);
    const body = { state };
    if (got.data.version !== undefined) body.version = got.data.version;
    const put = await Companion.api("PUT", base(gid, mid), body);
    if (put.status !== 409) return put;
  }
  return { ok: false, status: 409, data: { error: "other phones kept saving at the same moment; save again" } };
}

/** Call onMatch(match) now and every `every` ms while the page is shown; returns stop(). */
export function watchMatch(gid, mid, onMatch, every = 4000) {
  let stopped = false;
  let timer = null;
  async function tick() {
    if (stopped) return;
    if (!document.hidden) {
      const got = await Companion.api("GET", base(gid, mid));
      if (got.ok && !stopped) onMatch(got.data);
    }
    timer = setTimeout(tick, every);
  }
  tick();
  return () => { stopped = true; clearTimeout(timer); };
}

/** Links for the other players' phones: Copy, and Share where the phone has it. */
export function sharePanel(gid, mid, names, mine) {
  const rows = names.filter((n) => n !== mine).map((name) => {
    const url = streetUrl(gid, mid, name);
    const status = h("span", { class: "small muted share-status", role: "status" });
    const copy = h("button", { type: "button", class: "secondary", "data-copy": name,
      "aria-label": `Copy ${name}'s link`, onclick: async () => {
        try { await navigator.clipboard.writeText(url); status.textContent = "Copied."; }
        catch { status.textContent = "Copy did not work here: press and hold the link to copy it."; }
      } }, "Copy");
    const share = navigator.share ? h("button", { type: "button", class: "secondary", "aria-label": `Share ${name}'s link`,
      onclick: () => navigator.share({ title: `${M.GAMES["canal-houses"]}: ${name}'s street`, url }).catch(() => {}) }, "Share") : null;
    return h("li", { class: "share-row", "data-player": name },
      h("a", { href: url, class: "share-name" }, `${name}'s street`), h("span", { class: "share-buttons" }, copy, share), status);
  });
  return h("details", { class: "card share-panel", id: "share-streets" },
    h("summary", {}, "Other phones: one link per player"),
    h("p", { class: "small muted" }, "Each player opens their own link (on a phone that joined this group) and enters their street; it arrives here when they save."),
    h("ul", { class: "share-list" }, rows));
}
