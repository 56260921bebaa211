// Group page: copy the join link (clipboard API where allowed, else select-and-copy),
// and mark games with an unsaved match on this phone.
"use strict";
// A start button whose game has an unsaved match on this phone says so.
(() => {
  const gid = document.getElementById("start-grid")?.dataset.gid;
  if (!gid) return;
  for (const link of document.querySelectorAll("a.start-game[data-game]")) {
    if (!localStorage.getItem(`draft:${gid}:${link.dataset.game}`)) continue;
    const note = document.createElement("span");
    note.className = "draft-waiting";
    note.textContent = "unsaved match: continue";
    link.append(note);
  }
})();
(() => {
  const button = document.getElementById("copy-link");
  const field = document.getElementById("join-link");
  if (!button || !field) return;
  button.addEventListener("click", async () => {
    const link = button.dataset.link;
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(link);
        copied = true;
      }
    } catch (err) { copied = false; }
    if (!copied) {
      field.focus();
      field.select();
      try { copied = document.execCommand("copy"); } catch (err) { copied = false; }
    }
    Companion.toast(copied ? "Link copied: send it to the other phone."
      : "Copying is blocked here: the link is selected, copy it by hand.");
  });
})();
