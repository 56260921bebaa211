// The group's photos: how much of the quota they use, each with a Delete
// (DELETE /api/groups/<gid>/photos/<pid> removes the photo and its file).
import * as M from "../kit/match.js";

const { h } = M;
const data = M.pageData();
const list = document.getElementById("photo-list");
const usage = document.getElementById("usage");
const bar = document.getElementById("usage-bar");
const empty = document.getElementById("photos-empty");
let used = data.used_bytes;

const mb = (bytes) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const when = (iso) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
};

function showUsage() {
  usage.textContent = `${mb(used)} of ${mb(data.quota_bytes)} used`;
  bar.value = Math.min(100, Math.round((100 * used) / data.quota_bytes));
  empty.hidden = list.children.length > 0;
}

function row(photo) {
  const remove = h("button", { type: "button", class: "secondary danger" }, "Delete");
  const item = h("li", { class: "card photo-row", "data-photo": photo.id },
    h("a", { href: photo.page, class: "photo-thumb" },
      h("img", { src: photo.image, alt: `${photo.game_name} photo`, loading: "lazy" })),
    h("div", { class: "photo-info" },
      h("strong", {}, photo.game_name),
      h("span", { class: "small muted" }, when(photo.created_at)),
      h("span", { class: "small muted" }, mb(photo.bytes))),
    remove);
  remove.addEventListener("click", async () => {
    if (!confirm(`Delete this ${photo.game_name} photo? Saved matches keep their scores.`)) return;
    remove.disabled = true;
    const answer = await Companion.api("DELETE", `${data.urls.photos_api}/${encodeURIComponent(photo.id)}`);
    if (answer.ok || answer.status === 404) {
      item.remove();
      used = Math.max(0, used - photo.bytes);
      showUsage();
      Companion.toast("Photo deleted");
    } else {
      remove.disabled = false;
      Companion.toast(answer.data?.error || "The photo could not be deleted; try again");
    }
  });
  return item;
}

list.replaceChildren(...data.photos.map(row));
showUsage();
