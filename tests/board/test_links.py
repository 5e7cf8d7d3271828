"""Deep links (alsos_solver.board.links): the format of docs/cli.md, 'board', written and
read back exactly, and a broken link named as such."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given
from hypothesis import strategies as st

from alsos_solver.board.links import link, parse_link
from alsos_solver.board.positions import BoardError

from conftest import ROOT

EXAMPLE = (ROOT / "puzzles" / "example.txt").read_text(encoding="utf-8")
BASE = "http://127.0.0.1:8765/"


def test_the_format_deal_in_base64url_play_joined_by_dots_question_percent_encoded():
    made = link(BASE, "[Contract \"P\"]\nő", ["MA", "MK", "M7"], "together:B:abszolut+game")
    deal = base64.urlsafe_b64encode("[Contract \"P\"]\nő".encode()).decode().rstrip("=")
    assert made == f"{BASE}#d={deal}&p=MA.MK.M7&q=together%3AB%3Aabszolut%2Bgame"
    assert "=" not in made.partition("#d=")[2].partition("&")[0]  # no padding


def test_no_play_and_the_default_question_are_left_out():
    assert link(BASE, "x", [], None) == BASE + "#d=eA"
    assert link(BASE, "x", [], "") == BASE + "#d=eA"


def test_the_base_loses_its_own_fragment():
    assert link(BASE + "#d=old&p=MA", "x") == BASE + "#d=eA"


def test_a_link_reads_back_the_example_deal():
    assert parse_link(link(BASE, EXAMPLE, ["M8", "MU"], "B:ultimo")) == (EXAMPLE, ["M8", "MU"], "B:ultimo")
    assert parse_link(link(BASE, EXAMPLE)) == (EXAMPLE, [], None)


@given(st.text(), st.lists(st.from_regex(r"[MPTZSHDC](?:[AKOUXQJT987]|10)", fullmatch=True), max_size=36),
       st.one_of(st.none(), st.text(min_size=1)))
def test_any_deal_text_play_and_question_round_trip(deal, play, question):
    deal = deal.encode("utf-8", "replace").decode("utf-8")  # lone surrogates are no text a page sends
    assert parse_link(link(BASE, deal, play, question)) == (deal, play, question)


def test_unknown_keys_are_passed_over():
    assert parse_link(link(BASE, "x") + "&view=table") == ("x", [], None)


@pytest.mark.parametrize(("url", "message"), [
    (BASE, "no deal"),
    (BASE + "#p=MA", "no deal"),
    (BASE + "#d=!!!", "not UTF-8 text in base64url"),
    (BASE + "#d=" + base64.urlsafe_b64encode(b"\xff\xfe").decode().rstrip("="), "not UTF-8 text in base64url"),
])
def test_a_broken_link_is_a_board_error(url, message):
    with pytest.raises(BoardError, match=message):
        parse_link(url)


LINKS_JS = ROOT / "alsos_solver" / "board" / "static" / "links.js"
AGREEMENT_CASES = [
    (EXAMPLE, [], None),
    (EXAMPLE, ["M8", "MU", "MA", "MO"], "B:ultimo"),
    ("[Event \"Hatvanhat, ő és ű\"]\n", ["S10", "HQ"], "together:B:abszolut+game"),
    ("x", [], "points:B>=82 (it's *all*) ~"),
]


def node_links(cases: list[tuple[str, list[str], str | None]]) -> list[dict]:
    """links.js's link() of each case and its parseLink() of Python's link, under Node."""
    import json
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js (node) on the PATH: the page's links.js is not checked")
    script = f"""
        import {{ link, parseLink }} from {json.dumps(LINKS_JS.as_uri())};
        const cases = {json.dumps([[deal, play, question or "", link(BASE, deal, play, question)] for deal, play, question in cases])};
        console.log(JSON.stringify(cases.map(([deal, play, question, python]) =>
            ({{link: link({json.dumps(BASE)}, deal, play, question), parsed: parseLink(python)}}))));
    """
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_page_writes_and_reads_links_as_python_does():
    for (deal, play, question), found in zip(AGREEMENT_CASES, node_links(AGREEMENT_CASES), strict=True):
        assert found["link"] == link(BASE, deal, play, question)
        assert found["parsed"] == {"deal": deal, "play": play, "question": question or ""}
