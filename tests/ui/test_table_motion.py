"""Motion as drawn: the chosen token and weather token travel from where they were chosen
(their source is drawn), a computer player's newest placement arrives where it happens, the
end flips tokens one after the other."""

from __future__ import annotations

import random

from test_table_previews import _park_svg, _place_decision
from uihelpers import click, human_step, offered, render, run_bots, start


def _keys(c):
    nodes, _ = render(c)
    return {e.attrs.get("data-key") for n in nodes for e in n.iter()}


def test_the_chosen_token_travels_from_its_display_button():
    c = _place_decision()
    click(c, offered(c, "token")[0])
    click(c, offered(c, "space")[0])
    flies = _park_svg(c).find_all(lambda e: "fly" in e.classes())
    assert len(flies) == 1
    source = flies[0].attrs["data-fly-from"]
    assert source == f"token-{c.turn.token}" and source in _keys(c)


def test_a_weather_token_travels_from_its_slot():
    c = start(seats=("human", "random"), seed="5")
    assert c.decision()["kind"] == "weather"
    click(c, offered(c, "slot")[0])
    if c.turn.pending is None:
        click(c, offered(c, "space")[0])
    flies = _park_svg(c).find_all(lambda e: "fly" in e.classes())
    assert len(flies) == 1 and flies[0].attrs["data-fly-from"] in _keys(c)


def test_a_computer_players_newest_placement_arrives_where_it_happens():
    c = start(seats=("human", "random"), seed="5")
    rng = random.Random(5)
    for _ in range(100):  # until the newest move is the computer's placement
        run_bots(c)
        who, text = c.state["log"][-1] if c.state["log"] else (None, "")
        if who == 1 and text.startswith("place") and c.human_to_move() == 0:
            break
        human_step(c, rng)
    assert who == 1 and text.startswith("place")
    c.handle("view", {"player": "1"})
    arrive = _park_svg(c).find_all(lambda e: "arrive" in e.classes())
    assert len(arrive) == 1
    at = c.park_of_state().at(c.state["G"]["players"][1]["last"])
    space = _park_svg(c).find(data_key=f"sp-{at[0]},{at[1]}")
    assert space.find(lambda e: "arrive" in e.classes()) is not None  # where it happened
    # the thumbnail rings it too
    rings = [e for n in render(c)[0] for e in n.iter() if "arrive-ring" in e.classes()]
    assert len(rings) == 1
    # the person's own park (their own moves do not arrive: they travelled when chosen)
    c.handle("view", {"player": "0"})
    assert _park_svg(c).find_all(lambda e: "arrive" in e.classes()) == []


def test_the_bot_runner_records_each_decisions_wall_time():
    from uihelpers import FakeTime

    c = start(seats=("random", "random"), seed="3")
    fake = FakeTime()
    runner = run_bots(c, fake)
    assert c.screen == "end"
    assert len(runner.decisions_ms) == runner.steps > 40
    # thinking time only: the pace waited after each decision is not in it
    assert all(0 <= ms < c.pace_ms() for ms in runner.decisions_ms)
