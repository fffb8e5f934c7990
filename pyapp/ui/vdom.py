"""Element descriptions: the screens are built as trees of ``E`` in pure Python.

The browser layer (``app.py`` with ``static/js/game-dom.js``) turns a tree into DOM nodes with
``createElement``/``setAttribute`` and text nodes only, so every string here, names included, is
shown as text and never parsed as HTML. Tests inspect the same trees in CPython.

A drawing made again and again (a board's squares) can be kept: ``frozen(e)`` serialises ``e``
once, and ``to_json`` then copies that text instead of walking it; an element that keeps such
children across redraws carries ``data-memo`` (``MEMO``), a name of its children: the page does
not walk children whose name it already has (static/js/game-dom.js).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator

__all__ = ["E", "MEMO", "frozen", "h", "to_json", "svg_num", "symbol_sprite"]

# an element whose children are the same as last time when this attribute is (the page skips them)
MEMO = "data-memo"


class E:
    """One element: tag, attributes (strings) and children (``E`` or text). A ``frozen`` one
    is never changed again (its JSON text is kept)."""

    __slots__ = ("tag", "attrs", "children", "json")

    def __init__(self, tag: str, attrs: dict, children: list):
        self.tag = tag
        self.attrs = attrs
        self.children = children
        self.json: str | None = None  # the kept JSON text of a frozen element

    def to_data(self) -> list:
        out: list = [self.tag, self.attrs]
        for c in self.children:
            out.append(c if isinstance(c, str) else c.to_data())
        return out

    # ----- inspection helpers (tests, focus targets)
    def iter(self) -> Iterator[E]:
        yield self
        for c in self.children:
            if isinstance(c, E):
                yield from c.iter()

    def find_all(self, pred: Callable[[E], bool] | None = None, **attrs) -> list[E]:
        """Elements whose attributes equal ``attrs`` (``data_at`` means ``data-at``)."""
        want = {k.replace("_", "-"): v for k, v in attrs.items()}
        return [
            e
            for e in self.iter()
            if all(e.attrs.get(k) == v for k, v in want.items()) and (pred is None or pred(e))
        ]

    def find(self, pred=None, **attrs) -> E | None:
        found = self.find_all(pred, **attrs)
        return found[0] if found else None

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"E({self.tag!r}, {self.attrs!r}, {len(self.children)} children)"


def _flatten(children: Iterable, out: list) -> None:
    for c in children:
        if c is None or c is False:
            continue
        if isinstance(c, E | str):
            out.append(c)
        elif isinstance(c, int | float):
            out.append(str(c))
        else:  # list, tuple, generator of children
            _flatten(c, out)


def h(tag: str, attrs: dict | None = None, *children) -> E:
    """Build an element. Attribute values: str/number, True (present, empty), None/False (left
    out). Children: elements, text, or (nested) lists of them; None is skipped."""
    clean: dict[str, str] = {}
    if attrs:
        for k, v in attrs.items():
            if v is None or v is False:
                continue
            clean[k] = "" if v is True else (svg_num(v) if isinstance(v, float) else str(v))
    kids: list = []
    _flatten(children, kids)
    return E(tag, clean, kids)


def svg_num(x: float) -> str:
    """A compact number for SVG attributes."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def mini_svg(content, size: float, cls: str = "mini") -> E:
    """A small standalone SVG of ``size`` units centred on 0 (an icon in a button or a card),
    hidden from screen readers (its button or card says it in words)."""
    half = size / 2
    return h(
        "svg",
        {
            "class": cls,
            "viewBox": f"{svg_num(-half)} {svg_num(-half)} {svg_num(size)} {svg_num(size)}",
            "aria-hidden": "true",
            "focusable": "false",
        },
        content,
    )


def symbol_sprite(symbols: dict, part: Callable[[str, dict], E] = h) -> E:
    """The hidden SVG holding every symbol of ``symbols`` (id -> [(tag, attributes)], each
    drawn in a 20 x 20 box centred on 0,0; ``part(tag, attributes)`` makes one element), for
    ``<use href="#id">`` elsewhere on the page."""
    defs = [
        h("symbol", {"id": sid, "viewBox": "-10 -10 20 20"}, [part(tag, a) for tag, a in parts])
        for sid, parts in symbols.items()
    ]
    return h(
        "svg",
        {
            "class": "sprite",
            "aria-hidden": "true",
            "width": "0",
            "height": "0",
            "focusable": "false",
        },
        h("defs", None, defs),
    )


_enc = json.encoder.encode_basestring  # a JSON string, non-ASCII kept (as ensure_ascii=False)


def _dumps(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _write(e: E, out: list) -> None:
    """Append the JSON text of ``e`` to ``out`` (the same text as ``json.dumps(e.to_data())``),
    copying the kept text of frozen elements."""
    if e.json is not None:
        out.append(e.json)
        return
    attrs = e.attrs
    if type(attrs) is dict and all(type(v) is str for v in attrs.values()):
        a = "{" + ",".join(_enc(k) + ":" + _enc(v) for k, v in attrs.items()) + "}"
    else:
        a = _dumps(attrs)
    out.append("[" + _enc(e.tag) + "," + a)
    for c in e.children:
        out.append(",")
        if isinstance(c, str):
            out.append(_enc(c))
        elif isinstance(c, E):
            _write(c, out)
        else:
            out.append(_dumps(c))
    out.append("]")


def frozen(e: E) -> E:
    """Keep the JSON text of ``e`` (and so of all it holds): ``to_json`` copies it from now on.
    ``e`` and everything inside it must never be changed afterwards."""
    if e.json is None:
        out: list = []
        _write(e, out)
        e.json = "".join(out)
    return e


def to_json(nodes) -> str:
    """The JSON list the page's renderer reads (one element or a list of them)."""
    if isinstance(nodes, E):
        nodes = [nodes]
    out: list = ["["]
    for i, n in enumerate(nodes):
        if i:
            out.append(",")
        if isinstance(n, E):
            _write(n, out)
        else:
            out.append(_dumps(n))
    out.append("]")
    return "".join(out)
