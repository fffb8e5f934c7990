"""A ``Game`` whose rules are the functions of one engine module (``engine``), the usual shape:
``normalise_options(**options)``, ``new_game(**options)``, ``decision``, ``to_move``,
``is_over``, ``legal_actions``, ``why_illegal``, ``apply``, ``observation`` and ``result``;
whose actions module (``actions``) reads texts with ``parse``, and whose bots package (``bots``,
dotted name, imported on first use) offers ``BOT_NAMES`` and ``make_bot(name, seed)``.
A game's protocol object subclasses it, names its modules and adds the rest (summaries)."""

from __future__ import annotations

import importlib

from .protocol import Game


class ModuleGame(Game):
    engine = None  # the game's rules module
    actions = None  # the game's actions module
    bots = ""  # the dotted name of the game's bots package

    @property
    def bot_names(self) -> tuple[str, ...]:
        return importlib.import_module(self.bots).BOT_NAMES

    def make_bot(self, name: str, seed=0):
        return importlib.import_module(self.bots).make_bot(name, seed)

    def parse_action(self, text: str):
        return self.actions.parse(text)

    def normalise_options(self, options: dict) -> dict:
        return self.engine.normalise_options(**options)

    def new_game(self, options: dict) -> dict:
        return self.engine.new_game(**options)

    def decision(self, state: dict) -> dict | None:
        return self.engine.decision(state)

    def to_move(self, state: dict) -> int | None:
        return self.engine.to_move(state)

    def is_over(self, state: dict) -> bool:
        return self.engine.is_over(state)

    def legal_actions(self, state: dict, player: int | None = None) -> list:
        return self.engine.legal_actions(state, player)

    def why_illegal(self, state: dict, action, player: int | None = None) -> str | None:
        return self.engine.why_illegal(state, action, player)

    def apply(self, state: dict, action) -> dict:
        return self.engine.apply(state, action)

    def observation(self, state: dict, player: int) -> dict:
        return self.engine.observation(state, player)

    def result(self, state: dict) -> dict | None:
        return self.engine.result(state)


def public_view(state: dict, player: int, players: int, hidden: str) -> dict:
    """An observation built the usual way: the state without its ``hidden`` key and without
    the seed (from which the hidden part could be recomputed), plus ``viewer``. A read-only
    view sharing the state's lists."""
    if type(player) is not int or not 0 <= player < players:
        raise ValueError(f"no player {player!r} in this game")
    view = {k: v for k, v in state.items() if k != hidden}
    view["options"] = {k: v for k, v in state["options"].items() if k != "seed"}
    view["viewer"] = player
    return view


def load_bot_class(classes: dict, package: str, name: str) -> type:
    """The bot class called ``name`` of a game whose ``classes`` map names to ``(module,
    class)`` inside ``package``; the module is imported on first use."""
    try:
        module, cls = classes[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(classes)}") from None
    return getattr(importlib.import_module(f".{module}", package), cls)
