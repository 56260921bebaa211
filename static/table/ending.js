// The end of a live table: why it ended, the standings or the saved match, and
// (paper sheets) the way on to score them with the dice record kept.
"use strict";

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
