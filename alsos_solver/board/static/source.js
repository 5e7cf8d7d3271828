// Where the board's answers come from: the server (alsos-solve board), or in a page written
// by --html, the data island (<script type="application/json" id="board-data">) with the
// answers precomputed along the recorded play; a position off it needs the board.
// fetchPosition and fetchDeals answer as fetch does (a Response), so board.js reads both alike.

import * as i18n from "./i18n.js";

/** The island's data, or null where the page has none (the server's page). */
export function readIsland(doc = globalThis.document) {
  const node = doc ? doc.getElementById("board-data") : null;
  return node ? JSON.parse(node.textContent) : null;
}

const island = readIsland();

/** Whether the answers come from a page's island (no server). */
export const embedded = island !== null;

/** The key of one position: deal text, play and question ("" the default). */
export function positionKey(deal, play, question) {
  return JSON.stringify([deal, play || [], question || ""]);
}

/** The island's answers by position key. */
export function answersOf(data) {
  const answers = new Map();
  for (const deal of data.deals || []) {
    for (const { play, answer } of deal.positions || []) answers.set(positionKey(deal.text, play, ""), answer);
  }
  return answers;
}

/** The island's answer to a POST /api/position body: {status, body} (404 and the words off the line). */
export function lookUp(answers, request) {
  const answer = answers.get(positionKey(request.deal, request.play, request.question));
  return answer ? { status: 200, body: answer } : { status: 404, body: { error: i18n.t("needsBoard") } };
}

const answers = island ? answersOf(island) : null;

function respond(status, body) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** POST /api/position, or its answer from the island. */
export async function fetchPosition(url, init) {
  if (!answers) return fetch(url, init);
  const { status, body } = lookUp(answers, JSON.parse(init.body));
  return respond(status, body);
}

/** GET /api/deals, or the island's deals. */
export async function fetchDeals(url) {
  if (!island) return fetch(url);
  return respond(200, { deals: island.deals.map(({ file, index, text, title }) => ({ file, index, text, title })) });
}

/** Any other endpoint (the contract table, the review, a puzzle's verdict, the editor's
 * check): the server's answer, or in a page the words that it needs the board. */
export async function fetchApi(url, init) {
  if (!island) return fetch(url, init);
  return respond(404, { error: i18n.t("needsBoard") });
}
