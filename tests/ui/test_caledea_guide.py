"""Caledea's guided first game (``pyapp/ui/caledea/guide.py``), on CPython through the composed
app as the page drives it: offered on Caledea's new-game screen, played to its end by tapping
only what each tip names (the greedy bot answering as in the browser), which wins; every
lesson of the issue comes up on the way (a claim and where gold comes from, what gold buys, a
fight with its odds, the ways to win); a person who plays another move gets a tip from the new
position."""

from __future__ import annotations

import re

import pytest
from storage_fakes import FakeStorage
from uihelpers import bots_move, click

from pyapp.caledea import engine
from pyapp.caledea.bots import odds
from pyapp.ui import i18n
from pyapp.ui.caledea import guide, guideplan
from pyapp.ui.caledea import screens as cal_screens
from pyapp.ui.composition import compose

MAX_TAPS = 400


def drawing(table):
    nodes, _ = cal_screens.render(table)
    return nodes


def find(nodes, pred):
    return [e for n in nodes for e in n.iter() if pred(e)]


def tip_of(nodes):
    tips = find(nodes, lambda e: e.attrs.get("data-key") == "cal-guide-tip")
    return tips[0] if tips else None


def tip_text(nodes) -> str:
    """The tip's words: what to tap, then the lesson."""
    do = find(nodes, lambda e: e.attrs.get("data-key") == "cal-guide-do")
    return " ".join(text_of(e) for e in [*do, tip_of(nodes)])


def text_of(e) -> str:
    return " ".join(c if isinstance(c, str) else text_of(c) for c in e.children if c)


def matches(e, selector: str) -> bool:
    """The tip's targets are one attribute selector: ``[data-key="..."]`` or ``[data-value=..]``."""
    m = re.fullmatch(r'\[data-(key|value)="([^"]*)"\]', selector)
    assert m, selector
    return e.attrs.get(f"data-{m.group(1)}") == m.group(2)


def targets(nodes, selector: str) -> list:
    """The enabled elements acting on input that the tip's ``selector`` names."""
    return find(
        nodes,
        lambda e: matches(e, selector) and e.attrs.get("data-action") and "disabled" not in e.attrs,
    )


tap = click  # a tip names the element to tap: tapped as a person would


def start_guide(lang="en"):
    i18n.set_language(lang)
    box = compose(FakeStorage())
    box.handle("game-choose", {"game": "caledea"})
    table = box.table
    offers = find(drawing(table), lambda e: e.attrs.get("data-action") == "cal-guide-start")
    assert len(offers) == 1
    tap(table, offers[0])
    assert guide.is_guide(table.state["options"])
    return box, table


def follow_tips(table, seen: list, texts: list) -> None:
    for _ in range(MAX_TAPS):
        bots_move(table)
        if table.screen == "end":
            return
        nodes = drawing(table)
        tip = tip_of(nodes)
        assert tip is not None, "no tip while the person decides"
        texts.append(tip_text(nodes))
        topic = tip.attrs["data-tip"]
        if not seen or seen[-1] != topic:
            seen.append(topic)
        target = tip.attrs["data-target"]
        hits = targets(nodes, target)
        assert hits, f"the tip's target {target} is not on the table ({topic})"
        tap(table, hits[0])
    raise AssertionError("the guided game did not end")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_guided_game_followed_tip_by_tip_is_won(lang):
    try:
        box, table = start_guide(lang)
        seen, texts = [], []
        follow_tips(table, seen, texts)
        result = table.state["result"]
        assert result["winners"] == [guide.PERSON] and result["how"] == "capital"
        assert result["round"] <= 12
        # the lessons, in the order a newcomer meets them
        order = [seen.index(x) for x in ("capital", "march", "claim", "upgrade", "fight")]
        assert order == sorted(order)
        assert "attack_capital" in seen
        # the end: who won and the ways to win
        ends = find(drawing(table), lambda e: e.attrs.get("data-key") == "cal-guide-end")
        assert len(ends) == 1
        end = text_of(ends[0])
        if lang == "en":
            assert "You won" in end and "five castles" in end and "round 100" in end
            assert any("Gold comes from claimed squares" in x for x in texts)
            assert any("Gold buys a cavalry" in x for x in texts)
        else:
            assert "Vous avez gagné" in end and "cinq châteaux" in end
            assert any("vient des cases revendiquées" in x for x in texts)
        assert not any("{" in x for x in texts)
    finally:
        i18n.set_language("en")


def test_the_fight_tip_states_the_exact_odds():
    """The fight's tip says the chance to take the square and to win the first battle, as
    ``odds.combat`` and ``odds.battle`` compute them from the dice the engine would roll."""
    box, table = start_guide()
    for _ in range(MAX_TAPS):
        bots_move(table)
        step = guideplan.plan(table.state, guide.PERSON)
        if step is not None and step.topic == "fight":
            break
        tip = tip_of(drawing(table))
        hits = targets(drawing(table), tip.attrs["data-target"])
        tap(table, hits[0])
    else:
        raise AssertionError("no fight")
    st = table.state
    units = [engine.unit_by_id(st, i) for i in step.action.units]
    b = engine.board_of(st)
    mine = engine.kingdom_of(st, 0)["pair"]
    theirs = engine.kingdom_of(st, 1)["pair"]
    att = sorted((u["rank"] + b.land_bonus(step.dest, mine) for u in units), reverse=True)
    dfn = sorted(
        (u["rank"] + b.land_bonus(step.dest, theirs) for u in engine.units_at(st, step.dest)),
        reverse=True,
    )
    take = odds.combat(tuple(att), tuple(dfn))[0]
    first = odds.battle(att[0], dfn[0])
    text = tip_text(drawing(table))
    assert f"take the square: {round(100 * take)}%" in text
    assert f"first battle: {round(100 * first)}%" in text
    assert 0 < take < 1


def test_another_move_gets_a_tip_from_the_new_position():
    box, table = start_guide()
    tip = tip_of(drawing(table))
    tap(table, find(drawing(table), lambda e: matches(e, tip.attrs["data-target"]))[0])
    tap(table, find(drawing(table), lambda e: e.attrs.get("data-key") == "confirm")[0])
    bots_move(table)
    # the person ends the turn at once instead of the guide's march
    assert tip_of(drawing(table)).attrs["data-tip"] == "march"
    table.handle("end-turn", {})
    bots_move(table)
    tip = tip_of(drawing(table))
    assert tip is not None
    text = tip_text(drawing(table))
    assert "another move than the guide" in text
    assert tip.attrs.get("data-target")  # still one thing to tap


def test_stop_the_guide_and_other_games_have_no_tip():
    box, table = start_guide()
    assert tip_of(drawing(table)) is not None
    stop = find(drawing(table), lambda e: e.attrs.get("data-action") == "cal-guide-stop")
    tap(table, stop[0])
    assert tip_of(drawing(table)) is None
    # an ordinary game of Caledea: no tip
    box2 = compose(FakeStorage())
    box2.handle("game-choose", {"game": "caledea"})
    t2 = box2.table
    t2.handle("start", {})
    if t2.state is not None:
        assert tip_of(drawing(t2)) is None


def test_the_guide_texts_in_english_and_french():
    from pyapp.ui.caledea.guide_strings import EN, FR

    assert set(EN) == set(FR)
    for k in EN:
        assert sorted(re.findall(r"{\w+}", EN[k])) == sorted(re.findall(r"{\w+}", FR[k])), k
    for k in FR:  # typeset as the shell's French (no space before a colon...)
        v = i18n.CATALOGUES["fr"][k]
        assert " :" not in v and " ;" not in v and " ?" not in v, k
