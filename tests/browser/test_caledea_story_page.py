"""Caledea's story, warnings and gold in Chromium, at 390x844 and 1366x768, in English and
French, through the page only: a capital in danger marked on the board, in a warning and on
its card, where gold comes from, an unaffordable button that says why, a fight whose battles
the log tells with both sides' dice and how the dice decided them, axe-core clean, console
clean, and no text of those parts wider than its box."""

from __future__ import annotations

import re

import pytest
from game_driver import header_entry
from saves_driver import put, reload, run_axe, saved_items
from test_caledea_play import FIGHT_LOG, FIGHT_OPTIONS, at

from pyapp.caledea.protocol import GAME

HUMAN_TURN = "section[data-screen=table][data-human-turn=true]"
WAIT = 120_000
SIZES = {"390x844": (390, 844), "1366x768": (1366, 768)}
WORDS = {
    "en": {
        "danger": "Your capital f4 is in danger",
        "defending": "Defending it: 3 infantry",
        "income": "1 gold: 1 per claimed square (1 of 10 claimed)",
        "needs": "needs 2 gold, 1 left",
        "needs_tower": "needs 3 gold, 1 left",
        "attack": "Xonavia attacks Talaq on f3",
        "how": re.compile(r"on the (highest|second|third) die|had more dice"),
        "against": " against ",
        "ways": "Ways to win",
    },
    "fr": {
        "danger": "Votre capitale f4 est en danger",
        "defending": "La défendent\u00a0: 3 fantassins",
        "income": "1 or\u00a0: 1 par case revendiquée (1 sur 10)",
        "needs": "il faut 2 or, il en reste 1",
        "needs_tower": "il faut 3 or, il en reste 1",
        "attack": "Xonavia attaque Talaq en f3",
        "how": re.compile(r"au dé le plus haut|au (deuxième|troisième) dé|plus de dés"),
        "against": " contre ",
        "ways": "Pour gagner",
    },
}

# no element of these parts wider than its box (no word cut or spilling out)
OVERFLOW = """sel => [...document.querySelectorAll(sel)]
    .filter(e => e.scrollWidth > e.clientWidth + 1)
    .map(e => e.className + ': ' + e.textContent.slice(0, 60))"""


def open_table(page, lang: str) -> dict:
    state = GAME.replay(FIGHT_OPTIONS, FIGHT_LOG)
    put(page, saved_items((state, ["human", "human"]), current=0, game=GAME))
    reload(page)
    page.wait_for_selector("#app[data-game=caledea][data-screen=handover]", timeout=WAIT)
    if lang == "fr":
        header_entry(page, "lang").click()
        page.wait_for_selector("html[lang=fr]")
    page.locator("[data-action=ready]").click()
    page.wait_for_selector(f"{HUMAN_TURN}[data-decision=turn]", timeout=WAIT)
    return state


def renders(page) -> str:
    return page.locator("#app").get_attribute("data-renders")


def click_and_wait(page, locator) -> None:
    before = renders(page)
    locator.click()
    page.wait_for_function(
        "n => document.querySelector('#app').getAttribute('data-renders') !== n", arg=before
    )


def fight_to_its_end(page) -> None:
    """Every choice of the fight (pairing, withdrawal) by click, the first offered, until the
    attacker's turn goes on or the game ends."""
    for _ in range(40):
        page.wait_for_selector(
            f"{HUMAN_TURN}, #app[data-screen=handover], #app[data-screen=end]", timeout=WAIT
        )
        screen = page.locator("#app").get_attribute("data-screen")
        if screen == "end":
            return
        if screen == "handover":
            click_and_wait(page, page.locator("[data-action=ready]"))
            continue
        kind = page.locator("section[data-screen=table]").get_attribute("data-decision")
        if kind == "turn":
            return
        click_and_wait(page, page.locator("button[data-action=choose]").first)
    raise AssertionError("the fight did not end in 40 choices")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", list(SIZES))
def test_story_warnings_and_gold_through_the_page(page, page_log, size, lang):
    words = WORDS[lang]
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
    state = open_table(page, lang)
    # the capital in danger: Talaq's units on f3 are one step from Xonavia's capital f4
    f4 = at(state, "f4")
    assert page.locator(f"rect.sq.warn-next[data-at='{f4}']").count() == 1
    assert page.locator("svg.cal-board .warn-sign.warn-next").count() == 1
    warning = page.locator("[data-key=capital-warning]").text_content()
    assert words["danger"] in warning and words["defending"] in warning, warning
    card = page.locator("[data-key=card-0]")
    assert "threat-next" in card.get_attribute("class")
    # gold: where it comes from, next turn; the ways to win
    assert words["income"] in card.text_content()
    assert words["ways"] in page.locator(".cal-ways").text_content()
    # an unaffordable upgrade and build say why (Xonavia: cavalry 2, tower 3; 1 gold)
    click_and_wait(page, page.locator(f"[data-action=square][data-at='{f4}']"))
    upgrade = page.locator("button[data-action=upgrade]")
    assert upgrade.is_disabled() and words["needs"] in upgrade.text_content()
    build = page.locator("button[data-key=mode-build]")
    assert build.is_disabled() and words["needs_tower"] in build.text_content()
    bad = run_axe(page)
    assert bad == [], bad
    for sel in (".cal-card dd", ".cal-warning", ".cal-actions button", ".cal-ways"):
        assert page.evaluate(OVERFLOW, sel) == [], sel
    # the fight: all of f4 and e3 attack f3; the log tells it with every battle's dice
    e3 = at(state, "e3")
    click_and_wait(page, page.locator(f"[data-action=square][data-at='{e3}']"))
    click_and_wait(page, page.locator(f".legal-dest[data-at='{at(state, 'f3')}']"))
    click_and_wait(page, page.locator("[data-action=confirm]"))
    fight_to_its_end(page)
    if page.locator("#app").get_attribute("data-screen") == "end":  # f3 was Talaq's capital
        page.locator("[data-key=story] summary").click()
        log = page.locator(".cal-story li").all_text_contents()
    else:
        log = page.locator(".cal-log li").all_text_contents()
    told = " ".join(log)
    assert words["attack"] in told, told
    battles = [x for x in log if words["against"] in x and re.search(r"\(\d(, \d)*\)", x)]
    assert battles, log
    assert all(words["how"].search(x) for x in battles), battles
    bad = run_axe(page)
    assert bad == [], bad
    for sel in (".cal-log li", ".cal-story li", ".cal-card dd"):
        assert page.evaluate(OVERFLOW, sel) == [], sel
    assert not page_log.console_errors, page_log.console_errors
    assert not page_log.page_errors, page_log.page_errors
    ours = [m for m in page_log.console if m.startswith("warning") and "pyapp" in m]
    assert not ours, ours


def test_the_dice_of_a_battle_are_explained_in_words(page, page_log):
    """Right after the attack, the fight panel shows each battle's dice and how they decided
    it (a battle is fought at once when the defender has one kind of unit)."""
    state = open_table(page, "en")
    click_and_wait(page, page.locator(f"[data-action=square][data-at='{at(state, 'f4')}']"))
    click_and_wait(page, page.locator(f".legal-dest[data-at='{at(state, 'f3')}']"))
    click_and_wait(page, page.locator("[data-action=confirm]"))
    seen = []
    for _ in range(40):
        seen += page.locator(".cal-fight .cal-how").all_text_contents()
        screen = page.locator("#app").get_attribute("data-screen")
        kind = page.locator("section[data-screen=table]").get_attribute("data-decision")
        if screen == "end" or kind == "turn":
            break
        if screen == "handover":
            click_and_wait(page, page.locator("[data-action=ready]"))
            continue
        page.wait_for_selector(HUMAN_TURN, timeout=WAIT)
        click_and_wait(page, page.locator("button[data-action=choose]").first)
    assert seen and all(
        re.search(r"on the (highest|second|third) die|had more dice|rolled again", x) for x in seen
    ), seen
    assert all(x[0].isupper() and x.endswith(".") for x in seen)
    labels = page.locator(".cal-fight .cal-dice[role=img]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert all("die" in x or "dice" in x for x in labels)
    assert not page_log.console_errors and not page_log.page_errors


def _greedy_game(seed: int) -> dict:
    state = GAME.new_game({"players": 2, "seed": seed})
    bots = [GAME.make_bot("greedy", seed * 10 + i) for i in range(2)]
    while GAME.decision(state) is not None:
        p = GAME.to_move(state)
        GAME.play(state, bots[p].choose(GAME.observation(state, p)))
    return state


@pytest.mark.parametrize(("size", "lang"), [("390x844", "fr"), ("1366x768", "en")])
def test_a_finished_game_reads_as_a_story_of_the_war(page, page_log, size, lang):
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
    state = _greedy_game(4)  # a game of greedy bots with battles, to the capital taken
    battles = [ev for ev in _events(state) if ev["type"] == "battle"]
    put(page, saved_items((state, ["greedy", "greedy"]), current=0, game=GAME))
    reload(page)
    page.wait_for_selector("#app[data-game=caledea][data-screen=end]", timeout=WAIT)
    if lang == "fr":
        header_entry(page, "lang").click()
        page.wait_for_selector("html[lang=fr]")
    page.locator("[data-key=story] summary").click()
    rounds = page.locator(".cal-story-round").count()
    assert rounds >= state["round"] - 1  # the capitals, then (nearly) every round
    lines = page.locator(".cal-story li").all_text_contents()
    told = " ".join(lines)
    for ev in battles:
        a, d = ev["dice"][-1]
        assert f"({', '.join(map(str, a))}) {WORDS[lang]['against'].strip()} " in told
        assert f"({', '.join(map(str, d))})" in told
    assert ("victoire" if lang == "fr" else "victory") in lines[-1]
    bad = run_axe(page)
    assert bad == [], bad
    assert page.evaluate(OVERFLOW, ".cal-story li") == []
    assert not page_log.console_errors and not page_log.page_errors


def _events(state: dict) -> list[dict]:
    """Every event of a game, action by action (a replay through the protocol)."""
    replay = GAME.new_game(state["options"])
    out = []
    for text in GAME.log_texts(state):
        GAME.play(replay, text)
        out += replay["events"]
    return out
