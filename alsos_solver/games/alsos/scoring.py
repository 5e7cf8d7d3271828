"""Scores of an Alsós deal: each item's value with its kontras, and who pays whom.

Rules (seed 003 'Kontras', 'Scoring'; rules-notes 'Values and kontras'):

* Items. The game, and every announced figure (``Figures``), each scored independently.
  Klopitzky is one item without a declarer.
* Base value (:mod:`.values`). The game: 1 (trump), 2 (no-trump), 5 (betli), 3
  (klopitzky, no kontra). A figure:
  :func:`~alsos_solver.games.alsos.figures.announced_value`, its back value (111: 3, 120: 4,
  the Eight: 1), twice that when announced from the front (``Front``); in alsos-2
  abszolút is from the front and worth 1 (seed 003, Tompa rules F5: 'when announced then
  Abszolút scores only 1 point, not 2'); under the Tompa rules 44 is worth 2.
* Kontras. Each level said (``Kontra``) multiplies the value by 4 when THAT LEVEL was said
  from the front and by 2 when said from the back. Seed 003: 'Kontra, rekontra, szubkontra
  and hirskontra can be said from the front (with 6 cards) or from the back (with 9 cards).
  From the front they each multiply the score by 4; from the back they only double the
  score.' Its examples fix the reading: abszolút from the front kontra'd from the back is
  worth 4 (1 x 2 x 2); a no-trump game 'kontra'd from the front, increasing the score to 8
  ... rekontra from the back, increasing the score to 16' (2 x 4 x 2); tulétroá from the
  front with a kontra from the back 4, 100 from the back with kontra and rekontra from the
  back 8. So whether the item itself was announced from the front matters only for its
  base value (and for whether a front kontra could be said at all).
* Who scores. The declarer's item: made, the declarer scores it; failed, the defenders do.
  A defender's figure: made, the defenders score it; failed, the declarer does. Seed 003
  'Scoring': 'For a successful announcement by an opponent the declarer pays the value of
  the announcement to each opponent. For a failed announcement by an opponent, both
  opponent have to pay the declarer the value of the announcement.' (The 'only the declarer
  will score it' of 'Figures' is the written score: the declarer's written score is paid by
  each opponent, see below.)
* Payments. On the slate (seed 003: 'score the game and all announcements as positive
  numbers, either for the declarer or for both opponents'), an item the declarer scores is
  written for him once, an item the defenders score is written for every other seat, the
  dealer who sits out in alsos-4 too ('anything scored by the declarer's opponents is
  scored by the dealer as well'). Each pair of seats settles the difference of their slate
  scores, so a seat's net payment is the sum over the other seats of (its score - theirs):
  the declarer receives the value from (or pays it to) each opponent, three times in
  alsos-4. The nets sum to zero.
* Klopitzky: the seat(s) with the most tricks pay 3 to every other seat: each other seat
  (and the alsos-4 dealer) scores 3 on the slate; 4-4-1: the two with 4 pay 3 each to the
  one with 1; 3-3-3: no score (seed 003 'Types of Game', 'Four players').

Front ends: :func:`score_outcome` scores a given outcome; :func:`actual_scores` reads the
outcome off a complete Play section; :func:`double_dummy_scores` takes it from
:func:`~alsos_solver.solve.solve` (see there for what 'made' means double-dummy).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...analysis.scores import DECLARER, DEFENDERS, ItemScore, Scores
from ...deal import Deal
from ...errors import GoalTooLarge, NotApplicable
from ...games.alsos.questions import BetliMade, FigureMade, GameDefeated, GameWon
from ...questions import Question, Setting, Together
from ...rules import Kind
from ...solve import solve
from ...solver import DEFAULT_TABLE_BYTES, Solver
from .values import KONTRA_FACTORS, base_value, item_value

KLOPITZKY_VALUE = 3


@dataclass(frozen=True)
class Outcome:
    """What happened to each item.

    ``game``: the trump or no-trump game won by the declarer, or the betli made (None in
    klopitzky); ``figures``: seat -> figure -> made by its announcer, for every announced
    figure; ``tricks``: klopitzky only, the tricks each playing seat took."""

    game: bool | None = None
    figures: dict[str, dict[str, bool]] = field(default_factory=dict)
    tricks: dict[str, int] | None = None


def score_outcome(deal: Deal, outcome: Outcome) -> Scores:
    """Score an outcome of the deal (see the module docstring for the rules).

    ValueError if the deal is not an Alsós deal with a contract, has problems, or the
    outcome misses an item."""
    _check(deal)
    assert deal.contract is not None
    spec = deal.game
    kind = deal.contract.kind
    slate = {seat: 0 for seat in spec.seats}
    items: list[ItemScore] = []
    if kind is Kind.KLOPITZKY:
        items.append(_klopitzky(deal, outcome, slate))
    else:
        if outcome.game is None:
            raise ValueError("the outcome needs game (won / betli made: True or False)")
        items.append(_item(deal, "game", DECLARER, outcome.game))
        for seat in spec.active:
            for name in deal.figures.get(seat, ()):
                made = outcome.figures.get(seat, {}).get(name)
                if made is None:
                    raise ValueError(f"the outcome has no answer for {seat}:{name}")
                items.append(_item(deal, f"{seat}:{name}", DECLARER if seat == deal.declarer else DEFENDERS, made))
        for item in items:
            if item.scorer == DECLARER:
                slate[deal.declarer] += item.value
            else:
                for seat in spec.seats:
                    if seat != deal.declarer:
                        slate[seat] += item.value
    net = {seat: sum(slate[seat] - slate[other] for other in spec.seats if other != seat) for seat in spec.seats}
    return Scores(spec.contract_token(deal.contract), deal.declarer, items, slate, net)


def _check(deal: Deal) -> None:
    if not deal.game.takes("Front"):
        raise NotApplicable(f"these scores are the Alsós games', not {deal.game}'s")
    if deal.contract is None:
        raise NotApplicable("scoring needs a deal with a contract")
    deal.check()


def _item(deal: Deal, item: str, side: str, made: bool) -> ItemScore:
    seat, _, name = item.partition(":")
    front = item != "game" and deal.is_front(seat, name)
    other = DEFENDERS if side == DECLARER else DECLARER
    levels = deal.kontra.get(item, "")
    return ItemScore(
        item=item, side=side, made=made, base=base_value(deal, item), front=front, kontra=levels,
        value=item_value(deal, item), scorer=side if made else other, factors=tuple(KONTRA_FACTORS[c] for c in levels),
    )


def _klopitzky(deal: Deal, outcome: Outcome, slate: dict[str, int]) -> ItemScore:
    """The most tricks pay 3 to every other seat (the alsos-4 dealer too); 3-3-3 nobody."""
    spec = deal.game
    tricks = outcome.tricks
    if tricks is None or set(tricks) != set(spec.active) or sum(tricks.values()) != spec.hand_size:
        raise ValueError(f"a klopitzky outcome needs the tricks of every seat ({' '.join(spec.active)}), {spec.hand_size} in all, found {tricks}")
    most = max(tricks.values())
    payers = tuple(seat for seat in spec.active if tricks[seat] == most)
    if len(payers) == len(spec.active):
        payers = ()
    for seat in spec.seats:
        if payers and seat not in payers:
            slate[seat] += KLOPITZKY_VALUE
    return ItemScore(item="game", side=None, made=None, base=KLOPITZKY_VALUE, front=False, kontra="", value=KLOPITZKY_VALUE,
                     scorer=None if not payers else "others", payers=payers)


def actual_scores(deal: Deal) -> Scores:
    """The scores of the deal as it was played: every item read off the finished Play
    section (the questions' ``achieved``, on :meth:`Deal.played_position`).

    The Play section must be complete; a betli may stop once the declarer has won a
    trick (seed 003: 'If the declarer wins any trick the game fails and the play can be
    ended at that point'). ValueError otherwise."""
    _check(deal)
    assert deal.contract is not None
    setting = Setting.of(deal)
    end = deal.played_position()
    kind, active = deal.contract.kind, deal.game.active
    betli_lost = kind is Kind.BETLI and end.tricks_won[setting.declarer] > 0
    if not end.is_over and not betli_lost:
        total = len(active) * deal.game.hand_size
        raise NotApplicable(f"actual scores need a complete Play section: {len(deal.play)} of {total} cards played")
    if kind is Kind.KLOPITZKY:
        return score_outcome(deal, Outcome(tricks=dict(zip(active, end.tricks_won))))
    if kind is Kind.BETLI:
        return score_outcome(deal, Outcome(game=BetliMade().achieved(setting, end)))
    figures = {
        seat: {name: FigureMade(active.index(seat), name).achieved(setting, end) for name in names}
        for seat, names in deal.figures.items()
    }
    return score_outcome(deal, Outcome(game=GameWon().achieved(setting, end), figures=figures))


def double_dummy_scores(deal: Deal, *, table_bytes: int = DEFAULT_TABLE_BYTES) -> Scores:
    """The scores with all hands open, from :func:`~alsos_solver.solve.solve` at the first lead.

    Each item is 'made' when its side can guarantee it against best resistance, asked on
    its own: the game (``result.game``, ``result.betli``) and each announced figure
    (``result.announced``). The items of one side are played for together in reality, so
    ``Scores.together`` adds, for each side credited with two or more items (the declarer:
    the game if won and his figures made; the defenders: defeating the game if it is not
    won and their figures made), whether that side can make them all in one line of play.
    Where it can (``result.announced_together`` answers it when the side's credited items
    are all its announced items; otherwise a Together question is asked), each side's
    credited items are jointly guaranteed; where it cannot, the net overstates that side:
    the other side can defeat at least one of them, though not any chosen one.

    Klopitzky has no double-dummy score (every seat plays for itself; see solve's
    ``klopitzky_safe``): ValueError."""
    _check(deal)
    assert deal.contract is not None
    if deal.contract.kind is Kind.KLOPITZKY:
        raise NotApplicable("klopitzky has no double-dummy score: every seat plays for itself (the double-dummy result says who can avoid paying)")
    result = solve(deal, table_bytes=table_bytes)
    if deal.contract.kind is Kind.BETLI:
        return score_outcome(deal, Outcome(game=result.betli))
    scores = score_outcome(deal, Outcome(game=result.game, figures=result.announced))
    scores.together = _together(deal, result.game, result.announced, result.announced_together, table_bytes)
    return scores


def _together(
    deal: Deal, game: bool | None, made: dict[str, dict[str, bool]], announced_together: dict[str, bool], table_bytes: int
) -> dict[str, bool | None]:
    """Per side credited with two or more items: can it make them all in one line?"""
    active = deal.game.active
    credited: dict[str, list[Question]] = {DECLARER: [GameWon()] if game else [], DEFENDERS: [] if game else [GameDefeated()]}
    complete = {DECLARER: bool(game), DEFENDERS: not game}
    for seat, names in deal.figures.items():
        side = DECLARER if seat == deal.declarer else DEFENDERS
        for name in names:
            if made[seat][name]:
                credited[side].append(FigureMade(active.index(seat), name))
            else:
                complete[side] = False
    answers: dict[str, bool | None] = {}
    solver: Solver | None = None
    for side, items in credited.items():
        if len(items) < 2:
            continue
        if complete[side] and side in announced_together:
            answers[side] = announced_together[side]
            continue
        solver = solver or Solver(deal, table_bytes=table_bytes)
        try:
            answers[side] = solver.ask(Together(tuple(items)))
        except GoalTooLarge:
            answers[side] = None
    return answers
