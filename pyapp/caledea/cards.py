"""The designed components of Caledea: the board and the nine kingdoms, loaded and validated.

The printed cards and board of the 2007 game were never published in text, so this edition
designs them (see ``data/*.json`` and ``tools/caledea_board.py``) within the binding constraints
of the project's notes. ``check_board`` and ``check_kingdoms`` reject malformed data with a
``DataError`` naming the square or the kingdom and the rule broken.

Squares are numbered ``row * width + column``; as text a square is its column letter and row
number (``a1`` top left; ``j10`` bottom right; ``t10`` on the epic board of 20 columns).
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from itertools import combinations
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"

RESOURCES = ("forest", "mountain", "river", "cattle", "grain")
LETTERS = "FMRCG"  # one letter per resource, in RESOURCES order
PAIR_CODES = tuple(a + b for a, b in combinations(LETTERS, 2))  # FM FR FC FG MR MC MG RC RG CG
POWERS = ("bombard", "ambush", "transport")
COSTS = ("cavalry", "general", "tower", "castle", "power")
SIZE = 10  # one board is SIZE x SIZE
PER_PAIR = 10  # squares of each pair on one board
MAX_IN_LINE = 2  # spread: no pair more than twice in a row or a column


class DataError(ValueError):
    """The board or kingdom data breaks a rule; the message names where and which."""


def square_name(sq: int, width: int) -> str:
    r, c = divmod(sq, width)
    return f"{chr(ord('a') + c)}{r + 1}"


def pair_of(resources) -> str:
    """The pair code of two resource names (in either order)."""
    a, b = sorted((LETTERS[RESOURCES.index(x)] for x in resources), key=LETTERS.index)
    return a + b


def pair_resources(code: str) -> tuple[str, str]:
    return RESOURCES[LETTERS.index(code[0])], RESOURCES[LETTERS.index(code[1])]


# ---------------------------------------------------------------- board


def check_board(data) -> list[str]:
    """The board's squares row by row (pair codes); ``DataError`` naming the square and rule."""
    if not isinstance(data, dict) or not isinstance(data.get("rows"), list):
        raise DataError("board: no list of rows")
    rows = data["rows"]
    if len(rows) != SIZE:
        raise DataError(f"board: {len(rows)} rows, a board has {SIZE}")
    squares: list[str] = []
    for r, row in enumerate(rows):
        cells = row.split() if isinstance(row, str) else None
        if cells is None or len(cells) != SIZE:
            raise DataError(f"board: row {r + 1} does not hold {SIZE} squares")
        for c, code in enumerate(cells):
            if code not in PAIR_CODES:
                name = square_name(r * SIZE + c, SIZE)
                if isinstance(code, str) and len(code) == 2 and code[0] == code[1]:
                    raise DataError(f"board: square {name} shows one resource twice ({code})")
                raise DataError(
                    f"board: square {name} shows {code!r}, not a pair of two different "
                    f"resources (one of {' '.join(PAIR_CODES)})"
                )
        squares += cells
    for code in PAIR_CODES:
        n = squares.count(code)
        if n != PER_PAIR:
            raise DataError(f"board: pair {code} is on {n} squares, each pair is on {PER_PAIR}")
    for sq, code in enumerate(squares):
        r, c = divmod(sq, SIZE)
        for other in ((r + 1) % SIZE * SIZE + c, r * SIZE + (c + 1) % SIZE):
            if squares[other] == code:
                raise DataError(
                    f"board: squares {square_name(sq, SIZE)} and {square_name(other, SIZE)} "
                    f"touch and both show {code} (no two neighbours share a pair)"
                )
    for i in range(SIZE):
        row = squares[i * SIZE : (i + 1) * SIZE]
        col = squares[i::SIZE]
        for code in PAIR_CODES:
            if row.count(code) > MAX_IN_LINE:
                raise DataError(
                    f"board: pair {code} is {row.count(code)} times in row {i + 1} "
                    f"(at most {MAX_IN_LINE}: pairs spread over the board)"
                )
            if col.count(code) > MAX_IN_LINE:
                raise DataError(
                    f"board: pair {code} is {col.count(code)} times in column "
                    f"{chr(ord('a') + i)} (at most {MAX_IN_LINE}: pairs spread over the board)"
                )
    return squares


# ---------------------------------------------------------------- kingdoms

KNOWN = {  # the figures the rules page gives (its examples); the rest of both cards is ours
    "Xonavia": {"cavalry": 2, "tower": 3},
    "Talaq": {"castle": 6},
}


def check_kingdoms(data) -> list[dict]:
    """The nine kingdoms as dicts; ``DataError`` naming the kingdom and the rule broken."""
    if not isinstance(data, dict) or not isinstance(data.get("kingdoms"), list):
        raise DataError("kingdoms: no list of kingdoms")
    kingdoms = data["kingdoms"]
    if len(kingdoms) != 9:
        raise DataError(f"kingdoms: {len(kingdoms)} kingdoms, there are 9")
    names, pairs, out = set(), set(), []
    for i, k in enumerate(kingdoms, 1):
        if not isinstance(k, dict) or not isinstance(k.get("name"), str) or not k["name"]:
            raise DataError(f"kingdom {i}: no name")
        name = k["name"]
        if name in names:
            raise DataError(f"kingdom {name}: the name is used twice")
        names.add(name)
        res = k.get("resources")
        if (
            not isinstance(res, list)
            or len(res) != 2
            or any(r not in RESOURCES for r in res)
            or res[0] == res[1]
        ):
            raise DataError(
                f"kingdom {name}: resources must be two different ones of {', '.join(RESOURCES)}"
            )
        pair = pair_of(res)
        if pair in pairs:
            raise DataError(f"kingdom {name}: resource pair {res[0]}+{res[1]} is taken already")
        pairs.add(pair)
        for field, low, high in (("moves", 2, 4), ("infantry", 3, 5)):
            v = k.get(field)
            if type(v) is not int or not low <= v <= high:
                raise DataError(f"kingdom {name}: {field} must be a whole number {low} to {high}")
        costs = k.get("costs")
        if not isinstance(costs, dict) or set(costs) != set(COSTS):
            raise DataError(f"kingdom {name}: costs must give {', '.join(COSTS)}")
        for c in COSTS:
            if type(costs[c]) is not int or not 1 <= costs[c] <= 12:
                raise DataError(f"kingdom {name}: cost of {c} must be a whole number 1 to 12")
        if k.get("power") not in POWERS:
            raise DataError(f"kingdom {name}: power must be one of {', '.join(POWERS)}")
        out.append(
            {
                "name": name,
                "resources": list(res),
                "pair": pair,
                "moves": k["moves"],
                "infantry": k["infantry"],
                "costs": {c: costs[c] for c in COSTS},
                "power": k["power"],
            }
        )
    for power in POWERS:
        holders = [k["name"] for k in out if k["power"] == power]
        if len(holders) != 3:
            raise DataError(f"kingdoms: power {power} belongs to {len(holders)}, not 3")
    by_name = {k["name"]: k for k in out}
    for name, figures in KNOWN.items():
        if name not in by_name:
            raise DataError(f"kingdoms: {name} is missing (a kingdom the rules page names)")
        k = by_name[name]
        if k["moves"] < 3:
            raise DataError(f"kingdom {name}: has at least 3 moves (the rules page's example)")
        for cost, value in figures.items():
            if k["costs"][cost] != value:
                raise DataError(
                    f"kingdom {name}: {cost} costs {value} (the rules page's figure), "
                    f"not {k['costs'][cost]}"
                )
    for a in out:
        for b in out:
            if (
                a["moves"] > b["moves"]
                and a["infantry"] >= b["infantry"]
                and sum(a["costs"].values()) <= sum(b["costs"].values())
            ):
                raise DataError(
                    f"kingdom {a['name']}: more moves than {b['name']} but neither fewer "
                    f"starting infantry nor dearer costs"
                )
    return out


# ---------------------------------------------------------------- loading


def _read(name: str):
    try:
        return json.loads((DATA / name).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise DataError(f"{name}: cannot be read ({e.__class__.__name__})") from e


@lru_cache(maxsize=1)
def board_squares() -> tuple[str, ...]:
    return tuple(check_board(_read("board.json")))


# Editions of the kingdom cards: ``kingdoms.json`` holds the current one (new games); the cards
# of an older edition stay in their own file so that games saved with them load and play on.
OLDER_EDITIONS = {
    1: "kingdoms-edition1.json",
    2: "kingdoms-edition2.json",
    3: "kingdoms-edition3.json",
    4: "kingdoms-edition4.json",
}


@lru_cache(maxsize=1)
def edition() -> int:
    """The current edition of the kingdom cards (new games are played with it)."""
    return int(_read("kingdoms.json").get("edition", 1))


def editions() -> tuple[int, ...]:
    """Every edition of the kingdom cards this app plays."""
    return (*sorted(OLDER_EDITIONS), edition())


@cache
def kingdoms(edition_n: int | None = None) -> tuple[dict, ...]:
    """The nine kingdoms of an edition (default: the current one)."""
    if edition_n is None or edition_n == edition():
        return tuple(check_kingdoms(_read("kingdoms.json")))
    if edition_n not in OLDER_EDITIONS:
        raise DataError(f"kingdoms: no edition {edition_n} (this app has {editions()})")
    data = _read(OLDER_EDITIONS[edition_n])
    if data.get("edition") != edition_n:
        raise DataError(f"{OLDER_EDITIONS[edition_n]}: not the cards of edition {edition_n}")
    return tuple(check_kingdoms(data))


def kingdom_names(edition_n: int | None = None) -> tuple[str, ...]:
    return tuple(k["name"] for k in kingdoms(edition_n))


def kingdom(name: str, edition_n: int | None = None) -> dict:
    for k in kingdoms(edition_n):
        if k["name"] == name:
            return k
    raise KeyError(name)


class Board:
    """A board's geometry: ``width`` x ``height`` squares wrapping both ways, each with a pair.
    The epic board joins two boards side by side (20 x 10)."""

    def __init__(self, epic: bool = False):
        base = board_squares()
        self.height = SIZE
        self.width = SIZE * (2 if epic else 1)
        self.pairs: list[str] = []
        for r in range(SIZE):
            row = list(base[r * SIZE : (r + 1) * SIZE])
            self.pairs += row * (2 if epic else 1)
        self.n = self.width * self.height
        w, h = self.width, self.height
        self.neighbours: list[tuple[int, ...]] = []
        for sq in range(self.n):
            r, c = divmod(sq, w)
            self.neighbours.append(
                (
                    ((r - 1) % h) * w + c,
                    r * w + (c + 1) % w,
                    ((r + 1) % h) * w + c,
                    r * w + (c - 1) % w,
                )
            )

        self._dist: list[bytes] | None = None

    @property
    def dist(self) -> list[bytes]:
        """``dist[s][t]``: the fewest orthogonal steps from ``s`` to ``t`` round the torus
        (built on first use)."""
        if self._dist is None:
            w, h = self.width, self.height
            rows = []
            for s in range(self.n):
                r1, c1 = divmod(s, w)
                row = bytearray(self.n)
                for t in range(self.n):
                    r2, c2 = divmod(t, w)
                    dr, dc = abs(r1 - r2), abs(c1 - c2)
                    row[t] = min(dr, h - dr) + min(dc, w - dc)
                rows.append(bytes(row))
            self._dist = rows
        return self._dist

    def name(self, sq: int) -> str:
        return square_name(sq, self.width)

    def parse(self, text: str) -> int | None:
        if len(text) < 2 or not text.isascii() or not text[0].isalpha() or not text[1:].isdigit():
            return None
        c = ord(text[0].lower()) - ord("a")
        r = int(text[1:]) - 1
        if not (0 <= c < self.width and 0 <= r < self.height) or text[1] == "0":
            return None
        return r * self.width + c

    def land_bonus(self, sq: int, pair: str) -> int:
        """Extra dice on ``sq`` for a kingdom of resource pair ``pair``: 2, 1 or 0."""
        here = self.pairs[sq]
        return (pair[0] in here) + (pair[1] in here)


@lru_cache(maxsize=2)
def board(epic: bool = False) -> Board:
    return Board(epic)
