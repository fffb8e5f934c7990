"""Caldera (Looney Pyramids) behind the box's game protocol (``core.protocol.Game``).

A thin adapter over ``game``; besides the protocol it offers what this game's screens need:
``cap_moves`` and ``preview`` (whether each cap move erupts and what it would capture),
``can_take_back`` / ``take_back`` (quiet moves and the Power Play of the turn under way),
``trios`` and ``game_length`` (turns, for the arena).

A recorded game (a save, an export, a saved state) is read with ``game.record_options``: a
record made before the rules had editions follows edition 1, so it replays exactly as played.
"""

from __future__ import annotations

from ..core.errors import LoadError
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

    def replay(self, options, log, reseeds=None) -> dict:
        """Rebuild a recorded game (``Game.replay``), its options read as a record's."""
        return super().replay(game.record_options(options), log, reseeds)

    def from_json(self, text) -> dict:
        """Load a whole state saved with ``to_json`` (``Game.from_json``); a state saved before
        the rules had editions differs from its replay only by ``rules`` (1) in its options."""
        from ..core.protocol import read_json, to_json

        data = read_json(text, "saved game")
        self.check_format(data, "saved game")
        state = self.replay(data.get("options"), data.get("log"), data.get("reseeds"))
        if isinstance(data.get("options"), dict):
            data = {**data, "options": game.record_options(data["options"])}
        if to_json(state) != to_json(data):
            raise LoadError("this saved game is damaged: it does not match its own action log")
        return state

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
