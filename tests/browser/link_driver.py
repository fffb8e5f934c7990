"""What the browser tests of games by link share: the page's drawing count, and waiting for
the next drawing and a settled screen (``settled``: a CSS selector of the screens that end a
step)."""

from __future__ import annotations

WAIT = 120_000


def renders(page) -> str:
    return page.locator("#app").get_attribute("data-renders")


def settle(page, before: str, settled: str) -> None:
    """Wait for a drawing after ``before`` (a ``renders`` value), then for ``settled``."""
    page.wait_for_function(
        "n => document.querySelector('#app').getAttribute('data-renders') !== n",
        arg=before,
        timeout=WAIT,
    )
    page.wait_for_selector(settled, timeout=WAIT)
