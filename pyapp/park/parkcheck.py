"""Validation of park (map) data.

``check_park(data)`` accepts the JSON-safe park format described in the engine API and raises
``ParkError`` naming the offending space ("q,r") and the rule it breaks.

* Non-strict mode checks that the data is a well-formed park of any shape (for parks given
  inline to the score command).
* Strict mode (the default) also checks the game's rules for the side named by ``data["name"]``:
  ``"river"`` (base game) or ``"geyser"`` (the "Storm warning in Geyser Park" variant). Both sides
  have 14 spaces of each terrain in regions of at least 4, and one river of 10 to 14 spaces from a
  river sign on the edge, across all three terrains, with 6 waterfalls (NOTES.md, "Parks"); the
  river side adds a volcano, 3 geysers inside the park and 6 weather spaces around its centre,
  the geyser side 6 geysers on the edge (3 landscape neighbours each) and 7 weather spaces (a
  middle one and a clockwise ring of 6).

The first geyser side (``parks/geyser-v1.json``, without river) is kept only for games saved
before it changed; it is checked in non-strict mode (see ``park.load_park``).

Coordinates are axial ``[q, r]`` on pointy-top hexes; the pixel centre of a hex is
``x = sqrt(3) * (q + r / 2)``, ``y = 1.5 * r`` with ``y`` growing downward, so "clockwise" means
clockwise on screen.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from .components import TERRAINS

__all__ = ["KINDS", "OFFSETS", "TERRAINS", "ParkError", "check_park", "pixel"]

KINDS = ("landscape", "geyser", "volcano", "weather")
OFFSETS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))

_PARK_KEYS = frozenset({"name", "spaces", "weather_order", "middle", "river_sign"})
_SPACE_KEYS = frozenset({"at", "kind", "terrain", "river", "waterfall"})

# Game rules for the two printed sides (strict mode).
TERRAIN_SPACES = 14  # of each terrain, both sides
MIN_REGION = 4  # spaces per connected region of one terrain (so 1 to 3 regions)
RIVER_MIN, RIVER_MAX = 10, 14  # "about 12" river spaces
WATERFALLS = 6
RIVER_GEYSERS = 3
RIVER_WEATHER = 6
GEYSER_GEYSERS = 6
GEYSER_WEATHER = 7  # the middle one plus a ring of six
MIN_WEATHER_LANDSCAPE = 3  # landscape neighbours of every weather space
MAX_WEATHER_GAP = 180.0  # degrees between clockwise-consecutive weather spaces

Coord = tuple[int, int]


class ParkError(ValueError):
    """Park data that is malformed or breaks the rules of its side."""


def pixel(at: Coord) -> tuple[float, float]:
    """Screen centre of a hex (pointy-top, unit size, y grows downward)."""
    q, r = at
    return math.sqrt(3) * (q + r / 2), 1.5 * r


def _fmt(at: Coord) -> str:
    """A space's coordinates as text, ``q,r`` (also the form used in action texts)."""
    return f"{at[0]},{at[1]}"


def _fmt_all(coords: Iterable[Coord]) -> str:
    return " ".join(_fmt(c) for c in sorted(coords))


def _show(value: object) -> str:
    """A short repr of user data for messages."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _coord(value: object, where: str) -> Coord:
    if not isinstance(value, list | tuple) or len(value) != 2 or not all(_is_int(v) for v in value):
        raise ParkError(f"{where}: must be a pair of integers [q, r], got {_show(value)}")
    return value[0], value[1]


def _neighbours(at: Coord) -> list[Coord]:
    q, r = at
    return [(q + dq, r + dr) for dq, dr in OFFSETS]


class _Space:
    __slots__ = ("at", "kind", "terrain", "river", "waterfall")

    def __init__(
        self, at: Coord, kind: str, terrain: str | None, river: bool, waterfall: bool
    ) -> None:
        self.at = at
        self.kind = kind
        self.terrain = terrain
        self.river = river
        self.waterfall = waterfall


# ---------------------------------------------------------------------------
# Well-formedness (both modes)
# ---------------------------------------------------------------------------


def _parse_space(index: int, raw: object) -> _Space:
    where = f"spaces[{index}]"
    if not isinstance(raw, dict):
        raise ParkError(f"{where}: must be an object, got {type(raw).__name__}")
    if "at" not in raw:
        raise ParkError(f'{where}: missing "at"')
    at = _coord(raw["at"], f'{where} "at"')
    name = f"space {_fmt(at)}"
    for key in raw:
        if key not in _SPACE_KEYS:
            raise ParkError(f"{name}: unknown key {_show(key)}")
    kind = raw.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise ParkError(f"{name}: unknown kind {_show(kind)} (expected one of {', '.join(KINDS)})")
    flags = {}
    for flag in ("river", "waterfall"):
        value = raw.get(flag, False)
        if not isinstance(value, bool):
            raise ParkError(f'{name}: "{flag}" must be true or false, got {_show(value)}')
        flags[flag] = value
    terrain = raw.get("terrain")
    if kind == "landscape":
        if not isinstance(terrain, str) or terrain not in TERRAINS:
            raise ParkError(
                f"{name}: a landscape space needs a terrain ({', '.join(TERRAINS)}), "
                f"got {_show(terrain)}"
            )
    else:
        if terrain is not None:
            raise ParkError(f"{name}: a {kind} space has no terrain")
        for flag, value in flags.items():
            if value:
                raise ParkError(f"{name}: only landscape spaces can have a {flag}")
    return _Space(at, kind, terrain, flags["river"], flags["waterfall"])


def _reference(data: dict, key: str, spaces: dict[Coord, _Space]) -> Coord | None:
    value = data.get(key)
    if value is None:
        return None
    at = _coord(value, f'park "{key}"')
    if at not in spaces:
        raise ParkError(f'park "{key}": {_fmt(at)} is not a space of the park')
    return at


def _parse(
    data: object,
) -> tuple[dict[Coord, _Space], list[Coord] | None, Coord | None, Coord | None]:
    if not isinstance(data, dict):
        raise ParkError(f"park: must be an object (dict), got {type(data).__name__}")
    for key in data:
        if key not in _PARK_KEYS:
            raise ParkError(f"park: unknown key {_show(key)}")
    name = data.get("name")
    if name is not None and not isinstance(name, str):
        raise ParkError(f'park: "name" must be a string, got {_show(name)}')
    raw_spaces = data.get("spaces")
    if not isinstance(raw_spaces, list):
        raise ParkError('park: "spaces" must be a list')
    if not raw_spaces:
        raise ParkError("park: has no spaces")

    spaces: dict[Coord, _Space] = {}
    first_index: dict[Coord, int] = {}
    for index, raw in enumerate(raw_spaces):
        space = _parse_space(index, raw)
        if space.at in spaces:
            raise ParkError(
                f"space {_fmt(space.at)}: listed twice "
                f"(spaces[{first_index[space.at]}] and spaces[{index}])"
            )
        spaces[space.at] = space
        first_index[space.at] = index

    order: list[Coord] | None = None
    raw_order = data.get("weather_order")
    if raw_order is not None:
        if not isinstance(raw_order, list):
            raise ParkError('park: "weather_order" must be a list of [q, r]')
        order = []
        for i, value in enumerate(raw_order):
            at = _coord(value, f"weather_order[{i}]")
            if at not in spaces:
                raise ParkError(f"weather_order[{i}]: {_fmt(at)} is not a space of the park")
            if spaces[at].kind != "weather":
                raise ParkError(
                    f"weather_order[{i}]: space {_fmt(at)} is a {spaces[at].kind} space, "
                    "not a weather space"
                )
            if at in order:
                raise ParkError(f"weather_order[{i}]: weather space {_fmt(at)} is listed twice")
            order.append(at)

    middle = _reference(data, "middle", spaces)
    if middle is not None:
        if spaces[middle].kind != "weather":
            raise ParkError(
                f'park "middle": space {_fmt(middle)} is a {spaces[middle].kind} space, '
                "not a weather space"
            )
        if order is not None and middle in order:
            raise ParkError(
                f"weather space {_fmt(middle)}: is the middle and cannot also be in weather_order"
            )

    sign = _reference(data, "river_sign", spaces)
    if sign is not None and not spaces[sign].river:
        raise ParkError(f"river sign {_fmt(sign)}: must be on a river space")
    return spaces, order, middle, sign


# ---------------------------------------------------------------------------
# Shape and terrain rules shared by both sides
# ---------------------------------------------------------------------------


def _components(cells: set[Coord]) -> list[set[Coord]]:
    """Edge-connected groups of ``cells``, in order of their smallest coordinate."""
    left = set(cells)
    groups = []
    for start in sorted(cells):
        if start not in left:
            continue
        group = {start}
        left.discard(start)
        todo = [start]
        while todo:
            for n in _neighbours(todo.pop()):
                if n in left:
                    left.discard(n)
                    group.add(n)
                    todo.append(n)
        groups.append(group)
    return groups


def _check_shape(spaces: dict[Coord, _Space]) -> None:
    groups = _components(set(spaces))
    if len(groups) > 1:
        stray = min(groups[1:], key=len)
        raise ParkError(
            f"space {_fmt(min(stray))}: not connected to the rest of the park "
            f"(the park falls into {len(groups)} separate pieces)"
        )
    # Holes: empty hexes inside the bounding box (plus a margin) that the outside cannot reach.
    qs = [q for q, _ in spaces]
    rs = [r for _, r in spaces]
    qlo, qhi, rlo, rhi = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1
    empty = {
        (q, r) for q in range(qlo, qhi + 1) for r in range(rlo, rhi + 1) if (q, r) not in spaces
    }
    outside = {(qlo, rlo)}
    todo = [(qlo, rlo)]
    while todo:
        for n in _neighbours(todo.pop()):
            if n in empty and n not in outside:
                outside.add(n)
                todo.append(n)
    holes = empty - outside
    if holes:
        hole = min(holes)
        raise ParkError(f"park: has a hole at {_fmt(hole)} (an empty hex enclosed by spaces)")


def _check_terrain(spaces: dict[Coord, _Space]) -> None:
    for terrain in TERRAINS:
        cells = {at for at, s in spaces.items() if s.kind == "landscape" and s.terrain == terrain}
        if len(cells) != TERRAIN_SPACES:
            raise ParkError(
                f"park: has {len(cells)} {terrain} spaces, needs exactly {TERRAIN_SPACES}"
            )
        # With 14 spaces and at least 4 per region, a terrain has at most 3 regions.
        for region in _components(cells):
            if len(region) < MIN_REGION:
                raise ParkError(
                    f"space {_fmt(min(region))}: its {terrain} region has only "
                    f"{_plural(len(region), 'space')}, every region needs at least {MIN_REGION}"
                )


def _landscape_neighbours(spaces: dict[Coord, _Space], at: Coord) -> list[Coord]:
    return [n for n in _neighbours(at) if n in spaces and spaces[n].kind == "landscape"]


def _park_neighbours(spaces: dict[Coord, _Space], at: Coord) -> list[Coord]:
    return [n for n in _neighbours(at) if n in spaces]


def _check_weather_spaces(
    spaces: dict[Coord, _Space], weather: list[Coord], others_name: str = "weather space"
) -> None:
    for at in weather:
        count = len(_landscape_neighbours(spaces, at))
        if count < MIN_WEATHER_LANDSCAPE:
            raise ParkError(
                f"weather space {_fmt(at)}: has {count} landscape neighbours, "
                f"needs at least {MIN_WEATHER_LANDSCAPE}"
            )
        for n in _neighbours(at):
            if n in weather:
                raise ParkError(
                    f"weather space {_fmt(at)}: touches {others_name} {_fmt(n)}, "
                    "weather spaces must not be neighbours"
                )


def _check_clockwise(order: list[Coord], centre: tuple[float, float], centre_name: str) -> None:
    """The order must wind exactly once, clockwise on screen, around ``centre``."""
    cx, cy = centre
    angles = {}
    for at in order:
        x, y = pixel(at)
        if math.hypot(x - cx, y - cy) < 1e-9:
            raise ParkError(f"weather space {_fmt(at)}: sits on {centre_name}, it has no direction")
        # y grows downward, so a growing atan2 angle turns clockwise on screen.
        angles[at] = math.degrees(math.atan2(y - cy, x - cx))
    start = angles[order[0]]
    ahead = sorted(order, key=lambda at: (angles[at] - start) % 360.0)
    for a, b in zip(ahead, ahead[1:], strict=False):
        if abs(angles[a] - angles[b]) < 1e-9:
            raise ParkError(
                f"weather spaces {_fmt(a)} and {_fmt(b)}: lie in the same direction from "
                f"{centre_name}, the clockwise order is ambiguous"
            )
    for i, (got, want) in enumerate(zip(order, ahead, strict=True)):
        if got != want:
            raise ParkError(
                f"weather_order[{i}]: weather space {_fmt(got)} is out of clockwise order "
                f"around {centre_name} (after {_fmt(order[i - 1])} comes {_fmt(want)})"
            )
    for i, at in enumerate(order):
        nxt = order[(i + 1) % len(order)]
        gap = (angles[nxt] - angles[at]) % 360.0
        if gap >= MAX_WEATHER_GAP:
            raise ParkError(
                f"weather space {_fmt(at)}: the next weather space clockwise ({_fmt(nxt)}) is "
                f"{gap:.0f} degrees away around {centre_name}; weather spaces must be spread "
                f"around it (gaps under {MAX_WEATHER_GAP:.0f} degrees)"
            )


def _centroid(cells: Iterable[Coord]) -> tuple[float, float]:
    points = [pixel(at) for at in cells]
    return (
        sum(x for x, _ in points) / len(points),
        sum(y for _, y in points) / len(points),
    )


def _of_kind(spaces: dict[Coord, _Space], kind: str) -> list[Coord]:
    return sorted(at for at, s in spaces.items() if s.kind == kind)


def _plural(count: int, word: str, words: str | None = None) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {words or word + 's'}"


# ---------------------------------------------------------------------------
# The river (both sides)
# ---------------------------------------------------------------------------


def _check_river(spaces: dict[Coord, _Space], sign: Coord | None, side: str) -> None:
    """One unbranched river of about 12 landscape spaces from the river sign on the park's edge
    (in its top-left part on the river side), across all three terrains, with 6 waterfalls:
    the same on both sides (NOTES.md, "Parks")."""
    centre = _centroid(spaces)
    river = {at for at, s in spaces.items() if s.river}
    for at, s in sorted(spaces.items()):
        if s.waterfall and not s.river:
            raise ParkError(f"space {_fmt(at)}: waterfall must be on a river space")
    if not RIVER_MIN <= len(river) <= RIVER_MAX:
        raise ParkError(
            f"park: the river has {len(river)} spaces, "
            f"the {side} side needs {RIVER_MIN} to {RIVER_MAX}"
        )
    if sign is None:
        raise ParkError(f'park: "river_sign" is missing, the {side} side needs one')
    if len(_park_neighbours(spaces, sign)) == 6:
        raise ParkError(f"river sign {_fmt(sign)}: must be on the park's outer edge")
    x, y = pixel(sign)
    if side == "river" and not (x < centre[0] and y < centre[1]):
        raise ParkError(f"river sign {_fmt(sign)}: must be in the top-left part of the park")
    for at in sorted(river):
        links = [n for n in _neighbours(at) if n in river]
        if len(links) > 2:
            raise ParkError(
                f"river space {_fmt(at)}: touches {len(links)} river spaces "
                f"({_fmt_all(links)}), the river must be one path without branches"
            )
    sign_links = [n for n in _neighbours(sign) if n in river]
    if len(sign_links) != 1:
        raise ParkError(
            f"river sign {_fmt(sign)}: must be at an end of the river "
            f"(it touches {_plural(len(sign_links), 'river space')})"
        )
    groups = _components(river)
    if len(groups) > 1:
        main = next(g for g in groups if sign in g)
        stray = min(min(g) for g in groups if g is not main)
        raise ParkError(
            f"river space {_fmt(stray)}: is not connected to the river that starts "
            f"at the river sign {_fmt(sign)}"
        )
    for terrain in TERRAINS:
        if not any(spaces[at].terrain == terrain for at in river):
            raise ParkError(f"park: the river never crosses {terrain}, it must cross all three")
    falls = sorted(at for at in river if spaces[at].waterfall)
    _check_count(falls, "waterfall", side, WATERFALLS)


def _check_count(found: list, noun: str, side: str, needed: int) -> None:
    """``ParkError`` unless there are exactly ``needed`` of what ``found`` lists."""
    if len(found) != needed:
        raise ParkError(
            f"park: has {_plural(len(found), noun)}, the {side} side needs exactly {needed}"
        )


def _check_geysers(
    spaces: dict[Coord, _Space], side: str, needed: int, landscape: int, touch
) -> None:
    """Exactly ``needed`` geysers, each with ``landscape`` landscape neighbours;
    ``touch(spaces, at, n)`` gives the complaint about neighbour ``n`` of geyser ``at``, or
    None."""
    geysers = _of_kind(spaces, "geyser")
    _check_count(geysers, "geyser", side, needed)
    for at in geysers:
        for n in _park_neighbours(spaces, at):
            complaint = touch(spaces, at, n)
            if complaint:
                raise ParkError(complaint)
        count = len(_landscape_neighbours(spaces, at))
        if count != landscape:
            raise ParkError(
                f"geyser {_fmt(at)}: has {count} landscape neighbours, "
                f"the {side} side needs exactly {landscape}"
            )


def _river_geyser_touches(spaces: dict[Coord, _Space], at: Coord, n: Coord) -> str | None:
    """River side: a geyser touches no other geyser."""
    if spaces[n].kind == "geyser":
        return f"geyser {_fmt(at)}: touches geyser {_fmt(n)}"
    return None


def _geyser_geyser_touches(spaces: dict[Coord, _Space], at: Coord, n: Coord) -> str | None:
    """Geyser side: a geyser touches landscape spaces only."""
    if spaces[n].kind != "landscape":
        return (
            f"geyser {_fmt(at)}: touches {spaces[n].kind} space {_fmt(n)}, "
            "a geyser's neighbours must all be landscape spaces"
        )
    return None


def _check_weather_order(order: list[Coord] | None, weather: list[Coord]) -> None:
    """``weather_order`` is there and names every space of ``weather``."""
    if order is None:
        raise ParkError('park: "weather_order" is missing')
    for at in weather:
        if at not in order:
            raise ParkError(f"weather space {_fmt(at)}: missing from weather_order")


# ---------------------------------------------------------------------------
# River side
# ---------------------------------------------------------------------------


def _check_river_side(
    spaces: dict[Coord, _Space], order: list[Coord] | None, middle: Coord | None, sign: Coord | None
) -> None:
    centre = _centroid(spaces)

    volcanoes = _of_kind(spaces, "volcano")
    if len(volcanoes) != 1:
        raise ParkError(
            f"park: has {_plural(len(volcanoes), 'volcano', 'volcanoes')} ({_fmt_all(volcanoes)}), "
            "the river side needs exactly 1"
        )
    for at in volcanoes:
        if len(_park_neighbours(spaces, at)) != 6:
            raise ParkError(f"volcano {_fmt(at)}: must be inside the park, not on its edge")

    _check_geysers(spaces, "river", RIVER_GEYSERS, 6, _river_geyser_touches)

    _check_river(spaces, sign, "river")

    if middle is not None:
        raise ParkError(
            f'weather space {_fmt(middle)}: the river side has no middle ("middle" must be null)'
        )
    weather = _of_kind(spaces, "weather")
    _check_count(weather, "weather space", "river", RIVER_WEATHER)
    _check_weather_order(order, weather)
    _check_weather_spaces(spaces, weather)
    _check_clockwise(order, centre, "the park's centre")


# ---------------------------------------------------------------------------
# Geyser side
# ---------------------------------------------------------------------------


def _check_geyser_side(
    spaces: dict[Coord, _Space], order: list[Coord] | None, middle: Coord | None, sign: Coord | None
) -> None:
    for at, s in sorted(spaces.items()):
        if s.kind == "volcano":
            raise ParkError(f"volcano {_fmt(at)}: the geyser side has no volcano")

    _check_geysers(spaces, "geyser", GEYSER_GEYSERS, 3, _geyser_geyser_touches)

    weather = _of_kind(spaces, "weather")
    _check_count(weather, "weather space", "geyser", GEYSER_WEATHER)
    if middle is None:
        raise ParkError('park: "middle" is missing, the geyser side has a middle weather space')
    ring = [at for at in weather if at != middle]
    _check_weather_order(order, ring)
    if len(_park_neighbours(spaces, middle)) != 6:
        raise ParkError(f"weather space {_fmt(middle)}: the middle must not be on the park's edge")
    centre = _centroid(spaces)
    mx, my = pixel(middle)
    middle_off = math.hypot(mx - centre[0], my - centre[1])
    for at in ring:
        x, y = pixel(at)
        if math.hypot(x - centre[0], y - centre[1]) <= middle_off:
            raise ParkError(
                f"weather space {_fmt(middle)}: is not the middle of the park "
                f"(ring weather space {_fmt(at)} is as close to the centre)"
            )
        if at in _neighbours(middle):
            raise ParkError(
                f"weather space {_fmt(at)}: touches the middle weather space {_fmt(middle)}, "
                "the ring must keep its distance"
            )
    _check_weather_spaces(spaces, weather)
    _check_clockwise(order, pixel(middle), f"the middle weather space {_fmt(middle)}")
    _check_river(spaces, sign, "geyser")


# ---------------------------------------------------------------------------


def check_park(data: dict, *, strict: bool = True) -> None:
    """Raise ``ParkError`` unless ``data`` is a valid park.

    Non-strict: any well-formed park. Strict: also the game's rules for the side named by
    ``data["name"]`` (``"river"`` or ``"geyser"``).
    """
    spaces, order, middle, sign = _parse(data)
    if not strict:
        return
    name = data.get("name")
    if name not in ("river", "geyser"):
        raise ParkError(
            f'park: "name" must be "river" or "geyser" for strict checks, got {_show(name)}'
        )
    _check_shape(spaces)
    _check_terrain(spaces)
    if name == "river":
        _check_river_side(spaces, order, middle, sign)
    else:
        _check_geyser_side(spaces, order, middle, sign)
