"""Deep links to a position of the board: the deal, the play so far and the question, in
the fragment of the board's address (the server never sees it; a static page can read it).

``BASE#d=DEAL&p=PLAY&q=QUESTION``: ``DEAL`` is the deal's text (the writer's output)
UTF-8 encoded then base64url without padding; ``PLAY`` the card names joined by ``.``
(``MA.MK.M7``); ``QUESTION`` the question spec percent-encoded (``%3A`` for ``:``). ``p``
and ``q`` are left out when there is no play and for the default question. The page's
``static/links.js`` reads and writes the same format.
"""

from __future__ import annotations

import base64
import binascii
from urllib.parse import quote, unquote

from .positions import BoardError

CARD_SEPARATOR = "."


def link(base_url: str, deal_text: str, play: list[str] | tuple[str, ...] = (), question: str | None = None) -> str:
    """The link to the position: ``base_url`` (its own fragment dropped) with the deal,
    the play and the question in the fragment."""
    deal = base64.urlsafe_b64encode(deal_text.encode("utf-8")).decode("ascii").rstrip("=")
    parts = [f"d={deal}"]
    if play:
        parts.append("p=" + CARD_SEPARATOR.join(play))
    if question:
        parts.append("q=" + quote(question, safe=""))
    return base_url.partition("#")[0] + "#" + "&".join(parts)


def parse_link(url: str) -> tuple[str, list[str], str | None]:
    """The deal text, the play (card names) and the question (None: the default) of a
    link (:func:`link`); BoardError saying what is wrong with it. Keys it does not know
    are passed over (a later page may add some)."""
    fragment = url.partition("#")[2]
    fields = dict(part.partition("=")[::2] for part in fragment.split("&") if part)
    if "d" not in fields:
        raise BoardError(f"link {url!r}: no deal (expected #d=... in the address)")
    try:
        encoded = fields["d"].encode("ascii")
        deal_text = base64.b64decode(encoded + b"=" * (-len(encoded) % 4), altchars=b"-_", validate=True).decode("utf-8")
    except (UnicodeError, binascii.Error, ValueError):
        raise BoardError(f"link {url!r}: the deal (d=) is not UTF-8 text in base64url") from None
    play = fields["p"].split(CARD_SEPARATOR) if fields.get("p") else []
    question = unquote(fields["q"]) if fields.get("q") else None
    return deal_text, play, question
