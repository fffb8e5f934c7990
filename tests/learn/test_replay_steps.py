"""The replay of a record shows, at every step, exactly the engine's state after replaying that
many actions (every game of the box, several records of each park variant); a running game's
replay shows only the viewer's observation (issue 16)."""

from __future__ import annotations

import importlib
import json

import pytest
from learn_records import RECORDS, final_state, record_id

from pyapp.core.errors import LoadError
from pyapp.core.replay import Replay
from pyapp.park.bots.strong import determinise
from pyapp.park.game import observation as park_observation
from pyapp.ui.replay import ReplayScreen

ALL = range(len(RECORDS))


def canon(state) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize("i", ALL, ids=record_id)
def test_every_position_is_the_engine_state_after_that_many_actions(i):
    game, final = final_state(i)
    replay = Replay.of_state(game, final)
    texts = game.log_texts(final)
    assert replay.length == len(texts) > 0
    state = game.new_game(final["options"])
    for n in range(len(texts) + 1):
        assert canon(replay.state_at(n)) == canon(state), n
        assert canon(replay.view_at(n)) == canon(state)  # a finished game: everything shown
        if n < len(texts):
            assert replay.player_of(n + 1) == game.to_move(state)
            game.play(state, texts[n])
    assert canon(replay.state_at(replay.length)) == canon(final)
    # a few prefixes rebuilt from scratch by the protocol's own replay
    for n in (0, 1, len(texts) // 3, len(texts) - 1):
        again = game.replay(final["options"], texts[:n])
        assert canon(replay.state_at(n)) == canon(again)


@pytest.mark.parametrize("i", ALL, ids=record_id)
def test_the_replay_screen_draws_each_position_with_the_games_own_table(i):
    game, final = final_state(i)
    screens = importlib.import_module(f"pyapp.ui.{game.id}")
    screen = ReplayScreen(game, final, screens)
    length = screen.replay.length
    step = 1 if game.id == "park" else max(1, length // 40)
    state = game.new_game(final["options"])
    texts = game.log_texts(final)
    n = 0
    while True:
        bar, board = screen.render()
        assert bar.attrs["data-pos"] == str(n) and bar.attrs["data-length"] == str(length)
        assert canon(screen.table.state) == canon(state)
        assert screen.table.human_to_move() is None  # nothing on the replayed board is playable
        assert board.attrs["class"] == "replay-board" and board.children
        if n == length:
            break
        target = min(n + step, length)
        if step == 1:
            assert screen.handle("learn-replay-next", {}) is True
        else:
            assert screen.handle("learn-replay-step", {"value": str(target)}) is True
        for text in texts[n:target]:
            game.play(state, text)
        n = target
    assert screen.handle("learn-replay-next", {}) is True and screen.pos == length  # clamped
    assert screen.handle("learn-replay-first", {}) is True and screen.pos == 0
    assert screen.handle("learn-replay-prev", {}) is True and screen.pos == 0
    assert screen.handle("learn-replay-last", {}) is True and screen.pos == length
    assert screen.handle("learn-replay-step", {"value": "x"}) is False
    assert screen.handle("something-else", {}) is None


@pytest.mark.parametrize("i", [0, 4, 6, 8], ids=lambda i: record_id(i))
def test_jumping_to_a_stage_shows_its_first_position(i):
    game, final = final_state(i)
    screens = importlib.import_module(f"pyapp.ui.{game.id}")
    screen = ReplayScreen(game, final, screens)
    stages = screen.replay.stages()
    assert len(stages) > 3 and stages[0][0] == 0
    for pos, stage in stages:
        assert screen.handle("learn-replay-jump", {"value": str(pos)}) is True
        assert screen.pos == pos
        summary = game.save_summary(screen.replay.state_at(pos))
        assert all(summary[k] == v for k, v in stage.items())
        if pos > 0:  # the first position of its stage: the one before is another stage
            assert screen.replay.stage_of(pos - 1) != stage
        bar, _ = screen.render()
        select = next(e for e in bar.iter() if e.attrs.get("data-action") == "learn-replay-jump")
        chosen = [o for o in select.iter() if o.tag == "option" and "selected" in o.attrs]
        assert [o.attrs["value"] for o in chosen] == [str(pos)] == [select.attrs["value"]]
    if game.id == "park":  # Caldera Park's stages are its rounds and turns
        assert {"round", "turn"} == set(stages[5][1])


def hidden_free(text: str) -> bool:
    return '"secret"' not in text and '"seed"' not in text and '"rng"' not in text


@pytest.mark.parametrize("i", ALL, ids=record_id)
def test_a_running_games_replay_holds_no_hidden_information(i):
    game, final = final_state(i)
    texts = game.log_texts(final)
    running = game.replay(final["options"], texts[: len(texts) * 2 // 3])
    assert not game.is_over(running)
    screens = importlib.import_module(f"pyapp.ui.{game.id}")
    viewer = 0
    screen = ReplayScreen(game, running, screens, viewer=viewer)
    state = game.new_game(final["options"])
    for n in range(screen.replay.length + 1):
        view = screen.replay.view_at(n)
        assert canon(view) == canon(game.observation(state, viewer))
        assert hidden_free(json.dumps(view)), n
        if game.id == "park":
            # the engine's observation test: another world agreeing with what the viewer sees
            # (its hidden part drawn afresh) gives the same view
            from pyapp.core.rng import Rng

            other = determinise(view, Rng.from_seed(f"other/{n}"))
            assert other["secret"] != state["secret"] or not state["secret"]["reserves"]
            assert canon(park_observation(other, viewer)) == canon(view)
            for pl in view["G"]["players"]:
                assert all("id" not in s for s in pl["forecast"] if s is not None and not s["up"])
        if n % 25 == 0 or n == screen.replay.length:
            screen.go(n)
            nodes = screen.render()
            assert canon(screen.table.state) == canon(view)
            drawn = json.dumps([e.attrs for node in nodes for e in node.iter()])
            assert hidden_free(drawn)
        if n < len(texts) and n < screen.replay.length:
            game.play(state, texts[n])


def test_a_damaged_log_is_refused_with_the_action_that_fails():
    game, final = final_state(0)
    texts = game.log_texts(final)
    with pytest.raises(LoadError, match="action 3"):
        Replay(game, final["options"], [*texts[:2], "fly away"])
    with pytest.raises(LoadError, match="not valid"):
        Replay(game, {"players": 99}, [])
    with pytest.raises(LoadError, match="missing"):
        Replay(game, final["options"], None)
