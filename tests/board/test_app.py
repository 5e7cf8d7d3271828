"""The board's web application (alsos_solver.board.app) through Starlette's TestClient: the
page, the deals of the files, the values of a position, and each of the safety limits of
docs/cli.md, 'board' (Host, Origin, body size, time, files)."""

from __future__ import annotations

import json
import sys
import threading
import time

import pytest
from starlette.testclient import TestClient

from alsos_solver.board import worker as worker_module
from alsos_solver.board.app import BODY_LIMIT, make_app, served_hosts
from alsos_solver.board.positions import position_values
from alsos_solver.board.worker import TimeLimit, Worker
from alsos_solver.io import DealFormatError, loads
from alsos_solver.report import NoDealsError

from cli_support import write
from conftest import ROOT

BASE = "http://127.0.0.1:8765"
EXAMPLE_FILE = str(ROOT / "puzzles" / "example.txt")
PLAYED_FILE = str(ROOT / "puzzles" / "played.txt")
EXAMPLE = (ROOT / "puzzles" / "example.txt").read_text(encoding="utf-8")
PLAYED_LINE = (ROOT / "puzzles" / "played.txt").read_text(encoding="utf-8").split('[Play "A"]\n')[1].split()
SLOW_CHILD = """
import time
from alsos_solver.board import positions, worker
real = positions.position_values
def slow(deal, play, question, warm=None):
    if question == "slow":
        time.sleep(60)
    return real(deal, play, question, warm)
positions.position_values = slow
worker.main()
"""
"""The solving process, but the question ``slow`` takes a minute."""


@pytest.fixture(scope="module")
def client():
    """A board of the two example files, its solving process started."""
    with TestClient(make_app([EXAMPLE_FILE, PLAYED_FILE]), base_url=BASE) as started:
        yield started


def post(client: TestClient, body: object, **headers: str):
    return client.post("/api/position", content=json.dumps(body), headers=headers)


# The page and the deals


def test_the_page_and_its_modules_with_the_security_headers(client):
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert page.text == (ROOT / "alsos_solver" / "board" / "static" / "index.html").read_text(encoding="utf-8")
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"
    assert client.get("/static/index.html").status_code == 200
    assert client.get("/static/none.js").status_code == 404


def test_the_deals_of_the_files_given(client):
    deals = client.get("/api/deals").json()["deals"]
    assert [(deal["file"], deal["index"]) for deal in deals] == [(EXAMPLE_FILE, 1), (PLAYED_FILE, 1)]
    assert deals[0]["title"] == "example.txt #1: Abszolut or ultimo, not both"
    assert loads(deals[1]["text"])[0] == loads((ROOT / "puzzles" / "played.txt").read_text(encoding="utf-8"))[0]
    assert deals[0]["deal"]["contract"] == "P" and deals[0]["deal"]["hands"]["B"] == "U.KOU7.AX.A7"


def test_a_folder_gives_its_deal_files(tmp_path):
    write(tmp_path, "b.txt", EXAMPLE)
    write(tmp_path, "a.txt", EXAMPLE + "\n" + EXAMPLE)
    write(tmp_path, "notes.md", "not a deal")
    with TestClient(make_app([str(tmp_path)]), base_url=BASE) as client:
        deals = client.get("/api/deals").json()["deals"]
    assert [(deal["file"].rpartition("/")[2], deal["index"]) for deal in deals] == [("a.txt", 1), ("a.txt", 2), ("b.txt", 1)]


def test_no_files_no_deals():
    with TestClient(make_app([]), base_url=BASE) as client:
        assert client.get("/api/deals").json() == {"deals": []}


def test_a_bad_file_stops_the_board_before_it_serves(tmp_path):
    with pytest.raises(DealFormatError, match=r"bad.txt:1:10"):
        make_app([write(tmp_path, "bad.txt", '[Deal "A:x"]\n')])
    with pytest.raises(NoDealsError):
        make_app([write(tmp_path, "empty.txt", "% nothing\n")])


# POST /api/position


def test_the_values_of_a_position_are_position_values(client):
    for play, question in [([], None), (PLAYED_LINE[:4], None), (PLAYED_LINE[:7], "B:ultimo")]:
        answer = post(client, {"deal": EXAMPLE, "play": play, "question": question})
        assert answer.status_code == 200
        assert answer.json() == position_values(EXAMPLE, play, question)
    first = post(client, {"deal": EXAMPLE}).json()
    assert first["to_move"] == "A" and first["trick"] == 1 and first["question"] == "declarer_points"
    assert {card["card"]: (card["value"], card["best"], card["group"]) for card in first["cards"]}["M8"] == (90, True, 0)


@pytest.mark.parametrize(("body", "message"), [
    ({"deal": '[Deal "A:x"]'}, "deal:1:10: a hand needs 4 suit groups"),
    ({"deal": EXAMPLE, "play": ["M8", "MK"]}, "play: card 2 (MK): MK is not in seat B's hand"),
    ({"deal": EXAMPLE, "question": "nonsense"}, "question nonsense: unknown question"),
    ({"play": []}, "deal must be the deal's text"),
    ({"deal": EXAMPLE, "play": "M8"}, "play must be a list of card names"),
    ({"deal": EXAMPLE, "question": 3}, "question must be a --question spec"),
    ({"deal": EXAMPLE, "after": 3}, "unknown key 'after'"),
    (["M8"], "the request body must be a JSON object"),
])
def test_a_bad_deal_play_question_or_body_is_400_with_the_located_message(client, body, message):
    answer = post(client, body)
    assert answer.status_code == 400
    assert answer.json()["error"].startswith(message), answer.json()


def test_a_body_that_is_no_json_is_400(client):
    answer = client.post("/api/position", content=b"deal=x")
    assert answer.status_code == 400 and answer.json()["error"].startswith("the request body is not JSON")


def test_the_position_is_posted_not_got(client):
    assert client.get("/api/position").status_code == 405


# Safety


def test_a_host_other_than_the_one_served_is_refused(client):
    """DNS rebinding: a page of evil.example whose name now points at 127.0.0.1."""
    for host in ("evil.example:8765", "127.0.0.1:9999", "127.0.0.1", ""):
        refused = client.get("/api/deals", headers={"host": host})
        assert refused.status_code == 421, host
        assert "this server answers for" in refused.json()["error"]
    assert post(client, {"deal": EXAMPLE}, host="evil.example:8765").status_code == 421
    for host in ("localhost:8765", "127.0.0.1:8765", "[::1]:8765", "LOCALHOST:8765"):
        assert client.get("/api/deals", headers={"host": host}).status_code == 200, host


def test_the_hosts_served():
    assert served_hosts("127.0.0.1", 80) == {"127.0.0.1:80", "localhost:80", "[::1]:80"}
    assert served_hosts("::1", 80) == {"127.0.0.1:80", "localhost:80", "[::1]:80"}
    assert served_hosts("192.0.2.7", 80) == {"192.0.2.7:80"}
    assert {"127.0.0.1:80", "localhost:80", "[::]:80", "0.0.0.0:80"} <= served_hosts("0.0.0.0", 80) | served_hosts("::", 80)


def test_a_write_from_another_origin_is_refused(client):
    refused = post(client, {"deal": EXAMPLE}, origin="http://evil.example")
    assert refused.status_code == 403 and "http://evil.example" in refused.json()["error"]
    assert post(client, {"deal": EXAMPLE}, origin="null").status_code == 403
    assert post(client, {"deal": EXAMPLE}, origin="http://127.0.0.1:9999").status_code == 403
    assert post(client, {"deal": EXAMPLE}, origin=BASE).status_code == 200
    assert post(client, {"deal": EXAMPLE}, origin="http://localhost:8765").status_code == 200
    assert post(client, {"deal": EXAMPLE}).status_code == 200  # a script, not a browser
    assert client.get("/api/deals", headers={"origin": "http://evil.example"}).status_code == 200  # reading: the browser's same-origin rule


def test_a_body_over_the_limit_is_refused_before_it_is_read(client):
    body = json.dumps({"deal": EXAMPLE + " " * BODY_LIMIT}).encode()
    answer = client.post("/api/position", content=body)
    assert answer.status_code == 413
    assert answer.json()["error"] == f"the request body is {len(body)} bytes, more than the limit of {BODY_LIMIT}"
    assert post(client, {"deal": EXAMPLE + " " * (BODY_LIMIT - 2 * len(EXAMPLE))}).status_code == 200


def test_a_body_without_a_length_is_cut_at_the_limit(client):
    def chunks():
        yield b'{"deal": "'
        for _ in range(BODY_LIMIT // 1000 + 1):
            yield b" " * 1000

    answer = client.post("/api/position", content=chunks())
    assert answer.status_code == 413
    assert answer.json()["error"] == f"the request body is more than the limit of {BODY_LIMIT} bytes"


def test_a_question_over_the_time_limit_is_stopped_and_the_board_answers_on(monkeypatch):
    monkeypatch.setattr(worker_module, "CHILD", [sys.executable, "-c", SLOW_CHILD])
    with TestClient(make_app([], timeout=1.0), base_url=BASE) as client:
        started = time.monotonic()
        answer = post(client, {"deal": EXAMPLE, "question": "slow"})
        assert answer.status_code == 503
        assert answer.json()["error"] == "the question took more than 1 s (--timeout): its search was stopped"
        after = post(client, {"deal": EXAMPLE, "play": PLAYED_LINE[:4]})
        assert after.status_code == 200 and after.json() == position_values(EXAMPLE, PLAYED_LINE[:4], None)
        assert time.monotonic() - started < 30  # not behind the slow one


def test_the_worker_kills_a_question_over_the_time_limit(monkeypatch):
    monkeypatch.setattr(worker_module, "CHILD", [sys.executable, "-c", SLOW_CHILD])
    worker = Worker(timeout=0.5)
    try:
        worker.start()
        slow = worker.process
        with pytest.raises(TimeLimit):
            worker.ask({"deal": EXAMPLE, "play": [], "question": "slow"})
        assert slow.poll() is not None  # killed, not left running
        assert worker.ask({"deal": EXAMPLE, "play": [], "question": None}) == {"answer": position_values(EXAMPLE, [], None)}
    finally:
        worker.close()


def test_questions_asked_together_each_get_their_own_position(client):
    """A click while another position is being solved waits for it, and gets the values
    of its own position, never those of another."""
    plays = [PLAYED_LINE[:n] for n in (0, 3, 5, 8, 12, 1, 7, 0, 2)]
    answers: dict[int, object] = {}

    def ask(index: int) -> None:
        answers[index] = post(client, {"deal": EXAMPLE, "play": plays[index]}).json()

    threads = [threading.Thread(target=ask, args=(index,)) for index in range(len(plays))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [answers[index] for index in range(len(plays))] == [position_values(EXAMPLE, play, None) for play in plays]


def test_no_file_is_read_but_those_given(client, tmp_path):
    secret = write(tmp_path, "secret.txt", EXAMPLE)
    answer = post(client, {"deal": secret})
    assert answer.status_code == 400 and "Abszolut" not in answer.text  # the text is a deal, never a path
    for path in ("/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2fapp.py", "/static/" + secret, "/" + secret):
        assert client.get(path).status_code == 404, path
    assert all(deal["file"] in (EXAMPLE_FILE, PLAYED_FILE) for deal in client.get("/api/deals").json()["deals"])
