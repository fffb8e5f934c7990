"""The random bot: uniform over the legal actions, for simulation and tests."""

from __future__ import annotations

from ...core.rng import Rng
from ..actions import Place
from ..components import TOKENS
from ..game import decision, legal_actions, park_of, placement_options


class RandomBot:
    name = "random"

    def __init__(self, seed=0):
        self.rng = Rng.from_seed(seed)

    def choose(self, obs: dict):
        d = decision(obs)
        if d is None:
            raise ValueError("the game is over: there is nothing to choose")
        if d["kind"] == "place":
            # Placements are every (token, space) pair of two lists: drawing each uniformly is
            # uniform over the pairs, without building hundreds of actions.
            tokens, spaces, _, _ = placement_options(obs, d["player"])
            park = park_of(obs)
            return Place(TOKENS[self.rng.choice(tokens)].name, park.at(self.rng.choice(spaces)))
        return self.rng.choice(legal_actions(obs, d["player"]))
