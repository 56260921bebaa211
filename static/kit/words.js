// Engine paths in words people read: players[0].street[1] is "Ana · house 2"; the words
// for each state key come from the game registry (Companion.facts.path_words).
"use strict";

const C = () => Companion; // app.js declares it (a global lexical binding, not on window)

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
