"""The reader as a new user meets it: warnings for misspelt tag names (and --strict's
errors), one rule for case and accents, a space after a comma, the messages that name the
likely cause of a mistake, files in an old Hungarian encoding, the seat convention and a
declarer without a contract."""

from __future__ import annotations

import warnings

import pytest

from alsos_solver.io import DealFormatError, load, loads
from alsos_solver.io.errors import DealFormatWarning
from alsos_solver.io.reader import KNOWN_TAGS, with_tags
from alsos_solver.spelling import closest, edit_distance, plain

from cli_support import PUZZLES

EXAMPLE = (PUZZLES / "example.txt").read_text(encoding="utf-8")
PLAYED = (PUZZLES / "played.txt").read_text(encoding="utf-8")


def error_of(text: str) -> DealFormatError:
    with pytest.raises(DealFormatError) as caught:
        loads(text, "deal.txt")
    return caught.value


# Tag names


def test_a_misspelt_tag_is_a_warning_and_the_deal_is_read_as_written():
    seen: list[DealFormatWarning] = []
    text = EXAMPLE.replace("[Contract", "[Contact").replace('[Declarer "B"]\n', "").replace('[Figures "B:abszolut,ultimo"]\n', "")
    (deal,) = loads(text, "deal.txt", warn=seen.append)
    assert deal.contract is None and deal.tags["Contact"] == "P"
    assert [(w.filename, w.line, w.column) for w in seen] == [("deal.txt", 8, 2)]
    assert seen[0].message == "unknown tag 'Contact': did you mean Contract? (an unknown tag is kept, but not read)"


def test_the_default_warning_is_a_python_warning_and_strict_is_an_error():
    with pytest.warns(DealFormatWarning, match="did you mean Figures"):
        loads(EXAMPLE.replace("[Figures", "[Figure"))
    error = error_of_strict(EXAMPLE.replace("[Figures", "[Figure"))
    assert (error.line, error.column) == (10, 2) and "did you mean Figures?" in error.message


def error_of_strict(text: str) -> DealFormatError:
    with pytest.raises(DealFormatError) as caught:
        loads(text, "deal.txt", strict=True)
    return caught.value


@pytest.mark.parametrize("name, meant", [
    ("Contact", "Contract"), ("contract", "Contract"), ("CONTRACT", "Contract"), ("Declarr", "Declarer"),
    ("Figure", "Figures"), ("Talons", "Talon"), ("Gmae", "Game"), ("Games", "Game"), ("Meld", "Melds"),
    ("Kontras", "Kontra"), ("Contra", "Kontra"), ("Evnet", "Event"), ("talontop", "TalonTop"),
    ("Name", None), ("Date", "Date"), ("Board", None), ("Goal", "Goal"), ("Goall", "Goal"), ("Player", None), ("Round", None),
    ("Source", "Source"), ("Comment", "Comment"), ("Soltion", "Solution"), ("Result", None),
])
def test_closest_known_tag(name, meant):
    assert closest(name, KNOWN_TAGS) == meant


def test_edit_distance():
    assert [edit_distance(a, b) for a, b in (("", "abc"), ("contact", "contract"), ("gmae", "game"), ("abc", "abc"),
                                             ("kitten", "sitting"))] == [3, 1, 1, 0, 3]


# Case and accents


def test_plain_names():
    assert [plain(n) for n in ("Abszolút", "ÖSSZES_ADU", "tulétroá", "negyvennégy", "Alsós", "kétszáz")] == [
        "abszolut", "osszes_adu", "tuletroa", "negyvennegy", "alsos", "ketszaz"]


def test_accented_names_are_the_plain_ones():
    text = EXAMPLE.replace('[Game "alsos"]', '[Game "Alsós"]').replace("B:abszolut,ultimo", "B:abszolút,ultimó")
    (deal,) = loads(text)
    assert deal.game.name == "alsos" and deal.figures == {"B": ("abszolut", "ultimo")}
    names = "tulétroá,család,összes_adu,negyvennégy,száz,kétszáz,volát"
    (deal,) = loads(EXAMPLE.replace("[Figures \"B:abszolut,ultimo\"]", f'[Figures "B:{names}"]'))
    assert deal.figures["B"] == ("tuletroa", "csalad", "osszes_adu", "negyvennegy", "szaz", "ketszaz", "volat")


def test_values_are_read_in_any_case():
    text = (EXAMPLE.replace('[Dealer "C"]', '[Dealer "c"]').replace('"P"]', '"p"]').replace('[Declarer "B"]', '[Declarer "b"]')
            .replace("B:abszolut,ultimo", "b:Abszolut,ULTIMO").replace('[Talon "MK MX TU T8 ZO"]', '[Talon "mk Mx tu T8 zo"]')
            .replace("A:87.AX.K97.KX", "a:87.ax.k97.kx"))
    (deal,) = loads(text + '[Variant "Vannak=House"]\n[Melds "A:Bela b:NONE"]\n[Kontra "GAME:F"]\n')
    assert deal == loads(EXAMPLE + '[Variant "vannak=house"]\n[Melds "A:bela B:none"]\n[Kontra "game:f"]\n')[0]
    (played,) = loads(PLAYED.lower().replace("[event", "[Event").replace("[game", "[Game").replace("[dealer", "[Dealer")
                      .replace("[deal ", "[Deal ").replace("[talon", "[Talon").replace("[contract", "[Contract")
                      .replace("[declarer", "[Declarer").replace("[figures", "[Figures").replace("[front", "[Front")
                      .replace("[kontra", "[Kontra").replace("[play", "[Play"))
    assert played.play == load(PUZZLES / "played.txt")[0].play


def test_a_space_after_a_comma():
    (deal,) = loads(EXAMPLE.replace("B:abszolut,ultimo", "B:abszolut, ultimo"))
    assert deal.figures == {"B": ("abszolut", "ultimo")}
    error = error_of(EXAMPLE.replace("B:abszolut,ultimo", "B:abszolut,  hundred"))
    assert (error.line, error.column) == (10, 24) and "unknown figure 'hundred'" in error.message


# Messages that name the likely cause


def test_a_missing_blank_line_between_deals():
    error = error_of(EXAMPLE + EXAMPLE)
    assert "tag Event given twice in one deal (first on line 3): is the blank line between two deals missing?" in error.message


def test_a_blank_line_after_the_play_tag():
    text = PLAYED.replace('[Play "A"]\n', '[Play "A"]\n\n')
    error = error_of(text)
    assert error.message.startswith("a trick line after a blank line, found 'M8 MU MA': the blank line after [Play] on line")
    assert "trick lines follow the Play tag directly" in error.message


def test_a_tenth_trick():
    error = error_of(PLAYED + "MA MK MO\n")
    assert error.message == "a trick line too many: a deal of alsos has 9 tricks, this is trick line 10"


def test_a_comment_after_a_tag():
    error = error_of(EXAMPLE.replace('[Contract "P"]', '[Contract "P"] % hearts'))
    assert (error.line, error.column) == (8, 16) and "% starts a comment only at the start of a line" in error.message
    (deal,) = loads(EXAMPLE.replace('[Contract "P"]', '[Contract "P"] {hearts}'))
    assert deal.contract is not None


# Encodings


@pytest.mark.parametrize("encoding", ["cp1250", "iso-8859-2"])
def test_a_file_in_an_old_hungarian_encoding(tmp_path, encoding):
    path = tmp_path / "deal.txt"
    path.write_bytes(("% Magyar megjegyzés: ő és ű\n" + EXAMPLE).encode(encoding))
    with pytest.raises(DealFormatError) as caught:
        load(path)
    error = caught.value
    assert (error.line, error.column) == (1, 18)
    assert error.message == ("byte 0xE9 is not UTF-8: the file looks like Latin-2 (ISO-8859-2) or Windows-1250, "
                             "where it is 'é' (save the file as UTF-8)")


def test_a_byte_only_windows_1250_has(tmp_path):
    path = tmp_path / "deal.txt"
    path.write_bytes("% „idézet”\n".encode("cp1250") + EXAMPLE.encode())
    with pytest.raises(DealFormatError, match=r"byte 0x84 is not UTF-8: the file looks like Windows-1250, where it is '„'"):
        load(path)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("first", ["% Magyar megjegyzés: ő és ű\r\n", "\r\n", ""])
def test_a_utf16_file_is_named_with_its_fix(tmp_path, encoding, first):
    """Notepad's "Unicode" is UTF-16, with a byte-order mark ("utf-16") or without."""
    path = tmp_path / "deal.txt"
    path.write_bytes((first + EXAMPLE.replace("\n", "\r\n")).encode(encoding))
    with pytest.raises(DealFormatError) as caught:
        load(path)
    error = caught.value
    assert (error.line, error.column) == (1, None)
    assert error.message == 'the file is UTF-16 (Notepad\'s "Unicode"), not UTF-8: save it as UTF-8'


def test_random_bytes_still_look_binary(tmp_path):
    path = tmp_path / "deal.bin"
    path.write_bytes(b"[Event \"\x81\x07\x9f\"]\n")
    with pytest.raises(DealFormatError, match="the file looks binary"):
        load(path)


# The deal's meaning


@pytest.mark.parametrize("game, deal, dealer", [
    ("alsos", "A:87.AX.K97.KX B:U.KOU7.AX.A7 C:AO9.98.O.U98", "A"),
    ("alsos", "A:87.AX.K97.KX B:U.KOU7.AX.A7 C:AO9.98.O.U98", "B"),
    ("alsos-4", "A:87.AX.K97.KX B:U.KOU7.AX.A7 C:AO9.98.O.U98 D:-", "C"),
])
def test_a_dealer_against_the_seat_convention(game, deal, dealer):
    error = error_of(f'[Game "{game}"]\n[Dealer "{dealer}"]\n[Deal "{deal}"]\n')
    assert (error.line, error.column) == (2, 10)
    expected = "D" if game == "alsos-4" else "C"
    assert error.message.startswith(f"dealer {dealer} contradicts the seat convention: in {game} {expected} deals")


def test_the_conventional_dealer_is_accepted():
    assert loads('[Game "alsos-4"]\n[Dealer "D"]\n[Deal "A:87.AX.K97.KX U.KOU7.AX.A7 AO9.98.O.U98 -"]\n')


def test_a_declarer_without_a_contract():
    error = error_of(EXAMPLE.replace('[Contract "P"]\n', "").replace('[Figures "B:abszolut,ultimo"]\n', ""))
    assert (error.line, error.column) == (8, 12)
    assert error.message == "Declarer B without a Contract (a declarer plays a contract)"


# Overriding tags


def test_with_tags_reads_values_as_the_file_would():
    (deal,) = loads(EXAMPLE)
    changed = with_tags(deal, {"Contract": "nt", "Figures": "", "Declarer": "c"})
    assert changed.contract is not None and changed.game.contract_token(changed.contract) == "NT"
    assert changed.declarer == "C" and changed.figures == {}
    assert with_tags(deal, {"Declarer": ""}).declarer is None
    with pytest.raises(ValueError, match="unknown contract 'X'"):
        with_tags(deal, {"Contract": "X"})
    assert deal.contract is not None and deal.declarer == "B"  # the deal itself is unchanged
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        loads(EXAMPLE)
