"""The trump exchange choices (alsos_solver.games.alsos.exchange): keep, the 7 (8) for the
indicator, síber with every discard; the best for the holder; progress and interruption."""

from __future__ import annotations

from math import comb

import pytest

from alsos_solver.cards import HUNGARIAN, cards_of
from alsos_solver.games.alsos.exchange import exchange_options
from alsos_solver.io import DealFormatError, loads
from alsos_solver.solve import solve

EXCHANGED = """\
[Deal "A:AKO..AX.AKX9 X9.OUX97.K.U U87..OU98.O8"]
[Dealt "A:AKO..AX.AKX9 X9.OUX97.K.U U87..OU98.O8"]
[Indicator "PK"]
[TalonTop "PA"]
[Contract "P"]
[Declarer "B"]
"""
"""Hearts trumps, the indicator PK; B, the declarer, holds P7 and four more trumps; the top
card PA is a trump: síber. The hidden talon is P8 T7 Z7."""


def card(name: str) -> int:
    return HUNGARIAN.parse_card(name)


def deal_of(text: str = EXCHANGED, **replacements: str):
    for old, new in replacements.items():
        assert old in text, old
        text = text.replace(old, new)
    (deal,) = loads(text)
    return deal


@pytest.fixture(scope="module")
def full():
    """All the options of EXCHANGED (the slow part of this file: 17 deals solved)."""
    seen = []
    result = exchange_options(deal_of(), progress=lambda done, total: seen.append((done, total)))
    return result, seen


def test_options_keep_swap_and_every_siber_discard(full):
    result, seen = full
    assert result.complete and result.holder == "B" and result.card == card("P7") and result.siber
    assert result.chooser == "declarer" and result.excluded == []
    # The 13 cards of síber: B's hand without P7, PK and PA, and the hidden P8 T7 Z7.
    deal = result.deal
    pool = deal.dealt["B"] & ~(1 << card("P7")) | (1 << card("PK")) | (1 << card("PA"))
    pool |= sum(1 << card(name) for name in ("P8", "T7", "Z7"))
    plain = [c for c in cards_of(pool) if HUNGARIAN.suit_of(c) != HUNGARIAN.suits.index("P")]
    assert pool.bit_count() == 13 and len(plain) == 6
    kinds = [option.kind for option in result.options]
    assert kinds == ["keep", "swap"] + ["siber"] * comb(len(plain), 4)
    assert result.total == len(result.options) == 17
    assert seen == [(done, 17) for done in range(18)]
    # Each discard once, four non-trumps of the 13.
    discards = {option.discard for option in result.options if option.kind == "siber"}
    assert len(discards) == 15 and all(set(d) <= set(plain) and len(d) == 4 for d in discards)


def test_every_option_deal_is_sound_and_as_described(full):
    result, _ = full
    deal = result.deal
    for option in result.options:
        assert option.deal.problems() == []
        assert option.deal.dealt == deal.dealt and option.deal.play == []
        hands = option.deal.hands
        assert hands["A"] == deal.dealt["A"] and hands["C"] == deal.dealt["C"]
        if option.kind == "keep":
            assert hands["B"] == deal.dealt["B"]
        elif option.kind == "swap":
            assert hands["B"] == deal.dealt["B"] & ~(1 << card("P7")) | 1 << card("PK")
            assert option.deal.talon >> card("P7") & 1
        else:
            assert option.deal.talon == sum(1 << c for c in option.discard) | 1 << card("P7")
            assert not hands["B"] & sum(1 << c for c in option.discard)


def test_the_best_option_matches_solve(full):
    result, _ = full
    best = result.options[result.best]
    assert best.key == max(option.key for option in result.options)
    assert result.best == min(i for i, o in enumerate(result.options) if o.key == best.key)
    answer = solve(best.deal)
    assert (best.declarer_points, best.game) == (answer.declarer_points, answer.game)
    assert best.figures == answer.figures["B"]
    keep = result.options[0]
    answer = solve(keep.deal)
    assert (keep.declarer_points, keep.game, keep.figures) == (answer.declarer_points, answer.game, answer.figures["B"])


def test_json_and_lines(full):
    result, _ = full
    data = result.to_json()
    assert data["complete"] is True and data["best"] == result.best and data["total"] == 17
    assert data["holder"] == "B" and data["card"] == "P7" and data["chooser"] == "declarer"
    first = data["options"][0]
    assert first["option"] == "keep" and first["discard"] == [] and first["hand"] == "X9.OUX97.K.U"
    assert set(first) >= {"declarer_points", "game", "figures"}
    assert all(len(option["discard"]) == 4 for option in data["options"][2:])
    lines = result.lines()
    assert lines[-1] == "17 of 17 options"
    assert sum(line.startswith("*") for line in lines) == 1


def test_interrupt_returns_the_options_finished():
    def progress(done, total):
        if done == 2:
            raise KeyboardInterrupt

    result = exchange_options(deal_of(), progress=progress, figures=False)
    assert not result.complete and result.total == 17
    assert [option.kind for option in result.options] == ["keep", "swap"]
    assert result.best in (0, 1) and result.options[0].figures == {}
    assert result.to_json()["complete"] is False and result.lines()[-1] == "2 of 17 options (interrupted)"


def test_interrupt_before_any_option():
    def progress(done, total):
        raise KeyboardInterrupt

    result = exchange_options(deal_of(), progress=progress)
    assert not result.complete and result.options == [] and result.best is None


def test_a_defender_holding_the_seven_chooses_the_worst_for_the_declarer():
    """A holds P7; the talon top T7 is neither a trump nor an ace: keep or swap only."""
    deal = deal_of(
        **{
            "A:AKO..AX.AKX9 X9.OUX97.K.U": "A:AKO.7.AX.KX9 X9.OUX9.K.AU",
            '[TalonTop "PA"]': '[TalonTop "T7"]',
        }
    )
    deal.hands = dict(deal.dealt)
    result = exchange_options(deal)
    assert result.holder == "A" and result.chooser == "defender" and not result.siber
    assert [option.kind for option in result.options] == ["keep", "swap"]
    best = result.options[result.best]
    assert best.key == min(option.key for option in result.options)
    assert result.options[1].deal.hands["A"] >> card("PK") & 1


def test_the_eight_is_never_swapped_for_the_indicator():
    """Rules-notes 'Trump exchange': only the trump 7 is swapped; the holder of the 8 acts
    only by síber, when the 7 is face up. Here the 7 is the indicator and the talon top
    (T7) allows no síber: no exchange at all."""
    deal = deal_of(
        **{
            "X9.OUX97.K.U": "X9.OUX98.K.U",
            '[Indicator "PK"]': '[Indicator "P7"]',
            '[TalonTop "PA"]': '[TalonTop "T7"]',
        }
    )
    result = exchange_options(deal, figures=False)
    assert result.holder is None and [option.kind for option in result.options] == ["keep"]
    assert "may only síber" in result.note


def test_the_eight_siber_when_the_seven_is_face_up():
    """The 7 is the indicator and the talon top is an ace: B, who holds the 8, may síber,
    but not swap."""
    deal = deal_of(**{"X9.OUX97.K.U": "X9.OUX98.K.U", '[Indicator "PK"]': '[Indicator "P7"]'})
    result = exchange_options(deal, figures=False)
    assert result.holder == "B" and result.card == card("P8")
    assert {option.kind for option in result.options} == {"keep", "siber"}


def test_no_holder_when_the_seven_is_hidden():
    deal = deal_of(**{"X9.OUX97.K.U": "X9.AOUX9.K.U", '[TalonTop "PA"]': '[TalonTop "T7"]'})
    result = exchange_options(deal, figures=False)
    assert result.holder is None and [option.kind for option in result.options] == ["keep"]
    assert "P7 is in the hidden talon" in result.note and result.best == 0


def test_no_exchange_when_the_trumps_are_not_the_indicators_suit():
    result = exchange_options(deal_of(**{'[Contract "P"]': '[Contract "M"]'}), figures=False)
    assert [option.kind for option in result.options] == ["keep"] and "not the indicator's suit" in result.note


def test_an_announced_ultimo_keeps_the_seven():
    """B announced ultimó: giving up the 7 would make the deal unsound; those options are
    listed as excluded, with the reason, and not evaluated."""
    deal = deal_of(**{'[Declarer "B"]': '[Declarer "B"]\n[Figures "B:ultimo"]'})
    result = exchange_options(deal, figures=False)
    assert [option.kind for option in result.options] == ["keep"] and result.complete
    assert len(result.excluded) == 16 and all("ultimo" in e.reason and "P7" in e.reason for e in result.excluded)
    assert "not evaluated" in result.lines()[-2]


def test_alsos_4_a_defender_swaps_the_seven_never_the_eight():
    text = """\
[Game "alsos-4"]
[Deal "A:U8.O98.AO8.9 X97.AX.K9.UX AK.K.U7.AKO8 -"]
[Dealt "A:U8.O98.AO8.9 X97.AX.K9.UX AK.K.U7.AKO8 -"]
[Indicator "Z7"]
[TalonTop "MO"]
[Contract "Z"]
[Declarer "B"]
"""
    result = exchange_options(loads(text)[0], figures=False)
    assert result.card == card("Z8") and result.holder is None  # the 8 is never swapped
    assert [option.kind for option in result.options] == ["keep"] and "may only síber" in result.note
    with_seven = text.replace("AK.K.U7.AKO8", "AK.K.U7.AKO7").replace("A:U8.O98.AO8.9 X97.AX.K9.UX", "A:U8.O98.AO8.9 X97.AX.K9.UX").replace('[Indicator "Z7"]', '[Indicator "Z8"]')
    result = exchange_options(loads(with_seven)[0], figures=False)
    assert result.holder == "C" and result.card == card("Z7") and result.chooser == "defender"
    assert [option.kind for option in result.options] == ["keep", "swap"]
    assert result.options[1].deal.problems() == []


def test_what_the_analysis_needs():
    with pytest.raises(ValueError, match="Dealt, Indicator and TalonTop"):
        exchange_options(loads('[Deal "A:A97.KO.U8.X9 .A987.97.AKU KOU8.U.AKO.O"]\n[Contract "P"]\n[Declarer "B"]')[0])
    with pytest.raises(ValueError, match="Contract"):
        exchange_options(deal_of(**{'[Contract "P"]\n[Declarer "B"]\n': ""}))


def test_a_deal_that_swapped_the_eight_is_an_error():
    """The indicator is P7, the talon top T7; B held P8 and gave it for P7: not allowed."""
    text = EXCHANGED.replace("X9.OUX97.K.U U87", "X9.OUX98.K.U U87").replace('[Indicator "PK"]', '[Indicator "P7"]').replace(
        '[TalonTop "PA"]', '[TalonTop "T7"]'
    )
    swapped = text.replace('[Deal "A:AKO..AX.AKX9 X9.OUX98.K.U', '[Deal "A:AKO..AX.AKX9 X9.OUX97.K.U')
    with pytest.raises(DealFormatError, match="only the trump 7 is swapped for the indicator"):
        loads(swapped)
    assert loads(text)[0].hands == loads(text)[0].dealt  # keeping is fine
