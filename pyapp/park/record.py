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

from ..core.errors import GameError, LoadError
from .game import FORMAT, new_game, normalise_options, park_version_of, play

GAME_ID = "caldera-park"
MAX_TEXT = 2_000_000  # characters; a full 4-player state is far below this


def to_json(state: dict) -> str:
    """The whole state as compact JSON (keys sorted, so equal states give equal text)."""
    return json.dumps(state, separators=(",", ":"), sort_keys=True)


def _read_json(text, what: str):
    if isinstance(text, bytes | bytearray):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise LoadError(f"this {what} is not UTF-8 text") from e
    if not isinstance(text, str):
        raise LoadError(f"a {what} is JSON text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise LoadError(f"this {what} is too large to be a Caldera Park file")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise LoadError(f"this {what} is not valid JSON ({e.__class__.__name__})") from e
    if not isinstance(data, dict):
        raise LoadError(f"this {what} is not a Caldera Park file (no JSON object)")
    return data


def _check_format(data: dict, what: str) -> None:
    fmt = data.get("format")
    if type(fmt) is not int:
        raise LoadError(f"this {what} has no format version: not a Caldera Park file")
    if fmt > FORMAT:
        raise LoadError(
            f"this {what} was saved by a newer version of the game (format {fmt}, "
            f"this one reads format {FORMAT}): update the app to open it"
        )
    if fmt < 1:
        raise LoadError(f"this {what} has an unknown format version {fmt}")


def replay(options: dict, log) -> dict:
    """Rebuild a game from its options and action texts, checking every action."""
    if not isinstance(options, dict):
        raise LoadError("the game options are missing")
    if "park_version" not in options:  # saved before park versions: the first park
        options = {**options, "park_version": 1}
    try:
        opts = normalise_options(**options)
    except (GameError, TypeError) as e:
        raise LoadError(f"the game options are not valid: {e}") from e
    if not isinstance(log, list):
        raise LoadError("the action log is missing")
    state = new_game(**{**opts, "park_version": park_version_of(opts)})
    for n, text in enumerate(log, 1):
        if isinstance(text, list) and len(text) == 2:
            text = text[1]  # a state's log entry: [player, text]
        try:
            play(state, text)
        except GameError as e:
            raise LoadError(
                f"action {n} of the log ({str(text)[:40]!r}) cannot be played: {e}"
            ) from e
    return state


def from_json(text) -> dict:
    """Load a state saved with ``to_json``; raises LoadError naming the problem."""
    data = _read_json(text, "saved game")
    _check_format(data, "saved game")
    for key in ("options", "G", "ctx", "secret", "log"):
        if key not in data:
            raise LoadError(f"this saved game is damaged: '{key}' is missing")
    state = replay(data["options"], data["log"])
    # a state of an older format differs from today's only by its format number
    if to_json(state) != to_json({**data, "format": FORMAT}):
        raise LoadError("this saved game is damaged: it does not match its own action log")
    return state


def to_record(state: dict) -> dict:
    """The portable record of a game: format, options and the action texts."""
    return {
        "format": FORMAT,
        "game": GAME_ID,
        "options": state["options"],
        "log": [text for _, text in state["log"]],
    }


def record_to_json(state: dict) -> str:
    return json.dumps(to_record(state), indent=1, ensure_ascii=False)


def from_record(text) -> dict:
    """Rebuild the game of an exported record (text or dict) by replaying it."""
    data = text if isinstance(text, dict) else _read_json(text, "game file")
    if data.get("game") != GAME_ID:
        raise LoadError("this file is not a Caldera Park game record")
    _check_format(data, "game file")
    return replay(data.get("options"), data.get("log"))
