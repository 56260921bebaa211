// Stats pages: player housekeeping (rename, hide, merge) and the import upload.
"use strict";

(() => {
  const list = document.getElementById("player-list");
  if (list) {
    const api = list.dataset.api;
    const done = (message) => { Companion.toast(message); setTimeout(() => location.reload(), 900); };
    const failed = (res) => Companion.toast(res.data?.error || `could not save (${res.status})`);

    list.addEventListener("submit", async (event) => {
      const form = event.target;
      const item = form.closest("li[data-pid]");
      if (!item) return;
      event.preventDefault();
      const pid = item.dataset.pid;
      if (form.dataset.action === "rename") {
        const name = form.elements.name.value.trim();
        if (!name) { Companion.toast("Type the new name first."); return; }
        const res = await Companion.api("PATCH", `${api}/${pid}`, { name });
        res.ok ? done(`Renamed to ${res.data.name}.`) : failed(res);
      } else if (form.dataset.action === "merge") {
        const select = form.elements.into;
        if (!select.value) { Companion.toast("Choose who this player really is."); return; }
        const other = select.options[select.selectedIndex].text;
        if (!confirm(`${item.dataset.name} and ${other} are one person: move all of ${item.dataset.name}'s matches to ${other}?`)) return;
        const res = await Companion.api("POST", `${api}/${pid}/merge`, { into: Number(select.value) });
        res.ok ? done(`${item.dataset.name} merged into ${res.data.name}.`) : failed(res);
      }
    });

    list.addEventListener("click", async (event) => {
      const button = event.target.closest("button[data-action='hide']");
      if (!button) return;
      const item = button.closest("li[data-pid]");
      const hidden = button.dataset.hidden === "true";
      const res = await Companion.api("PATCH", `${api}/${item.dataset.pid}`, { hidden });
      res.ok ? done(hidden ? `${res.data.name} is hidden from lists.` : `${res.data.name} is back in lists.`) : failed(res);
    });
  }

  const upload = document.getElementById("import-form");
  if (upload) {
    upload.addEventListener("submit", async (event) => {
      event.preventDefault();
      const out = document.getElementById("import-result");
      const file = upload.elements.file.files[0];
      if (!file) { out.textContent = "Choose a .jsonl file first."; return; }
      const body = new FormData();
      body.append("file", file);
      out.textContent = "Importing…";
      const res = await Companion.api("POST", upload.action, body);
      out.className = res.ok ? "ok" : "error";
      out.textContent = res.ok
        ? `Added ${res.data.added}, skipped ${res.data.skipped} already here.`
        : res.data?.error || `Import failed (${res.status}).`;
    });
  }
})();
