"""The board of Caledea as an SVG, from a plain view of it (``BoardView``) and what the person to
move may choose (``Marks``). Pure Python (no DOM).

Each square is split along its diagonal into its two resources (colour plus icon); a claimed
square shows its owner's marker (a black one when salted), structures and capitals sit in its
lower corners, units in its middle (one token per rank, with a count). The board wraps round:
a faded ring of the squares across each edge is drawn around it, so a move across an edge is
seen; those ghost squares only show (``<use>`` copies of the real squares' drawings), the real
ones are chosen.

Drawing the board is the costly part of Caledea's screens (an epic board has 200 squares), so
each square's drawing is kept by the square's state (``square_drawing``), with its JSON text,
and reused by every redraw; choosing and panning only change the attributes around it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import count

from ..i18n import language, plural, t
from ..vdom import MEMO, E, frozen, h, svg_num
from . import art

S = art.CELL


@dataclass(frozen=True)
class SquareView:
    at: tuple[int, int]
    res: tuple[str, str]
    marker: int | None = None  # the seat whose marker is on it
    salted: bool = False
    units: tuple = ()  # (owner, rank, moved) per unit
    structure: tuple[int, str] | None = None  # (owner, "tower"|"castle")
    capital: int | None = None  # the seat whose capital it is
    name: str = ""  # the engine's name of the square (c4)


@dataclass(frozen=True)
class BoardView:
    width: int
    height: int
    squares: dict  # (x, y) -> SquareView

    def wrap(self, x: int, y: int) -> tuple[int, int]:
        return x % self.width, y % self.height


@dataclass
class Marks:
    """What to highlight: squares that can be chosen (``legal``: at -> kind of choice), the
    chosen ones, the path of the move being formed, the last move, the viewer's resources."""

    legal: dict = field(default_factory=dict)  # (x, y) -> "source" | "dest" | "target"
    selected: set = field(default_factory=set)
    pending: tuple[int, int] | None = None
    path: list = field(default_factory=list)  # squares from a source to the destination
    last: tuple = ()  # (from squares, to square) of the last move
    fight: tuple[int, int] | None = None
    mine: tuple[str, str] | None = None  # the viewer's resource pair
    viewer: int | None = None
    arrived: str = ""  # key of the last move (new tokens animate in)
    arrive_from: dict = field(default_factory=dict)  # to square -> (dx, dy) in cells
    # the other players' moves since the viewer's last decision: (seat, kind, paths (lists of
    # squares, start first), the square it ended on, whether a fight was there)
    others: list = field(default_factory=list)
    warn: dict = field(default_factory=dict)  # (x, y) -> "next" | "later": a capital in danger


def rank_letter(rank: str) -> str:
    return t(f"cal.rank.{rank}.letter")


def square_label(b: BoardView, sq: SquareView, names: list[str]) -> str:
    """Everything a square holds, in words (its accessible name)."""
    bits = [
        t("cal.square", square=sq.name),
        t("list.and").join(t(f"cal.res.{r}") for r in sq.res),
    ]
    if sq.capital is not None:
        bits.append(t("cal.sq.capital", name=names[sq.capital]))
    if sq.salted:
        bits.append(t("cal.sq.salted"))
    elif sq.marker is not None:
        bits.append(t("cal.sq.claimed", name=names[sq.marker]))
    if sq.structure is not None:
        bits.append(t(f"cal.sq.{sq.structure[1]}", name=names[sq.structure[0]]))
    for owner, groups in unit_groups(sq.units).items():
        words = [plural(f"cal.rank.{r}.count", n) for r, n in groups]
        bits.append(t("cal.sq.units", name=names[owner], units=t("list.and").join(words)))
    return t("list.sep").join(bits)


RANKS = ("infantry", "cavalry", "general")


def unit_groups(units) -> dict[int, list[tuple[str, int]]]:
    """owner -> [(rank, count)] in rank order."""
    out: dict[int, dict[str, int]] = {}
    for owner, rank, *_ in units:
        out.setdefault(owner, {}).setdefault(rank, 0)
        out[owner][rank] += 1
    return {o: [(r, c[r]) for r in RANKS if r in c] for o, c in out.items()}


@lru_cache(maxsize=4096)
def _ground(res: tuple[str, str], x0: float, y0: float, mine: bool) -> tuple[E, ...]:
    """What never changes on a square: its two resources (colour and icon) and, for the
    viewer's resource squares, the dashed outline."""
    a, c = res
    parts = [
        h(
            "path",
            {"class": f"res res-{a}", "d": f"M{svg_num(x0)},{svg_num(y0)} h{S} L{x0},{y0 + S} Z"},
        ),
        h(
            "path",
            {
                "class": f"res res-{c}",
                "d": f"M{svg_num(x0 + S)},{svg_num(y0)} v{S} h-{S} Z",
            },
        ),
        art.use(a, x0 + 4.6, y0 + 4.6, 7.0, f"ic ic-{a}"),
        art.use(c, x0 + S - 4.6, y0 + S - 4.6, 7.0, f"ic ic-{c}"),
    ]
    if mine:
        parts.append(
            h(
                "rect",
                {
                    "class": "mine",
                    "x": x0 + 1.2,
                    "y": y0 + 1.2,
                    "width": S - 2.4,
                    "height": S - 2.4,
                    "rx": 1.5,
                },
            )
        )
    return tuple(parts)


def _cell(sq: SquareView, x0: float, y0: float, mine: bool) -> list:
    """The drawing of square ``sq`` with its top left corner at (x0, y0)."""
    parts = list(_ground(sq.res, x0, y0, mine))
    if sq.capital is not None:
        parts.append(
            h(
                "rect",
                {
                    "class": f"capital-ring own-{sq.capital}",
                    "x": x0 + 0.6,
                    "y": y0 + 0.6,
                    "width": S - 1.2,
                    "height": S - 1.2,
                },
            )
        )
        parts.append(art.use("crown", x0 + S - 4.2, y0 + 3.6, 6.0, f"crown own-{sq.capital}"))
    elif sq.salted:
        parts.append(
            h("circle", {"class": "marker salted", "cx": x0 + S - 3.6, "cy": y0 + 3.6, "r": 2.4})
        )
    elif sq.marker is not None:
        parts.append(
            h(
                "circle",
                {
                    "class": f"marker own-{sq.marker}",
                    "cx": x0 + S - 3.6,
                    "cy": y0 + 3.6,
                    "r": 2.4,
                },
            )
        )
    if sq.structure is not None:
        owner, kind = sq.structure
        parts.append(art.use(kind, x0 + 4.4, y0 + S - 4.4, 7.4, f"struct {kind} own-{owner}"))
    groups = unit_groups(sq.units)
    tokens = [(o, r, n) for o, g in groups.items() for r, n in g]
    if tokens:
        cx, cy = x0 + S / 2, y0 + S / 2
        step = 6.0 if len(tokens) < 4 else 4.6
        start = cx - step * (len(tokens) - 1) / 2
        for i, (o, r, n) in enumerate(tokens):
            parts.append(art.unit_token(r, o, rank_letter(r), n, start + i * step, cy))
    return parts


# ----- kept drawings: a square is drawn once per state and reused by every redraw (and its
# JSON text with it, ``vdom.frozen``); the page skips the children of an element whose
# ``data-memo`` it already has. The keys hold everything the drawing shows, the language
# included, so a square whose owner, marker, salt, units or structure changes is drawn again.

_memo_ids = count(1)
# how many are kept: every square's drawing in a few states (an epic board has 200 squares),
# and the elements placing them for a few views; bounded, so that the cyclic collector's full
# passes (which walk everything kept) stay short
DRAWINGS = 640
PLACED = 1024


@lru_cache(maxsize=DRAWINGS)
def square_drawing(sq: SquareView, mine: bool, lang: str) -> E:
    """The frozen drawing of square ``sq`` at its own place ``sq.at``: a group named by its id
    (the ghosts copy it) and its ``data-memo`` (a new one for every new drawing). ``lang``: the
    language of the units' letters."""
    x, y = sq.at
    parts = [frozen(e) for e in _cell(sq, x * S, y * S, mine)]
    return frozen(
        h("g", {"class": "drawn", "id": cell_id(sq.at), MEMO: f"s{next(_memo_ids)}"}, parts)
    )


@lru_cache(maxsize=DRAWINGS)
def _label(sq: SquareView, names: tuple[str, ...], lang: str) -> str:
    return square_label(None, sq, list(names))


def _shift(dx: float, dy: float) -> str | None:
    return f"translate({svg_num(dx * S)},{svg_num(dy * S)})" if (dx, dy) != (0, 0) else None


def _ghost(at: tuple[int, int], gx: int, gy: int) -> E:
    """The faded copy of square ``at`` at place (gx, gy) of the ring: a ``<use>`` of that
    square's drawing (the page copies it, and keeps the copy up to date with it)."""
    return h(
        "use",
        {
            "class": "ghost",
            "data-key": f"gh-{gx},{gy}",
            "href": f"#{cell_id(at)}",
            "transform": _shift(gx - at[0], gy - at[1]),
        },
    )


def cell_id(at: tuple[int, int]) -> str:
    """The id of a square's drawing (that the ghosts of the ring copy)."""
    return f"cal-sq-{at[0]}-{at[1]}"


@lru_cache(maxsize=PLACED)
def _square_cell(
    sq: SquareView, mine: bool, lang: str, label: str, dim: bool, button: bool, dx: int, dy: int
) -> E:
    """A real square's drawing, drawn at place (dx, dy) (the board panned), dimmed or not, named
    in words or not (when its button says it): what changes around the kept drawing (which
    the ghosts copy, so it never changes with them)."""
    x, y = sq.at
    cell = {"class": "cell dim" if dim else "cell", "data-key": f"cell-{x},{y}"}
    if button:
        cell["aria-hidden"] = "true"  # its button says it
    else:
        cell.update({"role": "img", "aria-label": label})
    cell["transform"] = _shift(dx - x, dy - y)
    return frozen(h("g", cell, square_drawing(sq, mine, lang)))


@lru_cache(maxsize=PLACED)
def _hit(at: tuple[int, int], dx: int, dy: int, cls: str, kind: str | None, chosen: bool, label):
    """The plain square on top that is the button of square ``at`` (drawn at (dx, dy))."""
    attrs = {
        "class": cls,
        "data-key": f"sq-{at[0]},{at[1]}",
        "x": dx * S,
        "y": dy * S,
        "width": S,
        "height": S,
    }
    if kind:
        attrs.update(
            {
                "role": "button",
                "tabindex": "0",
                "data-action": "square",
                "data-at": f"{at[0]},{at[1]}",
                "aria-label": label,
                "aria-pressed": "true" if chosen else "false",
            }
        )
    else:
        attrs["aria-hidden"] = "true"
    return frozen(h("rect", attrs))


def draw_board(
    b: BoardView,
    marks: Marks,
    names: list[str],
    label: str,
    view: tuple[int, int] = (0, 0),
    zoom: int | None = None,
) -> E:
    """The whole board: a ring of ghost squares (the wrap-around) and the real squares, the
    files' letters and the ranks' numbers along its edges. ``view``: the square (column, row)
    drawn first, top left: the board panned round the torus (the squares keep their names and
    ``data-at``; only where they are drawn moves). ``zoom``: only a window of ``zoom`` x
    ``zoom`` squares from ``view`` is shown (with half a square around it, where the
    coordinates are); the squares outside it cannot be chosen."""
    w, hgt = b.width, b.height
    ox, oy = view[0] % w, view[1] % hgt
    lang = language()
    names_key = tuple(names)
    mine_pair = set(marks.mine) if marks.mine is not None else None

    def place(at) -> tuple[int, int]:
        """Where square ``at`` is drawn (in cells from the top left real square)."""
        return (at[0] - ox) % w, (at[1] - oy) % hgt

    def mine(sq: SquareView) -> bool:
        return mine_pair is not None and set(sq.res) == mine_pair

    ghosts = []
    for y in range(-1, hgt + 1):
        for x in range(-1, w + 1):
            if 0 <= x < w and 0 <= y < hgt:
                continue
            at = b.wrap(x + ox, y + oy)
            ghosts.append(_ghost(at, x, y))
    # the drawing of each square (named in words for screen readers), and on top of
    # everything a layer of plain squares that are the buttons (no text inside, so a button's
    # name is its own); always in the board's order (a1, b1...), so panning only moves them
    # (an attribute each) and the page keeps its elements
    cells, hits = [], []
    for y in range(hgt):
        for x in range(w):
            dx, dy = place((x, y))
            sq = b.squares[(x, y)]
            kind = marks.legal.get((x, y))
            if zoom is not None and not (dx < zoom and dy < zoom):
                kind = None  # out of the window: not shown, not chosen
            chosen = (x, y) in marks.selected or marks.pending == (x, y)
            name = _label(sq, names_key, lang)
            dim = bool(marks.legal) and not kind and not chosen
            cells.append(_square_cell(sq, mine(sq), lang, name, dim, bool(kind), dx, dy))
            cls = ["sq"]
            if kind:
                cls += ["legal", f"legal-{kind}"]
            if (x, y) in marks.selected:
                cls.append("selected")
            if marks.pending == (x, y):
                cls.append("pending")
            if marks.fight == (x, y):
                cls.append("fight")
            if (x, y) in marks.warn:
                cls += ["warn", f"warn-{marks.warn[(x, y)]}"]
            hits.append(_hit((x, y), dx, dy, " ".join(cls), kind, chosen, name if kind else None))
    overlay = _others(b, marks.others, place)
    if marks.last:
        froms, to = marks.last
        for f in froms:
            overlay.append(_segment_line(b, place(f), place(to), "last-move"))
    for at, level in marks.warn.items():  # a capital in danger: a warning sign in its corner
        px, py = place(at)
        overlay.append(_warn_sign(px * S + S / 2, py * S + 3.4, level))
    if len(marks.path) > 1:
        d = []
        for p, q in zip(marks.path, marks.path[1:], strict=False):
            d.append(_segment(b, place(p), place(q)))
        overlay.append(h("path", {"class": "path", "d": " ".join(d)}))
    # units that just arrived fly in from where they came (CSS animation; none with reduced
    # motion): a fresh element keyed by the move, so the animation runs once
    for to, (dx, dy) in marks.arrive_from.items():
        sq = b.squares.get(to)
        if sq is None or not sq.units:
            continue
        owner, rank = sq.units[0][0], sq.units[0][1]
        px, py = place(to)
        cx, cy = px * S + S / 2, py * S + S / 2
        overlay.append(
            h(
                "g",
                {
                    "class": "fly",
                    "data-key": f"fly-{marks.arrived}-{to[0]},{to[1]}",
                    "style": f"--fx:{svg_num(dx * S)}px;--fy:{svg_num(dy * S)}px",
                    "aria-hidden": "true",
                },
                art.unit_token(rank, owner, rank_letter(rank), 1, cx, cy),
            )
        )
    if zoom is None:
        box = (-S, -S, (w + 2) * S, (hgt + 2) * S)
        cells_across = (w + 2, hgt + 2)
    else:
        box = (-S * ZOOM_MARGIN, -S * ZOOM_MARGIN) + ((zoom + 2 * ZOOM_MARGIN) * S,) * 2
        cells_across = (zoom + 1, zoom + 1)
    return h(
        "svg",
        {
            "class": "cal-board"
            + (" interactive" if marks.legal else "")
            + (" zoomed" if zoom is not None else ""),
            "viewBox": " ".join(svg_num(v) for v in box),
            "role": "group",
            "aria-label": label,
            "data-key": "board",
            "data-width": str(w),
            "data-height": str(hgt),
            "data-view": f"{ox},{oy}",
            "data-zoom": str(zoom) if zoom is not None else None,
            # dragging the board pans it (static/js/game-dom.js): cells across and down
            "data-drag-cells": f"{cells_across[0]},{cells_across[1]}",
        },
        h("g", {"class": "ghosts", "aria-hidden": "true"}, ghosts),
        h("rect", {"class": "edge", "x": 0, "y": 0, "width": w * S, "height": hgt * S}),
        _seams(w, hgt, ox, oy),
        h("g", {"class": "squares"}, cells),
        h("g", {"class": "overlay", "aria-hidden": "true"}, overlay),
        h("g", {"class": "hits"}, hits),
        coordinates(w, hgt, ox, oy, zoom),
    )


ZOOM_MARGIN = 0.5  # squares shown around a zoomed window (the coordinates are there)


def file_letter(x: int) -> str:
    """The letter of column ``x`` in square names (``cards.square_name``: a, b, ... t)."""
    return chr(ord("a") + x)


def coordinates(w: int, hgt: int, ox: int, oy: int, zoom: int | None) -> E:
    """The files' letters above and below the board and the ranks' numbers on its left and
    right, of the columns and rows drawn there (the board panned: those shown); on a zoomed
    window, in the half square around it, over a pale band that sets it apart."""
    cols = range(w) if zoom is None else range(zoom)
    rows = range(hgt) if zoom is None else range(zoom)
    if zoom is None:
        near, far_x, far_y = -S / 2, w * S + S / 2, hgt * S + S / 2
    else:
        m = ZOOM_MARGIN * S
        near, far_x, far_y = -m / 2, zoom * S + m / 2, zoom * S + m / 2
    parts = []
    if zoom is not None:
        m = ZOOM_MARGIN * S
        outer = (zoom + 2 * ZOOM_MARGIN) * S
        inner = zoom * S
        d = (
            f"M{svg_num(-m)},{svg_num(-m)} h{svg_num(outer)} v{svg_num(outer)} "
            f"h{svg_num(-outer)} Z M0,0 v{svg_num(inner)} h{svg_num(inner)} v{svg_num(-inner)} Z"
        )
        parts.append(h("path", {"class": "zoom-band", "d": d}))
    for px in cols:
        letter = file_letter((px + ox) % w)
        cx = px * S + S / 2
        parts.append(_coord(letter, cx, near, "file", zoom is not None))
        parts.append(_coord(letter, cx, far_y, "file", zoom is not None))
    for py in rows:
        number = str((py + oy) % hgt + 1)
        cy = py * S + S / 2
        parts.append(_coord(number, near, cy, "rank", zoom is not None))
        parts.append(_coord(number, far_x, cy, "rank", zoom is not None))
    return h("g", {"class": "coords", "aria-hidden": "true"}, parts)


@lru_cache(maxsize=1024)
def _coord(text: str, x: float, y: float, kind: str, small: bool = False) -> E:
    """One coordinate on a small pale plate (readable over the faded ring); ``small``: in the
    half square around a zoomed window (whose squares are larger on the screen)."""
    size = 5.6 if small else 7.0
    width = size * (0.55 + 0.5 * len(text)) if small else 5.2 + 3.6 * len(text)
    height = size * 1.25
    return frozen(
        h(
            "g",
            {"class": f"coord {kind}", "data-coord": text},
            h(
                "rect",
                {
                    "x": svg_num(x - width / 2),
                    "y": svg_num(y - height / 2),
                    "width": svg_num(width),
                    "height": svg_num(height),
                    "rx": svg_num(size * 0.3),
                },
            ),
            h("text", {"x": svg_num(x), "y": svg_num(y + size * 0.36), "font-size": size}, text),
        )
    )


# dash patterns of the seats' marks (nothing told by colour alone: each seat's line differs)
_DASH = {0: None, 1: "4 2", 2: "1.2 1.8", 3: "5 1.6 1.2 1.6"}


def _others(b: BoardView, others, place) -> list:
    """The other players' moves since the viewer's last decision: each path (a line from
    square to square, round the torus where it crosses an edge) in the mover's colour and dash,
    a ring where it ended, a burst where it fought."""
    out = []
    for seat, kind, paths, to, fight in others:
        d = []
        for path in paths:
            for p, q in zip(path, path[1:], strict=False):
                d.append(_segment(b, place(p), place(q)))
        tx, ty = place(to)
        cx, cy = tx * S + S / 2, ty * S + S / 2
        parts = []
        if d:
            line = {"class": f"trail-line own-{seat}", "d": " ".join(d)}
            if _DASH.get(seat % 4):
                line["stroke-dasharray"] = _DASH[seat % 4]
            parts.append(h("path", {"class": "trail-casing", "d": " ".join(d)}))
            parts.append(h("path", line))
            starts = {tuple(path[0]) for path in paths if path}
            for sx, sy in (place(s0) for s0 in starts):
                parts.append(
                    h(
                        "circle",
                        {
                            "class": f"trail-start own-{seat}",
                            "cx": sx * S + S / 2,
                            "cy": sy * S + S / 2,
                            "r": 1.6,
                        },
                    )
                )
        parts.append(
            h(
                "rect",
                {
                    "class": f"trail-end own-{seat}",
                    "x": tx * S + 1.4,
                    "y": ty * S + 1.4,
                    "width": S - 2.8,
                    "height": S - 2.8,
                    "rx": 2.5,
                },
            )
        )
        if fight:
            parts.append(_burst(cx - S / 2 + 4.2, cy - S / 2 + 4.2))
        out.append(
            h(
                "g",
                {
                    "class": f"trail trail-{kind}" + (" trail-fight" if fight else ""),
                    "data-seat": str(seat),
                    "data-to": f"{to[0]},{to[1]}",
                },
                parts,
            )
        )
    return out


def _burst(x: float, y: float) -> E:
    """A fight's mark: a small jagged star."""
    pts = []
    for i in range(16):
        r = 3.8 if i % 2 == 0 else 1.9
        a = math.pi * i / 8
        pts.append(f"{svg_num(x + r * math.cos(a))},{svg_num(y + r * math.sin(a))}")
    return h("polygon", {"class": "trail-fight-mark", "points": " ".join(pts)})


def _delta(b: BoardView, p, q) -> tuple[int, int]:
    """The shortest step from p to q on the torus (each coordinate in -size/2..size/2)."""
    dx = (q[0] - p[0]) % b.width
    dy = (q[1] - p[1]) % b.height
    if dx > b.width / 2:
        dx -= b.width
    if dy > b.height / 2:
        dy -= b.height
    return dx, dy


def _segment(b: BoardView, p, q) -> str:
    """A path segment from the centre of p towards q (across an edge when that is shorter)."""
    dx, dy = _delta(b, p, q)
    x0, y0 = p[0] * S + S / 2, p[1] * S + S / 2
    return f"M{svg_num(x0)},{svg_num(y0)} l{svg_num(dx * S)},{svg_num(dy * S)}"


def _segment_line(b: BoardView, p, q, cls: str) -> E:
    return h("path", {"class": cls, "d": _segment(b, p, q)})


def arrival_offset(b: BoardView, frm, to) -> tuple[int, int]:
    """Where, in cells relative to ``to``, a unit coming from ``frm`` starts its flight."""
    dx, dy = _delta(b, to, frm)
    return dx, dy


def _seams(w: int, hgt: int, ox: int, oy: int) -> E | None:
    """Where the board's own edges are when it is panned: a dashed line between the last and
    the first column (row), which touch on the torus."""
    d = []
    if ox:
        x = (w - ox) * S
        d.append(f"M{svg_num(x)},{svg_num(-S)} v{svg_num((hgt + 2) * S)}")
    if oy:
        y = (hgt - oy) * S
        d.append(f"M{svg_num(-S)},{svg_num(y)} h{svg_num((w + 2) * S)}")
    return h("path", {"class": "seam", "d": " ".join(d), "aria-hidden": "true"}) if d else None


def _warn_sign(x: float, y: float, level: str) -> E:
    """A small warning triangle with "!" centred on (x, y): a capital enemy units can reach."""
    r = 3.0
    d = f"M{svg_num(x)},{svg_num(y - r)} L{svg_num(x + r)},{svg_num(y + r * 0.8)} "
    d += f"L{svg_num(x - r)},{svg_num(y + r * 0.8)} Z"
    return h(
        "g",
        {"class": f"warn-sign warn-{level}"},
        h("path", {"d": d}),
        h("text", {"x": svg_num(x), "y": svg_num(y + r * 0.62), "font-size": "3.6"}, "!"),
    )
