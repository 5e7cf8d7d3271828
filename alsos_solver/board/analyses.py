"""The board's analyses of a whole deal: the answers of ``POST /api/table`` (the contract
table, ``--table``) and ``POST /api/review`` (the play review, ``--review``).

Each answer is the command line's JSON of the analysis, with what the page needs to show
it without knowing the game: the table's columns (key and heading, from the game's
:attr:`~alsos_solver.render.views.GameViews.table_columns`) and each entry's cells as the
terminal writes them, with the deal of that entry (its contract and declarer, no play) in
the deal format; each mistake of the review with its index in the Play section, the
item's label and the sentence the terminal prints.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ..analysis import contract_table, review_play
from ..analysis.single_dummy import review as review_seat
from ..analysis.table import ContractTable, contract_deal
from ..deal import Deal
from ..errors import NotApplicable
from ..render.widgets import contract_label
from .positions import BoardError, read_deal


def table_answer(deal_text: str) -> dict[str, Any]:
    """The JSON of ``POST /api/table``: :meth:`ContractTable.to_json` (``table``, the
    contracts asked once, ``complete``, ``nodes``, ``seconds``), each entry with its
    ``cells`` ({column key: text}) and ``deal`` (the deal text of that contract and
    declarer); ``seats``, ``contracts`` ([{``token``, ``label``}]), ``columns``
    ([{``key``, ``heading``, ``justify``}], those some entry answers) and ``once``
    ([{``key``, ``heading``, ``answers``}]). BoardError for a deal it cannot judge."""
    deal = read_deal(deal_text, needs_contract=False)
    try:
        table = contract_table(deal)
    except ValueError as error:  # UnsoundDeal, NotApplicable
        raise BoardError(f"contract table: {error}") from None
    views = deal.game.views
    columns = [column for column in views.table_columns if any(entry.answers.get(column[0]) is not None for entry in table.entries)]
    answer = table.to_json()
    for entry, shown in zip(table.entries, answer["table"], strict=True):
        shown["cells"] = {key: plain(cell(entry)) for key, _, _, cell in columns if entry.answers.get(key) is not None}
        shown["deal"] = entry_deal_text(deal, entry.contract, entry.declarer)
    return answer | {
        "seats": list(table.seats),
        "contracts": [{"token": token, "label": plain(contract_label(deal, token))} for token in table.contracts],
        "columns": [{"key": key, "heading": heading, "justify": justify} for key, heading, justify, _ in columns],
        "once": once_answers(deal, table),
    }


def once_answers(deal: Deal, table: ContractTable) -> list[dict[str, Any]]:
    headings = deal.game.views.once_headings
    return [{"key": key, "heading": headings.get(key, key), "answers": answers}
            for key, answers in table.once.items() if answers is not None]


def entry_deal_text(deal: Deal, token: str, declarer: str) -> str:
    """The deal in the deal format with that contract and declarer, nothing announced and
    no play: the deal whose answers the table's entry gives."""
    return str(contract_deal(deal, deal.game.parse_contract(token), declarer))


def plain(shown: Any) -> str:
    """A terminal cell (rich Text or a string) as plain text."""
    return shown.plain if isinstance(shown, Text) else str(shown)


def review_answer(deal_text: str, seat: str | None = None) -> dict[str, Any]:
    """The JSON of ``POST /api/review``: :meth:`Review.to_json` (``review``: the mistakes
    in play order, ``items``, ``history``), each mistake with its ``index`` in the Play
    section (from 0), the item's ``label`` and the terminal's ``sentence``; with a
    ``seat``, also ``seat_review`` (:func:`seat_review_answer`). BoardError for a deal
    without a Play section or one it cannot judge."""
    deal = read_deal(deal_text)
    if not deal.play:
        raise BoardError("review: no Play section: nothing to review")
    try:
        review = review_play(deal)
    except ValueError as error:  # UnsoundDeal, NotApplicable
        raise BoardError(f"review: {error}") from None
    answer = review.to_json()
    for mistake, shown in zip(review.mistakes, answer["review"], strict=True):
        shown |= {"index": mistake.index, "label": mistake.label, "sentence": mistake.sentence()}
    return answer if seat is None else answer | {"seat_review": seat_review_answer(deal, seat)}


def seat_review_answer(deal: Deal, seat: str) -> dict[str, Any]:
    """The single-dummy review of ``seat`` with the defaults (``alsos-solve review FILE
    --seat SEAT --json``), each decision with its ``index`` in the Play section (from 0);
    ``{"seat", "error"}`` where the seat's side has nothing to review (the double-dummy
    review stands). BoardError for an unknown seat or a deal it cannot judge."""
    try:
        review = review_seat(deal, seat)
    except NotApplicable as error:
        return {"seat": seat, "error": f"review of {seat}: {error}"}
    except ValueError as error:  # an unknown seat, UnsoundDeal
        raise BoardError(f"review of {seat}: {error}") from None
    answer = review.to_json()
    seats = len(deal.game.active)
    for decision in answer["decisions"]:
        decision["index"] = (decision["trick"] - 1) * seats + decision["card"] - 1
    return answer
