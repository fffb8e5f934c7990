"""Regression test on the committed fixed-seed playthroughs (``playthroughs/*.json``, written
once by ``make_playthroughs.py``): replaying each log gives the same legal-action counts and the
same final score sheets, and the seeded random bots still play the same log."""

import json

import pytest
from make_playthroughs import GAMES, OUT, bot_seeds, play

from pyapp.park import game, record

FILES = sorted(OUT.glob("*.json"))


def test_every_playthrough_is_committed():
    assert sorted(p.stem for p in FILES) == sorted(GAMES)
    variants = {json.loads(p.read_text())["options"]["variant"] for p in FILES}
    assert variants == {"base", "solo", "geyser"}


def test_geyser_files_say_they_were_regenerated_for_the_new_park():
    """Issue 12 changed the geyser side only: its files play on park version 2 and say so; the
    river side's files have no park version (version 1) and no such note."""
    for path in FILES:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["options"]["variant"] == "geyser":
            assert data["options"]["park_version"] == 2
            assert "issue 12" in data["about"]
        else:
            assert "park_version" not in data["options"]
            assert data["about"].endswith("do not edit by hand")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_replay_gives_the_same_game(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    state = game.new_game(**data["options"])
    counts = []
    for player, text in data["log"]:
        assert game.to_move(state) == player
        counts.append(len(game.legal_actions(state)))
        game.play(state, text)
    assert game.is_over(state)
    assert counts == data["legal_counts"]
    assert state["log"] == data["log"]
    assert game.final_scores(state) == data["final"]
    replayed = record.replay(data["options"], [text for _, text in data["log"]])
    assert record.to_json(replayed) == record.to_json(state)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_bots_play_the_same_game(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    seeds = [b["seed"] for b in data["bots"]]
    assert seeds == bot_seeds(data["options"])
    state, counts = play(data["options"], seeds)
    assert state["log"] == data["log"]
    assert counts == data["legal_counts"]
