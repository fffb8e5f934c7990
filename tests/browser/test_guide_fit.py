"""The guided first game's explanations at the table, measured by element geometry: at every step
of a whole guided game on a 360x740 phone (English and French), a 390x844 one (French), a
1366x768 laptop and a phone in landscape (740x360), the tip's text and its two buttons, the
prompt, the pieces to choose from and Confirm are all inside the viewport with no scrolling, and
nothing moves while the person chooses. "Got it" and "Skip the guide" taken mid-choice move
nothing either (the tip's room stays with a note until the decision is taken), work from the
keyboard, and leave the page axe-clean."""

from __future__ import annotations

import random

import pytest
from fit_driver import BOXES, PHONE_390, STEADY, VIEWPORTS, check_decision, choose_steadily
from game_driver import HUMAN_TURN, TABLE, header_entry, screenshot, wait_for_human_or_end
from saves_driver import run_axe
from sitetest import PageLog, open_app

SIZES = {**VIEWPORTS, "390x844": PHONE_390}
TIP = "[data-key=guide-tip]"
# the tip's box, its text and its buttons (besides what check_decision wants of the decision)
TIP_PARTS = [TIP, f"{TIP} p", "[data-action=guide-ok]", "[data-action=guide-skip]"]

# the boxes of ``sels`` that are not wholly inside the viewport under the header
_OUTSIDE = """(sels) => {
  const head = document.querySelector('.app-header').getBoundingClientRect().bottom;
  const out = [];
  for (const sel of sels) {
    const el = document.querySelector(sel);
    if (!el) { out.push([sel, 'missing']); continue; }
    const r = el.getBoundingClientRect();
    if (r.top < head - 0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5
        || r.right > innerWidth + 0.5 || r.height === 0)
      out.push([sel, Math.round(r.top), Math.round(r.bottom)]);
  }
  return out;
}"""


def start_guide(browser, site_url, size: str, lang: str):
    context = browser.new_context(**SIZES[size])
    log = PageLog()
    page = open_app(context, site_url, log)
    if lang == "fr":
        header_entry(page, "lang").click()
        page.wait_for_selector("html[lang=fr]")
    page.locator("[data-key=guide-offer] [data-action=guide-start]").click()
    page.wait_for_selector(TABLE)
    page.locator("[data-action=speed]").click()  # the greedy bot at the fast pace
    return context, page, log


def tip_in_view(page, where: str) -> str:
    """The tip of the decision on the table is drawn and wholly in view; returns its id."""
    assert page.locator(TIP).count() == 1, f"{where}: no tip"
    out = page.evaluate(_OUTSIDE, TIP_PARTS)
    assert out == [], f"{where}: the tip is not in view: {out}"
    # its text is all shown (nothing clipped inside the box)
    for sel in (TIP, f"{TIP} p"):
        clipped = page.locator(sel).evaluate("e => e.scrollHeight > e.clientHeight + 1")
        assert not clipped, f"{where}: {sel} clipped"
    return page.locator(TIP).get_attribute("data-tip")


@pytest.mark.parametrize(
    ("size", "lang"),
    # the narrowest phone in the longer language, the short landscape phone and the laptop
    # (390x844 is wider and taller than 360x740, and the English tips shorter than the French:
    # the suite's time goes to the sizes that can fail first)
    [("360x740", "fr"), ("1366x768", "en"), ("740x360", "en")],
)
def test_the_tip_and_the_decision_are_in_view_at_every_step(browser, site_url, size, lang):
    context, page, log = start_guide(browser, site_url, size, lang)
    try:
        rng = random.Random(5)
        seen: dict[str, int] = {}
        steps = 0
        while wait_for_human_or_end(page) != "end":
            kind = page.locator(HUMAN_TURN).get_attribute("data-decision")
            where = f"{size} {lang} step {steps} ({kind})"
            tip = tip_in_view(page, where)
            check_decision(page, kind)  # the prompt, the park, the pieces, Confirm; no scroll
            if tip not in seen:
                seen[tip] = steps
                screenshot(page, f"guide-{size}-{lang}-{tip}.png", full_page=False)
            choose_steadily(page, kind, rng)  # nothing moves while choosing
            steps += 1
            assert steps < 200
        assert {"setup", "forecast", "marmot", "place", "place_after_bot"} <= set(seen), seen
        assert steps > 30  # the whole game, every step of it
        assert log.console_errors == [] and log.page_errors == []
    finally:
        context.close()


def _finish_weather(page) -> None:
    """The weather token chosen: its space when there is a choice, then Confirm."""
    if page.locator("[data-action=confirm][disabled]").count():
        page.locator("g[data-action=space]").first.click()
    page.locator("[data-action=confirm]").click()


def test_got_it_and_skip_mid_choice_move_nothing(browser, site_url):
    context, page, log = start_guide(browser, site_url, "360x740", "fr")
    try:
        # the first decision: a weather token chosen, then "Got it" by the keyboard
        wait_for_human_or_end(page)
        assert tip_in_view(page, "setup") == "setup"
        page.locator("button[data-action=slot]").first.click()
        before = page.evaluate(BOXES, STEADY)
        page.locator("[data-action=guide-ok]").focus()
        page.keyboard.press("Enter")
        held = page.locator("[data-key=guide-held]")
        held.wait_for()
        assert page.evaluate(BOXES, STEADY) == before, "the table moved"
        assert "ne reviendra pas" in held.inner_text()
        assert page.locator(TIP).count() == 0
        # the keyboard goes on with the decision's pieces
        assert page.evaluate("document.activeElement.closest('.weather-panel') !== null")
        assert run_axe(page) == []
        # the decision taken, the next one comes with its own tip and no note
        _finish_weather(page)
        wait_for_human_or_end(page)
        assert page.locator("[data-key=guide-held]").count() == 0
        assert tip_in_view(page, "forecast") == "forecast"
        tipped = page.locator(".park-box").bounding_box()["height"]
        # "Skip the guide" mid-choice: nothing moves, a note says so
        page.locator("button[data-action=slot]").first.click()
        before = page.evaluate(BOXES, STEADY)
        page.locator("[data-action=guide-skip]").click()
        held.wait_for()
        assert page.evaluate(BOXES, STEADY) == before, "the table moved"
        assert "Guide passé" in held.inner_text()
        # from the next decision on: no tip, and the park has its whole size again
        _finish_weather(page)
        wait_for_human_or_end(page)
        assert page.locator(f"{TIP}, [data-key=guide-held]").count() == 0
        assert page.locator(".park-box").bounding_box()["height"] > tipped + 40
        assert log.console_errors == [] and log.page_errors == []
    finally:
        context.close()
