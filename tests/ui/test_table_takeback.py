"""Take back after Confirm (as Board Game Arena allows it): a person may take back their last
confirmed move while no hidden information has been revealed since and nobody else has moved."""

from __future__ import annotations

import random

from uihelpers import click, human_step, offered, render, run_bots, start


def _until(c, rng, want, limit=300):
    """Play (humans at random, bots in turn) until ``want(c)`` holds at a human decision."""
    for _ in range(limit):
        if c.bot_to_move() is not None:
            run_bots(c)
            continue
        if c.screen == "table" and c.human_to_move() is not None and want(c):
            return c
        human_step(c, rng)
    raise AssertionError("the wanted position never came")


def _first_to_place(c):
    d = c.decision()
    return (
        d["kind"] == "place"
        and c.state["ctx"]["pending"][0] == d["player"]
        and len(c.state["ctx"]["pending"]) > 1
    )


def _place(c, rng):
    click(c, rng.choice(offered(c, "token")))
    click(c, rng.choice(offered(c, "space")))
    click(c, offered(c, "confirm")[0])


def test_a_placement_is_taken_back_while_the_bot_has_not_moved():
    rng = random.Random(1)
    c = _until(start(seats=("human", "random"), seed="4"), rng, _first_to_place)
    state = c.state
    log, board = list(map(list, state["log"])), list(state["G"]["players"][0]["board"])
    _place(c, rng)
    assert c.bot_to_move() == 1 and c.can_take_back() == 0
    assert [e.attrs["data-key"] for e in offered(c, "takeback")] == ["undo"]
    click(c, offered(c, "takeback")[0])
    assert c.state is state  # the same game (its save entry is kept)
    assert state["log"] == log and state["G"]["players"][0]["board"] == board
    assert c.human_to_move() == 0 and c.decision()["kind"] == "place"
    assert c.notice and c.can_take_back() is None  # once


def test_no_take_back_once_the_bot_has_moved():
    rng = random.Random(1)
    c = _until(start(seats=("human", "random"), seed="4"), rng, _first_to_place)
    _place(c, rng)
    run_bots(c)
    assert c.can_take_back() is None
    assert offered(c, "takeback") == []
    assert c.handle("takeback", {}) is False


def test_no_take_back_of_a_move_that_revealed_hidden_tokens():
    # the last placement of a turn refills the displays from the hidden reserves
    rng = random.Random(2)

    def last_to_place(c):
        d = c.decision()
        return d["kind"] == "place" and len(c.state["ctx"]["pending"]) == 1

    c = _until(start(seats=("human", "random"), seed="4"), rng, last_to_place)
    _place(c, rng)
    assert c.can_take_back() is None
    assert offered(c, "takeback") == []


def test_the_marmot_choice_is_taken_back_before_the_placement():
    rng = random.Random(3)

    def my_pick(c):
        return c.decision()["kind"] == "pick" and c.state["ctx"]["marmot"] == c.human_to_move()

    c = _until(start(seats=("human", "random"), seed="4"), rng, my_pick)
    row = list(c.state["G"]["row"])
    human_step(c, rng)  # the pick: the same person places first
    assert c.decision()["kind"] == "place" and c.can_take_back() == 0
    click(c, offered(c, "takeback")[0])
    assert c.decision()["kind"] == "pick" and c.state["G"]["row"] == row


def test_another_person_at_the_table_cannot_take_back():
    rng = random.Random(4)
    c = _until(start(seats=("human", "human"), seed="4"), rng, _first_to_place)
    _place(c, rng)
    if c.screen == "handover":
        click(c, offered(c, "ready")[0])
    assert c.human_to_move() == 1 - c.state["log"][-1][0]
    assert c.can_take_back() is None and offered(c, "takeback") == []


def test_pass_and_play_passes_the_turn_on_the_table_with_a_banner():
    c = start(seats=("human", "human"), names=("Lin", "Sam"))
    assert c.screen == "table" and c.human_to_move() == 0 and c.passed_to is None
    human_step(c, random.Random(1))  # Lin's first weather token: now Sam decides
    assert c.screen == "table" and c.human_to_move() == 1 and c.passed_to == 1
    assert c.shown_player() == 1  # the view switches to Sam's park
    banner = [e for e in render(c)[0] for e in e.iter() if "turn-pass" in e.classes()]
    assert len(banner) == 1 and banner[0].text() == "Sam's turn"
    human_step(c, random.Random(1))
    assert c.passed_to == 0 and c.shown_player() == 0
