"""The box in the browser: the start screen offers every game of the registry (Caldera Park
first, games still to come shown and disabled); choosing a game shows its new-game form, and
the choice survives a reload; the console stays clean."""

from __future__ import annotations

from sitetest import reload

from pyapp import games


def test_the_start_screen_offers_the_games_of_the_box(page, page_log):
    chooser = page.locator("nav.game-chooser")
    chooser.wait_for()
    keys = chooser.locator("button").evaluate_all("els => els.map(e => e.dataset.key)")
    assert keys == [f"game-{e.id}" for e in games.ENTRIES]
    assert keys[0] == "game-park"
    assert page.locator("#app").get_attribute("data-game") == "park"
    for e in games.ENTRIES:
        button = chooser.locator(f"[data-key=game-{e.id}]")
        assert e.title in button.inner_text()
        assert button.is_disabled() == (not e.ready)
    # the game chooser is part of the start screen only
    page.locator("[data-action=start]").click()
    page.wait_for_selector("#app[data-screen=table], #app[data-screen=handover]")
    assert page.locator("nav.game-chooser").count() == 0
    assert page_log.console_errors == []


def test_choosing_a_game_shows_its_form_and_is_remembered(page, page_log):
    page.locator("nav.game-chooser").wait_for()
    for e in games.ENTRIES:
        if not e.ready:
            continue
        page.locator(f"[data-action=game-choose][data-game={e.id}]").click()
        page.wait_for_selector(f"#app[data-game={e.id}][data-screen=setup]")
        assert page.locator(f"[data-key=game-{e.id}]").get_attribute("aria-pressed") == "true"
        reload(page)
        page.wait_for_selector(f"#app[data-game={e.id}][data-screen=setup]")
    page.locator("[data-action=game-choose][data-game=park]").click()
    page.wait_for_selector("#app[data-game=park][data-screen=setup]")
    # a park game's options are remembered for its next form
    page.locator("input[data-action=name][data-seat='0']").fill("Ada")
    page.locator("[data-action=start]").click()
    page.wait_for_selector("#app[data-screen=table], #app[data-screen=handover]")
    page.locator("[data-key=menu-new]").click()
    page.wait_for_selector("#app[data-screen=setup]")
    reload(page)
    page.wait_for_selector("#app[data-screen=table], #app[data-screen=handover]")
    page.locator("[data-key=menu-new]").click()
    page.wait_for_selector("#app[data-screen=setup]")
    assert page.locator("input[data-action=name][data-seat='0']").input_value() == "Ada"
    assert page_log.console_errors == []
