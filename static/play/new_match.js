// New match: choose players (toggles or typed names), order the seats, start.
// Starting opens the game page with ?player=...; the game page makes the draft.
import * as M from "../kit/match.js";

const root = document.getElementById("new-match");
const { gid, game, playUrl } = root.dataset;
const low = Number(root.dataset.low);
const high = Number(root.dataset.high);
const store = M.draftStore(gid, game);
const seats = [];
const seatList = document.getElementById("seat-list");
const seatEmpty = document.getElementById("seat-empty");
const addError = document.getElementById("add-error");
const startError = document.getElementById("start-error");
const toggles = [...document.querySelectorAll("#known-players .toggle")];
const key = (name) => name.trim().replace(/\s+/g, " ").toLowerCase();

function showError(el, text) { el.textContent = text; el.hidden = !text; }

function render() {
  for (const t of toggles) t.setAttribute("aria-pressed", String(seats.some((s) => key(s) === key(t.dataset.name))));
  seatList.replaceChildren(...seats.map((name, i) => M.h("li", { class: "seat", "data-name": name },
    M.h("span", { class: "seat-no" }, String(i + 1)),
    M.h("span", { class: "seat-name grow" }, name),
    M.h("button", { type: "button", class: "secondary", "aria-label": `Move ${name} up`, disabled: i === 0,
      onclick: () => { seats.splice(i - 1, 0, seats.splice(i, 1)[0]); render(); } }, "↑"),
    M.h("button", { type: "button", class: "secondary", "aria-label": `Move ${name} down`, disabled: i === seats.length - 1,
      onclick: () => { seats.splice(i + 1, 0, seats.splice(i, 1)[0]); render(); } }, "↓"),
    M.h("button", { type: "button", class: "secondary", "aria-label": `Remove ${name}`,
      onclick: () => { seats.splice(i, 1); render(); } }, "✕"))));
  seatEmpty.hidden = seats.length > 0;
  // No stale error: once the seats are fine, the old complaint goes.
  if (seats.length >= low && seats.length <= high) showError(startError, "");
}

function add(name) {
  const clean = name.trim().replace(/\s+/g, " ");
  if (!clean) return "Type a name first.";
  const max = Companion.limits.player_name;
  if (clean.length > max) return `That name is ${clean.length} characters; at most ${max} are allowed.`;
  if (seats.some((s) => key(s) === key(clean))) return `${clean} is already playing.`;
  if (seats.length >= high) return `At most ${high} players: remove someone first.`;
  seats.push(clean);
  render();
  return "";
}

for (const t of toggles) {
  t.addEventListener("click", () => {
    const at = seats.findIndex((s) => key(s) === key(t.dataset.name));
    if (at >= 0) { seats.splice(at, 1); render(); showError(addError, ""); }
    else showError(addError, add(t.dataset.name));
  });
}

document.getElementById("add-player").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = document.getElementById("new-name");
  const problem = add(input.value);
  showError(addError, problem);
  if (!problem) input.value = "";
});

document.getElementById("start-match").addEventListener("click", () => {
  if (seats.length < low || seats.length > high) {
    showError(startError, low === high ? `Choose exactly ${low} players (now ${seats.length}).`
      : `Choose ${low} to ${high} players (now ${seats.length}).`);
    return;
  }
  if (store.load()?.state?.players?.length) {
    showError(startError, "There is an unsaved match of this game (above): continue it, or tap Start over first.");
    document.getElementById("draft-note").scrollIntoView({ block: "center" });
    return;
  }
  const query = new URLSearchParams(seats.map((s) => ["player", s]));
  location.assign(`${playUrl}?${query}`);
});

// A half-entered match of this game: continue it or start over.
const existing = store.load();
if (existing?.state?.players?.length) {
  const note = document.getElementById("draft-note");
  document.getElementById("draft-text").textContent =
    `A ${M.GAMES[game]} match with ${existing.state.players.map((p) => p.name).join(", ")} is not saved yet.`;
  note.hidden = false;
  document.getElementById("draft-discard").addEventListener("click", () => {
    const kept = existing;
    store.clear();
    note.hidden = true;
    Companion.toast("Unsaved match discarded.", { label: "Undo", run: () => { store.save(kept); note.hidden = false; } });
  });
}
// "Play again" from a match page: the same players in the same seats; otherwise
// this phone's own player (asked once after joining) is picked to start with.
const again = new URLSearchParams(location.search).getAll("player");
for (const name of again) add(name);
if (!again.length && root.dataset.me) add(root.dataset.me);
render();
