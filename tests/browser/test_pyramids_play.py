"""Caldera (Looney Pyramids) in the browser: a person plays a computer player to the end screen
by clicking (the eruption preview shown before each confirmed eruption, and the move then made
as previewed); the game saves, survives a reload mid-turn and shows in the saved-games list
under its title; French screens; the table fits a phone and a laptop without scrolling; the
console stays clean throughout."""

from __future__ import annotations

import json
import random

from game_driver import fill_seats_and_start, header_entry
from saves_driver import open_saves, run_axe
from sitetest import reload

HUMAN_TURN = "#app[data-game=pyramids] section[data-screen=table][data-human-turn=true]"
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 360, "height": 740}


def new_pyramids_game(page, seats=("human", "greedy"), seed="11", names=None):
    page.locator("[data-action=game-choose][data-game=pyramids]").click()
    page.wait_for_selector("#app[data-game=pyramids][data-screen=setup]")
    fill_seats_and_start(page, seats, names, seed)
    assert page.locator("#app").get_attribute("data-game") == "pyramids"


def wait_for_human_or_end(page, timeout=120_000) -> str:
    page.wait_for_selector(
        f"{HUMAN_TURN}, #app[data-screen=end], #app[data-screen=handover]", timeout=timeout
    )
    return page.locator("#app").get_attribute("data-screen")


def record(page) -> dict:
    return json.loads(page.evaluate("CalderaGame('record')"))


def fits(page) -> bool:
    """No scrolling either way: the page is no taller and no wider than the window."""
    return page.evaluate(
        """() => { const d = document.documentElement;
                   return d.scrollHeight <= window.innerHeight
                       && d.scrollWidth <= d.clientWidth; }"""
    )


def decision_in_view(page) -> bool:
    """What the current decision needs is in the window without scrolling: the prompt, the
    board, the turn's buttons and the collection of the player to move (the log and the other
    features may lie below); and nothing scrolls sideways."""
    return page.evaluate(
        """() => {
            const d = document.documentElement;
            if (d.scrollWidth > d.clientWidth || window.scrollY !== 0) return false;
            const sel = ['#prompt', 'svg.pyr-board', '.pyr-actions', '.pyr-players .to-move'];
            return sel.every(s => { const e = document.querySelector(s);
                if (!e) return false;
                const r = e.getBoundingClientRect();
                return r.top >= 0 && r.bottom <= window.innerHeight && r.right <= d.clientWidth; });
        }"""
    )


def board_square(page, cls: str):
    return page.locator(f"svg.pyr-board g.{cls}[data-action=sq]")


def play_turn(page, rng: random.Random, words: str = "Eruption from") -> None:
    """One whole turn of the person to move, by mouse: caps until an eruption is confirmed
    (checking that the preview is on the board and in words before confirming)."""
    for _ in range(60):
        if page.locator("[data-action=pass]").count():
            page.locator("[data-action=pass]").click()
            return
        if page.locator("svg.pyr-board g.chosen").count() == 0:
            caps = board_square(page, "can-choose")
            caps.nth(rng.randrange(caps.count())).click()
        erupting = board_square(page, "dest.erupt")
        if erupting.count():
            erupting.nth(rng.randrange(erupting.count())).click()
            preview = page.locator("[data-key=preview]").text_content()
            assert preview.startswith(words), preview
            ghosts = page.locator("svg.pyr-board g.ghost-piece")
            assert ghosts.count() >= 1
            landing = set(ghosts.evaluate_all("gs => gs.map(g => g.dataset.to)"))
            origin = page.locator("svg.pyr-board g.chosen").get_attribute("data-at")
            before = len(record(page)["log"])
            page.locator("[data-action=confirm]").click()
            # the eruption made is the one previewed: its origin and landing squares, read
            # before the log, so that a bot's move after it (bots may be fast) is told apart
            last = page.locator("svg.pyr-board g.sq.last")
            made = set(last.evaluate_all("gs => gs.map(g => g.dataset.sq)"))
            log = record(page)["log"]
            sq = int(origin)
            assert log[before].startswith(f"{'abcde'[sq % 5]}{sq // 5 + 1}-"), (log, origin)
            if len(log) == before + 1 and made:  # not handed over, no bot move yet
                assert made == landing | {origin}
            return
        quiet = board_square(page, "dest.quiet")
        if quiet.count():
            quiet.nth(rng.randrange(quiet.count())).click()
        else:
            page.keyboard.press("Escape")
    raise AssertionError("no eruption found in 60 tries")


def test_a_person_plays_a_bot_to_the_end_by_clicking(browser, site_url):
    from sitetest import PageLog, open_app

    context = browser.new_context(viewport=LAPTOP)
    log = PageLog()
    log.watch_context(context)
    try:
        page = open_app(context, site_url, log)
        new_pyramids_game(page, seats=("human", "strong"), names=["Ada", "Bot"])
        assert page.locator(".app-name").text_content() == "Caldera"
        page.locator("[data-action=speed]").click()
        rng = random.Random(4)
        turns = 0
        checked_fit = False
        while wait_for_human_or_end(page) != "end":
            if not checked_fit:
                assert fits(page) and decision_in_view(page), "the laptop table scrolls"
                assert run_axe(page) == []
                checked_fit = True
            play_turn(page, rng)
            turns += 1
            assert turns < 300, "the game does not end"
        title = page.locator("[data-key=end-title]").text_content()
        assert title == "Bot wins!" or title == "Ada wins!" or title.startswith("A draw")
        reason = page.locator(".end-reason").get_attribute("data-reason")
        assert reason in ("trios", "calm", "repetition")
        assert page.locator(".pyr-end .player").count() == 2
        assert page.locator("[data-action=rematch]").is_visible()
        assert log.console_errors == [] and log.page_errors == []
    finally:
        context.close()


def test_a_game_saves_and_resumes_mid_turn_and_lists_under_its_title(page, page_log):
    new_pyramids_game(page, seats=("human", "random"), seed="21")
    assert wait_for_human_or_end(page) == "table"
    # keyboard: the focus is on a cap; Enter chooses it and the focus goes to a square it may
    # move to; Escape puts it down
    page.wait_for_function("document.activeElement.classList.contains('can-choose')")
    page.keyboard.press("Enter")
    assert page.locator("svg.pyr-board g.chosen").count() == 1
    assert page.evaluate("document.activeElement.dataset.dest") == "1"
    page.keyboard.press("Escape")
    assert page.locator("svg.pyr-board g.chosen").count() == 0
    # a quiet move (the turn goes on), then a reload
    caps = board_square(page, "can-choose")
    for i in range(caps.count()):
        caps.nth(i).click()
        if board_square(page, "dest.quiet").count():
            break
        page.keyboard.press("Escape")
    board_square(page, "dest.quiet").first.click()
    log_before = record(page)["log"]
    assert page.locator("[data-action=takeback]:not([disabled])").count() == 1
    reload(page)
    page.wait_for_selector(HUMAN_TURN)
    assert record(page)["log"] == log_before
    assert page.locator("#app").get_attribute("data-game") == "pyramids"
    # the quiet move of this turn can still be taken back after the reload
    page.locator("[data-action=takeback]").click()
    assert len(record(page)["log"]) == len(log_before) - 1
    open_saves(page)
    item = page.locator("li.save-item[data-game=pyramids]")
    assert item.count() == 1
    assert item.locator(".save-game").text_content() == "Caldera"
    page.locator(f"[data-action=saves-continue][data-id='{item.get_attribute('data-id')}']").click()
    page.wait_for_selector(HUMAN_TURN)
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_french_screens_fit_a_phone(browser, site_url):
    from sitetest import PageLog, open_app

    context = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True)
    log = PageLog()
    log.watch_context(context)
    try:
        page = open_app(context, site_url, log)
        page.wait_for_selector("html[lang=fr]")
        new_pyramids_game(
            page, seats=("human", "human", "greedy"), seed="5", names=["Ada", "Lin", "Bot"]
        )
        assert wait_for_human_or_end(page) == "handover"
        first = page.locator("[data-key=handover-title]").text_content()
        me, other = ("Ada", "Lin") if "Ada" in first else ("Lin", "Ada")
        assert me in first
        page.locator("[data-action=ready]").tap()
        assert wait_for_human_or_end(page) == "table"
        prompt = page.locator("#prompt").text_content()
        assert "choisissez un chapeau" in prompt, prompt
        assert decision_in_view(page), "the phone must scroll for the decision"
        # choose a cap: its destinations, the buttons and the collection stay in view
        board_square(page, "can-choose").first.tap()
        assert "chapeau" in page.locator("#prompt").text_content()
        assert decision_in_view(page)
        erupting = board_square(page, "dest.erupt")
        if erupting.count():
            erupting.first.tap()
            assert page.locator("[data-key=preview]").text_content().startswith("Éruption de")
            assert decision_in_view(page)
        page.keyboard.press("Escape")
        # pass and play: after a person's eruption the device goes to the next person
        rng = random.Random(9)
        play_turn(page, rng, words="Éruption de")
        assert wait_for_human_or_end(page) == "handover"
        assert other in page.locator("[data-key=handover-title]").text_content()
        page.locator("[data-action=ready]").tap()
        assert page.locator("#prompt").text_content().startswith(other)
        assert decision_in_view(page)
        header_entry(page, "rules").tap()  # behind "Plus" on a phone
        page.wait_for_selector("section[data-screen=rules]")
        assert page.locator("#rules-h-power").text_content() == "Coup de force"
        assert log.console_errors == [] and log.page_errors == []
    finally:
        context.close()
