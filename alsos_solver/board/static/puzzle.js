// Puzzle mode (issue 29 §2.8): a deal of the list that is a puzzle (GET /api/deals gives its
// `puzzle`: goal, side, start) opens at its start with the values hidden ("Show values"
// shows them); the user plays the puzzle side's cards, POST /api/puzzle judges the last one
// (right or wrong, with the refutation of a wrong one, the machinery of `alsos-solve play`)
// and gives the defence's best cards, which are played on; "Show solution" goes back to the
// start with the main line to step through. board.js calls open(), played() and render().

import * as logic from "./logic.js";
import * as i18n from "./i18n.js";
import * as source from "./source.js";
import { element } from "./dom.js";

let board = null; // {state, setPlay, render} from board.js
let requestNumber = 0;

const puzzle = {
  entry: null, // the deal list's `puzzle` of the deal shown, null outside puzzle mode
  showValues: false,
  showSolution: false,
  showRefutation: false,
  busy: false,
  answer: null, // POST /api/puzzle's answer, for the play in `answerPlay`
  answerPlay: null,
  error: null,
};

export function init(api) {
  board = api;
}

export function active() {
  return puzzle.entry !== null;
}

/** The puzzle of a deal text among the deals of the list, or null. */
export function entryOf(deals, text) {
  const deal = deals.find((entry) => entry.text === text);
  return deal && deal.puzzle ? deal.puzzle : null;
}

/**
 * Called by openDeal: true where the deal is a puzzle, which it then opens (at its start, or
 * at `play` where that goes on from it), asking its goal; false leaves puzzle mode.
 */
export function open(text, play) {
  const entry = entryOf(board.state.deals, text);
  Object.assign(puzzle, { entry, showValues: false, showSolution: false, showRefutation: false, answer: null, answerPlay: null, error: null });
  if (!entry || !board.state.deal) {
    puzzle.entry = null;
    return false;
  }
  const start = board.state.deal.recorded.slice(0, entry.start);
  board.state.question = entry.spec;
  const from = logic.isPrefix(start, play) ? play : start;
  board.setPlay(from, from);
  return true;
}

/** Called after a card is played by click: the server judges it and the defence answers. */
export async function played() {
  if (!active()) return;
  const state = board.state;
  const play = state.play.slice();
  const number = ++requestNumber;
  Object.assign(puzzle, { busy: true, answer: null, answerPlay: play, error: null, showRefutation: false });
  render();
  let answer = null;
  let error = null;
  try {
    const response = await source.fetchApi("api/puzzle", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ deal: state.dealText, play }),
    });
    const body = await response.json().catch(() => ({}));
    if (response.ok) answer = body;
    else error = body.error || i18n.t("httpError", `${response.status} ${response.statusText}`);
  } catch {
    error = i18n.t("serverDown");
  }
  if (number !== requestNumber) return;
  Object.assign(puzzle, { busy: false, answer, error });
  if (answer && answer.defence.length && logic.isPrefix(state.play, play) && state.play.length === play.length) {
    const next = [...play, ...answer.defence];
    board.setPlay(next, logic.isPrefix(next, state.line) ? state.line : next);
  } else {
    board.render();
  }
}

function showSolution() {
  const state = board.state;
  const recorded = state.deal.recorded;
  const start = recorded.slice(0, puzzle.entry.start);
  const cards = solutionCards();
  const line = recorded.length > start.length ? recorded : cards.length ? [...start, cards[0]] : start;
  puzzle.showSolution = true;
  board.setPlay(start, line);
}

function solutionCards() {
  const deal = board.state.deal;
  return (deal.tags.get("Solution") || "").split(/\s+/).filter(Boolean).map((card) => card.toUpperCase());
}

// ---- rendering ---------------------------------------------------------------------------

function shortCard(card) {
  const pack = board.state.deal.pack;
  return element("span", {
    class: `played-card suit-${logic.suitIndex(card, pack)}`,
    "data-card": card,
    "aria-label": i18n.cardName(card, pack),
    text: i18n.cardShort(card, pack),
  });
}

function cardList(cards) {
  return cards.flatMap((card, i) => [i ? " " : null, shortCard(card)]).filter((part) => part !== null);
}

/** Called last in board.js's render(): the puzzle panel, and the values hidden until asked. */
export function render() {
  const box = document.querySelector("#puzzle");
  if (!box) return;
  box.hidden = !active() || !board.state.deal;
  document.querySelector("#table")?.classList.toggle("puzzle-mode", !box.hidden);
  if (box.hidden) return;
  const state = board.state;
  const entry = puzzle.entry;
  const goal = i18n.questionLabel(entry.goal, state.deal.game);
  const side = entry.side.join("+");
  const valuesButton = element("button", {
    type: "button", id: "puzzle-values", "aria-pressed": String(puzzle.showValues),
    text: i18n.t(puzzle.showValues ? "puzzle.hideValues" : "puzzle.showValues"),
  });
  valuesButton.addEventListener("click", () => {
    puzzle.showValues = !puzzle.showValues;
    board.render();
  });
  const solutionButton = element("button", { type: "button", id: "puzzle-show-solution", text: i18n.t("puzzle.showSolution") });
  solutionButton.addEventListener("click", showSolution);
  const parts = [
    element("h2", { id: "puzzle-heading", text: i18n.t("puzzle.heading", goal, side) }),
    element("p", { class: "note", text: i18n.t("puzzle.task", side) }),
    element("div", { class: "puzzle-buttons" }, valuesButton, solutionButton),
    verdictPart(goal),
  ];
  if (puzzle.showSolution) {
    const cards = solutionCards();
    parts.push(element(
      "p",
      { id: "puzzle-solution" },
      ...(cards.length ? [`${i18n.t("puzzle.solution")} `, ...cardList(cards), ". ", i18n.t("puzzle.solutionSteps")]
        : [i18n.t("puzzle.noSolution")]),
    ));
  }
  box.replaceChildren(...parts);
  markWrong();
  if (!puzzle.showValues) hideValues();
  if (!puzzle.showSolution) {
    document.querySelector("#back-to-recorded").hidden = true; // the recorded line holds the solution
    document.querySelector("#line-status").textContent = "";
  }
}

function currentAnswer() {
  const play = board.state.play;
  return puzzle.answerPlay && logic.isPrefix(puzzle.answerPlay, play) ? puzzle.answer : null;
}

function verdictPart(goal) {
  const box = element("div", { id: "puzzle-verdict", role: "status" });
  const answer = currentAnswer();
  if (puzzle.busy) box.append(element("p", { text: i18n.t("puzzle.checking") }));
  if (puzzle.error) box.append(element("p", { class: "error", text: puzzle.error }));
  if (!answer || !answer.card) return box;
  box.dataset.verdict = answer.verdict;
  const card = i18n.cardShort(answer.card, board.state.deal.pack);
  box.append(element("p", { class: `verdict verdict-${answer.verdict}`, text: i18n.t(`puzzle.${answer.verdict}`, card) }));
  if (answer.over && board.state.play.length === puzzle.answerPlay.length + answer.defence.length) {
    box.append(element("p", { class: "verdict-end", text: i18n.t(answer.solved ? "puzzle.solved" : "puzzle.notSolved", goal) }));
  }
  if (answer.refutation) {
    if (!puzzle.showRefutation) {
      const button = element("button", { type: "button", id: "puzzle-show-refutation", text: i18n.t("puzzle.showRefutation") });
      button.addEventListener("click", () => {
        puzzle.showRefutation = true;
        board.render();
      });
      box.append(button);
    } else {
      box.append(element("p", { text: i18n.t("puzzle.refutation", card) }));
      box.append(element("ol", { id: "puzzle-refutation" }, ...answer.refutation.tricks.map((trick) => element(
        "li",
        { value: String(trick.trick) },
        `${trick.leader}: `,
        ...cardList(trick.cards),
        trick.winner ? ` · ${i18n.t("wins", trick.winner)}` : null,
      ))));
    }
  }
  return box;
}

/** The card judged wrong, marked where the play shows it. */
function markWrong() {
  const answer = currentAnswer();
  if (!answer || answer.verdict !== "wrong") return;
  for (const node of document.querySelectorAll(`#trick [data-card="${answer.card}"], #trick-list [data-card="${answer.card}"]`)) {
    node.classList.add("puzzle-wrong");
  }
}

/** The values, best marks and equal-card groups taken off the cards, and off the status line. */
function hideValues() {
  for (const button of document.querySelectorAll(".seat .card.legal")) {
    button.querySelector(".value")?.remove();
    button.classList.remove("best", "grouped", ...[0, 1, 2, 3, 4, 5].map((n) => `group-${n}`));
    for (const name of ["data-value", "data-best", "data-group"]) button.removeAttribute(name);
    button.setAttribute("aria-label", i18n.cardName(button.dataset.card, board.state.deal.pack));
  }
  const answer = board.state.answer;
  const status = document.querySelector("#status");
  if (answer && answer.to_move && !logic.isOver(board.state.deal, board.state.play)) {
    status.textContent = i18n.t("moverLine", answer.to_move, answer.trick);
  }
}
