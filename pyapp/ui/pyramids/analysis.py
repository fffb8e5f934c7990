"""Caldera's part of the analysis board (``pyapp/ui/analysis_board.py``): a turn drawn on the
board as the table draws the moves it marks (``marks.py``: an arrow per cap step, numbered, the
eruption's path, the pieces landed and caught, a Power Play's "P"), the move played in the
marks' look and the suggested turn dashed (``static/css/learn.css``)."""

from __future__ import annotations

import json
import sys

from pyapp.core.errors import GameError
from pyapp.pyramids.protocol import GAME

from ..vdom import E
from . import marks as move_marks
from . import view

BOARD_CLASS = "pyr-board"


def AnalysisScreen(state: dict, players=None):  # noqa: N802 - the screens' contract name
    """The analysis board of a Caldera game."""
    from ..analysis_board import AnalysisBoard

    return AnalysisBoard(GAME, state, sys.modules[__package__], sys.modules[__name__], players)


class _Played:
    """What ``marks.MoveMarks`` reads of a table: a state and the moves it marks (those of the
    turn, from the decision on)."""

    def __init__(self, state: dict, first: int):
        self.state = state
        self.first = first

    def marked_moves(self):
        log = self.state["log"][self.first :]
        return [(i, e[0], e[1]) for i, e in enumerate(log, self.first)]


def describe(state: dict, player: int, text: str) -> str:
    """An action in words as the log says it, told in full (an eruption with its captures:
    the game has no chance, so what it would do is what it does)."""
    after = json.loads(json.dumps(state))
    try:
        GAME.play(after, text)
    except GameError:
        return view.describe_action(state, player, text)
    return view.describe_action(after, player, text)


def marks(board: dict, before: dict, player: int, texts: list[str], look: str) -> list[E]:
    """The turn ``texts`` played from ``before`` (a copy), drawn over the board."""
    state = json.loads(json.dumps(before))
    first = len(state["log"])
    for text in texts:
        try:
            GAME.play(state, text)
        except GameError:
            break
    drawn = move_marks.overlay(move_marks.MoveMarks(_Played(state, first)), {})
    # the table's own marks layer has its data-key: these two are plain groups
    return [
        E(g.tag, {k: v for k, v in g.attrs.items() if k != "data-key"}, g.children) for g in drawn
    ]
