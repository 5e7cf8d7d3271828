// The play review (POST /api/review): the cards of the recorded play that changed the fate
// of an announced item (the game, a figure), flagged ⚑ where they were played, in the
// tricks list and the trick on the table, while the play shown follows the recorded one;
// the reason, the server's sentence, in the card's title and label.

import * as i18n from "./i18n.js";
import * as source from "./source.js";
import { $ } from "./dom.js";

const review = {
  dealText: null, // the deal reviewed
  answer: null,
  error: null,
  busy: false,
};

let board = null; // {state} of board.js

/**
 * The flagged cards of the play shown: index in the play -> the sentences of the mistakes
 * made with that card, for the cards that follow the recorded play from the first lead.
 */
export function flagsByIndex(answer, play, recorded) {
  const flags = new Map();
  if (!answer) return flags;
  let common = 0;
  while (common < Math.min(play.length, recorded.length) && play[common] === recorded[common]) common++;
  for (const mistake of answer.review) {
    if (mistake.index >= common) continue;
    if (!flags.has(mistake.index)) flags.set(mistake.index, []);
    flags.get(mistake.index).push(mistake.sentence);
  }
  return flags;
}

async function ask() {
  const text = board.state.dealText;
  Object.assign(review, { dealText: text, answer: null, error: null, busy: true });
  render();
  try {
    const response = await source.fetchApi("api/review", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ deal: text }),
    });
    const body = await response.json().catch(() => ({}));
    if (response.ok) review.answer = body;
    else review.error = body.error || i18n.t("httpError", `${response.status} ${response.statusText}`);
  } catch {
    review.error = i18n.t("serverDown");
  }
  review.busy = false;
  render();
}

export function bind(state) {
  board = { state };
  $("#review-show").addEventListener("click", ask);
}

export function render() {
  const state = board.state;
  if (review.dealText !== null && review.dealText !== state.dealText) {
    Object.assign(review, { dealText: null, answer: null, error: null, busy: false });
  }
  const recorded = state.deal ? state.deal.recorded : [];
  $("#review-panel").hidden = !recorded.length;
  $("#review-show").disabled = review.busy;
  const note = $("#review-note");
  note.className = review.error ? "error" : "note";
  note.textContent = review.busy ? i18n.t("review.solving")
    : review.error ? review.error
      : !review.answer ? ""
        : review.answer.review.length ? i18n.t("review.count", new Set(review.answer.review.map((m) => m.index)).size)
          : i18n.t("review.none");
  if (state.deal) flagCards(flagsByIndex(review.answer, state.play, recorded), state.play.length);
}

/** Flags the played cards of the tricks list (the play in order) and of the trick on the table (the last cards). */
function flagCards(flags, played) {
  const listed = document.querySelectorAll("#trick-list .played-card");
  listed.forEach((card, index) => flag(card, flags.get(index)));
  const onTable = document.querySelectorAll("#trick .played-card");
  onTable.forEach((card, i) => flag(card, flags.get(played - onTable.length + i)));
}

function flag(card, sentences) {
  if (!sentences || card.classList.contains("flagged")) return;
  const reason = i18n.t("review.flag", sentences.join("; "));
  card.classList.add("flagged");
  card.title = reason;
  card.setAttribute("aria-label", `${card.getAttribute("aria-label")}, ${reason}`);
}
