"""The first screen, drawn by the build: what a first visit shows before Python has started.

``templates()`` runs the app's own view code in CPython (``pyapp.ui.composition.compose`` over
an empty in-memory storage, as a first visit: no saved game, no last options) and serialises the
element trees it draws (``pyapp/ui/vdom.py``) to static HTML, for English and French:

- for each game of the box, its new-game screen (the game chooser, the form) and its rules
  (the rules reference the header's "Rules" opens);
- for each game and number of players, the form's list of seats (the tiny script swaps it in
  when the player picks another number before Python runs).

The build (``tools/build_site.py``) puts them in ``index.html`` as ``<template>`` elements, and
``static/js/first.js`` shows the right one at once (the last game chosen, the player's language),
lets the player read and choose, and hands the choices to Python when it takes over
(``pyapp/ui/takeover.py``). The markup is the app's own drawing, so Python's first drawing
patches it in place (``CalderaDom.render``): same elements, no flash.

Text is escaped as HTML text, attribute values as quoted attributes; nothing of the trees is
ever a script (a ``<script>``, ``<style>`` or ``on...`` attribute in a tree fails the build).
The daily park's date is drawn with a day of its own (``BUILD_DAY``), which the script replaces
with the page's date.
"""

from __future__ import annotations

from html import escape

from pyapp import games

# the day the daily park's entry is drawn with; static/js/first.js writes the player's day over it
BUILD_DAY_MS = 946_728_000_000  # 2000-01-01 12:00 UTC
BUILD_DAY = "2000-01-01"
LANGUAGES = ("en", "fr")
# HTML elements without an end tag
VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    ]
)
FORBIDDEN = frozenset(("script", "style", "iframe", "object", "embed", "link", "meta", "base"))


class FirstScreenError(Exception):
    """The first screen cannot be drawn (the view code failed or drew something unsafe)."""


class MemoryStorage:
    """A first visit's empty localStorage."""

    def __init__(self, items: dict[str, str] | None = None):
        self.items = dict(items or {})

    def getItem(self, key):  # noqa: N802 - the Web Storage API's names
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.items[key] = str(value)

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)

    def key(self, i):
        keys = list(self.items)
        return keys[i] if 0 <= i < len(keys) else None

    @property
    def length(self):
        return len(self.items)


def to_html(node, svg: bool = False) -> str:
    """The HTML text of an element tree (``vdom.E``) or of a text child."""
    if isinstance(node, str):
        return escape(node, quote=False)
    tag = node.tag
    if tag.lower() in FORBIDDEN:
        raise FirstScreenError(f"the first screen may not hold a <{tag}> element")
    parts = [f"<{tag}"]
    for name, value in node.attrs.items():
        if name.lower().startswith("on") or not name.replace("-", "").replace(":", "").isalnum():
            raise FirstScreenError(f"the first screen may not hold the attribute {name!r}")
        parts.append(f' {name}="{escape(value, quote=True)}"')
    parts.append(">")
    in_svg = svg or tag == "svg"
    if not in_svg and tag in VOID:
        if node.children:
            raise FirstScreenError(f"<{tag}> cannot hold children")
        return "".join(parts)
    parts += [to_html(c, in_svg and tag != "foreignObject") for c in node.children]
    parts.append(f"</{tag}>")
    return "".join(parts)


def _html(nodes) -> str:
    return "".join(to_html(n) for n in nodes)


def _box(lang: str):
    from pyapp.ui.composition import compose

    # the language as the player chose it (the language feature applies it at the start)
    storage = MemoryStorage({"caldera-park/lang": lang})
    box = compose(storage, None, clock=lambda: BUILD_DAY_MS)
    box.shell.start(box.table)
    return box


def templates() -> dict[str, str]:
    """{name: HTML}: ``GAME/setup/LANG`` and ``GAME/rules/LANG`` (the children of the app's
    root), ``GAME/seats-N/LANG`` (the form's ``ol.seats`` for N players)."""
    from pyapp.ui import i18n

    before = i18n.language()
    out: dict[str, str] = {}
    try:
        for lang in LANGUAGES:
            box = _box(lang)
            for entry in games.ENTRIES:
                if not entry.ready:
                    continue
                table = box.switch(entry.id)
                nodes, _ = box.render()
                out[f"{entry.id}/setup/{lang}"] = _html(nodes)
                box.handle("rules", {})
                nodes, _ = box.render()
                out[f"{entry.id}/rules/{lang}"] = _html(nodes)
                box.handle("rules-close", {})
                shown = table.form.count
                for n in table.form.counts():
                    box.handle("seats", {"value": str(n)})
                    nodes, _ = box.render()
                    seats = [e for n_ in nodes for e in n_.iter() if e.classes() == {"seats"}]
                    if len(seats) != 1:
                        raise FirstScreenError(f"{entry.id}: no single list of seats drawn")
                    out[f"{entry.id}/seats-{n}/{lang}"] = to_html(seats[0])
                box.handle("seats", {"value": str(shown)})
    finally:
        i18n.set_language(before)
    return out


def markup(found: dict[str, str] | None = None) -> str:
    """The ``<template>`` elements index.html carries, one per name of ``templates()``."""
    found = templates() if found is None else found
    return "".join(
        f'<template data-first="{escape(name, quote=True)}">{html}</template>'
        for name, html in sorted(found.items())
    )
