"""The computer players of Caldera: legal moves from observations only, reproducible choices,
the greedy bot's best immediate capture, the strong bot's planned turns (quiet moves first),
its plan kept across the calls of a turn, and its thinking in slices."""

from __future__ import annotations

import pytest
from pyramids_helpers import position

from pyapp.core import arena
from pyapp.pyramids.arena import play_turns
from pyapp.pyramids.bots import BOT_NAMES, make_bot
from pyapp.pyramids.protocol import GAME


def play_turn(state, bot):
    """Let ``bot`` play the whole turn of the player to move; the actions it made."""
    p, number, made = state["turn"]["player"], state["turn"]["number"], []
    while not GAME.is_over(state) and state["turn"]["number"] == number:
        action = bot.choose(GAME.observation(state, p))
        GAME.play(state, action, player=p)  # checked: a bot's move must be legal
        made.append(str(action))
    return made


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("name", BOT_NAMES)
def test_bots_play_legal_moves_to_the_end(name, players):
    state = GAME.new_game({"players": players, "seed": 11})
    bots = [make_bot(name, f"t/{s}") for s in range(players)]
    turns = 0
    while not GAME.is_over(state) and turns < (60 if name == "strong" else 400):
        play_turn(state, bots[state["turn"]["player"]])
        turns += 1
    if name != "strong":
        assert GAME.is_over(state)


def test_bots_are_reproducible():
    for name in BOT_NAMES:
        state = GAME.new_game({"players": 2, "seed": 3})
        view = GAME.observation(state, GAME.to_move(state))
        assert make_bot(name, 5).choose(view) == make_bot(name, 5).choose(view)


def test_greedy_takes_the_best_capture_open_now():
    # a1-b1 captures the large only; e1-d1 captures large and medium
    # e1 moving south-west to d2: its large lands on c3 (RL: captured), its medium on b4
    # (GM: captured), its small on a5
    state = position(
        {"a1": "YS YM YL", "c1": "GL", "e1": "BS BM BL", "c3": "RL", "b4": "GM"},
        caps=["a1", "e1"],
    )
    action = make_bot("greedy", 1).choose(GAME.observation(state, 0))
    assert str(action) == "e1-d2"


def test_greedy_moves_quietly_when_nothing_erupts():
    state = position({"a1": "YS YM YL"}, caps=["c3"])
    action = make_bot("greedy", 1).choose(GAME.observation(state, 0))
    assert action.kind == "move" and not GAME.preview(state, action)["erupts"]


def test_strong_plans_quiet_moves_to_set_up_a_capture():
    # the cap on c3 (empty) must first step onto the yellow nest on b2, then leave it east:
    # the yellow large lands on the green large of d2. No eruption is open at first.
    state = position({"b2": "YS YM YL", "d2": "GS GM GL"}, caps=["c3"])
    assert not any(e for _, e in GAME.cap_moves(state))
    made = play_turn(state, make_bot("strong", 1))
    assert made == ["c3-b2", "b2-c2"] and state["collections"][0] == ["YL"]


def test_strong_uses_the_power_play_when_it_pays():
    # two trios held; the third needs a yellow large: only a Power Play of the spare green
    # large under the flow's large captures it (and wins)
    coll = ["RS", "RM", "RL", "BS", "BM", "BL", "YS", "YM", "GL"]
    state = position({"a1": "GS GM YL"}, caps=["a1"], collections=[coll, []])
    made = play_turn(state, make_bot("strong", 1))
    assert made[0].startswith("power GL ")
    assert GAME.result(state)["winners"] == [0]


def test_strong_keeps_its_plan_and_thinks_once_per_turn():
    state = position({"b2": "YS YM YL", "d2": "GS GM GL"}, caps=["c3"])
    bot = make_bot("strong", 1)
    first = bot.start(GAME.observation(state, 0))
    action = first.run()
    assert first.units > 0
    GAME.play(state, action)
    second = bot.start(GAME.observation(state, 0))
    second.run()
    assert second.units == 0  # answered from the plan


def test_strong_replans_when_the_turn_goes_another_way():
    state = position({"b2": "YS YM YL", "d2": "GS GM GL"}, caps=["c3", "e5"])
    bot = make_bot("strong", 1)
    bot.choose(GAME.observation(state, 0))
    GAME.play(state, "e5-e4")  # someone else moved for this seat (a person took over)
    action = bot.choose(GAME.observation(state, 0))
    assert GAME.why_illegal(state, action) is None


def test_strong_thinks_in_slices():
    state = GAME.new_game({"players": 2, "seed": 8})
    view = GAME.observation(state, GAME.to_move(state))
    thinking = make_bot("strong", 2).start(view)
    steps = 0
    while thinking.step(0.01) is None:
        steps += 1
    assert steps >= 2
    assert thinking.action == make_bot("strong", 2).choose(view)


def test_the_arena_times_whole_turns():
    times = [[], []]
    bots = [make_bot("greedy", 1), make_bot("random", 2)]
    state = play_turns(GAME, {"players": 2, "seed": 4}, bots, times)
    turns = state["turn"]["number"]
    assert len(times[0]) + len(times[1]) == turns < len(state["log"])
    report = arena.run_arena(GAME, ["greedy", "random"], games=4, play=GAME.arena_play)
    assert report["bots"]["greedy"]["wins"] >= 3
    lengths = report["length"]
    assert lengths["max"] < 300  # turns, not actions


def test_strong_plan_is_not_used_in_another_game():
    bot = make_bot("strong", 1)
    a = position({"b2": "YS YM YL", "d2": "GS GM GL"}, caps=["c3"])
    GAME.play(a, bot.choose(GAME.observation(a, 0)))
    # another game, same log so far, another board: the plan is not followed blindly
    b = position({"b2": "YS YM YL", "d4": "GS GM GL", "c2": "BS"}, caps=["c3"])
    GAME.play(b, "c3-b2")
    thinking = bot.start(GAME.observation(b, 0))
    action = thinking.run()
    assert thinking.units > 0 and GAME.why_illegal(b, action) is None
