"""Caledea in Chromium: the siege decision (later rulings) through the page. A seeded game of
three random bots reaches a siege (a cavalry and an infantry against an undefended tower); saved
there with people in every seat, the person attacking sees one button per unit with its chance
to break the tower, and the one clicked is the action played."""

from __future__ import annotations

import json

from game_driver import ARTIFACTS
from saves_driver import put, reload, run_axe, saved_items

from pyapp.caledea.protocol import GAME

TABLE = "section[data-screen=table]"
WAIT = 120_000
OPTIONS = {"players": 3, "seed": 5, "edition": 4}  # a game of these cards reaches a siege


def before_the_siege() -> dict:
    """The game of three seeded random bots, up to its first siege decision."""
    bots = [GAME.make_bot("random", f"5/{s}") for s in range(3)]
    state = GAME.new_game(OPTIONS)
    for _ in range(700):
        d = GAME.decision(state)
        if d is None or d["kind"] == "siege":
            break
        p = d["player"]
        GAME.play(state, bots[p].choose(GAME.observation(state, p)), player=p)
    assert GAME.decision(state)["kind"] == "siege", "the seeded game reaches no siege"
    return state


def test_the_attacker_chooses_on_the_page_which_unit_tries_the_tower(page, page_log):
    state = before_the_siege()
    legal = [str(a) for a in GAME.legal_actions(state)]
    assert len(legal) >= 2
    put(page, saved_items((state, ["human"] * 3), current=0, game=GAME))
    reload(page)
    page.wait_for_selector("#app[data-game=caledea][data-screen=handover]", timeout=WAIT)
    page.locator("[data-action=ready]").click()
    page.wait_for_selector(f"{TABLE}[data-decision=siege]", timeout=WAIT)
    buttons = page.locator("button[data-action=choose]")
    assert [buttons.nth(i).get_attribute("data-value") for i in range(buttons.count())] == legal
    labels = buttons.all_text_contents()
    assert all("% to break the tower" in x or "% to break the castle" in x for x in labels)
    assert "with no defender" in page.locator(TABLE).text_content()
    # the choice is in view, nothing wider than the screen, on a laptop and a phone
    assert run_axe(page) == []
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in ((1366, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(f"() => window.innerWidth === {width}")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width
        for i in range(buttons.count()):
            box = buttons.nth(i).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
            assert box["y"] >= 0 and box["y"] + box["height"] <= height, (width, i, box)
        page.screenshot(path=str(ARTIFACTS / f"caledea-siege-{width}x{height}.png"))
    buttons.last.click()
    page.wait_for_function(
        "() => !document.querySelector('section[data-screen=table][data-decision=siege]')"
    )
    record = json.loads(page.evaluate("CalderaGame('record')"))
    assert record["log"][len(state["log"])] == legal[-1]
    assert not page_log.console_errors, page_log.console_errors
    assert not page_log.page_errors, page_log.page_errors
