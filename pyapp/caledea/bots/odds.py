"""Caledea's odds for the bots (they weigh dice by their probabilities).

One battle (``battle``) and one unit against an undefended structure (``structure``) are the
engine-level exact odds of ``pyapp.caledea.odds``, re-exported here: there is one computation.

A combat (several units a side) is *estimated* here for the bots' search (quick, and the bots'
play is tuned on it): a recursion over the dice counts left on each side, the defender putting
its strongest unit against the attacker's strongest and the attacker never withdrawing. The
exact figure of a combat, with the defender choosing pairings and the attacker withdrawals,
is ``pyapp.caledea.odds.attack``.
"""

from __future__ import annotations

from functools import lru_cache

from ..odds import _outcome, battle, structure

__all__ = ["_outcome", "battle", "combat", "structure"]


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
