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
// come from what the group types).
const NAMES = {
  industrial: ["Apothecary", "Engineer", "Smelter"],
  specialty: ["Guild Hall", "Senate Annex", "College", "Black Market"],
};
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

/** "Apothecary — 3 crowns, 7 points, dyes + spices" */
export function tileText(tile) {
  const d = tile.data;
  const parts = [`${d.cost} crown${d.cost === 1 ? "" : "s"}`];
  if (d.points !== null && d.points !== undefined) parts.push(`${d.points} point${d.points === 1 ? "" : "s"}`);
  else if (tile.kind === "specialty") parts.push("scores at the end");
  if (d.needs?.length) parts.push(d.needs.join(" + "));
  return `${tile.name} — ${parts.join(", ")}`;
}

/** The tile a pending move describes, as the group keeps it. */
export function tileOf(p) {
  const data = { cost: p.cost };
  if (p.kind === "industrial") { data.points = p.points; data.needs = [...p.needs]; }
  else data.points = p.scoresNow ? p.points : null;
  return { kind: p.kind, name: p.name.trim().replace(/\s+/g, " "), data };
}

export const sameTile = (a, b) => a.kind === b.kind && a.name.toLowerCase() === b.name.toLowerCase();
const figures = (d) => JSON.stringify([d.cost, d.points ?? null, d.needs || []]);
export const sameData = (a, b) => figures(a.data) === figures(b.data);

/** Fill the pending move in from a kept tile (its squares and owner stay). */
export function useTile(p, tile) {
  p.name = tile.name;
  p.cost = tile.data.cost;
  if (tile.kind === "industrial") { p.points = tile.data.points; p.needs = [...(tile.data.needs || [])]; }
  else { p.scoresNow = tile.data.points !== null && tile.data.points !== undefined; if (p.scoresNow) p.points = tile.data.points; }
}

function tilePicker(p, tiles, onPick) {
  const mine = (tiles || []).filter((t) => t.kind === p.kind);
  if (!mine.length) {
    return h("p", { class: "muted small", "data-testid": "tiles-empty" },
      `Your group's ${p.kind} tiles appear here once typed in: type this one below and it is offered next time.`);
  }
  const typed = tileOf(p);
  return h("div", { class: "cn-field" }, h("span", { class: "cn-label-text" }, `Your group's ${p.kind} tiles`),
    h("div", { class: "cn-tiles", role: "group", "aria-label": `Your group's ${p.kind} tiles`, "data-testid": "tiles" },
      mine.map((t) => {
        const on = sameTile(t, typed) && sameData(t, typed);
        return h("button", { type: "button", class: "toggle cn-tile", "aria-pressed": String(on), "data-tile": t.name,
          onclick: () => onPick(t) }, tileText(t));
      })));
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
    build.name = p.name.trim();
    if (!build.name) return { problem: `Type the ${p.kind} building's name (it is printed on the tile).` };
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
    fields.push(textField("cn-name", "Name on the tile", p.name, (v) => { p.name = v; }, NAMES[p.kind]));
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
