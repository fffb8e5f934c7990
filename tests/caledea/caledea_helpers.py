"""Helpers of the Caledea tests: positions built square by square, and scripted dice."""

from __future__ import annotations

from pyapp.caledea import cards, engine
from pyapp.caledea.protocol import GAME


def squares_of(pair: str, epic: bool = False) -> list[str]:
    b = cards.board(epic)
    return [b.name(sq) for sq in range(b.n) if b.pairs[sq] == pair]


def sq(name: str, epic: bool = False) -> int:
    return cards.board(epic).parse(name)


def started(
    kingdoms=("Xonavia", "Talaq"), capitals=None, first=0, players=None, seed=1, edition=None
):
    """A game with the capitals placed (default: each kingdom's first resource square) and no
    unit on the board yet; seat ``first`` to play (``edition``: of the kingdom cards, default
    the newest)."""
    n = players or len(kingdoms)
    options = {"players": n, "seed": seed, "kingdoms": list(kingdoms), "first": first}
    if edition is not None:
        options["edition"] = edition
    state = GAME.new_game(options)
    if capitals is None:
        capitals = [squares_of(cards.kingdom(k)["pair"])[0] for k in kingdoms]
    for i in range(n):
        seat = (first + i) % n
        GAME.play(state, f"capital {capitals[seat]}")
    state["units"] = []
    return state


def put(state: dict, owner: int, square: str, rank: int = 1, n: int = 1) -> list[int]:
    """Put ``n`` fresh units of ``owner`` and ``rank`` on ``square``; their ids."""
    ids = []
    for _ in range(n):
        engine._add_unit(state, owner, sq(square, state["options"]["epic"]))
        u = state["units"][-1]
        u["rank"] = rank
        ids.append(u["id"])
    return ids


def claim(state: dict, owner: int, square: str) -> None:
    state["markers"][sq(square)] = owner


def claim_until_paid(state: dict, owner: int, squares, powers: int = 1) -> None:
    """Claim ``squares`` in turn for ``owner`` until it can pay its power ``powers`` times
    (whatever the power costs in the game's edition of the cards)."""
    cost = engine.kingdom_of(state, owner)["costs"]["power"]
    for square in squares:
        if engine.available(state, owner) >= powers * cost:
            return
        claim(state, owner, square)


class Dice:
    """Scripted dice: ``Dice(monkeypatch, [6, 2], [5])`` makes the next rolls give those faces
    (each call of the engine's ``_dice`` takes the next list, sorted high to low)."""

    def __init__(self, monkeypatch, *rolls):
        self.rolls = [list(r) for r in rolls]
        self.asked = []
        monkeypatch.setattr(engine, "_dice", self._dice)

    def _dice(self, rng, n):
        self.asked.append(n)
        if not self.rolls:
            raise AssertionError(f"no scripted dice left (asked for {n})")
        roll = self.rolls.pop(0)
        assert len(roll) == n, f"scripted {roll} but the engine rolls {n} dice"
        return sorted(roll, reverse=True)


class Faces:
    """Scripted dice, one face per roll: ``Faces(monkeypatch, 6, 1)`` makes the next roll show
    only sixes and the one after only ones, whatever the number of dice (a battle rolls the
    attacker's dice, then the defender's; a siege try rolls the unit's)."""

    def __init__(self, monkeypatch, *faces):
        self.faces = list(faces)
        self.asked = []
        monkeypatch.setattr(engine, "_dice", self._dice)

    def _dice(self, rng, n):
        self.asked.append(n)
        if not self.faces:
            raise AssertionError(f"no scripted dice left (asked for {n})")
        return [self.faces.pop(0)] * n


def unit(state: dict, uid: int) -> dict | None:
    return engine.unit_by_id(state, uid)


def where(state: dict, uid: int) -> str | None:
    u = engine.unit_by_id(state, uid)
    return None if u is None else engine.board_of(state).name(u["sq"])
