"""The tag names of the deal format (docs/format.md, 'Tags') that both the reader and the
writer know."""

import re

TAG_NAME = re.compile(r"[A-Za-z0-9_]+")
"""What a tag's name may be made of."""

CORE_TAGS = (
    "Game", "Dealer", "Deal", "Talon", "Contract", "Declarer", "Figures", "Variant", "Melds", "Front", "Kontra", "Dealt",
    "Indicator", "TalonTop", "Play",
)
"""The tags that set a field of the deal; any other tag is kept as it is (``Deal.tags``)."""
