"""The park tabs on a 360 x 740 phone say every name whole (issue 15: no truncated names): two to
four players, default and typed names, English and French; each tab is still a 44 px target. So
do they beside the guided game's tip on a phone held sideways."""

from __future__ import annotations

import pytest
from fit_driver import VIEWPORTS
from game_driver import header_entry, new_game
from sitetest import open_app

PHONE = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}

# each visible tab: its name, whether the name's box cuts its text or is narrower than its longest
# word (which would break inside that word), the tab's height and right edge
_TABS = """() => [...document.querySelectorAll('.park-tab')].filter(t => t.offsetParent).map(t => {
  const n = t.querySelector('.tab-name'), r = t.getBoundingClientRect(), cs = getComputedStyle(n);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const word = Math.max(...n.textContent.split(/\\s+/).map(w => pen.measureText(w).width));
  return {name: n.textContent, cut: n.scrollWidth > n.clientWidth + 0.5
          || n.scrollHeight > n.clientHeight + 0.5, split: n.clientWidth + 0.5 < word,
          height: r.height, right: r.right};
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
            assert not tab["split"], f"{tab['name']!r} breaks inside a word"
            assert tab["height"] >= 44 - 0.5
            assert tab["right"] <= PHONE["viewport"]["width"]
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_names_whole_beside_the_guided_games_tip_on_a_phone_held_sideways(browser, site_url, lang):
    """The guide's tip takes a column of its own there: "Show families" becomes its picture (a
    44 px button still named by its words) so that the tabs say "Player 1" and the bot whole."""
    context = browser.new_context(**VIEWPORTS["740x360"])
    try:
        page = open_app(context, site_url)
        if lang == "fr":
            header_entry(page, "lang").click()
            page.wait_for_selector("html[lang=fr]")
        page.locator("[data-key=guide-offer] [data-action=guide-start]").click()
        page.wait_for_selector("[data-key=guide-tip]")
        tabs = page.evaluate(_TABS)
        assert len(tabs) == 2
        for tab in tabs:
            assert not tab["cut"], f"{tab['name']!r} is cut in its tab"
            assert not tab["split"], f"{tab['name']!r} breaks inside a word"
            assert tab["height"] >= 44 - 0.5
        toggle = page.locator("[data-action=families]")
        box = toggle.bounding_box()
        assert box["width"] >= 44 - 0.5 and box["height"] >= 44 - 0.5
        assert page.locator("[data-action=families] .fam-icon").is_visible()
        name = "Show families" if lang == "en" else "Voir les familles"
        assert page.get_by_role("button", name=name).count() == 1
        toggle.click()
        assert toggle.get_attribute("aria-pressed") == "true"
    finally:
        context.close()
