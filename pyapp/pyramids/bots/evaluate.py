"""How much a collection is worth to its owner, for the greedy and strong bots.

Three monochrome trios win; short of that a collection is worth its trios, then, per colour,
how far the next trio of that colour has got (one size beyond the complete trios is worth a
little, two sizes much more: one capture from a trio), then a point per piece.
"""

from __future__ import annotations

from ..board import COLOURS, PIECES
from ..game import WIN_TRIOS

INDEX = {p: i for i, p in enumerate(PIECES)}
WIN = 10_000.0
TRIO = 100.0
PARTIAL = (0.0, 8.0, 30.0)  # sizes held beyond the complete trios of a colour: 0, 1, 2
PIECE = 1.0


def counts_of(collection) -> list[int]:
    counts = [0] * len(PIECES)
    for p in collection:
        counts[INDEX[p]] += 1
    return counts


def value(counts: list[int]) -> float:
    total = 0.0
    trios = 0
    for i in range(len(COLOURS)):
        s, m, lg = counts[3 * i], counts[3 * i + 1], counts[3 * i + 2]
        low = min(s, m, lg)
        trios += low
        total += PARTIAL[(s > low) + (m > low) + (lg > low)]
    if trios >= WIN_TRIOS:
        return WIN
    return total + TRIO * trios + PIECE * sum(counts)


def gain(counts: list[int], base: float, captured) -> float:
    """The change of value when ``captured`` (pieces) join a collection of value ``base``."""
    if not captured:
        return 0.0
    new = counts[:]
    for p in captured:
        new[INDEX[p]] += 1
    return value(new) - base
