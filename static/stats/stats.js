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
      const version = Number(item.dataset.version) || undefined;
      const res = await Companion.api("PATCH", `${api}/${item.dataset.pid}`, { name, version });
      if (res.status === 409 && res.data?.path === "version") {
        // Renamed on another phone meanwhile: show theirs beside mine and let the person choose.
        const theirs = res.data.current;
        const keep = confirm(`${item.dataset.name} was changed on another phone to “${theirs.name}”. `
          + `OK keeps yours (“${name}”); Cancel takes theirs.`);
        if (!keep) { done(`Kept “${theirs.name}” from the other phone.`); return; }
        const again = await Companion.api("PATCH", `${api}/${item.dataset.pid}`, { name, version: theirs.version });
        again.ok ? done(`Renamed to ${again.data.name}.`) : failed(again);
        return;
      }
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
    // The upload and the server's checking and storing, as one progress bar: the
    // answer to ?progress=1 is JSON lines ({stage, done, total}, then done/failed).
    const bar = document.getElementById("import-progress");
    const label = document.getElementById("import-stage");
    const out = document.getElementById("import-result");
    const button = upload.querySelector("button[type=submit]");
    const fmt = (n) => Number(n).toLocaleString();
    const show = (fraction, text) => {
      bar.hidden = false;
      bar.value = Math.max(0, Math.min(1, fraction));
      label.textContent = text;
    };
    const finish = (ok, text) => {
      button.disabled = false;
      out.className = ok ? "ok" : "error";
      out.textContent = text;
      upload.dataset.importState = ok ? "done" : "failed";
    };
    function onEvent(event) {
      if (event.stage === "checking") {
        show(0.3 + 0.3 * (event.done / Math.max(1, event.total)), `Checking line ${fmt(event.done)} of ${fmt(event.total)}…`);
      } else if (event.stage === "storing") {
        show(0.6 + 0.4 * (event.done / Math.max(1, event.total)), `Storing ${fmt(event.done)} of ${fmt(event.total)}…`);
      } else if (event.stage === "done") {
        show(1, "Done.");
        finish(true, `Stored ${fmt(event.added)} match${event.added === 1 ? "" : "es"}; skipped ${fmt(event.skipped)} already here.`);
      } else if (event.stage === "failed") {
        label.textContent = "Stopped.";
        finish(false, event.error || "The import failed; nothing was stored.");
      }
    }
    upload.addEventListener("submit", (event) => {
      event.preventDefault();
      const file = upload.elements.file.files[0];
      if (!file) { out.textContent = "Choose a .jsonl file first."; return; }
      const body = new FormData();
      body.append("file", file);
      out.textContent = "";
      button.disabled = true;
      upload.dataset.importState = "running";
      show(0, "Uploading…");
      const xhr = new XMLHttpRequest();
      let seen = 0;
      let last = null;
      const readLines = () => {
        const text = xhr.responseText;
        let end;
        while ((end = text.indexOf("\n", seen)) !== -1) {
          const line = text.slice(seen, end);
          seen = end + 1;
          if (!line.trim()) continue;
          try { last = JSON.parse(line); onEvent(last); } catch (err) { /* a partial line waits */ }
        }
      };
      xhr.open("POST", `${upload.action}?progress=1`);
      xhr.setRequestHeader("X-CSRF-Token", Companion.csrf());
      xhr.setRequestHeader("Accept", "application/x-ndjson");
      xhr.upload.onprogress = (e) => { if (e.lengthComputable) show(0.3 * e.loaded / e.total, `Uploading… ${Math.round(100 * e.loaded / e.total)}%`); };
      xhr.onprogress = readLines;
      xhr.onload = () => {
        if (xhr.status !== 200) {
          let message = `Import failed (${xhr.status}); nothing was stored.`;
          try { message = JSON.parse(xhr.responseText).error || message; } catch (err) { /* not JSON */ }
          finish(false, message);
          return;
        }
        readLines();
        if (!last || (last.stage !== "done" && last.stage !== "failed")) {
          finish(false, "The connection ended before the server said it was done; import the file again (matches already stored are skipped).");
        }
      };
      xhr.onerror = () => finish(false, "No connection: nothing was sent. Check the Wi-Fi and import again.");
      xhr.send(body);
    });
  }
})();
