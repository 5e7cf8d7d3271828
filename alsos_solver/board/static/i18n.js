// The board's words in English and Hungarian. The Hungarian names are those players use, as
// the rule sources give them (seeds 001-004): suits makk, piros, tök, zöld (French: pikk,
// kőr, káró, treff), ranks ász, király, felső, alsó, tízes, ..., the Altiansz contracts
// (Arany Ászok, Gém Surranó, ...), szanzadu for no trumps, the figures by their own names.
// The choice is kept in localStorage.

export const LANGUAGES = ["en", "hu"];
const STORAGE_KEY = "alsos-board-language";

const SUITS = {
  en: { hungarian: ["acorns", "hearts", "bells", "leaves"], french: ["spades", "hearts", "diamonds", "clubs"] },
  hu: { hungarian: ["makk", "piros", "tök", "zöld"], french: ["pikk", "kőr", "káró", "treff"] },
};

const RANKS = {
  en: {
    hungarian: ["Ace", "King", "Over", "Under", "Ten", "Nine", "Eight", "Seven"],
    french: ["Ace", "King", "Queen", "Jack", "Ten", "Nine", "Eight", "Seven", "Six"],
  },
  hu: {
    hungarian: ["ász", "király", "felső", "alsó", "tízes", "kilences", "nyolcas", "hetes"],
    french: ["ász", "király", "dáma", "bubi", "tízes", "kilences", "nyolcas", "hetes", "hatos"],
  },
};

/** Contract words: Alsós' own, Altiansz's contract names (docs/format.md) and Asszorti's bids. */
const CONTRACT_WORDS = {
  en: {
    NT: "no-trump", BETLI: "betli", KLOPITZKY: "klopitzky", hand: "hand",
    solo: "solo", ultimo: "ultimo", "golden-aces": "golden aces", game: "game", "game-trull": "game trull",
    "game-ultimo": "game ultimo", "game-sneak": "game sneak", 150: "150", absolute: "absolute", 200: "200",
    volat: "volát", betli: "betli", klopitzky: "klopitzky",
  },
  hu: {
    NT: "szanzadu", BETLI: "betli", KLOPITZKY: "klopitzky", hand: "kézből",
    solo: "Solo", ultimo: "Ultimó", "golden-aces": "Arany Ászok", game: "Gém", "game-trull": "Gém Trull",
    "game-ultimo": "Gém Ultimó", "game-sneak": "Gém Surranó", 150: "150", absolute: "Abszolút", 200: "200",
    volat: "Volát", betli: "Betli", klopitzky: "Klopitzky",
  },
};

const FIGURES = {
  en: {
    kassza: "marriage", abszolut: "absolute", szaz: "100", ketszaz: "200", negyvennegy: "four aces",
    tuletroa: "all three", ultimo: "ulti", csalad: "family", osszes_adu: "the six", volat: "all tricks",
    szazegy: "111", szazhusz: "120", uhu: "uhu", nyolcas: "eight", arrivazs: "arrival",
  },
  hu: {
    kassza: "kassza", abszolut: "abszolút", szaz: "száz", ketszaz: "kétszáz", negyvennegy: "negyvennégy",
    tuletroa: "tulétroá", ultimo: "ultimó", csalad: "család", osszes_adu: "összes adu", volat: "volát",
    szazegy: "százegy", szazhusz: "százhúsz", uhu: "uhu", nyolcas: "nyolcas", arrivazs: "arrivázs",
  },
};

const STRINGS = {
  en: {
    title: "Analysis board",
    language: "Language",
    deal: "Deal",
    question: "Question",
    "question.default": "the game's default",
    "question.other": "other…",
    "question.spec": "Question spec",
    "question.apply": "Ask",
    "q.declarer_points": "the declarer's points",
    "q.game": "game",
    "q.defeat": "defeat",
    "q.betli": "betli made",
    "q.betli_defeated": "betli beaten",
    "q.klopitzky": (seat) => `klopitzky: ${seat} avoids paying`,
    "q.klopitzky.altiansz": (seat) => `klopitzky: ${seat} wins`,
    "q.tricks": "the declarer's tricks",
    "q.score": "score",
    "q.arrivazs": "arrivázs",
    "q.idegen_arrivazs": "idegen arrivázs",
    "q.figure": (seat, figure) => `${seat}: ${figure}`,
    "q.contract": (name) => `contract ${name}`,
    start: "Start",
    "start.label": "Back to the start",
    undoTrick: "Undo trick",
    undoCard: "Undo card",
    forward: "Next card",
    "forward.label": "Next card of the line (right arrow)",
    end: "End",
    "end.label": "To the end of the line",
    backToRecorded: "Back to the recorded play",
    autoPlay: "Auto-play forced and equal cards",
    copyLink: "Copy link",
    linkCopied: "Link copied",
    linkSelected: "Link selected: copy it with Ctrl+C",
    link: "Link to this position",
    game: "Game",
    contract: "Contract",
    declarer: "Declarer",
    talon: "Talon",
    melds: "Melds",
    figures: "Figures",
    front: "From the front",
    kontra: "Kontra",
    "kontra.front": "front",
    "kontra.back": "back",
    "role.declarer": "declarer",
    "role.dealer": "dealer",
    "role.leads": "leads",
    "role.sitsOut": "sits out",
    toMove: "to move",
    trick: (n) => `Trick ${n}`,
    tricks: "Tricks",
    "tricks.none": "No card played yet.",
    wins: (seat) => `won by ${seat}`,
    points: (n) => `${n} points`,
    trickCount: (n) => (n === 1 ? "1 trick" : `${n} tricks`),
    solving: "solving…",
    over: "The play is over.",
    moverLine: (seat, trick) => `${seat} to move, trick ${trick}`,
    positionValue: (value) => `position: ${value}`,
    "line.recorded": (at, of) => `Recorded play: card ${at} of ${of}`,
    "line.branched": (at) => `Off the recorded play after card ${at}`,
    value: (value) => `value ${value}`,
    best: "best",
    sameAs: (cards) => `equal to ${cards}`,
    card: (suit, rank) => `${suit} ${rank}`,
    yes: "yes",
    no: "no",
    noDeals: "No deal to show: open a link to a deal, or start the board with a deal file.",
    serverDown: "The board's server does not answer.",
    httpError: (status) => `The server answered ${status}.`,
    legend: "Values: the question's answer after each legal card, with best play by both sides.",
    // ---- the deal editor (editor.js)
    "edit.mode": "Edit",
    "edit.back": "Back to the board",
    "edit.title": "Edit the deal",
    "edit.game": "Game",
    "edit.game.hint": "the pack: 32 cards, 36 in asszorti",
    "edit.places": "Put the cards clicked into",
    "edit.talon": "talon",
    "edit.rest": "The rest to the talon",
    "edit.unplaced": "in no hand",
    "edit.contract": "Contract",
    "edit.contract.hint": "P, NT, BETLI; 2 H; game-ultimo P",
    "edit.declarer": "Declarer",
    "edit.declarer.hint": "the seat that plays the contract",
    "edit.none": "none",
    "edit.figures": "Figures",
    "edit.figures.hint": "SEAT:figure,figure",
    "edit.front": "Front",
    "edit.front.hint": "the figures said from the front",
    "edit.kontra": "Kontra",
    "edit.kontra.hint": "game:fb SEAT:figure:b",
    "edit.play": "Play",
    "edit.save": "Save",
    "edit.checking": "Checking…",
    "edit.sound": "The deal is sound.",
    "edit.noContract": "The deal is sound; give a contract to play it.",
    // the contract table (table.js) and the play review (review.js)
    "table.show": "Contract table",
    "table.title": "Every seat as declarer in every contract",
    "table.solving": "Solving the contract table…",
    "table.declarer": "declarer",
    "table.contract": "contract",
    "table.open": (contract, seat) => `Play ${contract} with ${seat} as declarer`,
    "table.incomplete": "interrupted: partial table",
    "table.hint": "Click a result to play that contract from the first lead.",
    "review.show": "Review the play",
    "review.solving": "Reviewing the play…",
    "review.none": "No card of the recorded play changed the fate of an announced item.",
    "review.count": (n) => (n === 1 ? "1 card changed the fate of an item; it is flagged ⚑ in the tricks." : `${n} cards changed the fate of an item; they are flagged ⚑ in the tricks.`),
    "review.flag": (reasons) => `mistake: ${reasons}`,
    "review.seat": "On what this seat could see",
    "sd.mark.sound-mistake": "✗ sound mistake (another card was a sure win)",
    "sd.mark.worse-on-average": "▼ worse on average (an estimate)",
    "sd.mark.dd-only": "◇ worse only with the cards as they lay",
    "sd.mark.none": "no mark",
    "sd.seen": (seat) => `on what ${seat} could see`,
    "sd.rates": (item, best, bestRate, played, playedRate) => `${best} made ${item} in ${bestRate}% of layouts, ${played} in ${playedRate}%`,
    "sd.keeps": (item, best, bestRate, played, playedRate) => `${best} kept the best ${item} in ${bestRate}% of layouts, ${played} in ${playedRate}%`,
    "sd.forced": (card, item) => `${card} was forced (${item})`,
    "sd.ddBetter": (card) => `with the cards as they lay, ${card} was better`,
    "sd.title": (seat, words) => `single-dummy review of ${seat}: ${words}`,
    "sd.where": (trick, card) => `trick ${trick}, ${card}:`,
    "sd.count": (seat, n) => (n === 0 ? `No card of ${seat} is marked on what ${seat} could see.`
      : n === 1 ? `1 card of ${seat} is marked on what ${seat} could see (before the card in the tricks):`
        : `${n} cards of ${seat} are marked on what ${seat} could see (before the card in the tricks):`),
    // the board in a page written by --html (source.js)
    needsBoard: "This page holds the values along the recorded play only: exploring this position needs alsos-solve board.",
  },
  hu: {
    title: "Elemző tábla",
    language: "Nyelv",
    deal: "Leosztás",
    question: "Kérdés",
    "question.default": "a játék alapkérdése",
    "question.other": "más…",
    "question.spec": "A kérdés",
    "question.apply": "Kérdez",
    "q.declarer_points": "a felvevő pontjai",
    "q.game": "parti",
    "q.defeat": "bukás",
    "q.betli": "betli nyer",
    "q.betli_defeated": "betli bukik",
    "q.klopitzky": (seat) => `klopitzky: ${seat} nem fizet`,
    "q.klopitzky.altiansz": (seat) => `klopitzky: ${seat} nyer`,
    "q.tricks": "a felvevő ütései",
    "q.score": "pontszám",
    "q.arrivazs": "arrivázs",
    "q.idegen_arrivazs": "idegen arrivázs",
    "q.figure": (seat, figure) => `${seat}: ${figure}`,
    "q.contract": (name) => `${name} bemondás`,
    start: "Elejére",
    "start.label": "Vissza az elejére",
    undoTrick: "Ütés vissza",
    undoCard: "Lap vissza",
    forward: "Következő lap",
    "forward.label": "A következő lap (jobbra nyíl)",
    end: "Végére",
    "end.label": "A játék végére",
    backToRecorded: "Vissza a lejátszott partihoz",
    autoPlay: "A kényszerű és egyenértékű lapok maguktól",
    copyLink: "Link másolása",
    linkCopied: "Link kimásolva",
    linkSelected: "A link kijelölve: másold Ctrl+C-vel",
    link: "Link ehhez az álláshoz",
    game: "Játék",
    contract: "Bemondás",
    declarer: "Felvevő",
    talon: "Talon",
    melds: "Kombinációk",
    figures: "Figurák",
    front: "Elölről",
    kontra: "Kontra",
    "kontra.front": "elölről",
    "kontra.back": "hátulról",
    "role.declarer": "felvevő",
    "role.dealer": "osztó",
    "role.leads": "hív",
    "role.sitsOut": "kimarad",
    toMove: "következik",
    trick: (n) => `${n}. ütés`,
    tricks: "Ütések",
    "tricks.none": "Még nem hívtak lapot.",
    wins: (seat) => `${seat} viszi`,
    points: (n) => `${n} pont`,
    trickCount: (n) => `${n} ütés`,
    solving: "számol…",
    over: "A játék véget ért.",
    moverLine: (seat, trick) => `${seat} következik, ${trick}. ütés`,
    positionValue: (value) => `az állás értéke: ${value}`,
    "line.recorded": (at, of) => `Lejátszott parti: ${of} lapból ${at}.`,
    "line.branched": (at) => `Elágazás a lejátszott partiból a(z) ${at}. lap után`,
    value: (value) => `érték ${value}`,
    best: "legjobb",
    sameAs: (cards) => `egyenértékű: ${cards}`,
    card: (suit, rank) => `${suit} ${rank}`,
    yes: "igen",
    no: "nem",
    noDeals: "Nincs leosztás: nyiss meg egy linket, vagy indítsd a táblát egy leosztásfájllal.",
    serverDown: "A tábla szervere nem válaszol.",
    httpError: (status) => `A szerver válasza: ${status}.`,
    legend: "Értékek: a kérdés válasza minden szabályos lap után, mindkét fél legjobb játékával.",
    // ---- the deal editor (editor.js)
    "edit.mode": "Szerkesztés",
    "edit.back": "Vissza a táblához",
    "edit.title": "A leosztás szerkesztése",
    "edit.game": "Játék",
    "edit.game.hint": "a pakli: 32 lap, asszortiban 36",
    "edit.places": "A kattintott lapok helye",
    "edit.talon": "talon",
    "edit.rest": "A maradék a talonba",
    "edit.unplaced": "egyik kézben sincs",
    "edit.contract": "Felvétel",
    "edit.contract.hint": "P, NT, BETLI; 2 H; game-ultimo P",
    "edit.declarer": "Felvevő",
    "edit.declarer.hint": "aki a felvételt játssza",
    "edit.none": "nincs",
    "edit.figures": "Figurák",
    "edit.figures.hint": "JÁTÉKOS:figura,figura",
    "edit.front": "Elölről",
    "edit.front.hint": "az elölről bemondott figurák",
    "edit.kontra": "Kontra",
    "edit.kontra.hint": "game:fb JÁTÉKOS:figura:b",
    "edit.play": "Játék",
    "edit.save": "Mentés",
    "edit.checking": "Ellenőrzés…",
    "edit.sound": "A leosztás rendben van.",
    "edit.noContract": "A leosztás rendben van; a játékhoz adj meg felvételt.",
    // the contract table (table.js) and the play review (review.js)
    "table.show": "Bemondástábla",
    "table.title": "Minden játékos felvevőként minden bemondásban",
    "table.solving": "A bemondástábla számítása…",
    "table.declarer": "felvevő",
    "table.contract": "bemondás",
    "table.open": (contract, seat) => `${contract} lejátszása, felvevő: ${seat}`,
    "table.incomplete": "megszakítva: részleges tábla",
    "table.hint": "Egy eredményre kattintva az a bemondás az első hívástól játszható.",
    "review.show": "A játszma elemzése",
    "review.solving": "A játszma elemzése folyik…",
    "review.none": "A lejátszott játszma egyetlen lapja sem változtatta meg egy bemondás sorsát.",
    "review.count": (n) => `${n} lap változtatta meg egy bemondás sorsát; ⚑ jelöli őket az ütéseknél.`,
    "review.flag": (reasons) => `hiba: ${reasons}`,
    "review.seat": "Amit ez a játékos láthatott",
    "sd.mark.sound-mistake": "✗ biztos hiba (egy másik lap biztosan nyert)",
    "sd.mark.worse-on-average": "▼ átlagban rosszabb (becslés)",
    "sd.mark.dd-only": "◇ csak a tényleges lapelosztásban rosszabb",
    "sd.mark.none": "nincs jelölés",
    "sd.seen": (seat) => `abból, amit ${seat} láthatott`,
    "sd.rates": (item, best, bestRate, played, playedRate) => `${item}: ${best} az elosztások ${bestRate}%-ában hozta, ${played} ${playedRate}%-ában`,
    "sd.keeps": (item, best, bestRate, played, playedRate) => `${item}: ${best} az elosztások ${bestRate}%-ában tartotta a legjobbat, ${played} ${playedRate}%-ában`,
    "sd.forced": (card, item) => `${card} kényszerlap volt (${item})`,
    "sd.ddBetter": (card) => `a lapok tényleges elosztásában ${card} jobb volt`,
    "sd.title": (seat, words) => `${seat} elemzése a saját szemszögéből: ${words}`,
    "sd.where": (trick, card) => `${trick}. ütés, ${card}:`,
    "sd.count": (seat, n) => (n === 0 ? `${seat} egyetlen lapja sincs megjelölve abból, amit láthatott.`
      : `${seat} ${n} lapja van megjelölve abból, amit láthatott (az ütéseknél a lap előtt):`),
    // a tábla egy --html oldalon (source.js)
    needsBoard: "Ez az oldal csak a lejátszott parti mentén tartalmazza az értékeket: ennek az állásnak a vizsgálatához az alsos-solve board kell.",
  },
};

// Puzzle mode (puzzle.js, issue 29 §2.8).
Object.assign(STRINGS.en, {
  "puzzle.heading": (goal, seat) => `Puzzle: ${goal} for ${seat}'s side`,
  "puzzle.task": (seat) => `Play ${seat}'s cards: the defence answers with its best cards. A card that loses the goal is called wrong.`,
  "puzzle.showValues": "Show values",
  "puzzle.hideValues": "Hide values",
  "puzzle.showSolution": "Show solution",
  "puzzle.showRefutation": "Show refutation",
  "puzzle.solution": "Solution (any of these cards):",
  "puzzle.solutionSteps": "Next card steps through the main line.",
  "puzzle.noSolution": "This puzzle states no solution.",
  "puzzle.right": (card) => `${card} is right: the goal is still in reach.`,
  "puzzle.wrong": (card) => `${card} is wrong: the goal is out of reach now.`,
  "puzzle.lost": (card) => `${card}: the goal was already lost by an earlier card.`,
  "puzzle.solved": (goal) => `Solved: ${goal} made.`,
  "puzzle.notSolved": (goal) => `Not solved: ${goal} failed.`,
  "puzzle.checking": "Checking the card…",
  "puzzle.refutation": (card) => `After ${card}, the defence's line:`,
  "puzzle.trickLine": (number, leader) => `trick ${number}: ${leader} leads`,
});
Object.assign(STRINGS.hu, {
  "puzzle.heading": (goal, seat) => `Feladvány: ${goal}, ${seat} oldalán`,
  "puzzle.task": (seat) => `Játszd ${seat} lapjait: a védekezés a legjobb lapjaival felel. A célt elvesztő lap hibás.`,
  "puzzle.showValues": "Értékek mutatása",
  "puzzle.hideValues": "Értékek elrejtése",
  "puzzle.showSolution": "Megoldás mutatása",
  "puzzle.showRefutation": "Cáfolat mutatása",
  "puzzle.solution": "Megoldás (bármelyik lap):",
  "puzzle.solutionSteps": "A Következő lap gomb végiglépked a fővonalon.",
  "puzzle.noSolution": "A feladvány nem ad meg megoldást.",
  "puzzle.right": (card) => `${card} jó: a cél még elérhető.`,
  "puzzle.wrong": (card) => `${card} hibás: a cél már elérhetetlen.`,
  "puzzle.lost": (card) => `${card}: a célt egy korábbi lap már elvesztette.`,
  "puzzle.solved": (goal) => `Megoldva: ${goal} teljesítve.`,
  "puzzle.notSolved": (goal) => `Nincs megoldva: ${goal} bukott.`,
  "puzzle.checking": "A lap ellenőrzése…",
  "puzzle.refutation": (card) => `${card} után a védekezés vonala:`,
  "puzzle.trickLine": (number, leader) => `${number}. ütés: ${leader} hív`,
});

let current = "en";

/** The language kept in localStorage, else the browser's if Hungarian, else English. */
export function loadLanguage(storage = globalThis.localStorage, navigatorLanguage = globalThis.navigator?.language) {
  let saved = null;
  try {
    saved = storage ? storage.getItem(STORAGE_KEY) : null;
  } catch {
    saved = null; // storage refused (a private window): the default
  }
  current = LANGUAGES.includes(saved) ? saved : (navigatorLanguage || "").startsWith("hu") ? "hu" : "en";
  return current;
}

export function setLanguage(lang, storage = globalThis.localStorage) {
  if (!LANGUAGES.includes(lang)) throw new Error(`no language ${lang}`);
  current = lang;
  try {
    storage?.setItem(STORAGE_KEY, lang);
  } catch {
    // storage refused: the choice lasts for this page
  }
  return current;
}

export function language() {
  return current;
}

/** The string of a key in the current language, a function of `args` where it takes some. */
export function t(key, ...args) {
  const entry = STRINGS[current][key] ?? STRINGS.en[key];
  if (entry === undefined) throw new Error(`no string ${key}`);
  return typeof entry === "function" ? entry(...args) : entry;
}

export function suitName(pack, suit) {
  return SUITS[current][pack.name][suit];
}

/** "hearts Ten" / "piros tízes": a card's name in words. */
export function cardName(card, pack) {
  const suit = pack.suits.indexOf(card[0]);
  const rank = pack.ranks.indexOf(card.slice(1));
  return t("card", SUITS[current][pack.name][suit], RANKS[current][pack.name][rank]);
}

/** "♥X": a card's symbol and rank letter, as the terminal shows it. */
export function cardShort(card, pack) {
  return pack.symbols[pack.suits.indexOf(card[0])] + card.slice(1);
}

export function figureName(name) {
  return FIGURES[current][name.toLowerCase()] ?? name;
}

function contractWord(word) {
  return CONTRACT_WORDS[current][word] ?? CONTRACT_WORDS[current][word.toUpperCase()] ?? word;
}

/**
 * A Contract tag in words, as parts: [{text, suit?}] (suit: the index for its colour).
 * "P" -> ♥ hearts; "NT" -> no-trump; "2 S" -> 2 ♠ spades; "game-sneak T" -> game sneak ♦ bells.
 */
export function contractParts(contract, pack) {
  if (!contract) return [];
  return contract.split(/\s+/).map((word) => {
    const suit = word.length === 1 ? pack.suits.indexOf(word.toUpperCase()) : -1;
    if (suit >= 0) return { text: `${pack.symbols[suit]} ${SUITS[current][pack.name][suit]}`, suit };
    return { text: contractWord(word) };
  });
}

export function contractName(contract, pack) {
  return contractParts(contract, pack).map((part) => part.text).join(" ");
}

const KONTRA_LEVELS = ["kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra"];

/** A Kontra item in words: "B: absolute: kontra (back)", "game: kontra (front), rekontra (back)". */
export function kontraWords({ item, levels }) {
  const [seat, figure] = item.split(":");
  const name = figure === undefined ? t("q.game") : `${seat}: ${figureName(figure)}`;
  const said = [...levels].map((level, i) => `${KONTRA_LEVELS[i]} (${t(level === "f" ? "kontra.front" : "kontra.back")})`);
  return `${name}: ${said.join(", ")}`;
}

const UNITS = { en: { points: "points", tricks: "tricks", score: "score" }, hu: { points: "pont", tricks: "ütés", score: "pont" } };

/** A value with its unit ("90 points", "7 ütés"), ✓ / ✗ for a yes/no answer. */
export function valueWords(value, unit) {
  if (typeof value === "boolean") return value ? "✓" : "✗";
  const word = UNITS[current][unit];
  if (!word) return String(value);
  return unit === "score" ? `${word} ${value > 0 ? "+" : ""}${value}` : `${value} ${word}`;
}

/** A question spec in words ("declarer_points" -> "the declarer's points"); the spec itself where unknown. */
export function questionLabel(spec, game) {
  const [head, tail] = spec.split(":");
  if (tail !== undefined && head === "klopitzky") return t(game === "altiansz" ? "q.klopitzky.altiansz" : "q.klopitzky", tail);
  if (tail !== undefined && /^[A-D]$/.test(head)) return t("q.figure", head, figureName(tail));
  if (STRINGS.en[`q.${spec}`] !== undefined) return t(`q.${spec}`);
  if (CONTRACT_WORDS.en[spec] !== undefined) return t("q.contract", contractWord(spec));
  return spec;
}
