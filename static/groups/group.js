// Group page: the invite (QR, Copy, Share, New invite link), "who are you?",
// the joined phones list, and games with an unsaved match on this phone.
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

// The invite panel: opened by the Invite button at the top (and by #invite in the address).
(() => {
  const panel = document.getElementById("invite");
  const opener = document.getElementById("invite-open");
  if (!panel || !opener) return;
  const field = document.getElementById("join-link");
  const copy = document.getElementById("copy-link");
  const share = document.getElementById("share-link");
  const qr = document.getElementById("invite-qr");

  function show(open) {
    panel.hidden = !open;
    opener.setAttribute("aria-expanded", String(open));
    if (open) panel.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }
  opener.addEventListener("click", () => show(panel.hidden));
  document.getElementById("invite-close")?.addEventListener("click", () => { show(false); opener.focus(); });
  if (location.hash === "#invite") show(true);

  // Web Share where the phone has it (the system sheet: messages, mail, ...).
  if (share && navigator.share) share.hidden = false;
  share?.addEventListener("click", async () => {
    try {
      await navigator.share({ title: share.dataset.title, text: `${share.dataset.title} on Canal Companion`,
                              url: field.value });
    } catch (err) {
      if (err && err.name !== "AbortError") Companion.toast("Sharing did not work here: use Copy link instead.");
    }
  });

  copy?.addEventListener("click", async () => {
    const link = field.value;
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

  // New invite link: asks first, then shows the new QR and link in place.
  const ask = document.getElementById("renew-confirm");
  const renew = document.getElementById("renew-open");
  renew?.addEventListener("click", () => { ask.hidden = false; renew.hidden = true; document.getElementById("renew-yes").focus(); });
  document.getElementById("renew-no")?.addEventListener("click", () => { ask.hidden = true; renew.hidden = false; renew.focus(); });
  document.getElementById("renew-yes")?.addEventListener("click", async (event) => {
    const button = event.currentTarget;
    button.disabled = true;
    const answer = await Companion.api("POST", panel.dataset.api);
    button.disabled = false;
    if (!answer.ok) {
      Companion.toast(`No new link: ${answer.data?.error || "try again"}`);
      return;
    }
    const svg = new TextEncoder().encode(answer.data.qr_svg);
    qr.src = `data:image/svg+xml;base64,${btoa(String.fromCharCode(...svg))}`;
    qr.hidden = false;
    field.value = answer.data.join_url;
    copy.dataset.link = answer.data.join_url;
    copy.disabled = false;
    if (share) share.disabled = false;
    const how = document.getElementById("invite-how");
    if (how) how.textContent = "New link: the old QR code and link no longer work. Scan this one.";
    ask.hidden = true;
    renew.hidden = false;
    panel.dataset.renewed = "1";
    Companion.toast("New invite link made: the old one no longer works.");
  });
})();

// "You're in <group>. Who are you?": asked once, remembered for this phone.
(() => {
  const panel = document.getElementById("who-are-you");
  if (!panel) return;
  const error = document.getElementById("who-error");
  async function choose(player) {
    error.hidden = true;
    const answer = await Companion.api("PUT", panel.dataset.api, { player });
    if (!answer.ok) {
      error.textContent = answer.data?.error ? `Not saved: ${answer.data.error}` : "Not saved: try again.";
      error.hidden = false;
      return;
    }
    location.replace(location.pathname);  // the page now says who you are
  }
  for (const button of panel.querySelectorAll(".who-pick")) {
    button.addEventListener("click", () => choose(button.dataset.name));
  }
  document.getElementById("who-add")?.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = document.getElementById("who-name").value.split(/\s+/).filter(Boolean).join(" ");
    if (!name) {
      error.textContent = "Type your name, or pick it above.";
      error.hidden = false;
      return;
    }
    choose(name);
  });
  document.getElementById("who-skip")?.addEventListener("click", () => choose(null));
})();

// Phones in this group: remove one (asks first); removing this phone leaves the group.
(() => {
  const list = document.getElementById("phone-list");
  if (!list) return;
  list.addEventListener("click", async (event) => {
    const button = event.target.closest(".remove-phone");
    if (!button) return;
    const row = button.closest(".phone-row");
    const mine = row.hasAttribute("data-this-phone");
    if (button.dataset.armed !== "1") {
      for (const other of list.querySelectorAll(".remove-phone[data-armed='1']")) {
        other.dataset.armed = "";
        other.textContent = other.closest(".phone-row").hasAttribute("data-this-phone") ? "Leave" : "Remove";
        other.classList.replace("danger", "secondary");
      }
      button.dataset.armed = "1";
      button.textContent = mine ? "Leave the group?"
        : button.dataset.player ? `Remove ${button.dataset.player}’s phone?` : "Remove this phone?";
      button.classList.replace("secondary", "danger");
      return;
    }
    button.disabled = true;
    const answer = await Companion.api("DELETE", `${list.dataset.api}/${encodeURIComponent(button.dataset.phone)}`);
    if (!answer.ok) {
      button.disabled = false;
      Companion.toast(`Not removed: ${answer.data?.error || "try again"}`);
      return;
    }
    if (mine) { location.assign("/"); return; }
    row.remove();
    Companion.toast(button.dataset.player ? `${button.dataset.player}’s phone can no longer open the group.`
      : "That phone can no longer open the group.");
  });
})();
