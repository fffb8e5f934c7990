"""Caldera's table and the editions of the rules: a game started from the form follows today's
edition; an old game (its options without ``rules``) resumed from its record stays edition 1;
a rematch of it is a new game, so today's edition."""

from __future__ import annotations

from uihelpers import fill_and_start

from pyapp.pyramids import game
from pyapp.pyramids.protocol import GAME
from pyapp.ui.pyramids import make_table


def test_new_old_and_rematch_games_follow_the_right_edition():
    c = fill_and_start(make_table(seed_source=lambda: 99), ["human", "random"], None, "7")
    assert c.state["options"]["rules"] == game.RULES == 2
    old = {k: v for k, v in c.state["options"].items() if k != "rules"}
    state = GAME.replay(old, [])  # as a save of before the editions is read
    assert state["options"]["rules"] == 1
    c.resume(state, ["human", "random"])
    assert c.state["options"]["rules"] == 1
    c.handle("rematch", {})
    assert c.state["options"]["rules"] == 2 and c.state["options"]["seed"] == 99
    assert c.state["options"]["names"] == old["names"]


def test_an_old_export_imports_through_the_saves_as_edition_1():
    """An export of before the editions (options without ``rules``), as the import reads it."""
    import json
    from pathlib import Path

    from pyapp.ui.saves import replay_record

    path = (
        Path(__file__).resolve().parents[1] / "pyramids" / "playthroughs" / "random-2p-seed1.json"
    )
    data = json.loads(path.read_text())
    record = {"format": 1, "game": "pyramids", "options": data["options"], "log": data["log"]}
    state = replay_record(record, "import")
    assert state["options"]["rules"] == 1
    assert GAME.log_texts(state) == data["log"]
