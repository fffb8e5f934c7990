"""Caldera (Looney Pyramids) behind the box's game protocol (``core.protocol.Game``).

A thin adapter over ``game``; besides the protocol it offers what this game's screens need:
``cap_moves`` and ``preview`` (whether each cap move erupts and what it would capture),
``can_take_back`` / ``take_back`` (quiet moves and the Power Play of the turn under way),
``trios`` and ``game_length`` (turns, for the arena).
"""

from __future__ import annotations

from ..core.module_game import ModuleGame
from . import actions, game


class PyramidsGame(ModuleGame):
    engine = game
    actions = actions
    bots = f"{__package__}.bots"
    id = "pyramids"
    record_id = "pyramids"
    title = "Caldera"
    format = game.FORMAT
    min_players = game.MIN_PLAYERS
    max_players = game.MAX_PLAYERS

    def save_summary(self, state: dict) -> dict:
        return {
            "turn": state["turn"]["number"],
            "trios": [game.trios(c) for c in state["collections"]],
        }

    def check_save_summary(self, summary: dict) -> bool:
        t = summary.get("trios")
        return (
            type(summary.get("turn")) is int
            and summary["turn"] >= 1
            and isinstance(t, list)
            and 2 <= len(t) <= 3
            and all(type(n) is int and 0 <= n <= 24 for n in t)
        )

    # ------------------------------------------------------------------ for the screens

    def cap_moves(self, state: dict):
        """Every legal cap move with whether it erupts: ``[(Move, bool), ...]``."""
        return game.cap_moves(state)

    def preview(self, state: dict, move) -> dict:
        """What a legal cap move would do (see ``game.preview``)."""
        return game.preview(state, move)

    def previews(self, state: dict) -> list:
        """Every legal cap move with its preview: ``[(Move, preview dict), ...]``."""
        return game.previews(state)

    def can_take_back(self, state: dict) -> bool:
        return game.can_take_back(state)

    def take_back(self, state: dict) -> dict:
        return game.take_back(state)

    def trios(self, collection) -> int:
        return game.trios(collection)

    def game_length(self, state: dict) -> int:
        """Turns played (the arena's game length)."""
        return state["turn"]["number"]

    def arena_play(self, game_, options: dict, bots: list, times: list[list]) -> dict:
        """The arena's game loop timing whole turns (``arena.play_turns``)."""
        from .arena import play_turns

        return play_turns(game_, options, bots, times)


GAME = PyramidsGame()
