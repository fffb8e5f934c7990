"""Saved games: full states as JSON, and game records (seed, options, action log) that replay.

A state loaded from JSON is checked by replaying its own options and log and comparing: a damaged
or edited save is refused as a whole, never half built. A *record* is the small, portable form::

    {"format": 2, "game": "caldera-park", "options": {...}, "log": ["pick bear river", ...]}

Format 2 (issue 12) added park versions (``options["park_version"]``) and the Geyser Park setup
choice. Records and states of format 1 still load: they have no park version, so they replay on
version 1 of their park (for Geyser Park, the first geyser side and its setup), exactly as they
were played.
"""

from __future__ import annotations

import json

from ..core import chance
from ..core.errors import GameError, LoadError, OptionsLoadError
from ..core.protocol import MAX_TEXT as MAX_TEXT  # noqa: F401 (tests read record.MAX_TEXT)
from ..core.protocol import check_format, read_json, to_json
from ..core.rng import Rng
from .game import FORMAT, new_game, normalise_options, park_version_of, play

GAME_ID = "caldera-park"
TITLE = "Caldera Park"  # the name its files' messages give


def _read_json(text, what: str) -> dict:
    return read_json(text, what, TITLE)


def _check_format(data: dict, what: str) -> None:
    check_format(data, what, FORMAT, TITLE, "the game")


def record_options(options: dict) -> dict:
    """The options of a record or state as ``new_game`` reads them: without a park version
    (saved before park versions, or on version 1), the first park."""
    if isinstance(options, dict) and "park_version" not in options:
        return {**options, "park_version": 1}
    return options


def reseed(state: dict, entropy: bytes) -> None:
    """The generator replaced by one made from ``entropy`` (a game by link, ``core/chance.py``)."""
    state["secret"]["rng"] = Rng(int.from_bytes(entropy[:8], "big")).hex()


def replay(options: dict, log, reseeds=None) -> dict:
    """Rebuild a game from its options and action texts, checking every action (``reseeds``:
    those of a game played by link)."""
    if not isinstance(options, dict):
        raise LoadError("the game options are missing")
    options = record_options(options)
    try:
        opts = normalise_options(**options)
    except (GameError, TypeError) as e:
        raise OptionsLoadError(f"the game options are not valid: {e}") from e
    if not isinstance(log, list):
        raise LoadError("the action log is missing")
    state = new_game(**{**opts, "park_version": park_version_of(opts)})
    seeds = chance.read_reseeds(reseeds, len(log))
    for n, text in enumerate(log, 1):
        if isinstance(text, list) and len(text) == 2:
            text = text[1]  # a state's log entry: [player, text]
        if n - 1 in seeds:
            reseed(state, seeds[n - 1])
        try:
            play(state, text)
        except GameError as e:
            raise LoadError(
                f"action {n} of the log ({str(text)[:40]!r}) cannot be played: {e}"
            ) from e
    chance.kept(state, seeds)
    return state


def from_json(text) -> dict:
    """Load a state saved with ``to_json``; raises LoadError naming the problem."""
    data = _read_json(text, "saved game")
    _check_format(data, "saved game")
    for key in ("options", "G", "ctx", "secret", "log"):
        if key not in data:
            raise LoadError(f"this saved game is damaged: '{key}' is missing")
    state = replay(data["options"], data["log"], data.get(chance.KEY))
    # a state of an older format differs from today's only by its format number
    if to_json(state) != to_json({**data, "format": FORMAT}):
        raise LoadError("this saved game is damaged: it does not match its own action log")
    return state


def to_record(state: dict) -> dict:
    """The portable record of a game: format, options and the action texts."""
    out = {
        "format": FORMAT,
        "game": GAME_ID,
        "options": state["options"],
        "log": [text for _, text in state["log"]],
    }
    if chance.KEY in state:
        out[chance.KEY] = state[chance.KEY]  # a game by link: its draws replay exactly
    return out


def record_to_json(state: dict) -> str:
    return json.dumps(to_record(state), indent=1, ensure_ascii=False)


def from_record(text) -> dict:
    """Rebuild the game of an exported record (text or dict) by replaying it."""
    data = text if isinstance(text, dict) else _read_json(text, "game file")
    if data.get("game") != GAME_ID:
        raise LoadError("this file is not a Caldera Park game record")
    _check_format(data, "game file")
    return replay(data.get("options"), data.get("log"), data.get(chance.KEY))
