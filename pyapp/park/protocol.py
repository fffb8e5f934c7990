"""Caldera Park behind the box's game protocol (``core.protocol.Game``).

A thin adapter over the engine's own functions (``game``, ``actions``, ``record``): nothing here
changes a rule. Records keep the name ``caldera-park`` they had before the box.
"""

from __future__ import annotations

from ..core.protocol import Game
from . import game, record
from .actions import parse
from .variants import VARIANTS


class ParkGame(Game):
    id = "park"
    record_id = record.GAME_ID
    title = "Caldera Park"
    format = game.FORMAT
    min_players = 1
    max_players = 4
    variants = tuple(VARIANTS)

    @property
    def bot_names(self) -> tuple[str, ...]:
        from .bots import BOT_NAMES

        return BOT_NAMES

    def normalise_options(self, options: dict) -> dict:
        return game.normalise_options(**options)

    def new_game(self, options: dict) -> dict:
        return game.new_game(**options)

    def decision(self, state: dict) -> dict | None:
        return game.decision(state)

    def to_move(self, state: dict) -> int | None:
        return game.to_move(state)

    def is_over(self, state: dict) -> bool:
        return game.is_over(state)

    def legal_actions(self, state: dict, player: int | None = None) -> list:
        return game.legal_actions(state, player)

    def parse_action(self, text: str):
        return parse(text)

    def why_illegal(self, state: dict, action, player: int | None = None) -> str | None:
        return game.why_illegal(state, action, player)

    def play(self, state: dict, action, player: int | None = None) -> dict:
        return game.play(state, action, player)

    def apply(self, state: dict, action) -> dict:
        return game.apply(state, action)

    def observation(self, state: dict, player: int) -> dict:
        return game.observation(state, player)

    def result(self, state: dict) -> dict | None:
        if not game.is_over(state):
            return None
        scores = game.final_scores(state)
        return {**scores, "scores": [s["total"] for s in scores["players"]]}

    def summary(self, state: dict) -> dict:
        return game.final_scores(state)

    def make_bot(self, name: str, seed=0):
        from .bots import make_bot

        return make_bot(name, seed)

    def save_summary(self, state: dict) -> dict:
        ctx = state["ctx"]
        return {"variant": state["options"]["variant"], "round": ctx["round"], "turn": ctx["turn"]}

    def check_save_summary(self, summary: dict) -> bool:
        return (
            summary.get("variant") in VARIANTS
            and type(summary.get("round")) is int
            and 1 <= summary["round"] <= game.ROUNDS
            and type(summary.get("turn")) is int
        )

    def solo_report(self, scores: list) -> dict:
        from .bots.arena import solo_report

        return solo_report(scores)

    def print_report(self, report: dict) -> None:
        from .bots.arena import print_solo

        print_solo(report)

    def to_record(self, state: dict) -> dict:
        return record.to_record(state)

    def replay(self, options, log) -> dict:
        return record.replay(options, log)

    def from_record(self, data) -> dict:
        return record.from_record(data)

    def to_json(self, state: dict) -> str:
        return record.to_json(state)

    def from_json(self, text) -> dict:
        return record.from_json(text)


GAME = ParkGame()
