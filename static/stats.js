// Stats pages: player housekeeping (rename, hide, merge) and the import upload.
"use strict";

(() => {
  const admin = document.getElementById("player-admin");
  if (admin) {
    const api = admin.dataset.api;
    const done = (message) => { Companion.toast(message); setTimeout(() => location.reload(), 900); };
    const failed = (res) => Companion.toast(res.data?.error || `could not save (${res.status})`);

    admin.addEventListener("submit", async (event) => {
      const form = event.target;
      event.preventDefault();
      if (form.id === "merge-form") {
        const from = form.elements.from, into = form.elements.into;
        if (!from.value || !into.value) { Companion.toast("Choose both names first."); return; }
        if (from.value === into.value) { Companion.toast("Choose two different names."); return; }
        const a = from.options[from.selectedIndex].text, b = into.options[into.selectedIndex].text;
        if (!confirm(`${a} and ${b} are one person: move all of ${a}'s matches to ${b}?`)) return;
        const res = await Companion.api("POST", `${api}/${from.value}/merge`, { into: Number(into.value) });
        res.ok ? done(`Merged into ${res.data.name}.`) : failed(res);
        return;
      }
      const item = form.closest("li[data-pid]");
      if (!item || form.dataset.action !== "rename") return;
      const name = form.elements.name.value.trim();
      if (!name) { Companion.toast("Type the new name first."); return; }
      const res = await Companion.api("PATCH", `${api}/${item.dataset.pid}`, { name });
      res.ok ? done(`Renamed to ${res.data.name}.`) : failed(res);
    });

    admin.addEventListener("click", async (event) => {
      const button = event.target.closest("button[data-action='hide']");
      if (!button) return;
      const item = button.closest("li[data-pid]");
      const hidden = button.dataset.hidden === "true";
      const res = await Companion.api("PATCH", `${api}/${item.dataset.pid}`, { hidden });
      res.ok ? done(hidden ? `${res.data.name} is hidden from lists.` : `${res.data.name} is back in lists.`) : failed(res);
    });
  }

  // BG Stats keeps wall-clock times: export them in this phone's time zone.
  const bgstats = document.getElementById("export-bgstats");
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (bgstats && zone) bgstats.setAttribute("href", `${bgstats.getAttribute("href")}?tz=${encodeURIComponent(zone)}`);

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
