"""The log drives the board, in Chromium, for every game of the box (issue 23): an entry of the
live table's log tapped (or Enter on it) shows the board as the engine's replay of the log up to
that move gives it, seen by the person at the table, with that move marked and no live control;
Escape and "Back to the game" return to the live table as it was, the focus on that entry. A
replay shows no live control, and its own log jumps it. axe-core clean on the position shown;
the console stays clean."""

from __future__ import annotations

import json
import random

import pytest
from game_driver import HUMAN_TURN, header_entry, screenshot
from game_driver import play_human_step as park_step
from saves_driver import run_axe
from test_caledea_play import person_step as caledea_step
from test_pyramids_play import play_turn as pyramids_step

from pyapp import games

POSITION = "section[data-screen=replay][data-mode=position]"
REPLAY = "section[data-screen=replay][data-mode=replay]"
ENTRY = "button[data-action=log-show]"
LIVE = "[data-action=confirm], [data-action=speed], [data-action=takeback], #prompt"
STEPS = {"park": park_step, "pyramids": pyramids_step, "caledea": caledea_step}


def canon(state) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def record(page) -> dict:
    return json.loads(page.evaluate("CalderaGame('record')"))


def shown(page) -> dict:
    return json.loads(page.evaluate("CalderaGame('shown')"))


def live_game(page, game_id: str, entries: int = 4) -> None:
    """A person (seat 1) against the random bot, played by mouse until the person's decision
    with at least ``entries`` moves in the log."""
    page.locator(f"[data-action=game-choose][data-game={game_id}]").click()
    page.wait_for_selector(f"#app[data-game={game_id}] section[data-screen=setup]")
    for i, kind in enumerate(("human", "random")):
        page.locator(f"select[data-action=kind][data-seat='{i}']").select_option(kind)
    page.locator("input[data-action=seed]").fill("23")
    page.locator("[data-action=start]").click()
    rng = random.Random(23)
    for _ in range(40):
        page.wait_for_selector(HUMAN_TURN, timeout=120_000)
        if len(record(page)["log"]) >= entries:
            return
        STEPS[game_id](page, rng)
    raise AssertionError("too few moves")


def engine_view(game_id: str, rec: dict, n: int, viewer: int | None) -> dict:
    game = games.get(game_id)
    state = game.replay(rec["options"], rec["log"][: n + 1])
    return state if viewer is None else game.observation(state, viewer)


def check_position(page, game_id: str, rec: dict, n: int, viewer) -> None:
    page.wait_for_selector(f"{POSITION}[data-pos='{n + 1}']")
    got = shown(page)
    want = engine_view(game_id, rec, n, viewer)
    assert got["pos"] == n + 1
    assert canon(got["state"]) == canon(want)
    p, text = want["log"][n] if "log" in want else (None, rec["log"][n])
    assert got["marked"] == [[n, p, text]]
    assert page.locator(LIVE).count() == 0, "a live control on a past position"
    current = page.locator(f"{ENTRY}[aria-current=step]")
    assert current.count() == 1 and current.get_attribute("data-value") == str(n)


@pytest.mark.parametrize("game_id", ["park", "pyramids", "caledea"])
def test_a_log_entry_shows_its_position_and_back_returns(page, page_log, game_id):
    live_game(page, game_id)
    rec = record(page)
    entries = page.locator(ENTRY)
    assert entries.count() >= 3
    # the entries are buttons named by their move
    first = entries.first
    assert first.get_attribute("aria-label").startswith(first.inner_text().strip())
    # tapped: the second newest move's position
    n = int(entries.nth(1).get_attribute("data-value"))
    entries.nth(1).click()
    check_position(page, game_id, rec, n, 0)
    assert run_axe(page) == []
    page.keyboard.press("Escape")
    page.wait_for_selector(HUMAN_TURN)
    assert page.locator("section[data-screen=replay]").count() == 0
    assert record(page) == rec  # the live game as it was
    page.wait_for_function(f"document.activeElement.dataset.key === 'log-{n}'")
    # the keyboard: Enter on the oldest entry drawn, then the Back button
    m = int(entries.last.get_attribute("data-value"))
    entries.last.focus()
    page.keyboard.press("Enter")
    check_position(page, game_id, rec, m, 0)
    page.locator("[data-action=learn-close]").click()
    page.wait_for_selector(HUMAN_TURN)
    assert record(page) == rec
    # the live table still plays: a move of the person, then the computer's
    STEPS[game_id](page, random.Random(5))
    page.wait_for_function(
        "n => JSON.parse(CalderaGame('record')).log.length > n", arg=len(rec["log"])
    )
    assert page_log.console_errors == [] and page_log.page_errors == []


@pytest.mark.parametrize("game_id", ["park", "pyramids", "caledea"])
def test_a_replay_has_no_live_control_and_its_log_jumps_it(page, page_log, game_id):
    live_game(page, game_id, entries=6)
    rec = record(page)
    header_entry(page, "saves").click()
    page.locator("[data-action=learn-replay-saved]").first.click()
    page.wait_for_selector(REPLAY)
    assert page.locator(LIVE).count() == 0
    page.locator("[data-action=learn-replay-last]").click()
    page.wait_for_selector(f"{REPLAY}[data-pos='{len(rec['log'])}']")
    assert page.locator(LIVE).count() == 0
    entries = page.locator(ENTRY)
    target = entries.nth(min(2, entries.count() - 1))
    n = int(target.get_attribute("data-value"))
    target.click()
    page.wait_for_selector(f"{REPLAY}[data-pos='{n + 1}']")
    got = shown(page)
    want = engine_view(game_id, rec, n, 0)
    assert canon(got["state"]) == canon(want)
    assert got["marked"][0][0] == n and len(got["marked"]) == 1
    assert page.locator(LIVE).count() == 0
    assert run_axe(page) == []
    page.keyboard.press("Escape")
    page.wait_for_selector("section[data-screen=replay]", state="detached")
    assert page_log.console_errors == [] and page_log.page_errors == []


@pytest.mark.parametrize("size", ["390x844", "740x360"])
def test_a_guide_tip_put_away_on_a_phone_is_no_empty_box(browser, site_url, size):
    from test_guide_fit import start_guide

    context, page, log = start_guide(browser, site_url, size, "en")
    try:
        page.wait_for_selector(HUMAN_TURN, timeout=120_000)
        tip = page.locator("[data-key=guide-tip] p").inner_text()
        page.locator("[data-action=guide-ok]").click()
        held = page.locator("[data-key=guide-held]")
        held.wait_for()
        words = held.locator(".guide-room p")
        note = held.locator(".guide-note")
        # the tip's words stay readable in its room, the note beside them, none over the other
        assert words.is_visible() and words.inner_text() == tip
        assert note.is_visible() and note.inner_text()
        a, b = words.bounding_box(), note.bounding_box()
        apart = a["y"] + a["height"] <= b["y"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
        assert apart, (a, b)
        screenshot(page, f"guide-held-{size}.png", full_page=False)
        assert run_axe(page) == []
        assert log.console_errors == [] and log.page_errors == []
    finally:
        context.close()


def test_a_position_fits_a_phone_in_french(browser, site_url):
    from fit_driver import VIEWPORTS
    from game_driver import no_sideways_scroll
    from sitetest import PageLog, open_app

    context = browser.new_context(**VIEWPORTS["360x740"])
    log = PageLog()
    try:
        page = open_app(context, site_url, log)
        header_entry(page, "lang").click()
        page.wait_for_selector("html[lang=fr]")
        live_game(page, "park")
        entry = page.locator(ENTRY).nth(1)
        entry.scroll_into_view_if_needed()
        entry.tap()
        page.wait_for_selector(POSITION)
        back = page.locator("[data-action=learn-close]")
        assert back.inner_text() == "Retour à la partie"
        assert back.is_visible() and back.bounding_box()["y"] + 44 <= 740
        assert no_sideways_scroll(page)
        screenshot(page, "log-position-360-fr.png", full_page=False)
        assert run_axe(page) == []
        back.tap()
        page.wait_for_selector(HUMAN_TURN)
        assert log.console_errors == [] and log.page_errors == []
    finally:
        context.close()
