// The deal editor (issue 29 §2.6): the pack's cards put into the hands and the talon by click,
// the game, contract, declarer, announcements and kontras; every change is read by the
// server as the command line reads a deal file (POST /api/check, debounced) and its problem
// shown at its field in the reader's words. "Play" opens the edited deal on the board,
// "Save" downloads it as the writer writes it. The pure parts live in editlogic.js.

import * as edits from "./editlogic.js";
import * as i18n from "./i18n.js";
import { suitIndex } from "./logic.js";
import * as source from "./source.js";
import { $, element } from "./dom.js";

const DEBOUNCE_MS = 250;

const ed = {
  open: false,
  edit: edits.emptyEdit(),
  place: "A", // where a clicked card goes
  answer: null, // {text, problems} of the edit shown, null while it is being checked
  error: null, // the server did not answer
  built: false,
};

let hooks = { current: () => null, play: () => {} };
let timer = null;
let checkNumber = 0;

// ---- opening and closing -------------------------------------------------------------------

/** Opens the editor on a deal's text (the board's deal), or on an empty deal of the default game. */
export function open(text = null) {
  let edit = edits.emptyEdit();
  if (text) {
    try {
      edit = edits.fromText(text);
    } catch {
      edit = edits.emptyEdit(); // a text the page cannot read: start afresh
    }
  }
  ed.open = true;
  ed.place = edits.gameOf(edit.game).seats[0];
  change(edit, 0);
}

export function close() {
  ed.open = false;
  render();
}

export function isOpen() {
  return ed.open;
}

// ---- changes and the server ----------------------------------------------------------------

function change(edit, delay = DEBOUNCE_MS) {
  ed.edit = edit;
  ed.answer = null;
  ed.error = null;
  render();
  clearTimeout(timer);
  timer = setTimeout(check, delay);
}

async function check() {
  const number = ++checkNumber;
  let answer = null;
  let error = null;
  try {
    const response = await source.fetchApi("api/check", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(edits.checkRequest(ed.edit)),
    });
    const body = await response.json().catch(() => ({}));
    if (response.ok) answer = body;
    else error = body.error || i18n.t("httpError", `${response.status} ${response.statusText}`);
  } catch {
    error = i18n.t("serverDown");
  }
  if (number !== checkNumber) return; // an older edit's answer
  ed.answer = answer;
  ed.error = error;
  render();
}

function sound() {
  return ed.answer !== null && ed.answer.problems.length === 0;
}

function save() {
  if (!sound()) return;
  const url = URL.createObjectURL(new Blob([ed.answer.text], { type: "text/plain;charset=utf-8" }));
  const link = element("a", { href: url, download: edits.fileName(ed.edit), hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function play() {
  if (!sound() || !ed.edit.contract.trim()) return;
  const text = ed.answer.text;
  close();
  hooks.play(text);
}

// ---- rendering -----------------------------------------------------------------------------

function build() {
  const box = $("#editor");
  const field = (name, control) => element(
    "div", { class: "edit-field" },
    element("label", { for: `edit-${name}`, "data-i18n": `edit.${name}` }),
    control,
    element("span", { class: "edit-hint", "data-i18n": `edit.${name}.hint` }),
    element("p", { class: "edit-problem", "data-problem": name, role: "alert", hidden: true }),
  );
  const text = (name, placeholder) => element("input", {
    id: `edit-${name}`, type: "text", spellcheck: "false", autocomplete: "off", placeholder, "data-field": name,
  });
  box.replaceChildren(
    element("h2", { "data-i18n": "edit.title" }),
    field("game", element("select", { id: "edit-game" })),
    element("div", { class: "edit-places", role: "group", "aria-labelledby": "edit-places-label" },
      element("span", { id: "edit-places-label", "data-i18n": "edit.places" }),
      element("span", { id: "edit-place-buttons", class: "edit-place-buttons" }),
      element("button", { type: "button", id: "edit-rest", "data-i18n": "edit.rest" })),
    element("div", { id: "edit-pack", class: "edit-pack" }),
    element("p", { class: "edit-problem", "data-problem": "cards", role: "alert", hidden: true }),
    element("div", { class: "edit-fields" },
      field("contract", text("contract", "P")),
      field("declarer", element("select", { id: "edit-declarer", "data-field": "declarer" })),
      field("figures", text("figures", "B:abszolut,ultimo")),
      field("front", text("front", "B:abszolut")),
      field("kontra", text("kontra", "game:fb B:abszolut:b"))),
    element("p", { class: "edit-problem", "data-problem": "other", role: "alert", hidden: true }),
    element("div", { class: "edit-actions" },
      element("button", { type: "button", id: "edit-play", "data-i18n": "edit.play" }),
      element("button", { type: "button", id: "edit-save", "data-i18n": "edit.save" }),
      element("span", { id: "edit-status", class: "note", role: "status" })),
    element("pre", { id: "edit-text", class: "edit-text", "aria-label": "deal text" }),
  );
  $("#edit-game").append(...Object.keys(edits.GAMES).map((game) => element("option", { value: game, text: game })));
  $("#edit-game").addEventListener("change", (event) => {
    const edit = edits.setGame(ed.edit, event.target.value);
    if (!(ed.place in edit.places)) ed.place = edits.gameOf(edit.game).seats[0];
    change(edit, 0);
  });
  $("#edit-place-buttons").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-place]");
    if (!button) return;
    ed.place = button.dataset.place;
    render();
  });
  $("#edit-rest").addEventListener("click", () => change(edits.fillPlace(ed.edit, edits.TALON)));
  $("#edit-pack").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (button) change(edits.placeCard(ed.edit, button.dataset.card, ed.place));
  });
  for (const input of box.querySelectorAll("[data-field]")) {
    input.addEventListener(input.tagName === "SELECT" ? "change" : "input", () => {
      change({ ...ed.edit, [input.dataset.field]: input.value });
    });
  }
  $("#edit-play").addEventListener("click", play);
  $("#edit-save").addEventListener("click", save);
  ed.built = true;
}

export function render() {
  const box = $("#editor");
  if (!box) return;
  document.body.classList.toggle("editing", ed.open);
  box.hidden = !ed.open;
  const toggle = $("#edit-mode");
  if (toggle) {
    toggle.setAttribute("aria-pressed", String(ed.open));
    toggle.textContent = i18n.t(ed.open ? "edit.back" : "edit.mode");
    toggle.disabled = ed.open && hooks.current() === null;
  }
  if (!ed.open) return;
  if (!ed.built) build();
  for (const node of box.querySelectorAll("[data-i18n]")) node.textContent = i18n.t(node.dataset.i18n);
  const edit = ed.edit;
  const game = edits.gameOf(edit.game);
  $("#edit-game").value = edit.game;
  renderPlaces(edit, game);
  renderPack(edit, game);
  for (const input of box.querySelectorAll("input[data-field]")) {
    if (document.activeElement !== input) input.value = edit[input.dataset.field];
  }
  const declarer = $("#edit-declarer");
  declarer.replaceChildren(
    element("option", { value: "", text: i18n.t("edit.none") }),
    ...[...game.seats].map((seat) => element("option", { value: seat, text: seat })),
  );
  declarer.value = game.seats.includes(edit.declarer) ? edit.declarer : "";
  renderProblems();
}

function renderPlaces(edit, game) {
  const buttons = edits.placesOf(edit.game).map((place) => {
    const name = place === edits.TALON ? i18n.t("edit.talon") : place;
    const count = edit.places[place].length;
    const of = place === edits.TALON ? "" : `/${game.handSize}`;
    return element("button", {
      type: "button", class: "edit-place", "data-place": place, "aria-pressed": String(place === ed.place),
    }, element("span", { class: "edit-place-name", text: name }), element("span", { class: "edit-count", text: ` ${count}${of}` }));
  });
  $("#edit-place-buttons").replaceChildren(...buttons);
}

function renderPack(edit, game) {
  const pack = game.pack;
  const rows = [...pack.suits].map((suit, index) => {
    const row = element("div", { class: "suit-row" }, element("span", {
      class: `suit-symbol suit-${index}`, "aria-hidden": "true", text: pack.symbols[index],
    }));
    for (const rank of pack.ranks) {
      const card = suit + rank;
      const place = edits.placeOf(edit, card);
      const where = place === null ? i18n.t("edit.unplaced") : place === edits.TALON ? i18n.t("edit.talon") : place;
      row.append(element("button", {
        type: "button",
        class: `card edit-card suit-${suitIndex(card, pack)}${place === ed.place ? " here" : place ? " placed" : ""}`,
        "data-card": card,
        "data-place": place || "",
        "aria-label": `${i18n.cardName(card, pack)}, ${where}`,
      }, element("span", { class: "rank", text: rank }),
      element("span", { class: "edit-where", "aria-hidden": "true", text: place === edits.TALON ? "T" : place || "" })));
    }
    return row;
  });
  $("#edit-pack").replaceChildren(...rows);
}

function renderProblems() {
  const answer = ed.answer;
  const byField = edits.problemsByField(answer ? answer.problems : []);
  if (ed.error) byField.other = [...(byField.other || []), { message: ed.error }];
  for (const node of document.querySelectorAll("#editor [data-problem]")) {
    const problems = byField[node.dataset.problem] || [];
    node.hidden = problems.length === 0;
    node.textContent = problems.map((problem) => problem.message).join(" · ");
    node.title = problems.map((problem) => problem.located || problem.message).join("\n");
    const input = document.querySelector(`#editor [data-field="${node.dataset.problem}"]`);
    if (input) input.setAttribute("aria-invalid", String(problems.length > 0));
  }
  $("#editor").toggleAttribute("data-checking", answer === null && !ed.error); // for tests: the answer is not in yet
  const ok = sound();
  $("#edit-save").disabled = !ok;
  $("#edit-play").disabled = !ok || !ed.edit.contract.trim();
  $("#edit-status").textContent = answer === null && !ed.error ? i18n.t("edit.checking")
    : ok && !ed.edit.contract.trim() ? i18n.t("edit.noContract")
      : ok ? i18n.t("edit.sound") : "";
  $("#edit-text").textContent = answer ? answer.text : "";
}

// ---- hooks ---------------------------------------------------------------------------------

/** Binds the editor: `current()` is the board's deal text (null: none), `play(text)` opens a deal on the board. */
export function bind(boardHooks) {
  hooks = boardHooks;
  // the board's keys step through a play it does not show while the editor is open
  window.addEventListener("keydown", (event) => {
    if (ed.open && ["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) event.stopPropagation();
  }, true);
  $("#edit-mode")?.addEventListener("click", () => {
    if (ed.open) {
      if (hooks.current() !== null) close();
    } else {
      open(hooks.current());
    }
  });
}
