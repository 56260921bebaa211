// Teach once: send a photo of a blank pad sheet, show the straightened sheet
// with what was found drawn over it, let a person correct any printed value
// with one tap, let them drag a grid corner that is off (the blank is then
// looked at again with those corners as hints, vision.md), and save (the
// template is only used once every value was shown).
import * as M from "../kit/match.js";
import { sendPhoto, whatToDo } from "./send.js";

const { h } = M;
const data = M.pageData();
const api = data.urls.templates_api;
let edition = "suzhou";
let current = null; // {id, template}
let photo = null; // the blank sent last: sent again with corner hints
let corners = null; // the grid's corners on the shown sheet (template pixels), dragged by the person
const $ = (id) => document.getElementById(id);

function layoutsFor(ed) {
  const select = $("teach-layout");
  select.replaceChildren(h("option", { value: "" }, `The game's own ${ed[0].toUpperCase() + ed.slice(1)} squares`),
    ...data.layouts.filter((l) => l.edition === ed).map((l) => h("option", { value: l.id }, l.name)));
}

for (const button of document.querySelectorAll("[data-edition]")) {
  button.addEventListener("click", () => {
    edition = button.dataset.edition;
    for (const b of document.querySelectorAll("[data-edition]")) b.setAttribute("aria-pressed", String(b === button));
    layoutsFor(edition);
  });
}

function status(message, share) {
  $("teach-status").hidden = !message;
  $("teach-text").textContent = message || "";
  const bar = $("teach-progress");
  if (share === undefined) bar.removeAttribute("value"); else bar.value = Math.round(share * 100);
}

async function send(file, hints = null) {
  $("teach-error").hidden = true;
  photo = file;
  const form = new FormData();
  form.append("edition", edition);
  if ($("teach-layout").value) form.append("layout", $("teach-layout").value);
  if ($("teach-name").value.trim()) form.append("name", $("teach-name").value.trim());
  if (hints) form.append("hints", JSON.stringify(hints));
  form.append("photo", file, file.name || "blank.jpg");
  status("Sending the photo… 0%", 0);
  const answer = await sendPhoto(api, form, {
    onProgress: (s) => status(`Sending the photo… ${Math.round(s * 100)}%`, s),
    onSent: () => status(hints ? "Finding the grid again from your corners and reading the numbers…"
      : "Finding the grid and reading the printed numbers (this takes a few seconds)…"),
  });
  status("");
  if (!answer.ok) {
    const message = answer.data?.error || "the photo could not be used";
    $("teach-error").replaceChildren(h("p", { class: "error-title" }, "This photo cannot teach the pad"),
      h("p", { "data-testid": "server-message" }, message[0].toUpperCase() + message.slice(1) + "."),
      h("p", { class: "muted" }, whatToDo(answer.status)));
    $("teach-error").hidden = false;
    return false;
  }
  const replaced = hints && current ? current.id : null;
  current = { id: answer.data.id, template: answer.data.template };
  // the first try (not checked yet) is replaced by the one found from the corners
  if (replaced) await Companion.api("DELETE", `${api}/${encodeURIComponent(replaced)}`);
  show(current.template, answer.data.warnings || []);
  return true;
}

const SVG = "http://www.w3.org/2000/svg";
function rect(box, cls, k) {
  const r = document.createElementNS(SVG, "rect");
  r.setAttribute("x", box[0] * k); r.setAttribute("y", box[1] * k);
  r.setAttribute("width", (box[2] - box[0]) * k); r.setAttribute("height", (box[3] - box[1]) * k);
  r.setAttribute("class", cls);
  return r;
}
function label(box, text, k) {
  const t = document.createElementNS(SVG, "text");
  t.setAttribute("x", (box[0] + box[2]) / 2 * k); t.setAttribute("y", box[1] * k - 3);
  t.setAttribute("class", "teach-value");
  t.textContent = text;
  return t;
}

function drawOverlay(t) {
  const k = t.image_scale;
  const svg = $("teach-overlay");
  svg.setAttribute("viewBox", `0 0 ${Math.round(t.size[0] * k)} ${Math.round(t.size[1] * k)}`);
  svg.replaceChildren();
  for (const row of t.cells) for (const cell of row) svg.append(rect(cell.box, "teach-cell", k));
  for (const entries of Object.values(t.tracks)) {
    for (const e of entries) {
      svg.append(rect(e.box, e.confidence < 0.6 ? "teach-box doubtful" : "teach-box", k));
      svg.append(label(e.box, e.value ?? "?", k));
    }
  }
  for (const tree of t.trees) svg.append(rect(tree.box, "teach-tree", k));
  for (const house of t.houses) svg.append(rect(house.box, "teach-house", k));
  drawCorners(t);
}

// The grid's outline with a handle on each corner: a thumb drags a corner
// that is off; "Find the grid again" sends the photo with the four corners.
const CORNER_NAMES = ["top left", "top right", "bottom right", "bottom left"];
function drawCorners(t) {
  const k = t.image_scale;
  const [x0, y0, x1, y1] = t.grid;
  corners = corners || [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
  const svg = $("teach-overlay");
  const outline = document.createElementNS(SVG, "polygon");
  outline.setAttribute("class", "teach-grid");
  const place = () => outline.setAttribute("points", corners.map(([x, y]) => `${x * k},${y * k}`).join(" "));
  place();
  svg.append(outline);
  const perPixel = (t.size[0] * k) / (svg.getBoundingClientRect().width || 360);
  corners.forEach((pt, i) => {
    const handle = document.createElementNS(SVG, "circle");
    handle.setAttribute("class", "teach-corner");
    handle.setAttribute("data-corner", String(i));
    handle.setAttribute("r", String(16 * perPixel)); // a 32 px target for a thumb
    const put = () => { handle.setAttribute("cx", pt[0] * k); handle.setAttribute("cy", pt[1] * k); };
    put();
    handle.addEventListener("pointerdown", (ev) => {
      ev.preventDefault();
      handle.setPointerCapture(ev.pointerId);
      handle.classList.add("is-dragging");
    });
    handle.addEventListener("pointermove", (ev) => {
      if (!handle.hasPointerCapture(ev.pointerId)) return;
      const at = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(svg.getScreenCTM().inverse());
      pt[0] = Math.min(Math.max(at.x / k, 0), t.size[0]);
      pt[1] = Math.min(Math.max(at.y / k, 0), t.size[1]);
      put();
      place();
    });
    const moved = () => {
      $("teach-regrid").hidden = false;
      $("teach-regrid").textContent = `Find the grid again from these corners (${CORNER_NAMES[i]} moved)`;
    };
    const drop = (ev) => {
      if (!handle.hasPointerCapture(ev.pointerId)) return;
      handle.releasePointerCapture(ev.pointerId);
      handle.classList.remove("is-dragging");
      moved();
    };
    handle.addEventListener("pointerup", drop);
    handle.addEventListener("pointercancel", drop);
    // the keyboard too: arrows move the corner by 2 screen pixels, with Shift by 10
    handle.setAttribute("tabindex", "0");
    handle.setAttribute("role", "button");
    handle.setAttribute("aria-label", `${CORNER_NAMES[i]} corner of the grid: move it with the arrow keys`);
    handle.addEventListener("keydown", (ev) => {
      const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[ev.key];
      if (!step) return;
      ev.preventDefault();
      const by = ((ev.shiftKey ? 10 : 2) * perPixel) / k; // template pixels
      pt[0] = Math.min(Math.max(pt[0] + step[0] * by, 0), t.size[0]);
      pt[1] = Math.min(Math.max(pt[1] + step[1] * by, 0), t.size[1]);
      put();
      place();
      moved();
    });
    svg.append(handle);
  });
}

// template pixels -> the blank photo's upright pixels (the template's homography)
function onPhoto(t, [x, y]) {
  const H = t.homography;
  const w = H[2][0] * x + H[2][1] * y + H[2][2];
  return [(H[0][0] * x + H[0][1] * y + H[0][2]) / w, (H[1][0] * x + H[1][1] * y + H[1][2]) / w];
}

$("teach-regrid").addEventListener("click", async () => {
  if (!current || !photo) return;
  const grid = corners.map((pt) => onPhoto(current.template, pt).map((v) => Math.round(v * 10) / 10));
  $("teach-regrid").hidden = true;
  if (!(await send(photo, { grid }))) $("teach-regrid").hidden = false; // refused: the corners stay to try again
});

const NAMES = { hotels: "Hotels", shops: "Shops", shop_bonuses: "Shop bonuses", skyscrapers: "Skyscrapers" };
function drawTracks(t) {
  const box = $("teach-tracks");
  box.replaceChildren();
  for (const [name, entries] of Object.entries(t.tracks)) {
    const row = h("div", { class: "teach-track", "data-track": name }, h("h3", {}, NAMES[name] || name));
    const values = h("div", { class: "teach-values" });
    entries.forEach((e, i) => {
      const button = h("button", { type: "button", class: "teach-value-button" + (e.confidence < 0.6 ? " doubtful" : ""),
        "data-index": String(i), "aria-label": `${NAMES[name] || name} value ${i + 1}: ${e.value ?? "not read"}; tap to correct` },
        String(e.value ?? "?"));
      button.addEventListener("click", () => edit(name, i, button));
      values.append(button);
    });
    row.append(values);
    box.append(row);
  }
}

function edit(name, i, button) {
  const entry = current.template.tracks[name][i];
  const input = h("input", { type: "number", inputmode: "numeric", min: "0", max: "99", class: "teach-input",
    value: entry.value ?? "", "aria-label": `Correct ${NAMES[name] || name} value ${i + 1}` });
  const done = () => {
    const v = parseInt(input.value, 10);
    if (Number.isInteger(v) && v >= 0 && v <= 99) {
      entry.value = v; entry.confidence = 1; entry.fixed = true;
    }
    drawTracks(current.template);
    drawOverlay(current.template);
  };
  input.addEventListener("change", done);
  input.addEventListener("blur", done);
  input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") input.blur(); });
  button.replaceWith(input);
  input.focus();
  input.select();
}

function show(t, warnings) {
  corners = null;
  $("teach-regrid").hidden = true;
  $("teach-image").src = `data:image/png;base64,${t.image}`;
  drawOverlay(t);
  $("teach-warnings").replaceChildren(...warnings.map((w) => h("li", {}, w)));
  drawTracks(t);
  $("step-check").hidden = false;
  $("step-check").dataset.template = current.id;
  $("step-done").hidden = true;
  $("step-check").scrollIntoView({ behavior: "smooth", block: "start" });
}

$("teach-save").addEventListener("click", async () => {
  if (!current) return;
  const values = {};
  for (const [name, entries] of Object.entries(current.template.tracks)) {
    if (entries.some((e) => !Number.isInteger(e.value))) {
      Companion.toast(`Fill in every ${NAMES[name] || name} value first (tap the ?)`);
      return;
    }
    values[name] = entries.map((e) => e.value);
  }
  const answer = await Companion.api("PATCH", `${api}/${encodeURIComponent(current.id)}`, { values, confirmed: true });
  if (!answer.ok) { Companion.toast(answer.data?.error || "could not save; try again"); return; }
  $("step-check").hidden = true;
  $("step-done").hidden = false;
  $("teach-done-text").textContent = `Saved as “${answer.data.name}”. Photos of your finished ${answer.data.edition[0].toUpperCase() + answer.data.edition.slice(1)} sheets are now read with it.`;
  loadList();
});

async function loadList() {
  const answer = await Companion.api("GET", api);
  const list = $("teach-list");
  if (!answer.ok) { list.replaceChildren(h("li", {}, answer.data?.error || "could not load")); return; }
  if (!answer.data.length) { list.replaceChildren(h("li", { class: "muted" }, "None yet.")); return; }
  list.replaceChildren(...answer.data.map((t) => {
    const remove = h("button", { type: "button", class: "secondary small", "aria-label": `Delete ${t.name}` }, "Delete");
    remove.addEventListener("click", async () => {
      const gone = await Companion.api("DELETE", `${api}/${encodeURIComponent(t.id)}`);
      if (gone.ok) loadList(); else Companion.toast(gone.data?.error || "could not delete");
    });
    const label = h("span", {}, `${t.name} · ${t.edition[0].toUpperCase() + t.edition.slice(1)}${t.confirmed ? "" : " (not checked yet)"}`);
    if (t.template?.format === 1) {
      // taught before the blank's colours were kept (template format 2, vision.md)
      label.append(h("br"), h("span", { class: "small muted teach-old" },
        "Taught before colours were kept: teach this sheet again to read crosses over coloured pictures better."));
      remove.style.flexShrink = "0"; // the long line wraps, not the button (photo.css is another lane's)
    }
    return h("li", { class: "teach-item" }, label, remove);
  }));
}

for (const id of ["teach-camera", "teach-file"]) {
  $(id).addEventListener("change", () => {
    const file = $(id).files?.[0];
    $(id).value = "";
    if (file) send(file);
  });
}
layoutsFor(edition);
loadList();
