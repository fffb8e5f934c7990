"""Tokens that look like the game: every species has its own silhouette (one filled path inside
its disc) and keeps a small letter; every weather token has its drawing; the rules reference
has a table of contents and pictures of the tokens."""

from __future__ import annotations

import re

from composed import composed, view

from pyapp.park.components import SPECIES, TOKENS, WEATHER, WEATHER_KINDS
from pyapp.ui import i18n
from pyapp.ui.park import art, rules_ref
from pyapp.ui.park.rules_ref import sections
from pyapp.ui.park.screens import letters, species_legend


class Storage:
    """The little of localStorage the saved-games feature needs (empty, nothing kept)."""

    length = 0

    def key(self, i):
        return None

    def getItem(self, key):
        return None

    def setItem(self, key, value):
        pass

    def removeItem(self, key):
        pass


NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def points(d: str) -> list[tuple[float, float]]:
    values = [float(v) for v in NUMBER.findall(d)]
    assert len(values) % 2 == 0
    return list(zip(values[::2], values[1::2], strict=True))


def test_every_species_has_its_own_silhouette_inside_its_disc():
    assert set(art.ANIMALS) == set(SPECIES)
    assert len(set(art.ANIMALS.values())) == len(SPECIES)
    for species, d in art.ANIMALS.items():
        assert d.startswith("M") and d.rstrip().endswith("Z"), species
        pts = points(d)
        assert len(pts) >= 8, species  # a shape, not a dot
        # inside its disc when drawn (the disc's radius is 1 / SIL_SCALE units of the path)
        assert all((x * x + y * y) ** 0.5 * art.SIL_SCALE <= 0.95 for x, y in pts), species
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        # it fills its disc: legible at token size
        assert max(xs) - min(xs) >= 12 and max(ys) - min(ys) >= 10, species


def test_the_silhouettes_are_symbols_of_the_sprite():
    symbols = {e.attrs["id"]: e for e in art.sprite().iter() if e.tag == "symbol"}
    for species, d in art.ANIMALS.items():
        (path,) = symbols[f"a-{species}"].children
        assert path.attrs["d"] == d and path.attrs["fill"] == "currentColor"


def test_a_token_draws_a_silhouette_and_a_small_letter_per_animal():
    lets = letters()
    for token in TOKENS:
        g = art.token_glyph(token.id, lets)
        discs = [e for e in g.iter() if "sp" in e.classes()]
        sils = [e for e in g.iter() if "sil" in e.classes()]
        texts = [e for e in g.iter() if "sp-l" in e.classes()]
        assert [d.attrs["class"] for d in discs] == [f"sp sp-{s}" for s in token.animals]
        assert [s.attrs["href"] for s in sils] == [f"#a-{s}" for s in token.animals]
        assert [t.text() for t in texts] == [lets[s] for s in token.animals]
        for disc, text in zip(discs, texts, strict=True):
            # the letter is small: under the disc's radius, in its lower right
            assert float(text.attrs["font-size"]) < float(disc.attrs["r"])
            assert float(text.attrs["x"]) > float(disc.attrs["cx"])
        drops = [e for e in g.iter() if "drop" in e.classes()]
        assert len(drops) == (1 if token.water else 0)


def test_every_weather_token_is_drawn_and_the_legend_shows_the_silhouettes():
    symbols = {e.attrs["id"] for e in art.sprite().iter() if e.tag == "symbol"}
    assert {f"w-{k}" for k in WEATHER_KINDS} | {"w-back"} <= symbols
    for w in WEATHER:
        uses = [e for e in art.weather_glyph(w.id).iter() if e.tag == "use"]
        assert [u.attrs["href"] for u in uses] == [f"#w-{w.kind}"]
    legend = species_legend()
    assert [e.attrs["href"] for e in legend.iter() if "sil" in e.classes()] == [
        f"#a-{s}" for s in SPECIES
    ]


def test_the_rules_pictures_show_every_animal_and_weather_token():
    for lang in ("en", "fr"):
        i18n.set_language(lang)
        pics = rules_ref.pictures(lang)
        assert set(pics) <= {s["id"] for s in sections(lang)}
        setup = pics["setup"]
        names = [caption for _, caption in setup]
        for s in SPECIES:
            assert i18n.t(f"species.{s}.one") in names
        drawn = [e.attrs["href"] for drawing, _ in setup for e in drawing.iter() if e.tag == "use"]
        assert all(f"#a-{s}" in drawn for s in SPECIES)
        weather = pics["weather"]
        hrefs = {e.attrs["href"] for d, _ in weather for e in d.iter() if e.tag == "use"}
        assert hrefs == {f"#w-{k}" for k in WEATHER_KINDS} | {"#w-back"}
        assert all(caption for _, caption in setup + weather)


def test_the_rules_screen_has_contents_that_lead_to_each_section_and_pictures():
    app = composed(Storage())
    c, rules = app.table, app.rules
    c.handle("rules", {})
    (screen,) = view(c, lambda: "GAME")
    toc = screen.find(**{"class": "rules-contents"})
    buttons = toc.find_all(data_action="rules-goto")
    ids = [s["id"] for s in sections("en")]
    assert [b.attrs["data-section"] for b in buttons] == ids
    assert [b.text() for b in buttons] == [s["title"] for s in sections("en")]
    for sid in ids:
        assert screen.find(data_key=f"rules-h-{sid}").attrs["tabindex"] == "-1"
    assert c.handle("rules-goto", {"section": "weather"})
    assert c.focus == "rules-h-weather" and rules.open  # the reference stays open
    figures = screen.find_all(pred=lambda e: e.tag == "figure")
    assert len(figures) == sum(len(v) for v in rules_ref.pictures("en").values())
    weather = screen.find(id="rules-weather")
    assert len(weather.find_all(pred=lambda e: e.tag == "figure")) == 11
