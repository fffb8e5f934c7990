"""The scoring pad says every player's name whole in its column head (no "Robot…"), on a
360 x 740 phone with four long names and on a laptop: a finished game, restored from its save."""

from __future__ import annotations

import pytest
from game_driver import screenshot
from saves_driver import played, put, reload, saved_items
from sitetest import open_app

NAMES = ["Marie-Antoinette", "Robot glouton", "Ordinateur fort", "Léa"]
SIZES = {
    "360x740": {
        "viewport": {"width": 360, "height": 740},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    },
    "1366x768": {"viewport": {"width": 1366, "height": 768}},
}

# each player's column head: its text, and whether its box cuts it
_HEADS = """() => [...document.querySelectorAll('table.pad thead th')].slice(1).map(th => ({
  text: th.textContent,
  cut: th.scrollWidth > th.clientWidth + 0.5 || th.scrollHeight > th.clientHeight + 0.5,
}))"""


@pytest.mark.parametrize("size", list(SIZES))
def test_every_name_whole_at_the_head_of_the_pad(browser, site_url, size):
    context = browser.new_context(**SIZES[size])
    try:
        page = open_app(context, site_url)
        over = played(10_000, players=4, seed=3, names=NAMES)
        put(page, saved_items((over, ["human", "greedy", "strong", "random"]), current=0))
        reload(page)
        page.wait_for_selector("#app[data-screen=end] table.pad")
        heads = page.evaluate(_HEADS)
        assert [h["text"] for h in heads] == NAMES
        screenshot(page, f"pad-names-{size}.png", full_page=False)
        for head in heads:
            assert not head["cut"], f"{head['text']!r} is cut at the head of the pad"
        # the pad fits the screen's width (no sideways scrolling to read a column)
        assert page.evaluate(
            "() => { const w = document.querySelector('.pad-wrap');"
            " return w.scrollWidth <= w.clientWidth + 0.5; }"
        )
    finally:
        context.close()
