"""Caledea's actions: small frozen values whose text round-trips (``parse(str(a)) == a``).

Squares are written by name (``c4``: column letter a-t, row 1-10), units by their number in the
state (``units[i]["id"]``). The texts:

* ``capital c4``: place the capital (setup);
* ``move c4 3,5,8``: units 3, 5 and 8 end a move together on c4 (one move);
* ``upgrade 3``: infantry to cavalry or cavalry to general; ``build c4``: a tower, or a castle
  on one's own tower;
* ``bombard 3 c5`` / ``transport 3 c5``: the powers; ``end``: end the turn;
* in combat: ``ambush 3`` / ``noambush`` (attacker, before a pairing), ``pair 4 3`` (defender:
  its unit 4 fights attacking unit 3), ``withdraw`` / ``stay`` (attacker whose unit just won);
* ``breach 3`` (attacker, games of the later rulings): unit 3 tries the undefended enemy
  structure next, when units of several kinds attack it together.
"""

from __future__ import annotations

from ..core.actions import action, by_verb
from ..core.errors import MalformedActionError

MAX_ID = 1_000_000


def _square(text: str) -> str:
    t = text.lower()
    if (
        2 <= len(t) <= 3
        and "a" <= t[0] <= "t"
        and t[1:].isascii()
        and t[1:].isdigit()
        and t[1] != "0"
        and 1 <= int(t[1:]) <= 10
    ):
        return t
    raise MalformedActionError(f"not a square: {text!r} (a column a-t and a row 1-10, like c4)")


def _unit(text: str) -> int:
    # ASCII digits only: "²" or "١" are digits to ``isdigit`` (and int() refuses or reads them)
    if not (text.isascii() and text.isdigit()) or len(text) > 7 or int(text) >= MAX_ID:
        raise MalformedActionError(f"not a unit number: {text!r}")
    return int(text)


@action("capital", "capital {square}")
class Capital:
    square: str


@action("move")
class Move:
    square: str
    units: tuple[int, ...]

    def __str__(self):
        return f"move {self.square} {','.join(map(str, self.units))}"


@action("upgrade", "upgrade {unit}")
class Upgrade:
    unit: int


@action("build", "build {square}")
class Build:
    square: str


@action("bombard", "bombard {unit} {square}")
class Bombard:
    unit: int
    square: str


@action("transport", "transport {unit} {square}")
class Transport:
    unit: int
    square: str


@action("end", "end")
class End:
    pass


@action("ambush")
class Ambush:
    unit: int  # -1: no ambush for this battle

    def __str__(self):
        return "noambush" if self.unit < 0 else f"ambush {self.unit}"


@action("pair", "pair {defender} {attacker}")
class Pair:
    defender: int
    attacker: int


@action("withdraw")
class Withdraw:
    withdraw: bool

    def __str__(self):
        return "withdraw" if self.withdraw else "stay"


@action("breach", "breach {unit}")
class Breach:
    unit: int


def _move(text: str, square: str, units: str) -> Move:
    ids = tuple(_unit(u) for u in units.split(","))
    if len(set(ids)) != len(ids) or list(ids) != sorted(ids):
        raise MalformedActionError(f"a move names its units once each, in order: {text!r}")
    return Move(_square(square), ids)


GRAMMAR = {  # verb: (words after it, build(text, *those words))
    "capital": (1, lambda _, sq: Capital(_square(sq))),
    "move": (2, _move),
    "upgrade": (1, lambda _, u: Upgrade(_unit(u))),
    "build": (1, lambda _, sq: Build(_square(sq))),
    "bombard": (2, lambda _, u, sq: Bombard(_unit(u), _square(sq))),
    "transport": (2, lambda _, u, sq: Transport(_unit(u), _square(sq))),
    "end": (0, lambda _: End()),
    "ambush": (1, lambda _, u: Ambush(_unit(u))),
    "noambush": (0, lambda _: Ambush(-1)),
    "pair": (2, lambda _, d, a: Pair(_unit(d), _unit(a))),
    "withdraw": (0, lambda _: Withdraw(True)),
    "stay": (0, lambda _: Withdraw(False)),
    "breach": (1, lambda _, u: Breach(_unit(u))),
}


def parse(text) -> object:
    """The action a text names; ``MalformedActionError`` saying why it cannot be read."""
    if not isinstance(text, str) or len(text) > 400:
        raise MalformedActionError(f"not an action text: {str(text)[:40]!r}")
    words = text.split()
    if words:
        words[0] = words[0].lower()
    return by_verb(GRAMMAR, words, text)
