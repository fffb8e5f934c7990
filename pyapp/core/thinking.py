"""A bot's decision worked in slices, so that a page never freezes while a computer thinks.

A bot that searches writes its search as a generator that yields after each unit of work and
returns the action; ``Thinking`` runs that generator for a time budget at a time. Every game's
bots use it, and the shell's ``BotRunner`` (``pyapp/ui/table.py``) drives it between frames.
"""

from __future__ import annotations

import time


class Thinking:
    """A decision in progress: ``step(budget_ms)`` works for about that long (at least one unit
    of work) and returns the action once decided, else ``None``; ``run()`` finishes it."""

    def __init__(self, gen):
        self._gen = gen
        self.done = False
        self.action = None
        self.units = 0

    def step(self, budget_ms: float = 10.0):
        if self.done:
            return self.action
        end = time.perf_counter() + budget_ms / 1000.0
        try:
            while True:
                next(self._gen)
                self.units += 1
                if time.perf_counter() >= end:
                    return None
        except StopIteration as stop:
            self.done = True
            self.action = stop.value
            return self.action

    def run(self):
        while not self.done:
            self.step(1000.0)
        return self.action
