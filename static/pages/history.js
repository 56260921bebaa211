// History list: each row gets a Delete button; a delete offers Undo in a toast
// and the match stays in "Recently deleted" (linked below the list) for 30 days.
import * as M from "./match.js";

const list = document.getElementById("history-list");
if (list) {
  const { gid } = list.dataset;
  for (const item of list.querySelectorAll(":scope > li")) {
    const link = item.querySelector("a.match-row");
    const mid = decodeURIComponent(link.getAttribute("href").split("/").pop());
    item.dataset.mid = mid;
    item.classList.add("history-row");
    const remove = M.h("button", { type: "button", class: "row-delete", "aria-label": "Delete this match", title: "Delete" }, "Delete");
    remove.addEventListener("click", () => M.deleteMatch(gid, mid, {
      onDeleted: () => { item.hidden = true; },
      onRestored: () => { item.hidden = false; },
    }));
    item.append(remove);
  }
}
