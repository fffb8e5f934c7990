"""The guided first game on the real controller (CPython): offered on the first visit only, a
fixed deal against the greedy bot, an explanation at each step, skippable."""

from __future__ import annotations

import random

from composed import shell_with
from storage_fakes import FakeStorage

from pyapp.park.game import decision
from pyapp.ui import i18n
from pyapp.ui.park import guide as guide_mod
from pyapp.ui.park import screens
from pyapp.ui.park.controller import Controller
from pyapp.ui.park.features import GuideFeature
from pyapp.ui.park.guide import GUIDE_KEY, Guide, is_guide
from pyapp.ui.park.viewmodel import place_choices


def make(storage=None):
    """The park's table with the guide, the one feature of its shell."""
    storage = FakeStorage() if storage is None else storage
    c, (feature,) = shell_with(
        lambda shell: Controller(shell=shell), lambda tables: GuideFeature(tables, storage)
    )
    return c, feature.guide


def drawn(c):
    nodes, _ = screens.render(c)
    for n in nodes:
        for key in ("guide-tip", "guide-end", "guide-offer"):
            found = n.find(data_key=key)
            if found is not None:
                return found
    return None


def step(c, rng):
    d = decision(c.state)
    p = d["player"]
    if c.is_human(p):
        assert c.play(rng.choice(c.game.legal_actions(c.obs(p), p)))
    else:
        assert c.bot_play(p, c.bots[p].choose(c.obs(p)))


def test_offered_on_the_first_visit_only():
    storage = FakeStorage()
    c, g = make(storage)
    assert drawn(c).attrs["data-key"] == "guide-offer"
    assert c.handle("guide-no", {})
    assert storage.getItem(GUIDE_KEY) == "declined"
    assert drawn(c) is None
    assert not Guide(storage).offered()  # the next visit
    other = FakeStorage(items={"caldera-park/game/abc": "{}"})
    assert not Guide(other).offered()  # someone who already played
    assert Guide(FakeStorage(items={"caldera-park/lang": "fr"})).offered()


def test_the_guided_game_explains_each_step_to_its_end():
    c, g = make()
    assert c.handle("guide-start", {})
    assert is_guide(c.state["options"]) and c.seats == ["human", "greedy"]
    first = list(c.game.observation(c.state, 0)["G"]["players"][0]["display"])
    rng = random.Random(3)
    seen = set()
    while decision(c.state) is not None:
        tip = drawn(c)
        if tip is not None:
            seen.add(tip.attrs["data-tip"])
            assert tip.find(data_action="guide-ok") and tip.find(data_action="guide-skip")
        step(c, rng)
    assert {"setup", "forecast", "marmot", "bot_marmot", "place_after_bot"} <= seen
    end = drawn(c)
    assert end.attrs["data-key"] == "guide-end"
    assert "before scoring" in end.text() and "scoring pad" in end.text()
    # the deal is fixed: a second guided game starts the same
    c2, _ = make()
    c2.handle("guide-start", {})
    assert c2.game.observation(c2.state, 0)["G"]["players"][0]["display"] == first


def test_got_it_and_skip():
    c, g = make()
    c.handle("guide-start", {})
    tip = drawn(c)
    assert tip.attrs["data-tip"] == "setup"
    assert c.handle("guide-ok", {"tip": "setup"})
    assert drawn(c) is None  # that explanation is not shown again
    step(c, random.Random(1))
    while drawn(c) is None and decision(c.state) is not None:
        step(c, random.Random(1))
    assert c.handle("guide-skip", {})
    assert drawn(c) is None
    rng = random.Random(2)
    while decision(c.state) is not None:
        step(c, rng)
        assert drawn(c) is None
    i18n.set_language("fr")
    assert g.tip(c) is None


def test_both_fallbacks_are_explained_when_they_come_up():
    kinds = set()
    for seed in range(60):
        c, g = make()
        c.handle("guide-start", {})
        rng = random.Random(seed)
        while decision(c.state) is not None and len(kinds) < 2:
            d = decision(c.state)
            if d["kind"] == "place" and c.is_human(d["player"]):
                ch = place_choices(c.obs(0), 0)
                tip = g.tip(c)[0]
                if ch.token_fallback:
                    assert tip == "fallback_token"
                    kinds.add(tip)
                elif ch.space_fallback:
                    assert tip == "fallback_space"
                    kinds.add(tip)
                else:
                    assert tip in ("place", "place_after_bot")
            step(c, rng)
        if len(kinds) == 2:
            break
    assert kinds == {"fallback_token", "fallback_space"}


def test_the_guide_texts_exist_in_french():
    from pyapp.ui.strings_stats import EN_STATS, FR_STATS

    assert set(EN_STATS) == set(FR_STATS)
    assert all(
        FR_STATS[k] != EN_STATS[k]
        for k in EN_STATS
        if k.startswith("guide.") and k != "guide.label"
    )
    assert guide_mod.guide_options("Ann")["names"][1] == "Greedy bot"


def held(c):
    nodes, _ = screens.render(c)
    for n in nodes:
        found = n.find(data_key="guide-held")
        if found is not None:
            return found
    return None


def note(room):
    return room.find(lambda e: "guide-note" in e.classes())


def table_classes(c) -> str:
    nodes, _ = screens.render(c)
    for n in nodes:
        table = n.find(data_screen="table")
        if table is not None:
            return table.attrs["class"]
    raise AssertionError("no table")


def test_a_tip_put_away_keeps_its_room_until_the_decision_is_taken():
    c, g = make()
    c.handle("guide-start", {})
    assert "tipped" in table_classes(c).split()
    ok = drawn(c).find(data_action="guide-ok").attrs
    assert ok["aria-describedby"] == "guide-text"  # the button is described by the tip
    c.focus = None
    assert c.handle("guide-ok", {"tip": "setup"})
    room = held(c)
    # the same text and buttons, invisible (disabled, no action), under a note
    assert room is not None and room.attrs["data-tip"] == "setup"
    assert "weather token" in room.text()
    assert "will not come back" in note(room).text()
    assert room.find(data_action="guide-ok") is None
    assert "tipped" in table_classes(c).split()  # the park keeps its size
    assert c.focus == "slot-first"  # the keyboard goes on with the decision's pieces
    step(c, random.Random(1))
    while decision(c.state) is not None and not c.is_human(decision(c.state)["player"]):
        step(c, random.Random(1))
    assert held(c) is None and drawn(c).attrs["data-tip"] == "forecast"
    # "Skip the guide": the same, then nothing more, and the park has its whole room again
    assert c.handle("guide-skip", {})
    assert "Guide skipped" in note(held(c)).text()
    step(c, random.Random(1))
    while decision(c.state) is not None and not c.is_human(decision(c.state)["player"]):
        step(c, random.Random(1))
    assert held(c) is None and drawn(c) is None
    assert "tipped" not in table_classes(c).split()


def test_every_tip_is_short_enough_for_a_phone():
    """Three lines of a 360 px phone (measured in Chromium, tests/browser/test_guide_fit.py)."""
    from pyapp.ui.strings_stats import EN_STATS, FR_STATS

    tips = ("setup", "forecast", "marmot", "bot_marmot", "bot_chose", "place")
    tips += ("fallback_token", "fallback_space")
    for strings in (EN_STATS, FR_STATS):
        for tip in tips:
            text = strings[f"guide.{tip}"].format(name="Robot glouton")
            assert len(text) <= 135, (tip, len(text))
