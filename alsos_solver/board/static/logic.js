// What the page must know of a deal and its play, as pure functions (no DOM, no fetch):
// the deal's tags and hands read from its text (the writer's output), the play prefix and
// the steps through it, the trick in progress. Whatever needs the rules of play (legal
// cards, trick winners, points, values) comes from the server (POST /api/position): one
// engine, in Python.

/** The two packs: suit letters in pack order, rank letters high to low (docs/format.md). */
export const PACKS = {
  hungarian: { name: "hungarian", suits: "MPTZ", ranks: "AKOUX987", symbols: "♣♥♦♠" },
  french: { name: "french", suits: "SHDC", ranks: "AKQJT9876", symbols: "♠♥♦♣" },
};

/** The game a deal without a Game tag plays, and the games dealt from the French pack. */
const DEFAULT_GAME = "alsos";
const FRENCH_GAMES = new Set(["asszorti"]);

const SEAT_LETTERS = "ABCD";

/** Where each seat sits round the table, by the number of seats (render/layout.py's SEAT_LAYOUT). */
export const SEAT_LAYOUT = {
  2: { top: "", left: "A", right: "B", bottom: "" },
  3: { top: "B", left: "A", right: "C", bottom: "" },
  4: { top: "B", left: "A", right: "C", bottom: "D" },
};

export class DealTextError extends Error {}

const TAG_LINE = /^\s*\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/;

function unescape(value) {
  return value.replace(/\\(["\\])/g, "$1");
}

/** The text's lines without % comment lines and {commentary} (outside quoted values). */
function stripComments(text) {
  const lines = [];
  let commentary = false;
  for (const line of text.split(/\r?\n/)) {
    if (!commentary && line.trimStart().startsWith("%")) continue;
    let kept = "";
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const char = line[i];
      if (commentary) {
        commentary = char !== "}";
        continue;
      }
      if (quoted && char === "\\") {
        kept += char + (line[i + 1] ?? "");
        i++;
        continue;
      }
      if (char === "{" && !quoted) commentary = true;
      else {
        if (char === '"') quoted = !quoted;
        kept += char;
      }
    }
    lines.push(kept);
  }
  return lines;
}

/**
 * A deal's text read for display: its tags (in order), game, pack, seats, the hands at the
 * first lead, the talon and the recorded play. Throws DealTextError where the text is not a
 * deal; whether the deal keeps the rules is the server's answer.
 */
export function parseDeal(text) {
  const tags = new Map();
  const recorded = [];
  let inPlay = false;
  for (const line of stripComments(text)) {
    if (!line.trim()) continue;
    const match = TAG_LINE.exec(line);
    if (match) {
      tags.set(match[1], unescape(match[2]));
      inPlay = match[1] === "Play" || (inPlay && match[1] === "Solution");
      continue;
    }
    if (!inPlay) throw new DealTextError(`not a tag pair: ${line.trim()}`);
    recorded.push(...line.trim().split(/\s+/));
  }
  if (!tags.has("Deal")) throw new DealTextError("no Deal tag");
  const game = (tags.get("Game") || DEFAULT_GAME).toLowerCase();
  const pack = FRENCH_GAMES.has(game) ? PACKS.french : PACKS.hungarian;
  const hands = parseHands(tags.get("Deal"), pack);
  const seats = Object.keys(hands).sort();
  const active = seats.filter((seat) => hands[seat] !== null);
  return {
    text,
    tags,
    game,
    pack,
    seats,
    active,
    hands,
    dealer: tags.get("Dealer") || seats[seats.length - 1],
    contract: tags.get("Contract") || null,
    declarer: tags.get("Declarer") || null,
    talon: (tags.get("Talon") || "").split(/\s+/).filter(Boolean),
    figures: seatLists(tags.get("Figures")),
    front: seatLists(tags.get("Front")),
    kontra: parseKontra(tags.get("Kontra")),
    playLeader: tags.get("Play") || null,
    recorded: recorded.map((card) => normalCard(card, pack)),
  };
}

/** `B:abszolut,ultimo C:kassza` -> {B: ["abszolut", "ultimo"], C: ["kassza"]}. */
function seatLists(value) {
  const lists = {};
  for (const part of (value || "").split(/\s+(?=[A-D]:)/)) {
    const match = /^([A-D]):(.*)$/.exec(part.trim());
    if (match) lists[match[1]] = match[2].split(",").map((name) => name.trim()).filter(Boolean);
  }
  return lists;
}

/** `game:fb B:abszolut:b` -> [{item: "game", levels: "fb"}, {item: "B:abszolut", levels: "b"}]. */
export function parseKontra(value) {
  return (value || "").split(/\s+/).filter(Boolean).map((part) => {
    const colon = part.lastIndexOf(":");
    return { item: part.slice(0, colon), levels: part.slice(colon + 1).toLowerCase() };
  });
}

function normalCard(card, pack) {
  const upper = card.toUpperCase();
  return upper.endsWith("10") ? upper.slice(0, -2) + pack.ranks[4] : upper;
}

/** The Deal tag's hands: seat -> card names in pack order (null for a seat that sits out). */
export function parseHands(value, pack) {
  const tokens = value.trim().split(/\s+/);
  const first = /^([A-D]):/.exec(tokens[0] || "");
  if (!first) throw new DealTextError(`the Deal tag starts with a seat: ${value}`);
  const count = tokens.length;
  const start = SEAT_LETTERS.indexOf(first[1]);
  const hands = {};
  tokens.forEach((token, i) => {
    const seat = SEAT_LETTERS[(start + i) % count];
    const hand = token.replace(/^[A-D]:/, "");
    hands[seat] = hand === "-" ? null : parseHand(hand, pack);
  });
  return hands;
}

function parseHand(hand, pack) {
  const suits = hand.split(".");
  if (suits.length !== pack.suits.length) throw new DealTextError(`a hand has ${pack.suits.length} suits: ${hand}`);
  return sortCards(
    suits.flatMap((ranks, s) => [...ranks.replace(/10/g, pack.ranks[4]).toUpperCase()].map((rank) => pack.suits[s] + rank)),
    pack,
  );
}

/** Cards in pack order: suits as the pack lists them, ranks high to low. */
export function sortCards(cards, pack) {
  const key = (card) => pack.suits.indexOf(card[0]) * 16 + pack.ranks.indexOf(card.slice(1));
  return [...cards].sort((a, b) => key(a) - key(b));
}

/** The suit index of a card (0..3, the colour of render/widgets.py's SUIT_STYLES). */
export function suitIndex(card, pack) {
  return pack.suits.indexOf(card[0]);
}

/** The seat that held a card at the first lead, or null. */
export function ownerOf(deal, card) {
  return deal.active.find((seat) => deal.hands[seat].includes(card)) || null;
}

/** Each seat's cards still in hand after the play: seat -> card names (null: sits out). */
export function handsAfter(deal, play) {
  const played = new Set(play);
  const hands = {};
  for (const seat of deal.seats) {
    hands[seat] = deal.hands[seat] === null ? null : deal.hands[seat].filter((card) => !played.has(card));
  }
  return hands;
}

/** Cards of the play per trick (number of cards = seats that play). */
export function trickSize(deal) {
  return deal.active.length;
}

/** The number of cards in the whole play. */
export function totalCards(deal) {
  return deal.active.reduce((sum, seat) => sum + deal.hands[seat].length, 0);
}

export function isOver(deal, play) {
  return play.length >= totalCards(deal);
}

/**
 * The play cut into tricks: [{number, cards: [{card, seat}], complete}], the trick in
 * progress last (absent when the play stands at a trick's end).
 */
export function tricksOf(deal, play) {
  const size = trickSize(deal);
  const tricks = [];
  for (let start = 0; start < play.length; start += size) {
    const cards = play.slice(start, start + size).map((card) => ({ card, seat: ownerOf(deal, card) }));
    tricks.push({ number: tricks.length + 1, cards, complete: cards.length === size });
  }
  return tricks;
}

/** The cards of the trick in progress (empty at a trick's start). */
export function currentTrick(deal, play) {
  const size = trickSize(deal);
  return play.slice(play.length - (play.length % size));
}

// ---- steps through the play -------------------------------------------------------------

export function isPrefix(prefix, line) {
  return prefix.length <= line.length && prefix.every((card, i) => line[i] === card);
}

/** How many cards two plays share from the start. */
export function commonLength(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

export function undoCard(play) {
  return play.slice(0, -1);
}

/** Back to the start of the trick in progress, or of the last trick at a trick's end. */
export function undoTrick(play, size) {
  const back = play.length % size || size;
  return play.slice(0, Math.max(0, play.length - back));
}

/** One card on along the line (the recorded play or the last one explored), or null. */
export function stepForward(play, line) {
  return isPrefix(play, line) && line.length > play.length ? line.slice(0, play.length + 1) : null;
}

/** To the end of the line, or null where the play has left it. */
export function toLineEnd(play, line) {
  return isPrefix(play, line) && line.length > play.length ? [...line] : null;
}

/**
 * A card played: the new play, and the line forward steps follow (kept where the card is
 * the line's next, else the new play: a branch).
 */
export function playCard(play, line, card) {
  const next = [...play, card];
  return { play: next, line: isPrefix(next, line) ? line : next };
}

/** Where the play stands against the recorded play: on it, or branched off after `at` cards. */
export function lineStatus(play, recorded) {
  if (!recorded.length) return { kind: "free" };
  if (isPrefix(play, recorded)) return { kind: "recorded", at: play.length, of: recorded.length };
  return { kind: "branched", at: commonLength(play, recorded) };
}

// ---- the server's answer -----------------------------------------------------------------

/** The answer's cards by name: card -> {value, best, group}. */
export function valuesByCard(answer) {
  const byCard = new Map();
  for (const entry of (answer && answer.cards) || []) byCard.set(entry.card, entry);
  return byCard;
}

export function isLegal(card, answer) {
  return valuesByCard(answer).has(card);
}

/** Equivalence groups of more than one card: group -> card names, in the answer's order. */
export function sharedGroups(answer) {
  const groups = new Map();
  for (const entry of (answer && answer.cards) || []) {
    if (entry.group === undefined || entry.group === null) continue;
    if (!groups.has(entry.group)) groups.set(entry.group, []);
    groups.get(entry.group).push(entry.card);
  }
  for (const [group, cards] of groups) if (cards.length < 2) groups.delete(group);
  return groups;
}

/** A value as its badge shows it: a number, or ✓ / ✗ for a yes/no question. */
export function badge(value) {
  if (value === true) return "✓";
  if (value === false) return "✗";
  return String(value);
}

/**
 * The card auto-play plays: the first legal card where every legal card is of one
 * equivalence group (a forced card, or equal ones); else null.
 */
export function autoCard(answer) {
  const cards = (answer && answer.cards) || [];
  if (!cards.length) return null;
  return cards.every((entry) => entry.group === cards[0].group) ? cards[0].card : null;
}

/**
 * Whether the play is counted in card points (else in tricks), as the terminal's --line
 * counts it: the server's counts_points where it says, else all but Asszorti.
 */
export function countsPoints(deal, answer) {
  if (answer && typeof answer.counts_points === "boolean") return answer.counts_points;
  return deal.game !== "asszorti";
}

/** The position's value: the value of a best card (null without one). */
export function positionValue(answer) {
  const best = ((answer && answer.cards) || []).find((entry) => entry.best);
  return best === undefined ? null : best.value;
}

// ---- the questions a deal offers -----------------------------------------------------------

const ALTIANSZ_CONTRACTS = ["solo", "ultimo", "golden-aces", "game", "game-trull", "game-ultimo", "game-sneak", "150", "absolute", "200", "volat"];
const ALTIANSZ_TRUMP_ONLY = new Set(["ultimo", "golden-aces", "game-trull", "game-ultimo", "game-sneak"]);

/**
 * The --question specs (docs/cli.md) the page offers for a deal, by its game and contract:
 * the declarer's points, the game and its defeat and the announced figures (Alsós), betli,
 * klopitzky per seat, Asszorti's tricks, score and arrivázs, the Altiansz contracts. Any
 * other spec can be typed; the server judges it.
 */
export function questionSpecs(deal) {
  const contract = (deal.contract || "").trim();
  if (!contract) return [];
  const words = contract.split(/\s+/).map((word) => word.toLowerCase());
  const strain = words[words.length - 1];
  if (strain === "klopitzky") return deal.active.map((seat) => `klopitzky:${seat}`);
  if (strain === "betli") return ["betli", "defeat"];
  if (deal.game === "asszorti") {
    return ["score", "tricks", "game", "defeat", "arrivazs", ...(strain === "nt" ? [] : ["idegen_arrivazs"])];
  }
  if (deal.game === "altiansz") {
    const named = ALTIANSZ_CONTRACTS.filter((name) => strain !== "nt" || !ALTIANSZ_TRUMP_ONLY.has(name));
    return ["declarer_points", ...named, "defeat"];
  }
  const figures = deal.active.flatMap((seat) => (deal.figures[seat] || []).map((figure) => `${seat}:${figure}`));
  return ["declarer_points", "game", "defeat", ...figures];
}
