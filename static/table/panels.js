// The panels around the live table's sheet: the seat picker (while this phone
// has no seat: one button a player, marked when another phone holds that seat,
// "Just watching", and what went wrong with the last seat this phone asked for,
// with a way to take it over); the invite (copy the join link, or share it where
// the phone can; a link ending in #invite opens the QR section at once); and the
// end of the game (why it ended, the standings or the saved match, and for paper
// sheets the way on to score them with the dice record kept).
"use strict";

const el = (id) => document.getElementById(id);

// -- the seat picker ---------------------------------------------------------

/**
 * Shows the picker (and hides the table) while this phone has no seat;
 * returns true when it has one. problem: {seat, player, since} or {message};
 * choose(seat): claim a seat or "watch"; takeOver(): claim the problem's seat anyway.
 */
export function drawSeatPicker({ h, room, seat, problem, name, choose, takeOver }) {
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

// -- the invite --------------------------------------------------------------

export function setUpInvite() {
  const copyButton = el("copy-room-link");
  if (copyButton) {
    const link = el("room-link").value;
    const said = el("invite-status");
    copyButton.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(link); said.textContent = "Link copied: paste it in a message."; }
      catch (e) { el("room-link").select(); said.textContent = "Press and hold the link to copy it."; }
    });
    const share = el("share-room-link");
    const game = Companion.facts.games["doodle-china"].name;
    if (navigator.share) {
      share.hidden = false;
      share.addEventListener("click", async () => {
        try { await navigator.share({ title: `${game} table`, text: `Join our ${game} table`, url: link }); }
        catch (e) { /* closed the share sheet */ }
      });
    }
  }
  if (window.location.hash === "#invite") {
    const invite = el("invite");
    if (invite) invite.open = true;
  }
}

// -- the end of the game -----------------------------------------------------

/** Draws into #over / #over-body; hidden until the room is finished. */
export function drawOver({ h, room, gid, rid }) {
  const box = document.getElementById("over");
  if (!room.finished) { box.hidden = true; return; }
  box.hidden = false;
  const body = document.getElementById("over-body");
  body.replaceChildren();
  const reasons = room.registers.end_reasons;
  if (reasons.length) body.append(h("p", { class: "muted" }, reasons.join("; ")));
  const saved = room.saved_match;
  const outcome = saved || room.standings;
  if (outcome) {
    const winners = outcome.winners || [];
    body.append(h("p", { class: "winner-banner", "data-testid": "winners" },
      winners.length ? `Winner${winners.length > 1 ? "s" : ""}: ${winners.join(" & ")}` : "No winner"));
    const rows = outcome.ranking.map((name) => h("tr", { class: winners.includes(name) ? "is-winner" : "" },
      h("td", { class: "name" }, name), h("td", { class: "num" }, String(outcome.totals[name]))));
    body.append(h("table", { class: "results" }, h("tbody", {}, ...rows)));
  }
  if (saved) {
    body.append(h("a", { class: "button big", id: "open-match", href: saved.url }, "Open the saved match"));
  } else if (room.standings) {
    body.append(h("p", { class: "muted" }, "Saving the match to the history…"));
  } else {
    body.append(h("p", {}, "Now score the paper sheets. The dice record stays with this table: "
      + "the match you save from here keeps the sheets and the dice together."));
    body.append(h("a", { class: "button big", id: "score-sheets",
                         href: `/g/${gid}/play/doodle-china?room=${rid}&match_id=${room.match_id}` },
                  "Score the paper sheets"));
  }
}
