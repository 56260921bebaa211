// The Canal Houses card editor: window feature counts, colour swatches,
// store/roof points and condition icons (with the engine's met / not met and
// why), moving or removing cards, and the group's card catalog
// (/api/groups/<gid>/cards): save a card once, pick it next time.
import * as M from "./match.js";
import * as H from "./houses_model.js";

const { h, icon } = M;
// The card colours the box has, from the game registry.
const COLORS = Companion.facts.games["canal-houses"].palette;
const catalog = { gid: null, cards: null, error: null, loading: false, rerender: null };
// What a redraw must not lose: open sections and a half-typed catalog name.
const keep = { catalogOpen: false, name: "" };

function remembered(details, key) {
  details.addEventListener("toggle", () => { keep[key] = details.open; });
  return details;
}

function loadCatalog(gid, rerender) {
  catalog.rerender = rerender;
  if (catalog.cards || catalog.loading) return;
  catalog.gid = gid;
  catalog.loading = true;
  Companion.api("GET", `/api/groups/${encodeURIComponent(gid)}/cards`).then((answer) => {
    catalog.loading = false;
    if (answer.ok) { catalog.cards = answer.data.cards; catalog.error = null; }
    else catalog.error = M.errorText(answer.data);
    // Read as the editor first opens, it may land during the first taps: a redraw
    // between a tap's pointerdown and its click would take the tap away.
    M.whenHandsOff(() => catalog.rerender?.());
  });
}

function swatches(current, onPick) {
  return h("div", { class: "swatches", role: "group", "aria-label": "Card colour" },
    [...COLORS, null].map((color) => h("button", {
      type: "button", class: `swatch ${color ? `c-${color}` : "no-color"}`, "data-color": color || "none",
      "aria-label": color || "no colour", "aria-pressed": String((current || null) === color),
      onclick: () => onPick(color) }, color ? "" : icon("none"))));
}

function conditionRow(cond, item, checks, edit) {
  const check = H.checkFor(item, checks);
  const status = check ? h("span", { class: `cond-status ${check.met ? "ok" : "error"}`, "data-met": String(check.met) },
    icon(check.met ? "check" : "cross"), check.met ? "met" : "not met", h("span", { class: "why" }, ` — ${check.why}`)) : null;
  // Numbers past the chips' (4+ flags, exactly 6 high) with − / + on the same line.
  const vocab = H.vocabulary();
  const number = item.n === undefined ? null : M.stepper({
    label: item.type === "height" ? "cards high" : `${item.key} needed`, value: item.n, min: 1,
    max: item.type === "height" ? vocab.max_height : vocab.max_need, onChange: (n) => edit((c) => H.setItemNumber(c, item, n)) });
  return h("li", { class: "cond-row", "data-cond": H.itemId(item) },
    h("div", { class: "cond-head" }, h("span", { class: "cond-label" }, H.itemLabel(item)), number,
      h("button", { type: "button", class: "secondary small-btn", "aria-label": `Remove condition ${H.itemLabel(item)}`,
        onclick: () => edit((c) => H.removeItem(c, item)) }, "✕")),
    status);
}

/** A row of number keys: one tap sets the value (the chip keyboard). */
function numberKeys({ label, iconName, values, current, onPick, testid }) {
  const all = values.includes(current) ? values : [...values, current].sort((a, b) => a - b);
  return h("div", { class: "key-row", role: "group", "aria-label": label, "data-testid": testid || null },
    h("span", { class: "key-label" }, iconName ? icon(iconName) : null, label),
    h("div", { class: "keys" }, all.map((v) => h("button", { type: "button", class: "key", "data-value": String(v),
      "aria-label": `${label}: ${v}`, "aria-pressed": String(v === current), onclick: () => onPick(v) }, String(v)))));
}

/** The common conditions as chips, in the engine's words (page data
 * `conditions`, from companion/games/canal_houses/conditions.py). */
function conditionChips(cond, edit) {
  const { chips, pairs = [] } = H.vocabulary();
  const single = (chip) => h("button", { type: "button", class: "cond-chip", "data-chip": chip.rule,
    "aria-pressed": String(H.hasChip(cond, chip)), onclick: () => edit((c) => H.toggleChip(c, chip)) }, chip.label);
  // Two features at once ("1+ cat & 1+ flag") right after the one-feature chips.
  const pair = (p) => h("button", { type: "button", class: "cond-chip", "data-chip": p.rules.join(" & "),
    "aria-pressed": String(H.hasPair(cond, p)), onclick: () => edit((c) => H.togglePair(c, p)) }, p.label);
  const features = chips.filter((c) => c.type === "at_least");
  return h("div", { class: "cond-chips", role: "group", "aria-label": "Common conditions" },
    [...features.map(single), ...pairs.map(pair), ...chips.filter((c) => c.type !== "at_least").map(single)]);
}

/** One tap for a window that gives what its house's store and roof still ask
 * for ("Asked by this house: 1 cat + 1 flag"); shown only while something is asked. */
function askedChip(house, w, card, edit) {
  const left = H.stillAsked(house, w);
  const keys = Object.keys(left);
  if (!keys.length) return null;
  const on = keys.every((f) => card[f] === left[f]);
  return h("button", { type: "button", class: "cond-chip asked-chip", "data-action": "house-asks",
    "data-asks": keys.map((f) => `${f}=${left[f]}`).join(","), "aria-pressed": String(on),
    onclick: () => edit((c) => { for (const f of keys) c[f] = left[f]; }) },
  `Asked by this house: ${H.windowText(left)}`);
}

/** Add the next card by tapping its colour: a window above, the roof, a new house. */
function nextCards({ sel, house, addNext }) {
  const rows = [];
  const row = (what, label, verb) => h("div", { class: "next-row", role: "group", "aria-label": label },
    h("span", { class: "key-label" }, label),
    h("div", { class: "next-swatches" }, COLORS.map((color) => h("button", { type: "button", class: `swatch c-${color}`,
      "data-next": what, "data-next-color": color, "aria-label": `${verb} ${color} ${what === "house" ? "store" : what}`,
      onclick: () => addNext(what, color) }))));
  if (sel.part !== "roof") rows.push(row("window", "Window above", "Add a"));
  if (!house.roof) rows.push(row("roof", "Roof", "Add a"));
  rows.push(row("house", "New house", "New house with a"));
  return h("section", { class: "next-cards", "aria-label": "Next card" }, h("h4", {}, "Next card: tap its colour"), rows);
}

/** The group's saved cards of this kind as one-tap chips (those of the card's
 * colour first when it has one): a card met again is picked, not re-entered. */
function savedCards(kind, current, apply) {
  const mine = (catalog.cards || []).filter((c) => c.kind === kind);
  if (!mine.length) return null;
  const same = current.color ? mine.filter((c) => (c.data.color || null) === current.color) : [];
  const shown = same.length ? same : mine;
  return h("div", { class: "key-row saved-cards", role: "group", "aria-label": `Saved ${kind} cards` },
    h("span", { class: "key-label" }, "Saved cards"),
    h("div", { class: "cond-chips" }, shown.slice(0, 12).map((card) => h("button", { type: "button", class: "cond-chip",
      "data-saved": card.id, "aria-pressed": String(H.sameJson(card.data, current)),
      "aria-label": `${card.name}: ${H.catalogText(kind, card.data)}`, onclick: () => apply(H.clone(card.data)) }, card.name))));
}

function catalogView(kind, current, gid, apply, rerender) {
  loadCatalog(gid, rerender);
  const mine = (catalog.cards || []).filter((c) => c.kind === kind);
  const status = h("p", { class: "catalog-status small", role: "status" });
  const list = catalog.cards === null
    ? h("p", { class: "muted small" }, catalog.error ? `Catalog not loaded: ${catalog.error}` : "Loading the catalog…")
    : mine.length ? h("ul", { class: "catalog-list" }, mine.map((card) => h("li", { class: "catalog-item" },
      h("button", { type: "button", class: "secondary grow use-card", "data-card": card.id, onclick: () => apply(H.clone(card.data)) },
        h("span", { class: "catalog-name" }, card.name), h("span", { class: "muted small" }, H.catalogText(kind, card.data))),
      h("button", { type: "button", class: "secondary", "aria-label": `Delete ${card.name} from the catalog`,
        onclick: () => removeCard(card, rerender) }, "✕"))))
      : h("p", { class: "muted small" }, `No saved ${kind} cards yet: save this one to pick it next time.`);
  const name = h("input", { class: "grow", maxlength: String(Companion.limits.label_name), placeholder: `Name, e.g. “${H.catalogText(kind, current).slice(0, 28)}”`,
    "aria-label": `Name for this ${kind} card`, id: "catalog-name", value: keep.name || null });
  name.addEventListener("input", () => { keep.name = name.value; });
  const form = h("form", { class: "row", novalidate: true }, name, h("button", { type: "submit" }, "Save card"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const typed = name.value.trim() || H.catalogText(kind, current).slice(0, 60);
    const same = mine.find((c) => c.name.toLowerCase() === typed.toLowerCase());
    const base = `/api/groups/${encodeURIComponent(gid)}/cards`;
    const answer = same
      ? await Companion.api("PUT", `${base}/${encodeURIComponent(same.id)}`, { kind, name: typed, data: current, version: same.version })
      : await Companion.api("POST", base, { id: Companion.uuid(), kind, name: typed, data: current });
    if (answer.status === 409 && answer.data?.path === "version") {
      // Changed on another phone since this page loaded: take theirs into the list; a second
      // "Save card" then keeps mine on top of it.
      catalog.cards = [...(catalog.cards || []).filter((c) => c.id !== answer.data.current.id), answer.data.current];
      status.className = "catalog-status small error";
      status.textContent = `“${answer.data.current.name}” was changed on another phone; theirs is in the list now. Save again to keep yours instead.`;
      return;
    }
    if (!answer.ok) {
      status.className = "catalog-status small error";
      status.textContent = `Not saved: ${M.errorText(answer.data)}`;
      return;
    }
    catalog.cards = [...(catalog.cards || []).filter((c) => c.id !== answer.data.id), answer.data];
    keep.name = "";
    Companion.toast(same ? `Updated “${answer.data.name}” in the catalog.` : `Saved “${answer.data.name}” to the catalog.`);
    M.whenHandsOff(rerender);
  });
  return remembered(h("details", { class: "catalog", open: keep.catalogOpen || null },
    h("summary", {}, `Card catalog (${mine.length} ${kind} card${mine.length === 1 ? "" : "s"})`), list, form, status), "catalogOpen");
}

async function removeCard(card, rerender) {
  const base = `/api/groups/${encodeURIComponent(catalog.gid)}/cards`;
  const answer = await Companion.api("DELETE", `${base}/${encodeURIComponent(card.id)}`);
  if (!answer.ok) { Companion.toast(`Not deleted: ${M.errorText(answer.data)}`); return; }
  catalog.cards = catalog.cards.filter((c) => c.id !== card.id);
  M.whenHandsOff(rerender);
  Companion.toast(`“${card.name}” removed from the catalog.`, { label: "Undo", run: async () => {
    const back = await Companion.api("POST", base, { id: card.id, kind: card.kind, name: card.name, data: card.data });
    if (back.ok) { catalog.cards = [...catalog.cards, back.data]; M.whenHandsOff(rerender); }
  } });
}

/** The editor for view.sel, or null when nothing (or nothing that exists) is selected. */
/** Forget what was open when another card is selected. */
export function resetEditor() {
  keep.name = "";
}

export function renderEditor({ draft, view, result, change, select, gid, redraw, adding = true }) {
  const sel = view.sel;
  const p = view.player;
  const street = draft.state.players[p]?.street;
  const house = sel && street?.[sel.h];
  if (!house) return null;
  const card = sel.part === "store" ? house.store : sel.part === "roof" ? house.roof : house.windows[sel.w];
  if (!card) return null;
  const rerender = redraw;
  const target = (s) => {
    const hs = s.players[p].street[sel.h];
    return sel.part === "store" ? hs.store : sel.part === "roof" ? hs.roof : hs.windows[sel.w];
  };
  const edit = (fn) => change((s) => fn(target(s)));
  const apply = (data) => change((s) => {
    const hs = s.players[p].street[sel.h];
    if (sel.part === "window") hs.windows[sel.w] = data; else hs[sel.part] = data;
  });
  /** Add the next card of this street (bottom up) and keep the keyboard on it. */
  const addNext = (what, color, copy) => {
    let next = null;
    change((s) => {
      const st = s.players[p].street;
      if (what === "house") {
        st.splice(sel.h + 1, 0, H.blankHouse());
        st[sel.h + 1].store.color = color;
        // Starts at the points of the store beside it: a right guess saves a
        // tap, a wrong one costs the same one tap as a blank card would.
        st[sel.h + 1].store.points = st[sel.h].store.points;
        next = { h: sel.h + 1, part: "store", w: null };
      } else if (what === "roof") {
        const lastRoof = st.map((hs) => hs.roof).filter(Boolean).at(-1);
        st[sel.h].roof = { ...H.blankCard(), color, points: lastRoof ? lastRoof.points : 0 };
        next = { h: sel.h, part: "roof", w: null };
      } else {
        const at = sel.part === "window" ? sel.w + 1 : sel.part === "store" ? 0 : st[sel.h].windows.length;
        st[sel.h].windows.splice(at, 0, copy || { ...H.blankWindow(), color });
        next = { h: sel.h, part: "window", w: at };
      }
    });
    select(next);
  };
  const title = sel.part === "window" ? `House ${sel.h + 1} · window ${sel.w + 1}` : `House ${sel.h + 1} · ${sel.part}`;
  const parts = [h("div", { class: "editor-head" }, h("h3", {}, `${draft.state.players[p].name} · ${title}`),
    h("button", { type: "button", class: "secondary", "aria-label": "Close the editor", onclick: () => select(null) }, "Done")),
  h("div", { class: "key-row" }, h("span", { class: "key-label" }, "Colour"),
    swatches(card.color, (color) => edit((c) => { c.color = color; })))];
  const saved = savedCards(sel.part, card, apply);
  if (saved) parts.push(saved);

  if (sel.part === "window") {
    const asked = askedChip(house, sel.w, card, edit);
    if (asked) parts.push(asked);
    parts.push(h("div", { class: "features-edit" }, H.FEATURES.map((f) => numberKeys({
      label: H.FEATURE_NAMES[f], iconName: f, values: [0, 1, 2, 3, 4], current: card[f], testid: `feature-${f}`,
      onPick: (n) => edit((c) => { c[f] = n; }) }))));
    if (adding) {
      parts.push(h("button", { type: "button", class: "secondary", "data-action": "same-again",
        onclick: () => addNext("window", null, H.clone(card)) }, "+ Another window like this"));
    }
  } else {
    const info = result?.houses?.[sel.h]?.[sel.part];
    const cond = card.condition || {};
    const items = H.conditionItems(cond);
    parts.push(numberKeys({ label: "Points", iconName: "tulip", values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      current: card.points, testid: "points", onPick: (n) => edit((c) => { c.points = n; }) }));
    parts.push(h("h4", {}, "Condition ", info ? h("span", { class: info.met ? "ok" : "error", "data-testid": "card-met" },
      info.met ? `met: scores ${card.points}` : "not met: scores 0") : null));
    parts.push(items.length
      ? h("ul", { class: "conds" }, items.map((item) => conditionRow(cond, item, info?.checks, (fn) => edit((c) => fn(c.condition)))))
      : h("p", { class: "muted small" }, "No condition: this card always scores its points."));
    parts.push(conditionChips(cond, (fn) => edit((c) => { c.condition ||= {}; fn(c.condition); })));
  }
  if (adding) parts.push(nextCards({ sel, house, addNext }));
  parts.push(catalogView(sel.part, card, gid, apply, rerender));

  const tools = [];
  if (sel.part === "store") {
    const move = (d) => change((s) => {
      const st = s.players[p].street;
      st.splice(sel.h + d, 0, st.splice(sel.h, 1)[0]);
      sel.h += d;
    });
    tools.push(h("button", { type: "button", class: "secondary", disabled: sel.h === 0, onclick: () => move(-1) }, icon("left"), "Move house"),
      h("button", { type: "button", class: "secondary", disabled: sel.h === street.length - 1, onclick: () => move(1) }, "Move house", icon("right")));
    if (street.length > 1) {
      tools.push(M.confirmButton("Remove house", "Tap again to remove", () => {
        const kept = H.clone(house);
        const at = sel.h;
        view.sel = null;
        change((s) => { s.players[p].street.splice(at, 1); });
        Companion.toast(`House ${at + 1} removed.`, { label: "Undo", run: () => change((s) => { s.players[p].street.splice(at, 0, kept); }) });
      }, "danger"));
    }
  } else {
    tools.push(h("button", { type: "button", class: "danger", "data-action": "remove-card", onclick: () => {
      const kept = H.clone(card);
      const { h: at, part, w } = sel;
      view.sel = null;
      change((s) => { const hs = s.players[p].street[at]; if (part === "roof") delete hs.roof; else hs.windows.splice(w, 1); });
      Companion.toast(`${part === "roof" ? "Roof" : "Window"} removed.`, { label: "Undo", run: () => change((s) => {
        const hs = s.players[p].street[at]; if (part === "roof") hs.roof = kept; else hs.windows.splice(w, 0, kept); }) });
    } }, `Remove this ${sel.part}`));
  }
  parts.push(h("div", { class: "row editor-tools" }, tools));
  return h("section", { class: "editor card", id: "editor", "aria-label": `Edit ${title}` }, parts);
}
