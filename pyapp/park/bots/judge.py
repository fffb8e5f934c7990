"""Caldera Park's part of the one judge (``pyapp/core/judge.py``).

``make_judge(seed)``: the strong bot with its usual budget (the same as at the table).
``estimate(obs, player, played, suggested, seed)``: both actions played on the same ``SAMPLES``
determinised worlds (hidden parts drawn consistently with what the player saw), each continued
with the strong bot's own playout (its fast policy for ``horizon`` turns, then its estimate of
the final points); the pairs give the means and the standard error of the difference.
"""

from __future__ import annotations

from ...core.judge import paired_estimate
from ...core.rng import Rng
from ..game import apply, copy_state
from .strong import StrongBot, determinise

SAMPLES = 6


def make_judge(seed: str) -> StrongBot:
    return StrongBot(seed=seed)


def estimate(obs: dict, player: int, played, suggested, seed: str):
    """(A generator returning) ``{"played", "suggested", "error"}`` in final points."""
    bot = make_judge(seed)
    rng = Rng.from_seed(f"{seed}/estimate")
    pairs = []
    for _ in range(SAMPLES):
        world = determinise(obs, rng)
        luck = rng.next()
        values = []
        for a in (played, suggested):
            st = copy_state(world)
            apply(st, a)
            values.append((yield from bot._rollout(st, player, Rng(luck))))
        pairs.append(tuple(values))
    return paired_estimate(pairs)
