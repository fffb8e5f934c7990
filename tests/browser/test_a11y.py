"""axe-core (npm, injected same-origin) on the new-game screen, the table, the scoring pad, the
saved-games list and the rules reference, in English and French: no serious or critical
violation. Also: names of tokens and spaces, and reduced motion."""

from __future__ import annotations

from game_driver import HUMAN_TURN
from saves_driver import open_saves, played, put, reload, run_axe, saved_items
from sitetest import open_app


def check(page, where: str) -> None:
    bad = run_axe(page)
    assert bad == [], f"{where}: {bad}"


def test_axe_on_the_main_screens(page):
    check(page, "new game")
    mid = played(44, seed=6, names=["Léa", "Sam"])
    over = played(10_000, seed=9, names=["Léa", "Sam"])
    put(page, saved_items((mid, ["human", "random"]), (over, ["human", "random"]), current=0))
    reload(page)
    page.wait_for_selector(HUMAN_TURN)
    check(page, "table")
    open_saves(page)
    check(page, "saved games")
    page.locator("[data-action=rules]").click()
    page.wait_for_selector("section[data-screen=rules]")
    check(page, "rules")
    open_saves(page)
    page.locator("li.save-item", has_text="finished").locator(
        "[data-action=saves-continue]"
    ).click()
    page.wait_for_selector("#app[data-screen=end]")
    check(page, "scoring pad")
    page.locator("[data-action=lang]").click()
    page.wait_for_selector("html[lang=fr]")
    check(page, "scoring pad, French")
    page.locator("[data-key=menu-new]").click()
    page.wait_for_selector("#app[data-screen=setup]")
    check(page, "new game, French")


def test_tokens_and_spaces_have_names(page):
    mid = played(44, seed=6, names=["Léa", "Sam"])
    put(page, saved_items((mid, ["human", "random"]), current=0))
    reload(page)
    page.wait_for_selector(HUMAN_TURN)
    labels = page.locator("svg.park g.space").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert labels and all(labels)
    # a covered space names its token and its terrain, e.g. "bear, bear, at a watering hole"
    covered = [x for x in labels if "holds" in x]
    assert covered, labels[:5]
    buttons = page.locator("#app button").evaluate_all(
        "els => els.map(e => (e.getAttribute('aria-label') || e.textContent).trim())"
    )
    assert all(buttons)


MOVING = """() => [...document.querySelectorAll('#app, #app *')].filter(e =>
    [null, '::before', '::after'].some(pseudo => {
        const s = getComputedStyle(e, pseudo);
        const animated = s.animationName !== 'none'
            && s.animationDuration.split(',').some(d => parseFloat(d) > 0);
        const moving = s.transitionDuration.split(',').some(d => parseFloat(d) > 0);
        return animated || moving;
    })).length"""


def test_reduced_motion_is_honoured(browser, site_url):
    context = browser.new_context(reduced_motion="reduce")
    try:
        page = open_app(context, site_url)
        assert page.evaluate(MOVING) == 0
        # a table where a bot is thinking (its prompt blinks when motion is allowed)
        mid = played(44, seed=6, names=["Léa", "Sam"])
        put(page, saved_items((mid, ["random", "random"]), current=0))
        reload(page)
        page.wait_for_selector("#app[data-screen=table]")
        assert page.evaluate(MOVING) == 0
    finally:
        context.close()
