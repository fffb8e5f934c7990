"""Reading a park position to score (the ``score`` command's input).

Format::

    {"park": "river" | "geyser" | {"spaces": [...]},
     "tokens": [{"at": [q, r], "animals": ["bear", "bear"], "water": true}, ...],
     "weather": [{"at": [q, r], "kind": "thunderstorm", "clouds": 2}, ...]}

Tokens are given face up; scoring flips them. Every problem raises LoadError naming it.
"""

from __future__ import annotations

from ..core import jsontext
from ..core.errors import LoadError
from .components import SPECIES, WEATHER_BY_NAME, WEATHER_KINDS, make_face
from .park import Park, ParkError, load_park


def _at(value, where: str) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2 or not all(type(v) is int for v in value):
        raise LoadError(f"{where}: 'at' must be two whole numbers [q, r]")
    return (value[0], value[1])


def _only_keys(obj, allowed: set, where: str) -> None:
    if not isinstance(obj, dict):
        raise LoadError(f"{where} must be a JSON object")
    extra = sorted(set(obj) - allowed)
    if extra:
        raise LoadError(f"{where}: unknown field {extra[0]!r}")


def _pieces(data: dict, key: str, label: str, fields: set):
    """``(where, entry, at)`` for each entry of the list ``data[key]`` (none when it is absent),
    checked to be an object of ``fields`` with a valid ``at``; ``where`` names it for messages."""
    entries = data.get(key, [])
    if not isinstance(entries, list):
        raise LoadError(f"'{key}' must be a list")
    for n, entry in enumerate(entries):
        where = f"{label} {n + 1}"
        _only_keys(entry, fields, where)
        yield where, entry, _at(entry.get("at"), where)


def read_position(data) -> tuple[Park, list, list]:
    """(park, faces per space, weather per space) from a decoded position."""
    _only_keys(data, {"park", "tokens", "weather"}, "the position")
    raw_park = data.get("park", "river")
    try:
        if isinstance(raw_park, str):
            park = load_park(raw_park)
        elif isinstance(raw_park, dict):
            park = Park(raw_park, strict=False)
        else:
            raise LoadError("'park' must be \"river\", \"geyser\" or an object with 'spaces'")
    except ParkError as e:
        raise LoadError(f"park: {e}") from e
    faces: list = [None] * len(park)
    weather: list = [None] * len(park)
    taken: set[int] = set()

    def place(at, where: str, kind: str) -> int:
        i = park.index.get(at)
        if i is None:
            raise LoadError(f"{where}: there is no space {at[0]},{at[1]} in the park")
        if park.spaces[i].kind != kind:
            what = "animal tokens" if kind == "landscape" else "weather tokens"
            raise LoadError(
                f"{where}: space {at[0]},{at[1]} is a {park.spaces[i].kind} space; "
                f"{what} only go on {kind} spaces"
            )
        if i in taken:
            raise LoadError(f"{where}: space {at[0]},{at[1]} already holds a piece")
        taken.add(i)
        return i

    for where, tok, at in _pieces(data, "tokens", "token", {"at", "animals", "water"}):
        animals = tok.get("animals")
        if not isinstance(animals, list) or not 1 <= len(animals) <= 3:
            raise LoadError(f"{where}: 'animals' must list 1 to 3 animals")
        for a in animals:
            if a not in SPECIES:
                raise LoadError(f"{where}: unknown species {a!r} (expected {', '.join(SPECIES)})")
        water = tok.get("water", False)
        if type(water) is not bool:
            raise LoadError(f"{where}: 'water' must be true or false")
        faces[place(at, where, "landscape")] = make_face(animals, water)
    for where, w, at in _pieces(data, "weather", "weather token", {"at", "kind", "clouds"}):
        kind = w.get("kind")
        if kind not in WEATHER_KINDS:
            raise LoadError(
                f"{where}: unknown weather {kind!r} (expected {', '.join(WEATHER_KINDS)})"
            )
        if kind == "thunderstorm":
            clouds = w.get("clouds")
            if type(clouds) is not int or not 1 <= clouds <= 3:
                raise LoadError(f"{where}: a thunderstorm has 1 to 3 clouds, not {clouds!r}")
            token = WEATHER_BY_NAME[f"thunderstorm{clouds}"]
        else:
            if "clouds" in w:
                raise LoadError(f"{where}: only thunderstorms have clouds")
            token = WEATHER_BY_NAME[kind]
        weather[place(at, where, "weather")] = token
    return park, faces, weather


def read_position_text(text: str) -> tuple[Park, list, list]:
    try:
        data = jsontext.loads(text)
    except (ValueError, RecursionError) as e:
        raise LoadError(f"the position is not valid JSON: {e}") from e
    return read_position(data)
