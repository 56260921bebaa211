// The live Doodle China table on one phone: the shared dice tray, whose turn
// it is, this phone's seat, and (digital mode) its sheet. Events arrive in
// order through table/transport.js (a stream, or polling where streams break).
// Each carries what it changed in the room (`room`: changed keys, changed
// sheets, standings, seat stamps), so the page patches its copy; the room is
// re-read only on a gap. The legal squares are asked for (`/options`) only by
// the phone whose turn it is.
"use strict";

import { drawDice } from "./dice_tray.js";
import { handsOff } from "./hands_off.js";
import { drawOver, drawSeatPicker, setUpInvite } from "./panels.js";
import { sheetView } from "./sheet_view.js";
import { liveTable } from "./transport.js";

(() => {
  const root = document.getElementById("room");
  if (!root) return;
  const { api, h, toast } = Companion;
  const API = root.dataset.api;
  const RID = root.dataset.room;
  const GID = root.dataset.gid;
  const SEAT_KEY = `room-seat:${RID}`;
  // This tab's phone id: the server gives each seat to one phone only.
  const PHONE = (() => {
    try {
      let id = sessionStorage.getItem("room-phone");
      if (!id) { id = Companion.uuid(); sessionStorage.setItem("room-phone", id); }
      return id;
    } catch (e) { return Companion.uuid(); }
  })();
  const ROOM_URL = `${API}?phone=${encodeURIComponent(PHONE)}`;
  let seatProblem = null;   // {seat, player, since} when another phone holds the seat picked

  const el = (id) => document.getElementById(id);
  const startWord = () => (room?.edition === "shanghai" ? "roads" : "riverways"); // Shanghai draws roads
  let room = null;
  let seat = readSeat();
  let actingFor = null;       // a seat this phone acts for besides its own
  let seatEpoch = 0;          // +1 as a seat claim starts and ends: a re-read across it is stale
  let selectedDie = null;
  let selectedCell = null;
  let viewSheet = null;
  const log = [];

  // -- seat --------------------------------------------------------------
  function readSeat() {
    try {
      const v = sessionStorage.getItem(SEAT_KEY);
      if (v === null) return null;
      return v === "watch" ? "watch" : Number(v);
    } catch (e) { return null; }
  }
  async function setSeat(value, takeOver = false) {
    seatEpoch += 1;
    const claimed = await api("POST", `${API}/seat`, { phone: PHONE, seat: typeof value === "number" ? value : null,
                                                       take_over: takeOver });
    seatEpoch += 1;
    if (!claimed.ok) {
      if (claimed.status === 409 && claimed.data?.seat !== undefined) {
        seatProblem = { seat: claimed.data.seat, player: claimed.data.player, since: claimed.data.held_since };
      } else {
        seatProblem = { message: claimed.data?.error || "Could not take that seat; try again." };
      }
      render();
      return;
    }
    seatProblem = null;
    if (room) {
      room.seats_held = claimed.data.seats_held;
      room.my_seat = claimed.data.my_seat;
      room.seat_claims = claimed.data.seat_claims;
    }
    seat = value;
    if (room) rememberClaim();
    actingFor = null;
    selectedDie = selectedCell = null;
    viewSheet = typeof value === "number" ? value : 0;
    try { sessionStorage.setItem(SEAT_KEY, String(value)); } catch (e) { /* private mode */ }
    render();
  }
  const myName = () => (typeof seat === "number" && room ? room.players[seat]?.name : null);
  /** Another phone took this phone's seat over: back to the seat picker, saying so. */
  function lostSeat() {
    if (typeof seat !== "number" || room.my_seat === seat) return;
    const name = room.players[seat]?.name;
    seat = null;
    try { sessionStorage.removeItem(SEAT_KEY); } catch (e) { /* private mode */ }
    if (name) seatProblem = { message: `Another phone is playing ${name}'s seat now. Pick a seat again.` };
  }

  // -- redraws that nobody on this phone asked for wait for hands off the
  // screen (a redraw mid-tap loses the tap): table/hands_off.js
  const hands = handsOff(render);
  const { renderWhenHandsOff } = hands;

  // -- talking to the server: table/transport.js says when, this page what --
  const live = liveTable({ api, API, roomUrl: ROOM_URL, root, epoch: () => seatEpoch,
                           onRoom: roomRead, onEvent: apply });
  const { refresh, setLink } = live;
  let myClaim = null;          // when this phone claimed its seat (the server's stamp)
  /** A re-read of the whole room (transport.js asks for it, e.g. on a gap). */
  function roomRead(data) {
    if (!room || data.last_event >= room.last_event) {
      room = data;
      root.dataset.roomRead = String(room.last_event); // read, maybe not drawn yet
      rememberClaim();
      lostSeat();
      if (room.last_event > live.lastId()) {
        // Events we have not seen (e.g. a dropped stream): fetch them for the log.
        live.catchUp();
      }
      renderWhenHandsOff();
    }
  }

  function rememberClaim() {
    myClaim = typeof seat === "number" && room.my_seat === seat ? room.seat_claims?.[String(seat)] ?? null : null;
  }

  /** Apply an event's changes to our copy of the room (the server's `room`
   * patch: the same values a re-read would give). */
  function applyChanges(event) {
    const change = event.room || {};
    Object.assign(room, change.set || {});
    if (change.sheets && room.sheets) {
      for (const [i, sheet] of Object.entries(change.sheets)) room.sheets[Number(i)] = sheet;
    }
    if ("standings" in change) room.standings = change.standings;
    room.last_event = event.id;
    root.dataset.roomRead = String(room.last_event); // known, maybe not drawn yet
    if (change.set && ("turn" in change.set || "dice" in change.set || "rolled" in change.set)) {
      room.options = null;  // asked for again by the phone that acts
    }
    const claim = change.set?.seat_claims;
    if (claim && typeof seat === "number" && myClaim !== null && claim[String(seat)] !== myClaim) {
      refresh();  // our seat was claimed again: by another phone? The re-read says (my_seat).
    }
  }

  /** The next event, in order (transport.js drops repeats and handles gaps). */
  function apply(event) {
    for (const line of event.effects || []) log.push(line);
    if (event.type === "game_over") log.push("The game is over.");
    if (room && event.id === room.last_event + 1) {
      if (event.room) applyChanges(event);
      else { refresh(); } // an event from before events carried their changes
    }
    if (event.type === "roll") showRoll(event);
    if (event.type === "take" || event.type === "pass") {
      selectedDie = selectedCell = null;
    }
    renderLog();
    if (room) renderWhenHandsOff();
  }

  let asking = null;
  /** The legal squares, for this phone only when it may act. */
  async function askOptions() {
    if (!room || room.options || asking === room.last_event || !canActNow()) return;
    const at = room.last_event;
    asking = at;
    const answer = await api("GET", `${API}/options`);
    asking = null;
    if (!answer.ok) return;
    if (answer.data.last_event === room.last_event) { room.options = answer.data.options; renderWhenHandsOff(); }
    else if (answer.data.last_event > room.last_event) refresh();  // we are behind: re-read
    else askOptions();
  }

  async function send(path, body) {
    const answer = await api("POST", `${API}/${path}`, body);
    if (!answer.ok) {
      toast(answer.data?.error || "That did not work; try again");
      refresh();
      return null;
    }
    live.handle(answer.data);
    return answer.data;
  }

  // -- dice ----------------------------------------------------------------
  function showRoll(event) {
    // Paint the dice straight from the event: readable at once, animated for fun.
    if (!room) return;
    if (event.room) { if (!hands.down()) renderDice(true); return; } // the patch set the tray already
    const white = event.dice.white;
    room.dice = { round: event.round, setup: event.phase === "setup",
                  column: event.setup ? event.setup.column : null, path: event.setup ? event.setup.path : null,
                  blue: event.dice.blue, white, taken: white.map(() => null), passed: [] };
    renderDice(true);
  }

  function renderDice(animate = false) { // table/dice_tray.js
    drawDice({ h, root, room, selectedDie, mine: canActNow(), animate, chooseDie });
  }

  function chooseDie(i) {
    selectedDie = selectedDie === i ? null : i;
    selectedCell = null;
    render();
  }

  // -- whose turn ---------------------------------------------------------
  const actor = () => (actingFor !== null ? room.players[actingFor].name : myName());
  function canActNow() {
    return room && room.turn.expect === "move" && room.turn.player === actor();
  }

  function renderTurn() {
    const turn = el("turn");
    const me = myName();
    turn.className = "turn";
    turn.dataset.player = room.turn.player || "";
    turn.dataset.expect = room.turn.expect || "";
    if (room.finished) { turn.textContent = "Game over"; return; }
    if (room.turn.expect === "roll") {
      const setup = room.phase === "setup";
      const what = setup ? `rolls the blue die for the starting ${startWord()}` : "rolls the dice";
      turn.textContent = room.turn.player === me ? `Your roll: ${what.replace("rolls", "roll")}`
        : `${room.turn.player} ${what}`;
      if (room.turn.player === me) turn.classList.add("mine");
      return;
    }
    if (room.turn.player === me) {
      turn.textContent = "Your turn: take a die";
      turn.classList.add("mine");
    } else {
      turn.textContent = `${room.turn.player}'s turn`;
    }
  }

  function renderActions() {
    const box = el("actions");
    box.replaceChildren();
    if (room.finished) return;
    const me = myName();
    if (room.turn.expect === "roll") {
      const label = room.turn.player === me ? "Roll the dice" : `Roll for ${room.turn.player}`;
      box.append(h("button", { type: "button", id: "roll", class: "big roll",
                               onclick: () => roll() }, label));
      return;
    }
    const due = room.turn.player;
    const opts = room.options;
    if (canActNow() && !opts) {
      box.append(h("p", { class: "hint muted", id: "options-wait" }, "Your move: finding where each die fits…"));
      return;
    }
    if (!canActNow()) {
      const dueSeat = room.players.findIndex((p) => p.name === due);
      box.append(h("p", { class: "waiting muted" }, `Waiting for ${due}…`));
      if (seat !== dueSeat) {
        box.append(h("button", { type: "button", class: "secondary act-for",
                                 onclick: () => { actingFor = dueSeat; viewSheet = dueSeat; render(); } },
                     `${due} has no phone? Play for ${due} here`));
      }
      return;
    }
    if (actingFor !== null) box.append(h("p", { class: "acting muted" }, `Playing for ${due} on this phone`));
    if (room.mode === "paper") {
      if (selectedDie !== null) {
        const value = room.dice.white[selectedDie];
        box.append(h("button", { type: "button", id: "take", class: "big",
                                 onclick: () => take({ die: selectedDie }) }, `Take white ${value}`));
      } else {
        box.append(h("p", { class: "hint" }, "Tap the white die you take."));
      }
    } else if (selectedDie === null) {
      const usable = opts.dice.filter((d) => d.targets.length);
      box.append(h("p", { class: "hint" }, usable.length ? "Tap a white die: your sheet shows where it lets you draw."
        : "No die fits your sheet this round."));
    } else {
      const chosen = opts.dice.find((d) => d.die === selectedDie);
      box.append(h("p", { class: "hint" }, chosen && chosen.targets.length
        ? "Tap a highlighted square on your sheet." : "This die fits nowhere on your sheet: pick another."));
    }
    if (opts.can_pass) {
      const label = room.mode === "digital" && room.edition === "suzhou" && !opts.dice.some((d) => d.targets.length)
        ? "No die fits: cross out a tree" : "Pass: cross out a tree";
      box.append(h("button", { type: "button", id: "pass", class: "secondary",
                               onclick: () => send("pass", { player: due }) }, label));
    }
    if (opts.can_end) {
      box.append(h("button", { type: "button", id: "announce-end", class: "secondary",
                               onclick: () => announceEnd(due) }, "I triggered the game end"));
    }
    if (actingFor !== null) {
      box.append(h("button", { type: "button", class: "secondary",
                               onclick: () => { actingFor = null; selectedDie = null; render(); } }, "Stop playing for them"));
    }
  }

  async function roll() {
    const button = el("roll");
    if (button) button.disabled = true;
    await send("roll");
  }

  async function take(extra) {
    const due = room.turn.player;
    await send("take", { player: due, ...extra });
  }

  function announceEnd(player) {
    const reasons = room.edition === "suzhou"
      ? ["top hotel value (15)", "top shop value (10)", "last tree crossed"]
      : ["a hotel or skyscraper of 18", "last tree crossed"];
    const box = el("actions");
    box.replaceChildren(h("p", {}, "What ends the game? It ends after this round."),
      ...reasons.map((reason) => h("button", { type: "button", class: "secondary",
        onclick: () => send("end", { player, reason }) }, reason)),
      h("button", { type: "button", class: "secondary", onclick: () => render() }, "Cancel"));
  }

  // -- the sheet (digital mode): table/sheet_view.js ---------------------
  const sheetBox = sheetView({ h, take,
    showSheet: (i) => { viewSheet = i; render(); },
    pick: (cell) => { selectedCell = cell; sheetBox.picker(sheetNow()); },
    cancel: () => { selectedCell = null; render(); } });
  function sheetNow() {
    return { room, seat, sheet: viewSheet, die: selectedDie, cell: selectedCell,
             acting: room.mode === "digital" && canActNow() && room.players[viewSheet]?.name === actor() };
  }
  function renderSheet() {
    if (room.mode !== "digital") { sheetBox.draw(sheetNow()); return; }
    if (viewSheet === null || viewSheet >= room.sheets.length) viewSheet = typeof seat === "number" ? seat : 0;
    if (!sheetBox.draw(sheetNow())) selectedCell = null;
  }

  // -- the rest -------------------------------------------------------------
  function renderLog() {
    const list = el("log");
    list.replaceChildren(...log.slice(-60).reverse().map((line) => h("li", {}, line)));
  }

  function renderOver() { drawOver({ h, room, gid: GID, rid: RID }); }

  function renderSeatPicker() { // table/seat_picker.js
    return drawSeatPicker({ h, room, seat, problem: seatProblem, name: myName(), choose: (v) => setSeat(v),
                            takeOver: () => setSeat(seatProblem.seat, true) });
  }

  function render() {
    if (!room) return;
    if (!renderSeatPicker()) return;
    const round = el("round");
    if (room.phase === "setup") {
      round.textContent = `Setting up: starting ${startWord()} ${room.setup.paths.length} of ${room.setup.squares.length}`;
    } else {
      round.textContent = `Round ${room.round} · ${room.starting_player} starts`;
    }
    if (selectedDie !== null && (!canActNow() || room.dice?.taken[selectedDie] !== null)) selectedDie = null;
    renderTurn();
    renderDice();
    renderActions();
    renderSheet();
    renderOver();
    askOptions();
  }

  el("change-seat").addEventListener("click", async () => {
    seat = null;
    seatProblem = null;
    try { sessionStorage.removeItem(SEAT_KEY); } catch (e) { /* private mode */ }
    const freed = await api("POST", `${API}/seat`, { phone: PHONE, seat: null });
    if (freed.ok && room) { room.seats_held = freed.data.seats_held; room.seat_claims = freed.data.seat_claims; }
    myClaim = null;
    render();
  });

  setUpInvite(); // copy / share the join link (table/invite.js)

  // Start: the room, the recent log, then the live stream from where we are.
  (async () => {
    const answer = await api("GET", ROOM_URL);
    if (!answer.ok) { setLink(answer.data?.error || "Could not load the table"); return; }
    room = answer.data;
    if (typeof seat === "number" && seat >= room.players.length) seat = null;
    rememberClaim();
    lostSeat();
    const from = Math.max(0, room.last_event - 40);
    const events = await api("GET", `${API}/events?after=${from}`);
    if (events.ok) {
      for (const ev of events.data.events) {
        if (ev.id > room.last_event) break;
        for (const line of ev.effects || []) log.push(line);
      }
    }
    live.startAt(room.last_event);
    renderLog();
    render();
    live.connect();
  })();
})();
