"""An end screen that explains: the result said from the person's side, the scoring family of
each species outlined on every park, each flipped token with the weather that flipped it."""

from __future__ import annotations

import random

from uihelpers import play_to_end, render, start

from pyapp.park.components import SPECIES
from pyapp.ui.park.screens import result_for


def _ended(seed="21", seats=("human", "random")):
    c = start(seats=seats, names=("Lin", "Sam", "Kit")[: len(seats)], seed=seed)
    play_to_end(c, random.Random(int(seed)))
    assert c.screen == "end"
    return c


def _title(c):
    nodes, _ = render(c)
    return next(e for n in nodes for e in n.iter() if e.attrs.get("data-key") == "end-title")


def test_the_result_is_said_from_the_persons_side():
    for seed in ("21", "22", "23", "24"):
        c = _ended(seed)
        sheets, winners = c.result["players"], c.result["winners"]
        lin, sam = sheets[0]["total"], sheets[1]["total"]
        title = _title(c).text()
        if winners == [0]:
            assert title.startswith("You beat Sam (computer)")
            assert (f"by {lin - sam} points" in title) if lin != sam else "tie-break" in title
        elif winners == [1]:
            assert title.startswith("You lost to Sam (computer)")
            assert (f"by {sam - lin} points" in title) if lin != sam else "tie-break" in title
        else:
            assert title.startswith("You share the victory with Sam (computer)")


def test_result_wording_with_three_players():
    c = _ended("25", ("human", "random", "random"))
    c.result = {
        "players": [
            {"name": "Lin", "total": 50},
            {"name": "Sam", "total": 141},
            {"name": "Kit", "total": 60},
        ],
        "winners": [1],
        "tiebreak": "total",
    }
    assert result_for(c, 0) == "You lost to Sam (computer) by 91 points."
    c.result["players"][0]["total"] = 150
    c.result["winners"] = [0]
    assert result_for(c, 0) == "You beat Sam (computer) by 9 points!"


def test_end_parks_outline_the_scoring_families_and_name_the_flipping_weather():
    c = _ended("26")
    nodes, _ = render(c)
    parks = [e for n in nodes for e in n.iter() if e.tag == "svg" and "park" in e.classes()]
    assert len(parks) == 2
    assert sum(s["flipped"] for s in c.result["players"]) > 0  # this game has flipped tokens
    for p, svg in enumerate(parks):
        sheet = c.result["players"][p]
        outlined = {
            k[4:]
            for e in svg.iter()
            if "fam" in e.classes()
            for k in e.classes()
            if k.startswith("fam-")
        }
        assert outlined == {s for s in SPECIES if sheet["categories"][s] > 0}
        flipped = svg.find_all(lambda e: "is-flipped" in e.classes())
        assert len(flipped) == sheet["flipped"]
        marks = svg.find_all(lambda e: "near-wx" in e.classes())
        assert len(marks) >= len(flipped)
        for g in flipped:
            assert "driven away by" in g.attrs["aria-label"]
