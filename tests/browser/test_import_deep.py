"""Importing a file nested 100,000 deep, for each game of the box: a clear message says what is
wrong, the page lives on (no crash of the Python runtime, a clean console), and a good file of
the same game imports at once after it.

Python's JSON parser descends once per level of nesting; in the browser that descent overflows
the WebAssembly stack before Python's own recursion limit stops it ("Maximum call stack size
exceeded"), a fatal error that leaves the runtime dead. The app must refuse such a file before
parsing it."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from saves_driver import open_saves
from sitetest import PageLog, open_app

from pyapp import games
from pyapp.ui.saves import export_record

IMPORT = "input[type=file][data-action=saves-import]"
WAIT_MS = 30_000
DEPTH = 100_000
GAMES = ("park", "pyramids", "caledea")


def deep_file(record_id: str) -> str:
    """About 200 kB: a game file's first members, then options nested ``DEPTH`` deep."""
    text = f'{{"format":1,"game":"{record_id}","options":' + "[" * DEPTH + "]" * DEPTH + "}"
    assert 200_000 <= len(text.encode()) <= 210_000
    return text


def good_file(game_id: str) -> tuple[str, list[str]]:
    """An exported file of a game two people began (a few random moves), and its log."""
    game = games.get(game_id)
    state = game.new_game(
        game.normalise_options({"players": 2, "seed": 5, "names": ["Ann", "Bob"]})
    )
    rng = random.Random(5)
    for _ in range(6):
        state = game.play(state, rng.choice(game.legal_actions(state)))
    text = export_record(state, session={"seats": ["human", "human"]}, game=game)
    return text, json.loads(text)["log"]


def choose_file(page, name: str, text: str) -> None:
    if not page.locator("#app section[data-screen=saves]").count():
        open_saves(page)
    page.locator(IMPORT).set_input_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": text.encode("utf-8")}]
    )


def banner_key(page, prefix: str, log: PageLog) -> str:
    """Wait for a banner whose message key starts with ``prefix``; its key."""
    banner = page.locator(f".banner[role=alert][data-message^='{prefix}']")
    try:
        banner.wait_for(timeout=WAIT_MS)
    except PlaywrightTimeout:
        shown = page.locator(".banner[role=alert]")
        raise AssertionError(
            f"no {prefix}* message in {WAIT_MS} ms; banner: "
            f"{shown.first.get_attribute('data-message') if shown.count() else None}; "
            f"page errors: {log.page_errors}; console errors: {log.console_errors}"
        ) from None
    return banner.get_attribute("data-message")


def assert_clean(log: PageLog) -> None:
    assert not log.page_errors, log.page_errors
    assert not log.console_errors, log.console_errors
    assert not any("fatal error" in line.lower() for line in log.console), log.console


@pytest.mark.parametrize("game_id", GAMES)
def test_a_deeply_nested_file_is_refused_with_a_message_and_a_good_one_imports_after(
    context, site_url, game_id
):
    entry = games.entry(game_id)
    log = PageLog()
    page = open_app(context, site_url, log)
    if game_id == "park":  # a file naming no game at all, first
        choose_file(page, "deep.json", "[" * DEPTH + "]" * DEPTH)
        assert banner_key(page, "saves.import.", log) == "saves.import.too_deep"
        page.locator("[data-action=banner-close]").click()
        page.locator(".banner[role=alert]").wait_for(state="detached")

    choose_file(page, f"{entry.record_id}-deep.json", deep_file(entry.record_id))
    key = banner_key(page, "saves.import.", log)
    assert key in ("saves.import.too_deep", "saves.import.too_deep_game"), key
    if key == "saves.import.too_deep_game":  # the message names the game the file says
        text = page.locator(".banner[role=alert] .banner-text").text_content()
        assert entry.title in text, text
    assert page.locator("#app section[data-screen=saves]").is_visible()
    assert page.evaluate("CalderaGame('record')") == ""  # no game was started
    assert_clean(log)

    # the page lives on: a good file of the same game imports, and its game is on the table
    text, moves = good_file(game_id)
    choose_file(page, f"{entry.record_id}.json", text)
    key = banner_key(page, "saves.imported", log)
    assert key in ("saves.imported", "saves.imported_game"), key
    page.wait_for_selector(
        f"#app[data-game={game_id}] section[data-screen=table], "
        f"#app[data-game={game_id}] section[data-screen=handover]",
        timeout=WAIT_MS,
    )
    assert json.loads(page.evaluate("CalderaGame('record')"))["log"] == moves
    assert_clean(log)
