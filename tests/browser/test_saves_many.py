"""Many saved games: the list opens with the last played ones and does not redraw while nothing
changes, even with a game of bots running behind it; another tab's change does redraw it."""

from __future__ import annotations

import time

from saves_driver import games_in, open_saves, put, reload, storage
from sitetest import PageLog, open_app

from tools.bench_saves import saved_games

GAMES = 120


def renders(page) -> int:
    return int(page.locator("#app").get_attribute("data-renders"))


def test_the_open_list_does_not_redraw_while_idle(context, site_url):
    log = PageLog()
    page = open_app(context, site_url, log)
    put(page, saved_games(GAMES, bots=True))  # the running game: bots only
    reload(page)
    # behind the list, the bots play on and redraw the table
    before = renders(page)
    page.wait_for_function("n => +document.getElementById('app').dataset.renders > n + 2",
                           arg=before, timeout=30_000)  # fmt: skip

    open_saves(page)
    assert page.locator("li.save-item").count() == 40
    assert page.locator("[data-action=saves-more]").is_visible()
    opened = renders(page)
    time.sleep(2.5)
    assert renders(page) == opened, "the list redrew while nothing changed"

    # another tab (a page of the origin that does not run the app) deletes a game: the list is
    # redrawn, without it
    other = context.new_page()
    other.goto(site_url + "pyscript.toml")
    gone = sorted(games_in(storage(other)))[-1]
    other.evaluate("k => localStorage.removeItem(k)", "caldera-park/game/" + gone)
    page.wait_for_function("n => +document.getElementById('app').dataset.renders > n",
                           arg=opened, timeout=10_000)  # fmt: skip
    assert page.locator(f"li.save-item[data-id='{gone}']").count() == 0
    settled = renders(page)
    time.sleep(1.5)
    assert renders(page) == settled
    assert log.console_errors == [] and log.page_errors == []
