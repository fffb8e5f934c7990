"""On a 360x740 phone, in English and French: every entry of the app header is reachable and
seen, the header stays one row, on the game chooser, a Caldera Park, a Caldera (pyramids) and a
Caledea table, and a scoring pad. Each entry is either wholly in view or in the "More" panel,
whose opening shows it wholly in view over the game (the header and the game do not move); an
entry chosen from it acts (the rules open) and closes it; Escape, a tap outside and the phone's
Back close it, the focus going into the panel and back to More; axe-core clean with it open;
the console clean. Screenshots: test-artifacts/phonemenu-*.png (closed and open, EN and FR)."""

from __future__ import annotations

import pytest
from game_driver import HUMAN_TURN, fill_seats_and_start, screenshot, wait_for_human_or_end
from saves_driver import played, put, run_axe, saved_items
from sitetest import PageLog, open_app, reload

PHONE = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
PANEL = "#menu-more-panel"
OPEN = f"{PANEL}[data-open]"
MORE = "[data-key=menu-more]"

# the header's entries: for each, whether it is wholly in view (a tap at its centre reaches it)
# and whether it sits in the More panel; plus the header's box and its visible row's tops
_HEADER = """() => {
  const W = window.innerWidth, H = window.innerHeight;
  const head = document.querySelector('.app-header');
  const hb = head.getBoundingClientRect();
  const entries = {};
  for (const el of head.querySelectorAll('button[data-action]')) {
    const r = el.getBoundingClientRect();
    const shown = r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    const inside = shown && r.left >= -0.5 && r.top >= -0.5 && r.right <= W + 0.5
      && r.bottom <= H + 0.5;
    const hit = inside && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    entries[el.getAttribute('data-key')] = {
      inView: Boolean(inside && hit && el.contains(hit)),
      inPanel: Boolean(el.closest('#menu-more-panel')),
      text: el.textContent,
    };
  }
  const row = [head.querySelector('.app-name'),
               ...head.querySelectorAll('.app-menu > button')]
    .map(el => el.getBoundingClientRect()).filter(r => r.width > 0);
  const body = document.querySelector('#app > section, #app > nav.game-chooser');
  return {entries, header: [hb.top, hb.bottom, hb.height],
          rowTops: row.map(r => Math.round(r.top + r.height / 2)),
          bodyTop: body ? body.getBoundingClientRect().top : null,
          scrollX: document.documentElement.scrollWidth > W + 0.5};
}"""


def _state(page):
    return page.evaluate(_HEADER)


def _one_row(state, where):
    tops = state["rowTops"]
    assert tops and max(tops) - min(tops) <= 2, (where, tops)  # every item on one line
    assert state["header"][2] <= 64, (where, state["header"])  # one 44 px row and its padding
    assert not state["scrollX"], where


def _focused(page) -> str | None:
    return page.evaluate(
        "document.activeElement && document.activeElement.getAttribute('data-key')"
    )


def check_header(page, where: str, shots: str | None = None) -> None:
    """Every entry in view, or in the panel and in view once More is open; one row; opening
    it moves neither the header nor the game; Escape closes it with the focus back on More."""
    closed = _state(page)
    _one_row(closed, where)
    entries = closed["entries"]
    assert {"menu-new", "menu-more", "menu-rules", "menu-saves", "menu-lang"} <= set(entries)
    assert entries["menu-new"]["inView"] and entries["menu-more"]["inView"], where
    hidden = [k for k, e in entries.items() if not e["inView"]]
    assert all(entries[k]["inPanel"] for k in hidden), (where, hidden)
    assert page.locator(MORE).get_attribute("aria-expanded") == "false"
    if shots:
        screenshot(page, f"phonemenu-{shots}-closed.png", full_page=False)
    page.locator(MORE).tap()
    page.wait_for_selector(OPEN)
    assert page.locator(MORE).get_attribute("aria-expanded") == "true"
    opened = _state(page)
    _one_row(opened, where)
    for key in hidden:
        assert opened["entries"][key]["inView"], (where, key, "with More open")
    assert opened["header"] == closed["header"] and opened["bodyTop"] == closed["bodyTop"], where
    first = page.locator(f"{PANEL} button").first.get_attribute("data-key")
    assert _focused(page) == first, where  # the focus went into the panel
    if shots:
        screenshot(page, f"phonemenu-{shots}-open.png", full_page=False)
    page.keyboard.press("Escape")
    page.wait_for_selector(OPEN, state="detached")
    assert _focused(page) == "menu-more", where
    assert _state(page)["entries"] == entries, where


def _caldera_table(page):
    page.locator("[data-key=menu-new]").tap()
    page.locator("[data-action=game-choose][data-game=pyramids]").tap()
    page.wait_for_selector("#app[data-game=pyramids][data-screen=setup]")
    fill_seats_and_start(page, ("human", "greedy"), None, "11")
    assert wait_for_human_or_end(page) == "table"


def _caledea_table(page):
    page.locator("[data-key=menu-new]").tap()
    page.locator("[data-action=game-choose][data-game=caledea]").tap()
    page.wait_for_selector("#app[data-game=caledea][data-screen=setup]")
    for i, kind in enumerate(("human", "greedy")):  # (its seats also choose a kingdom)
        page.locator(f"select[data-action=kind][data-seat='{i}']").select_option(kind)
    page.locator("input[data-action=seed]").fill("7")
    page.locator("[data-action=start]").tap()
    assert wait_for_human_or_end(page) == "table"


def _park_table(page):
    fill_seats_and_start(page, ("human", "random"), ("Lin", "Sam"), "9")
    assert wait_for_human_or_end(page) == "table"


def _more_entry_acts_and_closes(page, rules_title: str):
    """Rules chosen from More: the rules open, the panel closes; closing the rules gives the
    focus to More (the entry itself is hidden in the closed panel)."""
    page.locator(MORE).tap()
    page.wait_for_selector(OPEN)
    page.locator("[data-key=menu-rules]").tap()
    page.wait_for_selector("[data-overlay=rules]")
    assert page.locator(OPEN).count() == 0
    assert page.locator(MORE).get_attribute("aria-expanded") == "false"
    assert page.locator("#rules-title").text_content() == rules_title
    page.locator("[data-key=rules-close]").tap()
    page.wait_for_selector("[data-overlay=rules]", state="detached")
    assert _focused(page) == "menu-more"


def _back_and_outside_close(page):
    """The phone's Back closes the panel (the app stays, no history entry left behind); a tap
    outside closes it without acting on what lies beneath."""
    url = page.url
    page.locator(MORE).tap()
    page.wait_for_selector(OPEN)
    page.wait_for_function("history.state && history.state.calderaOverlay === 'menu'")
    page.go_back()
    page.wait_for_selector(OPEN, state="detached")
    assert page.url == url
    page.wait_for_function("history.state === null || !history.state.calderaOverlay")
    assert _focused(page) == "menu-more"
    record = page.evaluate("CalderaGame('record')")
    screen = page.locator("#app").get_attribute("data-screen")
    page.locator(MORE).tap()
    page.wait_for_selector(OPEN)
    page.touchscreen.tap(40, 600)  # on the game, under the backdrop
    page.wait_for_selector(OPEN, state="detached")
    assert page.evaluate("CalderaGame('record')") == record
    assert page.locator("#app").get_attribute("data-screen") == screen
    page.wait_for_function("history.state === null || !history.state.calderaOverlay")


@pytest.mark.parametrize(
    ("locale", "lang", "more", "rules"),
    [
        ("en-US", "en", "More", "Rules reference"),
        ("fr-FR", "fr", "Plus", "Aide-mémoire des règles"),
    ],
)
def test_every_header_entry_is_reachable_on_a_phone(browser, site_url, locale, lang, more, rules):
    context = browser.new_context(locale=locale, **PHONE)
    log = PageLog()
    try:
        page = open_app(context, site_url, log)
        page.wait_for_selector(f"html[lang={lang}]")
        assert page.locator(MORE).text_content() == more
        check_header(page, "game chooser", shots=f"{lang}-chooser")
        _park_table(page)
        check_header(page, "Caldera Park table", shots=f"{lang}-park")
        _more_entry_acts_and_closes(page, rules)
        _back_and_outside_close(page)
        page.locator(MORE).tap()
        page.wait_for_selector(OPEN)
        assert run_axe(page) == [], "panel open"
        page.keyboard.press("Escape")
        _caldera_table(page)
        check_header(page, "Caldera table", shots=f"{lang}-pyramids")
        _more_entry_acts_and_closes(page, rules)
        _caledea_table(page)
        check_header(page, "Caledea table", shots=f"{lang}-caledea")
        _back_and_outside_close(page)
        # a scoring pad (a finished game resumed)
        put(
            page,
            saved_items(
                (played(10_000, seed=9, names=["Léa", "Sam"]), ["human", "random"]), current=0
            ),
        )
        reload(page)
        page.wait_for_selector("#app[data-screen=end]")
        check_header(page, "scoring pad", shots=f"{lang}-end")
        assert log.console_errors == [] and log.page_errors == [], log.console_errors[:3]
    finally:
        context.close()


def test_the_wide_row_is_unchanged(page):
    """On a laptop (Playwright's 1280x720) every entry is in the row, More is hidden and the
    panel is the row itself."""
    state = _state(page)
    entries = state["entries"]
    shown = [k for k, e in entries.items() if e["inView"]]
    assert "menu-more" not in shown
    assert shown == [k for k in entries if k != "menu-more"]
    assert not any(e["inPanel"] and not e["inView"] for e in entries.values())
    _one_row(state, "laptop")


@pytest.mark.parametrize("size", [(390, 844), (740, 360)])
def test_one_row_on_a_phone_held_either_way_in_french(browser, site_url, size):
    """French, the longest words: at 390x844 and held sideways (740x360, where the whole row
    would take two lines) the header is one row, every entry in view or behind "Plus", whose
    entries are 44 px touch targets."""
    width, height = size
    context = browser.new_context(
        locale="fr-FR", **{**PHONE, "viewport": {"width": width, "height": height}}
    )
    log = PageLog()
    try:
        page = open_app(context, site_url, log)
        page.wait_for_selector("html[lang=fr]")
        check_header(page, f"game chooser {size}")
        _park_table(page)
        check_header(page, f"Caldera Park table {size}")
        page.locator(MORE).tap()
        page.wait_for_selector(OPEN)
        boxes = page.locator(f"{PANEL} button").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect()).map(r => [r.width, r.height])"
        )
        assert len(boxes) >= 4 and all(w >= 43.5 and h >= 43.5 for w, h in boxes), boxes
        page.keyboard.press("Escape")
        assert log.console_errors == [] and log.page_errors == [], log.console_errors[:3]
    finally:
        context.close()


def test_a_bot_moving_while_the_panel_is_open_leaves_it_the_focus(browser, site_url):
    """Two bots play before the person: the panel opened meanwhile stays open with the focus in
    it when the person's turn comes (which would otherwise focus the board)."""
    context = browser.new_context(**PHONE)
    log = PageLog()
    try:
        page = open_app(context, site_url, log)
        fill_seats_and_start(page, ("random", "random", "human"), ("Bo", "Bi", "Lin"), "4")
        page.locator(MORE).tap()
        page.wait_for_selector(OPEN)
        assert page.locator(HUMAN_TURN).count() == 0  # the bots are still to move
        assert _focused(page) == "menu-saves"
        page.wait_for_selector(HUMAN_TURN, timeout=60_000)
        assert page.locator(OPEN).count() == 1 and _focused(page) == "menu-saves"
        page.keyboard.press("Escape")
        page.wait_for_selector(OPEN, state="detached")
        assert _focused(page) == "menu-more"
        assert log.console_errors == [] and log.page_errors == [], log.console_errors[:3]
    finally:
        context.close()
