// Sheet layout editor: the group's own Doodle China layouts beside the
// built-in print-and-play ones. Copy a layout, paint its squares with the
// kind palette, set each house square's printed and pre-crossed houses, the
// score track values and the trees, then save (POST/PUT /api/groups/<gid>/layouts).
// The server checks everything; its refusal is shown with the square or
// house square it points at.
import * as M from "../../kit/match.js";
import { clone } from "../../kit/match.js";
import * as S from "../../kit/doodle_sheet.js";

const { h } = M;
const data = M.pageData();
const app = document.getElementById("layouts-app");
const api = data.urls.layouts_api;
const EDITIONS = S.EDITIONS;
const TRACK_TITLES = { hotels: "Hotel values", shops: "Shop values", skyscrapers: "Skyscraper values" };
const TRACK_ORDER = { suzhou: ["hotels", "shops"], shanghai: ["hotels", "skyscrapers"] };
const NEW_HOUSE = { count: 4, printed_crossed: 2 };

// A Shanghai `start` square (a layout saved before the parks were the starting squares) is a park.
let layouts = data.layouts.map((l) => ({ ...l, data: { ...l.data, cells: S.currentGrid(l.edition, l.data.cells) } }));
let form = null; // {id, edition, name, data, tracksText, paint, error}

function preview(layout) {
  const grid = h("div", { class: "dc-preview", "aria-hidden": "true" });
  grid.style.setProperty("--n", layout.data.cols);
  layout.data.cells.flat().forEach((kind) => grid.append(h("span", { class: `dc-mini kind-${kind}` }, S.icon(kind))));
  return grid;
}

function openForm(layout, asCopy) {
  const d = clone(layout.data);
  form = {
    id: asCopy ? null : layout.id, version: asCopy ? null : layout.version, edition: layout.edition,
    name: asCopy ? `${layout.name} (copy)`.slice(0, 60) : layout.name,
    data: d, paint: "plain", error: null,
    tracksText: Object.fromEntries(TRACK_ORDER[layout.edition].map((k) => [k, (d.tracks[k] || []).join(", ")])),
  };
  render();
  window.scrollTo(0, 0);
}

function renderList() {
  const items = layouts.map((l) => h("li", { class: "card le-item", "data-layout": l.id },
    preview(l),
    h("div", { class: "grow" },
      h("div", { class: "le-name" }, l.name),
      h("div", { class: "muted small" }, `${EDITIONS[l.edition]}${l.builtin ? " · built in" : ""}`),
      h("div", { class: "le-actions" },
        h("button", { type: "button", class: "secondary", onclick: () => openForm(l, true) }, "Copy"),
        l.builtin ? null : h("button", { type: "button", onclick: () => openForm(l, false) }, "Edit"),
        l.builtin ? null : M.confirmButton("Delete", "Tap again to delete", () => remove(l), "danger")))));
  app.replaceChildren(
    h("div", { class: "row" }, Object.entries(EDITIONS).map(([ed, name]) => h("button", { type: "button",
      "data-new": ed, onclick: () => openForm(layouts.find((l) => l.builtin && l.edition === ed), true) }, `New ${name} layout`))),
    h("ul", { class: "le-list" }, items),
    h("a", { class: "dc-link", href: data.urls.play }, "‹ Back to scoring"));
}

async function remove(layout) {
  const answer = await Companion.api("DELETE", `${api}/${encodeURIComponent(layout.id)}`);
  if (!answer.ok) { Companion.toast(`Not deleted: ${M.errorText(answer.data)}`); return; }
  layouts = layouts.filter((l) => l.id !== layout.id);
  Companion.toast(`${layout.name} deleted.`);
  render();
}

// ----- the editor ------------------------------------------------------------

function paintSquare(r, c) {
  const d = form.data;
  const was = d.cells[r][c];
  const now = form.paint;
  if (was === now) return;
  d.cells[r][c] = now;
  if (was === "house") d.houses = d.houses.filter((x) => !(x.cell[0] === r && x.cell[1] === c));
  if (now === "house") d.houses.push({ cell: [r, c], ...NEW_HOUSE });
  d.houses.sort((a, b) => a.cell[0] - b.cell[0] || a.cell[1] - b.cell[1]);
  render();
}

/** Which square, house square or track the server's error path points at, and its words. */
function errorTarget(path) {
  const cell = /^data\.cells\[(\d+)\]\[(\d+)\]/.exec(path || "");
  if (cell) return { cell: S.key(Number(cell[1]), Number(cell[2])), words: `Row ${Number(cell[1]) + 1}, column ${Number(cell[2]) + 1}` };
  const house = /^data\.houses\[(\d+)\]/.exec(path || "");
  if (house) {
    const x = form.data.houses[Number(house[1])];
    return { house: Number(house[1]), words: x ? `House square at row ${x.cell[0] + 1}, column ${x.cell[1] + 1}` : "House squares" };
  }
  const track = /^data\.tracks\.(\w+)/.exec(path || "");
  if (track) return { track: track[1], words: TRACK_TITLES[track[1]] || "Score tracks" };
  if (path === "name") return { words: "Name" };
  if (path === "data.trees") return { words: "Trees" };
  return {};
}

function gridEditor(target) {
  const d = form.data;
  const grid = h("div", { class: `dc-grid ed-${form.edition}`, role: "group", "aria-label": "Sheet squares", "data-testid": "layout-grid" });
  grid.style.setProperty("--n", d.cols);
  d.cells.forEach((row, r) => row.forEach((kind, c) => {
    const spec = kind === "house" ? d.houses.find((x) => x.cell[0] === r && x.cell[1] === c) : null;
    const k = S.key(r, c);
    grid.append(h("button", { type: "button", class: `dc-sq kind-${kind}${target.cell === k ? " has-error" : ""}`,
      "data-testid": `sq-${r}-${c}`, "aria-label": `Row ${r + 1}, column ${c + 1}: ${S.KIND_WORDS[kind] || kind}`,
      onclick: () => paintSquare(r, c) },
    S.squareSvg({ kind, houses: spec ? { count: spec.count, printed: spec.printed_crossed, crossed: 0 } : null })));
  }));
  return grid;
}

function housesEditor(target) {
  const d = form.data;
  if (!d.houses.length) return null;
  return h("section", {}, h("h2", {}, "House squares"),
    h("p", { class: "muted small" }, "How many houses each house square prints, and how many come already crossed out."),
    h("ul", { class: "le-houses" }, d.houses.map((x, i) => h("li", { class: target.house === i ? "has-error" : "",
      "data-testid": `house-${x.cell[0]}-${x.cell[1]}` },
    h("div", { class: "small" }, `Row ${x.cell[0] + 1}, column ${x.cell[1] + 1}`),
    M.stepper({ label: "Houses printed", value: x.count, min: 1, max: 9, testid: "count",
      onChange: (n) => { x.count = n; x.printed_crossed = Math.min(x.printed_crossed, n - 1); render(); } }),
    M.stepper({ label: "Already crossed", value: x.printed_crossed, min: 0, max: Math.max(0, x.count - 1), testid: "printed",
      onChange: (n) => { x.printed_crossed = n; render(); } })))));
}

/** "2, 3, 5" -> [2, 3, 5] lowest first; a word that is not a number is sent as typed so the server names it. */
function parseTrack(text) {
  const items = text.split(/[\s,;]+/).filter(Boolean).map((w) => (/^-?\d+$/.test(w) ? Number(w) : w));
  const nums = items.filter((v) => typeof v === "number").sort((a, b) => a - b);
  return [...nums, ...items.filter((v) => typeof v !== "number")];
}

function tracksEditor(target) {
  return h("section", {}, h("h2", {}, "Score tracks"),
    h("p", { class: "muted small" }, "The numbers printed on the sheet, separated by commas."),
    TRACK_ORDER[form.edition].map((k) => h("div", {},
      h("label", { for: `track-${k}` }, TRACK_TITLES[k]),
      (() => {
        const input = h("input", { id: `track-${k}`, class: `le-field${target.track === k ? " has-error" : ""}`,
          inputmode: "numeric", value: form.tracksText[k], "aria-invalid": target.track === k ? "true" : null });
        input.addEventListener("input", () => { form.tracksText[k] = input.value; });
        return input;
      })())),
    form.edition === "suzhou" ? h("p", { class: "small muted" }, "Shop bonuses 3, 5, 7 and 10 are the same on every sheet.") : null,
    M.stepper({ label: "Trees", value: form.data.trees, min: 1, max: data.rules[form.edition].trees, testid: "trees",
      onChange: (n) => { form.data.trees = n; render(); } }));
}

async function save() {
  const d = clone(form.data);
  for (const k of TRACK_ORDER[form.edition]) d.tracks[k] = parseTrack(form.tracksText[k]);
  const body = { name: form.name, edition: form.edition, data: d };
  if (!form.id) form.newId ||= Companion.uuid();
  const answer = form.id ? await Companion.api("PUT", `${api}/${encodeURIComponent(form.id)}`, { ...body, version: form.version ?? undefined })
    : await Companion.api("POST", api, { id: form.newId, ...body });
  if (!answer.ok) {
    form.error = answer.data || { error: "could not save" };
    render();
    document.getElementById("layout-error")?.scrollIntoView({ block: "center" });
    return;
  }
  const saved = answer.data;
  layouts = [...layouts.filter((l) => l.id !== saved.id), saved];
  form = null;
  Companion.toast(`Layout “${saved.name}” saved.`);
  render();
}

function renderForm() {
  const target = errorTarget(form.error?.path);
  const name = h("input", { id: "layout-name", class: "le-field", maxlength: String(Companion.limits.label_name), value: form.name });
  name.addEventListener("input", () => { form.name = name.value; });
  const palette = h("div", { class: "le-palette", role: "group", "aria-label": "Square kind to paint" },
    data.rules[form.edition].kinds.map((k) => h("button", { type: "button", class: `toggle kind-${k}`,
      "aria-pressed": String(form.paint === k), "data-kind": k, onclick: () => { form.paint = k; render(); } },
    k === "plain" ? null : S.icon(k), k)));
  app.replaceChildren(...[
    h("h2", {}, `${form.id ? "Edit" : "New"} ${EDITIONS[form.edition]} layout`),
    h("label", { for: "layout-name" }, "Name"), name,
    h("h2", {}, "Squares"),
    h("p", { class: "muted small" }, "Choose a kind, then tap the squares that show it on your sheet."),
    palette, gridEditor(target), housesEditor(target), tracksEditor(target),
    form.error ? h("p", { class: "error card", role: "alert", id: "layout-error" },
      `Not saved: ${target.words ? `${target.words}: ` : ""}${form.error.error}. `
      + "Nothing you entered was lost.") : null,
    form.error?.path === "version" && form.error.current ? h("div", { class: "row", id: "layout-conflict" },
      // Saved on another phone meanwhile: keep mine (save over theirs) or take theirs.
      h("button", { type: "button", id: "keep-mine", onclick: () => { form.version = form.error.current.version; form.error = null; save(); } }, "Keep mine"),
      h("button", { type: "button", class: "secondary", id: "take-theirs", onclick: () => openForm(form.error.current, false) },
        `Take theirs (“${form.error.current.name}”)`)) : null,
    h("div", { class: "row" }, h("button", { type: "button", class: "big", id: "save-layout", onclick: save }, "Save layout"),
      h("button", { type: "button", class: "secondary", onclick: () => { form = null; render(); } }, "Cancel")),
  ].filter(Boolean));
}

function render() {
  if (form) renderForm(); else renderList();
}

const wanted = data.open && layouts.find((l) => l.id === data.open);
if (wanted) openForm(wanted, wanted.builtin); else render();
