"""The strong bot: expectimax over its own turn, dice weighed by their exact probabilities.

For a turn decision it ranks every legal action by greedy's one-step expectation (attacks split
into "taken" and "failed" with the odds of ``odds.combat``), keeps the best ``width``, and for
each of them looks one action further in every outcome: the value of an outcome is the best of
ending the turn there or of any next action (again in expectation). The opponent's answer is in
the estimate itself (the odds that their units reachable from the capital take it). Combat
decisions and the capital follow greedy's rules. A game that stalls is pressed to an end: from
round 25 on, the estimate weighs the own capital's danger less and the threat to the enemy
capital more (``evaluate.LONG_SIGHT["press"]``), so that two careful strong bots do not sit on
their capitals until the round limit.

The work is counted, not timed: the same observation gives the same action on any machine.
``start(view)`` returns a ``Thinking`` whose unit of work is the weighing of one action (in the
first ranking and in every look further), so a page can think in slices between frames and a
slice passes its budget by at most one such unit; ``choose(view)`` runs it to the end and
chooses the same.
"""

from __future__ import annotations

from ...core.thinking import Thinking
from .. import engine
from ..actions import End
from . import evaluate
from .greedy import combat_choice, scores


class StrongBot:
    width = 5
    sight = evaluate.LONG_SIGHT

    def __init__(self, seed=0):
        self.seed = seed

    def choose(self, view: dict):
        return self.start(view).run()

    def start(self, view: dict) -> Thinking:
        return Thinking(self._think(view))

    def _think(self, view: dict):
        st = evaluate.prepare(view)
        quick = combat_choice(st)
        if quick is not None:
            return quick
        p = engine.to_move(st)
        ranked = yield from ranking(st, p, self.sight)
        best, best_v = ranked[0][1], None
        for v1, a in ranked[: self.width]:
            if isinstance(a, End):
                v = v1
            else:
                v = 0.0
                for w, o in evaluate.outcomes(st, a):
                    v += w * (yield from self._follow(o, p, self.sight))
                    yield
            if best_v is None or v > best_v + 1e-9:
                best, best_v = a, v
        return best

    @staticmethod
    def _follow(st: dict, p: int, sight):
        """(A generator returning) the best of stopping here and of one more action, if it is
        still ``p``'s turn: one action weighed per unit of work."""
        d = engine.decision(st)
        here = evaluate.value(st, p, sight)
        if d is None or d["player"] != p or d["kind"] != "turn" or st["player"] != p:
            return here
        best = here
        for v, _, _ in scores(st, p, sight):
            best = max(best, v)
            yield
        return best


def ranking(st: dict, p: int, sight):
    """(A generator returning) every legal action of ``p``'s turn with its expected value, best
    first (ties: list order): one action weighed per unit of work."""
    scored = []
    for v, n, a in scores(st, p, sight):
        scored.append((-v, n, a))
        yield
    scored.sort(key=lambda x: (x[0], x[1]))
    return [(-v, a) for v, _, a in scored]
