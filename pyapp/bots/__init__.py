"""Computer players. Every bot decides from ``observation(state, player)`` only.

A bot is built with a seed (``make_bot(name, seed)``) and answers ``choose(observation)`` with a
legal action for the decision that observation shows as open.
"""

from __future__ import annotations

from .random_bot import RandomBot

BOTS = {"random": RandomBot}


def make_bot(name: str, seed=0):
    """A bot by name (``random``, ...), seeded for reproducible play."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(BOTS)}") from None
    return cls(seed)
