"""Which moves the board marks as new (``TableController.marks_from`` / ``marked_moves``): on a
live table every other player's move since the viewer's own last action, a function of the state
(so a resumed game marks the same); on a replay's table the moves from its ``mark_from``."""

from __future__ import annotations

import random

from uihelpers import play_some, start


def test_other_players_moves_since_the_viewers_last_action_are_marked():
    c = start(seats=("human", "random"), names=("Lin", "Sam"), seed="31")
    rng = random.Random(3)
    seen_marks = 0
    for _ in range(60):
        play_some(c, rng, 1)
        if c.screen != "table":
            break
        log = c.state["log"]
        me = c.viewer()
        mine = [i for i, (p, _) in enumerate(log) if p == me]
        first = mine[-1] + 1 if mine else 0
        assert c.marks_from() == first
        marked = c.marked_moves()
        assert [i for i, _, _ in marked] == [i for i in range(first, len(log)) if log[i][0] != me]
        assert all(p != me for _, p, _ in marked)
        seen_marks += bool(marked)
    assert seen_marks  # the computer's moves were marked at some decision


def test_a_replay_position_marks_from_its_own_index_and_a_resume_marks_the_same():
    c = start(seats=("human", "random"), names=("Lin", "Sam"), seed="32")
    play_some(c, random.Random(4), 12)
    before = c.marked_moves()
    state = c.state
    c.resume(state, list(c.seats))
    assert c.marked_moves() == before
    c.mark_from = len(state["log"]) - 1
    assert c.marks_from() == len(state["log"]) - 1
    assert [i for i, _, _ in c.marked_moves()] == [len(state["log"]) - 1]
