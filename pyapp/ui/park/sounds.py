"""Caldera Park's sounds (``features/sound.py`` asks ``move_sounds``): a token put on a park
(an animal or water token, or a weather token at the start) is "place"; the marmot's choice of
action makes no sound of its own. Read from the engine's own reading of the move
(``parse_action``), never from the screen."""

from __future__ import annotations

PLACING = ("place", "weather")  # the engine's kinds of action that put a token on a park


def move_sounds(game, before: dict, after: dict, player, text: str, viewer) -> list[str]:
    """The sounds of the move ``text`` of ``player`` that took ``before`` to ``after``."""
    return ["place"] if game.parse_action(text).kind in PLACING else []
