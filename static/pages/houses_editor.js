// The Canal Houses card editor: window feature counts, colour swatches,
// store/roof points and condition icons (with the engine's met / not met and
// why), moving or removing cards, and the group's card catalog
// (/api/groups/<gid>/cards): save a card once, pick it next time.
import * as M from "./match.js";
import * as H from "./houses_model.js";

const { h, icon } = M;
const COLORS = ["red", "orange", "yellow", "green", "blue", "purple"];
const catalog = { gid: null, cards: null, error: null, loading: false, rerender: null };
// What a redraw must not lose: open sections and a half-typed catalog name.
const keep = { catalogOpen: false, addCondOpen: null, name: "" };

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
    catalog.rerender?.();
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
  const number = item.n === undefined ? null : M.stepper({
    label: item.type === "height" ? "cards high" : `${item.key} needed`, value: item.n, min: 1,
    max: item.type === "height" ? 12 : 9, onChange: (n) => edit((c) => H.setItemNumber(c, item, n)) });
  return h("li", { class: "cond-row", "data-cond": H.itemId(item) },
    h("div", { class: "cond-head" }, h("span", { class: "cond-label" }, H.itemLabel(item)),
      h("button", { type: "button", class: "secondary small-btn", "aria-label": `Remove condition ${H.itemLabel(item)}`,
        onclick: () => edit((c) => H.removeItem(c, item)) }, "✕")),
    number, status);
}

function addChoices(edit) {
  const choice = (type, key, label, icons) => h("button", { type: "button", class: "choice secondary", "data-add": `${type}:${key}`,
    "aria-label": label, onclick: () => edit((c) => H.addItem(c, type, key)) }, icons, h("span", { class: "choice-text" }, label));
  return h("div", { class: "choices" },
    H.FEATURES.map((f) => choice("at_least", f, `${H.SINGULAR[f]}+`, [icon(f)])),
    H.FEATURES.map((f) => choice("none", f, `no ${f}`, [h("span", { class: "crossed" }, icon(f), icon("none"))])),
    H.HEIGHTS.map((k) => choice("height", k, `${H.HEIGHT_WORDS[k]} N high`, [icon("house"), h("b", {}, H.HEIGHT_SIGNS[k])])),
    ["taller_than", "shorter_than"].flatMap((t) => H.SIDES.map((s) => choice(t, s,
      `${t === "taller_than" ? "taller" : "shorter"} than ${s === "both" ? "both" : s}`,
      [icon(t === "taller_than" ? "taller" : "shorter"), icon(s)]))));
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
    rerender();
  });
  return remembered(h("details", { class: "catalog", open: keep.catalogOpen || null },
    h("summary", {}, `Card catalog (${mine.length} ${kind} card${mine.length === 1 ? "" : "s"})`), list, form, status), "catalogOpen");
}

async function removeCard(card, rerender) {
  const base = `/api/groups/${encodeURIComponent(catalog.gid)}/cards`;
  const answer = await Companion.api("DELETE", `${base}/${encodeURIComponent(card.id)}`);
  if (!answer.ok) { Companion.toast(`Not deleted: ${M.errorText(answer.data)}`); return; }
  catalog.cards = catalog.cards.filter((c) => c.id !== card.id);
  rerender();
  Companion.toast(`“${card.name}” removed from the catalog.`, { label: "Undo", run: async () => {
    const back = await Companion.api("POST", base, { id: card.id, kind: card.kind, name: card.name, data: card.data });
    if (back.ok) { catalog.cards = [...catalog.cards, back.data]; rerender(); }
  } });
}

/** The editor for view.sel, or null when nothing (or nothing that exists) is selected. */
/** Forget what was open when another card is selected. */
export function resetEditor() {
  keep.addCondOpen = null;
  keep.name = "";
}

export function renderEditor({ draft, view, result, change, select, gid, redraw }) {
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
  const title = sel.part === "window" ? `House ${sel.h + 1} · window ${sel.w + 1}` : `House ${sel.h + 1} · ${sel.part}`;
  const parts = [h("div", { class: "editor-head" }, h("h3", {}, `${draft.state.players[p].name} · ${title}`),
    h("button", { type: "button", class: "secondary", "aria-label": "Close the editor", onclick: () => select(null) }, "Done"))];

  if (sel.part === "window") {
    parts.push(h("div", { class: "features-edit" }, H.FEATURES.map((f) => M.stepper({
      label: H.FEATURE_NAMES[f], iconName: f, value: card[f], min: 0, max: 9, testid: `feature-${f}`,
      onChange: (n) => edit((c) => { c[f] = n; }) }))));
  } else {
    const info = result?.houses?.[sel.h]?.[sel.part];
    const cond = card.condition || {};
    const items = H.conditionItems(cond);
    parts.push(M.stepper({ label: "Points", iconName: "tulip", value: card.points, min: 0, max: 30, testid: "points",
      onChange: (n) => edit((c) => { c.points = n; }) }));
    parts.push(h("h4", {}, "Condition ", info ? h("span", { class: info.met ? "ok" : "error", "data-testid": "card-met" },
      info.met ? `met: scores ${card.points}` : "not met: scores 0") : null));
    parts.push(items.length
      ? h("ul", { class: "conds" }, items.map((item) => conditionRow(cond, item, info?.checks, (fn) => edit((c) => fn(c.condition)))))
      : h("p", { class: "muted small" }, "No condition: this card always scores its points."));
    const openAdd = keep.addCondOpen ?? items.length === 0;
    parts.push(remembered(h("details", { class: "add-cond", open: openAdd || null },
      h("summary", {}, "Add a condition"), addChoices((fn) => edit((c) => fn(c.condition)))), "addCondOpen"));
  }
  parts.push(h("h4", {}, "Colour"), swatches(card.color, (color) => edit((c) => { c.color = color; })));
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
