// The board page: the deal round the table, a value on every legal card of the player to
// move (POST /api/position), play by click, steps through the recorded play, deep links,
// English and Hungarian. The pure parts live in logic.js, links.js and i18n.js.

import * as logic from "./logic.js";
import * as links from "./links.js";
import * as i18n from "./i18n.js";
import * as puzzle from "./puzzle.js";
import * as editor from "./editor.js";
import * as contractTable from "./table.js";
import * as playReview from "./review.js";
import * as source from "./source.js";
import { $, element } from "./dom.js";

const OTHER = "\u0000other"; // the question select's "other…" entry (no spec starts with NUL)

const state = {
  deals: [], // {file, index, text, title} from GET /api/deals
  dealText: null,
  deal: null, // logic.parseDeal(dealText), null where the text cannot be read
  parseError: null,
  play: [],
  line: [], // the cards forward steps follow: the recorded play, or the line last explored
  question: "", // a --question spec; "" asks the game's default
  answer: null, // the server's answer for the position shown, never an older one
  error: null,
  busy: false,
  autoPlay: false, // the switch: play forced and equal cards by themselves
  clicked: false, // the position came from a card played (not a step back): auto-play may go on
  keepFocus: false, // a card had the keyboard focus when it was played: the next mover's best card gets it
};

let requestNumber = 0;
let inFlight = null;
let shownHash = "";

// ---- the position and the server ---------------------------------------------------------

function openDeal(text, play = [], question = "") {
  state.dealText = text;
  state.question = question;
  try {
    state.deal = logic.parseDeal(text);
    state.parseError = null;
  } catch (error) {
    state.deal = null;
    state.parseError = error.message;
  }
  if (puzzle.open(text, play)) return;
  const recorded = state.deal ? state.deal.recorded : [];
  setPlay(play, logic.isPrefix(play, recorded) ? recorded : play);
}

function setPlay(play, line = state.line, clicked = false) {
  state.clicked = clicked;
  state.play = play;
  state.line = line;
  state.answer = null;
  state.error = null;
  showHash();
  render();
  ask();
}

function position() {
  return { deal: state.dealText, play: state.play, question: state.question };
}

/** Asks the server for the values at the position shown; an answer to an older position is dropped. */
async function ask() {
  if (state.dealText === null) return;
  const number = ++requestNumber;
  if (inFlight) inFlight.abort();
  inFlight = new AbortController();
  state.busy = true;
  renderStatus();
  let answer = null;
  let error = null;
  try {
    const response = await source.fetchPosition("api/position", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(position()),
      signal: inFlight.signal,
    });
    const body = await response.json().catch(() => ({}));
    if (response.ok) answer = body;
    else error = body.error || i18n.t("httpError", `${response.status} ${response.statusText}`);
  } catch (failure) {
    if (failure.name === "AbortError") return;
    error = i18n.t("serverDown");
  }
  if (number !== requestNumber) return;
  inFlight = null;
  state.busy = false;
  state.answer = answer;
  state.error = error || state.parseError;
  render();
  if (state.keepFocus && answer) document.querySelector(".seat .card.best, .seat .card.legal")?.focus();
  autoPlay();
}

/** With the switch on, after a card played: the next card where the choice is forced or between equal cards. */
function autoPlay() {
  const card = state.autoPlay && state.clicked ? logic.autoCard(state.answer) : null;
  if (card) playCard(card);
}

function showHash() {
  const url = links.link(location.href, state.dealText, state.play, state.question);
  shownHash = url.slice(url.indexOf("#"));
  if (location.hash !== shownHash) history.replaceState(null, "", shownHash);
  $("#link-text").value = url;
}

// ---- actions -------------------------------------------------------------------------------

function playCard(card) {
  if (!state.answer || !logic.isLegal(card, state.answer)) return;
  state.keepFocus = Boolean(document.activeElement?.matches?.("button.card"));
  const next = logic.playCard(state.play, state.line, card);
  setPlay(next.play, next.line, true);
  puzzle.played();
}

const steps = {
  start: () => (state.play.length ? [] : null),
  "undo-card": () => (state.play.length ? logic.undoCard(state.play) : null),
  "undo-trick": () => (state.play.length ? logic.undoTrick(state.play, logic.trickSize(state.deal)) : null),
  forward: () => logic.stepForward(state.play, state.line),
  end: () => logic.toLineEnd(state.play, state.line),
};

function step(name) {
  if (!state.deal) return;
  const play = steps[name]();
  if (play) setPlay(play);
}

function backToRecorded() {
  const recorded = state.deal.recorded;
  setPlay(state.play.slice(0, logic.commonLength(state.play, recorded)), recorded);
}

async function copyLink() {
  const note = $("#link-note");
  const url = $("#link-text").value;
  try {
    await navigator.clipboard.writeText(url);
    note.textContent = i18n.t("linkCopied");
  } catch {
    $("#link-text").select(); // no clipboard here (an insecure origin, a refusal): the user copies
    note.textContent = i18n.t("linkSelected");
  }
}

function chooseQuestion(spec) {
  state.question = spec;
  setPlay(state.play);
}

function setLanguage(lang) {
  i18n.setLanguage(lang);
  render();
}

/** Outlines the cards of one equivalence group while one of them is pointed at or focused. */
function showGroup(card) {
  for (const other of document.querySelectorAll(".card.group-shown")) other.classList.remove("group-shown");
  if (!card) return;
  for (const other of document.querySelectorAll(`.seat .card[data-group="${card.dataset.group}"]`)) other.classList.add("group-shown");
}

// ---- rendering ---------------------------------------------------------------------------

function render() {
  renderWords();
  renderDeals();
  const ready = state.deal !== null;
  $("#error").hidden = !state.error;
  $("#error").textContent = state.error || "";
  $("#table").hidden = !ready;
  $("#controls").hidden = state.dealText === null;
  $("#history").hidden = !ready;
  if (ready) {
    renderInfo();
    renderSeats();
    renderTrick();
    renderHistory();
  }
  renderQuestions();
  renderSteps();
  renderStatus();
  puzzle.render();
  editor.render();
  contractTable.render();
  playReview.render();
}

function renderWords() {
  const lang = i18n.language();
  document.documentElement.lang = lang;
  if (!source.embedded) document.title = `alsos-solver · ${i18n.t("title")}`;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = i18n.t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", i18n.t(node.dataset.i18nLabel));
  for (const button of document.querySelectorAll(".lang")) button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
}

function renderDeals() {
  const field = $("#deal-field");
  field.hidden = state.deals.length < 2;
  const select = $("#deal-select");
  if (select.options.length !== state.deals.length) {
    select.replaceChildren(
      ...state.deals.map((deal, i) => element("option", { value: String(i), text: dealTitle(deal) })),
    );
  }
  const shown = state.deals.findIndex((deal) => deal.text === state.dealText);
  if (shown >= 0) select.value = String(shown);
}

function dealTitle(deal) {
  return deal.title || `${deal.file} #${deal.index}`;
}

function suitSpan(text, suit) {
  return element("span", { class: `suit-${suit}`, text });
}

function cardSpan(card, className = "played-card") {
  const pack = state.deal.pack;
  return element("span", {
    class: `${className} suit-${logic.suitIndex(card, pack)}`,
    "data-card": card,
    "aria-label": i18n.cardName(card, pack),
    text: i18n.cardShort(card, pack),
  });
}

function renderInfo() {
  const deal = state.deal;
  const rows = [];
  const add = (key, ...content) => rows.push(element("dt", { text: i18n.t(key) }), element("dd", {}, ...content));
  if (deal.tags.has("Game")) add("game", deal.game);
  if (deal.contract) {
    add("contract", ...i18n.contractParts(deal.contract, deal.pack).flatMap((part, i) => [
      i ? " " : null,
      part.suit === undefined ? part.text : suitSpan(part.text, part.suit),
    ]));
  }
  if (deal.declarer) add("declarer", deal.declarer);
  const figures = Object.entries(deal.figures);
  if (figures.length) add("figures", figureList(deal.figures));
  if (Object.keys(deal.front).length) add("front", figureList(deal.front));
  if (deal.kontra.length) add("kontra", deal.kontra.map(i18n.kontraWords).join(" · "));
  if (deal.talon.length) add("talon", ...deal.talon.map((card) => cardSpan(card, "talon-card")));
  const melds = state.answer?.melds || [];
  if (melds.length) add("melds", ...melds.flatMap((line, i) => [i ? element("br") : null, line]));
  $("#info").replaceChildren(...rows);
}

function figureList(bySeat) {
  return Object.entries(bySeat)
    .map(([seat, names]) => `${seat}: ${names.map(i18n.figureName).join(", ")}`)
    .join(" · ");
}

function firstLeader() {
  const deal = state.deal;
  const tricks = state.answer?.tricks;
  if (tricks && tricks.length) return tricks[0].leader;
  if (deal.playLeader) return deal.playLeader;
  if (state.play.length) return logic.ownerOf(deal, state.play[0]);
  return state.answer ? state.answer.to_move : null;
}

function renderSeats() {
  const deal = state.deal;
  const layout = logic.SEAT_LAYOUT[deal.seats.length] || logic.SEAT_LAYOUT[3];
  const hands = logic.handsAfter(deal, state.play);
  const leader = firstLeader();
  for (const [place, seat] of Object.entries(layout)) {
    const box = document.querySelector(`.seat[data-place="${place}"]`);
    if (!seat) {
      box.replaceChildren();
      box.removeAttribute("data-seat");
      box.removeAttribute("data-to-move");
      continue;
    }
    box.dataset.seat = seat;
    const toMove = state.answer && state.answer.to_move === seat;
    box.toggleAttribute("data-to-move", Boolean(toMove));
    const roles = [];
    if (seat === deal.declarer) roles.push(i18n.t("role.declarer"));
    if (seat === deal.dealer) roles.push(i18n.t("role.dealer"));
    if (seat === leader && deal.contract) roles.push(i18n.t("role.leads"));
    const heading = element(
      "h2",
      { id: `seat-${seat}` },
      element("span", { class: "seat-letter", text: seat }),
      roles.length ? element("span", { class: "roles", text: roles.join(", ") }) : null,
      taken(seat),
      toMove ? element("span", { class: "to-move", text: `◀ ${i18n.t("toMove")}` }) : null,
    );
    const body = hands[seat] === null
      ? element("p", { class: "sits-out", text: i18n.t("role.sitsOut") })
      : handRows(seat, hands[seat], toMove);
    box.replaceChildren(heading, body);
    box.setAttribute("role", "group");
    box.setAttribute("aria-labelledby", `seat-${seat}`);
  }
}

/** What a seat has taken so far, from the server: card points where the play counts them, else tricks. */
function taken(seat) {
  const answer = state.answer;
  if (!answer || !answer.tricks_won || answer.tricks_won[seat] === undefined) return null;
  if (logic.countsPoints(state.deal, answer)) {
    return element("span", { class: "taken", "data-points": answer.points[seat], text: i18n.t("points", answer.points[seat]) });
  }
  return element("span", { class: "taken", "data-tricks": answer.tricks_won[seat], text: i18n.t("trickCount", answer.tricks_won[seat]) });
}

function handRows(seat, cards, toMove) {
  const pack = state.deal.pack;
  const values = toMove ? logic.valuesByCard(state.answer) : new Map();
  const groups = toMove ? logic.sharedGroups(state.answer) : new Map();
  const hand = element("div", { class: "hand" });
  for (let suit = 0; suit < pack.suits.length; suit++) {
    const inSuit = cards.filter((card) => logic.suitIndex(card, pack) === suit);
    const row = element("div", { class: "suit-row" }, element("span", {
      class: `suit-symbol suit-${suit}`, "aria-hidden": "true", text: pack.symbols[suit],
    }));
    for (const card of inSuit) row.append(cardButton(card, values.get(card), groups));
    if (!inSuit.length) row.append(element("span", { class: "void", "aria-label": i18n.suitName(pack, suit), text: "—" }));
    hand.append(row);
  }
  return hand;
}

function cardButton(card, entry, groups) {
  const pack = state.deal.pack;
  const suit = logic.suitIndex(card, pack);
  const label = [i18n.cardName(card, pack)];
  const classes = ["card", `suit-${suit}`];
  const attributes = { type: "button", "data-card": card };
  const children = [element("span", { class: "rank", text: card.slice(1) })];
  if (entry) {
    classes.push("legal");
    attributes["data-value"] = String(entry.value);
    label.push(i18n.t("value", typeof entry.value === "boolean" ? i18n.t(entry.value ? "yes" : "no") : entry.value));
    children.push(element("span", { class: "value", "aria-hidden": "true", text: logic.badge(entry.value) }));
    if (entry.best) {
      classes.push("best");
      attributes["data-best"] = "";
      label.push(i18n.t("best"));
    }
    const group = groups.get(entry.group);
    if (group) {
      classes.push("grouped", `group-${entry.group % 6}`);
      attributes["data-group"] = String(entry.group);
      const others = group.filter((other) => other !== card).map((other) => i18n.cardName(other, pack));
      label.push(i18n.t("sameAs", others.join(", ")));
    }
  } else {
    attributes.disabled = true;
  }
  attributes.class = classes.join(" ");
  attributes["aria-label"] = label.join(", ");
  return element("button", attributes, ...children);
}

function renderTrick() {
  const deal = state.deal;
  const tricks = logic.tricksOf(deal, state.play);
  const box = $("#trick");
  box.replaceChildren();
  if (!tricks.length) return;
  const last = tricks[tricks.length - 1];
  const info = trickInfo(last.number - 1);
  box.append(element("span", { class: "trick-caption", text: captionOf(last, info) }));
  for (const { card, seat } of last.cards) {
    box.append(element(
      "span",
      { class: `played${info && info.winner === seat && last.complete ? " winner" : ""}` },
      element("span", { class: "seat-name", text: seat }),
      cardSpan(card),
    ));
  }
}

/** The server's account of a trick (winner, points), when it gives one. */
function trickInfo(index) {
  const tricks = state.answer && state.answer.tricks;
  return tricks && tricks[index] ? tricks[index] : null;
}

function captionOf(trick, info) {
  const parts = [i18n.t("trick", trick.number)];
  if (info && info.winner && trick.complete) parts.push(i18n.t("wins", info.winner));
  if (info && typeof info.points === "number" && trick.complete && logic.countsPoints(state.deal, state.answer)) parts.push(i18n.t("points", info.points));
  return parts.join(" · ");
}

function renderHistory() {
  const tricks = logic.tricksOf(state.deal, state.play);
  const list = $("#trick-list");
  $("#no-tricks").hidden = tricks.length > 0;
  list.replaceChildren(...tricks.map((trick) => {
    const info = trickInfo(trick.number - 1);
    const cards = trick.cards.map(({ card, seat }) => element("span", {}, `${seat} `, cardSpan(card)));
    const caption = info && trick.complete ? element("span", { class: "note", text: captionOf(trick, info).split(" · ").slice(1).join(" · ") }) : null;
    return element("li", { class: trick.complete ? "" : "current" }, element("span", {}, ...cards), caption);
  }));
}

function renderQuestions() {
  const select = $("#question-select");
  const specs = state.deal ? logic.questionSpecs(state.deal) : [];
  const game = state.deal ? state.deal.game : "";
  const served = state.answer && !state.question ? state.answer.question : null;
  const defaultLabel = served ? `${i18n.t("question.default")} (${i18n.questionLabel(served, game)})` : i18n.t("question.default");
  const options = [element("option", { value: "", text: defaultLabel })];
  for (const spec of specs) options.push(element("option", { value: spec, text: `${i18n.questionLabel(spec, game)} — ${spec}` }));
  options.push(element("option", { value: OTHER, text: i18n.t("question.other") }));
  select.replaceChildren(...options);
  const other = state.question !== "" && !specs.includes(state.question);
  const form = $("#question-form");
  if (other || select.dataset.other === "open") {
    select.value = OTHER;
    form.hidden = false;
    if (document.activeElement !== $("#question-text")) $("#question-text").value = state.question;
  } else {
    select.value = state.question;
    form.hidden = true;
  }
}

function renderSteps() {
  const ready = state.deal !== null;
  for (const name of Object.keys(steps)) $(`#${name}`).disabled = !ready || steps[name]() === null;
  const status = ready ? logic.lineStatus(state.play, state.deal.recorded) : { kind: "free" };
  $("#back-to-recorded").hidden = status.kind !== "branched";
  const words = status.kind === "recorded" ? i18n.t("line.recorded", status.at, status.of)
    : status.kind === "branched" ? i18n.t("line.branched", status.at) : "";
  $("#line-status").textContent = words;
}

function renderStatus() {
  const table = $("#table");
  table.classList.toggle("busy", state.busy);
  table.setAttribute("aria-busy", String(state.busy));
  const status = $("#status");
  if (!state.deal) {
    status.textContent = state.busy ? i18n.t("solving") : "";
    return;
  }
  if (logic.isOver(state.deal, state.play)) {
    status.textContent = i18n.t("over");
    return;
  }
  if (state.busy && !state.answer) {
    status.textContent = i18n.t("solving");
    return;
  }
  const answer = state.answer;
  if (!answer) {
    status.textContent = "";
    return;
  }
  const value = answer.value ?? logic.positionValue(answer);
  const parts = [i18n.t("moverLine", answer.to_move, answer.trick)];
  if (value !== null) parts.push(i18n.t("positionValue", i18n.valueWords(value, answer.unit)));
  status.textContent = parts.join(" · ");
}

// ---- start -------------------------------------------------------------------------------

function openFromHash() {
  let restored = null;
  try {
    restored = links.parseLink(location.hash);
  } catch (error) {
    state.dealText = null;
    state.deal = null;
    state.error = error.message;
    render();
    return true;
  }
  if (!restored) return false;
  shownHash = location.hash;
  openDeal(restored.deal, restored.play, restored.question);
  return true;
}

async function loadDeals() {
  try {
    const response = await source.fetchDeals("api/deals");
    if (!response.ok) throw new Error(String(response.status));
    state.deals = (await response.json()).deals || [];
  } catch {
    state.deals = [];
  }
}

function bind() {
  $("#table").addEventListener("click", (event) => {
    const button = event.target.closest("button.card.legal");
    if (button) playCard(button.dataset.card);
  });
  for (const name of Object.keys(steps)) $(`#${name}`).addEventListener("click", () => step(name));
  $("#back-to-recorded").addEventListener("click", backToRecorded);
  for (const kind of ["pointerover", "focusin"]) $("#table").addEventListener(kind, (event) => showGroup(event.target.closest(".card[data-group]")));
  for (const kind of ["pointerout", "focusout"]) $("#table").addEventListener(kind, () => showGroup(null));
  $("#copy-link").addEventListener("click", copyLink);
  $("#auto-play").addEventListener("change", (event) => {
    state.autoPlay = event.target.checked;
  });
  for (const button of document.querySelectorAll(".lang")) button.addEventListener("click", () => setLanguage(button.dataset.lang));
  $("#deal-select").addEventListener("change", (event) => openDeal(state.deals[Number(event.target.value)].text));
  $("#question-select").addEventListener("change", (event) => {
    const value = event.target.value;
    event.target.dataset.other = value === OTHER ? "open" : "";
    if (value === OTHER) {
      renderQuestions();
      $("#question-text").focus();
    } else {
      chooseQuestion(value);
    }
  });
  $("#question-form").addEventListener("submit", (event) => {
    event.preventDefault();
    chooseQuestion($("#question-text").value.trim());
  });
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.target.closest("input, select, textarea")) return;
    const name = { ArrowLeft: "undo-card", ArrowRight: "forward", Home: "start", End: "end" }[event.key];
    if (name && state.deal) {
      event.preventDefault();
      step(name);
    }
  });
  editor.bind({ current: () => (state.deal ? state.dealText : null), play: (text) => openDeal(text) });
  window.addEventListener("hashchange", () => {
    if (location.hash !== shownHash) openFromHash();
  });
  contractTable.bind(state, openDeal);
  playReview.bind(state);
}

async function main() {
  i18n.loadLanguage();
  puzzle.init({ state, setPlay, render });
  bind();
  const fromLink = openFromHash();
  await loadDeals();
  if (!fromLink) {
    if (state.deals.length) openDeal(state.deals[0].text);
    else editor.open(); // no deal: an empty one to edit
  }
  render();
}

main();
