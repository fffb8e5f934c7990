"""Caldera's guided first game (``pyapp/ui/pyramids/guide.py``), on CPython through the composed
app as the page drives it: offered on Caldera's new-game screen, played to its end by tapping
only what each tip names (the greedy bot answering as in the browser); every action is legal
with the engine (the table plays it through the checked ``play``; the record replays), and each
lesson comes: quiet moves, an eruption shown before it is made, a capture, the Power Play, and
the trios that win; the end says what to do next. A person who plays another move gets a tip
from the new position."""

from __future__ import annotations

import re

import pytest
from storage_fakes import FakeStorage
from uihelpers import bots_move, click

from pyapp.pyramids import game
from pyapp.pyramids.protocol import GAME
from pyapp.ui import i18n
from pyapp.ui.composition import compose
from pyapp.ui.pyramids import guide
from pyapp.ui.pyramids import screens as pyr_screens

MAX_TAPS = 300


def drawing(table):
    nodes, _ = pyr_screens.render(table)
    return nodes


def find(nodes, pred):
    return [e for n in nodes for e in n.iter() if pred(e)]


def by_key(nodes, key):
    return find(nodes, lambda e: e.attrs.get("data-key") == key)


def text_of(e) -> str:
    return " ".join(c if isinstance(c, str) else text_of(c) for c in e.children if c)


def tip_text(nodes) -> str:
    return " ".join(
        text_of(e) for e in [*by_key(nodes, "pyr-guide-do"), *by_key(nodes, "pyr-guide-tip")]
    )


def targets(nodes, selector: str) -> list:
    m = re.fullmatch(r'\[data-key="([^"]*)"\]', selector)
    assert m, selector
    return find(
        nodes,
        lambda e: (
            e.attrs.get("data-key") == m.group(1)
            and e.attrs.get("data-action")
            and not e.attrs.get("disabled")
        ),
    )


tap = click  # a tip names the element to tap: tapped as a person would


def start_guide(lang="en"):
    i18n.set_language(lang)
    box = compose(FakeStorage())
    box.handle("game-choose", {"game": "pyramids"})
    table = box.table
    offers = find(drawing(table), lambda e: e.attrs.get("data-action") == "pyr-guide-start")
    assert len(offers) == 1
    tap(table, offers[0])
    assert guide.is_guide(table.state["options"])
    assert table.state["options"]["rules"] == game.RULES
    return box, table


def follow_tips(table):
    """Tap what each tip names until the end; returns the topics in order (with the preview
    seen before each eruption) and every tip's words."""
    seen, texts, previews = [], [], 0
    for _ in range(MAX_TAPS):
        if table.bot_to_move() is not None:  # while the bot thinks, the tip says so
            tips = by_key(drawing(table), "pyr-guide-tip")
            assert [x.attrs["data-tip"] for x in tips] == ["bot"]
            assert "data-target" not in tips[0].attrs
            seen.append("bot")
        bots_move(table)
        if table.screen == "end":
            return seen, texts, previews
        nodes = drawing(table)
        tips = by_key(nodes, "pyr-guide-tip")
        assert len(tips) == 1, "no tip while the person decides"
        texts.append(tip_text(nodes))
        topic = tips[0].attrs["data-tip"]
        target = tips[0].attrs["data-target"]
        if target == '[data-key="confirm"]':
            # the preview is on the board and in words before the eruption is made, and it is
            # the engine's own preview of the pending move
            pending = table.choice.pending
            assert pending is not None and game.preview(table.state, pending)["erupts"]
            assert text_of(by_key(nodes, "preview")[0])
            previews += 1
        seen.append(topic)
        hits = targets(nodes, target)
        assert hits, f"the tip's target {target} is not on the table ({topic})"
        log_before = len(table.state["log"])
        tap(table, hits[0])
        assert table.notice is None or len(table.state["log"]) >= log_before
    raise AssertionError("the guided game did not end")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_guided_game_followed_tip_by_tip_teaches_every_lesson_and_is_won(lang):
    try:
        box, table = start_guide(lang)
        seen, texts, previews = follow_tips(table)
        state = table.state
        result = GAME.result(state)
        assert result["winners"] == [guide.PERSON] and result["reason"] == "trios"
        assert result["scores"][guide.PERSON] >= 3
        # every action was legal: the record replays with the engine, to the same state
        again = GAME.from_record(GAME.to_record(state))
        assert GAME.to_json(again) == GAME.to_json(state)
        mine = [text for who, text in state["log"] if who == guide.PERSON]
        replay = GAME.new_game(state["options"])
        kinds = []
        for who, text in state["log"]:
            action = GAME.parse_action(text)
            if who == guide.PERSON:
                kinds.append(guide.topic_of(replay, action))
                if kinds[-1] == "erupt":
                    pv = game.preview(replay, action)
                    kinds.append("capture" if any(f["captured"] for f in pv["flow"]) else "")
            assert GAME.why_illegal(replay, action) is None
            GAME.apply(replay, action)
        # the lessons: quiet moves, eruptions (each previewed), a capture, the Power Play
        for lesson in ("quiet", "erupt", "capture", "power"):
            assert lesson in kinds, lesson
        assert kinds.index("quiet") < kinds.index("erupt") < kinds.index("power")
        assert previews == kinds.count("erupt") >= 1
        assert {"quiet", "erupt", "power", "bot"} <= set(seen)
        assert len(mine) <= 40
        # the end: the win and what to do next
        ends = by_key(drawing(table), "pyr-guide-end")
        assert len(ends) == 1
        end = text_of(ends[0])
        words = " ".join(texts)
        if lang == "en":
            assert "You won with three trios" in end and "What next" in end
            assert "quiet move" in words and "Power Play" in words
            assert "is captured" in words and "trios" in words and "preview" in words
        else:
            assert "Vous avez gagné avec trois trios" in end and "Et maintenant" in end
            assert "coup calme" in words and "coup de force" in words
            assert "capturée" in words and "aperçu" in words
        assert not any("{" in x for x in texts)
    finally:
        i18n.set_language("en")


def test_another_move_gets_a_tip_from_the_new_position():
    box, table = start_guide()
    nodes = drawing(table)
    tip = by_key(nodes, "pyr-guide-tip")[0]
    proposed = guide.Planner().suggest(table.state)
    # play another legal first move than the proposed one
    other = next(a for a in GAME.legal_actions(table.state) if a.kind == "move" and a != proposed)
    table.play(other)
    bots_move(table)
    nodes = drawing(table)
    tip = by_key(nodes, "pyr-guide-tip")
    assert len(tip) == 1 and tip[0].attrs.get("data-target")
    assert "another move than the guide" in tip_text(nodes)
    assert targets(nodes, tip[0].attrs["data-target"])


def test_stop_the_guide_and_other_games_have_no_tip():
    box, table = start_guide()
    assert by_key(drawing(table), "pyr-guide-tip")
    stop = by_key(drawing(table), "pyr-guide-stop")
    tap(table, stop[0])
    assert not by_key(drawing(table), "pyr-guide-tip")
    box2 = compose(FakeStorage())
    box2.handle("game-choose", {"game": "pyramids"})
    t2 = box2.table
    t2.handle("start", {})
    assert t2.state is not None and not guide.is_guide(t2.state["options"])
    assert not by_key(drawing(t2), "pyr-guide-tip")
