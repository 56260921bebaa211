// Upload page: take or choose a photo, send it with a progress bar, then an
// indeterminate "reading…" state while the server reads it; on success open
// the reading page, on an error show the server's message and what to do,
// keeping the chosen photo for another try.
import * as M from "../kit/match.js";
import { sendPhoto, whatToDo } from "./send.js";

const { h } = M;
const data = M.pageData();
const sheetWord = data.game === "doodle-china" ? "sheet" : "street";
const inputs = [document.getElementById("photo-camera"), document.getElementById("photo-file")];
const preview = document.getElementById("photo-preview");
const status = document.getElementById("upload-status");
const bar = document.getElementById("upload-progress");
const text = document.getElementById("upload-text");
const errorBox = document.getElementById("upload-error");
const retryRow = document.getElementById("retry-row");
const retry = document.getElementById("retry");
const pickers = document.getElementById("pickers");
let chosen = null;
let previewUrl = null;
let edition = "";

function phase(name, message, share) {
  status.dataset.phase = name;
  document.body.dataset.upload = name;
  status.hidden = name === "idle";
  text.textContent = message || "";
  if (share === undefined) bar.removeAttribute("value");
  else bar.value = Math.round(share * 100);
  bar.hidden = !(name === "uploading" || name === "reading" || name === "waiting");
}

function showError(answer) {
  const message = answer.data?.error || "the photo could not be read";
  errorBox.replaceChildren(...[
    h("p", { class: "error-title" }, answer.status === 422 ? `The ${sheetWord} could not be read` : "The photo was not read"),
    h("p", { "data-testid": "server-message" }, message.charAt(0).toUpperCase() + message.slice(1) + (/[.!?]$/.test(message) ? "" : ".")),
    h("p", { class: "muted" }, whatToDo(answer.status)),
    answer.status === 507 ? h("p", {}, h("a", { href: data.urls.photos_page }, "See and delete photos")) : null,
  ].filter(Boolean));
  errorBox.hidden = false;
  retryRow.hidden = false;
}

const readingWords = data.game === "doodle-china" ? "Reading the sheet…" : "Reading the cards…";

/** While the server holds the photo, ask its place in the machine's read queue. */
function watchQueue(ticket) {
  let stopped = false;
  async function look() {
    if (stopped) return;
    try {
      const response = await fetch(`${data.urls.photos_api}/queue?ticket=${encodeURIComponent(ticket)}`,
        { headers: { Accept: "application/json" } });
      const q = await response.json();
      if (stopped) return;
      if (response.ok && q.position !== null && q.position !== undefined) {
        const ahead = q.position;
        phase("waiting", ahead === 0
          ? "Waiting to be read: yours is next."
          : `Waiting to be read: ${ahead} photo${ahead === 1 ? "" : "s"} ahead of yours.`);
        status.dataset.position = String(ahead);
      } else if (status.dataset.phase === "waiting") {
        phase("reading", readingWords);
      }
    } catch (err) { /* the answer itself will say what happened */ }
    if (!stopped) setTimeout(look, 1000);
  }
  setTimeout(look, 300);
  return { stop() { stopped = true; } };
}

async function send() {
  if (!chosen) return;
  errorBox.hidden = true;
  retryRow.hidden = true;
  pickers.classList.add("is-busy");
  for (const input of inputs) input.disabled = true;
  const form = new FormData();
  form.append("game", data.game);
  if (edition) form.append("edition", edition);
  const ticket = crypto.randomUUID ? crypto.randomUUID() : `t-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
  form.append("ticket", ticket);
  form.append("photo", chosen, chosen.name || "photo.jpg");
  phase("uploading", "Sending the photo… 0%", 0);
  let watching = null;
  const answer = await sendPhoto(data.urls.photos_api, form, {
    onProgress: (share) => phase("uploading", `Sending the photo… ${Math.round(share * 100)}%`, share),
    onSent: () => {
      phase("reading", readingWords);
      watching = watchQueue(ticket);
    },
  });
  if (watching) watching.stop();
  for (const input of inputs) input.disabled = false;
  pickers.classList.remove("is-busy");
  if (answer.ok && answer.data?.id) {
    phase("done", "Read. Opening what was read…", 1);
    location.assign(data.urls.reading.replace("PID", encodeURIComponent(answer.data.id)));
    return;
  }
  phase("error", "");
  showError(answer);
}

for (const input of inputs) {
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    chosen = file;
    if (previewUrl) URL.revokeObjectURL(previewUrl);
    previewUrl = URL.createObjectURL(file);
    preview.src = previewUrl;
    preview.hidden = false;
    send();
  });
}
retry.addEventListener("click", send);

for (const button of document.querySelectorAll("[data-edition]")) {
  button.addEventListener("click", () => {
    edition = button.dataset.edition;
    for (const b of document.querySelectorAll("[data-edition]")) b.setAttribute("aria-pressed", String(b === button));
  });
}
phase("idle");
