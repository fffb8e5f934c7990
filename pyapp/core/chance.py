"""The chance of a game played by link, kept in its state so that a replay rebuilds it exactly.

A game by link reseeds its generator before each chance move (``core/link.py``: the mover's and
the answerer's revealed values, known only once the move is in the link). The state remembers
each reseed as ``state["reseeds"]``: ``[[n, hex], ...]``, the generator replaced by one made from
the bytes ``hex`` just before the log's action number ``n`` (0-based) was played. Records carry
the same list, and every replay (``Game.replay``, ``core.replay.Replay``, the analysis) applies
it, so a linked game's replay, analysis, export and import draw what the game drew. A game never
played by link has no ``reseeds``: its records and saves are as before.

``read_reseeds`` checks the list from a file (untrusted): indices rising within the log, 32-byte
hex values; anything else is a ``LoadError``.
"""

from __future__ import annotations

import re

from .errors import LoadError

KEY = "reseeds"
_HEX = re.compile(r"[0-9a-f]{64}\Z")


def read_reseeds(value, length: int) -> dict[int, bytes]:
    """``{action index: entropy}`` of a record's or state's ``reseeds`` (None: none)."""
    if value is None:
        return {}
    if not isinstance(value, list) or len(value) > length:
        raise LoadError("the game's chance record is damaged")
    out: dict[int, bytes] = {}
    last = -1
    for item in value:
        ok = (
            isinstance(item, list)
            and len(item) == 2
            and type(item[0]) is int
            and last < item[0] < length
            and isinstance(item[1], str)
            and _HEX.match(item[1])
        )
        if not ok:
            raise LoadError("the game's chance record is damaged")
        last = item[0]
        out[item[0]] = bytes.fromhex(item[1])
    return out


def note(state: dict, entropy: bytes) -> None:
    """Remember a reseed made now, before the log's next action (``core/link.py``)."""
    state.setdefault(KEY, []).append([len(state["log"]), entropy.hex()])


def kept(state: dict, reseeds: dict[int, bytes]) -> None:
    """A replayed state keeps the reseeds it was rebuilt with (a saved state compares equal)."""
    if reseeds:
        state[KEY] = [[n, e.hex()] for n, e in sorted(reseeds.items())]
