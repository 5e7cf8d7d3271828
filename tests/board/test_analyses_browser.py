"""The contract table, the play review's flags and each trick's worth in a real browser
(the board and browser of test_browser.py): a result of the table opens the deal of that
contract and declarer at the first lead, the review flags the cards that changed an item
where they were played, beside them the chosen seat's single-dummy marks, and a trick shows
its points where the play counts them.

Skipped, saying why, where Playwright or Chromium is missing."""

from __future__ import annotations

import json
import urllib.request

from board.test_browser import board, board_link, deal_folder, deal_text, shown_values  # noqa: F401 (fixtures)
from board_support import wait_settled


def api(base: str, route: str, text: str) -> dict:
    request = urllib.request.Request(base + route, data=json.dumps({"deal": text}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.load(response)


def first_lead(base: str, text: str) -> dict:
    """``POST /api/position`` at the deal's first lead."""
    request = urllib.request.Request(base + "api/position", data=json.dumps({"deal": text, "play": []}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


def test_a_result_of_the_contract_table_opens_its_deal_at_the_first_lead(board, page, deal_folder) -> None:
    text = deal_text("puzzles/played.txt", 1, deal_folder)
    page.goto(board_link(board, text, ["M8", "MU", "MA"]))
    shown_values(page)
    page.click("#table-show")
    page.wait_for_selector(".contract-grid")
    table = api(board, "api/table", text)
    headings = page.eval_on_selector_all(".contract-grid thead th", "cells => cells.map(c => c.textContent)")
    assert headings == ["declarer", "contract", *(column["heading"] for column in table["columns"])]
    rows = page.eval_on_selector_all(".contract-grid tbody tr", "rows => rows.map(r => [...r.children].map(c => c.textContent))")
    assert len(rows) == len(table["table"]) == 18
    hearts_b = next(i for i, entry in enumerate(table["table"]) if (entry["declarer"], entry["contract"]) == ("B", "P"))
    assert rows[hearts_b] == ["B", "♥ hearts", *(table["table"][hearts_b]["cells"].get(column["key"], "") for column in table["columns"])]
    assert "Klopitzky, can each seat avoid paying?" in page.text_content("#contract-table")

    bells_a = next(i for i, entry in enumerate(table["table"]) if (entry["declarer"], entry["contract"]) == ("A", "T"))
    button = f'.table-open[data-entry="{bells_a}"]'
    assert page.get_attribute(button, "aria-label") == "Play ♦ bells with A as declarer"
    page.click(button)
    wait_settled(page)
    opened = table["table"][bells_a]["deal"]
    assert page.url == board_link(board, opened, []), "the cell's deal, nothing played"
    expected = first_lead(board, opened)
    assert shown_values(page) == {card["card"]: json.dumps(card["value"]) for card in expected["cards"]}
    assert page.get_attribute("[data-to-move]", "data-seat") == expected["to_move"]
    assert "bells" in page.text_content("#info") and page.get_attribute(button, "aria-current") == "true"
    assert page.locator(".contract-grid tbody tr").count() == 18, "the table stays with the hands"


def flagged(page, where: str) -> list[str]:
    return page.eval_on_selector_all(f"{where} .played-card.flagged", "cards => cards.map(c => c.dataset.card)")


def test_the_review_flags_the_cards_that_changed_an_item(board, page, deal_folder) -> None:
    text = deal_text("puzzles/played.txt", 1, deal_folder)
    recorded = text.split('[Play "A"]\n')[1].split()
    page.goto(board_link(board, text, recorded[:6]))
    shown_values(page)
    page.click("#review-show")
    page.wait_for_selector("#trick-list .played-card.flagged")
    review = api(board, "api/review", text)
    assert flagged(page, "#trick-list") == ["PU"] and flagged(page, "#trick") == ["PU"], "where it was played"
    title = page.get_attribute("#trick-list .flagged", "title").split("\n")[0]  # then the single-dummy line
    assert title == "mistake: " + "; ".join(m["sentence"] for m in review["review"] if m["index"] == 5)
    assert title in page.get_attribute("#trick-list .flagged", "aria-label")
    assert page.text_content("#review-note") == "3 cards changed the fate of an item; they are flagged ⚑ in the tricks."
    page.click("#end")
    wait_settled(page)
    assert flagged(page, "#trick-list") == ["PU", "P9", "Z7"]
    page.click("#start")
    wait_settled(page)
    assert flagged(page, "#trick-list") == []
    for _ in range(6):
        page.click("#forward")
        wait_settled(page)
    assert flagged(page, "#trick-list") == ["PU"]
    other = page.eval_on_selector_all(".seat .card.legal", f"cards => cards.map(c => c.dataset.card).find(c => c !== '{recorded[6]}')")
    page.click(f'.seat [data-card="{other}"]')  # off the recorded play at its seventh card
    wait_settled(page)
    assert flagged(page, "#trick-list") == ["PU"], "the flags of the recorded cards before the branch"
    page.click("#back-to-recorded")
    page.click("#end")
    wait_settled(page)
    assert flagged(page, "#trick-list") == ["PU", "P9", "Z7"]


def test_the_review_is_offered_only_for_a_recorded_play(board, page, deal_folder) -> None:
    page.goto(board_link(board, deal_text("puzzles/example.txt", 1, deal_folder), []))
    shown_values(page)
    assert page.locator("#review-panel").is_hidden()


def test_a_trick_shows_its_points_where_the_play_counts_them(board, page, deal_folder) -> None:
    played = deal_text("puzzles/played.txt", 1, deal_folder)
    page.goto(board_link(board, played, ["M8", "MU", "MA"]))
    wait_settled(page)
    page.wait_for_selector(".seat [data-value]")
    assert page.text_content(".trick-caption") == "Trick 1 · won by C · 13 points"
    assert page.text_content("#trick-list .note") == "won by C · 13 points"
    asszorti = deal_text("puzzles/asszorti.txt", 1, deal_folder)
    first = asszorti.split('[Play "C"]\n')[1].split()[:3]
    page.goto(board_link(board, asszorti, first))
    page.wait_for_selector(".seat [data-value]")
    assert "points" not in page.text_content(".trick-caption")
    assert page.text_content(".seat .taken") .endswith(("trick", "tricks"))


def marks(page, where: str) -> dict[str, str]:
    return dict(page.eval_on_selector_all(f"{where} .played-card[data-sd-mark]",
                                          "cards => cards.map(c => [c.dataset.card, c.dataset.sdMark])"))


def test_the_review_marks_the_chosen_seats_cards_on_what_it_could_see(board, page, deal_folder) -> None:
    """The declarer by default: each card B played carries its single-dummy mark (none
    included) beside the ⚑, its shares in the title, the marked ones listed; another seat
    chosen, its own cards; the words in Hungarian too."""
    text = deal_text("puzzles/played.txt", 1, deal_folder)
    recorded = text.split('[Play "A"]\n')[1].split()
    page.goto(board_link(board, text, recorded[:6]))
    shown_values(page)
    assert page.input_value("#review-seat") == "B"
    with page.expect_response("**/api/review") as answered:
        page.click("#review-show")
    decisions = answered.value.json()["seat_review"]["decisions"]  # the page's own answer
    assert answered.value.request.post_data_json == {"deal": text, "seat": "B"}
    page.wait_for_selector("#trick-list .played-card[data-sd-mark]")
    page.click("#end")
    wait_settled(page)
    expected = {d["played"]: d["mark"] or "none" for d in decisions}
    assert marks(page, "#trick-list") == expected
    assert expected["PU"] == "worse-on-average" and expected["MU"] == "none"
    title = page.get_attribute('#trick-list .played-card[data-card="PU"]', "title")
    rates = decisions[1]["items"]["game"]
    best = max((card for card in rates if card != "PU"), key=lambda card: rates[card]["rate"])
    assert (f"single-dummy review of B: ▼ worse on average (an estimate): on what B could see, {best} made game "
            f"in {round(rates[best]['rate'] * 100)}% of layouts, PU in {round(rates['PU']['rate'] * 100)}%") in title
    listed = page.eval_on_selector_all("#review-marks li", "items => items.map(i => i.textContent)")
    assert len(listed) == sum(d["mark"] is not None for d in decisions) and listed[0].startswith("trick 2, PU: ▼")
    assert page.text_content("#review-marks .note").startswith("3 cards of B are marked")  # PK: the score

    with page.expect_response("**/api/review") as answered:
        page.select_option("#review-seat", "A")
    page.wait_for_function("() => document.querySelector('#review-marks .note')?.textContent.includes(' of A ')")
    decisions = answered.value.json()["seat_review"]["decisions"]
    assert marks(page, "#trick-list") == {d["played"]: d["mark"] or "none" for d in decisions}
    assert {card for card in recorded if card not in marks(page, "#trick-list")} >= set(expected), "B's marks are gone"
    page.click('button.lang[data-lang="hu"]')
    assert "amit láthatott" in page.text_content("#review-marks .note")
