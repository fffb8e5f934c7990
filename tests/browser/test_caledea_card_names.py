"""Caledea's kingdom cards on a 360 x 740 phone say every player's name whole (no "Joueur 2
(ordina…"): a computer player's name with its "(computer)", and a long typed name, in French."""

from __future__ import annotations

from game_driver import header_entry, screenshot
from sitetest import open_app

PHONE = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}

# each card's name: its text, and whether its box cuts it (or the card goes past the screen)
_NAMES = """() => [...document.querySelectorAll('.cal-card .who')].map(n => ({
  text: n.textContent,
  cut: n.scrollWidth > n.clientWidth + 0.5 || n.scrollHeight > n.clientHeight + 0.5
       || n.closest('.cal-card').getBoundingClientRect().right > innerWidth + 0.5,
}))"""


def test_every_name_whole_on_the_kingdom_cards(browser, site_url):
    context = browser.new_context(**PHONE)
    try:
        page = open_app(context, site_url)
        header_entry(page, "lang").click()
        page.wait_for_selector("html[lang=fr]")
        page.locator("[data-action=game-choose][data-game=caledea]").click()
        page.wait_for_selector("#app[data-game=caledea] section[data-screen=setup]")
        long_name = "Marie-Antoinette de Bourbon-Parme"
        for i, (kind, name) in enumerate((("human", long_name), ("greedy", "Joueur 2"))):
            page.locator(f"select[data-action=kind][data-seat='{i}']").select_option(kind)
            page.locator(f"input[data-action=name][data-seat='{i}']").fill(name)
        page.locator("[data-action=start]").click()
        page.wait_for_selector("#app[data-screen=table]")
        names = page.evaluate(_NAMES)
        assert [n["text"] for n in names] == [long_name, "Joueur 2 (ordinateur)"]
        page.locator(".cal-cards").scroll_into_view_if_needed()
        screenshot(page, "caledea-cards-360x740-fr.png", full_page=False)
        for n in names:
            assert not n["cut"], f"{n['text']!r} is cut on its card"
    finally:
        context.close()
