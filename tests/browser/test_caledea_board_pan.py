"""Caledea's board in Chromium: the epic board (20 x 10) fits a 360 x 740 phone and pans round
the torus (buttons and a drag) instead of scrolling; a battle's dice told by source; axe-core on
the combat and on the panned epic board, in English and French; a clean console.
"""

from __future__ import annotations

from game_driver import ARTIFACTS, header_entry
from saves_driver import run_axe
from test_caledea_play import (
    HUMAN_TURN,
    WAIT,
    assert_clean,
    at,
    choose_caledea,
    open_fight,
    wait_for_person_or_end,
)

BOARD = "svg.cal-board"


def first_column(page) -> int:
    """The board column drawn first (left): that of the square drawn top left."""
    first = page.locator(f"{BOARD} rect.sq[x='0'][y='0']").get_attribute("data-key")
    return int(first[3:].split(",")[0])


def view(page) -> str:
    return page.locator(BOARD).get_attribute("data-view")


def click_pan(page, name: str) -> None:
    before = view(page)
    page.locator(f"[data-action=pan][data-key=pan-{name}]").click()
    page.wait_for_function(
        "v => document.querySelector('svg.cal-board').getAttribute('data-view') !== v",
        arg=before,
    )


def start_epic(page) -> None:
    choose_caledea(page)
    page.locator("select[data-action=kind][data-seat='1']").select_option("greedy")
    page.locator("input[data-action=epic]").check()
    page.locator("input[data-action=seed]").fill("5")
    page.locator("[data-action=start]").click()
    page.wait_for_selector(f"{HUMAN_TURN}[data-decision=capital]", timeout=WAIT)


def test_the_epic_board_fits_a_phone_and_pans_round(page, page_log):
    page.set_viewport_size({"width": 360, "height": 740})
    start_epic(page)
    board = page.locator(BOARD)
    assert board.get_attribute("data-width") == "20"
    # it fits the width: no scrolling, neither the page nor the board's frame
    box = board.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    frame = page.locator("[data-key=board-wrap]")
    assert frame.evaluate("e => e.scrollWidth <= e.clientWidth")
    assert first_column(page) == 0 and view(page) == "0,0"
    assert page.locator(f"{BOARD} .seam").count() == 0
    # the buttons pan round: left of the first column is the last one
    click_pan(page, "left")
    assert first_column(page) == 19 and view(page) == "19,0"
    assert page.locator(f"{BOARD} .seam").count() == 1  # where the edges meet, dashed
    assert "t1" in page.locator("[data-key=pan-view]").text_content()
    click_pan(page, "right")
    click_pan(page, "right")
    assert first_column(page) == 1
    click_pan(page, "up")
    assert view(page) == "1,9"
    # a drag to the left by about three squares brings three more columns in from the right,
    # and chooses nothing (the click that ends it is swallowed)
    cell = box["width"] / 22
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 1.5 * cell, y, steps=3)
    page.mouse.move(x - 3 * cell, y, steps=3)
    page.mouse.up()
    page.wait_for_function("() => document.querySelector('svg.cal-board').dataset.view === '4,9'")
    assert first_column(page) == 4
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "caledea-epic-panned-360x740.png"))
    assert page.locator(f"{BOARD} rect.pending").count() == 0
    assert page.locator("[data-action=confirm]").is_disabled()
    # a dragged board still chooses the right square: the square under a tap is the one named
    legal = page.locator(f"{BOARD} rect.legal").first
    chosen = legal.get_attribute("data-at")
    legal.click()
    page.wait_for_selector("[data-action=confirm]:not([disabled])")
    assert page.locator(f"{BOARD} rect.pending").get_attribute("data-at") == chosen
    # back to the board as set
    click_pan(page, "home")
    assert first_column(page) == 0 and view(page) == "0,0"
    assert_clean(page_log)


def play_to_a_battle(page) -> None:
    """The fight of test_caledea_play, by clicks, until the dice of a battle are shown."""
    state = open_fight(page)
    page.locator(f"[data-action=square][data-at='{at(state, 'f4')}']").click()
    page.locator(f"[data-action=square][data-at='{at(state, 'e3')}']").click()
    page.locator(f".legal-dest[data-at='{at(state, 'f3')}']").click()
    page.locator("[data-action=confirm]").click()
    for _ in range(20):
        if page.locator(".cal-dice .src-line").count():
            return
        s = wait_for_person_or_end(page)
        if s == "handover":
            page.locator("[data-action=ready]").click()
            continue
        page.locator("button[data-action=choose]").first.click()
    raise AssertionError("no battle's dice shown")


def test_a_battles_dice_by_source_and_axe_on_combat_and_epic_board(page, page_log):
    play_to_a_battle(page)
    lines = page.locator(".cal-dice .src-line")
    assert lines.count() >= 2
    text = page.locator(".cal-dice .dice-sources").first.text_content()
    assert "Attacker's dice:" in text and "Defender's dice:" in text
    dice = page.locator(".cal-dice .src-line").first.locator(".src-die").count()
    assert dice >= 1
    assert run_axe(page) == [], "combat"  # (it lets the dice finish rolling first)
    # every rolled die is drawn whole inside its row of dice (the roll leaves it in place)
    outside = page.evaluate(
        """() => [...document.querySelectorAll('svg.dice')].flatMap(svg => {
            const box = svg.getBoundingClientRect();
            return [...svg.querySelectorAll('.die-face')].map(f => f.getBoundingClientRect())
                .filter(r => r.left < box.left - 1 || r.right > box.right + 1
                             || r.top < box.top - 1 || r.bottom > box.bottom + 1).length
                ? [svg.outerHTML.slice(0, 80)] : [];
        })"""
    )
    assert page.locator("svg.dice .die-face").count() >= 2 and outside == []
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".cal-fight").first.screenshot(path=str(ARTIFACTS / "caledea-dice-sources.png"))
    page.locator("[data-action=lang]").click()
    page.wait_for_selector("html[lang=fr]")
    assert "Dés de l'attaquant" in page.locator("#app").text_content()
    assert run_axe(page) == [], "combat, French"
    page.locator("[data-action=lang]").click()
    page.wait_for_selector("html[lang=en]")
    page.locator("[data-key=menu-new]").click()
    page.wait_for_selector("#app[data-screen=setup]")
    page.set_viewport_size({"width": 360, "height": 740})
    start_epic(page)
    click_pan(page, "left")
    click_pan(page, "down")
    assert run_axe(page) == [], "epic board, panned"
    header_entry(page, "lang").click()  # behind "More" on a phone
    page.wait_for_selector("html[lang=fr]")
    assert run_axe(page) == [], "epic board, panned, French"
    assert_clean(page_log)
