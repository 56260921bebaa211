// The table's invite: copy the join link, or share it where the phone can; a link
// ending in #invite opens the invite (QR) section at once.
"use strict";

const el = (id) => document.getElementById(id);

export function setUpInvite() {
  const copyButton = el("copy-room-link");
  if (copyButton) {
    const link = el("room-link").value;
    const said = el("invite-status");
    copyButton.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(link); said.textContent = "Link copied: paste it in a message."; }
      catch (e) { el("room-link").select(); said.textContent = "Press and hold the link to copy it."; }
    });
    const share = el("share-room-link");
    const game = Companion.facts.games["doodle-china"].name;
    if (navigator.share) {
      share.hidden = false;
      share.addEventListener("click", async () => {
        try { await navigator.share({ title: `${game} table`, text: `Join our ${game} table`, url: link }); }
        catch (e) { /* closed the share sheet */ }
      });
    }
  }
  if (window.location.hash === "#invite") {
    const invite = el("invite");
    if (invite) invite.open = true;
  }
}
