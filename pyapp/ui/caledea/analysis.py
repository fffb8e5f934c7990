"""Caledea's part of the analysis board (``pyapp/ui/analysis_board.py``): a move drawn on the
board as the table draws the other players' moves (``boardview``'s trails: the path of each
unit, round the torus where it crosses an edge, a frame where it ends), the move played in the
marks' look and the suggestion dashed (``static/css/learn.css``). A capital placed or a build
is the frame of its square; a battle's choices have no square of their own (said in words)."""

from __future__ import annotations

import sys

from pyapp.caledea.protocol import GAME
from pyapp.core.errors import GameError

from ..vdom import E
from . import boardview, model, trail

BOARD_CLASS = "cal-board"


def AnalysisScreen(state: dict, players=None):  # noqa: N802 - the screens' contract name
    """The analysis board of a Caledea game."""
    from ..analysis_board import AnalysisBoard

    return AnalysisBoard(GAME, state, sys.modules[__package__], sys.modules[__name__], players)


class _Size:
    def __init__(self, width: int, height: int):
        self.width, self.height = width, height


def describe(state: dict, player: int, text: str) -> str:
    """An action in words as the log says it (what it would do, not a battle's outcome)."""
    return model.describe(state, player, text)


def marks(board: dict, before: dict, player: int, texts: list[str], look: str) -> list[E]:
    """The move ``texts[0]`` from ``before``, where the board's ``svg`` draws its squares (its
    width, height and the square drawn first: ``data-view``)."""
    try:
        w, hgt = int(board["data-width"]), int(board["data-height"])
        ox, oy = (int(v) for v in board.get("data-view", "0,0").split(","))
    except (KeyError, ValueError):
        return []

    def place(at) -> tuple[int, int]:
        return (at[0] - ox) % w, (at[1] - oy) % hgt

    out = []
    for text in texts[:1]:
        try:
            step = trail.before(before, text, player)
            square = step.to if step is not None else None
            if square is None:
                square = getattr(GAME.parse_action(text), "square", None)
            if not isinstance(square, str):
                continue
            to = model.at_of(before, square)
            paths = [
                [model.at_of(before, s) for s in path] for path in (step.paths if step else [])
            ]
        except (GameError, KeyError, ValueError, TypeError):
            continue
        kind = step.kind if step is not None else "move"
        drawn = boardview._others(_Size(w, hgt), [(player, kind, paths, to, False)], place)
        out.extend(drawn)
    return out
