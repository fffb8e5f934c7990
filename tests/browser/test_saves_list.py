"""Several games in progress: both are listed (players, variant, round, last played) and both
resume; deleting one asks first and leaves the other alone."""

from __future__ import annotations

import random
import re

from game_driver import (
    HUMAN_TURN,
    game_record,
    new_game,
    play_steps,
)
from saves_driver import games_in, open_saves, storage


def play_some(page, steps: int, seed: int) -> dict:
    play_steps(page, random.Random(seed), steps)
    return game_record(page)


def test_two_games_listed_and_both_resume(page):
    new_game(page, seats=("human", "random"), names=("Ann", "Bob"), seed="11")
    page.locator("[data-action=speed]").click()
    first = play_some(page, 3, seed=1)
    page.locator("[data-action=menu-new]").click()
    new_game(page, variant="geyser", seats=("human", "random", "random"),
             names=("Chloé", "Dan", "Eve"), seed="12")  # fmt: skip
    page.locator("[data-action=speed]").click()
    second = play_some(page, 2, seed=2)
    saved = games_in(storage(page))
    assert sorted(g["record"]["log"] == first["log"] for g in saved.values()) == [False, True]

    open_saves(page)
    items = page.locator("li.save-item")
    assert items.count() == 2
    newest, older = items.nth(0), items.nth(1)  # last played first
    assert newest.locator("h2").text_content() == "Chloé, Dan, Eve"
    assert "Storm warning in Geyser Park" in newest.text_content()
    assert older.locator("h2").text_content() == "Ann, Bob"
    assert "Base game" in older.text_content() and "1 of 5" in older.text_content()
    last_played = older.locator("dd").nth(2).text_content()
    assert re.fullmatch(r"\d{1,2}\s[A-Z][a-z]{2}\s\d{4}, \d\d:\d\d", last_played), last_played

    # continue the first game: the very same game comes back
    older.locator("[data-action=saves-continue]").click()
    page.wait_for_selector(HUMAN_TURN)
    assert game_record(page) == first
    # and the second one
    open_saves(page)
    page.locator("li.save-item", has_text="Chloé").locator("[data-action=saves-continue]").click()
    page.wait_for_selector(HUMAN_TURN)
    assert game_record(page) == second

    # delete the first one: asked first, then only that entry goes
    open_saves(page)
    ann = page.locator("li.save-item", has_text="Ann, Bob")
    ann.locator("[data-action=saves-delete]").click()
    assert len(games_in(storage(page))) == 2
    page.locator("[data-action=saves-delete-yes]").click()
    left = games_in(storage(page))
    assert [g["summary"]["players"] for g in left.values()] == [["Chloé", "Dan", "Eve"]]
    assert page.locator("li.save-item").count() == 1
