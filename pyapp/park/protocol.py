"""Caldera Park behind the box's game protocol (``core.protocol.Game``).

A thin adapter over the engine's own functions (``game`` through ``ModuleGame``, ``actions``,
``record``): nothing here changes a rule. Records keep the name ``caldera-park`` they had before
the box. ``play`` stays the engine's own (its messages for what is not an action).
"""

from __future__ import annotations

from ..core.module_game import ModuleGame
from . import actions, game, record
from .daily import daily_date
from .variants import VARIANTS


class ParkGame(ModuleGame):
    engine = game
    actions = actions
    bots = f"{__package__}.bots"
    id = "park"
    record_id = record.GAME_ID
    title = record.TITLE
    format = game.FORMAT
    min_players = 1
    max_players = 4
    variants = tuple(VARIANTS)

    def play(self, state: dict, action, player: int | None = None) -> dict:
        return game.play(state, action, player)

    def result(self, state: dict) -> dict | None:
        if not game.is_over(state):
            return None
        scores = game.final_scores(state)
        return {**scores, "scores": [s["total"] for s in scores["players"]]}

    def summary(self, state: dict) -> dict:
        return game.final_scores(state)

    def save_summary(self, state: dict) -> dict:
        ctx = state["ctx"]
        out = {"variant": state["options"]["variant"], "round": ctx["round"], "turn": ctx["turn"]}
        date = daily_date(state["options"])
        if date is not None:  # the daily park, named so in the list of saved games
            out["daily"] = date
        return out

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

    # play by link: the reserves and face-down weather are drawn when used (``late_draws``)

    def chance_state(self, state: dict) -> str | None:
        return state["secret"]["rng"]

    def reseed(self, state: dict, entropy: bytes) -> None:
        record.reseed(state, entropy)

    def link_options(self, options: dict) -> dict:
        return {**options, "late_draws": True}

    def to_record(self, state: dict) -> dict:
        return record.to_record(state)

    def replay(self, options, log, reseeds=None) -> dict:
        return record.replay(options, log, reseeds)

    def record_options(self, options: dict) -> dict:
        return record.record_options(options)

    def from_record(self, data) -> dict:
        return record.from_record(data)

    def to_json(self, state: dict) -> str:
        return record.to_json(state)

    def from_json(self, text) -> dict:
        return record.from_json(text)


GAME = ParkGame()
