"""Consequences before choosing, as drawn: with a token chosen every legal space carries the
score change of placing it there (equal to the engine's), the chosen space outlines the family
the token would join, and "show families" outlines the best family of each species."""

from __future__ import annotations

import random

from uihelpers import click, human_step, offered, render, run_bots, start

from pyapp.park.actions import Place
from pyapp.park.components import TOKENS
from pyapp.park.game import copy_state, play, score_player
from pyapp.ui.park.screens import signed


def _place_decision(seed="5"):
    c = start(seats=("human", "random"), seed=seed)
    rng = random.Random(2)
    for _ in range(200):
        run_bots(c)
        if c.decision()["kind"] == "place" and c.state["ctx"]["round"] >= 2:
            return c
        human_step(c, rng)
    raise AssertionError("no placement came")


def _park_svg(c):
    nodes, _ = render(c)
    return next(e for n in nodes for e in n.iter() if "park" in e.classes() and e.tag == "svg")


def test_badges_equal_the_engines_score_difference():
    c = _place_decision()
    assert not _park_svg(c).find_all(lambda e: "pv" in e.classes())  # no token chosen yet
    p = c.human_to_move()
    before = score_player(c.state, p)["total"]
    checked = 0
    for token in offered(c, "token"):
        click(c, token)
        tid = c.turn.token
        spaces = offered(c, "space")
        assert spaces
        for g in spaces:
            badge = g.find(lambda e: "pv" in e.classes())
            assert badge is not None, g.attrs
            q, r = map(int, g.attrs["data-at"].split(","))
            after = copy_state(c.state)
            play(after, Place(TOKENS[tid].name, (q, r)))
            delta = score_player(after, p)["total"] - before
            assert badge.text() == signed(delta)
            assert f"{signed(delta)} points" in g.attrs["aria-label"]
            checked += 1
        c.handle("undo", {})
    assert checked >= 10


def test_the_chosen_space_outlines_the_family_it_would_join():
    c = _place_decision()
    click(c, offered(c, "token")[0])
    click(c, offered(c, "space")[0])
    assert c.turn.pending is not None
    join = _park_svg(c).find(lambda e: "fam-join" in e.classes())
    assert join is not None and len(join.find_all(lambda e: e.tag == "polygon")) >= 1


def test_show_families_outlines_the_best_families():
    c = _place_decision()
    assert _park_svg(c).find(lambda e: "families" in e.classes()) is None
    toggle = offered(c, "families")[0]
    assert toggle.attrs["aria-pressed"] == "false"
    click(c, toggle)
    layer = _park_svg(c).find(lambda e: "families" in e.classes())
    assert layer is not None
    p = c.shown_player()
    cats = score_player(c.state, p)["categories"]
    outlined = {
        next(k for k in e.classes() if k.startswith("fam-"))[4:]
        for e in layer.find_all(lambda e: "fam" in e.classes())
    }
    assert outlined == {s for s in ("eagle", "elk", "goat", "bear", "bison", "wolf") if cats[s]}
    assert offered(c, "families")[0].attrs["aria-pressed"] == "true"
    click(c, offered(c, "families")[0])
    assert _park_svg(c).find(lambda e: "families" in e.classes()) is None
