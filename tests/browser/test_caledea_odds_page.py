"""The odds of a Caledea fight in Chromium, at 390x844 (phone) and 1366x768 (laptop), in English
and French: before Confirm of an attack, the chance to take the square and every battle's
chances are shown, equal to ``pyapp.caledea.odds`` computed here, in view with the Confirm
button, nothing wider than the screen; then the defender's pairing choices carry theirs. Also
axe-core and a clean console."""

from __future__ import annotations

import pytest
from game_driver import ARTIFACTS, HUMAN_TURN, header_entry
from saves_driver import run_axe
from test_caledea_play import FIGHT_OPTIONS, at, open_fight, record

from pyapp.caledea import odds
from pyapp.caledea.protocol import GAME
from pyapp.ui import i18n
from pyapp.ui.caledea.odds_view import percent
from pyapp.ui.caledea.strings import install

install()  # the table's texts, to write the figures as the page does

WAIT = 120_000
SIZES = [(390, 844), (1366, 768)]


@pytest.fixture(autouse=True)
def language_back():
    yield
    i18n.set_language("en")


def in_view(page, selector: str, width: int, height: int) -> dict:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (selector, box)
    assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, (selector, box)
    return box


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_fights_odds_are_shown_before_confirm_and_at_the_defenders_choice(
    page, page_log, size, lang
):
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    i18n.set_language(lang)
    if lang == "fr":
        header_entry(page, "lang").click()
        page.wait_for_selector("html[lang=fr]")
    state = open_fight(page)
    if lang == "fr":
        page.wait_for_selector("html[lang=fr]")

    # Xonavia chooses its units of f4 and e3 and Talaq's capital f3, where 4 infantry stand
    page.locator(f"[data-action=square][data-at='{at(state, 'f4')}']").click()
    page.locator(f"[data-action=square][data-at='{at(state, 'e3')}']").click()
    page.locator(f".legal-dest[data-at='{at(state, 'f3')}']").click()
    page.wait_for_selector("[data-key=odds]")
    want = odds.attack(state, "f3", [1, 2, 3, 4])
    assert want["kind"] == "combat" and 0 < want["take"] < 1
    head = page.locator("[data-key=odds] strong")
    assert head.get_attribute("data-take") == repr(want["take"])
    words = "Chance to take f3" if lang == "en" else "Chances de prendre f3"
    text = head.text_content()
    assert text.startswith(words) and text.endswith(percent(want["take"])), text
    if lang == "fr":
        assert "\u202f%" in text
    cells = page.locator("[data-key=odds-battles] td")
    assert cells.count() == len(want["battles"])
    for i, b in enumerate(want["battles"]):
        assert cells.nth(i).get_attribute("data-win") == repr(b["win"])
        assert cells.nth(i).text_content() == f"{percent(b['win'])} / {percent(1 - b['win'])}"

    # readable where it is: the odds and Confirm in view, nothing wider than the screen, no
    # cell's text running out of its cell
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    in_view(page, "[data-key=odds] strong", width, height)
    in_view(page, "[data-key=odds-battles] table", width, height)  # one row: before Confirm
    in_view(page, "[data-action=confirm]", width, height)
    overflow = page.evaluate(
        """() => [...document.querySelectorAll('.cal-odds th, .cal-odds td, .cal-odds p,'
                   + ' .cal-odds caption')]
            .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"""
    )
    assert overflow == []
    assert run_axe(page) == []
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"caledea-odds-{width}x{height}-{lang}.png"))

    # Confirm; Talaq (the defender) chooses the pairing, each choice with its chances
    page.locator("[data-action=confirm]").click()
    page.wait_for_selector("#app[data-screen=handover]", timeout=WAIT)
    page.locator("[data-action=ready]").click()
    page.wait_for_selector(f"{HUMAN_TURN}[data-decision=pair]", timeout=WAIT)
    now = GAME.replay(FIGHT_OPTIONS, record(page)["log"])
    got = odds.combat(now)
    assert got["stage"] == "pair"
    page.wait_for_selector("button[data-action=choose] .choice-odds")
    buttons = page.locator("button[data-action=choose]")
    shown = {}
    for i in range(buttons.count()):
        b = buttons.nth(i)
        shown[b.get_attribute("data-value")] = b.locator(".choice-odds").text_content()
    assert shown
    pairs = {f"pair {o['defender']} {o['attacker']}": o for o in got["options"]}
    attackers = {o["attacker"]: o for o in got["options"]}
    for value, text in shown.items():
        o = pairs.get(value) or attackers[int(value.split()[2])]
        win, hold = percent(1 - o["win"]), percent(1 - o["take"])
        if lang == "en":
            assert text == f"You win {win}, hold the square {hold}"
        else:
            assert text == f"Vous gagnez {win}, tenez la case {hold}"
    in_view(page, "button[data-action=choose] .choice-odds", width, height)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    assert run_axe(page) == []
    page.screenshot(path=str(ARTIFACTS / f"caledea-odds-pair-{width}x{height}-{lang}.png"))
    assert not page_log.console_errors, page_log.console_errors
    assert not page_log.page_errors, page_log.page_errors
