"""The app header's "More" panel (pyapp/ui/frame.py ``header``, ``TableController.menu_open``):
New game and More in the row, every other entry in the panel (drawn inline on wide screens by
the CSS), the panel drawn open or closed from the table's state, opened and closed by input
(More, a tap outside, Escape, Back pressing More, any other input), the focus moved into it and
back, its labels in English and French, on every game's screens (CPython, fake storage)."""

from __future__ import annotations

import pytest
from composed import composed
from storage_fakes import FakeStorage

from pyapp import games
from pyapp.ui import i18n
from pyapp.ui.box import Box
from pyapp.ui.frame import MENU_PANEL_ID, header

ENTRIES = [
    "menu-saves",
    "menu-rules",
    "menu-lang",
    "menu-stats",
    "menu-learn-hints",
    "menu-sound",
]


def make_box():
    """The box with the shell's features composed as the page does (saves, rules, language,
    statistics, hints): the header's entries come from them."""
    app = composed(FakeStorage())
    return app.box, app.rules


def head(box):
    nodes, _ = box.render()
    assert nodes[0].tag == "header"
    return nodes[0]


def keys(e) -> list[str]:
    return [x.attrs["data-key"] for x in e.iter() if x.tag == "button"]


def row_and_panel(h):
    nav = h.find(**{"class": "app-menu"})
    panel = h.find(id=MENU_PANEL_ID)
    row = [c for c in nav.children if c.tag == "button"]
    return nav, row, panel


def test_closed_the_row_holds_new_game_and_more_and_the_panel_every_other_entry():
    box, _ = make_box()
    h = head(box)
    nav, row, panel = row_and_panel(h)
    assert [b.attrs["data-key"] for b in row] == ["menu-new", "menu-more"]
    more = row[1]
    assert more.text() == "More"
    assert more.attrs["aria-expanded"] == "false"
    assert more.attrs["aria-controls"] == MENU_PANEL_ID == panel.attrs["id"]
    assert more.attrs["data-action"] == "menu-more" and more.attrs["type"] == "button"
    assert keys(panel) == ENTRIES  # the order of table.menu: today's full row on wide screens
    assert [b.attrs["data-action"] for b in panel.children] == [m[0] for m in box.table.menu]
    assert "data-open" not in panel.attrs
    assert panel.attrs["data-focus-else"] == "menu-more"
    # closed: no backdrop, no history entry asked for (data-overlay), Back presses nothing
    assert h.find(**{"data-action": "menu-close"}) is None
    assert "data-overlay" not in nav.attrs and "data-overlay-close" not in more.attrs
    assert "menu-open" not in h.classes()


def test_more_opens_the_panel_with_the_focus_on_its_first_entry_and_closes_it_again():
    box, _ = make_box()
    assert box.handle("menu-more", {}) is True
    assert box.table.menu_open is True
    assert box.table.focus == "menu-saves"
    h = head(box)
    nav, row, panel = row_and_panel(h)
    more = row[1]
    assert more.attrs["aria-expanded"] == "true"
    assert panel.attrs["data-open"] == "true"
    assert keys(panel) == ENTRIES
    assert "menu-open" in h.classes()
    # the phone's Back presses More (game-dom.js: [data-overlay] [data-overlay-close])
    assert nav.attrs["data-overlay"] == "menu" and more.attrs["data-overlay-close"] == "true"
    backdrop = h.find(**{"data-action": "menu-close"})
    assert backdrop is not None and backdrop.attrs["aria-hidden"] == "true"
    assert not backdrop.children  # nothing to read: a tap outside closes the panel
    assert box.handle("menu-more", {}) is True
    assert box.table.menu_open is False and box.table.focus == "menu-more"
    assert row_and_panel(head(box))[2].attrs.get("data-open") is None


def test_a_tap_outside_or_escape_closes_the_panel_and_nothing_else():
    box, p = make_box()
    box.handle("start", {})
    box.handle("rules", {})
    assert p.open
    box.handle("menu-more", {})  # opened over the rules: they stay
    assert p.open and box.table.menu_open
    state = box.table.state
    assert box.handle("menu-close", {}) is True  # the backdrop, or Escape (app.py)
    assert box.table.menu_open is False and box.table.focus == "menu-more"
    assert p.open and box.table.state is state
    # closed: a stray "menu-close" changes nothing
    assert box.handle("menu-close", {}) is False
    assert p.open


def test_an_entry_chosen_in_the_panel_acts_and_closes_it():
    box, p = make_box()
    box.handle("menu-more", {})
    assert box.handle("rules", {}) is True
    assert p.open and box.table.menu_open is False
    assert box.table.focus == "rules-title"
    # closing the rules gives the focus back to their entry, which a phone's closed panel
    # cannot take: the page gives it to More (data-focus-else)
    box.handle("rules-close", {})
    assert box.table.focus == "menu-rules"
    box.handle("menu-more", {})
    box.handle("lang", {})
    assert i18n.language() == "fr" and box.table.menu_open is False
    box.handle("menu-more", {})
    box.handle("menu-new", {})  # New game in the row also closes it
    assert box.table.menu_open is False and box.table.screen == "setup"


def test_labels_in_french():
    box, _ = make_box()
    box.handle("lang", {})
    assert i18n.language() == "fr"
    box.handle("menu-more", {})
    h = head(box)
    _, row, panel = row_and_panel(h)
    assert [b.text() for b in row] == ["Nouvelle partie", "Plus"]
    assert h.find(**{"class": "app-menu"}).attrs["aria-label"] == "Menu"
    texts = [b.text() for b in panel.children]
    assert texts == [
        "Parties enregistrées",
        "Règles",
        "English",
        "Statistiques",
        "Conseils\u00a0: non",
        "Son\u00a0: oui",
    ]
    lang_entry = panel.find(**{"data-key": "menu-lang"})
    assert lang_entry.attrs["lang"] == "en"  # the language's own name, in that language
    box.handle("menu-close", {})
    i18n.set_language("en")
    _, row, panel = row_and_panel(head(box))
    assert [b.text() for b in row] == ["New game", "More"]
    assert [b.text() for b in panel.children][:3] == ["Saved games", "Rules", "Français"]


@pytest.mark.parametrize("game_id", [e.id for e in games.ENTRIES if e.ready])
def test_every_game_on_its_form_and_its_table_draws_the_same_header(game_id):
    box, _ = make_box()
    box.handle("game-choose", {"game": game_id})
    for screen in ("setup", "table"):
        if screen == "table":
            box.handle("start", {})
            assert box.table.state is not None, box.table.form.error
        h = head(box)
        _, row, panel = row_and_panel(h)
        assert [b.attrs["data-key"] for b in row] == ["menu-new", "menu-more"], screen
        assert keys(panel) == ENTRIES, screen
        box.handle("menu-more", {})
        assert row_and_panel(head(box))[2].attrs["data-open"] == "true"
        box.handle("menu-more", {})


def test_choosing_another_game_closes_the_panel():
    box, _ = make_box()
    box.handle("menu-more", {})
    park = box.table
    box.handle("game-choose", {"game": "pyramids"})
    assert park.menu_open is False and box.table.menu_open is False
    box.handle("game-choose", {"game": "park"})
    assert "data-open" not in row_and_panel(head(box))[2].attrs


def test_a_table_without_other_entries_has_no_more_button():
    box = Box(FakeStorage())
    h = header(box.table)
    assert keys(h) == ["menu-new"]
    assert h.find(id=MENU_PANEL_ID) is None
