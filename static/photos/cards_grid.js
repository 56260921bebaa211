// Many catalog cards from one photo: the cards laid out apart in a grid are
// sent to POST /api/groups/<gid>/card-photos/grid, which finds and describes
// each; every card found is shown upright with a short form (kind, colour,
// values) prefilled from what the photo suggests and from values already
// typed for similar cards; "Save card" adds it to the catalog and attaches its
// description (POST .../cards/<cid>/photo with the grid id and its index).
import * as M from "../kit/match.js";
import * as H from "../kit/houses_model.js";
import { sendPhoto, whatToDo } from "./send.js";

const { h } = M;
const KIND_WORDS = { store: "Store", window: "Window", roof: "Roof" };

/** The section; onSaved() after each card is saved (the page reloads its list). */
export function gridSection({ urls, colors, onSaved }) {
  const state = { phase: "idle", share: 0, error: null, status: 0, grid: null, forms: [], typed: [] };
  const box = h("section", { class: "card grid-add", "aria-label": "Add many cards from one photo" });

  const blank = (kind) => (kind === "window" ? H.blankWindow() : H.blankCard());
  function formFor(card, i) {
    const kind = card.role_hint || "window";
    const data = { ...blank(kind), color: card.color_hint || null };
    return { index: i, kind, data, name: `${KIND_WORDS[kind]} ${i + 1}`, saved: null, error: null, busy: false };
  }

  // An answer redraws every card's form; between a tap's pointerdown and its
  // click that would take the tap (say on the next card) away, so an answer's
  // redraw waits until no finger is down (M.whenHandsOff), and one held redraw
  // covers any answers that land meanwhile. Taps redraw at once (render()).
  let redrawHeld = false;
  function redraw() {
    if (redrawHeld) return;
    redrawHeld = true;
    M.whenHandsOff(() => { redrawHeld = false; render(); });
  }

  async function send(file) {
    Object.assign(state, { phase: "uploading", share: 0, error: null, grid: null, forms: [] });
    render();
    const form = new FormData();
    form.append("photo", file, file.name || "cards.jpg");
    const answer = await sendPhoto(urls.card_grid_api, form, {
      onProgress: (share) => { state.share = share; redraw(); },
      onSent: () => { state.phase = "reading"; redraw(); },
    });
    if (answer.ok) {
      Object.assign(state, { phase: "done", grid: answer.data, forms: answer.data.cards.map(formFor) });
    } else {
      Object.assign(state, { phase: "error", error: answer.data?.error || "the photo was not read", status: answer.status, file });
    }
    redraw();
  }

  async function save(f) {
    f.busy = true; f.error = null; render();
    const made = await Companion.api("POST", urls.cards_api, { kind: f.kind, name: f.name.trim() || `${KIND_WORDS[f.kind]} ${f.index + 1}`, data: H.clone(f.data) });
    if (!made.ok) { f.busy = false; f.error = M.errorText(made.data); redraw(); return; }
    const form = new FormData();
    form.append("grid", state.grid.id);
    form.append("index", String(f.index));
    const attached = await Companion.api("POST", `${urls.cards_api}/${encodeURIComponent(made.data.id)}/photo`, form);
    f.busy = false;
    if (!attached.ok) { f.error = `saved, but its photo was not attached: ${M.errorText(attached.data)}`; redraw(); return; }
    f.saved = made.data;
    state.typed.unshift({ name: f.name, kind: f.kind, data: H.clone(f.data) });
    Companion.toast(`“${made.data.name}” added to the catalog.`);
    redraw();
    onSaved?.();
  }

  function picker(capture) {
    const id = `grid-${capture ? "camera" : "file"}`;
    const input = h("input", { type: "file", id, class: "visually-hidden", accept: "image/*", capture: capture ? "environment" : null,
      "data-testid": capture ? "grid-camera" : "grid-file" });
    input.addEventListener("change", () => { const file = input.files?.[0]; input.value = ""; if (file) send(file); });
    return [input, h("label", { for: id, class: `button ${capture ? "" : "secondary"} pick` }, capture ? "Photograph many cards" : "Choose a photo")];
  }

  function suggestions(f, card) {
    const offered = [...state.typed.filter((t) => t.kind === f.kind), ...(f.kind === card.role_hint ? card.similar : [])];
    const seen = new Set();
    const chips = [];
    for (const s of offered) {
      const key = JSON.stringify({ ...s.data, color: null });
      if (seen.has(key) || chips.length >= 4) continue;
      seen.add(key);
      chips.push(h("button", { type: "button", class: "secondary chip-like", "data-testid": "same-as",
        onclick: () => { f.data = { ...H.clone(s.data), color: f.data.color ?? s.data.color ?? null }; render(); } },
      `Same as ${s.name}: ${H.catalogText(f.kind, s.data)}`));
    }
    return chips.length ? h("div", { class: "suggest" }, h("p", { class: "small muted" }, "Values typed for similar cards:"), ...chips) : null;
  }

  function conditionEditor(f) {
    const items = H.conditionItems(f.data.condition || {});
    const select = h("select", { "aria-label": "Add a condition", "data-testid": "add-condition" },
      h("option", { value: "" }, "Add a condition…"),
      // the engine's words for each kind of requirement (page data, H.vocabulary())
      H.vocabulary().kinds.map(({ type, key, label }) => h("option", { value: `${type}:${key}` }, label)));
    select.addEventListener("change", () => {
      const [type, key] = select.value.split(":");
      if (type) { f.data.condition ||= {}; H.addItem(f.data.condition, type, key); render(); }
    });
    return h("div", { class: "grid-cond" },
      items.map((item) => h("div", { class: "row" },
        h("span", { class: "grow" }, H.itemLabel(item)),
        item.n === undefined ? null : M.stepper({ label: "N", value: item.n, min: 1, max: 12,
          onChange: (n) => { H.setItemNumber(f.data.condition, item, n); render(); } }),
        h("button", { type: "button", class: "secondary", "aria-label": `Remove ${H.itemLabel(item)}`,
          onclick: () => { H.removeItem(f.data.condition, item); render(); } }, "✕"))),
      select);
  }

  function cardForm(card) {
    const f = state.forms[card.index];
    if (f.saved) {
      return h("li", { class: "grid-card is-saved", "data-grid-card": String(card.index) },
        h("img", { src: card.preview, alt: `Card ${card.index + 1}`, class: "grid-preview" }),
        h("p", { class: "ok", "data-testid": "grid-saved" }, `✓ ${f.saved.name} saved`, h("br"), h("span", { class: "small muted" }, H.catalogText(f.kind, f.data))));
    }
    const kinds = h("div", { class: "seg", role: "group", "aria-label": "Kind of card" },
      ["store", "window", "roof"].map((k) => h("button", { type: "button", class: "toggle", "aria-pressed": String(f.kind === k),
        onclick: () => { if (f.kind !== k) { f.kind = k; f.data = { ...blank(k), color: f.data.color }; f.name = f.name.replace(/^(Store|Window|Roof)\b/, KIND_WORDS[k]); render(); } } }, KIND_WORDS[k])));
    const swatches = h("div", { class: "swatches", role: "group", "aria-label": "Card colour" },
      [...colors, null].map((c) => h("button", { type: "button", class: `swatch ${c ? `c-${c}` : "no-color"}`, "aria-label": c || "no colour",
        "aria-pressed": String((f.data.color || null) === c), onclick: () => { f.data.color = c; render(); } }, c ? "" : "–")));
    const values = f.kind === "window"
      ? H.FEATURES.map((feat) => M.stepper({ label: H.FEATURE_NAMES[feat], value: f.data[feat] || 0, min: 0, max: 9,
        testid: `grid-${feat}`, onChange: (n) => { f.data[feat] = n; render(); } }))
      : [M.stepper({ label: "Points", value: f.data.points || 0, min: 0, max: 20, testid: "grid-points",
        onChange: (n) => { f.data.points = n; render(); } }), conditionEditor(f)];
    const name = h("input", { value: f.name, maxlength: String(Companion.limits.label_name), "aria-label": `Name of card ${card.index + 1}`, class: "grow",
      "data-name-of": String(card.index) });
    name.addEventListener("input", () => { f.name = name.value; });
    return h("li", { class: "grid-card", "data-grid-card": String(card.index) },
      h("div", { class: "grid-head" },
        h("img", { src: card.preview, alt: `Card ${card.index + 1} as photographed`, class: "grid-preview" }),
        h("div", { class: "grow" }, h("p", { class: "small muted" }, `Card ${card.index + 1}`,
          card.looks_face_down ? " · looks like a card's back: skip it if it is face down" : card.role_hint ? ` · looks like a ${card.role_hint}` : ""), kinds)),
      suggestions(f, card), swatches, ...values,
      h("div", { class: "row" }, name,
        h("button", { type: "button", "data-testid": "grid-save", disabled: f.busy || null, onclick: () => save(f) }, f.busy ? "Saving…" : "Save card")),
      f.error ? h("p", { class: "error small", role: "alert" }, f.error) : null);
  }

  function render() {
    const parts = [h("h2", {}, "Add many cards from one photo"),
      h("p", { class: "small muted" }, "Lay up to 20 cards face up on the table, a little apart, in rows; photograph them from above. Each card is shown for you to name its values."),
      h("div", { class: "row" }, ...picker(true), ...picker(false))];
    if (state.phase === "uploading" || state.phase === "reading") {
      const bar = h("progress", { max: "100", class: "card-progress" });
      if (state.phase === "uploading") bar.value = Math.round(state.share * 100);
      parts.push(bar, h("p", { class: "small", role: "status" }, state.phase === "uploading" ? `Sending… ${Math.round(state.share * 100)}%` : "Finding the cards…"));
    } else if (state.phase === "error") {
      parts.push(h("div", { class: "error-box small", role: "alert" }, h("p", { class: "error-title" }, "No cards added"),
        h("p", {}, state.error), h("p", { class: "muted" }, whatToDo(state.status)),
        h("button", { type: "button", class: "secondary", onclick: () => send(state.file) }, "Try again with this photo")));
    } else if (state.phase === "done") {
      const cards = state.grid.cards;
      const left = state.forms.filter((f) => !f.saved).length;
      parts.push(h("p", { class: "small", "data-testid": "grid-count", role: "status" },
        `${cards.length} card${cards.length === 1 ? "" : "s"} found; ${left} to save.`));
      for (const w of state.grid.warnings || []) parts.push(h("p", { class: "small warn" }, `Check: ${w}.`));
      parts.push(h("ol", { class: "grid-cards" }, cards.map(cardForm)));
    }
    // A redraw replaces every input: the name being typed keeps its focus and
    // caret (else an answer landing mid-word would close the phone's keyboard).
    const el = document.activeElement;
    const typing = box.contains(el) && el.matches("input[data-name-of]")
      ? { of: el.dataset.nameOf, start: el.selectionStart, end: el.selectionEnd } : null;
    box.replaceChildren(...parts);
    const again = typing && box.querySelector(`input[data-name-of="${typing.of}"]`);
    if (again) { again.focus(); again.setSelectionRange(typing.start, typing.end); }
  }

  render();
  return box;
}
