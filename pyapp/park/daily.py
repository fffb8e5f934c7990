"""The daily park's deal, from the date alone (pure: the engine's save summary names a daily
game with it, the interface's ``pyapp/ui/park/daily.py`` draws it).

``daily_seed(date)``: the date's digits followed by six digits of a SHA-256 of the date, so that
the seed also says which date it belongs to; ``daily_date(options)`` reads it back from a
game's options (a saved or exported daily game is known as one without any extra field).
"""

from __future__ import annotations

import hashlib
import re

VARIANT = "solo"
_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")


def _tail(date: str) -> int:
    digest = hashlib.sha256(f"caldera-park daily {date}".encode()).hexdigest()
    return int(digest, 16) % 1_000_000


def daily_seed(date: str) -> int:
    """The seed of the daily park of ``date`` (ISO "YYYY-MM-DD")."""
    m = _DATE.match(date)
    if m is None:
        raise ValueError(f"not an ISO date: {date!r}")
    return int("".join(m.groups())) * 1_000_000 + _tail(date)


def daily_options(date: str, name: str) -> dict:
    return {"variant": VARIANT, "players": 1, "seed": daily_seed(date), "names": [name]}


def daily_date(options: dict) -> str | None:
    """The date of a daily park game from its options, or None for any other game."""
    seed = options.get("seed") if isinstance(options, dict) else None
    if options.get("variant") != VARIANT or options.get("players") != 1 or type(seed) is not int:
        return None
    digits = str(seed // 1_000_000)
    if len(digits) != 8:
        return None
    date = f"{digits[:4]}-{digits[4:6]}-{digits[6:]}"
    return date if seed % 1_000_000 == _tail(date) else None
