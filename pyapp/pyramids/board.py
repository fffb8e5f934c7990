"""The pieces and the 5x5 grid of Caldera (Looney Pyramids), as plain numbers and short codes.

* **Squares** are numbered 0-24 row by row (``r * 5 + c``) and named ``a1``-``e5``: the letter
  is the column (``a`` at the left), the number the row (row ``1`` is the first row drawn, at
  the top). Square 12 (``c3``) is the caldera.
* **Pieces** are two letters, colour then size: ``R``/``Y``/``G``/``B`` (red, yellow, green,
  blue) and ``S``/``M``/``L`` (small, medium, large), e.g. ``YL``. The caps (black smalls) are
  not pieces of a stack: the state lists the squares they stand on.
* **Directions** are the 8 steps ``(dr, dc)``, numbered clockwise from north (0 = up).
"""

from __future__ import annotations

SIZE = 5
N_SQUARES = SIZE * SIZE
CALDERA = 12
COLUMNS = "abcde"
COLOURS = ("R", "Y", "G", "B")
COLOUR_NAMES = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
SIZES = ("S", "M", "L")
SIZE_NAMES = {"S": "small", "M": "medium", "L": "large"}
PIECES = tuple(c + s for c in COLOURS for s in SIZES)  # the 12 kinds of coloured piece
N_CAPS = 6
NEST_COUNT = 6  # nests of each colour

# clockwise from north: N, NE, E, SE, S, SW, W, NW
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
)
DIRECTION_NAMES = (
    "north",
    "north-east",
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west",
)


def name(square: int) -> str:
    """``a1`` for square 0, ``e5`` for square 24."""
    return COLUMNS[square % SIZE] + str(square // SIZE + 1)


SQUARE_NAMES = tuple(name(i) for i in range(N_SQUARES))
SQUARE_OF = {n: i for i, n in enumerate(SQUARE_NAMES)}
OUTER = tuple(i for i in range(N_SQUARES) if i != CALDERA)


def _step(square: int, d: int, k: int = 1) -> int:
    r, c = divmod(square, SIZE)
    dr, dc = DIRECTIONS[d]
    r, c = r + k * dr, c + k * dc
    return r * SIZE + c if 0 <= r < SIZE and 0 <= c < SIZE else -1


#: RAY[square][d] = the squares 1, 2, 3, 4 steps away in direction d, up to the edge
RAY = tuple(
    tuple(
        tuple(
            _step(s, d, k)
            for k in range(1, SIZE)
            if all(_step(s, d, j) >= 0 for j in range(1, k + 1))
        )
        for d in range(8)
    )
    for s in range(N_SQUARES)
)

#: the orthogonal neighbours of each square (sharing a side)
SIDE_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for d in (0, 2, 4, 6) if (t := _step(s, d)) >= 0) for s in range(N_SQUARES)
)


def direction_between(frm: int, to: int) -> int | None:
    """The direction of a one-square step from ``frm`` to ``to``, or ``None`` if not adjacent."""
    for d in range(8):
        if _step(frm, d) == to:
            return d
    return None


def size_of(piece: str) -> str:
    return piece[1]


def piece_name(piece: str) -> str:
    """``YL`` -> ``yellow large``."""
    return f"{COLOUR_NAMES[piece[0]]} {SIZE_NAMES[piece[1]]}"
