"""Actions of Caldera as small frozen values whose text round-trips: ``parse(str(a)) == a``.

Text forms (squares ``a1``-``e5``, pieces two letters such as ``YL``, see ``board.py``):

* ``b2-c3``          move the cap on b2 one square to c3 (quiet or erupting: the board decides)
* ``power YL c3``    Power Play: put a yellow large of one's collection on c3
* ``pass``           only when no eruption can be reached this turn (see ``game.py``)
* ``resign``         the player to move gives up
* ``draw``           the players agree a draw (the interface asks everyone first)
"""

from __future__ import annotations

from ..core.actions import action, by_verb, check_text
from ..core.errors import MalformedActionError
from .board import PIECES, SQUARE_NAMES, SQUARE_OF, direction_between

__all__ = ["Move", "Power", "Word", "Pass", "Resign", "Draw", "Action", "parse"]

MAX_TEXT = 40


@action("move")
class Move:
    """Move the cap on square ``frm`` to the adjacent square ``to``."""

    frm: int
    to: int

    def __str__(self) -> str:
        return f"{SQUARE_NAMES[self.frm]}-{SQUARE_NAMES[self.to]}"


@action("power")
class Power:
    """Power Play: return ``piece`` from the mover's collection onto square ``at``."""

    piece: str
    at: int

    def __str__(self) -> str:
        if self.piece not in PIECES:
            raise ValueError(f"no piece {self.piece!r}")
        return f"power {self.piece} {SQUARE_NAMES[self.at]}"


@action()
class Word:
    """An action of one word: ``pass``, ``resign`` or ``draw`` (its ``kind``)."""

    kind: str

    def __str__(self) -> str:
        if self.kind not in WORDS:
            raise ValueError(f"no action {self.kind!r}")
        return self.kind


WORDS = ("pass", "resign", "draw")
Pass, Resign, Draw = (Word(w) for w in WORDS)
Action = Move | Power | Word


def _square(text: str, whole: str) -> int:
    sq = SQUARE_OF.get(text)
    if sq is None:
        raise MalformedActionError(f"{text!r} is not a square a1-e5 (in {whole!r})")
    return sq


def _power(text: str, piece: str, at: str) -> Power:
    if piece not in PIECES:
        raise MalformedActionError(f"{piece!r} is not a piece such as YL (in {text!r})")
    return Power(piece, _square(at, text))


def _move(text: str, words: list[str]) -> Move:
    """The one form without a verb, ``b2-c3``; the message for any text it is not either."""
    if len(words) == 1 and words[0].count("-") == 1:
        a, b = words[0].split("-")
        frm, to = _square(a, text), _square(b, text)
        if direction_between(frm, to) is None:
            raise MalformedActionError(f"{text!r}: a cap moves one square, to a neighbour")
        return Move(frm, to)
    raise MalformedActionError(f"cannot read the action {text!r}")


GRAMMAR = {  # verb: (words after it, build(text, *those words)); else ``_move``
    "pass": (0, lambda _: Pass),
    "resign": (0, lambda _: Resign),
    "draw": (0, lambda _: Draw),
    "power": (2, _power),
}


def parse(text) -> Action:
    """The action a text names; ``MalformedActionError`` if it cannot be read."""
    return by_verb(GRAMMAR, check_text(text, MAX_TEXT).split(), text, otherwise=_move)
