// Match page: score again with the current engine (PUT the stored state),
// delete with undo.
import * as M from "./match.js";

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
  if (back.ok) { showDeleted(false); Companion.toast("Match restored."); }
  else Companion.toast(`Could not restore: ${M.errorText(back.data)}`);
}

document.getElementById("delete-match").addEventListener("click", () => {
  M.deleteMatch(gid, mid, { onDeleted: () => showDeleted(true), onRestored: () => showDeleted(false) });
});
document.getElementById("undo-delete").addEventListener("click", restore);
