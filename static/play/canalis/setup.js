// Canalis board setup: players, board size, and the map's harbors, natural
// gardens (with value) and starting resources (with income), painted on the
// board with a tool and fine-tuned in the list below it. "Standard board"
// puts back this app's own default map (not the printed board: groups edit
// it to match theirs).
import * as M from "../../kit/match.js";
import { boardView } from "./board.js";
import { RESOURCES } from "./forms.js";
import { playerPicker, seatProblem } from "../../kit/players.js";

const { h } = M;

/** Our standard map: 10 x 12, a two-square harbor on each side, a garden in
 * each corner, six resources along the edges. */
export function standardBoard() {
  return {
    rows: 10, cols: 12,
    harbors: [[4, 0], [5, 0], [4, 11], [5, 11]],
    gardens: [[0, 0], [0, 11], [9, 0], [9, 11]].map((cell) => ({ cells: [cell], value: 2 })),
    resources: [
      { cells: [[0, 3]], resource: "timber", income: 1 }, { cells: [[0, 8]], resource: "ore", income: 2 },
      { cells: [[9, 3]], resource: "dyes", income: 1 }, { cells: [[9, 8]], resource: "spices", income: 2 },
      { cells: [[2, 0]], resource: "spices", income: 2 }, { cells: [[7, 11]], resource: "dyes", income: 1 },
    ],
  };
}

/** Board features drawn like tiles (what the engine's result.board shows in play). */
export function setupTiles(board) {
  return [
    ...board.harbors.map((cell) => ({ kind: "harbor", cells: [cell] })),
    ...board.gardens.map((g) => ({ kind: "garden", cells: g.cells, value: g.value })),
    ...board.resources.map((x) => ({ kind: "resource", cells: x.cells, resource: x.resource, income: x.income })),
  ];
}

const onSquare = (cells, r, c) => cells.some(([a, b]) => a === r && b === c);
const inside = (b) => ([r, c]) => r < b.rows && c < b.cols;

function removeAt(board, r, c) {
  board.harbors = board.harbors.filter(([a, b]) => !(a === r && b === c));
  board.gardens = board.gardens.filter((g) => !onSquare(g.cells, r, c));
  board.resources = board.resources.filter((x) => !onSquare(x.cells, r, c));
}

/**
 * opts: {draft, known (group player names), save(), start()}
 * Renders into `root`; keeps the board and players in draft.state.
 */
export function renderSetup(root, { draft, known, save, start }) {
  const state = draft.state;
  const board = state.board;
  const tool = draft.ui.tool ||= { kind: "harbor", value: 2, resource: "ore", income: 1 };
  const seats = state.players.map((p) => p.name);
  const startError = h("p", { class: "error", role: "alert", hidden: true, id: "start-error" });

  const picker = playerPicker({ known, seats, min: 2, max: 4, onChange: () => {
    state.players = seats.map((name) => ({ name }));
    save();
  } });

  const view = boardView({ rows: board.rows, cols: board.cols, label: "Board setup", onTap: (r, c) => {
    const here = setupTiles(board).find((t) => onSquare(t.cells, r, c));
    removeAt(board, r, c);
    if (tool.kind !== "erase" && !(here && here.kind === tool.kind)) {
      if (tool.kind === "harbor") board.harbors.push([r, c]);
      if (tool.kind === "garden") board.gardens.push({ cells: [[r, c]], value: tool.value });
      if (tool.kind === "resource") board.resources.push({ cells: [[r, c]], resource: tool.resource, income: tool.income });
    }
    save();
    redraw();
  } });

  const listEl = h("div", { class: "cn-features" });
  const toolEl = h("div", {});

  function resize(key, n) {
    board[key] = n;
    const keep = inside(board);
    const before = board.harbors.length + board.gardens.length + board.resources.length;
    board.harbors = board.harbors.filter(keep);
    board.gardens = board.gardens.filter((g) => g.cells.every(keep));
    board.resources = board.resources.filter((x) => x.cells.every(keep));
    const lost = before - (board.harbors.length + board.gardens.length + board.resources.length);
    if (lost) Companion.toast(`${lost} feature${lost > 1 ? "s" : ""} outside the new size removed.`);
    save();
    renderSetup(root, { draft, known, save, start });
  }

  function drawTools() {
    const kinds = [["harbor", "⚓ Harbor"], ["garden", "Garden"], ["resource", "Resource"], ["erase", "Erase"]];
    toolEl.replaceChildren(...[
      h("div", { class: "toggles", role: "group", "aria-label": "What a tap puts on the board", "data-testid": "setup-tool" },
        kinds.map(([k, text]) => h("button", { type: "button", class: "toggle", "aria-pressed": String(tool.kind === k),
          "data-value": k, onclick: () => { tool.kind = k; save(); drawTools(); } }, text))),
      tool.kind === "garden" ? M.stepper({ label: "New gardens are worth", value: tool.value, min: 0, max: 9, testid: "tool-value",
        onChange: (n) => { tool.value = n; save(); drawTools(); } }) : null,
      tool.kind === "resource" ? h("div", {},
        h("div", { class: "toggles", role: "group", "aria-label": "Resource", "data-testid": "tool-resource" },
          RESOURCES.map((x) => h("button", { type: "button", class: "toggle", "aria-pressed": String(tool.resource === x),
            "data-value": x, onclick: () => { tool.resource = x; save(); drawTools(); } }, x))),
        M.stepper({ label: "Income (crowns)", value: tool.income, min: 0, max: 9, testid: "tool-income",
          onChange: (n) => { tool.income = n; save(); drawTools(); } })) : null,
      h("p", { class: "muted small" }, tool.kind === "erase" ? "Tap a harbor, garden or resource to take it off."
        : "Tap a square to put it there; tap it again to take it off."),
    ].filter(Boolean));
  }

  function drawList() {
    const at = (cells) => cells.map(([r, c]) => `[${r}, ${c}]`).join(" ");
    const drop = (fn) => () => { fn(); save(); redraw(); };
    listEl.replaceChildren(
      h("h3", {}, `Harbors (${board.harbors.length})`),
      h("p", { class: "small" }, board.harbors.length ? at(board.harbors) : "None yet: every industrial needs a harbor."),
      h("h3", {}, `Gardens (${board.gardens.length})`),
      h("ul", { class: "cn-feature-list" }, board.gardens.map((g, i) => h("li", {},
        M.stepper({ label: `Garden ${at(g.cells)}`, value: g.value, min: 0, max: 9,
          onChange: (n) => { g.value = n; save(); redraw(); } }),
        h("button", { type: "button", class: "secondary", "aria-label": `Remove the garden at ${at(g.cells)}`,
          onclick: drop(() => board.gardens.splice(i, 1)) }, "✕")))),
      h("h3", {}, `Resources (${board.resources.length})`),
      h("ul", { class: "cn-feature-list" }, board.resources.map((x, i) => h("li", {},
        M.stepper({ label: `${x.resource} ${at(x.cells)} income`, value: x.income, min: 0, max: 9,
          onChange: (n) => { x.income = n; save(); redraw(); } }),
        h("button", { type: "button", class: "secondary", "aria-label": `Remove the ${x.resource} at ${at(x.cells)}`,
          onclick: drop(() => board.resources.splice(i, 1)) }, "✕")))));
  }

  function redraw() {
    view.draw(setupTiles(board), seats);
    drawList();
  }

  const go = h("button", { type: "button", class: "big", id: "start-game" }, "Start the game");
  go.addEventListener("click", async () => {
    const why = seatProblem(seats, 2, 4) || (board.harbors.length ? null : "Put at least one harbor on the board.");
    if (why) { startError.textContent = why; startError.hidden = false; return; }
    startError.hidden = true;
    const problem = await start();
    if (problem) { startError.textContent = problem; startError.hidden = false; }
  });

  root.replaceChildren(
    h("h1", {}, `New ${M.GAMES.canalis} game`),
    h("section", { class: "card", "aria-labelledby": "who-title" }, h("h2", { id: "who-title" }, "Who plays? (2 to 4)"), picker.el),
    h("section", { class: "card", "aria-labelledby": "map-title" },
      h("h2", { id: "map-title" }, "The map"),
      h("div", { class: "row" }, h("button", { type: "button", class: "secondary", id: "standard-board", onclick: () => {
        draft.state.board = standardBoard(); save(); renderSetup(root, { draft, known, save, start });
      } }, "Standard board"),
      h("button", { type: "button", class: "secondary", id: "clear-board", onclick: () => {
        Object.assign(board, { harbors: [], gardens: [], resources: [] }); save(); redraw();
      } }, "Empty map")),
      M.stepper({ label: "Rows", value: board.rows, min: 3, max: 30, testid: "rows", onChange: (n) => resize("rows", n) }),
      M.stepper({ label: "Columns", value: board.cols, min: 3, max: 30, testid: "cols", onChange: (n) => resize("cols", n) }),
      toolEl, view.el, listEl),
    startError, go);
  drawTools();
  redraw();
  requestAnimationFrame(view.fit);
}
