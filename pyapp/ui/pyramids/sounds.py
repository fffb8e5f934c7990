"""Caldera's sounds (``features/sound.py`` asks ``move_sounds``): a quiet cap move is "move", a
Power Play "place"; a cap move that erupts is "erupt", followed by "capture" when the eruption
captured a piece. Whether it erupted and what it captured is the engine's answer for the
position before the move (``game.preview``, what the engine's ``erupt`` then carried out),
never a guess of the screen."""

from __future__ import annotations

from pyapp.pyramids import game as rules


def move_sounds(game, before: dict, after: dict, player, text: str, viewer) -> list[str]:
    """The sounds of the move ``text`` of ``player`` that took ``before`` to ``after``."""
    action = game.parse_action(text)
    if action.kind == "power":
        return ["place"]
    if action.kind != "move":
        return []
    seen = rules.preview(before, action)
    if not seen["erupts"]:
        return ["move"]
    captured = any(f["captured"] for f in seen["flow"])
    return ["erupt", "capture"] if captured else ["erupt"]
