"""Every park at the table: a tab per player (one tap away on phones), thumbnails that mark
each park's last placement, live after every move."""

from __future__ import annotations

from test_table_previews import _park_svg, _place_decision
from uihelpers import click, offered, render


def _thumb(c, p):
    nodes, _ = render(c)
    return next(e for n in nodes for e in n.iter() if e.attrs.get("data-key") == f"thumb-{p}")


def test_a_tab_per_player_shows_that_park_and_back():
    c = _place_decision()
    tabs = [e for e in offered(c, "view") if e.attrs.get("data-tab")]
    assert [e.attrs["data-player"] for e in tabs] == ["0", "1"]
    assert [e.attrs["aria-pressed"] for e in tabs] == ["true", "false"]
    click(c, tabs[1])
    assert c.viewing == 1 and c.focus == "tab-1"
    assert _park_svg(c).attrs["data-player"] == "1"
    tabs = [e for e in offered(c, "view") if e.attrs.get("data-tab")]
    assert [e.attrs["aria-pressed"] for e in tabs] == ["false", "true"]
    click(c, tabs[0])
    assert c.viewing is None and _park_svg(c).attrs["data-player"] == "0"


def test_thumbnails_mark_the_last_placement_of_each_park():
    c = _place_decision()
    for p in (0, 1):
        last = c.state["G"]["players"][p].get("last")
        marks = _thumb(c, p).find_all(lambda e: "mini-last" in e.classes())
        assert len(marks) == (1 if last is not None else 0)
    assert c.state["G"]["players"][1].get("last") is not None  # the bot has placed


def test_sentences_have_no_parenthesised_plurals():
    import re

    import pyapp.ui.features.saved_games  # noqa: F401 - its strings join the catalogue
    import pyapp.ui.pyramids.strings  # noqa: F401 - Caldera's, on import
    from pyapp.park.components import WEATHER_BY_NAME
    from pyapp.ui import i18n, strings_learn, strings_stats
    from pyapp.ui.caledea import strings as caledea_strings
    from pyapp.ui.park.viewmodel import weather_effect, weather_name

    caledea_strings.install()
    strings_learn.install()
    strings_stats.register()
    for lang in ("en", "fr"):
        catalogue = i18n.CATALOGUES[lang]
        assert any(k.startswith("cal.") for k in catalogue)
        assert any(k.startswith("pyr.") for k in catalogue)
        bad = {k: v for k, v in catalogue.items() if re.search(r"\w\((s|x|es|aux|e|e?s)\)", v)}
        assert bad == {}  # every game's and the shell's texts
    assert weather_name(WEATHER_BY_NAME["thunderstorm1"].id) == "thunderstorm with 1 cloud"
    assert weather_name(WEATHER_BY_NAME["thunderstorm3"].id) == "thunderstorm with 3 clouds"
    assert weather_effect(WEATHER_BY_NAME["thunderstorm1"].id).endswith("exactly 1 animal")


def _first(c, pred):
    nodes, _ = render(c)
    return next((e for n in nodes for e in n.iter() if pred(e)), None)


def test_a_park_viewed_full_size_is_an_overlay_the_phones_back_closes():
    c = _place_decision()
    table = _first(c, lambda e: e.attrs.get("data-screen") == "table")
    assert "data-overlay" not in table.attrs
    # the park is where a sideways swipe goes from tab to tab (static/js/game-dom.js)
    box = _first(c, lambda e: "park-box" in e.classes())
    assert box.attrs["data-swipe-between"] == "tab-"
    click(c, [e for e in offered(c, "view") if e.attrs.get("data-tab")][1])
    table = _first(c, lambda e: e.attrs.get("data-screen") == "table")
    assert table.attrs["data-overlay"] == "park-1"
    back = _first(c, lambda e: e.attrs.get("data-overlay-close"))
    assert back.attrs["data-key"] == "park-back"
    click(c, back)  # what Back presses
    assert c.viewing is None
    assert "data-overlay" not in _first(c, lambda e: e.attrs.get("data-screen") == "table").attrs
