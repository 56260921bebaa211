// History list: each row gets a Delete button; a delete offers Undo in a toast
// and the match stays in "Recently deleted" (linked below the list) for 30 days.
import * as M from "../kit/match.js";

const list = document.getElementById("history-list");
if (list) {
  const { gid } = list.dataset;
  for (const item of list.querySelectorAll(":scope > li")) {
    const link = item.querySelector("a.match-row");
    const mid = decodeURIComponent(link.getAttribute("href").split("/").pop());
    item.dataset.mid = mid;
    item.classList.add("history-row");
    const remove = M.h("button", { type: "button", class: "row-delete", "aria-label": "Delete this match", title: "Delete" }, "Delete");
    const empty = () => { document.getElementById("history-all-deleted").hidden = !!list.querySelector(":scope > li:not([hidden])"); };
    remove.addEventListener("click", () => M.deleteMatch(gid, mid, {
      onDeleted: () => { item.hidden = true; empty(); },
      onRestored: () => { item.hidden = false; empty(); },
    }));
    item.append(remove);
  }
  list.after(M.h("p", { class: "empty", id: "history-all-deleted", hidden: true },
    "Every match shown here was deleted. They wait in Recently deleted for 30 days."));
}
