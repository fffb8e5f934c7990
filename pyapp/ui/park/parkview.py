"""Geometry of a park drawing: hex polygons, river links and marks, with no DOM access.

Hexes are pointy-top with unit radius; the centre of axial (q, r) is
x = sqrt(3) * (q + r / 2), y = 1.5 * r (r grows downward), as in the engine's API.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .art import corners

SQRT3 = math.sqrt(3.0)
TERRAIN_LABELS = {
    "forest": "Forest",
    "prairie": "Prairie",
    "mountain": "Mountain",
    "geyser": "Geyser",
    "volcano": "Volcano",
    "weather": "Weather space",
}


def centre(q: int, r: int) -> tuple[float, float]:
    # unit radius (``art.centre`` scales by ``art.R``)
    return SQRT3 * (q + r / 2), 1.5 * r


def points_attr(points) -> str:
    # three decimals for the unit-radius preview (``art.points_attr`` rounds to two at ``art.R``)
    return " ".join(f"{x:.3f},{y:.3f}" for x, y in points)


@dataclass(frozen=True)
class HexShape:
    index: int
    at: tuple[int, int]
    kind: str  # landscape, geyser, volcano, weather
    style: str  # css class: the terrain of a landscape space, else the kind
    centre: tuple[float, float]
    points: str
    label: str
    river: bool
    waterfall: bool


@dataclass(frozen=True)
class ParkDrawing:
    view_box: tuple[float, float, float, float]
    hexes: tuple[HexShape, ...]
    river_links: tuple[tuple[tuple[float, float], tuple[float, float]], ...]

    @property
    def view_box_attr(self) -> str:
        return " ".join(f"{v:.3f}" for v in self.view_box)


def describe(space) -> str:
    if space.kind == "landscape":
        text = TERRAIN_LABELS.get(space.terrain, str(space.terrain))
        if space.river:
            text += " with river"
        if space.waterfall:
            text += " and waterfall" if space.river else " with waterfall"
    else:
        text = TERRAIN_LABELS.get(space.kind, space.kind)
    return f"{text} at {space.at[0]},{space.at[1]}"


def draw_park(park, margin: float = 0.2) -> ParkDrawing:
    """A drawing of ``park``: anything with ``.spaces`` and ``.neighbours``, like Park."""
    hexes = []
    for i, space in enumerate(park.spaces):
        x, y = centre(*space.at)
        style = space.terrain if space.kind == "landscape" else space.kind
        if style not in TERRAIN_LABELS:
            style = "unknown"
        hexes.append(
            HexShape(
                index=i,
                at=tuple(space.at),
                kind=space.kind,
                style=style,
                centre=(x, y),
                points=points_attr(corners(x, y, 0.97)),
                label=describe(space),
                river=bool(space.river),
                waterfall=bool(space.waterfall),
            )
        )
    links = []
    for i, space in enumerate(park.spaces):
        if not space.river:
            continue
        for j in park.neighbours[i]:
            if j > i and park.spaces[j].river:
                links.append((hexes[i].centre, hexes[j].centre))
    if hexes:
        xs = [x for h in hexes for x in (h.centre[0] - SQRT3 / 2, h.centre[0] + SQRT3 / 2)]
        ys = [y for h in hexes for y in (h.centre[1] - 1.0, h.centre[1] + 1.0)]
        left, top = min(xs) - margin, min(ys) - margin
        view_box = (left, top, max(xs) + margin - left, max(ys) + margin - top)
    else:
        view_box = (0.0, 0.0, 1.0, 1.0)
    return ParkDrawing(view_box, tuple(hexes), tuple(links))
