"""Malformed deal files: each error names its line, its column where it has one, what was
expected and what was found; and files that are not deal files at all."""

from __future__ import annotations

import pytest

from alsos_solver.io import DealFormatError, iter_deals, load, loads
from alsos_solver.io.reader import MAX_DEAL_LINES, MAX_LINE

BASE = """\
[Event "Example"]
[Deal "A:A97.KO.U8.X9 B:.A987.97.AKU C:KOU8.U.AKO.O"]
[Talon "MX PX TX Z8 Z7"]
[Contract "P"]
[Declarer "B"]
[Figures "B:abszolut,ultimo"]
[Play "A"]
MA P8 M8
ZA ZO Z9
"""

ALSOS_4 = """\
[Game "alsos-4"]
[Deal "A:U8.O98.AO8.9 X97.AX.K9.UX AK.K.U7.AKO8 -"]
[Contract "Z"]
[Declarer "B"]
"""

ASSZORTI = """\
[Game "asszorti"]
[Deal "A:JT.J.KJ.AKJT76 A987.AK6.96.Q8 KQ6.QT987.A7.9"]
"""

ANY = object()
"""An expected column not checked."""


def edit(old: str, new: str, text: str = BASE) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


CASES = [
    # (id, text, line, column, fragment of the message)
    ("unknown rank in a hand", edit("A:A97", "A:AQ7"), 2, 10, "unknown rank 'Q'"),
    ("hand without four suits", edit("U8.X9 B", "U8X9 B"), 2, 10, "4 suit groups"),
    ("card twice in a hand", edit("A:A97", "A:AA7"), 2, 10, "MA appears twice"),
    ("hand of the wrong size", edit("U8.X9 B", "U8.X B", edit("Z8 Z7", "Z8 Z7 Z9")), 2, 8, "seat A holds 8 cards, expected 9"),
    ("card dealt twice", edit("U8.X9 B", "U8.A9 B"), 2, 8, "card ZA dealt twice (again to seat B)"),
    ("Deal without a seat", edit("A:A97", "A97"), 2, 8, "expected a seat, ':'"),
    ("Deal from an unknown seat", edit("A:A97", "E:A97"), 2, 8, "unknown seat 'E'"),
    ("Deal with a wrong seat prefix", edit("B:.A987", "C:.A987"), 2, 23, "expected the hand of seat B here, found seat C"),
    ("Deal with too few hands", edit(" C:KOU8.U.AKO.O", ""), 2, 37, "2 hands, expected 3"),
    ("Deal with too many hands", edit("AKO.O\"", "AKO.O ...\""), 2, 53, "more hands than seats"),
    ("unknown card in the talon", edit("Z8 Z7", "Z8 MQ"), 3, 21, "unknown card 'MQ' (expected a suit letter M/P/T/Z"),
    ("card twice in the talon", edit("Z8 Z7", "Z8 MX"), 3, 21, "card MX twice in the talon"),
    ("card missing from the talon", edit(" Z7\"", "\""), 3, 9, "missing Z7"),
    ("talon card also in a hand", edit("Z8 Z7", "Z8 Z7 MA"), 3, 9, "talon card MA is also in a hand"),
    ("unknown contract", edit('"P"', '"Q"'), 4, 12, "unknown contract 'Q' for alsos (expected a suit letter"),
    ("declarer missing", edit('[Declarer "B"]\n', ""), 4, 12, "contract P needs a Declarer tag"),
    ("unknown declarer", edit('"B"]\n[Fig', '"E"]\n[Fig'), 5, 12, "unknown seat 'E' (expected A, B or C)"),
    ("two declarers", edit('"B"]\n[Fig', '"B C"]\n[Fig'), 5, 12, "expected one seat"),
    ("unknown figure", edit("abszolut,ultimo", "abszolut,foo"), 6, 22, "unknown figure 'foo'"),
    ("figure twice", edit("abszolut,ultimo", "abszolut,absolute"), 6, 22, "abszolut given twice for seat B"),
    ("seat twice in Figures", edit("abszolut,ultimo", "abszolut B:ultimo"), 6, 22, "seat B listed twice"),
    ("Figures item without a seat", edit("B:abszolut,ultimo", "abszolut"), 6, 11, "expected SEAT:name,name"),
    ("figure not allowed in no-trump", edit('"P"', '"NT"'), 6, 11, "figure ultimo is not allowed in a no-trump contract"),
    ("variant figure not enabled", edit("abszolut,ultimo", "szazegy"), 6, 11, 'needs [Variant "szazegy=on"]'),
    ("revoke", edit("ZA ZO Z9", "ZA TA Z9"), 9, 4, "C must follow Z but played TA (revoke)"),
    ("failure to trump", edit("MA P8 M8", "MA T9 M8"), 8, 4, "B is void in M and must trump, but played T9"),
    ("card not held", edit("MA P8 M8", "MA P8 MX"), 8, 7, "MX is not in seat C's hand"),
    ("ultimo trump 7 played early", edit("MA P8 M8", "MA P7 M8"), 8, 4, "B must keep P7 back"),
    ("unknown card in the play", edit("MA P8 M8", "MA P8 MQ"), 8, 7, "unknown card 'MQ'"),
    ("short trick line not last", edit("MA P8 M8", "MA P8"), 8, 1, "short trick line: 2 cards, expected 3"),
    ("long trick line", edit("MA P8 M8", "MA P8 M8 ZA"), 8, 10, "a trick has 3 cards in alsos, found 4"),
    ("wrong first leader", edit('[Play "A"]', '[Play "B"]'), 7, 8, "the first trick is led by A, found B"),
    ("unknown first leader", edit('[Play "A"]', '[Play "X"]'), 7, 8, "unknown seat 'X'"),
    (
        "play without a contract",
        edit('[Contract "P"]\n[Declarer "B"]\n[Figures "B:abszolut,ultimo"]\n', ""),
        4, 8, "a Play section needs a Contract",
    ),
    ("tag after the play", BASE + '[Site "x"]\n', 10, 2, "tag Site after the Play section"),
    ("tag twice", edit('[Declarer "B"]', '[Contract "M"]'), 5, 2, "tag Contract given twice in one deal (first on line 4)"),
    ("junk line", edit('[Play "A"]', "hello world"), 7, 1, "expected a tag pair [Name \"value\"], a comment or a blank line, found 'hello world'"),
    ("trick line without Play", edit('[Play "A"]\n', ""), 7, 1, "expected a tag pair"),
    ("unterminated value", edit('"Example"]', '"Example]'), 1, 8, "unterminated quoted value"),
    ("unknown escape", edit('"Example"', '"Ex\\nample"'), 1, 11, "unknown escape '\\\\n'"),
    ("missing bracket", edit('"Example"]', '"Example"'), 1, 17, "expected ']' after the value of tag Event"),
    ("text after a tag pair", edit('"Example"]', '"Example"] x'), 1, 19, "expected the end of the line after a tag pair, found 'x'"),
    ("no tag name", edit("[Event ", "[ "), 1, 2, "expected a tag name (letters, digits, _)"),
    ("tag name with an accent", edit("[Event", "[Felvevő"), 1, 8,
     "tag name 'Felvevő' has 'ő': tag names are ASCII letters, digits and _"),
    ("tag name starting with an accent", edit("[Event", "[Évent"), 1, 2, "tag name 'Évent' has 'É': tag names are ASCII"),
    ("tag name with a dash", edit("[Event", "[Ev-ent"), 1, 4, "tag name 'Ev-ent' has '-'"),
    ("comment starting with ;", edit("[Talon", "; the talon\n[Talon"), 3, 1,
     "a line starting with ';': comments start with % (or stand in { })"),
    ("comment starting with #", edit("[Talon", "  # the talon\n[Talon"), 3, 3, "a line starting with '#': comments start with %"),
    ("comment starting with # among the tricks", edit("ZA ZO", "# trick 2\nZA ZO"), 9, 1, "comments start with %"),
    ("empty figure between commas", edit("abszolut,ultimo", "abszolut,,ultimo"), 6, 22,
     "empty name in Figures item 'B:abszolut,,ultimo': expected a name between two commas (SEAT:name,name)"),
    ("empty figure after a comma", edit("abszolut,ultimo", "abszolut,"), 6, 22, "expected a name after the last comma"),
    ("no figure after the seat", edit("B:abszolut,ultimo", "B:"), 6, 13,
     "empty name in Figures item 'B:': expected a name after 'B:' (SEAT:name,name)"),
    ("empty meld kind", edit("[Play", '[Melds "A:bela,,vannak"]\n[Play'), 7, 16, "empty name in Melds item 'A:bela,,vannak'"),
    ("value not quoted", edit('"Example"', "Example"), 1, 8, "expected a quoted value after the tag name Event"),
    ("no Deal tag", '\n% c\n[Event "x"]\n[Contract "P"]\n', 3, None, "no Deal tag"),
    ("unknown game", '[Game "whist"]\n' + BASE, 1, 8, "unknown game 'whist'"),
    ("unknown dealer", '[Dealer "E"]\n' + BASE, 1, 10, "unknown seat 'E'"),
    ("unclosed commentary", edit("[Play", "{ why?\n[Play"), 7, 1, "unclosed commentary"),
    ("unknown variant", edit("[Play", '[Variant "foo=1"]\n[Play'), 7, 11, "unknown variant 'foo'"),
    ("bad variant value", edit("[Play", '[Variant "szazegy=on uhu=maybe"]\n[Play'), 7, 22, "variant uhu takes on or off, found 'maybe'"),
    ("unknown meld kind", edit("[Play", '[Melds "A:bela,tierce"]\n[Play'), 7, 16, "unknown meld kind 'tierce'"),
    ("none with other melds", edit("[Play", '[Melds "A:bela,none"]\n[Play'), 7, 16, "none goes alone"),
    ("declarer who sits out", edit('"B"', '"D"', ALSOS_4), 4, 12, "seat D sits out in alsos-4 (expected A, B or C)"),
    ("alsos-4 Deal without the dealer", edit(" -", "", ALSOS_4), 2, 48, "3 hands, expected 4"),
    ("altiansz contract without suit", edit('"Z"', '"game"', edit("alsos-4", "altiansz", edit(" -", "", ALSOS_4))), 3, 12, "needs a suit letter or NT"),
    ("figures in altiansz", edit("alsos-4", "altiansz", edit(" -", "", ALSOS_4)).replace('"Z"', '"game Z"') + '[Figures "B:szaz"]\n', 5, 13, "altiansz has no figures (found szaz)"),
    ("Hungarian cards in asszorti", '[Game "asszorti"]\n' + BASE, 3, 10, "unknown rank 'O'"),
    ("betli in asszorti", ASSZORTI + '[Contract "BETLI"]\n', 3, 12, "unknown contract 'BETLI' for asszorti"),
    ("Melds in asszorti", ASSZORTI + '[Melds "A:none"]\n', 3, 9, "asszorti has no melds"),
    ("a front kontra in asszorti", ASSZORTI + '[Contract "H"]\n[Declarer "B"]\n[Kontra "game:f"]\n', 5, 10,
     "asszorti has no announcements from the front, its kontras are from the back (b) only"),
    ("second deal of a file", BASE + "\n\n" + edit("Z8 Z7", "Z8 MQ"), 14, 21, "unknown card 'MQ'"),
]


@pytest.mark.parametrize("text, line, column, fragment", [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_malformed_deal(text, line, column, fragment):
    with pytest.raises(DealFormatError) as caught:
        loads(text, "deal.txt")
    error = caught.value
    assert (error.filename, error.line) == ("deal.txt", line), str(error)
    if column is not ANY:
        assert error.column == column, str(error)
    assert fragment in error.message
    assert str(error).startswith(f"deal.txt:{line}:") and "\n" not in str(error)


def test_base_deal_is_sound():
    assert len(loads(BASE)) == 1
    assert len(loads(ALSOS_4.replace('[Contract "Z"]\n[Declarer "B"]\n', ""))) == 1


def test_too_many_lines_in_one_deal():
    text = "".join(f'[Tag{n} "x"]\n' for n in range(MAX_DEAL_LINES + 1))
    with pytest.raises(DealFormatError, match=f"more than {MAX_DEAL_LINES} lines in one deal") as caught:
        loads(text)
    assert caught.value.line == MAX_DEAL_LINES + 1


def expect_error(path, line, fragment) -> DealFormatError:
    with pytest.raises(DealFormatError) as caught:
        load(path)
    assert caught.value.filename == str(path) and caught.value.line == line
    assert fragment in caught.value.message
    return caught.value


def test_missing_file(tmp_path):
    error = expect_error(tmp_path / "nope.txt", None, "cannot read the file")
    assert error.column is None and str(error).startswith(f"{tmp_path / 'nope.txt'}: ")


def test_directory(tmp_path):
    expect_error(tmp_path, None, "cannot read the file")


def test_errors_are_raised_while_iterating(tmp_path):
    deals = iter_deals(tmp_path / "nope.txt")
    with pytest.raises(DealFormatError):
        next(deals)


def test_empty_file_has_no_deals(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    assert load(path) == []


def test_nul_byte_is_binary(tmp_path):
    path = tmp_path / "deal.bin"
    path.write_bytes(BASE.encode() + b"\x00\x01\x02\n")
    expect_error(path, 10, "binary")


def test_invalid_utf8_is_binary(tmp_path):
    path = tmp_path / "deal.bin"
    path.write_bytes(b"% fine\n[Event \"\xff\xfe\"]\n")
    expect_error(path, 2, "not a text deal file")


def test_very_long_line(tmp_path):
    path = tmp_path / "long.txt"
    path.write_text("% ok\n\n[Event \"" + "x" * (MAX_LINE * 5) + '"]\n', encoding="utf-8")
    expect_error(path, 3, f"line longer than {MAX_LINE} bytes")


def test_line_just_under_the_limit_is_read(tmp_path):
    path = tmp_path / "long.txt"
    event = "x" * (MAX_LINE - len('[Event ""]'))
    path.write_text(f'[Event "{event}"]\n' + BASE.replace('[Event "Example"]\n', ""), encoding="utf-8")
    assert load(path)[0].tags == {"Event": event}


def test_a_million_lines(tmp_path):
    path = tmp_path / "million.txt"
    path.write_text("% comment\n" * 999_999 + "junk\n", encoding="utf-8")
    expect_error(path, 1_000_000, "expected a tag pair")
