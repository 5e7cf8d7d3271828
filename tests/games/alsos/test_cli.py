"""The command line's analysis options: --cards, --line (--after, --question), --table (and
the table of a deal without a contract), --announce (--front), --review, --scores,
--exchange; each in the rich view and in --json, their notes, their errors, combinations,
and Ctrl-C."""

from __future__ import annotations

import json

import pytest

from alsos_solver import analysis
from alsos_solver.cli import app
from alsos_solver.games.alsos import ALSOS
from alsos_solver.games.alsos.exchange import exchange_options
from alsos_solver.games.alsos.scoring import actual_scores, double_dummy_scores
from alsos_solver.io import load

from cli_support import BETLI, EXAMPLE, KLOPITZKY, NO_CONTRACT, PUZZLES, ok, one_json, patch_analysis, write
from cli_support import assert_error as assert_error_lines

PLAYED = str(PUZZLES / "played.txt")
DEALT = str(PUZZLES / "dealt.txt")
SWAP_ONLY = """\
[Event "Keep or swap"]
[Dealer "C"]
[Deal "A:K87.A.K97.KX B:U.KOU7.AX.A7 C:XO9.98.O.U98"]
[Dealt "A:K87.A.K97.KX B:U.KOU7.AX.A7 C:XO9.98.O.U98"]
[Indicator "PX"]
[TalonTop "ZO"]
[Contract "P"]
[Declarer "B"]
"""
"""A deal as dealt whose talon top is neither a trump nor an ace: keep or swap, no síber."""


def assert_error(result, *pieces: str) -> None:
    """Exit 2, one line on stderr starting 'error:', no traceback, the pieces in it."""
    assert_error_lines(result, *pieces, max_lines=1)


def assert_interrupted(result) -> None:
    assert result.exit_code == 130, result.output
    assert "Traceback" not in result.output
    assert "interrupted" in result.stderr


# --cards


def test_cards_rich(runner):
    out = ok(runner.invoke(app, ["--no-solve", "--cards", EXAMPLE]))
    for piece in ("Card values · declarer_points at the first lead", "A to move, playing against it: 90 points",
                  "♣8 ♣7", "♦9 ♦7", "♠X ♠K", "96 points", "best"):
        assert piece in out, piece
    assert "Double-dummy" not in out
    best_rows = [line for line in out.splitlines() if line.rstrip(" │").endswith("best")]
    assert len(best_rows) == 3 and all("90 points" in row for row in best_rows)


def test_cards_json_is_the_library_answer(runner):
    data = one_json(runner.invoke(app, ["--json", "--cards", EXAMPLE]))
    deal = load(EXAMPLE)[0]
    assert {k: data[k] for k in ("question", "after", "to_move", "cards", "groups", "position_value")} == json.loads(
        json.dumps(analysis.card_values(deal).to_json()))
    assert data["cards"]["M8"] == 90 and data["position_value"] == 90 and data["to_move"] == "A"
    assert data["declarer_points"] == 90  # the solve result is still there


def test_cards_after_and_question(runner):
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--cards", "--after", "2.2", "--question", "B:ultimo", PLAYED]))
    deal = load(PLAYED)[0]
    expected = analysis.card_values(deal, analysis.parse_question("B:ultimo", deal), 5).to_json()
    assert data["after"] == 5 and data["question"] == "B:ultimo" and data["to_move"] == "B"
    assert data["cards"] == expected["cards"] == {"PU": False, "PK": True, "PO": True}
    out = ok(runner.invoke(app, ["--no-solve", "--cards", "--after", "2.2", "--question", "B:ultimo", PLAYED]))
    assert "B:ultimo after 5 cards of the play" in out and "B to move, playing for it: made ✓" in out
    assert "failed ✗" in out


def test_cards_klopitzky_and_betli_default_questions(runner, tmp_path):
    data = json.loads(ok(runner.invoke(app, ["--json", "--no-solve", "--cards",
                                             write(tmp_path, "k.txt", BETLI + "\n" + KLOPITZKY)])))
    assert data[0]["question"] == "betli" and all(isinstance(v, bool) for v in data[0]["cards"].values())
    assert data[1]["question"] == "klopitzky:A"


# --line


def test_line_rich(runner):
    out = ok(runner.invoke(app, ["--no-solve", "--line", EXAMPLE]))
    assert "Optimal line · declarer_points at the first lead" in out and "points" in out.split("┃")[-2]
    assert "With best play by both sides: 90 points" in out
    assert "♣8 ♣U ♣A" in out and "♠K ♠A ♠8" in out


@pytest.mark.parametrize("deal", [BETLI, KLOPITZKY], ids=["betli", "klopitzky"])
def test_line_counts_tricks_where_points_do_not_count(runner, tmp_path, deal):
    """Betli and klopitzky are played for tricks: the running trick count, not a column of points."""
    out = ok(runner.invoke(app, ["--no-solve", "--line", write(tmp_path, "d.txt", deal)]))
    assert "tricks A-B-C" in out and "points" not in out
    last = [line for line in out.splitlines() if line.startswith("│     9 │")]
    assert len(last) == 1 and sum(map(int, last[0].split("│")[-2].split("-"))) == 9


def test_line_json(runner):
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--line", EXAMPLE]))
    assert data["value"] == 90 and len(data["line"]) == 9
    assert data["line"][0] == {"trick": 1, "leader": "A", "cards": ["M8", "MU", "MA"], "winner": "C", "points": 13}
    assert sum(t["points"] for t in data["line"] if t["winner"] == "B") == 90


def test_line_after_starts_at_the_position(runner):
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--line", "--after", "3.0", PLAYED]))
    assert data["after"] == 6 and data["line"][0]["trick"] == 3 and len(data["line"]) == 7
    mid = one_json(runner.invoke(app, ["--json", "--no-solve", "--line", "--after", "3.1", PLAYED]))
    assert mid["line"][0]["cards"][0] == "PK"  # the trick begins with the Play section's card


def test_cards_and_line_share_after_and_question(runner):
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--cards", "--line", "--question", "game", EXAMPLE]))
    assert data["question"] == "game" and data["position_value"] is True and data["value"] is True
    assert data["line"] and data["cards"]


@pytest.mark.parametrize("args, pieces", [
    (["--after", "x"], ["--after x", "malformed position"]),
    (["--after", "12.1"], ["--after 12.1", "out of range"]),
    (["--after", "4.2"], ["--after 4.2", "the deal has no Play section"]),
    (["--question", "bogus"], ["--question bogus", "unknown question"]),
    (["--question", "betli"], ["--question betli", "needs a BETLI contract"]),
    (["--question", "X:abszolut"], ["--question X:abszolut", "unknown seat"]),
])
def test_bad_after_or_question(runner, args, pieces):
    result = runner.invoke(app, ["--cards", *args, EXAMPLE])
    assert_error(result, "example.txt: deal 1", *pieces)
    assert "Deal 1" not in result.stdout


def test_after_the_end_of_play(runner):
    assert_error(runner.invoke(app, ["--cards", "--after", "9.3", PLAYED]), "--after 9.3", "the play is over")
    out = ok(runner.invoke(app, ["--no-solve", "--line", "--after", "9.3", PLAYED]))
    assert "Optimal line · declarer_points after 27 cards of the play" in out
    assert "The play is over: 68 points" in out


def test_bad_question_in_a_later_deal_keeps_earlier_deals(runner, tmp_path):
    path = write(tmp_path, "two.txt", (PUZZLES / "example.txt").read_text(encoding="utf-8") + "\n" + BETLI)
    result = runner.invoke(app, ["--cards", "--question", "B:abszolut", path])
    assert_error(result, "two.txt: deal 2", "--question B:abszolut")
    assert "Deal 1" in result.stdout and "Card values" in result.stdout
    json_result = runner.invoke(app, ["--json", "--cards", "--question", "B:abszolut", path])
    assert_error(json_result)
    assert len(json.loads(json_result.stdout)) == 1


@pytest.mark.parametrize("args, piece", [
    (["--after", "1.1"], "--after needs --cards or --line"),
    (["--question", "game"], "--question needs --cards or --line"),
    (["--front"], "--front needs --announce"),
])
def test_options_that_need_another(runner, args, piece):
    assert_error(runner.invoke(app, [*args, EXAMPLE]), piece)


def test_cards_without_contract_is_a_note(runner, tmp_path):
    path = write(tmp_path, "open.txt", NO_CONTRACT)
    out = ok(runner.invoke(app, ["--no-solve", "--cards", "--line", path]))
    assert "Card values: no contract" in out and "Optimal line: no contract" in out
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--cards", path]))
    assert data["cards"] is None and "no contract" in data["notes"]["cards"]


# --table


def test_table_rich(runner):
    out = ok(runner.invoke(app, ["--no-solve", "--table", EXAMPLE]))
    assert "Contract table · every seat as declarer" in out
    for piece in ("♥ hearts", "♠ leaves", "NT", "BETLI", "abszolut kassza ultimo", "abszolut tuletroa",
                  "figures the declarer can make", "Klopitzky, can each seat avoid paying?  A ✗  B ✗  C ✓", "nodes"):
        assert piece in out, piece
    row = next(line for line in out.splitlines() if "abszolut kassza ultimo" in line)
    assert "B" in row and "93" in row and "✓" in row


def test_table_json(runner):
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--table", EXAMPLE]))
    assert len(data["table"]) == 18 and data["complete"] is True
    assert data["klopitzky_safe"] == {"A": False, "B": False, "C": True}
    entry = next(e for e in data["table"] if e["declarer"] == "B" and e["contract"] == "P")
    assert entry["declarer_points"] == 93 and entry["game"] is True and entry["figures"]["B"]["abszolut"] is True
    betli = next(e for e in data["table"] if e["contract"] == "BETLI")
    assert set(betli) == {"declarer", "contract", "betli"}
    assert {"table_nodes", "table_seconds"} <= set(data) and "declarer_points" not in data


def test_deal_without_contract_gets_the_table(runner, tmp_path):
    path = write(tmp_path, "open.txt", NO_CONTRACT)
    out = ok(runner.invoke(app, [path]))
    assert "Contract none" in out and "Contract table" in out and "not available" not in out
    assert out.count("Contract table") == 1
    assert ok(runner.invoke(app, ["--table", path])).count("Contract table") == 1
    data = one_json(runner.invoke(app, ["--json", path]))
    assert len(data["table"]) == 18 and "declarer_points" not in data
    assert "Contract table" not in ok(runner.invoke(app, ["--no-solve", path]))
    assert "table" not in one_json(runner.invoke(app, ["--json", "--no-solve", path]))


def test_table_of_a_klopitzky_deal_keeps_its_klopitzky_answer(runner, tmp_path):
    data = one_json(runner.invoke(app, ["--json", "--table", write(tmp_path, "k.txt", KLOPITZKY)]))
    assert set(data["klopitzky_safe"]) == {"A", "B", "C"} and len(data["table"]) == 18


# --announce


def test_announce_rich(runner):
    out = ok(runner.invoke(app, ["--no-solve", "--announce", EXAMPLE]))
    assert "Best announcements · declarer B, back values" in out
    assert "kassza, ultimo" in out and "+4" in out and "A nothing; C nothing" in out and "questions" in out


def test_announce_json_and_front(runner):
    back = one_json(runner.invoke(app, ["--json", "--no-solve", "--announce", EXAMPLE]))["announcements"]
    assert back["declarer"] == {"seat": "B", "figures": ["kassza", "ultimo"], "from_front": [], "score": 4, "game": True}
    assert back["front"] is False and back["defenders"]["figures"] == {"A": [], "C": []}
    front = one_json(runner.invoke(app, ["--json", "--no-solve", "--announce", "--front", EXAMPLE]))["announcements"]
    assert front["front"] is True and front["declarer"]["score"] > back["declarer"]["score"]
    assert "front values" in ok(runner.invoke(app, ["--no-solve", "--announce", "--front", EXAMPLE]))


def test_announce_on_betli_is_a_note(runner, tmp_path):
    path = write(tmp_path, "b.txt", BETLI)
    out = ok(runner.invoke(app, ["--no-solve", "--announce", path]))
    notes = [line for line in out.splitlines() if line.startswith("Best announcements:")]
    assert len(notes) == 1 and "trump or no-trump" in notes[0]
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--announce", path]))
    assert data["announcements"] is None and data["notes"]["announcements"]


# --review


def test_review_rich(runner):
    out = ok(runner.invoke(app, ["--no-solve", "--review", PLAYED]))
    for piece in ("Play review · 27 cards played", "B's game", "B's abszolut", "B's ultimo", "made → lost",
                  "lost → made", "♥K ♥O", "Cards that changed an item"):
        assert piece in out, piece


def test_review_json(runner):
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--review", PLAYED]))
    assert data["items"] == {"B game": "made", "B abszolut": "lost", "B ultimo": "lost"}
    assert data["review"][0] == {"trick": 2, "position": 3, "seat": "B", "card": "PU", "item": "B abszolut",
                                 "before": "made", "after": "lost", "keeping": ["PK", "PO"]}
    assert [(m["trick"], m["card"]) for m in data["review"]] == [(2, "PU"), (2, "PU"), (3, "P9"), (7, "Z7")]


def test_review_without_play_is_a_note(runner):
    out = ok(runner.invoke(app, ["--review", EXAMPLE]))
    notes = [line for line in out.splitlines() if "Play review" in line]
    assert notes == ["Play review: no Play section: nothing to review"]
    data = one_json(runner.invoke(app, ["--json", "--review", EXAMPLE]))
    assert data["review"] is None and data["notes"] == {"review": "no Play section: nothing to review"}


# --scores


def test_scores_json_double_dummy_and_actual(runner):
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--scores", PLAYED]))["scores"]
    deal = load(PLAYED)[0]
    assert data["double_dummy"] == double_dummy_scores(deal).to_json()
    assert data["actual"] == actual_scores(deal).to_json()
    assert data["double_dummy"]["net"] == {"A": -7, "B": 14, "C": -7}
    assert data["actual"]["net"] == {"A": 5, "B": -10, "C": 5}


def test_scores_rich(runner):
    out = ok(runner.invoke(app, ["--no-solve", "--scores", PLAYED]))
    for piece in ("Scores", "Double-dummy (best play from the first lead)", "As played (the Play section)",
                  "2 front, kontra back x2", "net:   A -7  B +14  C -7", "net:   A +5  B -10  C +5", "failed ✗"):
        assert piece in out, piece


def test_scores_without_play_has_double_dummy_only(runner):
    data = one_json(runner.invoke(app, ["--json", "--scores", EXAMPLE]))["scores"]
    assert data["double_dummy"]["net"] == {"A": -4, "B": 8, "C": -4}
    assert data["actual"] is None and data["notes"] == {"actual": "no Play section"}
    assert "As played (the Play section): no Play section" in ok(runner.invoke(app, ["--scores", EXAMPLE]))


def test_scores_of_a_partial_play_and_of_klopitzky(runner, tmp_path):
    partial = "\n".join((PUZZLES / "played.txt").read_text(encoding="utf-8").splitlines()[:-3]) + "\n"
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--scores", write(tmp_path, "p.txt", partial)]))
    assert data["scores"]["double_dummy"] is not None and data["scores"]["actual"] is None
    assert "complete Play section" in data["scores"]["notes"]["actual"]
    klop = one_json(runner.invoke(app, ["--json", "--no-solve", "--scores", write(tmp_path, "k.txt", KLOPITZKY)]))
    assert klop["scores"]["double_dummy"] is None and klop["scores"]["actual"] is None
    assert "klopitzky has no double-dummy score" in klop["scores"]["notes"]["double_dummy"]
    out = ok(runner.invoke(app, ["--no-solve", "--scores", write(tmp_path, "k.txt", KLOPITZKY)]))
    assert "Double-dummy (best play from the first lead): klopitzky has no double-dummy score" in " ".join(out.split())


def test_scores_without_contract_is_a_note(runner, tmp_path):
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--scores", write(tmp_path, "o.txt", NO_CONTRACT)]))
    assert data["scores"] is None and data["notes"] == {"scores": "scoring needs a deal with a contract"}


# --exchange


def test_exchange_rich(runner, tmp_path):
    out = ok(runner.invoke(app, ["--no-solve", "--exchange", write(tmp_path, "s.txt", SWAP_ONLY)]))
    for piece in ("Exchange", "Indicator ♥X, talon top ♠O; B (declarer) holds ♥7; no síber", "keep",
                  "swap ♥7 for ♥X", "best", "2 options"):
        assert piece in out, piece
    assert "Indicator ♥X  top ♠O" in out  # in the diagram


def test_exchange_json(runner, tmp_path):
    path = write(tmp_path, "s.txt", SWAP_ONLY)
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--exchange", path]))["exchange"]
    assert data == exchange_options(load(path)[0]).to_json()
    assert [o["option"] for o in data["options"]] == ["keep", "swap"] and data["complete"] is True
    assert data["holder"] == "B" and data["card"] == "P7" and data["siber"] is False


def test_exchange_with_siber_shows_the_best_few(runner):
    out = ok(runner.invoke(app, ["--no-solve", "--exchange", DEALT]))
    assert "síber allowed" in out and "more síber discards" in out and "128 options" in out
    best = next(line for line in out.splitlines() if line.rstrip(" │").endswith("best"))
    assert "síber, discard" in best


def test_exchange_without_dealt_tags_is_a_note(runner):
    out = ok(runner.invoke(app, ["--no-solve", "--exchange", EXAMPLE]))
    assert [line for line in out.splitlines() if line.startswith("Exchange")] == [
        "Exchange: no Dealt, Indicator and TalonTop tags: the deal as dealt is not known"]
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--exchange", EXAMPLE]))
    assert data["exchange"] is None and "Dealt" in data["notes"]["exchange"]


# Combinations


def test_every_flag_at_once_json(runner):
    data = one_json(runner.invoke(app, ["--json", "--cards", "--line", "--table", "--announce", "--review",
                                        "--scores", "--exchange", PLAYED]))
    for key in ("declarer_points", "cards", "groups", "position_value", "line", "value", "announcements", "review",
                "items", "scores"):
        assert data[key] is not None, key
    assert "table" in data and data["exchange"] is None and "exchange" in data["notes"]


@pytest.mark.parametrize("path", [PLAYED, DEALT])
def test_table_of_a_deal_with_front_kontra_or_dealt(runner, path):
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--table", path]))
    assert "notes" not in data and len(data["table"]) == 18


def test_flags_combined_rich_in_order(runner):
    out = ok(runner.invoke(app, ["--line", "--cards", "--review", "--scores", "--table", PLAYED]))
    headings = ["Double-dummy result", "Card values", "Optimal line", "Contract table", "Play review", "Scores"]
    positions = [out.index(heading) for heading in headings]
    assert positions == sorted(positions)


def test_several_deals_each_analysed(runner, tmp_path):
    path = write(tmp_path, "two.txt", (PUZZLES / "played.txt").read_text(encoding="utf-8") + "\n" + NO_CONTRACT)
    data = json.loads(ok(runner.invoke(app, ["--json", "--review", path])))
    assert data[0]["review"] and data[1]["review"] is None and len(data[1]["table"]) == 18


# Ctrl-C


def interrupting(real, after: int):
    """``real`` with a progress callback that raises KeyboardInterrupt (as Ctrl-C would)
    once ``after`` units are done."""

    def run(deal, progress=None, **kwargs):
        def stop(done, total):
            if done >= after:
                raise KeyboardInterrupt

        return real(deal, progress=stop, **kwargs)

    return run


def test_interrupted_table_shows_the_partial_result(runner, monkeypatch, tmp_path):
    monkeypatch.setattr(analysis, "contract_table", interrupting(analysis.contract_table, 3))
    path = write(tmp_path, "two.txt", NO_CONTRACT + "\n" + NO_CONTRACT)
    result = runner.invoke(app, [path])
    assert_interrupted(result)
    assert "interrupted: partial result" in result.stderr
    assert "interrupted: partial result (3 of 18 entries, klopitzky not solved)" in result.stdout
    assert "Deal 1" in result.stdout and "Deal 2" not in result.stdout
    json_result = runner.invoke(app, ["--json", path])
    assert_interrupted(json_result)
    (data,) = json.loads(json_result.stdout)
    assert data["complete"] is False and len(data["table"]) == 3 and data["klopitzky_safe"] is None


def test_interrupted_table_stops_the_other_analyses(runner, monkeypatch):
    monkeypatch.setattr(analysis, "contract_table", interrupting(analysis.contract_table, 1))
    result = runner.invoke(app, ["--table", "--scores", EXAMPLE])
    assert_interrupted(result)
    assert "Contract table" in result.stdout and "Scores" not in result.stdout


def test_interrupted_exchange_shows_the_partial_result(runner, monkeypatch):
    patch_analysis(monkeypatch, ALSOS, "exchange_options", interrupting(exchange_options, 5))
    result = runner.invoke(app, ["--no-solve", "--exchange", DEALT])
    assert_interrupted(result)
    assert "interrupted: partial result (5 of 128 options)" in result.stdout
    data = json.loads(runner.invoke(app, ["--json", "--no-solve", "--exchange", DEALT]).stdout)
    assert data[0]["exchange"]["complete"] is False and len(data[0]["exchange"]["options"]) == 5


@pytest.mark.parametrize("target, flag", [("best_announcements", "--announce"), ("review_play", "--review"),
                                          ("card_values", "--cards"), ("double_dummy_scores", "--scores")])
def test_interrupted_analysis_exits_130(runner, monkeypatch, target, flag):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    if hasattr(ALSOS.analyses(), target):
        patch_analysis(monkeypatch, ALSOS, target, interrupted)
    else:
        monkeypatch.setattr(analysis, target, interrupted)
    for args in ([flag, PLAYED], ["--json", flag, PLAYED]):
        result = runner.invoke(app, args)
        assert_interrupted(result)
        assert result.stderr.strip() == "error: interrupted"
    assert json.loads(result.stdout) == []
