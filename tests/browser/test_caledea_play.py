"""Caledea in Chromium, through the page only: a fight whose pairing the defender chooses by
clicks and the attacker's choice to withdraw or stay after a won battle, a person against
the strong computer player to the end, saving and resuming, French, keyboard, axe-core, a clean
console, and the current decision in view on a laptop and a phone.
"""

from __future__ import annotations

import json
import random

from game_driver import ARTIFACTS
from saves_driver import put, reload, run_axe, saved_items, storage

from pyapp.caledea.protocol import GAME
from pyapp.ui.caledea import model

TABLE = "section[data-screen=table]"
HUMAN_TURN = "section[data-screen=table][data-human-turn=true]"
WAIT = 120_000
# two people, Xonavia (f4) beside Talaq (f3); Xonavia sent one infantry round to e3, so its next
# move can attack f3 from two squares at once (two kinds of attacker: the defender chooses)
FIGHT_OPTIONS = {"players": 2, "seed": 2, "kingdoms": ["Xonavia", "Talaq"], "first": 0}
FIGHT_LOG = ["capital f4", "capital f3", "move e4 1", "end", "end", "move e3 1", "end", "end"]


def choose_caledea(page) -> None:
    page.locator("[data-action=game-choose][data-game=caledea]").click()
    page.wait_for_selector("#app[data-game=caledea] section[data-screen=setup]")


def new_game(page, seats=("human", "greedy"), seed="7") -> None:
    choose_caledea(page)
    for i, kind in enumerate(seats):
        page.locator(f"select[data-action=kind][data-seat='{i}']").select_option(kind)
    page.locator("input[data-action=seed]").fill(seed)
    page.locator("[data-action=start]").click()
    page.wait_for_selector("#app[data-screen=table], #app[data-screen=handover]")


def screen(page) -> str:
    return page.locator("#app").get_attribute("data-screen")


def record(page) -> dict:
    return json.loads(page.evaluate("CalderaGame('record')"))


def wait_for_person_or_end(page) -> str:
    page.wait_for_selector(
        f"{HUMAN_TURN}, #app[data-screen=handover], #app[data-screen=end]", timeout=WAIT
    )
    return screen(page)


def at(state: dict, name: str) -> str:
    x, y = model.at_of(state, name)
    return f"{x},{y}"


def person_step(page, rng: random.Random) -> None:
    """One whole decision of the person to move, by mouse, among what the page offers."""
    if screen(page) == "handover":
        page.locator("[data-action=ready]").click()
        return
    kind = page.locator(TABLE).get_attribute("data-decision")
    before = page.locator("#app").get_attribute("data-renders")
    if kind == "capital":
        squares = page.locator("[data-action=square]")
        squares.nth(rng.randrange(squares.count())).click()
        page.locator("[data-action=confirm]").click()
    elif kind == "turn":
        sources = page.locator(".legal-source")
        if sources.count() == 0 or rng.random() < 0.2:
            page.locator("[data-action=end-turn]").click()
        else:
            sources.nth(rng.randrange(sources.count())).click()
            dests = page.locator(".legal-dest")
            if dests.count() == 0:
                page.locator("[data-action=end-turn]").click()
            else:
                dests.nth(rng.randrange(dests.count())).click()
                page.locator("[data-action=confirm]").click()
    else:
        choices = page.locator("button[data-action=choose]")
        choices.nth(rng.randrange(choices.count())).click()
    page.wait_for_function(
        "n => document.querySelector('#app').getAttribute('data-renders') !== n", arg=before
    )


def open_fight(page) -> dict:
    state = GAME.replay(FIGHT_OPTIONS, FIGHT_LOG)
    put(page, saved_items((state, ["human", "human"]), current=0, game=GAME))
    reload(page)
    page.wait_for_selector("#app[data-game=caledea][data-screen=handover]", timeout=WAIT)
    page.locator("[data-action=ready]").click()
    page.wait_for_selector(f"{HUMAN_TURN}[data-decision=turn]")
    return state


def assert_clean(page_log) -> None:
    assert not page_log.console_errors, page_log.console_errors
    assert not page_log.page_errors, page_log.page_errors


def test_a_fight_is_played_through_the_page(page, page_log):
    state = open_fight(page)
    assert record(page)["log"] == FIGHT_LOG
    # all the units of f4, then the one on e3, then Talaq's capital f3
    page.locator(f"[data-action=square][data-at='{at(state, 'f4')}']").click()
    page.locator(f"[data-action=square][data-at='{at(state, 'e3')}']").click()
    target = page.locator(f".legal-dest[data-at='{at(state, 'f3')}']")
    target.click()
    consequence = page.locator("[data-key=consequence]").text_content()
    assert "4 infantry to f3" in consequence and "Fight against 4 infantry" in consequence
    page.locator("[data-action=confirm]").click()
    assert record(page)["log"][-1] == "move f3 1,2,3,4"
    kinds, dice_seen = [], False
    for _ in range(40):
        s = wait_for_person_or_end(page)
        dice_seen = dice_seen or page.locator("svg.dice .die-face").count() > 0
        if s == "end":
            break
        if s == "handover":
            page.locator("[data-action=ready]").click()
            continue
        kind = page.locator(TABLE).get_attribute("data-decision")
        if kind == "turn":
            break  # the fight is over, the attacker's turn goes on
        kinds.append(kind)
        if kind == "withdraw":
            assert page.locator("button[data-action=choose][data-value=withdraw]").count() == 1
            page.locator("button[data-action=choose][data-value=stay]").click()
        else:
            labels = page.locator("button[data-action=choose]").all_text_contents()
            if kind == "pair" and labels[0].startswith("Your"):
                assert all("dice) against" in x for x in labels)
            page.locator("button[data-action=choose]").first.click()
    assert "pair" in kinds and "withdraw" in kinds  # the dice of seed 2 give both
    assert dice_seen
    log = record(page)["log"]
    assert any(x.startswith("pair ") for x in log[len(FIGHT_LOG) :])
    assert_clean(page_log)


def test_a_person_plays_the_strong_bot_to_the_end_saves_and_resumes(page, page_log):
    new_game(page, seats=("human", "strong"), seed="7")
    page.locator("[data-action=speed]").click()
    rng = random.Random(7)
    resumed = False
    for step in range(400):
        s = wait_for_person_or_end(page)
        if s == "end":
            break
        if step == 3 and not resumed:
            before = record(page)
            reload(page)
            page.wait_for_selector("#app[data-game=caledea]", timeout=WAIT)
            wait_for_person_or_end(page)
            assert record(page) == before
            saved = [v for k, v in storage(page).items() if k.startswith("caldera-park/game/")]
            assert saved and json.loads(saved[0])["summary"]["game"] == "caledea"
            resumed = True
        person_step(page, rng)
    assert screen(page) == "end" and resumed
    assert page.locator("[data-action=rematch]").count() == 1
    text = page.locator("section[data-screen=end]").text_content()
    assert "wins" in text
    # the saved-games list names the game
    page.locator("[data-action=saves]").click()
    page.wait_for_selector("#app section[data-screen=saves]")
    assert "Caledea" in page.locator("section[data-screen=saves]").text_content()
    assert_clean(page_log)


def test_french_and_the_rules_say_the_kingdoms_are_reconstructed(page, page_log):
    choose_caledea(page)
    page.locator("[data-action=lang]").click()
    page.wait_for_selector("html[lang=fr]")
    assert "reconstitués pour cette édition" in page.locator("#app").text_content()
    page.locator("[data-action=start]").click()
    wait_for_person_or_end(page)
    assert (
        "Tour" in page.locator(TABLE).text_content()
        or "Pose des" in page.locator(TABLE).text_content()
    )
    page.locator("[data-action=rules]").click()
    page.wait_for_selector("section[data-screen=rules]")
    rules = page.locator("section[data-screen=rules]").text_content()
    assert "reconstitués" in rules and "Embuscade" in rules
    assert_clean(page_log)


def _fits(page, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(300)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    for sel in ("svg.cal-board", "[data-action=confirm]", "[data-action=undo]", "#prompt"):
        box = page.locator(sel).first.bounding_box()
        assert box is not None, sel
        assert box["y"] >= 0 and box["y"] + min(box["height"], 40) <= height, (sel, box)


def test_keyboard_choices_and_the_decision_fits_a_laptop_and_a_phone(page, page_log):
    state = open_fight(page)
    # keyboard: Enter chooses the focused square, Escape takes the choice back
    f4 = page.locator(f"[data-action=square][data-at='{at(state, 'f4')}']")
    f4.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".legal-dest")
    assert f4.get_attribute("aria-pressed") == "true"
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('.legal-dest')")
    f4.focus()
    page.keyboard.press("Enter")
    dest = page.locator(f".legal-dest[data-at='{at(state, 'f3')}']")
    dest.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-action=confirm]:not([disabled])")
    assert run_axe(page) == []
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in ((1366, 768), (360, 740)):
        _fits(page, width, height)
        page.screenshot(path=str(ARTIFACTS / f"caledea-{width}x{height}.png"))
    assert_clean(page_log)
