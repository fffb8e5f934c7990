"""Computer players of Caldera. Every bot decides from ``observation(state, player)`` only.

``random`` (uniform over the legal actions), ``greedy`` (the best eruption open now: captures and
progress towards trios) and ``strong`` (plans the quiet moves and Power Play that set up the best
eruption, weighing the next player's best reply; see ``strong.py``).

A turn is several actions; a bot that plans a whole turn keeps its plan and answers the next
calls of the same turn from it (checked against the log), so only the first call of a turn
thinks. The strong bot's ``start(observation)`` returns a ``core.thinking.Thinking`` (the
browser's bot runner uses it when a bot has one).
"""

from __future__ import annotations

from ...core.module_game import load_bot_class

_CLASSES = {
    "random": ("random_bot", "RandomBot"),
    "greedy": ("greedy", "GreedyBot"),
    "strong": ("strong", "StrongBot"),
}
BOT_NAMES: tuple[str, ...] = tuple(_CLASSES)


def bot_class(name: str) -> type:
    return load_bot_class(_CLASSES, __name__, name)


def make_bot(name: str, seed=0):
    """A bot by name, seeded for reproducible play."""
    return bot_class(name)(seed)
