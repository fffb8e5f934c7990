"""Parks as data: the hex map of a player's park and the lookups the rules need.

A park is loaded from ``pyapp/park/parks/<file>.json`` (the river side for the base game, the geyser
side for "Storm warning in Geyser Park") or built from an inline dict. Spaces get indices in file
order; neighbour lists and requirement bitmasks are computed once per park and cached.

Park data is versioned, so that a game always plays on the park it began on. A game's options
carry ``park_version`` when its park has more than one version; without it the game is on
version 1 (games saved before versions existed). ``PARK_FILES`` maps (park, version) to the
file; only the latest version of each park is checked strictly against the rules:

* ``river`` 1: ``river.json``
* ``geyser`` 1: ``geyser-v1.json``, the first geyser side, without river or waterfalls and
  with the first drawn starting weather token put on the middle space automatically
* ``geyser`` 2: ``geyser.json``, with its river and waterfalls (issue 12)
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import NamedTuple

from .parkcheck import OFFSETS, ParkError, check_park

__all__ = [
    "Park",
    "ParkError",
    "Space",
    "load_park",
    "park_file",
    "PARK_NAMES",
    "PARK_FILES",
    "LATEST_VERSION",
    "NEIGHBOUR_OFFSETS",
]

PARK_NAMES = ("river", "geyser")
#: (park, version) -> file name in ``parks/`` (without ``.json``)
PARK_FILES = {("river", 1): "river", ("geyser", 1): "geyser-v1", ("geyser", 2): "geyser"}
#: the version of each park that new games use
LATEST_VERSION = {name: max(v for n, v in PARK_FILES if n == name) for name in PARK_NAMES}
NEIGHBOUR_OFFSETS = OFFSETS  # axial (dq, dr) of the six neighbours of a hex


class Space(NamedTuple):
    at: tuple[int, int]
    kind: str  # landscape, geyser, volcano, weather
    terrain: str | None = None
    river: bool = False
    waterfall: bool = False


def _bits(indices) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


class Park:
    """An immutable park map with precomputed neighbours and requirement masks."""

    def __init__(self, data: dict, *, strict: bool = True):
        check_park(data, strict=strict)
        self.name = data.get("name", "custom") if isinstance(data.get("name"), str) else "custom"
        self.spaces = tuple(
            Space(
                (s["at"][0], s["at"][1]),
                s["kind"],
                s.get("terrain"),
                bool(s.get("river", False)),
                bool(s.get("waterfall", False)),
            )
            for s in data["spaces"]
        )
        self.index = {s.at: i for i, s in enumerate(self.spaces)}
        self.neighbours = tuple(
            tuple(
                self.index[(q + dq, r + dr)]
                for dq, dr in NEIGHBOUR_OFFSETS
                if (q + dq, r + dr) in self.index
            )
            for q, r in (s.at for s in self.spaces)
        )
        kinds = [s.kind for s in self.spaces]
        self.landscape = tuple(i for i, k in enumerate(kinds) if k == "landscape")
        self.weather_spaces = tuple(i for i, k in enumerate(kinds) if k == "weather")
        self.geysers = tuple(i for i, k in enumerate(kinds) if k == "geyser")
        order = data.get("weather_order") or []
        self.weather_order = tuple(self.index[tuple(at)] for at in order)
        middle = data.get("middle")
        self.middle = self.index[tuple(middle)] if middle else None
        sign = data.get("river_sign")
        self.river_sign = self.index[tuple(sign)] if sign else None
        land = set(self.landscape)
        self.geyser_neighbours = tuple(
            tuple(j for j in self.neighbours[g] if j in land) for g in self.geysers
        )
        near_geyser = {j for ns in self.geyser_neighbours for j in ns}
        sp = self.spaces
        by_req = {
            "forest": [i for i in self.landscape if sp[i].terrain == "forest"],
            "prairie": [i for i in self.landscape if sp[i].terrain == "prairie"],
            "mountain": [i for i in self.landscape if sp[i].terrain == "mountain"],
            "river": [i for i in self.landscape if sp[i].river],
            "waterfall": [i for i in self.landscape if sp[i].waterfall],
            "geyser": sorted(near_geyser),
            "any": list(self.landscape),
        }
        #: terrain-selection space name -> landscape indices that meet it
        self.requirement = {k: tuple(v) for k, v in by_req.items()}
        #: the same as bitmasks over space indices
        self.requirement_mask = {k: _bits(v) for k, v in by_req.items()}
        self.landscape_mask = self.requirement_mask["any"]
        self.geyser_masks = tuple(_bits(ns) for ns in self.geyser_neighbours)

    def __len__(self) -> int:
        return len(self.spaces)

    def at(self, i: int) -> tuple[int, int]:
        return self.spaces[i].at


def park_file(name: str, version: int | None = None) -> str:
    """The file of version ``version`` (default: the latest) of park ``name``."""
    if name not in PARK_NAMES:
        raise ParkError(f"unknown park {name!r}: expected one of {', '.join(PARK_NAMES)}")
    version = LATEST_VERSION[name] if version is None else version
    if (name, version) not in PARK_FILES:
        known = ", ".join(str(v) for n, v in PARK_FILES if n == name)
        raise ParkError(f"the {name} park has no version {version!r} (versions: {known})")
    return PARK_FILES[(name, version)]


def load_park(name: str, version: int | None = None) -> Park:
    """Version ``version`` (default: the latest) of the shipped park ``river`` or ``geyser``.
    The latest versions are validated strictly; an older one only for its form (it stays
    exactly as the games saved on it knew it)."""
    return _load_file(park_file(name, version), name)


@cache
def _load_file(file: str, name: str) -> Park:
    text = (
        resources.files("pyapp.park").joinpath("parks", f"{file}.json").read_text(encoding="utf-8")
    )
    return Park(json.loads(text), strict=file == park_file(name))
