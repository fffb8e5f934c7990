"""Exact odds of Caledea's dice, for the bots (they weigh dice by their probabilities).

One battle: both units roll their dice and the sorted dice are compared high to low. Counting
from the six down, the side with more dice showing the current face wins (the other either shows
a lower die at that place or has run out); equal counts go on to the next face. That gives a
small recursion over (face, dice left on each side) with binomial counts; a complete tie is
rolled again, so the odds are ``win / (win + lose)``.

A combat (several units a side) is estimated by a recursion over the dice counts left on each
side, the defender putting its strongest unit against the attacker's strongest and the
attacker never withdrawing.
"""

from __future__ import annotations

from functools import cache, lru_cache
from math import comb


@cache
def _outcome(face: int, a: int, d: int) -> tuple[float, float]:
    """(P attacker wins, P defender wins) with ``a`` and ``d`` dice all showing <= ``face``."""
    if a == 0 and d == 0:
        return (0.0, 0.0)  # complete tie
    if face == 1:
        return (1.0, 0.0) if a > d else ((0.0, 1.0) if d > a else (0.0, 0.0))
    p = 1.0 / face
    win = lose = 0.0
    for ka in range(a + 1):
        pa = comb(a, ka) * p**ka * (1 - p) ** (a - ka)
        for kd in range(d + 1):
            pd = comb(d, kd) * p**kd * (1 - p) ** (d - kd)
            w = pa * pd
            if ka > kd:
                win += w
            elif kd > ka:
                lose += w
            else:
                x, y = _outcome(face - 1, a - ka, d - kd)
                win += w * x
                lose += w * y
    return (win, lose)


@cache
def battle(a: int, d: int) -> float:
    """P(the unit rolling ``a`` dice beats the unit rolling ``d``), ties rolled again."""
    win, lose = _outcome(6, a, d)
    return win / (win + lose)


@cache
def structure(rank: int, level: int) -> float:
    """P(a unit of ``rank`` dice breaks a tower (level 1: any 5+) or castle (2: a 6))."""
    miss = (4 / 6) if level == 1 else (5 / 6)
    return 1 - miss**rank


@lru_cache(maxsize=20_000)
def combat(att: tuple[int, ...], dfn: tuple[int, ...]) -> tuple[float, float, float]:
    """Attackers' and defenders' dice counts, each sorted high to low: (P the attackers take
    the square, expected attackers lost, expected defenders lost)."""
    if not dfn:
        return (1.0, 0.0, 0.0)
    if not att:
        return (0.0, 0.0, 0.0)
    p = battle(att[0], dfn[0])
    w_take, w_al, w_dl = combat(att, dfn[1:])
    l_take, l_al, l_dl = combat(att[1:], dfn)
    return (
        p * w_take + (1 - p) * l_take,
        p * w_al + (1 - p) * (1 + l_al),
        p * (1 + w_dl) + (1 - p) * l_dl,
    )
