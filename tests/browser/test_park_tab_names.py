"""The park tabs on a 360 x 740 phone say every name whole (issue 15: no truncated names): two to
four players, default and typed names, English and French; each tab is still a 44 px target."""

from __future__ import annotations

import pytest
from game_driver import header_entry, new_game
from sitetest import open_app

PHONE = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}

# each visible tab: its name, whether the name's box cuts its text, the tab's height and right edge
_TABS = """() => [...document.querySelectorAll('.park-tab')].filter(t => t.offsetParent).map(t => {
  const n = t.querySelector('.tab-name'), r = t.getBoundingClientRect();
  return {name: n.textContent, cut: n.scrollWidth > n.clientWidth + 0.5
          || n.scrollHeight > n.clientHeight + 0.5, height: r.height, right: r.right};
})"""

CASES = [
    ("en", ("human", "greedy"), None),
    ("en", ("human", "random", "greedy", "strong"), None),
    ("fr", ("human", "greedy", "strong"), None),
    ("fr", ("human", "greedy"), ("Joueur 1", "Robot glouton")),
    ("fr", ("human", "random", "greedy", "strong"), ("Léa", "Ordinateur", "Glouton", "Fort")),
]


@pytest.mark.parametrize(("lang", "seats", "names"), CASES)
def test_every_name_whole_in_its_tab(browser, site_url, lang, seats, names):
    context = browser.new_context(**PHONE)
    try:
        page = open_app(context, site_url)
        if lang == "fr":
            header_entry(page, "lang").click()
            page.wait_for_selector("html[lang=fr]")
        new_game(page, seats=seats, names=names)
        tabs = page.evaluate(_TABS)
        assert len(tabs) == len(seats)
        if names:
            assert [tab["name"] for tab in tabs] == list(names)
        for tab in tabs:
            assert not tab["cut"], f"{tab['name']!r} is cut in its tab"
            assert tab["height"] >= 44 - 0.5
            assert tab["right"] <= PHONE["viewport"]["width"]
    finally:
        context.close()
