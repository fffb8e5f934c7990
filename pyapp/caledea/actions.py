"""Caledea's actions: small frozen values whose text round-trips (``parse(str(a)) == a``).

Squares are written by name (``c4``: column letter a-t, row 1-10), units by their number in the
state (``units[i]["id"]``). The texts:

* ``capital c4``: place the capital (setup);
* ``move c4 3,5,8``: units 3, 5 and 8 end a move together on c4 (one move);
* ``upgrade 3``: infantry to cavalry or cavalry to general; ``build c4``: a tower, or a castle
  on one's own tower;
* ``bombard 3 c5`` / ``transport 3 c5``: the powers; ``end``: end the turn;
* in combat: ``ambush 3`` / ``noambush`` (attacker, before a pairing), ``pair 4 3`` (defender:
  its unit 4 fights attacking unit 3), ``withdraw`` / ``stay`` (attacker whose unit just won).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import MalformedActionError

MAX_ID = 1_000_000


def _square(text: str) -> str:
    t = text.lower()
    if (
        2 <= len(t) <= 3
        and "a" <= t[0] <= "t"
        and t[1:].isdigit()
        and t[1] != "0"
        and 1 <= int(t[1:]) <= 10
    ):
        return t
    raise MalformedActionError(f"not a square: {text!r} (a column a-t and a row 1-10, like c4)")


def _unit(text: str) -> int:
    if not text.isdigit() or len(text) > 7 or int(text) >= MAX_ID:
        raise MalformedActionError(f"not a unit number: {text!r}")
    return int(text)


@dataclass(frozen=True)
class Capital:
    square: str
    kind = "capital"

    def __str__(self):
        return f"capital {self.square}"


@dataclass(frozen=True)
class Move:
    square: str
    units: tuple[int, ...]
    kind = "move"

    def __str__(self):
        return f"move {self.square} {','.join(map(str, self.units))}"


@dataclass(frozen=True)
class Upgrade:
    unit: int
    kind = "upgrade"

    def __str__(self):
        return f"upgrade {self.unit}"


@dataclass(frozen=True)
class Build:
    square: str
    kind = "build"

    def __str__(self):
        return f"build {self.square}"


@dataclass(frozen=True)
class Bombard:
    unit: int
    square: str
    kind = "bombard"

    def __str__(self):
        return f"bombard {self.unit} {self.square}"


@dataclass(frozen=True)
class Transport:
    unit: int
    square: str
    kind = "transport"

    def __str__(self):
        return f"transport {self.unit} {self.square}"


@dataclass(frozen=True)
class End:
    kind = "end"

    def __str__(self):
        return "end"


@dataclass(frozen=True)
class Ambush:
    unit: int  # -1: no ambush for this battle
    kind = "ambush"

    def __str__(self):
        return "noambush" if self.unit < 0 else f"ambush {self.unit}"


@dataclass(frozen=True)
class Pair:
    defender: int
    attacker: int
    kind = "pair"

    def __str__(self):
        return f"pair {self.defender} {self.attacker}"


@dataclass(frozen=True)
class Withdraw:
    withdraw: bool
    kind = "withdraw"

    def __str__(self):
        return "withdraw" if self.withdraw else "stay"


def parse(text) -> object:
    """The action a text names; ``MalformedActionError`` saying why it cannot be read."""
    if not isinstance(text, str) or len(text) > 400:
        raise MalformedActionError(f"not an action text: {str(text)[:40]!r}")
    words = text.split()
    if not words:
        raise MalformedActionError("an empty action")
    verb, args = words[0].lower(), words[1:]
    shapes = {
        "capital": 1,
        "move": 2,
        "upgrade": 1,
        "build": 1,
        "bombard": 2,
        "transport": 2,
        "end": 0,
        "ambush": 1,
        "noambush": 0,
        "pair": 2,
        "withdraw": 0,
        "stay": 0,
    }
    if verb not in shapes:
        raise MalformedActionError(f"unknown action {verb!r}")
    if len(args) != shapes[verb]:
        raise MalformedActionError(f"{verb} takes {shapes[verb]} word(s) after it: {text!r}")
    if verb == "capital":
        return Capital(_square(args[0]))
    if verb == "move":
        units = tuple(_unit(u) for u in args[1].split(","))
        if len(set(units)) != len(units) or list(units) != sorted(units):
            raise MalformedActionError(f"a move names its units once each, in order: {text!r}")
        return Move(_square(args[0]), units)
    if verb == "upgrade":
        return Upgrade(_unit(args[0]))
    if verb == "build":
        return Build(_square(args[0]))
    if verb == "bombard":
        return Bombard(_unit(args[0]), _square(args[1]))
    if verb == "transport":
        return Transport(_unit(args[0]), _square(args[1]))
    if verb == "end":
        return End()
    if verb == "ambush":
        return Ambush(_unit(args[0]))
    if verb == "noambush":
        return Ambush(-1)
    if verb == "pair":
        return Pair(_unit(args[0]), _unit(args[1]))
    return Withdraw(verb == "withdraw")
