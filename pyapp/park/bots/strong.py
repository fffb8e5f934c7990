"""The strong bot: determinised look-ahead over the greedy bot's estimate.

For each decision the bot

1. lists candidate choices and keeps the best few by the greedy price (``candidates``);
2. samples ``samples`` *determinisations*: full states whose hidden parts (reserve orders, faces
   of face-down weather tokens, the solo action stack) are drawn at random among those consistent
   with what the player sees (``determinise``);
3. plays every candidate on every determinisation (the same ones for all candidates, so they are
   compared on equal luck), continues the game for ``horizon`` more action turns with a fast
   policy (itself: the greedy choice; opponents: random requirements and placements), and scores
   the end position with the estimate of ``evaluate.py``;
4. takes the candidate with the best mean. As marmot holder it subtracts, for each requirement,
   the best immediate gain the requirement gives its opponents (their displays and parks are in
   plain view), so it prefers requirements that help itself and hinder them.

The work is counted, never timed: the same seed and observation give the same choice on any
machine. ``start(observation)`` returns a ``Thinking`` whose ``step(budget_ms)`` does a slice of
the work and returns ``None`` until the choice is made, so a browser can think in slices between
frames; ``choose(observation)`` runs it to the end.

The bot's random draws for a decision come from a generator seeded by the bot's seed and the
position (its round, turn and log length), so a decision does not depend on earlier calls either.

A wall-time deadline is optional (``deadline_ms``, None by default: then nothing is timed). The
browser sets one when a person asks for faster bots: once it has passed, the search stops at
the next simulated decision of the bot's own, and the choice is made on the determinisations
every candidate was played on to the end (or, if not even one is complete, on the greedy
price). Such a decision depends
on the machine's speed; without a deadline it never does.
"""

from __future__ import annotations

import time

from ...core.rng import Rng
from ...core.thinking import Thinking
from ..components import ACTIONS
from ..game import (
    apply,
    copy_state,
    decision,
    is_over,
    legal_actions,
    placement_options,
)
from .evaluate import N_TOKENS, evaluator, unseen_weather
from .greedy import EPS, PlacementTable, best_of, place_action, weather_options


def determinise(view: dict, rng: Rng) -> dict:
    """A full state agreeing with everything ``view`` shows, its hidden parts drawn by ``rng``.

    Reserve contents are known (every token not on the board or in the display), only their order
    is drawn; face-down weather faces are drawn without repetition from the player's unseen faces;
    the solo stack is the action tokens not used or revealed this round, in a drawn order.
    """
    st = copy_state(view)
    st.pop("viewer", None)
    reserves, forecasts = [], []
    for pl in st["G"]["players"]:
        on = set(pl["board"])
        on.update(pl["display"])
        rest = [t for t in range(N_TOKENS) if t not in on]
        rng.shuffle(rest)
        reserves.append(rest)
        unseen = unseen_weather(pl)
        rng.shuffle(unseen)
        faces = []
        for s in pl["forecast"]:
            faces.append(unseen.pop() if s is not None and not s["up"] and unseen else -1)
        forecasts.append(faces)
    stack: list = []
    ctx = st["ctx"]
    if len(st["G"]["players"]) == 1 and ctx["stack_count"]:
        used = {a for a in st["G"]["terrain"] if a is not None}
        if ctx["revealed"]:
            used.add(ctx["revealed"])
        stack = [a for a in ACTIONS if a not in used]
        rng.shuffle(stack)
        del stack[ctx["stack_count"] :]
    st["secret"] = {
        "rng": Rng(rng.next()).hex(),
        "reserves": reserves,
        "forecast": forecasts,
        "stack": stack,
    }
    return st


class StrongBot:
    name = "strong"

    def __init__(
        self, seed=0, samples=4, candidates=6, horizon=7, params=None, deadline_ms=None, clock=None
    ):
        self.seed = seed
        self.samples = samples
        self.candidates = candidates
        self.horizon = horizon
        self.params = params
        # wall time a decision may take from ``start``, or None (counted work only)
        self.deadline_ms = deadline_ms
        self.clock = clock or time.perf_counter

    # ------------------------------------------------------------------ public API

    def start(self, obs: dict) -> Thinking:
        d = decision(obs)
        if d is None:
            raise ValueError("the game is over: there is nothing to choose")
        end = None if self.deadline_ms is None else self.clock() + self.deadline_ms / 1000.0
        return Thinking(self._think(obs, d, end))

    def choose(self, obs: dict):
        return self.start(obs).run()

    # ------------------------------------------------------------------ thinking

    def _rng_for(self, obs: dict) -> Rng:
        ctx = obs["ctx"]
        return Rng.from_seed(f"{self.seed}/{ctx['round']}/{ctx['turn']}/{len(obs.get('log', ()))}")

    def _think(self, obs: dict, d: dict, end: float | None = None):
        """The decision as a generator: each ``yield`` ends a small unit of work (a simulated
        decision or a table of prices); the return value is the action. ``end``: the clock's
        time after which the search stops (None: no deadline)."""
        rng = self._rng_for(obs)
        p, kind = d["player"], d["kind"]
        if kind == "reveal":
            return rng.choice(legal_actions(obs, p))
        # candidates with their greedy price
        penalty = {}
        if kind == "place":
            table = PlacementTable(obs, p, self.params)
            action, terrain = obs["ctx"]["requirement"]
            scored = [(s, place_action(obs, t, i)) for s, (t, i) in table.scored(action, terrain)]
        elif kind == "pick":
            table = PlacementTable(obs, p, self.params)
            picks = legal_actions(obs, p)
            scored = [(table.best(a.action, a.terrain), a) for a in picks]
            yield
            penalty = yield from self._opponent_gain(obs, p, picks, end)
            if penalty is None:  # out of time: the best greedy price
                return _first_best(scored)
            scored = [(s - penalty[a], a) for s, a in scored]
        else:
            scored = weather_options(obs, p, self.params)
        scored.sort(key=lambda sa: -sa[0])
        if kind in ("weather", "start"):
            # face-down weather slots are interchangeable: keep one of each price
            seen, unique = set(), []
            for s, a in scored:
                key = round(s, 9)
                if key not in seen:
                    seen.add(key)
                    unique.append((s, a))
            scored = unique
        cands = [a for _, a in scored[: self.candidates]]
        if len(cands) == 1:
            return cands[0]
        yield
        totals = [0.0] * len(cands)
        complete = 0  # determinisations every candidate was played on
        for _ in range(self.samples):
            world = determinise(obs, rng)
            seed = rng.next()
            values = []
            for a in cands:
                st = copy_state(world)
                apply(st, a)
                value = yield from self._rollout(st, p, Rng(seed), end)
                if value is None:
                    break
                values.append(value)
                if self._late(end):
                    break
            if len(values) < len(cands):
                break  # out of time: this determinisation is left out (equal luck for all)
            for c, v in enumerate(values):
                totals[c] += v
            complete += 1
            if self._late(end):
                break
        if not complete:
            return cands[0]  # not even one determinisation in time: the best greedy price
        results = [(totals[c] / complete - penalty.get(a, 0.0), a) for c, a in enumerate(cands)]
        return best_of(results, rng)

    def _late(self, end: float | None) -> bool:
        return end is not None and self.clock() >= end

    def _opponent_gain(self, obs: dict, me: int, picks, end: float | None = None):
        """Mean best immediate gain of the opponents under each requirement (generator); None
        when the deadline ``end`` passes first."""
        others = [q for q in range(len(obs["G"]["players"])) if q != me]
        gain = dict.fromkeys(picks, 0.0)
        for q in others:
            if self._late(end):
                return None
            table = PlacementTable(obs, q, self.params)
            for a in picks:
                gain[a] += table.best(a.action, a.terrain) / len(others)
            yield
        return gain

    def _rollout(self, st: dict, me: int, rng: Rng, end: float | None = None):
        """Play ``horizon`` more action turns (self greedy, others random), then estimate
        (generator: yields after each of its own simulated decisions); None when the deadline
        ``end`` passes before it is over."""
        turns = 0
        last = (st["ctx"]["round"], st["ctx"]["turn"])
        while not is_over(st):
            d = decision(st)
            now = (st["ctx"]["round"], st["ctx"]["turn"])
            if now != last:
                last = now
                turns += 1
                if turns > self.horizon:
                    break
            p, kind = d["player"], d["kind"]
            if p == me:
                apply(st, self._policy(st, me, kind, rng))
                yield
                if self._late(end):
                    return None
            else:
                apply(st, _random_choice(st, p, kind, rng))
        value = evaluator(st, me, self.params).total
        yield
        return value

    def _policy(self, st: dict, me: int, kind: str, rng: Rng):
        if kind == "place":
            table = PlacementTable(st, me, self.params)
            action, terrain = st["ctx"]["requirement"]
            t, i = _first_best(table.scored(action, terrain))
            return place_action(st, t, i)
        if kind == "pick":
            table = PlacementTable(st, me, self.params)
            picks = legal_actions(st, me)
            return _first_best([(table.best(a.action, a.terrain), a) for a in picks])
        if kind == "reveal":
            return legal_actions(st, me)[0]
        return _first_best(weather_options(st, me, self.params))


def _first_best(scored):
    top = max(s for s, _ in scored)
    for s, item in scored:
        if s >= top - EPS:
            return item
    raise AssertionError("unreachable")


def _random_choice(st: dict, p: int, kind: str, rng: Rng):
    """The opponents' model in a playout: uniform over the legal actions."""
    if kind == "place":
        tokens, spaces, _, _ = placement_options(st, p)
        return place_action(st, rng.choice(tokens), rng.choice(spaces))
    return rng.choice(legal_actions(st, p))
