"""The same saved game open in two tabs (two pages of one context: one localStorage, ``storage``
events between them): no move is ever silently lost. Each move is either saved, or the person is
offered the choice (continue from the newer game, or keep theirs as a copy); a game deleted in
one tab is not brought back by a move in the other (issue 18)."""

from __future__ import annotations

import random

from game_driver import game_record, new_game, play_human_step, wait_for_human_or_end
from saves_driver import banner, games_in, open_saves, storage
from sitetest import PageLog, open_app

TAKE = "[data-action=saves-take-newer]"
COPY = "[data-action=saves-keep-copy]"


def move(page, rng: random.Random) -> list[str]:
    """The human to move takes decisions until the game's log grows; returns the new log."""
    before = len(game_record(page)["log"])
    for _ in range(10):
        wait_for_human_or_end(page)
        play_human_step(page, rng)
        log = game_record(page)["log"]
        if len(log) > before:
            return log
    raise AssertionError("no move was made")


def saved_log(page, game_id: str) -> list[str] | None:
    entry = games_in(storage(page)).get(game_id)
    return None if entry is None else entry["record"]["log"]


def running_id(page) -> str:
    return page.evaluate("localStorage.getItem('caldera-park/current')")


def saved_or_offered(page, game_id: str, log: list[str]) -> str:
    """ "saved" when storage holds ``log`` under ``game_id``, "offered" when the banner offers
    the choice; fails otherwise (a move silently lost)."""
    if saved_log(page, game_id) == log:
        return "saved"
    key = banner(page)
    assert key is not None and key.startswith("saves.conflict."), (key, log)
    assert page.locator(COPY).is_visible()
    return "offered"


def test_moves_in_two_tabs_are_saved_or_the_choice_is_offered(context, site_url):
    rng = random.Random(18)
    log = PageLog()
    a = open_app(context, site_url, log)
    new_game(a, seats=("human", "human"), names=("Ann", "Bob"), seed="18")
    gid = running_id(a)
    b = open_app(context, site_url, log)  # the same game, resumed in a second tab
    assert game_record(b) == game_record(a)

    # A moves: saved; B is told at once (the storage event), before any move of its own
    log_a = move(a, rng)
    assert saved_or_offered(a, gid, log_a) == "saved"
    b.wait_for_selector(".banner[data-message='saves.conflict.newer']")
    assert b.locator(TAKE).is_visible() and b.locator(COPY).is_visible()

    # B moves anyway: not saved over A's game, and the choice is still offered
    log_b = move(b, rng)
    assert saved_or_offered(b, gid, log_b) == "offered"
    assert saved_log(b, gid) == log_a

    # B continues from the newer game: A's moves come back in B
    b.locator(TAKE).click()
    b.wait_for_function("n => JSON.parse(CalderaGame('record')).log.length === n", arg=len(log_a))
    assert game_record(b)["log"] == log_a
    assert banner(b) is None

    # now B moves: saved, and A is offered the choice
    log_b = move(b, rng)
    assert saved_or_offered(b, gid, log_b) == "saved"
    a.wait_for_selector(".banner[data-message='saves.conflict.newer']")
    # A moves too: offered again, B's game kept
    log_a2 = move(a, rng)
    assert saved_or_offered(a, gid, log_a2) == "offered"
    assert saved_log(a, gid) == log_b

    # A keeps its own game as a copy: both games are stored, nothing lost
    a.locator(COPY).click()
    a.wait_for_selector(".banner[data-message='saves.conflict.copied']")
    saved = games_in(storage(a))
    assert len(saved) == 2
    assert saved[gid]["record"]["log"] == log_b
    (copy_id,) = set(saved) - {gid}
    assert saved[copy_id]["record"]["log"] == log_a2
    assert running_id(a) == copy_id

    # each tab now plays its own game: both save without a word
    log_a3 = move(a, rng)
    assert saved_or_offered(a, copy_id, log_a3) == "saved"
    log_b2 = move(b, rng)
    assert saved_or_offered(b, gid, log_b2) == "saved"
    assert banner(b) is None
    assert log.console_errors == [] and log.page_errors == []


def test_a_game_deleted_in_one_tab_is_not_brought_back_by_the_other(context, site_url):
    rng = random.Random(81)
    log = PageLog()
    a = open_app(context, site_url, log)
    new_game(a, seats=("human", "human"), names=("Cy", "Dee"), seed="81")
    move(a, rng)
    gid = running_id(a)
    b = open_app(context, site_url, log)
    assert game_record(b) == game_record(a)

    # A deletes the game from the saved-games list
    open_saves(a)
    a.locator(f"li.save-item[data-id='{gid}'] [data-action=saves-delete]").click()
    a.locator("[data-action=saves-delete-yes]").click()
    assert gid not in games_in(storage(a))

    # B is told, and offered only to keep its game as a copy (there is no newer game)
    b.wait_for_selector(".banner[data-message='saves.conflict.deleted']")
    assert b.locator(COPY).is_visible() and b.locator(TAKE).count() == 0

    # B's move does not bring the deleted game back
    log_b = move(b, rng)
    assert saved_or_offered(b, gid, log_b) == "offered"
    assert gid not in games_in(storage(b))
    # the banner closed, the next move is refused (and offered) again
    b.locator("[data-action=banner-close]").click()
    log_b = move(b, rng)
    assert saved_or_offered(b, gid, log_b) == "offered"
    assert gid not in games_in(storage(b))

    # B keeps it as a copy, under a new id; the deleted one stays deleted
    b.locator(COPY).click()
    b.wait_for_selector(".banner[data-message='saves.conflict.copied']")
    saved = games_in(storage(b))
    assert gid not in saved
    assert [g["record"]["log"] for g in saved.values()] == [log_b]
    assert log.console_errors == [] and log.page_errors == []
