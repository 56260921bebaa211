// Canal Houses reading page: the cards the reader is unsure of, for the person to
// check. A card is doubtful when its catalog match rests on its place alone
// (`match.by == "place"`) or on a small difference from its twins (`"twin"`), when its role or colour was read with low confidence, or
// when a warning names it ("house 2, card 6: ..."). Each is marked on the photo (an
// amber dashed frame and a "?" diamond: a shape and a dash, not only a colour),
// listed in a "Check N cards" strip above the photo, and explained in the card's
// panel with a "Looks right" button. A card the person confirmed or changed is
// kept in the photo's local draft (`checked`, keyed "house:row" as read), so its
// mark stays gone after reloads and other edits; Undo on the toast brings it back.
import * as M from "../kit/match.js";
import * as P from "./common.js";

const { h } = M;
const LOW_ROLE = 0.5; // role_confidence at or under this: the reader could not tell (street_checks, structure)
const LOW_COLOUR = 0.5; // a colour named with less than this is a guess between two
const NAMED = /^house (\d+), card (\d+): (.+)$/;

const key = (house, row) => `${house}:${row}`;
const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1).replace(/([^.?!])$/, "$1.");

/** The doubtful cards of a reading, in street order: {key, house, row, role, byPlace, matchId, reasons}. */
export function readDoubts(reading) {
  const notes = new Map();
  for (const w of reading.warnings || []) {
    const m = NAMED.exec(w);
    if (!m) continue;
    const k = key(Number(m[1]) - 1, Number(m[2]) - 1);
    notes.set(k, [...(notes.get(k) || []), m[3]]);
  }
  const out = [];
  for (const c of reading.cards || []) {
    const k = key(c.house, c.row);
    const reasons = (notes.get(k) || []).map(sentence);
    // a match by place, or a store told from its twins by a small difference: a proposal
    const byPlace = Boolean(c.match?.by);
    if (c.match?.by === "place" && !reasons.some((r) => r.includes("by its place"))) {
      reasons.push(`Taken for catalog card ${c.match.id} by its place alone: check that it is this card.`);
    } else if (byPlace && !reasons.some((r) => r.includes(`catalog card ${c.match.id}`))) {
      reasons.push(`Taken for catalog card ${c.match.id} over cards that look the same: check that it is this card.`);
    }
    if (typeof c.role_confidence === "number" && c.role_confidence <= LOW_ROLE && !(notes.get(k) || []).length) {
      reasons.push(`The reader is not sure this card is a ${c.role}.`);
    }
    if (c.color && typeof c.color_confidence === "number" && c.color_confidence < LOW_COLOUR) {
      reasons.push(`Its colour is a guess: read as ${c.color}.`);
    }
    if (reasons.length) out.push({ key: k, house: c.house, row: c.row, role: c.role, byPlace, matchId: byPlace ? c.match.id : null, reasons });
  }
  return out;
}

/**
 * The page's side of the doubts. opts: {reading, local (localDraft), cardAt(house, row)
 * -> {part, w, card} | null, title(sel), select(sel), redraw(), catalogName(id), intro (warnings heading)}.
 */
export function doubtView(opts) {
  const { local } = opts;
  const doubts = readDoubts(opts.reading);
  const byKey = new Map(doubts.map((d) => [d.key, d]));
  if (!Array.isArray(local.value.checked)) local.value.checked = [];
  const isChecked = (k) => local.value.checked.includes(k);
  const selOf = (d) => {
    const here = opts.cardAt(d.house, d.row);
    // a card removed or moved in the editor leaves another (or none) at its place: no mark then
    return here && here.part === d.role ? { h: d.house, part: here.part, w: here.w } : null;
  };
  /** Doubtful cards not yet checked, that are still in the street where they were read. */
  const open = () => doubts.filter((d) => !isChecked(d.key) && selOf(d));
  const doubtAt = (house, row) => open().find((d) => d.house === house && d.row === row) || null;

  function setChecked(k, on) {
    local.value.checked = local.value.checked.filter((x) => x !== k);
    if (on) local.value.checked.push(k);
    local.save();
  }

  /** The person confirmed the card: its mark goes, with Undo on the toast. */
  function confirm(d) {
    setChecked(d.key, true);
    const left = open().length;
    Companion.toast(`${opts.title(selOf(d))}: checked.${left ? ` ${left} more to check.` : ""}`, {
      label: "Undo", run: () => { setChecked(d.key, false); opts.redraw(); } });
    opts.redraw();
  }

  /** The person changed the card's values: that is checking it too (no toast: the edit shows). */
  function fixed(house, row) {
    const d = doubtAt(house, row);
    if (d) setChecked(d.key, true);
  }

  const strip = h("section", { class: "doubt-strip", "data-testid": "doubts", "aria-label": "Cards to check", hidden: true });
  // Above the score: saving is allowed, but not without a word about what is unchecked.
  const reminder = h("p", { class: "doubt-reminder small", "data-testid": "doubts-left", role: "status", hidden: true });
  function drawStrip() {
    const left = open();
    const cards = `${left.length} card${left.length === 1 ? "" : "s"}`;
    strip.hidden = reminder.hidden = !left.length;
    if (!left.length) { strip.replaceChildren(); reminder.replaceChildren(); return; }
    strip.replaceChildren(
      h("p", { class: "doubt-title" }, h("span", { class: "doubt-mark", "aria-hidden": "true" }, "?"), h("span", {}, `Check ${cards}`)),
      h("ul", { class: "doubt-chips" }, left.map((d) => h("li", {}, h("button", {
        type: "button", class: "secondary doubt-chip", "data-testid": `doubt-${d.house}-${d.row}`, onclick: () => opts.select(selOf(d)) },
      h("span", { class: "doubt-chip-title" }, opts.title(selOf(d))),
      h("span", { class: "doubt-chip-why" }, d.byPlace ? "catalog card?" : d.reasons[0]))))));
    reminder.replaceChildren(h("span", { class: "doubt-mark", "aria-hidden": "true" }, "?"),
      h("span", {}, `${cards} the reader was unsure of ${left.length === 1 ? "is" : "are"} not checked yet. `,
        h("button", { type: "button", class: "link-like", onclick: () => opts.select(selOf(left[0])) }, `Check ${opts.title(selOf(left[0]))}`)));
  }

  /** The note at the top of a selected doubtful card's panel (null when there is none). */
  function panelNote(sel) {
    const d = doubts.find((x) => {
      const at = selOf(x);
      return at && at.h === sel.h && at.part === sel.part && (sel.part !== "window" || at.w === sel.w);
    });
    if (!d) return null;
    if (isChecked(d.key)) {
      const next = open()[0];
      return h("div", { class: "small doubt-done", "data-testid": "doubt-done" }, h("p", {}, "✓ You checked this card."),
        h("div", { class: "row" }, next ? h("button", { type: "button", class: "secondary", "data-testid": "doubt-next",
          onclick: () => opts.select(selOf(next)) }, `Next to check: ${opts.title(selOf(next))}`) : null,
        h("button", { type: "button", class: "link-like", onclick: () => { setChecked(d.key, false); opts.redraw(); } }, "Check it again")));
    }
    const name = d.byPlace ? opts.catalogName(d.matchId) : null;
    const named = (r) => (name ? r.replace(`catalog card ${d.matchId}`, `the catalog's “${name}”`) : r);
    return h("div", { class: "doubt-note-box", "data-testid": "doubt-note", role: "note" },
      h("p", { class: "doubt-title" }, h("span", { class: "doubt-mark", "aria-hidden": "true" }, "?"), h("span", {}, "The reader is unsure of this card")),
      h("ul", { class: "small" }, d.reasons.map((r) => h("li", {}, named(r)))),
      d.byPlace ? h("p", { class: "small" }, "Compare the values below with the card on the table.") : null,
      h("div", { class: "row" }, h("button", { type: "button", class: "secondary", "data-testid": "doubt-ok", onclick: () => confirm(d) }, "✓ Looks right"),
        h("span", { class: "small muted" }, "or change what is wrong below")));
  }

  /** The reader's warnings; each one that names a card opens that card (redrawn, left open if it was). */
  const warningsEl = h("div", { class: "warnings-wrap" });
  function drawWarnings() {
    const list = opts.reading.warnings || [];
    const wasOpen = !!warningsEl.querySelector("details[open]");
    if (!list.length) { warningsEl.replaceChildren(P.warningsList(list, opts.intro)); return; }
    warningsEl.replaceChildren(h("details", { class: "warnings card", "data-testid": "warnings", open: wasOpen },
      h("summary", {}, `${opts.intro} (${list.length})`),
      h("ul", { class: "small" }, list.map((w) => {
        const m = NAMED.exec(w);
        const d = m && byKey.get(key(Number(m[1]) - 1, Number(m[2]) - 1));
        const sel = d && selOf(d);
        if (!sel) return h("li", {}, w);
        return h("li", {}, h("button", { type: "button", class: "link-like warning-link", "data-testid": `warning-${d.house}-${d.row}`,
          onclick: () => opts.select(sel) }, w), isChecked(d.key) ? h("span", { class: "ok small" }, " ✓ checked") : null);
      }))));
  }

  return { doubts, open, doubtAt, fixed, strip, reminder, drawStrip, panelNote, warningsEl, drawWarnings };
}

/** The amber frame around a doubtful card and a "?" diamond centred at (cx, y), in photo pixels. */
export function doubtMarks(outline, font, cx, y) {
  const r = font * 0.75;
  return [
    P.svg("polygon", { points: P.pointsAttr(outline), class: "ov-doubt-under" }),
    P.svg("polygon", { points: P.pointsAttr(outline), class: "ov-doubt" }),
    P.svg("polygon", { points: [[cx, y - r], [cx + r, y], [cx, y + r], [cx - r, y]].map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" "),
      class: "ov-badge-doubt" }),
    P.svg("text", { x: cx.toFixed(1), y: (y + font * 0.33).toFixed(1), class: "ov-badge-doubt-text", "font-size": (font * 0.9).toFixed(1),
      "text-anchor": "middle" }, "?"),
  ];
}
