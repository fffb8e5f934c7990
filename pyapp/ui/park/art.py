"""The drawings of the game as element descriptions: hex geometry, terrain and weather icons,
animal tokens. Pure Python (no DOM); colours live in ``static/css/game.css`` as classes.

Hexes are pointy-top with radius ``R``; the centre of axial (q, r) is
x = R * sqrt(3) * (q + r / 2), y = R * 1.5 * r. Icons are symbols drawn in a 20 x 20 box
centred on 0, defined once in a hidden sprite (``sprite()``) and placed with ``<use>``.
Every space is recognisable by its icon as well as its colour (forest trees, prairie grass,
mountain peak, river waves, waterfall steps and drop, geyser plume, volcano cone, weather cloud).
"""

from __future__ import annotations

import math
from functools import cache

from pyapp.park.components import TOKENS, WEATHER

from .. import vdom
from ..vdom import E, h, svg_num, symbol_sprite

R = 10.0
SQRT3 = math.sqrt(3.0)
HEX_W = SQRT3 * R


def centre(q: int, r: int) -> tuple[float, float]:
    return R * SQRT3 * (q + r / 2), R * 1.5 * r


def corners(x: float, y: float, radius: float = R) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex, clockwise from the top."""
    out = []
    for k in range(6):
        a = math.radians(60 * k - 90)
        out.append((x + radius * math.cos(a), y + radius * math.sin(a)))
    return out


def points_attr(points) -> str:
    return " ".join(f"{svg_num(x)},{svg_num(y)}" for x, y in points)


@cache
def park_geometry(park) -> tuple[str, tuple[tuple[float, float], ...], tuple[str, ...]]:
    """(viewBox, centres, polygon points) of a park, cached per park."""
    centres = tuple(centre(*s.at) for s in park.spaces)
    polys = tuple(points_attr(corners(x, y, R * 0.96)) for x, y in centres)
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    m = 1.0
    left, top = min(xs) - HEX_W / 2 - m, min(ys) - R - m
    width = max(xs) - min(xs) + HEX_W + 2 * m
    height = max(ys) - min(ys) + 2 * R + 2 * m
    return f"{svg_num(left)} {svg_num(top)} {svg_num(width)} {svg_num(height)}", centres, polys


_ARROWS = {
    "ArrowRight": (1.0, 0.0),
    "ArrowLeft": (-1.0, 0.0),
    "ArrowUp": (0.0, -1.0),
    "ArrowDown": (0.0, 1.0),
}


def step_towards(ats, at: tuple[int, int], key: str) -> tuple[int, int] | None:
    """The space of ``ats`` to move the focus to from ``at`` with an arrow key: the nearest one
    within 60 degrees of that direction (sideways offsets weigh a little more). None if none."""
    if key not in _ARROWS:
        return None
    dx, dy = _ARROWS[key]
    x0, y0 = centre(*at)
    best, best_cost = None, None
    for other in ats:
        if tuple(other) == tuple(at):
            continue
        x, y = centre(*other)
        ahead = (x - x0) * dx + (y - y0) * dy
        side = abs((x - x0) * dy - (y - y0) * dx)
        if ahead <= 1e-6 or side > SQRT3 * ahead + 1e-6:
            continue
        cost = math.hypot(x - x0, y - y0) + 0.5 * side
        if best_cost is None or cost < best_cost:
            best, best_cost = tuple(other), cost
    return best


# The animals' silhouettes (our own drawings), each one filled path in a disc of radius 10
# centred on 0, so that a species is known by its shape as well as its colour and letter (symbols
# "a-<species>" of the sprite: a token places them with <use>, its path is sent once per page).
ANIMALS = {
    # spread wings, seen from below: head, wings with fingered tips, fanned tail
    "eagle": (
        "M0,-6.6 C1.1,-6.6 1.6,-5.8 1.5,-4.6 C3.6,-5.6 6.4,-6.2 9.4,-5.2 L7.8,-4.2 L9.6,-3.4 "
        "L7.6,-2.6 L9.2,-1.6 L6.8,-1.2 L7.6,-0.1 C5.4,-0.3 3.6,0.2 2.2,1.3 L3.4,6.6 L0,5.4 "
        "L-3.4,6.6 L-2.2,1.3 C-3.6,0.2 -5.4,-0.3 -7.6,-0.1 L-6.8,-1.2 L-9.2,-1.6 L-7.6,-2.6 "
        "L-9.6,-3.4 L-7.8,-4.2 L-9.4,-5.2 C-6.4,-6.2 -3.6,-5.6 -1.5,-4.6 C-1.6,-5.8 -1.1,-6.6 "
        "0,-6.6 Z"
    ),
    # head seen from the front under broad branching antlers
    "elk": (
        "M-1.9,-2.4 L-3.4,-4.2 L-6.6,-5.6 L-7.4,-7.6 L-8.1,-4.9 L-9.6,-4.2 L-6.1,-4.4 "
        "L-4.4,-3.6 L-4.9,-7.9 L-3.6,-5 L-2.6,-8.6 L-2.5,-4.7 L-1,-2.9 L1,-2.9 L2.5,-4.7 "
        "L2.6,-8.6 L3.6,-5 L4.9,-7.9 L4.4,-3.6 L6.1,-4.4 L9.6,-4.2 L8.1,-4.9 L7.4,-7.6 "
        "L6.6,-5.6 L3.4,-4.2 L1.9,-2.4 L4.8,-2.2 L2.4,-0.6 L1.6,4.8 C1.2,6.4 -1.2,6.4 -1.6,4.8 "
        "L-2.4,-0.6 L-4.8,-2.2 Z"
    ),
    # head in profile: horns swept back, pointed beard
    "goat": (
        "M-7.2,0.6 C-7.6,-1 -6.4,-2.4 -4.6,-3.4 C-3.6,-6 -1,-8.4 3,-8.6 C5.6,-8.6 7.6,-6.8 "
        "8.4,-4.2 C6.8,-6 4.8,-6.8 2.6,-6.4 C0.8,-6 -0.6,-4.8 -1.2,-3.4 L1,-3.6 L0.8,-2.2 "
        "C2.6,-1.4 3.6,0.4 3.6,2.6 L3.4,7.6 L-0.4,7.6 L-0.6,4 C-1.6,4.2 -2.6,4.6 -3.4,5.8 "
        "L-4,8.6 L-5,5.6 C-5.6,3.6 -6.6,2.2 -7.2,0.6 Z"
    ),
    # body in profile: shoulder hump, low head, short legs
    "bear": (
        "M-9.6,0.6 C-9.6,-0.6 -8.6,-1.6 -7.2,-1.9 L-6.6,-3.4 L-5.6,-2.4 C-3.8,-4.6 -1,-5.4 "
        "1.6,-5 C4.6,-4.6 7.8,-3.6 9,-1.2 C9.6,0.4 9.4,2 9,3 L9.2,5.6 L6.6,5.6 L6.2,2.8 "
        "L-1.6,3 L-2.2,5.6 L-4.8,5.6 L-5.2,1.4 C-6.6,1.6 -8.6,1.6 -9.6,0.6 Z"
    ),
    # body in profile: high hump, head held low with a beard, a horn, thin hindquarters
    "bison": (
        "M-9.6,3.6 L-9.8,0.4 C-9.8,-1.2 -9,-2.4 -7.8,-2.6 L-8.4,-4.6 L-6.8,-3.2 C-5.6,-7 "
        "-1.6,-7.6 1,-5.4 C3,-4 5.6,-3.8 8,-3 C9.2,-2.6 9.6,-1.4 9.6,0.2 L9.2,5.4 L7.2,5.4 "
        "L6.8,2.6 L0,3 L-0.6,5.4 L-3,5.4 L-3.4,3.6 C-5,4.4 -6.8,4.8 -8.2,4.4 Z"
    ),
    # head seen from the front: tall pointed ears, narrow muzzle, ruff of the cheeks
    "wolf": (
        "M0,7.4 L-1.6,5.6 L-2.6,2.4 L-5.4,1.6 L-4.4,0.6 L-6.8,-0.6 L-5.2,-1.6 L-6.4,-8.4 "
        "L-2.2,-4 L2.2,-4 L6.4,-8.4 L5.2,-1.6 L6.8,-0.6 L4.4,0.6 L5.4,1.6 L2.6,2.4 L1.6,5.6 Z"
    ),
}


# --------------------------------------------------------------------------- icon sprite

_TREE = "M0,-7 L5,1 L1.3,1 L1.3,4 L-1.3,4 L-1.3,1 L-5,1 Z"
_SYMBOLS = {
    # two small fir trees
    "i-forest": [
        ("path", {"d": _TREE, "transform": "translate(-4,-1) scale(0.7)"}),
        ("path", {"d": _TREE, "transform": "translate(4,1) scale(0.8)"}),
    ],
    # grass strokes
    "i-prairie": [
        (
            "path",
            {
                "d": "M-6,5 Q-6,0 -8,-3 M-4,5 Q-3,-1 -1,-4 M1,5 Q1,0 -1,-2 M4,5 Q4,-1 7,-4 "
                "M6,5 Q6,1 8,-1",
                "class": "stroke",
            },
        ),
    ],
    # a peak with a snow cap
    "i-mountain": [
        ("path", {"d": "M-8,5 L-2,-6 L1,-1 L3,-4 L8,5 Z"}),
        ("path", {"d": "M-4,-2.3 L-2,-6 L0,-2.6 L-1,-3 Z", "class": "cap"}),
    ],
    # a wavy band across the hex
    "i-river": [
        (
            "path",
            {
                "d": "M-9,-1.5 Q-6,-4 -3,-1.5 T3,-1.5 T9,-1.5 L9,2.5 Q6,0 3,2.5 T-3,2.5 T-9,2.5 Z",
                "class": "band",
            },
        ),
    ],
    # steps and a drop
    "i-waterfall": [
        ("path", {"d": "M-6,-6 L-2,-6 L-2,-2 L2,-2 L2,2 L6,2", "class": "stroke"}),
        (
            "path",
            {
                "d": "M0,1.5 C1.6,3.6 2.2,4.6 2.2,5.4 A2.2,2.2 0 0 1 -2.2,5.4 "
                "C-2.2,4.6 -1.6,3.6 0,1.5 Z",
                "class": "drop",
            },
        ),
    ],
    # a jet and its plume
    "i-geyser": [
        ("path", {"d": "M-1.2,6 L-0.8,-1 L0.8,-1 L1.2,6 Z"}),
        ("circle", {"cx": "0", "cy": "-3", "r": "2.6"}),
        ("circle", {"cx": "-3", "cy": "-5", "r": "2"}),
        ("circle", {"cx": "3", "cy": "-5", "r": "2"}),
        ("ellipse", {"cx": "0", "cy": "6", "rx": "5", "ry": "1.6", "class": "pool"}),
    ],
    # a cone with a glowing crater
    "i-volcano": [
        ("path", {"d": "M-8,6 L-2.5,-4 L2.5,-4 L8,6 Z"}),
        ("path", {"d": "M-2.5,-4 L0,-1 L2.5,-4 Z", "class": "lava"}),
        ("path", {"d": "M-1,-6 Q0,-8 1,-6", "class": "stroke"}),
    ],
    # a cloud outline: a weather space
    "i-weather": [
        (
            "path",
            {
                "d": "M-6,3 A3,3 0 0 1 -5,-2.5 A4,4 0 0 1 2.5,-4 A3.5,3.5 0 0 1 6,3 Z",
                "class": "stroke",
            },
        ),
    ],
    # the rightmost terrain space: any free landscape space (a hex outline)
    "i-any": [
        ("path", {"d": "M0,-7 L6,-3.5 L6,3.5 L0,7 L-6,3.5 L-6,-3.5 Z", "class": "stroke"}),
    ],
    # the river sign: a small flag
    "i-sign": [
        ("path", {"d": "M-6,-8 L-6,-1", "class": "stroke"}),
        ("path", {"d": "M-6,-8 L-1,-6.5 L-6,-5 Z"}),
    ],
    # weather token faces
    "w-sun": [
        ("circle", {"cx": "0", "cy": "0", "r": "3.6"}),
        (
            "path",
            {
                "d": "M0,-7 L0,-5 M0,5 L0,7 M-7,0 L-5,0 M5,0 L7,0 M-5,-5 L-3.6,-3.6 "
                "M5,5 L3.6,3.6 M-5,5 L-3.6,3.6 M5,-5 L3.6,-3.6",
                "class": "stroke",
            },
        ),
    ],
    "w-hurricane": [
        (
            "path",
            {
                "d": "M0,0 m-1,0 a1,1 0 1 1 2,0 a3,3 0 1 1 -6,0 a5,5 0 1 1 10,0 a7,7 0 0 1 -5,6.5",
                "class": "stroke",
            },
        ),
    ],
    "w-hailstorm": [
        ("path", {"d": "M-6,0 A3,3 0 0 1 -5,-5 A4,4 0 0 1 2.5,-6 A3.5,3.5 0 0 1 6,0 Z"}),
        ("circle", {"cx": "-3", "cy": "3.5", "r": "1.3"}),
        ("circle", {"cx": "1", "cy": "5", "r": "1.3"}),
        ("circle", {"cx": "4", "cy": "3", "r": "1.3"}),
    ],
    "w-downpour": [
        ("path", {"d": "M-6,0 A3,3 0 0 1 -5,-5 A4,4 0 0 1 2.5,-6 A3.5,3.5 0 0 1 6,0 Z"}),
        ("path", {"d": "M-4,2 L-5,6 M0,2 L-1,6 M4,2 L3,6", "class": "stroke"}),
    ],
    "w-snowstorm": [
        (
            "path",
            {
                "d": "M0,-7 L0,7 M-6,-3.5 L6,3.5 M-6,3.5 L6,-3.5 M-1.5,-5.5 L0,-4 L1.5,-5.5 "
                "M-1.5,5.5 L0,4 L1.5,5.5",
                "class": "stroke",
            },
        ),
    ],
    "w-heatwave": [
        (
            "path",
            {
                "d": "M-5,6 Q-7,3 -5,0 T-5,-6 M0,6 Q-2,3 0,0 T0,-6 M5,6 Q3,3 5,0 T5,-6",
                "class": "stroke",
            },
        ),
    ],
    "w-fog": [
        ("path", {"d": "M-7,-4 L5,-4 M-5,0 L7,0 M-7,4 L5,4", "class": "stroke"}),
    ],
    "w-thunderstorm": [
        ("path", {"d": "M-6,-1 A3,3 0 0 1 -5,-6 A4,4 0 0 1 2.5,-7 A3.5,3.5 0 0 1 6,-1 Z"}),
        ("path", {"d": "M1,-1 L-2.5,4 L0,4 L-1.5,8 L3,2.5 L0.5,2.5 L2,-1 Z", "class": "bolt"}),
    ],
    "w-back": [
        (
            "path",
            {
                "d": "M-6,3 A3,3 0 0 1 -5,-2.5 A4,4 0 0 1 2.5,-4 A3.5,3.5 0 0 1 6,3 Z",
                "class": "stroke",
            },
        ),
    ],
    # the marmot: a round little animal
    "i-marmot": [
        ("ellipse", {"cx": "0", "cy": "2", "rx": "5.5", "ry": "6"}),
        ("circle", {"cx": "0", "cy": "-5", "r": "3.6"}),
        ("circle", {"cx": "-1.3", "cy": "-5.6", "r": "0.6", "class": "eye"}),
        ("circle", {"cx": "1.3", "cy": "-5.6", "r": "0.6", "class": "eye"}),
    ],
    # the animals: "a-eagle", "a-elk", ...
    **{f"a-{species}": [("path", {"d": d})] for species, d in ANIMALS.items()},
}


# Document CSS cannot select inside a <use> copy by its ancestors, so the symbol parts carry
# presentation attributes: "currentColor" follows the ``color`` of the <use> element.
_PART_STYLE = {
    None: {"fill": "currentColor"},
    "stroke": {
        "fill": "none",
        "stroke": "currentColor",
        "stroke-width": "1.3",
        "stroke-linecap": "round",
        "stroke-linejoin": "round",
    },
    "band": {"fill": "currentColor"},
    "cap": {"fill": "#ffffff"},
    "drop": {"fill": "#ffffff", "stroke": "#0072b2", "stroke-width": "0.8"},
    "pool": {"fill": "#7cc3e0"},
    "lava": {"fill": "#ffb000"},
    "bolt": {"fill": "#e69f00", "stroke": "#33414f", "stroke-width": "0.4"},
    "eye": {"fill": "#ffffff"},
}


def _part(tag: str, attrs: dict) -> E:
    return h(tag, {**attrs, **_PART_STYLE[attrs.get("class")]})


def sprite() -> E:
    """The hidden SVG holding every icon symbol (drawn once per page)."""
    return symbol_sprite(_SYMBOLS, _part)


def use(symbol: str, x: float, y: float, size: float = 2 * R, cls: str | None = None) -> E:
    return h(
        "use",
        {
            "href": f"#{symbol}",
            "x": x - size / 2,
            "y": y - size / 2,
            "width": size,
            "height": size,
            "class": cls,
        },
    )


# --------------------------------------------------------------------------- animal tokens

_LAYOUT = {
    (1, False): ((0.0, 0.0, 4.6),),
    (1, True): ((0.0, -2.2, 4.2),),
    (2, False): ((-3.6, 0.0, 3.5), (3.6, 0.0, 3.5)),
    (2, True): ((-3.5, -2.0, 3.3), (3.5, -2.0, 3.3)),
    (3, False): ((0.0, -3.5, 3.2), (-3.6, 2.6, 3.2), (3.6, 2.6, 3.2)),
    (3, True): ((0.0, -3.8, 3.0), (-3.6, 1.6, 3.0), (3.6, 1.6, 3.0)),
}
_DROP = "M0,1.2 C1.7,3.4 2.4,4.5 2.4,5.4 A2.4,2.4 0 0 1 -2.4,5.4 C-2.4,4.5 -1.7,3.4 0,1.2 Z"


def water_drop(scale: float = 1.0, dy: float = 0.0) -> E:
    """The watering hole's drop (a token's badge, the legend's picture)."""
    return h(
        "path",
        {
            "class": "drop",
            "d": _DROP,
            "transform": f"translate(0,{svg_num(dy)}) scale({svg_num(scale)})",
        },
    )


SIL_SCALE = 0.088  # a silhouette's size in a disc of radius 1: inside it, with a small margin


def animal_glyph(species: str, letter: str, x: float, y: float, r: float) -> list[E]:
    """One animal of a token: its coloured disc of radius ``r`` at (x, y), its silhouette and,
    small in the lower right, its letter (for players who tell the colours apart badly)."""
    return [
        h("circle", {"class": f"sp sp-{species}", "cx": x, "cy": y, "r": r}),
        use(f"a-{species}", x, y, 20.0 * r * SIL_SCALE, f"sil sil-{species}"),
        h(
            "text",
            {
                "class": f"sp-l sp-l-{species}",
                "x": x + r * 0.72,
                "y": y + r * 0.98,
                "font-size": r * 0.85,
            },
            letter,
        ),
    ]


def token_glyph(
    tid: int,
    letters: dict[str, str],
    x: float = 0.0,
    y: float = 0.0,
    radius: float = 8.2,
    cls: str = "tok",
) -> E:
    """An animal token: a round tile with one coloured disc per animal (its silhouette and,
    small, its letter) and a water-drop badge for the watering hole. ``letters`` maps species
    to their letter."""
    token = TOKENS[tid]
    n = len(token.animals)
    parts = [h("circle", {"class": "tok-bg", "cx": 0.0, "cy": 0.0, "r": radius})]
    scale = radius / 8.2
    for species, (ax, ay, ar) in zip(token.animals, _LAYOUT[(n, token.water)], strict=True):
        ax, ay, ar = ax * scale, ay * scale, ar * scale
        parts += animal_glyph(species, letters.get(species, species[:1].upper()), ax, ay, ar)
    if token.water:
        parts.append(water_drop(scale, 0.6 * scale))
    transform = f"translate({svg_num(x)},{svg_num(y)})"
    return h("g", {"class": cls, "transform": transform}, parts)


def weather_glyph(
    wid: int | None, x: float = 0.0, y: float = 0.0, radius: float = 8.2, face_down: bool = False
) -> E:
    """A weather token, face up (``wid``) or face down."""
    if face_down or wid is None:
        kind, clouds = "back", 0
    else:
        w = WEATHER[wid]
        kind, clouds = w.kind, w.clouds
    parts = [
        h("circle", {"class": f"wx-bg wx-{kind}", "cx": 0.0, "cy": 0.0, "r": radius}),
        use(f"w-{kind}", 0.0, 0.0, radius * 1.8, f"wx-icon wx-i-{kind}"),
    ]
    if kind == "back":
        parts.append(
            h("text", {"class": "wx-q", "x": 0.0, "y": radius * 0.35, "font-size": radius}, "?")
        )
    if clouds:
        parts.append(
            h(
                "text",
                {
                    "class": "wx-n",
                    "x": radius * 0.62,
                    "y": radius * 0.95,
                    "font-size": radius * 0.75,
                },
                str(clouds),
            )
        )
    return h("g", {"class": "wx", "transform": f"translate({svg_num(x)},{svg_num(y)})"}, parts)


def mini_svg(content: E | list, size: float = 2 * R, cls: str = "mini") -> E:
    """A small standalone SVG (a token in a button) centred on 0."""
    return vdom.mini_svg(content, size, cls)
