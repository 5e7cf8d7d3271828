"""``alsos-solve deal``: the dealer's options on the command line, its errors as exit 2."""

from __future__ import annotations

import pytest

from alsos_solver.deal_command import app
from alsos_solver.io import dumps, load, loads
from alsos_solver.launch import SUBCOMMANDS, run

from cli_support import assert_error


def test_deal_is_registered():
    assert SUBCOMMANDS["deal"] == "alsos_solver.deal_command:app"


def test_deals_are_reproducible_and_meet_the_constraints(runner, tmp_path):
    args = ["--count", "5", "--seed", "11", "--contract", "P", "--declarer", "B", "--where", "trumps(declarer) >= 4 and has(B, PU)"]
    first = runner.invoke(app, args + ["-o", str(tmp_path / "a.txt")])
    assert first.exit_code == 0, first.output
    second = runner.invoke(app, args)
    deals = load(tmp_path / "a.txt")
    assert loads(second.stdout) == deals and len(deals) == 5
    pu = deals[0].pack.parse_card("PU")
    for deal in deals:
        assert deal.hands["B"] >> pu & 1
        assert deal.contract.trump is not None and deal.declarer == "B"
    other = runner.invoke(app, args[:3] + ["12"] + args[4:])
    assert loads(other.stdout) != deals


def test_fixed_cards_and_talon(runner):
    result = runner.invoke(app, ["-n", "3", "--seed", "x", "--fix", "B:PU P9 P7 +6", "--fix", "talon:ZA"])
    assert result.exit_code == 0, result.output
    for deal in loads(result.stdout):
        pack = deal.pack
        assert all(deal.hands["B"] >> pack.parse_card(c) & 1 for c in ("PU", "P9", "P7"))
        assert deal.talon >> pack.parse_card("ZA") & 1


def test_other_games(runner):
    result = runner.invoke(app, ["-n", "2", "--game", "asszorti", "--contract", "H", "--declarer", "A", "--where", "len(A, H) >= 5"])
    assert result.exit_code == 0, result.output
    assert all(deal.game.name == "asszorti" for deal in loads(result.stdout))


def test_altiansz_melds_in_where(runner):
    """Altiansz counts its own melds (seed 004), not Alsós's: A's are worth 20 or more."""
    args = ["-n", "3", "--game", "altiansz", "--contract", "game P", "--declarer", "A", "--where", "meld_points(A) >= 20"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    found = loads(result.stdout)
    assert len(found) == 3 and all(deal.game.melds(deal).points["A"] >= 20 for deal in found)


@pytest.mark.parametrize("args, pieces", [
    (["--where", "points(B) >= "], ["--where 'points(B) >= ': column 14: expected"]),
    (["--where", "trumps(B) >= 2"], ["column 1: trumps(B): needs a trump contract"]),
    (["--contract", "P", "--declarer", "B", "--where", "trumps(B) >= 9"], ["no cards of B meet 'trumps(B) >= 9'"]),
    (["--contract", "P", "--declarer", "A", "--where", "trumps(A) >= 7 and trumps(B) >= 2", "--max-tries", "300"],
     ["no deal met 'trumps(B) >= 2' in 300 tries (0 of 1 dealt): it is impossible or too rare"]),
    (["--fix", "B:PU P9 P7 +5"], ["fix 'B:PU P9 P7 +5': 3 cards + 5 random make 8"]),
    (["--game", "bridge"], ["bridge"]),
    (["--contract", "Q"], ["Q"]),
])
def test_errors_exit_2_with_one_line(runner, args, pieces):
    assert_error(runner.invoke(app, args), *pieces)


def test_the_output_is_not_created_after_a_setup_error(tmp_path, capsys):
    out = tmp_path / "deals.txt"
    assert run(["deal", "--where", "has(B, XX)", "-o", str(out)]) == 2
    assert "error: --where 'has(B, XX)': column" in capsys.readouterr().err
    assert not out.exists()


# -o never replaces a file that is not a deal file without --force, and replaces a deal file as a whole


def test_the_output_of_another_kind_needs_force(runner, tmp_path):
    out = tmp_path / "results.jsonl"
    out.write_text('{"file": "a.txt", "index": 1}\n', encoding="utf-8")
    assert_error(runner.invoke(app, ["-o", str(out)]),
                 f"-o {out}: the file exists and is not a deal file (it looks like a batch's results); --force replaces it",
                 max_lines=1)
    assert out.read_text(encoding="utf-8") == '{"file": "a.txt", "index": 1}\n'
    assert runner.invoke(app, ["-o", str(out), "--force"]).exit_code == 0
    assert len(load(out)) == 1


def test_a_deal_file_is_replaced_as_a_whole(runner, tmp_path, monkeypatch):
    out = tmp_path / "deals.txt"
    assert runner.invoke(app, ["-n", "3", "-o", str(out)]).exit_code == 0
    old = out.read_text(encoding="utf-8")
    from alsos_solver.dealer import Dealer

    dealt = Dealer.deals

    def interrupted(self, count, rng, max_tries):
        yield from dealt(self, 1, rng, max_tries)
        raise KeyboardInterrupt

    monkeypatch.setattr(Dealer, "deals", interrupted)
    assert run(["deal", "-n", "5", "--seed", "7", "-o", str(out)]) == 130  # Ctrl-C after a deal: the old file stays
    assert out.read_text(encoding="utf-8") == old
    assert [p.name for p in tmp_path.iterdir()] == ["deals.txt"]


def test_the_deals_before_the_dealer_gives_up_are_written(runner, tmp_path):
    out = tmp_path / "deals.txt"
    out.write_text(dumps(loads(runner.invoke(app, ["-n", "4"]).stdout)), encoding="utf-8")
    result = runner.invoke(app, ["-n", "4", "--seed", "0", "--contract", "P", "--declarer", "A",
                                 "--where", "trumps(A) >= 6 and trumps(B) >= 2", "--max-tries", "8", "-o", str(out)])
    assert_error(result, "in 8 tries (2 of 4 dealt)", max_lines=1)
    assert len(load(out)) == 2


def test_a_long_where_is_echoed_cut(runner):
    where = "points(B) >= 1 and " * 5 + "points(B) >= "
    assert_error(runner.invoke(app, ["--where", where]), f"error: --where '{where[:59]}…': column 109: expected", max_lines=1)
