"""The registry of the box: which games there are, found by code name or by record name.

Each entry is light (names and seat counts only), so the start screen and the command line can
list the games without importing any engine; ``get(id)`` imports the game's ``protocol``
module on first use and returns its ``GAME`` (a ``core.protocol.Game``). Adding a game is one
package under ``pyapp/`` and one line here; no other game changes.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path

from .core.errors import LoadError


@dataclass(frozen=True)
class Entry:
    id: str  # code name, as on the command line
    record_id: str  # name written in records and saves
    title: str
    module: str  # the module holding GAME
    min_players: int
    max_players: int
    ready: bool = True  # False: shown as "coming" on the start screen


ENTRIES: tuple[Entry, ...] = (
    Entry("park", "caldera-park", "Caldera Park", "pyapp.park.protocol", 1, 4),
    Entry("pyramids", "pyramids", "Caldera", "pyapp.pyramids.protocol", 2, 3),
    Entry("caledea", "caledea", "Caledea", "pyapp.caledea.protocol", 2, 4),
)
GAME_IDS: tuple[str, ...] = tuple(e.id for e in ENTRIES)
DEFAULT = "park"
_BY_ID = {e.id: e for e in ENTRIES}
_BY_RECORD = {e.record_id: e for e in ENTRIES}


def entry(game_id: str) -> Entry:
    try:
        return _BY_ID[game_id]
    except KeyError:
        raise ValueError(
            f"unknown game {game_id!r}: expected one of {', '.join(GAME_IDS)}"
        ) from None


def has_engine(game_id: str) -> bool:
    """Whether the game's engine is in this copy of ``pyapp`` (a game may exist before its
    screens); looked up as a file beside this module, never through other installed copies."""
    parts = entry(game_id).module.split(".")[1:]  # "pyapp.caledea.protocol" -> caledea/protocol.py
    return Path(__file__).resolve().parent.joinpath(*parts[:-1], parts[-1] + ".py").is_file()


def get(game_id: str):
    """The protocol object (``GAME``) of a game, importing its package on first use."""
    return importlib.import_module(entry(game_id).module).GAME


def for_record(record_id) -> object:
    """The game a record or save names (its ``game`` field); ``LoadError`` if none of ours."""
    e = _BY_RECORD.get(record_id) if isinstance(record_id, str) else None
    if e is None or not e.ready:
        raise LoadError("this file is not a game of this app (unknown game)")
    return get(e.id)
