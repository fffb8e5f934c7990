"""Fixed-seed playthroughs (``playthroughs/*.json``, written by
``make_caledea_playthroughs.py``): the engine replays each log to the same result, with the same
number of legal actions at every decision, and the bots still choose the same actions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from make_caledea_playthroughs import GAMES, play

from pyapp.caledea.protocol import GAME

HERE = Path(__file__).resolve().parent

FILES = sorted((HERE / "playthroughs").glob("*.json"))


def test_every_playthrough_is_there():
    assert sorted(f.stem for f in FILES) == sorted(GAMES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_playthrough_replays_exactly(path):
    data = json.loads(path.read_text())
    state = GAME.new_game(data["options"])
    counts = []
    for text in data["log"]:
        counts.append(len(GAME.legal_actions(state)))
        GAME.play(state, text)
    assert counts == data["legal_counts"]
    assert GAME.result(state) == data["result"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_bots_make_the_same_game_again(path):
    data = json.loads(path.read_text())
    options, bots = GAMES[path.stem]
    again = play(options, bots)
    assert again["log"] == data["log"]
