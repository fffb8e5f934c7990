"""Computer players. Every bot decides from ``observation(state, player)`` only.

A bot is built with a seed (``make_bot(name, seed)``) and answers ``choose(observation)`` with a
legal action for the decision that observation shows as open.

Strengths: ``random`` (uniform over the legal actions), ``greedy`` (best immediate change of its
own score estimate) and ``strong`` (determinised look-ahead; it also offers ``start(observation)``
for thinking in slices, see ``strong.py``). The ``arena`` sub-command (``arena.py``) measures them.
"""

from __future__ import annotations

from .greedy import GreedyBot
from .random_bot import RandomBot
from .strong import StrongBot

BOTS = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}


def make_bot(name: str, seed=0):
    """A bot by name (``random``, ``greedy``, ``strong``), seeded for reproducible play."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(BOTS)}") from None
    return cls(seed)
