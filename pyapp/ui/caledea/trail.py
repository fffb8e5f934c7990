"""What each action of a Caledea game did on the board (where units went, by which path, where
fights were), kept by the table for the marks of the other players' last moves. Pure Python.

The engine's state keeps only the last action's ``events``, and a move's text in the log names
its units and its destination, not where they came from. So the table records each action as it
is played (``Trail.record``: the square each unit left, its path as the engine would have let it
walk, the squares where the action's battles and sieges were), keyed by the action's place in
the log; a game resumed from a save (nothing recorded) is replayed from its options and log once,
when a mark needs an action not recorded (``Trail.ensure``). Nothing here changes the state.

``recent(state, viewer)`` gives the moves of the other players since the viewer's last decision
of their own (a defender's choice of pairings is a reply, not a decision of their own: the
marks of the move that attacked them stay while they answer it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pyapp.caledea.protocol import GAME
from pyapp.core.errors import GameError

from .model import board_info

MARKED = ("move", "transport", "bombard", "build")


@dataclass
class Step:
    """One action as it was played."""

    player: int | None
    text: str
    kind: str
    to: str | None = None  # where the move ended (the square moved to, built on, bombarded)
    paths: list = field(default_factory=list)  # per unit: the squares walked (names), start first
    fights: tuple = ()  # squares where this action's battles and sieges were


@dataclass
class Recent:
    """A move of another player since the viewer's last decision."""

    player: int
    kind: str  # move | transport | bombard | build
    to: str
    paths: list  # lists of square names, start first
    fight: bool = False


def _kind(text: str) -> str:
    return text.split(" ", 1)[0] if isinstance(text, str) else ""


def _entry(entry) -> tuple[int | None, str]:
    return (entry[0], entry[1]) if isinstance(entry, list) else (None, entry)


def before(state: dict, action, player: int | None = None) -> Step | None:
    """What an action of ``player`` is about to do, seen on the state before it is played."""
    try:
        action = GAME.read_action(action)
    except GameError:
        return None
    kind = action.kind
    step = Step(player, str(action), kind)
    if kind == "move":
        step.to = action.square
        try:
            dests = GAME.destinations(state, list(action.units))
        except (GameError, KeyError, IndexError, TypeError):
            dests = []
        for d in dests:
            if d["square"] == action.square:
                step.paths = [list(p) for p in d["paths"].values()]
                break
    elif kind in ("transport", "bombard"):
        step.to = action.square
        squares = board_info(state)["squares"]
        u = next((u for u in state["units"] if u["id"] == action.unit), None)
        if u is not None:
            step.paths = [[squares[u["sq"]]["name"], action.square]]
    elif kind == "build":
        step.to = action.square
    return step


def after(state: dict, step: Step) -> Step:
    """The step completed from the state after the action (its battles and sieges)."""
    step.fights = tuple(
        ev["square"] for ev in state.get("events", []) if ev.get("type") in ("battle", "siege")
    )
    return step


class Trail:
    """The recorded steps of the game on the table (log index -> ``Step``)."""

    def __init__(self):
        self.steps: dict[int, Step] = {}
        self.start = 0  # every action from this index on is recorded (or the game replayed)

    def reset(self, state: dict | None) -> None:
        """A game started or resumed: nothing of it is recorded yet."""
        self.steps = {}
        self.start = len(state["log"]) if state is not None else 0

    def record(self, index: int, step: Step | None) -> None:
        if step is not None:
            self.steps[index] = step

    def _valid(self, state: dict, first: int) -> bool:
        log = state["log"]
        if first < self.start:
            return False
        for i in range(first, len(log)):
            s = self.steps.get(i)
            if s is None or s.text != _entry(log[i])[1]:
                return False
        return True

    def ensure(self, state: dict, first: int) -> bool:
        """Every action from ``first`` on recorded: replayed from the game's options and log if
        they are not (a resumed game, a log taken back); False if that fails."""
        if self._valid(state, first):
            return True
        try:
            st = GAME.new_game(state["options"])
            steps = {}
            for i, entry in enumerate(state["log"]):
                p, text = _entry(entry)
                action = GAME.parse_action(text)
                step = before(st, action, p) if i >= first else None
                GAME.apply(st, action)
                if step is not None:
                    steps[i] = after(st, step)
        except (GameError, KeyError, IndexError, TypeError, ValueError):
            return False
        self.steps, self.start = steps, first
        return True

    def recent(self, state: dict, viewer: int, mark_from: int | None = None) -> list[Recent]:
        """The moves (moves, transports, bombards, builds) of the other players since the
        viewer's last decision of their own, in the order played; with ``mark_from`` (a
        replay's position, a move chosen in the log: ``TableController.mark_from``) every
        player's moves from that log index on."""
        log = state["log"]
        first = 0
        if mark_from is not None:
            first, viewer = max(0, mark_from), None
        else:
            for i in range(len(log) - 1, -1, -1):
                p, text = _entry(log[i])
                if p == viewer and _kind(text) != "pair":
                    first = i + 1
                    break
        if first >= len(log) or not self.ensure(state, first):
            return []
        out: list[Recent] = []
        current: Recent | None = None
        for i in range(first, len(log)):
            step = self.steps[i]
            if step.kind in MARKED:
                current = None
                if step.player is not None and step.player != viewer and step.to:
                    current = Recent(step.player, step.kind, step.to, step.paths)
                    out.append(current)
            if current is not None and current.to in step.fights:
                current.fight = True
        return out
