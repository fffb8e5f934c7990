"""Caledea's sounds (``features/sound.py`` asks ``move_sounds``), read from what the engine says
its last action did (``state["events"]``), never from the screen: units moved or transported
are "move", a capital chosen, a tower or castle built or upgraded "place"; each battle or siege
roll is "dice", then "won" or "lost".

Won or lost is seen from the person at the device (``viewer``) when their units fought, else
from the player who moved (a battle between two others: as the mover saw it, else as its
attacker did). The owners of the units come from the position before the move (a beaten unit
has left the board after it)."""

from __future__ import annotations

from pyapp.caledea import engine

MOVING = {"move", "transport"}
PLACING = {"capital", "build", "upgrade"}


def _owner(uid, before: dict, after: dict):
    unit = engine.unit_by_id(before, uid) or engine.unit_by_id(after, uid)
    return unit["owner"] if unit is not None else None


def _outcome(attacker, defender, attacker_won: bool, viewer, player) -> str:
    """ "won" or "lost" for the side the sound speaks for (see the module's docstring)."""
    for side in (viewer, player):
        if side is not None and side in (attacker, defender):
            return "won" if (side == attacker) == attacker_won else "lost"
    return "won" if attacker_won else "lost"


def move_sounds(game, before: dict, after: dict, player, text: str, viewer) -> list[str]:
    """The sounds of the move ``text`` of ``player`` that took ``before`` to ``after``: the
    engine's events of that move (``after["events"]``), in their order."""
    board = engine.board_of(before)
    out: list[str] = []
    for ev in after.get("events") or ():
        kind = ev.get("type")
        if kind in MOVING:
            out.append("move")
        elif kind in PLACING:
            out.append("place")
        elif kind == "battle":
            a = _owner(ev["attacker"], before, after)
            d = _owner(ev["defender"], before, after)
            out += ["dice", _outcome(a, d, ev["won"] == "attacker", viewer, player)]
        elif kind == "siege":
            a = _owner(ev["unit"], before, after)
            sq = board.parse(ev["square"])
            held = before["structures"][sq] if sq is not None else None
            d = held[0] if held else None
            out += ["dice", _outcome(a, d, bool(ev["won"]), viewer, player)]
    return out
