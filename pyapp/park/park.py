"""Parks as data: the hex map of a player's park and the lookups the rules need.

A park is loaded from ``pyapp/park/parks/<name>.json`` (the river side for the base game, the geyser
side for "Storm warning in Geyser Park") or built from an inline dict. Spaces get indices in file
order; neighbour lists and requirement bitmasks are computed once per park and cached.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import NamedTuple

from .parkcheck import OFFSETS, ParkError, check_park

__all__ = ["Park", "ParkError", "Space", "load_park", "PARK_NAMES", "NEIGHBOUR_OFFSETS"]

PARK_NAMES = ("river", "geyser")
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


@cache
def load_park(name: str) -> Park:
    """The shipped park ``river`` or ``geyser`` (validated strictly, cached)."""
    if name not in PARK_NAMES:
        raise ParkError(f"unknown park {name!r}: expected one of {', '.join(PARK_NAMES)}")
    text = (
        resources.files("pyapp.park").joinpath("parks", f"{name}.json").read_text(encoding="utf-8")
    )
    return Park(json.loads(text), strict=True)
