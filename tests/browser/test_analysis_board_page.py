"""The analysis board in Chromium, for every game of the box (issue 24): a finished game's
"Analyse" lists the decisions as they are found; an entry chosen shows the position of that
decision (the engine's replay before it) with the move played and the judge's suggestion both
drawn on the game's own board, the difference said as CPython's analysis board says it; the
step buttons go on through the game and "Back to the decision" returns. At a phone's 390x844
and a laptop's 1366x768: no sideways scroll, the board and the chosen decision in view;
axe-core clean, the console clean; in French too, every word whole at 360x740 and 740x360."""

from __future__ import annotations

import importlib
import json

import pytest
from game_driver import screenshot
from saves_driver import played, put, reload, run_axe, saved_items, stop_analysis
from text_fit import text_faults

from pyapp import games
from pyapp.cli import _bots_for, play_game
from pyapp.ui import i18n

BAR = "section[data-screen=analysis]"
SIZES = ({"width": 390, "height": 844}, {"width": 1366, "height": 768})
BOARD = {"park": "svg.park", "pyramids": "svg.pyr-board", "caledea": "svg.cal-board"}


def canon(state) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def finished(game_id: str) -> tuple[dict, list[str]]:
    """A short finished 2-player game and its seats (the people's decisions are analysed)."""
    if game_id == "park":
        return played(10_000, seed=9, names=["Léa", "Sam"]), ["human", "random"]
    game = games.get(game_id)
    state = play_game({"players": 2, "seed": 4}, _bots_for(["greedy"], 2, 4, game), game)
    if game_id == "caledea":
        return state, ["human", "human"]
    return state, ["human", "greedy"]


def drawn_on_board(game_id: str, f: dict) -> bool:
    """Both moves of the finding take a place on the board (a space, a square)."""
    if game_id == "park":
        return f["kind"] == "place"
    if game_id == "caledea":
        return f["played"].startswith("move ") and f["suggested"].startswith("move ")
    return True


def expected(game_id: str, state: dict, seats: list[str]):
    """CPython's analysis board of the same game, analysed up to the first miss drawn on the
    board, that entry chosen: (board, finding, index of the finding)."""
    part = importlib.import_module(importlib.import_module(f"pyapp.ui.{game_id}").ANALYSIS)
    people = [p for p, k in enumerate(seats) if k == "human"]
    board = part.AnalysisScreen(state, players=people)
    thinking = board.analysis.start()
    while not board.finished:
        thinking.step(1000.0)
        hits = [
            (i, f)
            for i, f in enumerate(board.analysis.findings, 1)
            if f["verdict"] == "miss" and drawn_on_board(game_id, f)
        ]
        if hits:
            i, f = hits[0]
            assert board.choose(f["action"])
            return board, f, i
    raise AssertionError(f"{game_id}: no miss drawn on the board")


def shown(page) -> dict:
    return json.loads(page.evaluate("CalderaGame('shown')"))


def in_view(page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return (
        box is not None
        and box["y"] < size["height"]
        and box["y"] + box["height"] > 0
        and box["x"] >= -1
        and box["x"] + box["width"] <= size["width"] + 1
    )


def check_decision(page, game_id: str, board, f: dict) -> None:
    k = f["action"]
    page.wait_for_selector(f"{BAR}[data-chosen='{k}'][data-at-decision=true]")
    got = shown(page)
    assert got["pos"] == k - 1
    assert canon(got["state"]) == canon(board.view.replay.state_at(k - 1))
    moves = board.moves(k)
    svg = page.locator(BOARD[game_id]).filter(has=page.locator(".analysis-marks"))
    assert svg.count() == 1, "both moves are drawn on one board"
    for look in ("played", "suggested"):
        layer = svg.locator(f".analysis-marks[data-look={look}]")
        assert layer.get_attribute("data-moves") == "|".join(moves[look]), look
        assert layer.locator("> *").count() >= 1, f"{look}: nothing drawn"
    assert moves["played"][0] == board.view.replay.texts[k - 1]
    assert moves["suggested"][0] == f["suggested"]
    if game_id == "park":
        from pyapp.park.actions import parse

        for look in ("played", "suggested"):
            at = parse(moves[look][0]).at
            ring = svg.locator(f"[data-look={look}] .analysis-ring")
            assert ring.get_attribute("data-at") == f"{at[0]},{at[1]}"
    detail = page.locator("[data-key=analysis-detail]")
    assert board.verdict(f) in detail.inner_text()
    assert detail.locator(".legend-played").count() == 1
    assert detail.locator(".legend-suggested").count() == 1


@pytest.mark.parametrize("game_id", ["park", "pyramids", "caledea"])
def test_an_entry_shows_its_decision_with_both_moves(page, page_log, game_id):
    state, seats = finished(game_id)
    board, f, index = expected(game_id, state, seats)
    k = f["action"]
    game = games.get(game_id)
    put(page, saved_items((state, seats), current=0, game=game))
    page.set_viewport_size(SIZES[0])
    reload(page)
    page.wait_for_selector("#app[data-screen=end]")
    page.locator("[data-action=learn-analyse]").click()
    page.wait_for_selector(BAR)
    # the entries appear as they are found; the one wanted, then the analysis stopped
    page.wait_for_function(
        f"() => +document.querySelector('{BAR}').dataset.done >= {index}", timeout=120_000
    )
    stop_analysis(page)
    entry = page.locator(f"[data-action=analysis-show][data-value='{k}']")
    assert entry.get_attribute("data-verdict") == "miss"
    # biggest misses first: the entries' order is CPython's for the same findings
    done = int(page.locator(BAR).get_attribute("data-done"))
    while board.analysis.done < done:
        board.analysis.start().step(1000.0)
    board.analysis.findings[done:] = []
    values = page.locator("[data-action=analysis-show]").evaluate_all(
        "bs => bs.map(b => b.dataset.value)"
    )
    assert values == [str(x["action"]) for x in board.entries()]
    entry.click()
    check_decision(page, game_id, board, f)
    for size in SIZES:
        page.set_viewport_size(size)
        page.wait_for_selector(f"{BAR}[data-at-decision=true]")
        assert page.evaluate(
            "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        ), size
        for sel in (f"{BAR} [data-key=analysis-detail]", BOARD[game_id], ".analysis-marks"):
            assert in_view(page, sel), (size, sel)
        assert run_axe(page) == [], size
        for root in (BAR, ".analysis-list-box"):
            assert text_faults(page, root) == [], (size, root)
        screenshot(page, f"analysis-board-{game_id}-{size['width']}.png", full_page=False)
    # the step buttons go on through the game; back to the decision
    page.locator(f"{BAR} [data-action=learn-replay-next]").click()
    page.wait_for_selector(f"{BAR}[data-pos='{k}'][data-at-decision=false]")
    assert canon(shown(page)["state"]) == canon(board.view.replay.state_at(k))
    assert page.locator(".analysis-marks").count() == 0
    page.locator("[data-action=analysis-back]").click()
    check_decision(page, game_id, board, f)
    # game order
    page.locator("[data-action=analysis-order][data-value=game]").click()
    page.wait_for_selector("[data-action=analysis-order][data-value=game][aria-pressed=true]")
    values = page.locator("[data-action=analysis-show]").evaluate_all(
        "bs => bs.map(b => +b.dataset.value)"
    )
    assert values == sorted(values) and len(values) == done
    # in French, the board stays; its words whole at a phone's sizes too
    page.locator("[data-action=lang]").click()
    page.wait_for_selector("html[lang=fr]")
    page.locator(f"[data-action=analysis-show][data-value='{k}']").click()
    i18n.set_language("fr")
    try:
        verdict = board.verdict(f)
    finally:
        i18n.set_language("en")
    page.wait_for_selector(f"{BAR}[data-at-decision=true]")
    assert verdict in page.locator("[data-key=analysis-detail]").inner_text()
    for size in ({"width": 360, "height": 740}, {"width": 740, "height": 360}):
        page.set_viewport_size(size)
        for root in (BAR, ".analysis-list-box"):
            assert text_faults(page, root) == [], (size, root)
    page.keyboard.press("Escape")
    page.wait_for_selector(BAR, state="detached")
    assert page_log.console_errors == [] and page_log.page_errors == []
