"""The random bot: a uniformly drawn legal action, from a generator seeded by the bot's seed
and the position (the length of the log), so a choice never depends on earlier calls."""

from __future__ import annotations

from ...core.rng import Rng
from ..game import legal_actions


def position_rng(seed, view: dict) -> Rng:
    """A generator for one decision: the bot's seed and the log length."""
    return Rng.from_seed(f"{seed}/{len(view['log'])}")


class RandomBot:
    name = "random"

    def __init__(self, seed=0):
        self.seed = seed

    def choose(self, view: dict):
        return position_rng(self.seed, view).choice(legal_actions(view))
