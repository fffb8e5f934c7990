"""The checks of saved games and records shared by every game (``core.protocol.read_json`` and
``check_format``), word for word: Caldera Park's files keep the wording they had before the box
("a Caldera Park file", "a newer version of the game"), the other games name themselves."""

from __future__ import annotations

import json

import pytest

from pyapp.core.errors import LoadError
from pyapp.core.protocol import MAX_TEXT
from pyapp.park import record
from pyapp.pyramids.protocol import GAME as PYRAMIDS


def message(load, text) -> str:
    with pytest.raises(LoadError) as e:
        load(text)
    return str(e.value)


def cases(kind: str, title: str, newer_of: str, reads: int) -> list:
    """(text, message) pairs: ``kind`` as read_json names the file, ``title`` as check_format
    names it, ``newer_of`` what a newer version is one of, ``reads`` the format read."""
    newer = reads + 1
    return [
        (b"\xff", "this saved game is not UTF-8 text"),
        (5, "a saved game is JSON text, not int"),
        (" " * (MAX_TEXT + 1), f"this saved game is too large to be a {kind} file"),
        ("{", "this saved game is not valid JSON (JSONDecodeError)"),
        ("[]", f"this saved game is not a {kind} file (no JSON object)"),
        ("{}", f"this saved game has no format version: not a {title} file"),
        (
            json.dumps({"format": newer}),
            f"this saved game was saved by a newer version of {newer_of} (format {newer}, "
            f"this one reads format {reads}): update the app to open it",
        ),
        (json.dumps({"format": 0}), "this saved game has an unknown format version 0"),
    ]


@pytest.mark.parametrize(
    ("text", "want"), cases("Caldera Park", "Caldera Park", "the game", record.FORMAT)
)
def test_caldera_park_saves_are_refused_in_its_own_words(text, want):
    assert message(record.from_json, text) == want


@pytest.mark.parametrize(("text", "want"), cases("game", "Caldera", "Caldera", PYRAMIDS.format))
def test_other_games_saves_are_refused_naming_the_game(text, want):
    assert message(PYRAMIDS.from_json, text) == want


def test_a_record_of_another_game_is_refused():
    other = json.dumps({"format": 1, "game": "pyramids", "options": {}, "log": []})
    assert message(record.from_record, other) == "this file is not a Caldera Park game record"
    park = json.dumps({"format": 1, "game": "caldera-park", "options": {}, "log": []})
    assert message(PYRAMIDS.from_record, park) == "this file is not a Caldera game record"
