"""Helpers of the Caldera (pyramids) tests: positions written by hand, pieces counted."""

from __future__ import annotations

from pyapp.pyramids import game
from pyapp.pyramids.board import SQUARE_OF


def position(stacks: dict, caps=(), collections=None, player=0, players=2, **turn) -> dict:
    """A state with the given stacks (``{"c3": "YS YM YL"}``, bottom first), caps (square
    names), collections (lists of pieces) and player to move; everything else as a new game."""
    state = game.new_game(players=players, seed=1, first=player)
    state["board"] = [[] for _ in range(25)]
    for sq, text in stacks.items():
        state["board"][SQUARE_OF[sq]] = text.split()
    state["caps"] = sorted(SQUARE_OF[c] for c in caps)
    state["collections"] = [sorted(c) for c in (collections or [[] for _ in range(players)])]
    state["turn"].update(turn)
    state["seen"] = {game.position_key(state): 1}
    return state


def stack(state: dict, sq: str) -> str:
    return " ".join(state["board"][SQUARE_OF[sq]])


def capped(state: dict) -> list[str]:
    from pyapp.pyramids.board import SQUARE_NAMES

    return [SQUARE_NAMES[s] for s in state["caps"]]


def all_pieces(state: dict) -> list[str]:
    """Every coloured piece on the board and in the collections, sorted."""
    pieces = [p for s in state["board"] for p in s]
    pieces += [p for c in state["collections"] for p in c]
    return sorted(pieces)
