"""Component data of Caldera Park: species, the 35 animal tokens, weather and the action board.

Every player owns the same 35 animal tokens and the same 10 weather tokens (NOTES.md). Tokens are
identified by small integers (their index in ``TOKENS``) inside game states and by readable names
(``"bear-bear+water"`` style) in actions, logs and saves.
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

SPECIES = ("eagle", "elk", "goat", "bear", "bison", "wolf")
WATER = "water"
FEATURES = (*SPECIES, WATER)
FEATURE_BIT = {f: 1 << i for i, f in enumerate(FEATURES)}

#: The seven action tokens, one per feature; the watering hole sits rightmost in the selection row.
ACTIONS = FEATURES

#: Terrain-selection spaces, left to right. ``any`` (rightmost) belongs to the watering hole.
TERRAIN_SPACES = ("forest", "prairie", "mountain", "river", "waterfall", "geyser", "any")
TERRAINS = ("forest", "prairie", "mountain")


class Token(NamedTuple):
    """One animal token: 1 to 3 animals, maybe a watering hole."""

    id: int
    name: str
    animals: tuple[str, ...]
    water: bool
    counts: tuple[int, ...]  # animals per species, in SPECIES order
    mask: int  # FEATURE_BIT of every feature shown

    def shows(self, feature: str) -> bool:
        return bool(self.mask & FEATURE_BIT[feature])


def token_name(animals, water: bool) -> str:
    """The canonical name of a token face, e.g. ``eagle-elk+water``."""
    ordered = sorted(animals, key=SPECIES.index)
    return "-".join(ordered) + ("+water" if water else "")


def make_face(animals, water: bool, id: int = -1) -> Token:
    """Build a token face from its animals; used for the 35 tokens and for scored positions."""
    animals = tuple(sorted(animals, key=SPECIES.index))
    counts = tuple(animals.count(s) for s in SPECIES)
    mask = 0
    for s in animals:
        mask |= FEATURE_BIT[s]
    if water:
        mask |= FEATURE_BIT[WATER]
    return Token(id, token_name(animals, water), animals, bool(water), counts, mask)


def _token_list() -> tuple[Token, ...]:
    faces: list[tuple[tuple[str, ...], bool]] = []
    for s in SPECIES:
        faces += [((s, s, s), False), ((s, s), False), ((s,), True)]
    cycle = {frozenset((SPECIES[i], SPECIES[(i + 1) % 6])) for i in range(6)}
    for a, b in combinations(SPECIES, 2):
        faces.append(((a, b), frozenset((a, b)) in cycle))
    faces += [(("eagle", "elk", "goat"), False), (("bear", "bison", "wolf"), False)]
    return tuple(make_face(a, w, i) for i, (a, w) in enumerate(faces))


TOKENS = _token_list()
TOKEN_BY_NAME = {t.name: t for t in TOKENS}


class Weather(NamedTuple):
    """A weather token and the test that says which neighbouring animal tokens it drives away."""

    id: int
    name: str
    kind: str  # sun, hurricane, ..., thunderstorm
    clouds: int  # 1-3 for thunderstorms, else 0
    mask: int  # features it drives away (0 for sun and thunderstorms)

    @property
    def bad(self) -> bool:
        return self.kind != "sun"

    def drives_away(self, face: Token) -> bool:
        if self.clouds:
            return len(face.animals) == self.clouds
        return bool(self.mask & face.mask)


def _weather_list() -> tuple[Weather, ...]:
    hits = {
        "sun": (),
        "hurricane": ("eagle", "elk", WATER),
        "hailstorm": ("bear", "wolf", WATER),
        "downpour": ("goat", "bison", WATER),
        "snowstorm": ("elk", "wolf"),
        "heatwave": ("goat", "bear"),
        "fog": ("eagle", "bison"),
    }
    out = []
    for kind, features in hits.items():
        mask = 0
        for f in features:
            mask |= FEATURE_BIT[f]
        out.append(Weather(len(out), kind, kind, 0, mask))
    for clouds in (1, 2, 3):
        out.append(Weather(len(out), f"thunderstorm{clouds}", "thunderstorm", clouds, 0))
    return tuple(out)


WEATHER = _weather_list()
WEATHER_BY_NAME = {w.name: w for w in WEATHER}
WEATHER_KINDS = ("sun", "hurricane", "hailstorm", "downpour", "snowstorm", "heatwave", "fog",
                 "thunderstorm")  # fmt: skip
SUN = WEATHER_BY_NAME["sun"].id

#: The rule book's solo table: (minimum score, rating key), best first.
SOLO_RATINGS = (
    (220, "bear"),
    (205, "envy"),
    (185, "eagle"),
    (165, "goat"),
    (140, "natural"),
    (110, "better"),
    (80, "again"),
    (0, "bottom"),
)


def solo_rating(score: int) -> str:
    """The key of the solo table's band for a score (the interface words it in each language)."""
    for minimum, key in SOLO_RATINGS:
        if score >= minimum:
            return key
    return "bottom"
