// Recently deleted: one tap restores a match (POST .../restore) and takes it
// off this list; the toast links to the restored match.
import * as M from "../kit/match.js";

const list = document.getElementById("deleted-list");
if (list) {
  const { gid } = list.dataset;
  list.addEventListener("click", async (event) => {
    const button = event.target.closest("button.restore-match");
    if (!button) return;
    const mid = button.dataset.mid;
    button.disabled = true;
    const back = await Companion.api("POST", `/api/groups/${encodeURIComponent(gid)}/matches/${encodeURIComponent(mid)}/restore`);
    if (!back.ok) {
      button.disabled = false;
      Companion.toast(`Could not restore: ${M.errorText(back.data)}`);
      return;
    }
    button.closest("li").remove();
    if (!list.querySelector("li")) document.getElementById("deleted-empty").hidden = false;
    Companion.toast("Match restored to the history.", { label: "Open", run: () => location.assign(M.matchUrl(gid, mid)) });
  });
}
