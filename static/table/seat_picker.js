// The live table's seat picker: one button a player (marked when another
// phone holds that seat), "Just watching", and what went wrong with the last
// seat this phone asked for, with a way to take it over.
"use strict";

/**
 * Shows the picker (and hides the table) while this phone has no seat;
 * returns true when it has one. problem: {seat, player, since} or {message};
 * choose(seat): claim a seat or "watch"; takeOver(): claim the problem's seat anyway.
 */
export function drawSeatPicker({ h, room, seat, problem, name, choose, takeOver }) {
  const el = (id) => document.getElementById(id);
  const picker = el("seat-picker");
  const table = el("table");
  if (seat === null) {
    picker.hidden = false;
    table.hidden = true;
    const held = new Set(room.seats_held || []);
    const trouble = problem ? [h("div", { class: "seat-problem card", role: "alert", id: "seat-problem" },
      h("p", {}, problem.message || `${problem.player}'s seat is already taken by another phone`
        + (problem.since ? ` (since ${new Date(problem.since).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })})` : "")
        + ". Pick another seat, or take it over if that phone has left the table."),
      problem.seat !== undefined ? h("button", { type: "button", class: "secondary", id: "take-over",
        onclick: takeOver }, `Take over ${problem.player}'s seat`) : null)] : [];
    el("seat-buttons").replaceChildren(...trouble,
      ...room.players.map((p) => h("button", { type: "button", class: `big seat${held.has(p.seat) ? " held" : ""}`,
                                               "data-seat": String(p.seat), onclick: () => choose(p.seat) },
        h("span", { class: "seat-label" }, p.name),
        held.has(p.seat) ? h("span", { class: "seat-held small" }, "on another phone") : null)),
      h("button", { type: "button", class: "big secondary seat", "data-seat": "watch",
                    onclick: () => choose("watch") }, "Just watching"));
    return false;
  }
  picker.hidden = true;
  table.hidden = false;
  el("seat-name").textContent = seat === "watch" ? "watching" : name;
  return true;
}
