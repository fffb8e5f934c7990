"""The daily park and the statistics in Chromium, through the page only: the same deal for a
date on two fresh profiles and another deal the next day; a daily played to its end, counted
once, shared as text (clipboard) without its seed, nothing copied when the share sheet is
closed; the statistics screen (axe, English and French, phone and laptop)."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime

from game_driver import game_record, header_entry, no_sideways_scroll, play_to_end
from saves_driver import run_axe, storage
from sitetest import BOOT_TIMEOUT_MS, READY

NOON = {"2026-11-23": datetime(2026, 11, 23, 12, tzinfo=UTC),
        "2026-11-24": datetime(2026, 11, 24, 12, tzinfo=UTC)}  # fmt: skip


# The page's clock moved to a date: ``Date.now()`` and ``new Date()`` start at that instant and
# run on. (Playwright's ``clock.set_fixed_time`` also stops ``performance.now``, which PyScript's
# start-up does not survive cleanly.)
SHIFT_DATE = """ms => {
  const RealDate = Date, start = RealDate.now();
  const now = () => ms + (RealDate.now() - start);
  class ShiftedDate extends RealDate {
    constructor(...args) { if (args.length) super(...args); else super(now()); }
    static now() { return now(); }
  }
  globalThis.Date = ShiftedDate;
}"""


# a Web Share API whose sheet the person closes (the browser rejects with an AbortError)
CANCELLED_SHARE = """() => {
  window.__shared = [];
  const share = data => {
    window.__shared.push(data.text);
    return Promise.reject(new DOMException('Share canceled', 'AbortError'));
  };
  Object.defineProperty(Navigator.prototype, 'share', {value: share, configurable: true});
  Object.defineProperty(Navigator.prototype, 'canShare', {value: () => true, configurable: true});
}"""


def open_on(context, url, date, log=None):
    """The app in ``context`` with the page's clock at noon UTC of ``date``."""
    page = context.new_page()
    if log is not None:
        log.watch_page(page)
    ms = int(NOON[date].timestamp() * 1000)
    page.add_init_script(f"({SHIFT_DATE})({ms})")
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    return page


def start_daily(page):
    page.locator("[data-action=daily-start]").click()
    page.wait_for_selector("#app[data-screen=table]")


def deal(page) -> tuple:
    """The seed and what the table shows at the start of the game."""
    table = page.locator("section[data-screen=table] .display, section[data-screen=table]")
    return game_record(page)["options"]["seed"], table.first.inner_text()


def test_same_deal_for_a_date_on_two_fresh_profiles(browser, site_url):
    seen = []
    for date in ("2026-11-23", "2026-11-23", "2026-11-24"):
        context = browser.new_context()  # a fresh profile each time
        try:
            page = open_on(context, site_url, date)
            start_daily(page)
            seen.append(deal(page))
            assert game_record(page)["options"]["variant"] == "solo"
        finally:
            context.close()
    assert seen[0] == seen[1]
    assert seen[0][0] != seen[2][0] and seen[0][1] != seen[2][1]


def test_daily_played_counted_once_shared_and_in_the_statistics(browser, site_url, page_log):
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page_log.watch_context(context)
    try:
        page = open_on(context, site_url, "2026-11-23", page_log)
        assert "Play today's park" in page.locator("[data-action=daily-start]").inner_text()
        start_daily(page)
        seed = game_record(page)["options"]["seed"]
        play_to_end(page, random.Random(1))
        result = page.locator("[data-key=daily-result]")
        assert result.locator("[data-counted=yes]").count() == 1
        text = result.locator(".daily-share-text").inner_text()
        score = page.locator("table.pad td.total").first.get_attribute("data-total")
        assert score in text and "2026-11-23" in text
        assert str(seed) not in text and str(seed)[-6:] not in text
        result.locator("[data-action=daily-share]").click()
        page.wait_for_selector(".daily-shared:not(:empty)")
        assert page.evaluate("navigator.clipboard.readText()") == text
        # a share sheet closed by the person: nothing copied, no note
        page.evaluate(CANCELLED_SHARE)
        page.evaluate("navigator.clipboard.writeText('before')")
        result.locator("[data-action=daily-share]").click()
        page.wait_for_selector(".daily-shared:empty", state="attached")
        assert page.evaluate("window.__shared") == [text]
        assert page.evaluate("navigator.clipboard.readText()") == "before"
        assert run_axe(page) == []
        stats = json.loads(storage(page)["caldera-park/stats"])
        day = stats["daily"]["2026-11-23"]
        assert day["score"] == int(score)
        # a second try the same day: the same deal, played, not counted
        page.locator("[data-key=end-new]").click()
        page.wait_for_selector("[data-action=daily-start]")
        assert "not counted" in page.locator("[data-action=daily-start]").inner_text()
        start_daily(page)
        assert game_record(page)["options"]["seed"] == seed
        play_to_end(page, random.Random(2))
        assert page.locator("[data-key=daily-result] [data-counted=no]").count() == 1
        stats = json.loads(storage(page)["caldera-park/stats"])
        assert stats["daily"]["2026-11-23"] == day
        assert len(stats["games"]) == 2
        # the statistics screen: two solo games, the daily best, the chart; axe; both languages
        for size in ({"width": 360, "height": 740}, {"width": 1366, "height": 768}):
            page.set_viewport_size(size)
            header_entry(page, "stats").click()  # behind "More" on a phone
            page.wait_for_selector("section[data-screen=stats]")
            assert page.locator("[data-game=park] [data-n=played]").inner_text() == "2"
            assert page.locator("[data-fact=daily_best]").inner_text() == score
            assert page.locator(".stats-chart circle").count() == 2
            assert no_sideways_scroll(page)
            assert run_axe(page) == []
            page.locator("[data-action=stats-close]").click()
        page.locator("[data-action=lang]").click()
        page.wait_for_selector("html[lang=fr]")
        page.locator("[data-action=stats]").click()
        page.wait_for_selector("section[data-screen=stats]")
        assert (
            "Parties jouées et gagnées" in page.locator("section[data-screen=stats]").inner_text()
        )
        assert run_axe(page) == []
        page.locator("[data-action=stats-close]").click()
        page.locator("[data-key=end-new]").click()
        page.wait_for_selector("[data-action=daily-start]")
        assert run_axe(page) == []  # the new-game screen with the daily park, in French
        errors = page_log.console_errors + page_log.page_errors
        assert errors == [], "\n".join(errors)
    finally:
        context.close()


def test_a_damaged_statistics_entry_is_reported_and_kept(page, page_log):
    damaged = '{"kind": "caldera-park-stats", "format": 1, "games": ['
    page.evaluate("t => localStorage.setItem('caldera-park/stats', t)", damaged)
    page.locator("[data-action=stats]").click()
    page.wait_for_selector("section[data-screen=stats]")
    alert = page.locator(".stats-problem[role=alert]")
    assert "could not be read" in alert.inner_text()
    assert storage(page)["caldera-park/stats"] == damaged
    assert run_axe(page) == []
    alert.locator("[data-action=stats-rebuild]").click()
    page.wait_for_selector(".stats-problem", state="detached")
    items = storage(page)
    assert items["caldera-park/stats-damaged"] == damaged
    assert json.loads(items["caldera-park/stats"])["games"] == {}
    assert page_log.console_errors == [] and page_log.page_errors == []
