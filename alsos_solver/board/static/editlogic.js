// The deal editor's pure logic (no DOM, no fetch): an edited deal is its game, the cards of
// each place (a seat that plays, or the talon), and the text of its other fields; the cards
// are put in place by click, and the request of POST /api/check is made of the fields.
// Whether the deal keeps the rules is the server's answer (the reader's own words).

import { PACKS, parseDeal, sortCards } from "./logic.js";

/** The five games (docs/format.md, 'Core tags'): the seats that play and the pack. */
export const GAMES = {
  alsos: { seats: "ABC", pack: PACKS.hungarian, handSize: 9 },
  "alsos-2": { seats: "AB", pack: PACKS.hungarian, handSize: 12 },
  "alsos-4": { seats: "ABC", pack: PACKS.hungarian, handSize: 9 },
  asszorti: { seats: "ABC", pack: PACKS.french, handSize: 11 },
  altiansz: { seats: "ABC", pack: PACKS.hungarian, handSize: 9 },
};
export const DEFAULT_GAME = "alsos";
export const TALON = "talon";
/** The text fields, each written as its tag (contract as Contract, ...). */
export const TEXT_FIELDS = ["contract", "declarer", "figures", "front", "kontra"];
/** Tags the fields make, or that are not edited (a play section); the others are kept as they are. */
const EDITED_TAGS = new Set(["Game", "Deal", "Talon", "Contract", "Declarer", "Figures", "Front", "Kontra", "Play", "Solution"]);

export function gameOf(name) {
  return GAMES[name] || GAMES[DEFAULT_GAME];
}

/** Every card of the game's pack, in pack order (32 Hungarian, 36 French). */
export function packCards(game) {
  const { pack } = gameOf(game);
  return [...pack.suits].flatMap((suit) => [...pack.ranks].map((rank) => suit + rank));
}

/** The places cards can be put: the seats that play, then the talon. */
export function placesOf(game) {
  return [...gameOf(game).seats, TALON];
}

/** A deal of the game with no card placed and no field filled. */
export function emptyEdit(game = DEFAULT_GAME) {
  const places = Object.fromEntries(placesOf(game).map((place) => [place, []]));
  return { game, places, contract: "", declarer: "", figures: "", front: "", kontra: "", tags: {} };
}

/** Where a card is (a seat or the talon), null while it is in no place. */
export function placeOf(edit, card) {
  for (const [place, cards] of Object.entries(edit.places)) if (cards.includes(card)) return place;
  return null;
}

/**
 * A card clicked while `place` is chosen: moved there from wherever it was, or, if it was
 * there already, taken back out (to no place). A new edit; the cards of each place in pack
 * order. A card not of the pack, or a place not of the game, leaves the edit as it is.
 */
export function placeCard(edit, card, place) {
  if (!packCards(edit.game).includes(card) || !(place in edit.places)) return edit;
  const from = placeOf(edit, card);
  const places = { ...edit.places };
  if (from !== null) places[from] = places[from].filter((other) => other !== card);
  if (from !== place) places[place] = sortCards([...places[place], card], gameOf(edit.game).pack);
  return { ...edit, places };
}

/** The cards of no place yet. */
export function unplaced(edit) {
  return packCards(edit.game).filter((card) => placeOf(edit, card) === null);
}

/** Puts every card not yet placed into `place` (the talon: the rest of the pack). */
export function fillPlace(edit, place) {
  return unplaced(edit).reduce((next, card) => placeCard(next, card, place), edit);
}

/**
 * Another game: the cards stay where they are when the pack is the same (those of a seat
 * that no longer plays go back), none when the pack changes; the other fields stay.
 */
export function setGame(edit, game) {
  const next = emptyEdit(game);
  if (gameOf(game).pack === gameOf(edit.game).pack) {
    for (const place of Object.keys(next.places)) next.places[place] = [...(edit.places[place] || [])];
  }
  const { contract, declarer, figures, front, kontra, tags } = edit;
  return { ...next, contract, declarer, figures, front, kontra, tags };
}

/** The deal of a text (the writer's output) as an edit: its cards, fields and other tags (its play is left out). */
export function fromText(text) {
  const deal = parseDeal(text);
  const game = GAMES[deal.game] ? deal.game : DEFAULT_GAME;
  const edit = emptyEdit(game);
  for (const seat of gameOf(game).seats) edit.places[seat] = [...(deal.hands[seat] || [])];
  edit.places[TALON] = sortCards(deal.talon, deal.pack);
  for (const field of TEXT_FIELDS) edit[field] = deal.tags.get(field[0].toUpperCase() + field.slice(1)) || "";
  for (const [name, value] of deal.tags) if (!EDITED_TAGS.has(name)) edit.tags[name] = value;
  return edit;
}

/** The body of POST /api/check for the edit. */
export function checkRequest(edit) {
  const hands = Object.fromEntries(gameOf(edit.game).seats.split("").map((seat) => [seat, edit.places[seat] || []]));
  const request = { game: edit.game, hands, talon: edit.places[TALON] || [] };
  for (const field of TEXT_FIELDS) request[field] = edit[field];
  request.tags = edit.tags;
  return request;
}

/** The server's problems by the field they show at: the tag's field, "deal" for Deal and Talon (the cards), "other" else. */
export function problemsByField(problems) {
  const byField = {};
  for (const problem of problems || []) {
    const tag = problem.tag || "";
    const field = tag === "Deal" || tag === "Talon" ? "cards" : tag === "Game" ? "game"
      : TEXT_FIELDS.includes(tag.toLowerCase()) ? tag.toLowerCase() : "other";
    (byField[field] ||= []).push(problem);
  }
  return byField;
}

/** The file name a saved deal gets: its Event's words, else "deal". */
export function fileName(edit) {
  const words = (edit.tags.Event || "").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40);
  return `${words || "deal"}.txt`;
}
