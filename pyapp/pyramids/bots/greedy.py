"""The greedy bot: of the eruptions open now, the one whose captures raise its collection's
value most (``evaluate.py``), ties drawn at random; with no eruption open, a random quiet move
(or a pass when that is all there is). It plans no quiet moves and never makes a Power Play."""

from __future__ import annotations

from ..actions import Move
from ..board import direction_between
from ..game import cap_moves, flow, legal_actions
from .evaluate import counts_of, gain, value
from .random_bot import position_rng


class GreedyBot:
    name = "greedy"

    def __init__(self, seed=0):
        self.seed = seed

    def choose(self, view: dict):
        rng = position_rng(self.seed, view)
        p = view["turn"]["player"]
        counts = counts_of(view["collections"][p])
        base = value(counts)
        board = view["board"]
        best, tied, quiet = -1.0, [], []
        for move, erupting in cap_moves(view):
            if not erupting:
                quiet.append(move)
                continue
            caps = (set(view["caps"]) - {move.frm}) | {move.to}
            out, _ = flow(board, caps, move.frm, direction_between(move.frm, move.to))
            g = gain(counts, base, [piece for piece, _, c in out if c])
            if g > best + 1e-9:
                best, tied = g, [move]
            elif g > best - 1e-9:
                tied.append(move)
        if tied:
            return rng.choice(tied)
        if quiet:
            return rng.choice(quiet)
        moves = [a for a in legal_actions(view) if not isinstance(a, Move)]
        return moves[-1]  # the pass (or a Power Play when passing is not allowed)
