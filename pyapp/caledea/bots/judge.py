"""Caledea's part of the one judge (``pyapp/core/judge.py``).

``make_judge(seed)``: the strong bot (it draws nothing: its choice is already a function of the
position alone).

``estimate(obs, player, played, suggested, seed)``: each action valued as the strong bot values
it, in expectation over the battles' outcomes weighed by their exact odds (``pyapp/caledea/odds.py``
through ``evaluate.outcomes``): in every outcome, the best of stopping there and of one more
action of the same turn (``StrongBot._follow``), on the bot's own scale (``evaluate.value``,
its long sight). The expectation is exact, so the uncertainty said is the dice's: the standard
deviation of the outcomes' values of both actions (taken as independent), i.e. how far one
battle's luck can move the difference. For an attack, ``odds_played`` / ``odds_suggested`` give
the chance that it takes the square.
"""

from __future__ import annotations

from .. import engine
from ..actions import Move
from . import evaluate
from .strong import StrongBot

# an expectation beyond this is a game won more often than not (the evaluation's ``WIN`` for a
# decided game), beyond its opposite one lost: the analysis says it in words, not in points
DECISIVE = evaluate.WIN / 2


def make_judge(seed: str) -> StrongBot:
    return StrongBot(seed)


def _take_odds(st: dict, p: int, action) -> float | None:
    if not isinstance(action, Move) or engine.decision(st)["kind"] != "turn":
        return None
    dest = engine.board_of(st).parse(action.square)
    if engine.effect_of_move(st, p, dest) not in ("combat", "structure"):
        return None
    units = [engine.unit_by_id(st, i) for i in action.units]
    k = engine.kingdom_of(st, p)
    ambush = k["power"] == "ambush" and engine.available(st, p) >= k["costs"]["power"]
    return round(evaluate.take_odds(st, p, units, dest, ambush), 3)


def _value(st: dict, p: int, action):
    """(A generator returning) the expected value and the outcomes' standard deviation."""
    sight = StrongBot.sight
    pairs = []
    for w, o in evaluate.outcomes(st, action):
        v = yield from StrongBot._follow(o, p, sight)
        pairs.append((w, v))
        yield
    total = sum(w for w, _ in pairs) or 1.0
    mean = sum(w * v for w, v in pairs) / total
    var = sum(w * (v - mean) ** 2 for w, v in pairs) / total
    return mean, var


def estimate(obs: dict, player: int, played, suggested, seed: str):
    st = evaluate.prepare(obs)
    mp, vp = yield from _value(st, player, played)
    ms, vs = yield from _value(st, player, suggested)
    out = {"played": mp, "suggested": ms, "error": (vp + vs) ** 0.5}
    for key, a in (("odds_played", played), ("odds_suggested", suggested)):
        o = _take_odds(st, player, a)
        if o is not None:
            out[key] = o
    return out
