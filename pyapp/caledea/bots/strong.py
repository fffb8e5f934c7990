"""The strong bot (first version): greedy's choice, thinking in slices. Replaced below."""

from __future__ import annotations

from ...core.thinking import Thinking
from .greedy import GreedyBot


class StrongBot(GreedyBot):
    def start(self, view: dict) -> Thinking:
        def work():
            yield
            return GreedyBot.choose(self, view)

        return Thinking(work())

    def choose(self, view: dict):
        return self.start(view).run()
