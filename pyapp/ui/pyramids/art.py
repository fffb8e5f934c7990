"""Caldera's board as SVG element descriptions (pure Python): squares, stacks of pyramids seen
from the side (size by width, height and pips, colour by class, a letter on each piece so
colour is never the only cue), caps, and the marks of a preview or of the last eruption.
Colours and the flight animation live in ``static/css/pyramids.css``."""

from __future__ import annotations

from pyapp.pyramids.board import SIZE

from ..vdom import E, h
from . import view

CELL = 100.0
MARGIN = 22.0  # room for the coordinates around the board
BOARD = SIZE * CELL
VIEW_BOX = f"0 0 {BOARD + MARGIN:.0f} {BOARD + MARGIN:.0f}"
# sizes told apart three ways: width, height (the real pyramids' proportions) and pips (one,
# two or three dots, as the real pieces carry), besides the colour letter
WIDTH = {"S": 36.0, "M": 56.0, "L": 80.0}
HEIGHT = {"S": 12.0, "M": 16.0, "L": 20.0}
PIPS = {"S": 1, "M": 2, "L": 3}
MINI_WIDTH = {"S": 17.0, "M": 24.0, "L": 32.0}  # the collections' pieces (a 34 by 25 box)
PIECE_H = HEIGHT["M"]  # a lone piece's height where sizes do not matter (the caught ones' flight)
STACK_H = 74.0  # a stack and its cap never grow out of their square: taller ones are squeezed
CAP_W, CAP_H = 36.0, 24.0


def origin(sq: int) -> tuple[float, float]:
    """Top-left corner of a square."""
    r, c = divmod(sq, SIZE)
    return MARGIN + c * CELL, r * CELL


def offset(frm: int, to: int) -> tuple[float, float]:
    """From square ``to`` back to square ``frm`` (a flight's start, relative to its end)."""
    (x0, y0), (x1, y1) = origin(frm), origin(to)
    return x0 - x1, y0 - y1


def stack_scale(stack: list[str], capped: bool) -> float:
    """The factor every piece of a stack is drawn at (1 unless the stack is too tall)."""
    total = sum(HEIGHT[p[1]] for p in stack) + (CAP_H if capped else 0.0)
    return min(1.0, STACK_H / total) if total else 1.0


def trapezoid(cx: float, bottom: float, w: float, hgt: float) -> str:
    top_w = w * 0.62
    return (
        f"{cx - w / 2:.1f},{bottom:.1f} {cx + w / 2:.1f},{bottom:.1f} "
        f"{cx + top_w / 2:.1f},{bottom - hgt:.1f} {cx - top_w / 2:.1f},{bottom - hgt:.1f}"
    )


def piece_shape(
    piece: str, cx: float, bottom: float, scale: float = 1.0, cls: str = "pc"
) -> list[E]:
    """One pyramid of a stack: a trapezoid of its size (width and height) and colour, with its
    colour letter and its size's pips when there is room."""
    w = WIDTH[piece[1]]
    hgt = HEIGHT[piece[1]] * scale
    shapes = [
        h(
            "polygon",
            {"class": f"{cls} c-{piece[0]} s-{piece[1]}", "points": trapezoid(cx, bottom, w, hgt)},
        )
    ]
    if hgt >= 8:
        shapes.extend(piece_marks(piece, cx, bottom - hgt / 2, min(hgt * 0.8, 12.5)))
    return shapes


def piece_marks(piece: str, cx: float, cy: float, font: float) -> list[E]:
    """The colour letter and, to its right, the size's pips, centred together on ``cx``."""
    pips = PIPS[piece[1]]
    r = max(1.4, font * 0.17)
    gap = r * 2.6
    letter_w = font * 0.7
    total = letter_w + r + gap * pips
    x = cx - total / 2
    out = [
        h(
            "text",
            {
                "class": f"pc-letter c-{piece[0]}",
                "x": f"{x + letter_w / 2:.1f}",
                "y": f"{cy:.1f}",
                "font-size": f"{font:.1f}",
            },
            view.colour_letter(piece[0]),
        )
    ]
    for k in range(pips):
        out.append(
            h(
                "circle",
                {
                    "class": f"pip c-{piece[0]}",
                    "cx": f"{x + letter_w + r + gap * k + gap / 2:.1f}",
                    "cy": f"{cy:.1f}",
                    "r": f"{r:.1f}",
                },
            )
        )
    return out


def cap_shape(cx: float, bottom: float) -> list[E]:
    """A cap: a black small with a light rim, never mistaken for a coloured piece."""
    pts = (
        f"{cx - CAP_W / 2:.1f},{bottom:.1f} {cx + CAP_W / 2:.1f},{bottom:.1f} "
        f"{cx:.1f},{bottom - CAP_H:.1f}"
    )
    return [
        h("polygon", {"class": "cap", "points": pts}),
        h("circle", {"class": "cap-dot", "cx": cx, "cy": bottom - CAP_H * 0.38, "r": 3.0}),
    ]


def stack_shapes(
    stack: list[str], capped: bool, sq: int, fly: dict[int, tuple[str, float, float]] | None = None
) -> tuple[list[E], float]:
    """The pieces of a square bottom first, then its cap; ``fly`` maps a piece's height in
    the stack to (key, dx, dy) of a piece that just landed there (it flies in from the
    origin). Returns the shapes and the y of the stack's top."""
    x0, y0 = origin(sq)
    cx = x0 + CELL / 2
    bottom = y0 + CELL - 8.0
    scale = stack_scale(stack, capped)
    out: list[E] = []
    for k, piece in enumerate(stack):
        shapes = piece_shape(piece, cx, bottom, scale)
        if fly and k in fly:
            key, dx, dy = fly[k]
            out.append(
                h(
                    "g",
                    {
                        "class": "fly",
                        "data-key": key,
                        "style": f"--dx:{dx:.0f}px;--dy:{dy:.0f}px;--i:{fly_order(fly, k)}",
                    },
                    shapes,
                )
            )
        else:
            out.extend(shapes)
        bottom -= HEIGHT[piece[1]] * scale
    if capped:
        out.extend(cap_shape(cx, bottom))
        bottom -= CAP_H
    return out, bottom


def fly_order(fly: dict, k: int) -> int:
    return sorted(fly, reverse=True).index(k)


def ghost(piece: str, sq: int, top: float, captured: bool, order: int) -> list[E]:
    """A piece of a previewed eruption on its landing square: outlined, with a mark saying
    whether it would be captured (a ring and a plus) or stay (an arrow down)."""
    x0, _ = origin(sq)
    cx = x0 + CELL / 2
    hgt = HEIGHT[piece[1]]
    bottom = max(top, origin(sq)[1] + hgt + 22.0)
    shapes = piece_shape(piece, cx, bottom, cls="ghost")
    badge_y = bottom - hgt - 11.0
    mark = "+" if captured else "↓"
    cls = "badge caught" if captured else "badge lands"
    return [
        *shapes,
        h("circle", {"class": cls, "cx": cx + 30.0, "cy": badge_y + 4.0, "r": 10.0}),
        h("text", {"class": cls + "-text", "x": cx + 30.0, "y": badge_y + 4.5}, mark),
        h("text", {"class": "order", "x": x0 + 10.0, "y": origin(sq)[1] + 16.0}, str(order)),
    ]


def path_line(frm: int, squares: list[int], cls: str) -> E:
    """A line from the centre of ``frm`` through the centres of ``squares``."""
    pts = [frm, *squares]
    coords = " ".join(f"{origin(s)[0] + CELL / 2:.0f},{origin(s)[1] + CELL / 2:.0f}" for s in pts)
    return h("polyline", {"class": cls, "points": coords})


def coordinates() -> list[E]:
    out = []
    for c in range(SIZE):
        out.append(
            h(
                "text",
                {"class": "coord", "x": MARGIN + c * CELL + CELL / 2, "y": BOARD + MARGIN * 0.7},
                "abcde"[c],
            )
        )
    for r in range(SIZE):
        out.append(
            h("text", {"class": "coord", "x": MARGIN * 0.45, "y": r * CELL + CELL / 2}, str(r + 1))
        )
    return out


def mini_piece(piece: str, cls: str = "") -> E:
    """A small drawing of one piece (collections, buttons): its size by width, height and
    pips, its colour letter; decorative, labelled by its container."""
    w = MINI_WIDTH[piece[1]]
    hgt = HEIGHT[piece[1]] + 4.0
    shape_cls = "ghost" if "missing" in cls else "pc"
    return h(
        "svg",
        {
            "class": f"mini-pc s-{piece[1]} {cls}".strip(),
            "viewBox": "0 0 34 25",
            "aria-hidden": "true",
            "focusable": "false",
        },
        h(
            "polygon",
            {
                "class": f"{shape_cls} c-{piece[0]} s-{piece[1]}",
                "points": trapezoid(17, 24, w, hgt),
            },
        ),
        piece_marks(piece, 17, 24 - hgt / 2, 9.0),
    )
