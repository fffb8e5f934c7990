"""Games saved before issue 12 (``old_saves/``, made with the code of that time) still load and
play on, on exactly the park they began on (park version 1: for Geyser Park the first geyser
side, without river, and its setup), and replay to the same scores."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from storage_fakes import FakeStorage

from pyapp.park import game, record
from pyapp.park.bots import make_bot
from pyapp.park.park import load_park
from pyapp.ui import saves

HERE = Path(__file__).resolve().parent / "old_saves"
EXPECTED = json.loads((HERE / "expected.json").read_text(encoding="utf-8"))
NAMES = sorted(EXPECTED)
PARKS = Path(__file__).resolve().parents[2] / "pyapp" / "park" / "parks"
#: sha-256 of pyapp/park/parks/geyser.json before issue 12 (main 0f18ec7)
OLD_GEYSER_SHA = "ba151a1a7a8e53ed293a29bb8d29b864dfc80257df2345a9b8ef2ef92e7e0eb7"


def text(name: str, form: str) -> str:
    return (HERE / f"{name}.{form}.json").read_text(encoding="utf-8")


def from_entry(name: str) -> dict:
    """The game as the app's storage holds it: an entry under caldera-park/game/<id>."""
    entry = json.loads(text(name, "save"))
    storage = FakeStorage(items={saves.GAME_PREFIX + entry["id"]: text(name, "save").strip()})
    return saves.SaveStore(storage).load(entry["id"])


LOADERS = {
    "save": from_entry,
    "export": lambda name: saves.import_record(text(name, "export")),
    "state": lambda name: record.from_json(text(name, "state")),
}


def play_on(state: dict, name: str) -> dict:
    """Finish the game with the seeded bots that finished it when the fixture was made."""
    bots = [make_bot(b["name"], b["seed"]) for b in EXPECTED[name]["bots"]]
    while not game.is_over(state):
        p = game.to_move(state)
        game.play(state, bots[p].choose(game.observation(state, p)))
    return state


def test_the_fixtures_are_of_the_old_format():
    assert len(NAMES) == 5
    for name in NAMES:
        assert json.loads(text(name, "export"))["format"] == 1
        assert json.loads(text(name, "state"))["format"] == 1
        entry = json.loads(text(name, "save"))
        assert entry["record"]["format"] == 1
        assert "park_version" not in entry["record"]["options"]


def test_the_first_geyser_side_is_kept_unchanged():
    data = (PARKS / "geyser-v1.json").read_bytes()
    assert hashlib.sha256(data).hexdigest() == OLD_GEYSER_SHA
    old = load_park("geyser", 1)
    assert old.requirement["river"] == () and old.requirement["waterfall"] == ()
    assert load_park("geyser").requirement["river"] != ()


@pytest.mark.parametrize("form", sorted(LOADERS))
@pytest.mark.parametrize("name", NAMES)
def test_old_saves_load_on_their_park(name, form):
    state = LOADERS[form](name)
    want = EXPECTED[name]
    assert state["options"] == want["options"]  # no park version: version 1
    assert len(state["log"]) == want["saved_actions"]
    assert game.is_over(state) == want["over_when_saved"]
    assert [str(a) for a in game.legal_actions(state)] == want["legal_when_saved"]
    variant = want["options"]["variant"]
    assert game.park_of(state) is load_park("river" if variant != "geyser" else "geyser", 1)
    assert state["format"] == game.FORMAT  # loaded, it is a game of today's format
    # the same game whichever form it was kept in
    assert record.to_json(state) == record.to_json(LOADERS["state"](name))


@pytest.mark.parametrize("name", NAMES)
def test_old_saves_play_on_to_the_same_scores(name):
    want = EXPECTED[name]
    state = play_on(from_entry(name), name)
    assert len(state["log"]) == want["final_log_length"]
    final = game.final_scores(state)
    for key in ("players", "winners", "tiebreak"):
        assert final[key] == want["final"][key], key
    if want["options"]["variant"] == "solo":
        assert final["solo_rating"] == want["final"]["solo_rating"]
    else:
        # issue 12: a one-player game of Geyser Park is no longer rated by the solo table
        assert "solo_rating" not in final


def test_an_old_geyser_game_in_its_setup_goes_on_with_the_old_setup():
    state = from_entry("geyser-2p-setup")
    assert game.decision(state) == {"player": 1, "kind": "start"}
    pl = state["G"]["players"][1]
    assert "start_token" in pl and "start_tokens" not in pl
    ring = [a.at for a in game.legal_actions(state)]
    game.play(state, f"start {ring[0][0]},{ring[0][1]}")
    with pytest.raises(game.IllegalActionError):
        game.play(game.copy_state(state), "start 0 at 1,1")
    assert state["ctx"]["phase"] == "forecast"


@pytest.mark.parametrize("name", ["geyser-3p-round2", "geyser-2p-setup"])
def test_a_resumed_old_game_saves_and_loads_again_on_its_park(name):
    """Played on and saved again (format 2 now), it still names park version 1."""
    state = from_entry(name)
    bots = [make_bot(b["name"], b["seed"]) for b in EXPECTED[name]["bots"]]
    for _ in range(5):
        p = game.to_move(state)
        game.play(state, bots[p].choose(game.observation(state, p)))
    store = saves.SaveStore(FakeStorage())
    gid = store.save(state, None, None)
    entry = json.loads(store.storage.getItem(saves.GAME_PREFIX + gid))
    assert entry["record"]["format"] == 2
    assert "park_version" not in entry["record"]["options"]
    again = store.load(gid)
    assert record.to_json(again) == record.to_json(state)
    assert game.park_of(again) is load_park("geyser", 1)
    exported = saves.export_record(state, 0)
    assert record.to_json(saves.import_record(exported)) == record.to_json(state)
