// Who plays: the group's known players as toggles, a field for a new name,
// and the seating order (arrows to move, ✕ to remove). Used by the Doodle
// China and Canalis pages. Names are only ever set as text.
"use strict";

const h = (...args) => Companion.h(...args); // kit/app.js declares Companion (global lexical binding)
const MAX_NAME = Companion.limits.player_name;
export const nameKey = (name) => name.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * opts: {known: [names], seats: [names] (kept and changed in place), min, max, onChange()}
 * Returns {el, error(text)}.
 */
export function playerPicker({ known, seats, min, max, onChange }) {
  const errorEl = h("p", { class: "error", role: "alert", hidden: true, "data-testid": "player-error" });
  const list = h("ol", { class: "dc-seats", "data-testid": "seats" });
  const toggles = known.map((name) => h("button", { type: "button", class: "toggle", "aria-pressed": "false",
    "data-name": name }, name));
  const input = h("input", { id: "new-player", class: "grow", maxlength: String(MAX_NAME), autocomplete: "off",
    placeholder: "New player's name", "aria-label": "New player's name" });
  const form = h("form", { class: "row", novalidate: true }, input, h("button", { type: "submit" }, "Add"));

  function error(text) { errorEl.textContent = text || ""; errorEl.hidden = !text; }

  function add(raw) {
    const clean = raw.trim().replace(/\s+/g, " ");
    if (!clean) return "Type a name first.";
    if (clean.length > MAX_NAME) return `That name is ${clean.length} characters; at most ${MAX_NAME} are allowed.`;
    if (seats.some((s) => nameKey(s) === nameKey(clean))) return `${clean} is already playing.`;
    if (seats.length >= max) return `At most ${max} players: remove someone first.`;
    seats.push(clean);
    return "";
  }

  function render() {
    for (const t of toggles) {
      t.setAttribute("aria-pressed", String(seats.some((s) => nameKey(s) === nameKey(t.dataset.name))));
    }
    list.replaceChildren(...seats.map((name, i) => h("li", { class: "dc-seat", "data-name": name },
      h("span", { class: "seat-no" }, String(i + 1)),
      h("span", { class: "grow seat-name" }, name),
      h("button", { type: "button", class: "secondary", "aria-label": `Move ${name} up`, disabled: i === 0,
        onclick: () => { seats.splice(i - 1, 0, seats.splice(i, 1)[0]); changed(); } }, "↑"),
      h("button", { type: "button", class: "secondary", "aria-label": `Remove ${name}`,
        onclick: () => { seats.splice(i, 1); changed(); } }, "✕"))));
    if (!seats.length) list.append(h("li", { class: "empty small" }, `Nobody yet: ${min === max ? min : `${min} to ${max}`} players.`));
  }

  function changed() { error(""); render(); onChange?.(); }

  for (const t of toggles) {
    t.addEventListener("click", () => {
      const at = seats.findIndex((s) => nameKey(s) === nameKey(t.dataset.name));
      if (at >= 0) { seats.splice(at, 1); changed(); return; }
      const problem = add(t.dataset.name);
      if (problem) error(problem); else changed();
    });
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const problem = add(input.value);
    if (problem) { error(problem); return; }
    input.value = "";
    changed();
  });
  render();
  const el = h("div", { class: "dc-players" },
    toggles.length ? h("div", { class: "toggles" }, toggles) : null, form, errorEl,
    h("p", { class: "muted small" }, "Seating order (results list players in this order):"), list);
  return { el, error };
}

/** A check before starting: null or what is wrong and what is allowed. */
export function seatProblem(seats, min, max) {
  if (seats.length < min || seats.length > max) {
    return min === max ? `Choose exactly ${min} players (now ${seats.length}).`
      : `Choose ${min} to ${max} players (now ${seats.length}).`;
  }
  return null;
}
