// The form under the board for the next move: a tile (its squares are tapped
// on the board, then name / cost / points / needs / owner / gain as the kind
// asks) or a scheme (points, crowns, note). `pending` is kept by the page so a
// refused move keeps everything typed; `toMove` turns it into a state move.
// Industrial and specialty tiles the group typed before are offered first
// (the group's own tiles, /api/groups/<gid>/canalis-tiles): one tap fills
// the tile in, and the fields stay editable.
import * as M from "../../kit/match.js";

const { h } = M;

export const KINDS = {
  canal: "Canal", garden: "Garden", resource: "Resource", industrial: "Industrial",
  specialty: "Specialty", tenement: "Tenement", locks: "Locks", scheme: "Scheme",
};
export const RESOURCES = ["ore", "timber", "dyes", "spices"];
// Only names the rulebook prints (never tile data: costs, points and needs
// come from what the group types, or from PRINTED below).
const NAMES = {
  industrial: ["Apothecary", "Engineer", "Smelter"],
  specialty: ["Guild Hall", "Senate Annex", "College", "Black Market"],
};
// The tiles whose figures the rulebook itself prints ("Sample Moves"): the
// Apothecary (paid 3 crowns, 7 points, uses dyes and spices) and the Engineer
// (7 points, connected to the ore and timber it needs; its cost is not
// printed, so it is left to the group: `cost: null`). Nothing else is known.
const PRINTED = [
  { kind: "industrial", name: "Apothecary", data: { cost: 3, points: 7, needs: ["dyes", "spices"] } },
  { kind: "industrial", name: "Engineer", data: { cost: null, points: 7, needs: ["ore", "timber"] } },
];
export const NAMED_KINDS = ["industrial", "specialty"];
const HINTS = {
  canal: "Tap the canal's squares on the board.",
  garden: "Tap the garden's squares.",
  resource: "Tap the resource tile's square.",
  industrial: "Tap the building's squares, then fill in the tile.",
  specialty: "Tap the building's squares, then fill in the tile.",
  tenement: "Tap the tenement's square. It costs 3 crowns and supplies workers.",
  locks: "Tap the locks building square first, then its water square (they share a side). It costs 1 crown.",
  scheme: "The bottom half of the card: points and crowns it gives or takes (use − for a loss).",
};

export function newPending(kind, player) {
  return { kind, player, cells: [], water: null, name: "", cost: kind === "industrial" ? 3 : 2, points: 7,
    needs: [], owner: "", value: 2, resource: "ore", gain: { points: 0, crowns: 0 }, scoresNow: false,
    note: "", spoints: 0, scrowns: 0 };
}

function figureText(kind, d) {
  const parts = [];
  if (d.cost !== null && d.cost !== undefined) parts.push(`${d.cost} crown${d.cost === 1 ? "" : "s"}`);
  if (d.points !== null && d.points !== undefined) parts.push(`${d.points} point${d.points === 1 ? "" : "s"}`);
  else if (kind === "specialty") parts.push("scores at the end");
  if (d.needs?.length) parts.push(d.needs.join(" + "));
  return parts.join(", ");
}

/** The name a tile gets when none is typed: its figures ("2 crowns, 7 points,
 * ore + timber"). Scoring needs only the figures; the engine wants a name. */
export function figuresName(kind, d) {
  return figureText(kind, d).slice(0, Companion.limits.player_name);
}

/** "Apothecary — 3 crowns, 7 points, dyes + spices" (a tile named by its
 * figures is shown once). */
export function tileText(tile) {
  const figures = figureText(tile.kind, tile.data);
  if (tile.name === figuresName(tile.kind, tile.data)) return figures;
  return figures ? `${tile.name} — ${figures}` : tile.name;
}

function pendingData(p) {
  const data = { cost: p.cost };
  if (p.kind === "industrial") { data.points = p.points; data.needs = [...p.needs]; }
  else data.points = p.scoresNow ? p.points : null;
  return data;
}

/** The tile a pending move describes, as the group keeps it. */
export function tileOf(p) {
  const data = pendingData(p);
  return { kind: p.kind, name: p.name.trim().replace(/\s+/g, " ") || figuresName(p.kind, data), data };
}

export const sameTile = (a, b) => a.kind === b.kind && a.name.toLowerCase() === b.name.toLowerCase();
const figures = (d) => JSON.stringify([d.cost, d.points ?? null, d.needs || []]);
export const sameData = (a, b) => figures(a.data) === figures(b.data);

/** Fill the pending move in from a kept tile (its squares and owner stay). */
export function useTile(p, tile) {
  p.name = tile.name === figuresName(tile.kind, tile.data) ? "" : tile.name;
  if (tile.data.cost !== null && tile.data.cost !== undefined) p.cost = tile.data.cost;
  if (tile.kind === "industrial") { p.points = tile.data.points; p.needs = [...(tile.data.needs || [])]; }
  else { p.scoresNow = tile.data.points !== null && tile.data.points !== undefined; if (p.scoresNow) p.points = tile.data.points; }
}

function tilePicker(p, tiles, onPick) {
  const mine = (tiles || []).filter((t) => t.kind === p.kind);
  // The rulebook's printed tiles, until the group keeps its own of that name.
  const printed = PRINTED.filter((t) => t.kind === p.kind && !mine.some((m) => sameTile(m, t)));
  if (!mine.length && !printed.length) {
    return h("p", { class: "muted small", "data-testid": "tiles-empty" },
      `Your group's ${p.kind} tiles appear here once entered: fill this one in below and it is offered next time.`);
  }
  const typed = tileOf(p);
  const chip = (t, source) => {
    const on = sameTile(t, typed) && (source === "rulebook"
      ? figureText(t.kind, { ...t.data, cost: t.data.cost ?? typed.data.cost }) === figureText(t.kind, typed.data)
      : sameData(t, typed));
    const text = source === "rulebook"
      ? `${t.name} — ${figureText(t.kind, t.data)}${t.data.cost === null ? " (cost: set below)" : ""} · rulebook`
      : tileText(t);
    return h("button", { type: "button", class: "toggle cn-tile", "aria-pressed": String(on), "data-tile": t.name,
      "data-source": source, onclick: () => onPick(t) }, text);
  };
  const label = mine.length ? `Your group's ${p.kind} tiles` : "Tiles printed in the rulebook";
  return h("div", { class: "cn-field" }, h("span", { class: "cn-label-text" }, label),
    h("div", { class: "cn-tiles", role: "group", "aria-label": label, "data-testid": "tiles" },
      [...mine.map((t) => chip(t, "group")), ...printed.map((t) => chip(t, "rulebook"))]));
}

/** A tap on the board while choosing squares. */
export function tapSquare(pending, r, c) {
  const same = (x) => x && x[0] === r && x[1] === c;
  if (pending.kind === "locks") {
    if (same(pending.water)) { pending.water = null; return; }
    if (pending.cells.some(same)) { pending.cells = []; return; }
    if (!pending.cells.length) pending.cells = [[r, c]]; else pending.water = [r, c];
    return;
  }
  const at = pending.cells.findIndex(same);
  if (at >= 0) pending.cells.splice(at, 1);
  else if (pending.kind === "resource") pending.cells = [[r, c]];
  else pending.cells.push([r, c]);
}

/** The move for the state, or {problem} when something must be chosen first. */
export function toMove(p) {
  if (p.kind === "scheme") {
    const scheme = { points: p.spoints, crowns: p.scrowns };
    if (p.note.trim()) scheme.note = p.note.trim();
    return { move: { player: p.player, scheme } };
  }
  if (!p.cells.length) return { problem: "Tap the tile's squares on the board first." };
  if (p.kind === "locks" && !p.water) return { problem: "Now tap the locks' water square (next to its building square)." };
  const build = { kind: p.kind, cells: p.cells.map((x) => [...x]) };
  if (p.kind === "canal" && p.owner) build.owner = p.owner;
  if (p.kind === "garden") build.value = p.value;
  if (p.kind === "resource") build.resource = p.resource.trim();
  if (p.kind === "industrial" || p.kind === "specialty") {
    build.name = tileOf(p).name;
    build.cost = p.cost;
  }
  if (p.kind === "industrial") { build.points = p.points; build.needs = [...p.needs]; }
  if (p.kind === "specialty" && p.scoresNow) build.points = p.points;
  if (p.kind === "locks") build.water = [...p.water];
  if (p.gain.points || p.gain.crowns) build.gain = { ...p.gain };
  return { move: { player: p.player, build } };
}

function chips(label, options, chosen, onPick, testid) {
  return h("div", { class: "cn-field" }, h("span", { class: "cn-label-text" }, label),
    h("div", { class: "toggles", role: "group", "aria-label": label, "data-testid": testid || null },
      options.map(([value, text]) => h("button", { type: "button", class: "toggle", "aria-pressed": String(chosen(value)),
        "data-value": value, onclick: () => onPick(value) }, text))));
}

function textField(id, label, value, onInput, list) {
  const input = h("input", { id, class: "cn-input", maxlength: String(Companion.limits.player_name), value, autocomplete: "off", list: list ? `${id}-list` : null });
  input.addEventListener("input", () => onInput(input.value));
  return h("div", { class: "cn-field" }, h("label", { for: id }, label), input,
    list ? h("datalist", { id: `${id}-list` }, list.map((n) => h("option", { value: n }))) : null);
}

/**
 * opts: {pending, names, resources, tiles, onChange(), onSubmit(), onCancel(), error, busy}
 * onChange is called after a field changed the pending move (redraw).
 */
export function moveForm({ pending: p, names, resources, tiles, onChange, onSubmit, onCancel, error, busy }) {
  const set = (fn) => () => { fn(); onChange(); };
  const step = (label, key, min, max, testid, obj = p) => M.stepper({ label, value: obj[key], min, max, testid,
    onChange: (n) => { obj[key] = n; onChange(); } });
  const fields = [
    chips("Who plays it?", names.map((n) => [n, n]), (v) => v === p.player, (v) => { p.player = v; onChange(); }, "mover"),
  ];
  if (p.kind !== "scheme") {
    const squares = p.cells.map(([r, c]) => `[${r}, ${c}]`).join(" ") || "none yet";
    fields.push(h("p", { class: "small", "data-testid": "chosen" }, p.kind === "locks"
      ? `Building: ${p.cells[0] ? `[${p.cells[0].join(", ")}]` : "tap a square"} · Water: ${p.water ? `[${p.water.join(", ")}]` : "then tap its water square"}`
      : `Squares: ${squares}`));
  }
  if (p.kind === "canal") {
    fields.push(chips("Seal on it (owner)", [["", "nobody"], ...names.map((n) => [n, n])], (v) => v === p.owner,
      (v) => { p.owner = v; onChange(); }, "owner"));
  }
  if (p.kind === "garden") fields.push(step("Value", "value", 0, 9, "value"));
  if (p.kind === "resource") {
    fields.push(chips("Resource", resources.map((x) => [x, x]), (v) => v === p.resource, (v) => { p.resource = v; onChange(); }, "resource"));
    fields.push(textField("cn-resource", "…or another resource", RESOURCES.includes(p.resource) ? "" : p.resource,
      (v) => { p.resource = v || "ore"; }));
  }
  if (p.kind === "industrial" || p.kind === "specialty") {
    fields.push(tilePicker(p, tiles, (t) => { useTile(p, t); onChange(); }));
    fields.push(textField("cn-name", "Name on the tile (optional: scoring needs only the figures)", p.name,
      (v) => { p.name = v; }, NAMES[p.kind]));
    fields.push(step("Cost (crowns)", "cost", 0, 15, "cost"));
  }
  if (p.kind === "industrial") {
    fields.push(step("Points in the seal", "points", 0, 30, "points"));
    fields.push(chips("Needs (besides workers, up to 2)", resources.map((x) => [x, x]), (v) => p.needs.includes(v), (v) => {
      const at = p.needs.indexOf(v);
      if (at >= 0) p.needs.splice(at, 1); else if (p.needs.length < 2) p.needs.push(v);
      onChange();
    }, "needs"));
  }
  if (p.kind === "specialty") {
    fields.push(chips("Scores", [["now", "points at once"], ["end", "at the end (enter then)"]],
      (v) => (v === "now") === p.scoresNow, (v) => { p.scoresNow = v === "now"; onChange(); }, "scores"));
    if (p.scoresNow) fields.push(step("Points", "points", 0, 30, "points"));
  }
  if (p.kind === "scheme") {
    fields.push(step("Points", "spoints", -30, 30, "scheme-points"));
    fields.push(step("Crowns", "scrowns", -20, 20, "scheme-crowns"));
    fields.push(textField("cn-note", "Note (what the card said)", p.note, (v) => { p.note = v; }));
  } else {
    fields.push(h("details", { class: "cn-gain", open: p.gain.points || p.gain.crowns ? true : null },
      h("summary", {}, "Tile's own gain (its on-play text)"),
      step("Points", "points", -10, 20, "gain-points", p.gain),
      step("Crowns", "crowns", -10, 20, "gain-crowns", p.gain)));
  }
  const add = h("button", { type: "button", class: "big", id: "add-move", disabled: busy ? true : null },
    busy ? "Checking…" : p.kind === "scheme" ? "Add scheme" : `Add ${KINDS[p.kind].toLowerCase()}`);
  add.addEventListener("click", onSubmit);
  return h("section", { class: "card cn-form", "aria-labelledby": "form-title", "data-form": p.kind },
    h("h2", { id: "form-title" }, p.kind === "scheme" ? "Scheme" : `${KINDS[p.kind]} tile`),
    h("p", { class: "muted small" }, HINTS[p.kind]),
    fields,
    error ? h("p", { class: "error", role: "alert", id: "move-error" }, error) : null,
    h("div", { class: "row" }, add, h("button", { type: "button", class: "secondary", onclick: set(onCancel) }, "Cancel")));
}
