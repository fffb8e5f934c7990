"""The greedy bot: the action with the best expected estimate one step ahead.

On its turn it weighs every legal action by ``evaluate.expected`` (attacks by their exact odds)
and ends the turn when nothing beats standing still. In combat: it ambushes with its strongest
attacker when it can pay, pairs its defenders to make the battle cost the attacker most, and
keeps a winning unit in the fight while the attack still more likely succeeds than fails; in a
siege the unit likeliest to break the structure tries first.
"""

from __future__ import annotations

from ...core.thinking import Thinking
from .. import engine
from ..actions import Ambush, End, Pair, Withdraw
from . import evaluate, odds


class GreedyBot:
    def __init__(self, seed=0):
        self.seed = seed

    def choose(self, view: dict):
        return self.start(view).run()

    def start(self, view: dict) -> Thinking:
        """The same choice as ``choose``, one legal action weighed per slice of work, so that
        a page never freezes while the greedy bot looks over a large army's moves."""
        return Thinking(self._think(view))

    def _think(self, view: dict):
        st = evaluate.prepare(view)
        choice = combat_choice(st)
        if choice is not None:
            return choice
        best = None
        for v, _, a in scores(st, engine.to_move(st), evaluate.SHORT_SIGHT):
            if best is None or v > best[0]:  # ties: the first in list order
                best = (v, a)
            yield
        return best[1]


def scores(st: dict, p: int, sight):
    """(expected value, index, action) of every legal action, one at a time."""
    for n, a in enumerate(engine.legal_actions(st)):
        if isinstance(a, End):
            yield evaluate.value(st, p, sight), n, a
        else:
            yield evaluate.expected(st, a, p, sight), n, a


def combat_choice(st: dict):
    """The bots' rule for decisions inside combat (None when it is a turn decision)."""
    d = engine.decision(st)
    if d is None or d["kind"] in ("turn", "capital"):
        return capital_choice(st) if d and d["kind"] == "capital" else None
    c = st["combat"]
    legal = engine.legal_actions(st)
    if d["kind"] == "ambush":
        best = max(
            (a for a in legal if a.unit >= 0),
            key=lambda a: engine.unit_by_id(st, a.unit)["rank"],
            default=Ambush(-1),
        )
        return best
    if d["kind"] == "siege":  # the likeliest to break the structure tries first
        level = c["level"]
        return max(
            legal, key=lambda a: odds.structure(engine.unit_by_id(st, a.unit)["rank"], level)
        )
    if d["kind"] == "pair":

        def gain(a: Pair) -> float:
            du, au = engine.unit_by_id(st, a.defender), engine.unit_by_id(st, a.attacker)
            na, nd = engine.battle_dice(st, c, au, du)
            pw = odds.battle(nd, na)
            return pw * evaluate.UNIT[au["rank"]] - (1 - pw) * evaluate.UNIT[du["rank"]]

        return max(legal, key=gain)
    # withdraw or stay
    p = c["attacker"]
    staying = [engine.unit_by_id(st, i) for i in c["attackers"]]
    take = evaluate.take_odds(st, p, staying, c["sq"])
    return Withdraw(take < 0.45)


def capital_choice(st: dict):
    """Place the capital where the estimate is best (its own resource squares, spread)."""
    p = engine.to_move(st)
    best, best_v = None, None
    for a in engine.legal_actions(st):
        s2 = engine.copy_state(st)
        engine.apply(s2, a)
        v = _site_value(s2, p, engine.board_of(st).parse(a.square))
        if best_v is None or v > best_v:
            best, best_v = a, v
    return best


def _site_value(st: dict, p: int, cap: int) -> float:
    """Near own resource squares, far from enemy capitals."""
    b = engine.board_of(st)
    pair = engine.kingdom_of(st, p)["pair"]
    near = sum(
        1.0 / (1 + evaluate.torus_distance(b, cap, sq))
        for sq in range(b.n)
        if b.pairs[sq] == pair and sq != cap
    )
    far = min(
        (
            evaluate.torus_distance(b, cap, c)
            for q, c in enumerate(st["capitals"])
            if q != p and c is not None
        ),
        default=10,
    )
    return near + 0.15 * far
