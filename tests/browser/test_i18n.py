"""English and French: the first language comes from the browser, the switch is remembered, and
after switching to French no English string of the catalogue is left on the new-game screen,
the table, the scoring pad, the saved-games list or the rules reference."""

from __future__ import annotations

import re

from game_driver import HUMAN_TURN
from saves_driver import catalogues, open_saves, played, put, reload, saved_items, storage
from sitetest import open_app

PAGE_TEXT = """() => {
    const app = document.getElementById('app');
    const parts = [app.innerText];
    for (const el of app.querySelectorAll('*')) {
        for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
            const v = el.getAttribute(a);
            if (v) parts.push(v);
        }
    }
    for (const t of app.querySelectorAll('title')) parts.push(t.textContent);
    return parts.join('\\n');
}"""


def english_fragments() -> list[re.Pattern]:
    """Pieces of English text (between placeholders) that no French text contains."""
    en, fr = catalogues()
    french = "\n".join(fr.values()).lower()
    out = set()
    for key, text in en.items():
        if key == "lang.switch" or text == fr.get(key):
            continue
        for piece in re.split(r"\{[^}]*\}", text):
            piece = piece.strip(" ,.:;!?()·—-\u2026\u201c\u201d")
            if sum(c.isalpha() for c in piece) >= 3 and piece.lower() not in french:
                out.add(piece)
    assert len(out) > 150
    return [re.compile(r"(?<!\w)" + re.escape(p) + r"(?!\w)") for p in sorted(out)]


ENGLISH = english_fragments()


def english_left(page) -> list[str]:
    text = page.evaluate(PAGE_TEXT)
    return [p.pattern for p in ENGLISH if p.search(text)]


def test_language_follows_the_browser_the_first_time(browser, site_url):
    for locale, lang, title in (("fr-FR", "fr", "Nouvelle partie"), ("en-GB", "en", "New game")):
        context = browser.new_context(locale=locale)
        try:
            page = open_app(context, site_url)
            assert page.locator("html").get_attribute("lang") == lang
            assert page.locator("#setup-title").text_content() == title
            assert "caldera-park/lang" not in storage(page)  # nothing chosen yet
        finally:
            context.close()


def test_boot_screens_and_game_pick_the_same_language(browser, site_url):
    # the first of the browser's languages that the app speaks: French after German
    context = browser.new_context(locale="de-DE")
    context.add_init_script(
        "Object.defineProperty(navigator, 'languages', {get: () => ['de-DE', 'fr-FR']})"
    )
    try:
        page = open_app(context, site_url)
        assert page.locator("#setup-title").text_content() == "Nouvelle partie"
        assert page.locator("#boot-retry").text_content() == "Réessayer"
        assert page.locator("#update-accept").text_content() == "Mettre à jour"
    finally:
        context.close()


def test_french_throughout_after_switching(page):
    assert page.locator("#setup-title").text_content() == "New game"
    assert len(english_left(page)) > 10  # the check does see English when it is there
    page.locator("[data-action=lang]").click()
    page.wait_for_selector("html[lang=fr]")
    assert page.locator("[data-action=lang]").text_content() == "English"
    assert storage(page)["caldera-park/lang"] == "fr"
    assert page.locator("#setup-title").text_content() == "Nouvelle partie"
    assert english_left(page) == []

    # the table of a game in progress (the language is remembered over a reload)
    mid = played(40, seed=5, names=["Léa", "Théo"])
    put(page, saved_items((mid, ["human", "random"]), current=0))
    reload(page)
    page.wait_for_selector(HUMAN_TURN)
    assert page.locator("html").get_attribute("lang") == "fr"
    assert english_left(page) == []
    assert "Manche" in page.locator(".status-bar").text_content()

    # the saved-games list and the rules reference
    open_saves(page)
    assert english_left(page) == []
    assert re.search(
        r"\d{1,2}\s\w+\.?\s\d{4} à \d\d:\d\d", page.locator(".save-facts").first.text_content()
    )
    page.locator("[data-action=rules]").click()
    page.wait_for_selector("section[data-screen=rules]")
    assert english_left(page) == []
    assert "Orage" in page.locator("section[data-screen=rules]").text_content()

    # the scoring pad of a finished game
    over = played(10_000, seed=8, names=["Léa", "Théo"])
    put(page, saved_items((over, ["human", "random"]), current=0))
    reload(page)
    page.wait_for_selector("#app[data-screen=end]")
    assert english_left(page) == []
    assert "Feuille de score" in page.locator("#app").inner_text()

    # and back to English
    page.locator("[data-action=lang]").click()
    page.wait_for_selector("html[lang=en]")
    assert "Scoring pad" in page.locator("#app").inner_text()
    assert storage(page)["caldera-park/lang"] == "en"
