"""The greedy bot: every legal choice priced by the immediate change of its own score estimate.

* Placement: each (display token, free space) pair allowed by the requirement is priced with
  ``Evaluator.place_delta`` (families × water with growth still possible, coverage in reach,
  weather risk beside unfilled weather spaces); the best is taken.
* Marmot (and the solo terrain choice): each action token + terrain space is worth the best
  placement it would leave the bot; the best is taken. Opponents are ignored.
* Weather: each display token (face-down ones averaged over the faces they may show) on the
  space it would fill, priced by the whole estimate; in the base game's setup every weather space
  is tried.

Ties (within 1e-9) are broken by the bot's seeded generator, so a seed fixes the whole game.
"""

from __future__ import annotations

from ...core.rng import Rng
from ..actions import Place
from ..components import TOKENS
from ..game import decision, legal_actions, park_of
from .evaluate import evaluator, weather_value

EPS = 1e-9


def best_of(scored, rng: Rng):
    """The item of the highest score in ``[(score, item), ...]``; ties broken by ``rng``."""
    top = max(s for s, _ in scored)
    best = [item for s, item in scored if s >= top - EPS]
    return best[0] if len(best) == 1 else rng.choice(best)


class PlacementTable:
    """Lazily computed ``place_delta`` of (token, space) pairs for one player and position, and
    the best of them under each requirement."""

    def __init__(self, view: dict, player: int, params=None):
        self.ev = evaluator(view, player, params)
        pl = view["G"]["players"][player]
        self.display = pl["display"]
        board = pl["board"]
        park = park_of(view)
        free = [i for i in park.landscape if board[i] < 0]
        self.spaces = {}
        for terrain, req in park.requirement.items():
            self.spaces[terrain] = [i for i in req if board[i] < 0] or free
        self.tokens = {}
        self.cache: dict = {}
        self.best_cache: dict = {}

    def delta(self, t: int, i: int) -> float:
        key = t * 64 + i
        v = self.cache.get(key)
        if v is None:
            v = self.cache[key] = self.ev.place_delta(t, i)
        return v

    def tokens_for(self, action: str) -> list[int]:
        tokens = self.tokens.get(action)
        if tokens is None:
            display = self.display
            tokens = [t for t in display if TOKENS[t].shows(action)] or list(display)
            self.tokens[action] = tokens
        return tokens

    def scored(self, action: str, terrain: str):
        """``[(delta, (token, space)), ...]`` for every placement under a requirement."""
        spaces = self.spaces[terrain]
        delta = self.delta
        return [(delta(t, i), (t, i)) for t in self.tokens_for(action) for i in spaces]

    def best(self, action: str, terrain: str) -> float:
        """The best placement price under a requirement."""
        best = None
        for t in self.tokens_for(action):
            key = (t, terrain)
            v = self.best_cache.get(key)
            if v is None:
                delta = self.delta
                v = self.best_cache[key] = max(delta(t, i) for i in self.spaces[terrain])
            if best is None or v > best:
                best = v
        return best


def place_action(view: dict, token: int, space: int) -> Place:
    return Place(TOKENS[token].name, park_of(view).at(space))


def weather_options(view: dict, player: int, params=None):
    """``[(expected estimate, action), ...]`` for a weather, start or reveal decision.

    Face-down slots are interchangeable for the player, so only the first of them is priced and
    the others get the same price.
    """
    d = decision(view)
    kind = d["kind"]
    actions = legal_actions(view, player)
    if kind == "reveal":
        return [(0.0, a) for a in actions]
    pl = view["G"]["players"][player]
    park = park_of(view)
    if kind == "start":
        out = []
        for a in actions:
            weather = pl["weather"][:]
            if a.token is None:  # the first geyser side: the middle one is already there
                weather[park.index[a.at]] = pl["start_token"]
            else:
                tokens = pl["start_tokens"]
                weather[park.index[a.at]] = tokens[a.token]
                weather[park.middle] = tokens[1 - a.token]
            ev = evaluator(view, player, params, weather, pl["forecast"])
            out.append((ev.total, a))
        return out
    cache: dict = {}
    out = []
    for a in actions:
        space = park.index[a.at] if a.at is not None else park.weather_order[pl["next_weather"]]
        s = pl["forecast"][a.slot]
        key = (s["id"] if s["up"] else -1, space)
        if key not in cache:
            cache[key] = weather_value(view, player, a.slot, space, params)
        out.append((cache[key], a))
    return out


class GreedyBot:
    name = "greedy"

    def __init__(self, seed=0, params=None):
        self.rng = Rng.from_seed(seed)
        self.params = params

    def choose(self, obs: dict):
        d = decision(obs)
        if d is None:
            raise ValueError("the game is over: there is nothing to choose")
        p, kind = d["player"], d["kind"]
        if kind == "place":
            table = PlacementTable(obs, p, self.params)
            action, terrain = obs["ctx"]["requirement"]
            t, i = best_of(table.scored(action, terrain), self.rng)
            return place_action(obs, t, i)
        if kind == "pick":
            table = PlacementTable(obs, p, self.params)
            picks = legal_actions(obs, p)
            return best_of([(table.best(a.action, a.terrain), a) for a in picks], self.rng)
        return best_of(weather_options(obs, p, self.params), self.rng)
