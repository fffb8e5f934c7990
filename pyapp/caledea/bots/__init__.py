"""Caledea's computer players, deciding from observations only.

``random`` (uniform over the legal actions), ``greedy`` (the best action by a one-step estimate
with battles weighed by their exact odds) and ``strong`` (looks through its whole turn and the
opponent's reply, dice weighed by their probabilities; thinks in slices, see ``strong.py``).
"""

from __future__ import annotations

import importlib

BOT_NAMES = ("random", "greedy", "strong")
_CLASSES = {
    "random": ("random_bot", "RandomBot"),
    "greedy": ("greedy", "GreedyBot"),
    "strong": ("strong", "StrongBot"),
}


def make_bot(name: str, seed=0):
    try:
        module, cls = _CLASSES[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(BOT_NAMES)}") from None
    return getattr(importlib.import_module(f".{module}", __name__), cls)(seed)
