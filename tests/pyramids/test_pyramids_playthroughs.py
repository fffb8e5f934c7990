"""Fixed-seed playthroughs of Caldera replayed exactly: the same bots with the same seeds make
the same moves, the legal counts and the result are unchanged, and the log replays as a record
(files written by ``make_pyramids_playthroughs.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from make_pyramids_playthroughs import GAMES, play

from pyapp.pyramids.protocol import GAME

DIR = Path(__file__).resolve().parent / "playthroughs"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_playthrough_replays_exactly(name):
    data = json.loads((DIR / f"{name}.json").read_text())
    options, bots = GAMES[name]
    assert data["options"] == options and data["bots"] == bots
    state, counts = play(options, bots)
    assert GAME.log_texts(state) == data["log"]
    assert counts == data["legal_counts"]
    assert json.loads(json.dumps(GAME.result(state))) == data["result"]
    record = {"format": GAME.format, "game": "pyramids", "options": options, "log": data["log"]}
    again = GAME.from_record(record)
    assert GAME.to_json(again) == GAME.to_json(state)


def test_playthroughs_cover_the_ends_and_both_seat_counts():
    datas = [json.loads((DIR / f"{n}.json").read_text()) for n in GAMES]
    assert {d["options"]["players"] for d in datas} == {2, 3}
    assert any(d["result"]["reason"] == "trios" for d in datas)
    assert all(len(d["log"]) > 20 for d in datas)
