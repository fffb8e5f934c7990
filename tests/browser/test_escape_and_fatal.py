"""Escape closes what is open over the table (as the phone's Back does), and a Python runtime
that dies of a fatal error leaves the page on the error screen with "Reload", never half-dead
(issue 28)."""

from __future__ import annotations

from game_driver import header_entry, new_game
from sitetest import BOOT_TIMEOUT_MS, READY

OVERLAYS = (("rules", "[data-overlay=rules]"), ("saves", "[data-overlay=saves]"))


def test_escape_closes_the_rules_and_the_saved_games(page, page_log):
    new_game(page, seats=("human", "random"), seed="28")
    for entry, overlay in OVERLAYS:
        header_entry(page, entry).click()
        page.wait_for_selector(overlay)
        page.keyboard.press("Escape")
        page.wait_for_selector(overlay, state="detached")
        assert page.locator("#app").get_attribute("data-screen") == "table"
        # the focus goes back to the header entry that opened it
        focused = page.evaluate("document.activeElement && document.activeElement.dataset.key")
        assert focused == f"menu-{entry}"
    # with nothing open, Escape still takes back an unconfirmed choice (no error)
    page.keyboard.press("Escape")
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_a_fatal_error_of_python_shows_the_error_screen_with_reload(page, page_log):
    new_game(page, seats=("human", "random"), seed="29")
    # the one way a page's Python dies: a C-level descent past the WebAssembly stack
    page.evaluate(
        """() => import('./js/pyodide-loader.mjs').then((m) => {
             try {
               m.interpreter().runPython("import json; json.loads('[' * 300000 + ']' * 300000)");
             } catch (e) { /* the fatal error itself is rethrown to the caller */ }
           })"""
    )
    page.wait_for_selector("html[data-app-died]")
    assert page.locator("#boot-error").is_visible()
    assert not page.locator("#app").is_visible()
    assert page.locator("#boot-retry").text_content() == "Reload"
    assert "reload the page" in page.locator("#boot-error-message").text_content()
    # Reload brings the game back from storage, alive, with a clean console
    page_log.console_errors.clear()
    page_log.page_errors.clear()
    page.locator("#boot-retry").click()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector("#app[data-screen=table]")
    assert page.locator("html[data-app-died]").count() == 0
    assert page_log.console_errors == [] and page_log.page_errors == []
