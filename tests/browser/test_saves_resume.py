"""Autosave after every action: a reload, or closing the tab and opening the app again, resumes
the game exactly where it was, in the middle of an action turn too."""

from __future__ import annotations

import random

from game_driver import HUMAN_TURN, game_record, new_game, play_human_step, wait_for_human_or_end
from saves_driver import games_in, reload, storage
from sitetest import open_app


def snapshot(page) -> dict:
    table = page.locator("section[data-screen=table]")
    return {
        "record": game_record(page),
        "decision": table.get_attribute("data-decision"),
        "prompt": page.locator("#prompt").text_content(),
        "tokens": page.locator("button[data-action=token]").all_text_contents(),
        "spaces": page.locator("svg.park g.space").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))"
        ),
    }


def test_reload_and_reopen_resume_mid_turn(context, page, site_url):
    new_game(page, seats=("random", "human"), names=("Robo", "Lin"), seed="31")
    page.locator("[data-action=speed]").click()
    rng = random.Random(3)
    # the bot holds the marmot: once Lin has to place, the bot has already placed this turn
    while True:
        wait_for_human_or_end(page)
        if page.locator(HUMAN_TURN).get_attribute("data-decision") == "place":
            break
        play_human_step(page, rng)
    before = snapshot(page)
    log = before["record"]["log"]
    assert log[-1].startswith("place") and log[-2].startswith("pick")  # mid action turn
    saved = games_in(storage(page))
    assert len(saved) == 1
    (entry,) = saved.values()
    assert entry["record"]["log"] == log  # saved after the bot's last action
    assert entry["session"]["seats"] == ["random", "human"]

    reload(page)
    page.wait_for_selector(HUMAN_TURN)
    assert snapshot(page) == before

    # close the tab and open the app again in a new one
    page.close()
    again = open_app(context, site_url)
    again.wait_for_selector(HUMAN_TURN)
    assert snapshot(again) == before

    # the game goes on from there, and the next action is saved too
    play_human_step(again, rng)
    again.wait_for_function("n => JSON.parse(CalderaGame('record')).log.length > n", arg=len(log))
    wait_for_human_or_end(again)
    record = game_record(again)
    assert record["log"][: len(log)] == log
    (entry,) = games_in(storage(again)).values()
    assert entry["record"]["log"] == record["log"]
