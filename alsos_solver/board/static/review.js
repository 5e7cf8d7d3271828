// The play review (POST /api/review): the cards of the recorded play that changed the fate
// of an announced item (the game, a figure), flagged ⚑ where they were played, in the
// tricks list and the trick on the table, while the play shown follows the recorded one;
// the reason, the server's sentence, in the card's title and label. Beside the ⚑, the
// single-dummy review of the chosen seat (the declarer by default: its seat_review): each
// card it played carries its mark (sound-mistake, worse-on-average, dd-only, or none) and,
// in its title, the shares of layouts per item; the marked ones are listed below the button
// (where the seat's side has nothing to review, seat_review's error instead).

import * as i18n from "./i18n.js";
import * as source from "./source.js";
import { $, element } from "./dom.js";

const review = {
  dealText: null, // the deal reviewed
  seat: null, // the seat whose single-dummy review is asked (null: the deal's declarer)
  answer: null,
  error: null,
  busy: false,
};

let board = null; // {state} of board.js

/** How many cards the play shown has in common with the recorded one, from the first lead. */
function commonLength(play, recorded) {
  let common = 0;
  while (common < Math.min(play.length, recorded.length) && play[common] === recorded[common]) common++;
  return common;
}

/**
 * The flagged cards of the play shown: index in the play -> the sentences of the mistakes
 * made with that card, for the cards that follow the recorded play from the first lead.
 */
export function flagsByIndex(answer, play, recorded) {
  const flags = new Map();
  if (!answer) return flags;
  const common = commonLength(play, recorded);
  for (const mistake of answer.review) {
    if (mistake.index >= common) continue;
    if (!flags.has(mistake.index)) flags.set(mistake.index, []);
    flags.get(mistake.index).push(mistake.sentence);
  }
  return flags;
}

/**
 * The single-dummy decisions of the play shown: index in the play -> the decision
 * (seat_review's), for the cards that follow the recorded play from the first lead.
 */
export function decisionsByIndex(answer, play, recorded) {
  const decisions = new Map();
  if (!answer || !answer.seat_review || !answer.seat_review.decisions) return decisions;
  const common = commonLength(play, recorded);
  for (const decision of answer.seat_review.decisions) {
    if (decision.index < common) decisions.set(decision.index, decision);
  }
  return decisions;
}

const percent = (rate) => Math.round(rate * 100);

/**
 * One item of a decision in words: the best other card's share of layouts beside the
 * played card's ("PK made game in 71% of layouts, PU in 64%"; a value item: kept the
 * best value), with the double-dummy
 * verdict after it where the mark is dd-only; a forced card said so.
 */
export function itemSentence(decision, item, game) {
  const cards = decision.items[item];
  const played = decision.played;
  const others = Object.keys(cards).filter((card) => card !== played);
  const label = i18n.questionLabel(item, game);
  if (!others.length) return i18n.t("sd.forced", played, label);
  const best = others.reduce((a, b) => (cards[b].rate > cards[a].rate ? b : a));
  const words = cards[played].mean === undefined ? "sd.rates" : "sd.keeps"; // a value item: the best value kept
  const rates = i18n.t(words, label, best, percent(cards[best].rate), played, percent(cards[played].rate));
  if (decision.marks[item] !== "dd-only") return rates;
  return `${rates} (${i18n.t("sd.ddBetter", others.find((card) => cards[card].dd))})`;
}

/** A decision in words: its mark (or none), then on what the seat could see, each item's sentence. */
export function decisionWords(decision, seat, game) {
  const mark = i18n.t(decision.mark ? `sd.mark.${decision.mark}` : "sd.mark.none");
  const items = Object.keys(decision.items).map((item) => itemSentence(decision, item, game));
  return `${mark}: ${i18n.t("sd.seen", seat)}, ${items.join("; ")}`;
}

async function ask() {
  const text = board.state.dealText;
  Object.assign(review, { dealText: text, answer: null, error: null, busy: true });
  render();
  try {
    const response = await source.fetchApi("api/review", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ deal: text, seat: chosenSeat() }),
    });
    const body = await response.json().catch(() => ({}));
    if (review.dealText !== text) return; // another deal opened meanwhile
    if (response.ok) review.answer = body;
    else review.error = body.error || i18n.t("httpError", `${response.status} ${response.statusText}`);
  } catch {
    review.error = i18n.t("serverDown");
  }
  review.busy = false;
  render();
}

function chosenSeat() {
  const deal = board.state.deal;
  return review.seat || deal.declarer || deal.active[0];
}

export function bind(state) {
  board = { state };
  $("#review-show").addEventListener("click", ask);
  $("#review-seat").addEventListener("change", (event) => {
    review.seat = event.target.value;
    if (review.answer || review.error) ask();
  });
}

export function render() {
  const state = board.state;
  if (review.dealText !== null && review.dealText !== state.dealText) {
    Object.assign(review, { dealText: null, seat: null, answer: null, error: null, busy: false });
  }
  const recorded = state.deal ? state.deal.recorded : [];
  $("#review-panel").hidden = !recorded.length;
  $("#review-show").disabled = review.busy;
  if (state.deal) renderSeats(state.deal);
  const note = $("#review-note");
  note.className = review.error ? "error" : "note";
  note.textContent = review.busy ? i18n.t("review.solving")
    : review.error ? review.error
      : !review.answer ? ""
        : review.answer.review.length ? i18n.t("review.count", new Set(review.answer.review.map((m) => m.index)).size)
          : i18n.t("review.none");
  renderMarkedList(state.deal);
  if (!state.deal) return;
  annotate(flagsByIndex(review.answer, state.play, recorded), decisionsByIndex(review.answer, state.play, recorded),
    state.play.length, state.deal.game);
}

function renderSeats(deal) {
  const select = $("#review-seat");
  const seats = deal.active.join(" ");
  if (select.dataset.seats !== seats) {
    select.replaceChildren(...deal.active.map((seat) => element("option", { value: seat, text: seat })));
    select.dataset.seats = seats;
  }
  select.value = chosenSeat();
  select.disabled = review.busy;
}

/** Below the note: the seat's marked cards, a line each (mark and shares), or that there are none. */
function renderMarkedList(deal) {
  const list = $("#review-marks");
  const seatReview = review.answer && review.answer.seat_review;
  list.hidden = !seatReview;
  if (!seatReview) return list.replaceChildren();
  if (seatReview.error) return list.replaceChildren(element("p", { class: "error", text: seatReview.error }));
  const marked = seatReview.decisions.filter((decision) => decision.mark);
  const heading = element("p", { class: "note", text: i18n.t("sd.count", seatReview.seat, marked.length) });
  const lines = marked.map((decision) => element("li", { "data-index": decision.index },
    `${i18n.t("sd.where", decision.trick, decision.played)} ${decisionWords(decision, seatReview.seat, deal.game)}`));
  list.replaceChildren(heading, element("ul", {}, ...lines));
}

/** The cards of the tricks list (the play in order) and of the trick on the table (the last cards), each with its index in the play. */
function playedCards(played) {
  const listed = [...document.querySelectorAll("#trick-list .played-card")].map((card, index) => [card, index]);
  const onTable = [...document.querySelectorAll("#trick .played-card")];
  return [...listed, ...onTable.map((card, i) => [card, played - onTable.length + i])];
}

/**
 * Flags the played cards that changed an item's fate and marks those the seat played with
 * their single-dummy mark (data-sd-mark: the mark, or "none"), each card's reasons in its
 * title and ARIA label; drawn afresh each time (a card keeps no flag of another review).
 */
function annotate(flags, decisions, played, game) {
  const seat = review.answer && review.answer.seat_review ? review.answer.seat_review.seat : null;
  for (const [card, index] of playedCards(played)) {
    card.dataset.label ??= card.getAttribute("aria-label");
    card.setAttribute("aria-label", card.dataset.label);
    card.removeAttribute("title");
    card.classList.toggle("flagged", flags.has(index));
    if (flags.has(index)) describe(card, i18n.t("review.flag", flags.get(index).join("; ")));
    const decision = decisions.get(index);
    if (!decision) {
      delete card.dataset.sdMark;
      continue;
    }
    card.dataset.sdMark = decision.mark || "none";
    describe(card, i18n.t("sd.title", seat, decisionWords(decision, seat, game)));
  }
}

/** Adds a reason to the card's title (a line each) and the end of its ARIA label. */
function describe(card, reason) {
  card.title = card.title ? `${card.title}\n${reason}` : reason;
  card.setAttribute("aria-label", `${card.getAttribute("aria-label")}, ${reason}`);
}
