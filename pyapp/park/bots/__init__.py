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

import importlib

from ...core.thinking import Thinking

# The bot modules are imported on first use, not with this package: the browser app needs only
# the names to draw its first screen, and compiling the greedy and strong bots (with their
# evaluator) is a noticeable part of its start-up in Pyodide. ``BOTS`` (name -> class) and the
# classes stay importable from here as before (``__getattr__`` below loads them); code that only
# needs the names uses ``BOT_NAMES``.
_CLASSES = {
    "random": ("random_bot", "RandomBot"),
    "greedy": ("greedy", "GreedyBot"),
    "strong": ("strong", "StrongBot"),
}
BOT_NAMES: tuple[str, ...] = tuple(_CLASSES)
_LAZY = {cls: module for module, cls in _CLASSES.values()}


def bot_class(name: str) -> type:
    """The class of the bot called ``name`` (its module is imported on first use)."""
    try:
        module, cls = _CLASSES[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(BOT_NAMES)}") from None
    return getattr(importlib.import_module(f".{module}", __name__), cls)


def __getattr__(name: str):
    if name == "BOTS":
        # built once and kept as a module global (``__getattr__`` is not asked again), so a change
        # to it (a test's ``monkeypatch.setitem(BOTS, ...)``) reaches ``make_bot``
        bots = globals()["BOTS"] = {n: bot_class(n) for n in BOT_NAMES}
        return bots
    if name in _LAZY:
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def make_bot(name: str, seed=0):
    """A bot by name (``random``, ``greedy``, ``strong``), seeded for reproducible play."""
    bots = globals().get("BOTS")  # only once someone has asked for ``BOTS`` (see ``__getattr__``)
    if bots is not None and name in bots:
        return bots[name](seed)
    return bot_class(name)(seed)


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
