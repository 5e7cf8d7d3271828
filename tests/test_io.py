"""Reading and writing the deal format: examples, every game, and round trips."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import deals

from alsos_solver.cards import FRENCH, HUNGARIAN
from alsos_solver.deal import Deal
from alsos_solver.io import DealFormatError, dump, dumps, iter_deals, load, loads
from alsos_solver.rules import AlsosOptions, Contract, Kind

SPEC_EXAMPLE = """\
% Lines starting with % are comments. Text in { } is commentary and is ignored.
[Event "Example"]
[Game "alsos"]
[Dealer "C"]
[Deal "A:A97.KO.U8.X9 B:.A987.97.AKU C:KOU8.U.AKO.O"]
[Talon "MX PX TX Z8 Z7"]
[Contract "P"]
[Declarer "B"]
[Figures "B:abszolut,ultimo"]
[Play "A"]
MA P8 M8
ZA ZO Z9
"""

SPEC_EXAMPLE_WRITTEN = """\
[Event "Example"]
[Dealer "C"]
[Deal "A:A97.KO.U8.X9 .A987.97.AKU KOU8.U.AKO.O"]
[Talon "MX PX TX Z8 Z7"]
[Contract "P"]
[Declarer "B"]
[Figures "B:abszolut,ultimo"]
[Play "A"]
MA P8 M8
ZA ZO Z9
"""

ALSOS_2 = """\
[Game "alsos-2"]
[Deal "A:AKX.AOU8.A7.OU8 OU97.K.KU98.AK9"]
[Talon "M8 PX P9 P7 TO TX ZX Z7"]
[Contract "NT"]
[Declarer "A"]
[Play "B"]
ZK ZO
M9 MK
"""

ALSOS_4 = """\
[Game "alsos-4"]
[Deal "A:U8.O98.AO8.9 X97.AX.K9.UX AK.K.U7.AKO8 -"]
[Talon "MO PU P7 TX Z7"]
[Contract "Z"]
[Declarer "B"]
[Figures "A:abszolut B:volat"]
[Play "A"]
T8 T9 TU
Z8 Z9 ZX
"""

ASSZORTI = """\
[Game "asszorti"]
[Deal "A:J10.J.KJ.AKJT76 A987.AK6.96.Q8 KQ6.QT987.A7.9"]
[Talon "DQ D10 D8"]
[Contract "C"]
[Declarer "A"]
[Play "C"]
HQ HJ HK
SA SQ S10
"""

ALTIANSZ = """\
[Game "altiansz"]
[Deal "A:KX.U.X9.KOX8 AOU.O87.AO.A 98.K9.KU87.9"]
[Talon "M7 PA PX ZU Z7"]
[Contract "game-ultimo P"]
[Declarer "A"]
[Play "A"]
MK MA M8
ZA Z9 ZO
"""


def hand(text: str, pack=HUNGARIAN) -> int:
    return pack.parse_hand(text)


def cards(text: str, pack=HUNGARIAN) -> list[int]:
    return pack.parse_cards(text)


def test_spec_example_reads():
    (deal,) = loads(SPEC_EXAMPLE)
    assert deal.game == "alsos" and deal.dealer == "C"
    assert deal.hands == {"A": hand("A97.KO.U8.X9"), "B": hand(".A987.97.AKU"), "C": hand("KOU8.U.AKO.O")}
    assert deal.talon == sum(1 << card for card in cards("MX PX TX Z8 Z7"))
    assert deal.contract == Contract(Kind.TRUMP, 1)
    assert deal.declarer == "B"
    assert deal.figures == {"B": ("abszolut", "ultimo")}
    assert deal.play == cards("MA P8 M8 ZA ZO Z9") and deal.play_leader == "A"
    assert deal.tags == {"Event": "Example"}
    assert deal.options == AlsosOptions() and deal.declared == {}


def test_spec_example_writes_in_the_canonical_form():
    assert dumps(loads(SPEC_EXAMPLE)) == SPEC_EXAMPLE_WRITTEN
    assert loads(SPEC_EXAMPLE_WRITTEN) == loads(SPEC_EXAMPLE)


def test_deal_with_no_optional_tag():
    (deal,) = loads('[Deal "A:A97.KO.U8.X9 .A987.97.AKU KOU8.U.AKO.O"]')
    assert deal == Deal(hands={"A": hand("A97.KO.U8.X9"), "B": hand(".A987.97.AKU"), "C": hand("KOU8.U.AKO.O")})


def test_alsos_2():
    (deal,) = loads(ALSOS_2)
    assert set(deal.hands) == {"A", "B"} and deal.hands["B"] == hand("OU97.K.KU98.AK9")
    assert deal.contract == Contract(Kind.NO_TRUMP) and deal.play_leader == "B"
    assert deal.played_position().tricks_won == [1, 1]
    assert dumps([deal]) == ALSOS_2


def test_alsos_4_dealer_sits_out():
    (deal,) = loads(ALSOS_4)
    assert deal.hands["D"] == 0 and deal.hands["C"] == hand("AK.K.U7.AKO8")
    assert deal.figures == {"A": ("abszolut",), "B": ("volat",)}
    assert len(deal.play) == 6
    assert dumps([deal]) == ALSOS_4


def test_asszorti_french_cards_and_ten():
    (deal,) = loads(ASSZORTI)
    assert deal.pack is FRENCH
    assert deal.hands["A"] == hand("JT.J.KJ.AKJT76", FRENCH)
    assert deal.talon == sum(1 << card for card in cards("DQ DT D8", FRENCH))
    assert deal.play_leader == "C" and deal.play[:3] == cards("HQ HJ HK", FRENCH)
    assert dumps([deal]) == ASSZORTI.replace("10", "T")


def test_altiansz_contract_names():
    (deal,) = loads(ALTIANSZ)
    assert deal.contract == Contract(Kind.TRUMP, 1, "game-ultimo")
    assert dumps([deal]) == ALTIANSZ


@pytest.mark.parametrize(
    "contract, expected",
    [("solo NT", Contract(Kind.NO_TRUMP, None, "solo")), ("betli", Contract(Kind.BETLI, None, "betli"))],
)
def test_altiansz_other_contracts(contract, expected):
    text = ALTIANSZ.replace("game-ultimo P", contract).split("[Play")[0]
    assert loads(text)[0].contract == expected


def test_several_deals_blank_lines_comments_and_commentary():
    text = (
        "\n\n% a file of three deals\n"
        "[Event \"one {not commentary}\"] {commentary}\n"
        "{ commentary over\n\n% several lines, a blank one too,\n[Fake \"tag\"]\n }"
        '[Deal "A:A97.KO.U8.X9 .A987.97.AKU KOU8.U.AKO.O"]\n'
        "   \n\t\n"
        "% between deals\n"
        + ALSOS_2.replace("ZK ZO", "ZK {why?} ZO")
        + "\n\n\n"
        + ALTIANSZ
        + "\n% the end\n"
    )
    first, second, third = loads(text)
    assert first.tags == {"Event": "one {not commentary}"}
    assert second == loads(ALSOS_2)[0] and third == loads(ALTIANSZ)[0]


def test_percent_inside_a_deal_is_a_comment_not_a_separator():
    text = SPEC_EXAMPLE.replace('[Contract "P"]\n', '[Contract "P"]\n% comment\n  {commentary}\n')
    assert loads(text) == loads(SPEC_EXAMPLE)


def test_bom_crlf_and_last_line_without_newline():
    text = "\ufeff" + SPEC_EXAMPLE.replace("\n", "\r\n").rstrip()
    assert loads(text) == loads(SPEC_EXAMPLE)


def test_ten_as_10_and_ranks_in_any_order():
    text = SPEC_EXAMPLE.replace("A:A97.KO.U8.X9", "A:79A.OK.8U.910").replace("MX PX", "M10 P10")
    assert loads(text) == loads(SPEC_EXAMPLE)


@pytest.mark.parametrize(
    "value",
    [
        "A:A97.KO.U8.X9 .A987.97.AKU KOU8.U.AKO.O",
        "A:A97.KO.U8.X9 B:.A987.97.AKU C:KOU8.U.AKO.O",
        "B:.A987.97.AKU KOU8.U.AKO.O A97.KO.U8.X9",
        "C:KOU8.U.AKO.O A:A97.KO.U8.X9 .A987.97.AKU",
    ],
)
def test_deal_tag_forms(value):
    (deal,) = loads(f'[Deal "{value}"]')
    assert deal.hands == loads('[Deal "A:A97.KO.U8.X9 .A987.97.AKU KOU8.U.AKO.O"]')[0].hands


def test_english_figure_names_are_canonicalised():
    text = SPEC_EXAMPLE.replace("B:abszolut,ultimo", "B:absolute,ulti C:100")
    assert loads(text)[0].figures == {"B": ("abszolut", "ultimo"), "C": ("szaz",)}


def test_melds_and_variant():
    text = SPEC_EXAMPLE.replace(
        '[Play "A"]', '[Variant "betli_order=sequence szazegy=on"]\n[Melds "A:bela B:none C:sequences,vannak"]\n[Play "A"]'
    )
    (deal,) = loads(text)
    assert deal.declared == {"A": ("bela",), "B": (), "C": ("sequences", "vannak")}
    assert deal.options == AlsosOptions(betli_order="sequence", szazegy=True)
    assert dumps([deal]) == SPEC_EXAMPLE_WRITTEN.replace(
        '[Play "A"]', '[Variant "betli_order=sequence szazegy=on"]\n[Melds "A:bela B:none C:sequences,vannak"]\n[Play "A"]'
    )


def test_other_tags_kept_in_order_with_escapes():
    text = '[Site "x \\"y\\" \\\\ {z}"]\n[Event "e"]\n' + SPEC_EXAMPLE_WRITTEN.replace('[Event "Example"]\n', "")
    (deal,) = loads(text)
    assert list(deal.tags.items()) == [("Site", 'x "y" \\ {z}'), ("Event", "e")]
    assert dumps([deal]) == text


def test_play_section_short_last_trick_and_empty():
    (short,) = loads(SPEC_EXAMPLE.replace("ZA ZO Z9", "ZA ZO"))
    assert short.play == cards("MA P8 M8 ZA ZO")
    (empty,) = loads(SPEC_EXAMPLE.replace("MA P8 M8\nZA ZO Z9\n", ""))
    assert empty.play == [] and empty.play_leader == "A"


def test_no_deals():
    assert loads("") == []
    assert loads("% only a comment\n\n{ and commentary }\n\n") == []


def test_iter_deals_streams_deal_by_deal(tmp_path):
    path = tmp_path / "deals.txt"
    path.write_text(SPEC_EXAMPLE + "\n" + SPEC_EXAMPLE.replace("MX PX", "MQ PX"), encoding="utf-8")
    deals_read = iter_deals(path)
    assert next(deals_read) == loads(SPEC_EXAMPLE)[0]
    with pytest.raises(DealFormatError) as error:
        next(deals_read)
    assert (error.value.filename, error.value.line) == (str(path), 19)


def test_dump_to_a_path_and_to_a_text_file(tmp_path):
    several = loads(SPEC_EXAMPLE) + loads(ALSOS_4) + loads(ASSZORTI)
    path = tmp_path / "out.txt"
    dump(several, path)
    assert load(path) == several
    buffer = io.StringIO()
    dump(several, buffer)
    assert buffer.getvalue() == path.read_text(encoding="utf-8") == dumps(several)
    assert dumps(several).count("\n\n") == 2 and dumps(several).endswith("SA SQ ST\n")


def test_dumps_of_nothing_is_empty():
    assert dumps([]) == ""


@pytest.mark.parametrize(
    "tags",
    [{"Deal": "x"}, {"Play": "A"}, {"bad name": "x"}, {"": "x"}, {"Event": "two\nlines"}, {"Event": "nul\0"}],
)
def test_writer_refuses_tags_it_could_not_read_back(tags):
    (deal,) = loads(SPEC_EXAMPLE)
    deal.tags = tags
    with pytest.raises(ValueError):
        dumps([deal])


def test_error_is_a_value_error_with_its_place():
    error = DealFormatError("deal.txt", 3, 12, "unknown card 'MQ'")
    assert isinstance(error, ValueError)
    assert str(error) == "deal.txt:3:12: unknown card 'MQ'"
    assert str(DealFormatError("deal.txt", 3, None, "m")) == "deal.txt:3: m"
    assert str(DealFormatError("deal.txt", None, None, "m")) == "deal.txt: m"


@settings(max_examples=200, deadline=None)
@given(deals())
def test_generated_deals_are_sound(deal):
    assert deal.problems() == []


@settings(max_examples=200, deadline=None)
@given(deals())
def test_write_then_read_gives_the_deal_and_the_same_text(deal):
    text = dumps([deal])
    assert loads(text) == [deal]
    assert dumps(loads(text)) == text


@settings(max_examples=50, deadline=None)
@given(st.lists(deals(), max_size=4))
def test_round_trip_of_several_deals(several):
    text = dumps(several)
    assert loads(text) == several
    assert dumps(loads(text)) == text


def test_docs_example_and_its_written_form():
    docs = (Path(__file__).parent.parent / "docs" / "format.md").read_text(encoding="utf-8")
    example, written = re.findall(r"^```\n(.*?)^```", docs, re.S | re.M)[:2]
    assert example == SPEC_EXAMPLE and written == SPEC_EXAMPLE_WRITTEN
    assert dumps(loads(example)) == written


@settings(max_examples=100, deadline=None)
@given(deals(), st.sampled_from(["\n", "\r\n"]))
def test_comments_commentary_and_line_ends_change_nothing(deal, end):
    lines = dumps([deal]).split("\n")[:-1]
    noisy = "".join(f"% comment {{\n  {line} {{note}}{end}{{over\n\nlines}}\n" for line in lines)
    assert loads("\ufeff" + noisy) == [deal]
