// Open a Doodle China table: edition, paper or phone sheets, players in seating order.
"use strict";

(() => {
  const form = document.getElementById("new-room");
  if (!form) return;
  const { api, h } = Companion;
  const list = document.getElementById("player-list");
  const error = document.getElementById("form-error");
  const draftKey = `room-new:${form.dataset.gid}`;

  function addPlayer(name = "") {
    const n = list.children.length + 1;
    const input = h("input", { type: "text", name: "player", maxlength: String(Companion.limits.player_name), autocomplete: "off",
                               "aria-label": `Player ${n}`, placeholder: `Player ${n}` });
    input.value = name;
    const remove = h("button", { type: "button", class: "secondary remove", "aria-label": `Remove player ${n}`,
                                 onclick: () => { li.remove(); renumber(); } }, "\u00d7");
    const li = h("li", { class: "row" }, input, remove);
    list.append(li);
    return input;
  }

  function renumber() {
    [...list.querySelectorAll("input")].forEach((input, i) => {
      input.setAttribute("aria-label", `Player ${i + 1}`);
      input.placeholder = `Player ${i + 1}`;
    });
  }

  const moreRow = document.getElementById("more-control-row");
  const syncVariant = () => {
    moreRow.hidden = form.querySelector('input[name="edition"]:checked').value !== "suzhou";
  };
  form.querySelectorAll('input[name="edition"]').forEach((r) => r.addEventListener("change", syncVariant));
  syncVariant();

  const saved = Companion.drafts.load(draftKey);
  (saved?.players?.length ? saved.players : [form.dataset.me || "", ""]).forEach((name) => addPlayer(name));
  document.getElementById("add-player").addEventListener("click", () => {
    if (list.children.length < 6) addPlayer().focus();
    else Companion.toast("Six players at most");
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    const players = [...list.querySelectorAll("input")].map((i) => i.value.trim()).filter(Boolean);
    const body = {
      game: "doodle-china",
      edition: form.querySelector('input[name="edition"]:checked').value,
      mode: form.querySelector('input[name="mode"]:checked').value,
      players,
    };
    const more = form.querySelector('input[name="more_control"]');
    if (more.checked && body.edition === "suzhou") body.variants = { more_control: true };
    if (!players.length) {
      error.textContent = "Type at least one player's name.";
      error.hidden = false;
      return;
    }
    const button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    const answer = await api("POST", form.dataset.api, body);
    button.disabled = false;
    if (!answer.ok) {
      error.textContent = answer.data?.error || "Could not open the table.";
      error.hidden = false;
      return;
    }
    Companion.drafts.save(draftKey, { players });
    try { sessionStorage.removeItem(`room-seat:${answer.data.id}`); } catch (e) { /* private mode */ }
    window.location.assign(`/g/${form.dataset.gid}/rooms/${answer.data.id}#invite`);
  });
})();
