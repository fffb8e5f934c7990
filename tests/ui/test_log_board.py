"""The log drives the board (issue 23), for every game of the box: an entry of the live table's log
chosen shows the board exactly as replaying the log up to that move gives it (the engine's
replay, seen by the table's viewer), that move marked (``marked_moves``), nothing playable on it
and the bots waiting; Back (or Escape) returns to the live table unchanged. A replay's own log
jumps the replay; a replay shows none of the live table's controls."""

from __future__ import annotations

import json
import random

import pytest
from storage_fakes import FakeStorage
from uihelpers import fill_and_start, play_some

from pyapp.ui.caledea import trail
from pyapp.ui.composition import compose

GAMES = ("park", "pyramids", "caledea")
# what only a live table offers: never drawn on a replay or a position shown from the log
LIVE_CONTROLS = ("confirm", "takeback", "speed", "resign", "pass", "skip", "learn-hint")


def canon(state) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def drawn(box) -> list:
    nodes, focus = box.render()
    return [e for n in nodes for e in n.iter()], focus


def live_game(game_id: str, moves: int = 14, seed: str = "23"):
    box = compose(FakeStorage())
    box.switch(game_id)
    box.shell.start(box.table)
    c = box.table
    fill_and_start(c, ("human", "random"), ("Ann", "Bob"), seed)
    box.handle("hints", {})  # nothing: the hints stay as they are
    play_some(c, random.Random(7), moves)
    assert c.screen == "table" and len(c.state["log"]) >= 6, game_id
    return box, c


def learn_of(box):
    return box.shell.get("learn")


def engine_view(c, n: int, viewer):
    """The engine's replay of the log up to entry ``n`` (included), as ``viewer`` sees it."""
    texts = c.game.log_texts(c.state)
    state = c.game.replay(c.state["options"], texts[: n + 1])
    return state if viewer is None else c.game.observation(state, viewer)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_log_entry_shows_that_position_marked_and_back_returns_unchanged(game_id):
    box, c = live_game(game_id)
    learn = learn_of(box)
    elements, _ = drawn(box)
    entries = [e for e in elements if e.attrs.get("data-action") == "log-show"]
    log = c.state["log"]
    # every entry drawn is a button naming its move, newest first, numbered by its log index
    assert entries and all(e.tag == "button" and e.attrs.get("type") == "button" for e in entries)
    indices = [int(e.attrs["data-value"]) for e in entries]
    assert indices == list(range(len(log) - 1, len(log) - 1 - len(entries), -1))
    assert all(e.text() and e.text() in e.attrs["aria-label"] for e in entries)
    before, seats, viewer = canon(c.state), list(c.seats), c.viewer()
    for pick in (indices[len(indices) // 2], indices[0], indices[-1]):
        assert box.handle("log-show", {"value": str(pick)}) is True
        assert learn.showing == "replay" and learn.replay.position
        elements, focus = drawn(box)
        bar = next(e for e in elements if e.attrs.get("data-screen") == "replay")
        assert bar.attrs["data-mode"] == "position" and bar.attrs["data-pos"] == str(pick + 1)
        assert focus == "replay-title"
        shown = learn.replay.table
        assert canon(shown.state) == canon(engine_view(c, pick, viewer))
        p, text = log[pick]
        assert shown.marked_moves() == [(pick, p, text)]
        assert shown.human_to_move() is None and shown.legal() == []
        actions = {e.attrs.get("data-action") for e in elements}
        assert not actions & set(LIVE_CONTROLS), actions & set(LIVE_CONTROLS)
        assert not [e for e in elements if e.attrs.get("data-key") == "prompt"]
        current = [e for e in elements if e.attrs.get("aria-current") == "step"]
        assert [e.attrs["data-value"] for e in current] == [str(pick)]
        # the live game waits: its bots hold, its state is untouched
        assert c.bot_to_move() is None and canon(c.state) == before
        # a move on the position is refused: nothing there is playable
        box.handle("confirm", {})
        assert canon(c.state) == before
        back = "undo" if pick == indices[0] else "learn-close"  # undo: the Escape key
        assert box.handle(back, {}) is True
        assert learn.showing is None
        elements, focus = drawn(box)
        assert focus == f"log-{pick}"
        assert canon(c.state) == before and c.seats == seats and c.screen == "table"
        assert c.mark_from is None
        assert not [e for e in elements if e.attrs.get("data-screen") == "replay"]
    # a wrong index opens nothing
    assert box.handle("log-show", {"value": str(len(log))}) is False
    assert box.handle("log-show", {"value": "x"}) is False
    assert learn.showing is None


@pytest.mark.parametrize("game_id", GAMES)
def test_a_replays_own_log_jumps_the_replay_and_no_live_control_is_drawn(game_id):
    box, c = live_game(game_id, moves=18)
    learn = learn_of(box)
    assert box.handle("learn-replay", {}) is True and learn.showing == "replay"
    replay = learn.replay
    assert not replay.position
    assert box.handle("learn-replay-last", {}) is True
    viewer = replay.viewer
    for _ in range(3):
        elements, _ = drawn(box)
        bar = next(e for e in elements if e.attrs.get("data-screen") == "replay")
        assert bar.attrs["data-mode"] == "replay"
        actions = {e.attrs.get("data-action") for e in elements}
        assert not actions & set(LIVE_CONTROLS)
        assert not [e for e in elements if e.attrs.get("data-key") == "prompt"]
        for nav in ("first", "prev", "next", "last"):
            assert f"learn-replay-{nav}" in actions
        entries = [
            int(e.attrs["data-value"]) for e in elements if e.attrs.get("data-action") == "log-show"
        ]
        assert entries and entries[0] == replay.pos - 1
        pick = entries[len(entries) // 2] if len(entries) > 1 else entries[0]
        assert box.handle("log-show", {"value": str(pick)}) is True
        assert replay.pos == pick + 1
        drawn(box)  # the replay's table holds the position drawn
        assert canon(replay.table.state) == canon(engine_view(c, pick, viewer))
        p, text = c.state["log"][pick]
        assert replay.table.marked_moves() == [(pick, p, text)]
    box.handle("learn-close", {})
    assert learn.showing is None


def test_caledea_marks_the_path_of_the_move_chosen_in_the_log():
    box, c = live_game("caledea", moves=30, seed="5")
    learn = learn_of(box)
    log = c.state["log"]
    moves = [i for i, (p, text) in enumerate(log) if text.split(" ", 1)[0] in trail.MARKED]
    assert moves
    for n in moves[-3:]:
        assert box.handle("log-show", {"value": str(n)}) is True
        shown = learn.replay.view_table()  # the position as drawn
        recent = shown.recent_moves()
        # exactly the move chosen, whoever played it (the viewer's own moves too)
        assert [r.player for r in recent] == [log[n][0]]
        steps = trail.Trail()
        assert steps.ensure(shown.state, n)
        assert recent[0].to == steps.steps[n].to
        box.handle("undo", {})
    # back on the live table: the other players' moves since the viewer's last one, as before
    assert c.recent_moves() == c.trail.recent(c.state, c.viewer())


@pytest.mark.parametrize("game_id", GAMES)
def test_the_positions_follow_the_live_game_as_it_goes_on(game_id):
    box, c = live_game(game_id)
    learn = learn_of(box)
    n = len(c.state["log"]) - 1
    assert box.handle("log-show", {"value": str(n)}) is True
    first = learn.replay
    box.handle("undo", {})
    assert box.handle("log-show", {"value": str(n - 1)}) is True
    assert learn.replay is first  # the same log: its replay is kept
    drawn(box)
    assert canon(learn.replay.table.state) == canon(engine_view(c, n - 1, c.viewer()))
    box.handle("learn-close", {})
    play_some(c, random.Random(11), 6)  # the game goes on
    assert c.screen == "table"
    m = len(c.state["log"]) - 1
    assert m > n
    assert box.handle("log-show", {"value": str(m)}) is True
    assert learn.replay is not first and learn.replay.replay.length == m + 1
    drawn(box)
    assert canon(learn.replay.table.state) == canon(engine_view(c, m, c.viewer()))
