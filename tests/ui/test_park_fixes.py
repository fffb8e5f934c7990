"""Caldera Park's fixes of issue 23 ("Fixes seen on the way"), drawn in pure Python: one
face-down weather token offered, not a choice between identical ones; the daily park named on
the table and in the saved games' summary, its share text saying "1 day"; the new-game form's
park drawn as the table draws it."""

from __future__ import annotations

import random

from uihelpers import render, start

from pyapp.park.daily import daily_date, daily_options
from pyapp.park.park import load_park
from pyapp.park.protocol import GAME
from pyapp.park.variants import VARIANTS
from pyapp.ui import i18n
from pyapp.ui.park import daily, screens
from pyapp.ui.park.controller import Controller


def _nodes(c):
    nodes, _ = render(c)
    for n in nodes:
        yield from n.iter()


def test_one_face_down_weather_token_is_offered_never_a_choice_between_identical_ones():
    seen = 0
    for seed in range(1, 6):
        c = start(seats=("human", "greedy"), names=("Lin", "Sam"), seed=str(seed))
        rng = random.Random(seed)
        for _ in range(200):
            if c.screen != "table":
                break
            p = c.human_to_move()
            if p is not None and c.decision()["kind"] in ("weather", "reveal"):
                forecast = c.state["G"]["players"][p]["forecast"]
                buttons = [e for e in _nodes(c) if e.attrs.get("data-action") == "slot"]
                offered = {int(e.attrs["data-slot"]) for e in buttons}
                legal = {a.slot for a in c.legal() if getattr(a, "slot", None) is not None}
                down = {i for i in legal if forecast[i] and not forecast[i]["up"]}
                up = legal - down
                assert offered <= legal
                assert up <= offered  # every face-up token is a choice
                assert len(offered & down) == min(1, len(down))  # one face-down at most
                seen += len(down) > 1
            if p is None:
                q = c.bot_to_move()
                c.bot_play(q, c.bot_think(q))
            else:
                c.play(rng.choice(c.legal()))
    assert seen  # decisions with several face-down tokens were met


def test_the_daily_park_is_named_on_the_table_and_in_the_saved_games_summary():
    options = daily_options("2026-11-26", "Lin")
    assert daily_date(options) == "2026-11-26"
    state = GAME.new_game(options)
    assert GAME.save_summary(state)["daily"] == "2026-11-26"
    assert GAME.check_save_summary(GAME.save_summary(state))
    other = GAME.new_game({"variant": "solo", "players": 1, "seed": 5, "names": ["Lin"]})
    assert "daily" not in GAME.save_summary(other)
    c = Controller(seed_source=lambda: 1)
    c.resume(state, ["human"])
    titles = [e for e in _nodes(c) if e.attrs.get("id") == "park-title"]
    assert titles and "2026-11-26" in "".join(x for x in titles[0].children if isinstance(x, str))


def test_the_share_text_counts_one_day_in_the_singular():
    for lang, one, three in (("en", "1 day", "3 days"), ("fr", "1 jour", "3 jours")):
        i18n.set_language(lang)
        try:
            text = daily.share_text("2026-11-26", 120, None, {}, 1, True)
            assert one in text and "1 days" not in text and "1 jours" not in text
            assert three in daily.share_text("2026-11-26", 120, None, {}, 3, True)
        finally:
            i18n.set_language("en")


def test_the_forms_park_is_drawn_as_at_the_table():
    for variant in VARIANTS:
        svg = screens.park_preview(variant)
        groups = [e for e in svg.iter() if e.tag == "g" and "space" in e.attrs.get("class", "")]
        park = load_park(VARIANTS[variant].park)
        assert len(groups) == len(park.spaces)
        for g, s in zip(groups, park.spaces, strict=True):
            cls = g.attrs["class"].split()
            assert s.kind in cls and (s.terrain in cls if s.kind == "landscape" else True)
            # the table's own symbols (art's sprite), not another drawing's colours
            assert any(e.tag == "use" for e in g.iter())
