// Canal Grande tracker for the two players: district cards won (six chips
// per player and a bar for the best district), the number cards of the
// current phase, the phase end / advantage / first seller from the engine's
// "phase", a new phase that clears the numbers, and the winner once reached.
import * as M from "../../kit/match.js";

const { h } = M;
const data = M.pageData();
const gid = data.gid;
// The box's six districts, from the game registry.
const DISTRICTS = Companion.facts.games["canal-grande"].districts;
const FOUR = 4;
const PER_DISTRICT = 5;
const NUMBER_CARDS = 14;
const PHASE_END = 10;
const editing = data.match?.id || null;
const store = M.draftStore(gid, "canal-grande", editing);
const app = document.getElementById("grande-app");
const resultEl = document.getElementById("result");

let draft = M.loadDraft(store, data.match); // an edit starts from the saved match
let result = data.match?.result || null;
let problem = null;
let asking = false; // the "new phase" question is open

const named = new URLSearchParams(location.search).getAll("player").map((n) => n.trim()).filter(Boolean);
if (!draft && editing) draft = M.newDraft(M.clone(data.match.state), { phase: 1 });
if (!draft && named.length === 2) {
  draft = M.newDraft({ game: "canal-grande", players: named.map((name) => ({ name, won: {}, numbers: [] })) }, { phase: 1 });
}
if (named.length) history.replaceState(null, "", location.pathname + (editing ? `?match=${encodeURIComponent(editing)}` : ""));
if (draft) store.save(draft);

const score = M.scorer((answer) => {
  if (answer.ok) { result = answer.result; problem = null; } else { problem = answer; }
  render();
});

function change(edit) {
  edit(draft.state);
  store.save(draft);
  render();
  score(draft.state);
}

const players = () => draft.state.players;
const count = (p, d) => players()[p].won[d] || 0;
const fresh = () => result && result.players?.length === 2
  && result.players.every((r, i) => r.name === players()[i].name) ? result : null;

function setCount(p, d, n) {
  change((s) => {
    if (n > 0) s.players[p].won[d] = n; else delete s.players[p].won[d];
  });
}

function progressPanel(p) {
  const pl = players()[p];
  const r = fresh()?.players[p];
  const best = DISTRICTS.reduce((a, d) => (count(p, d) > count(p, a) ? d : a), DISTRICTS[0]);
  const bestN = count(p, best);
  const have = DISTRICTS.filter((d) => count(p, d) > 0).length;
  const won = fresh()?.winners?.includes(pl.name);
  const bar = h("div", { class: "bar", role: "img", "aria-label": `best district ${bestN} of ${FOUR}` }, h("span", { class: "bar-fill" }));
  bar.firstChild.style.width = `${Math.min(100, (bestN / FOUR) * 100)}%`;
  return h("section", { class: `progress${won ? " is-winner" : ""}`, "data-player": String(p) },
    h("h3", { class: "progress-name" }, pl.name, won ? h("span", { class: "won-tag" }, " wins") : null),
    h("ol", { class: "district-chips", "aria-label": `${have} of 6 districts` }, DISTRICTS.map((d, i) =>
      h("li", { class: `dchip d${i}${count(p, d) ? " filled" : ""}`, title: d }, h("span", { class: "visually-hidden" }, `${d}: `), String(count(p, d) || "")))),
    h("p", { class: "small progress-line" }, `${have}/6 districts`),
    bar,
    h("p", { class: "small progress-line" }, bestN ? `best: ${best} ${bestN}/${FOUR}` : "best: none yet"),
    r ? h("p", { class: "small muted" }, `${r.total} card${r.total === 1 ? "" : "s"} won`) : null);
}

function districtTable() {
  const over = (fresh()?.winners || []).length > 0;
  const cell = (p, d) => {
    const n = count(p, d);
    const both = count(0, d) + count(1, d);
    const name = players()[p].name;
    return h("td", { class: "dcell" }, h("div", { class: "mini-step" },
      h("button", { type: "button", class: "secondary", "aria-label": `${name}, ${d}: one less`, disabled: n === 0,
        onclick: () => setCount(p, d, n - 1) }, "−"),
      h("output", { "aria-label": `${name}, ${d}` }, String(n)),
      h("button", { type: "button", "aria-label": `${name}, ${d}: one more`, disabled: over || n >= FOUR || both >= PER_DISTRICT,
        onclick: () => setCount(p, d, n + 1) }, "+")));
  };
  return h("table", { class: "districts" },
    h("thead", {}, h("tr", {}, h("th", {}, "District"), players().map((pl) => h("th", { class: "pcol" }, pl.name)))),
    h("tbody", {}, DISTRICTS.map((d, i) => h("tr", { "data-district": d },
      h("th", { scope: "row" }, h("span", { class: `dot d${i}` }), d), cell(0, d), cell(1, d)))));
}

function numbersView() {
  const total = players().reduce((a, pl) => a + (pl.numbers || []).length, 0);
  const rows = players().map((pl, p) => {
    const nums = pl.numbers || [];
    const sum = nums.reduce((a, b) => a + b, 0);
    return h("div", { class: "numbers-row", "data-player": String(p) },
      h("div", { class: "numbers-head" }, h("strong", { class: "numbers-name" }, pl.name),
        h("span", { class: `sum${sum >= PHASE_END ? " reached" : ""}`, "data-testid": "sum" }, `= ${sum}`)),
      h("div", { class: "number-cards", "aria-label": `${pl.name}'s number cards` },
        nums.length ? nums.map((n) => h("span", { class: "ncard" }, String(n))) : h("span", { class: "muted small" }, "no number cards yet")),
      h("div", { class: "number-buttons" }, [1, 2, 3].map((n) => h("button", { type: "button", "aria-label": `${pl.name}: add a ${n}`,
        disabled: total >= NUMBER_CARDS, onclick: () => change((s) => {
          s.players.forEach((x) => { x.numbers ||= []; }); // both or neither, as the engine wants
          s.players[p].numbers.push(n);
        }) }, String(n))),
      h("button", { type: "button", class: "secondary", "aria-label": `${pl.name}: remove the last number card`, disabled: !nums.length,
        onclick: () => change((s) => { s.players[p].numbers.pop(); }) }, "⌫")));
  });
  return h("section", { class: "card numbers" }, h("h2", {}, `Number cards · phase ${draft.ui?.phase || 1}`), rows,
    phaseView(), newPhaseView());
}

function recipientButtons(question, pick) {
  return h("div", { class: "ask" }, h("p", {}, question), h("div", { class: "row" },
    players().map((pl) => h("button", { type: "button", class: "grow", onclick: () => pick(pl.name) }, pl.name))));
}

function phaseView() {
  const needRecipient = problem && problem.path === "last_recipient";
  if (needRecipient) {
    return h("div", { class: "phase over", "data-testid": "phase" }, h("p", {}, "The phase is over with equal sums."),
      recipientButtons("Who was the recipient in the last round? They sell first.",
        (name) => change((s) => { s.last_recipient = name; })));
  }
  const phase = fresh()?.phase;
  if (!phase) return null;
  const sums = players().map((pl) => `${pl.name} ${phase.sums[pl.name]}`).join(", ");
  if (!phase.over) {
    return h("div", { class: "phase", "data-testid": "phase" }, h("p", {}, `Phase goes on (${sums}); it ends when a sum reaches ${PHASE_END}.`));
  }
  const lines = [h("p", { class: "phase-title" }, `Phase over (${sums}).`)];
  if (phase.advantage) lines.push(h("p", {}, h("strong", {}, phase.advantage), " has the lower sum: the advantage (take 3 action cards as with a spy)."));
  else lines.push(h("p", {}, "Equal sums: nobody gets the advantage."));
  if (phase.first_seller) lines.push(h("p", {}, h("strong", {}, phase.first_seller), " is the first seller of the next phase."));
  return h("div", { class: "phase over", "data-testid": "phase" }, lines);
}

function newPhaseView() {
  if (asking) {
    return h("div", { class: "new-phase" }, recipientButtons("New phase: who was the recipient in the last round?", (name) => {
      asking = false;
      draft.ui = { ...(draft.ui || {}), phase: (draft.ui?.phase || 1) + 1 };
      change((s) => { s.last_recipient = name; s.players.forEach((pl) => { pl.numbers = []; }); });
    }), h("button", { type: "button", class: "secondary wide", onclick: () => { asking = false; render(); } }, "Cancel"));
  }
  return h("button", { type: "button", class: "secondary wide", id: "new-phase",
    onclick: () => { asking = true; render(); } }, "New phase (clear the number cards)");
}

function winnerView() {
  const r = fresh();
  if (!r?.winners?.length) return null;
  const p = r.players.find((x) => x.name === r.winners[0]);
  const how = r.win_condition === "four of one" && p?.progress?.best
    ? `four ${p.progress.best.district} cards` : "a card of every district";
  return h("p", { class: "winner-banner big-win", role: "status", "data-testid": "declared" }, `${r.winners[0]} wins with ${how}!`);
}

function render() {
  if (!draft) {
    M.showNoMatch(app, "canal-grande", "Choose the two players, then tap the district cards each one wins.", data.urls.new);
    return;
  }
  app.replaceChildren(...[
    winnerView(),
    h("div", { class: "progress-pair" }, progressPanel(0), progressPanel(1)),
    problem && problem.path !== "last_recipient"
      ? h("p", { class: "error card", role: "alert", id: "score-problem" }, `Cannot score yet: ${M.errorText(problem, draft.state)}`) : null,
    h("section", { class: "card" }, h("h2", {}, "District cards won"), districtTable()),
    numbersView(),
    h("div", { class: "row draft-tools" }, M.confirmButton(editing ? "Drop these changes" : "Discard this match",
      "Tap again to discard", () => { store.clear(); location.assign(editing ? M.matchUrl(gid, editing) : data.urls.group); })),
  ].filter(Boolean));
  if (fresh()) M.renderResult(resultEl, fresh());
  resultEl.classList.toggle("is-stale", !!problem && problem.path !== "last_recipient");
  app.dataset.state = JSON.stringify(draft.state);
}

render();
if (draft) {
  M.mountSave(document.getElementById("save-bar"), { gid, matchId: editing, getDraft: () => draft,
    onSaved: (match) => { store.clear(); location.assign(M.matchUrl(gid, match.id)); } });
  score(draft.state);
}
