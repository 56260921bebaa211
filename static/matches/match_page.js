// Match page: change the date, time, length, place and notes; score again
// with the current engine (PUT the stored state); delete with undo.
import * as M from "../kit/match.js";

const root = document.getElementById("match-page");
const { gid, mid } = root.dataset;
const status = document.getElementById("match-status");
const actions = root.querySelector(".actions");
const deleted = document.getElementById("deleted-note");

document.getElementById("rescore-match").addEventListener("click", async () => {
  status.textContent = "Scoring again…";
  const got = await Companion.api("GET", `/api/groups/${encodeURIComponent(gid)}/matches/${encodeURIComponent(mid)}`);
  if (!got.ok) { status.textContent = `Could not load the match: ${M.errorText(got.data)}`; return; }
  const answer = await M.saveMatch(gid, { state: got.data.state, version: got.data.version }, mid);
  if (!answer.ok) {
    status.className = "error";
    status.textContent = `Not scored again: ${M.errorText(answer.data, got.data.state)}`;
    return;
  }
  M.renderResult(document.getElementById("match-result"), answer.data.result);
  root.dataset.version = answer.data.version;
  status.className = "ok";
  status.textContent = "Scored again with the current rules and saved.";
});

function showDeleted(on) {
  actions.hidden = on;
  deleted.hidden = !on;
  document.getElementById("match-result").classList.toggle("is-deleted", on);
}

async function restore() {
  const back = await Companion.api("POST", `/api/groups/${encodeURIComponent(gid)}/matches/${encodeURIComponent(mid)}/restore`);
  if (back.ok) { root.dataset.version = back.data.version; showDeleted(false); Companion.toast("Match restored."); }
  else Companion.toast(`Could not restore: ${M.errorText(back.data)}`);
}

document.getElementById("delete-match").addEventListener("click", () => {
  M.deleteMatch(gid, mid, { onDeleted: () => showDeleted(true),
    onRestored: (match) => { root.dataset.version = match.version; showDeleted(false); } });
});
document.getElementById("undo-delete").addEventListener("click", restore);

// Details: the date and time in this phone's own time zone, minutes, place, notes.
const form = document.getElementById("details-form");
const when = document.getElementById("edit-played-at");
const notes = document.getElementById("edit-notes");
const notesCount = document.getElementById("notes-count");
const detailsStatus = document.getElementById("details-status");
const matchUrl = `/api/groups/${encodeURIComponent(gid)}/matches/${encodeURIComponent(mid)}`;

/** ISO instant -> the value a datetime-local input shows (local wall clock). */
function localInput(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function showCount() {
  const max = Companion.limits.notes;
  notesCount.textContent = notes.value.length > max * 0.8 ? `${notes.value.length} of ${max} characters` : "";
}

function showDetails(match) {
  const row = (id, text) => {
    const el = document.getElementById(id);
    el.textContent = text || "";
    el.closest("div").hidden = !text;
  };
  const time = document.getElementById("detail-when");
  time.setAttribute("datetime", match.played_at);
  Companion.localTimes(time.parentElement);
  row("detail-duration", match.duration_min ? `${match.duration_min} min` : "");
  row("detail-location", match.location);
  row("detail-notes", match.notes);
}

when.value = localInput(document.getElementById("detail-when").getAttribute("datetime"));
notes.addEventListener("input", showCount);
showCount();

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const stamp = new Date(when.value);
  if (!when.value || Number.isNaN(stamp.getTime())) {
    detailsStatus.className = "small error";
    detailsStatus.textContent = "Choose the date and time the match was played.";
    return;
  }
  const minutes = form.elements.duration_min.value.trim();
  if (minutes && !(Number.isInteger(Number(minutes)) && Number(minutes) >= 1 && Number(minutes) <= Companion.limits.duration_min)) {
    detailsStatus.className = "small error";
    detailsStatus.textContent = `Minutes played: a whole number from 1 to ${Companion.limits.duration_min}, or leave it empty.`;
    return;
  }
  const button = document.getElementById("save-details");
  button.disabled = true;
  detailsStatus.className = "small muted";
  detailsStatus.textContent = "Saving…";
  const got = await Companion.api("GET", matchUrl);
  const body = {
    played_at: stamp.toISOString(),
    duration_min: minutes ? Number(minutes) : null,
    location: form.elements.location.value.trim() || null,
    notes: notes.value.trim() || null,
  };
  // The version this page showed: a change saved on another phone since is not overwritten.
  const answer = got.ok ? await Companion.api("PUT", matchUrl, { state: got.data.state, ...body, version: Number(root.dataset.version) }) : got;
  button.disabled = false;
  if (answer.status === 409 && answer.data?.path === "version") {
    const theirs = answer.data.current;
    detailsStatus.className = "small error";
    detailsStatus.replaceChildren(
      `Changed on another phone meanwhile (theirs: ${[theirs.location, theirs.duration_min && `${theirs.duration_min} min`, theirs.notes].filter(Boolean).join(" · ") || "no details"}). `,
      M.h("button", { type: "button", id: "keep-mine-details", onclick: () => { root.dataset.version = theirs.version; form.requestSubmit(); } }, "Keep mine"), " ",
      M.h("button", { type: "button", class: "secondary", id: "take-theirs-details", onclick: () => location.reload() }, "Take theirs"));
    return;
  }
  if (answer.ok) root.dataset.version = answer.data.version;
  if (!answer.ok) {
    detailsStatus.className = "small error";
    detailsStatus.textContent = `Not saved: ${M.errorText(answer.data)}. What you typed is still here.`;
    return;
  }
  showDetails(answer.data);
  detailsStatus.className = "small ok";
  detailsStatus.textContent = "Details saved.";
});
