// Card catalog photos: every card of the group's Canal Houses catalog, whether
// it has been photographed, and "Photograph this card": one photo of the card
// alone, sent with a progress bar to POST /api/groups/<gid>/cards/<cid>/photo,
// which describes it for recognising it in street photos.
import * as M from "../kit/match.js";
import * as H from "../kit/houses_model.js";
import { sendPhoto, whatToDo } from "./send.js";
import { gridSection } from "./cards_grid.js";

const { h } = M;
const data = M.pageData();
const gid = data.gid;
const app = document.getElementById("cards-app");
document.getElementById("cards-grid")?.replaceChildren(gridSection({ urls: data.urls, colors: Companion.facts.games["canal-houses"].palette, onSaved: load }));
const KINDS = [["store", "Stores"], ["window", "Windows"], ["roof", "Roofs"]];
let cards = [];
const photos = new Map();
const busy = new Map(); // card id -> {phase, share, error, warnings}

async function load() {
  const [list, done] = await Promise.all([Companion.api("GET", data.urls.cards_api), Companion.api("GET", data.urls.card_photos_api)]);
  if (!list.ok || !done.ok) {
    app.replaceChildren(h("p", { class: "error card", role: "alert" }, `The catalog could not be loaded: ${M.errorText((list.ok ? done : list).data)}. Reload the page to try again.`));
    return;
  }
  cards = list.data.cards;
  photos.clear();
  for (const p of done.data.photos) photos.set(p.card_id, p);
  M.whenHandsOff(render); // read after each card saved above: may land mid-tap on the list
}

async function upload(card, file) {
  const state = { phase: "uploading", share: 0, error: null, warnings: [] };
  busy.set(card.id, state);
  render();
  const form = new FormData();
  form.append("photo", file, file.name || "card.jpg");
  const answer = await sendPhoto(`${data.urls.cards_api}/${encodeURIComponent(card.id)}/photo`, form, {
    onProgress: (share) => { state.share = share; render(); },
    onSent: () => { state.phase = "reading"; render(); },
  });
  if (answer.ok) {
    photos.set(card.id, answer.data);
    busy.set(card.id, { phase: "done", warnings: answer.data.warnings || [] });
    Companion.toast(`“${card.name}” photographed.`);
  } else {
    busy.set(card.id, { phase: "error", error: answer.data?.error || "the photo was not read", status: answer.status, file });
  }
  render();
}

async function removePhoto(card) {
  const answer = await Companion.api("DELETE", `${data.urls.cards_api}/${encodeURIComponent(card.id)}/photo`);
  if (!answer.ok) { Companion.toast(`Not removed: ${M.errorText(answer.data)}`); return; }
  photos.delete(card.id);
  busy.delete(card.id);
  render();
}

function picker(card, capture) {
  const id = `photo-${capture ? "camera" : "file"}-${card.id}`;
  const input = h("input", { type: "file", id, class: "visually-hidden", accept: "image/*", capture: capture ? "environment" : null,
    "data-testid": capture ? "card-camera" : "card-file" });
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    input.value = "";
    if (file) upload(card, file);
  });
  const label = h("label", { for: id, class: `button ${capture ? "" : "secondary"} pick` },
    capture ? (photos.has(card.id) ? "Photograph again" : "Photograph this card") : "Choose a photo");
  return [input, label];
}

function statusOf(card) {
  const state = busy.get(card.id);
  const photo = photos.get(card.id);
  const out = [];
  if (state?.phase === "uploading" || state?.phase === "reading") {
    const bar = h("progress", { max: "100", class: "card-progress" });
    if (state.phase === "uploading") bar.value = Math.round(state.share * 100);
    out.push(bar, h("p", { class: "small", role: "status" }, state.phase === "uploading" ? `Sending… ${Math.round(state.share * 100)}%` : "Describing the card…"));
  } else if (state?.phase === "error") {
    out.push(h("div", { class: "error-box small", role: "alert" }, h("p", { class: "error-title" }, "Not stored"),
      h("p", {}, state.error), h("p", { class: "muted" }, whatToDo(state.status)),
      h("button", { type: "button", class: "secondary", onclick: () => upload(card, state.file) }, "Try again with this photo")));
  }
  if (photo?.stale && state?.phase !== "uploading" && state?.phase !== "reading") {
    out.push(h("p", { class: "small warn", "data-testid": "stale" }, "This photo was described by an older version of the app and is not used: photograph the card again."));
  } else if (photo && state?.phase !== "uploading" && state?.phase !== "reading") {
    out.push(h("p", { class: "small ok", "data-testid": "photographed" }, `✓ Photographed: recognisable by ${photo.features} details`,
      photo.color_hint ? `, looks ${photo.color_hint}` : "", "."));
  }
  for (const w of state?.warnings || []) out.push(h("p", { class: "small warn" }, `Check: ${w}.`));
  return out;
}

function cardRow(card) {
  const photo = photos.get(card.id);
  return h("li", { class: `catalog-card${photo ? " has-photo" : ""}`, "data-card": card.id },
    h("div", { class: "cc-head" },
      h("span", { class: `cc-swatch ${card.data.color ? `c-${card.data.color}` : "no-color"}`, "aria-hidden": "true" }),
      h("span", { class: "cc-name" }, card.name)),
    h("p", { class: "small muted" }, H.catalogText(card.kind, card.data)),
    h("div", { class: "row" }, ...picker(card, true), ...picker(card, false),
      photo ? M.confirmButton("Remove photo", "Tap again to remove", () => removePhoto(card)) : null),
    h("div", { class: "cc-status" }, statusOf(card)));
}

function render() {
  if (!cards.length) {
    app.replaceChildren(h("div", { class: "empty" },
      h("p", {}, h("strong", {}, "No cards in the catalog yet.")),
      h("p", {}, `Add many at once above (one photo of up to 20 cards laid out in rows), or save cards on the ${M.GAMES["canal-houses"]} score page (tap a card, then Card catalog → Save card) or on a street photo's card editor and photograph them here.`)));
    return;
  }
  const done = cards.filter((c) => photos.has(c.id) && !photos.get(c.id).stale).length;
  app.replaceChildren(h("p", { class: "small", "data-testid": "catalog-count" }, `${done} of ${cards.length} cards photographed.`),
    ...KINDS.map(([kind, title]) => {
      const mine = cards.filter((c) => c.kind === kind);
      if (!mine.length) return null;
      return h("section", { class: "card", "aria-label": title }, h("h2", {}, title), h("ul", { class: "catalog-cards" }, mine.map(cardRow)));
    }).filter(Boolean));
}

load();
