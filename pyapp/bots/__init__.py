"""Computer players. Every bot decides from ``observation(state, player)`` only.

A bot is built with a seed (``make_bot(name, seed)``) and answers ``choose(observation)`` with a
legal action for the decision that observation shows as open.

Strengths: ``random`` (uniform over the legal actions), ``greedy`` (best immediate change of its
own score estimate) and ``strong`` (determinised look-ahead, see ``strong.py``). The ``arena``
sub-command (``arena.py``) measures them.

Thinking without freezing a page: ``think = start_thinking(bot, observation)`` works for any bot;
call ``think.step(budget_ms)`` until it returns the action (``None`` meanwhile), yielding to the
event loop between calls (``await asyncio.sleep(0)``). The strong bot really thinks in slices;
the others answer at the first step (they take a few milliseconds at most).
"""

from __future__ import annotations

from .greedy import GreedyBot
from .random_bot import RandomBot
from .strong import StrongBot, Thinking

BOTS = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}


def make_bot(name: str, seed=0):
    """A bot by name (``random``, ``greedy``, ``strong``), seeded for reproducible play."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(BOTS)}") from None
    return cls(seed)


def start_thinking(bot, observation: dict) -> Thinking:
    """A ``Thinking`` for any bot: its own ``start`` if it has one, else one ``choose`` call."""
    start = getattr(bot, "start", None)
    if start is not None:
        return start(observation)

    def once():
        return bot.choose(observation)
        yield  # pragma: no cover  (makes this a generator)

    return Thinking(once())


async def choose_async(bot, observation: dict, slice_ms: float = 10.0):
    """The bot's action, thinking in slices of about ``slice_ms`` and yielding to the event loop
    between them (for the browser: the page stays responsive while a strong bot thinks)."""
    import asyncio

    think = start_thinking(bot, observation)
    while (action := think.step(slice_ms)) is None:
        await asyncio.sleep(0)
    return action
