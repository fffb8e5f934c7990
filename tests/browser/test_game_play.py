"""Whole games played through the interface only, from the new-game form to the scoring pad."""

from __future__ import annotations

import random

from game_driver import (
    game_record,
    new_game,
    no_sideways_scroll,
    pad_totals,
    play_to_end,
    screenshot,
    wait_for_animations,
)

from pyapp.park.bots import BOTS
from pyapp.park.game import final_scores
from pyapp.park.record import from_record
from pyapp.park.scoring import CATEGORIES


def test_new_game_form_offers_every_bot(page):
    options = page.locator("select[data-seat='0'] option").evaluate_all(
        "els => els.map(e => e.value)"
    )
    assert options == ["human", *BOTS]


def test_human_against_a_bot_to_the_scoring_pad(page, page_log):
    bot = list(BOTS)[0]
    new_game(page, seats=("human", bot), names=("Lin", "<b>Sam</b>"), seed="2024")
    page.locator("[data-action=speed]").click()
    steps = play_to_end(page, random.Random(5))
    assert steps > 35  # 35 placements at least, plus weather and marmot choices

    # the pad's totals equal the engine's score of the final state (replayed from the page's
    # record in CPython)
    record = game_record(page)
    assert record["options"]["names"] == ["Lin", "<b>Sam</b>"]
    state = from_record(record)
    result = final_scores(state)
    assert pad_totals(page) == [s["total"] for s in result["players"]]
    for cat in CATEGORIES:
        if cat == "bad_weather":
            continue
        cells = page.locator(f"table.pad td[data-cat={cat}]").all_text_contents()
        assert [int(c) for c in cells] == [s["categories"][cat] for s in result["players"]]
    # the winner is named and the deciding rule is shown
    # the result said from the person's side
    title = page.locator(".end-title").text_content()
    if result["winners"] == [0]:
        assert title.startswith("You beat <b>Sam</b> (computer)")
    elif result["winners"] == [1]:
        assert title.startswith("You lost to <b>Sam</b> (computer)")
    else:
        assert title.startswith("You share the victory")
    assert page.locator(".tiebreak").get_attribute("data-rule") == result["tiebreak"]
    # a name is text, never markup
    assert page.locator("table.pad b").count() == 0
    assert "<b>Sam</b>" in page.locator("table.pad thead").text_content()
    # flipped tokens are marked on the end parks
    flipped = sum(s["flipped"] for s in result["players"])
    assert page.locator(".end-park g.space.is-flipped").count() == flipped
    assert no_sideways_scroll(page)
    wait_for_animations(page)  # the pad fills row by row: the artefact shows it filled
    screenshot(page, "end-1280.png")
    assert page_log.page_errors == []

    page.locator("[data-action=rematch]").click()
    page.wait_for_selector("#app[data-screen=table]")
    assert game_record(page)["log"] == [] or len(game_record(page)["log"]) < 5
