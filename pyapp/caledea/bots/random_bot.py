"""The random bot: a uniformly random legal action (seeded by the bot's seed and the position)."""

from __future__ import annotations

from ...core.rng import Rng
from ..engine import legal_actions


class RandomBot:
    def __init__(self, seed=0):
        self.seed = seed

    def choose(self, view: dict):
        rng = Rng.from_seed(f"{self.seed}/{len(view['log'])}")
        return rng.choice(legal_actions(view))
