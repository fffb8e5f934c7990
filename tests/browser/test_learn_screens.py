"""Replay, analysis and hints in Chromium (issue 16): a replay opened from the end screen and
from the saved-games list and stepped through; an analysis run to its end and one stopped
midway, the page answering meanwhile; a hint used and recorded in the save; English and French,
axe-core clean, fitting a 360x740 phone and a 1366x768 laptop; the console clean."""

from __future__ import annotations

import json

from game_driver import HUMAN_TURN, no_sideways_scroll
from saves_driver import games_in, open_saves, played, put, reload, run_axe, saved_items, storage

REPLAY = "section[data-screen=replay]"
ANALYSIS = "section[data-screen=analysis]"


def check_axe(page, where: str) -> None:
    bad = run_axe(page)
    assert bad == [], f"{where}: {bad}"


def pos(page) -> int:
    return int(page.locator(REPLAY).get_attribute("data-pos"))


def in_view(page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 1
        and box["y"] + box["height"] <= size["height"] + 1
    )


def test_replay_from_the_end_screen_and_the_saved_games_list(page, page_log):
    over = played(10_000, seed=9, names=["Léa", "Sam"])
    mid = played(40, seed=6, names=["Ann", "Bob"])
    put(page, saved_items((over, ["human", "random"]), (mid, ["random", "human"]), current=0))
    reload(page)
    page.wait_for_selector("#app[data-screen=end]")
    page.locator("[data-action=learn-replay]").click()
    page.wait_for_selector(REPLAY)
    length = int(page.locator(REPLAY).get_attribute("data-length"))
    assert length == len(over["log"]) and pos(page) == 0
    assert page.locator("#app section[data-screen=table] svg.park").count() >= 1
    for n in (1, 2, 3):
        page.locator("[data-action=learn-replay-next]").click()
        page.wait_for_selector(f"{REPLAY}[data-pos='{n}']")
    assert "Move 3 of" in page.locator(".replay-move").inner_text()
    page.locator("[data-action=learn-replay-prev]").click()
    page.wait_for_selector(f"{REPLAY}[data-pos='2']")
    stage = page.locator("select[data-action=learn-replay-jump] option").nth(6)
    page.locator("select[data-action=learn-replay-jump]").select_option(
        stage.get_attribute("value")
    )
    page.wait_for_selector(f"{REPLAY}[data-pos='{stage.get_attribute('value')}']")
    page.locator("[data-action=learn-replay-last]").click()
    page.wait_for_selector(f"{REPLAY}[data-pos='{length}']")
    check_axe(page, "replay")
    page.locator("[data-action=learn-close]").click()
    page.wait_for_selector("#app[data-screen=end] [data-action=learn-replay]")
    # the running game, from the saved-games list: seen from its person's side
    open_saves(page)
    page.locator("li.save-item", has_text="Ann").locator("[data-action=learn-replay-saved]").click()
    page.wait_for_selector(REPLAY)
    assert "Seen by Bob" in page.locator(REPLAY).inner_text()
    assert int(page.locator(REPLAY).get_attribute("data-length")) == 40
    page.locator("[data-action=learn-replay-next]").click()
    page.wait_for_selector(f"{REPLAY}[data-pos='1']")
    page.locator("[data-action=lang]").click()
    page.wait_for_selector("html[lang=fr]")
    assert "Coup 1 sur 40" in page.locator(REPLAY).inner_text()
    check_axe(page, "replay, French")
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_analysis_to_the_end_and_stopped_midway(page, page_log):
    solo = played(10_000, players=1, seed=4, variant="solo", names=["Léa"])
    duo = played(10_000, seed=9, names=["Léa", "Sam"])
    put(page, saved_items((solo, ["human"]), (duo, ["human", "random"]), current=1))
    reload(page)
    page.wait_for_selector("#app[data-screen=end]")
    page.locator("[data-action=learn-analyse]").click()
    page.wait_for_selector(f"{ANALYSIS}[data-running=true]")
    page.wait_for_function(
        "() => +document.querySelector('section[data-screen=analysis]').dataset.done >= 2",
        timeout=60_000,
    )
    # the page answers while it works: Stop takes effect at once
    page.locator("[data-action=learn-analysis-stop]").click()
    page.wait_for_selector(f"{ANALYSIS}[data-running=false]", timeout=5_000)
    done = page.locator(ANALYSIS).get_attribute("data-done")
    total = page.locator(ANALYSIS).get_attribute("data-total")
    assert 2 <= int(done) < int(total)
    page.wait_for_timeout(1_000)
    assert page.locator(ANALYSIS).get_attribute("data-done") == done  # stopped means stopped
    assert page.locator("[data-action=learn-analysis-resume]").count() == 1
    check_axe(page, "analysis, stopped")
    page.locator("[data-action=learn-close]").click()
    # the solo game, analysed to its end
    open_saves(page)
    page.locator("li.save-item", has_text="Solo").locator("[data-action=saves-continue]").click()
    page.wait_for_selector("#app[data-screen=end]")
    page.locator("[data-action=learn-analyse]").click()
    page.wait_for_selector(f"{ANALYSIS}[data-running=false]", timeout=300_000)
    section = page.locator(ANALYSIS)
    assert section.get_attribute("data-done") == section.get_attribute("data-total")
    # the analysis board's list (issue 24): every decision, the biggest misses first
    entries = page.locator("[data-action=analysis-show]")
    assert entries.count() == int(section.get_attribute("data-total"))
    assert entries.first.get_attribute("data-verdict") == "miss"
    assert entries.first.inner_text().startswith("Round ")
    assert page.locator(f"{ANALYSIS} progress").get_attribute("value") == section.get_attribute(
        "data-total"
    )
    check_axe(page, "analysis")
    page.locator("[data-action=lang]").click()
    page.wait_for_selector("html[lang=fr]")
    assert entries.first.inner_text().startswith("Manche ")
    check_axe(page, "analysis, French")
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_a_hint_during_play_is_recorded_in_the_save(page, page_log):
    mid = played(44, seed=6, names=["Léa", "Sam"])
    put(page, saved_items((mid, ["human", "random"]), current=0))
    reload(page)
    page.wait_for_selector(HUMAN_TURN)
    assert page.locator("[data-action=learn-hint]").count() == 0  # off by default
    page.locator("[data-action=learn-hints]").click()
    page.wait_for_selector("[data-action=learn-hint]")
    # the table keeps its layout (the app root's child, filling the viewport); the button shows
    assert page.locator("#app > section.screen-table [data-action=learn-hint]").count() == 1
    assert in_view(page, "[data-action=learn-hint]")
    check_axe(page, "table with the hint button")
    page.locator("[data-action=learn-hint]").click()
    page.wait_for_selector(".toast.shown >> text=Hint: the strong computer player would choose")
    entry = next(iter(games_in(storage(page)).values()))
    assert json.loads(json.dumps(entry))["session"]["hints_used"] is True
    assert storage(page)["caldera-park/hints"] == "on"
    reload(page)  # the setting and the game's hints_used survive a visit
    page.wait_for_selector("[data-action=learn-hint]")
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_the_new_screens_fit_a_phone_and_a_laptop(page):
    over = played(10_000, seed=9, names=["Léa", "Sam"])
    put(page, saved_items((over, ["human", "random"]), current=0))
    for width, height in ((360, 740), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        reload(page)
        page.wait_for_selector("#app[data-screen=end]")
        assert in_view(page, "[data-action=learn-replay]"), (width, "end bar")
        page.locator("[data-action=learn-replay]").click()
        page.wait_for_selector(REPLAY)
        page.locator("[data-action=learn-replay-next]").click()
        page.wait_for_selector(f"{REPLAY}[data-pos='1']")
        assert no_sideways_scroll(page), (width, "replay")
        for sel in ("[data-action=learn-replay-prev]", "[data-action=learn-replay-next]",
                    "input[data-action=learn-replay-step]", ".replay-move"):  # fmt: skip
            assert in_view(page, sel), (width, sel)
        page.locator("[data-action=learn-close]").click()
        page.locator("[data-action=learn-analyse]").click()
        page.wait_for_selector(ANALYSIS)
        assert no_sideways_scroll(page), (width, "analysis")
        assert in_view(page, f"{ANALYSIS} progress") and in_view(
            page, "[data-action=learn-analysis-stop]"
        ), width
        page.locator("[data-action=learn-analysis-stop]").click()
        page.locator("[data-action=learn-close]").click()


def test_replay_of_the_other_games_from_the_saved_games_list(page, page_log):
    from pyapp import games
    from pyapp.cli import _bots_for, play_game

    items = {}
    for game_id in ("pyramids", "caledea"):
        game = games.get(game_id)
        state = play_game({"players": 2, "seed": 4}, _bots_for(["greedy"], 2, 4, game), game)
        items.update(saved_items((state, ["human", "greedy"]), game=game))
    put(page, items)
    reload(page)
    for title, game_id in (("Caldera", "pyramids"), ("Caledea", "caledea")):
        open_saves(page)
        item = page.locator(f"li.save-item[data-game={game_id}]")
        assert item.count() == 1, title
        item.locator("[data-action=learn-replay-saved]").click()
        page.wait_for_selector(REPLAY)
        length = int(page.locator(REPLAY).get_attribute("data-length"))
        assert length > 10 and pos(page) == 0
        assert page.locator("#app section[data-screen=table]").count() == 1  # its own board
        page.locator("[data-action=learn-replay-next]").click()
        page.wait_for_selector(f"{REPLAY}[data-pos='1']")
        page.locator("input[data-action=learn-replay-step]").fill(str(length // 2))
        page.wait_for_selector(f"{REPLAY}[data-pos='{length // 2}']")
        page.locator("[data-action=learn-replay-last]").click()
        page.wait_for_selector(f"{REPLAY}[data-pos='{length}']")
        check_axe(page, f"replay of {title}")
        page.locator("[data-action=learn-close]").click()
    assert page_log.console_errors == [] and page_log.page_errors == []
