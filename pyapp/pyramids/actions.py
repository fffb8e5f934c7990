"""Actions of Caldera as small frozen values whose text round-trips: ``parse(str(a)) == a``.

Text forms (squares ``a1``-``e5``, pieces two letters such as ``YL``, see ``board.py``):

* ``b2-c3``          move the cap on b2 one square to c3 (quiet or erupting: the board decides)
* ``power YL c3``    Power Play: put a yellow large of one's collection on c3
* ``pass``           only when no eruption can be reached this turn (see ``game.py``)
* ``resign``         the player to move gives up
* ``draw``           the players agree a draw (the interface asks everyone first)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import MalformedActionError
from .board import PIECES, SQUARE_NAMES, SQUARE_OF, direction_between

__all__ = ["Move", "Power", "Word", "Pass", "Resign", "Draw", "Action", "parse"]

MAX_TEXT = 40


@dataclass(frozen=True, slots=True)
class Move:
    """Move the cap on square ``frm`` to the adjacent square ``to``."""

    frm: int
    to: int
    kind = "move"

    def __str__(self) -> str:
        return f"{SQUARE_NAMES[self.frm]}-{SQUARE_NAMES[self.to]}"


@dataclass(frozen=True, slots=True)
class Power:
    """Power Play: return ``piece`` from the mover's collection onto square ``at``."""

    piece: str
    at: int
    kind = "power"

    def __str__(self) -> str:
        if self.piece not in PIECES:
            raise ValueError(f"no piece {self.piece!r}")
        return f"power {self.piece} {SQUARE_NAMES[self.at]}"


@dataclass(frozen=True, slots=True)
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
_WORDS = {w.kind: w for w in (Pass, Resign, Draw)}


def _square(text: str, whole: str) -> int:
    sq = SQUARE_OF.get(text)
    if sq is None:
        raise MalformedActionError(f"{text!r} is not a square a1-e5 (in {whole!r})")
    return sq


def parse(text) -> Action:
    """The action a text names; ``MalformedActionError`` if it cannot be read."""
    if not isinstance(text, str):
        raise MalformedActionError(f"an action is text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise MalformedActionError("this action text is too long")
    words = text.split()
    if len(words) == 1:
        word = words[0]
        if word in _WORDS:
            return _WORDS[word]
        if word.count("-") == 1:
            a, b = word.split("-")
            frm, to = _square(a, text), _square(b, text)
            if direction_between(frm, to) is None:
                raise MalformedActionError(f"{text!r}: a cap moves one square, to a neighbour")
            return Move(frm, to)
    elif len(words) == 3 and words[0] == "power":
        if words[1] not in PIECES:
            raise MalformedActionError(f"{words[1]!r} is not a piece such as YL (in {text!r})")
        return Power(words[1], _square(words[2], text))
    raise MalformedActionError(f"cannot read the action {text!r}")
