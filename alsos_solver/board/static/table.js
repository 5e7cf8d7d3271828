// The contract table (POST /api/table): every seat as declarer in every contract of the
// game, with the game's columns as the server names them (the page knows no game), and the
// contracts asked once (klopitzky). A result's button opens the deal of that contract and
// declarer, which the server wrote, at the first lead.

import * as i18n from "./i18n.js";
import * as source from "./source.js";
import { $, element } from "./dom.js";

const panel = {
  dealText: null, // the deal whose table was asked
  answer: null,
  error: null,
  busy: false,
};

let board = null; // {state, openDeal} of board.js

/**
 * The rows of a table answer: one per entry, in the server's order (declarer, then
 * contract): its declarer, contract label, a text per column ("" where the entry has no
 * answer for it), the deal text it opens, and whether it begins its declarer's rows.
 */
export function tableRows(answer) {
  const labels = new Map(answer.contracts.map(({ token, label }) => [token, label]));
  return answer.table.map((entry, i) => ({
    declarer: entry.declarer,
    contract: labels.get(entry.contract) ?? entry.contract,
    cells: answer.columns.map(({ key }) => entry.cells[key] ?? ""),
    deal: entry.deal,
    firstOfSeat: i === 0 || answer.table[i - 1].declarer !== entry.declarer,
  }));
}

/** Whether the table asked for the deal `asked` still belongs to the deal shown: that deal, or the deal of one of its cells. */
export function belongsTo(answer, asked, shown) {
  return shown === asked || Boolean(answer && answer.table.some((entry) => entry.deal === shown));
}

async function show() {
  const text = board.state.dealText;
  Object.assign(panel, { dealText: text, answer: null, error: null, busy: true });
  render();
  try {
    const response = await source.fetchApi("api/table", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ deal: text }),
    });
    const body = await response.json().catch(() => ({}));
    if (panel.dealText !== text) return;
    if (response.ok) panel.answer = body;
    else panel.error = body.error || i18n.t("httpError", `${response.status} ${response.statusText}`);
  } catch {
    if (panel.dealText !== text) return;
    panel.error = i18n.t("serverDown");
  }
  panel.busy = false;
  render();
}

function openCell(event) {
  const button = event.target.closest("button[data-entry]");
  if (button && panel.answer) board.openDeal(panel.answer.table[Number(button.dataset.entry)].deal);
}

export function bind(state, openDeal) {
  board = { state, openDeal };
  $("#table-show").addEventListener("click", show);
  $("#contract-table").addEventListener("click", openCell);
}

export function render() {
  const shown = board.state.dealText;
  if (panel.dealText !== null && !panel.busy && !belongsTo(panel.answer, panel.dealText, shown)) {
    Object.assign(panel, { dealText: null, answer: null, error: null });
  }
  $("#table-panel").hidden = shown === null;
  $("#table-show").disabled = panel.busy || shown === null;
  const box = $("#contract-table");
  box.setAttribute("aria-busy", String(panel.busy));
  if (panel.busy) box.replaceChildren(element("p", { class: "note", text: i18n.t("table.solving") }));
  else if (panel.error) box.replaceChildren(element("p", { class: "error", text: panel.error }));
  else if (panel.answer) box.replaceChildren(...tableParts(panel.answer, shown));
  else box.replaceChildren();
}

function tableParts(answer, shown) {
  const head = element("tr", {},
    element("th", { scope: "col", text: i18n.t("table.declarer") }),
    element("th", { scope: "col", text: i18n.t("table.contract") }),
    ...answer.columns.map(({ heading }) => element("th", { scope: "col", text: heading })));
  const rows = tableRows(answer).map((row, i) => {
    const open = element("button", {
      type: "button",
      class: "table-open",
      "data-entry": String(i),
      "aria-label": i18n.t("table.open", row.contract, row.declarer),
      text: row.contract,
    });
    if (row.deal === shown) open.setAttribute("aria-current", "true");
    return element("tr", { class: row.firstOfSeat ? "first-of-seat" : "" },
      element("th", { scope: "row", text: row.declarer }),
      element("td", {}, open),
      ...row.cells.map((text, c) => element("td", { class: `justify-${answer.columns[c].justify}`, "data-key": answer.columns[c].key, text })));
  });
  const grid = element("table", { class: "contract-grid" },
    element("caption", { text: i18n.t("table.title") }),
    element("thead", {}, head),
    element("tbody", {}, ...rows));
  const parts = [grid];
  for (const { heading, answers } of answer.once) {
    const marks = Object.entries(answers).map(([seat, ok]) => `${seat} ${ok ? "✓" : "✗"}`).join("  ");
    parts.push(element("p", { class: "table-once", text: `${heading}  ${marks}` }));
  }
  if (!answer.complete) parts.push(element("p", { class: "error", text: i18n.t("table.incomplete") }));
  parts.push(element("p", { class: "note", text: i18n.t("table.hint") }));
  return parts;
}
