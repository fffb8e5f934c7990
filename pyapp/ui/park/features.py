"""Caldera Park's own features of the shell (``pyapp/ui/feature.py``), added by the composition
after the shell's: the guided first game (``guide.py``: offered on the first visit, its
explanations drawn beside each step)."""

from __future__ import annotations

from ..feature import Feature
from .guide import Guide

GAME_ID = "park"


class GuideFeature(Feature):
    name = "guide"

    def __init__(self, tables, storage=None):
        self.tables = tables
        self.guide = Guide(storage)

    def handle(self, action: str, data: dict, table) -> bool | None:
        if not action.startswith("guide-"):
            return None
        if action == "guide-start":  # from any game's screen: the guided game is this game's
            table = self.tables.switch(GAME_ID)
        return self.guide.handle(action, data, table)


def features(tables, storage=None, **_services) -> list[Feature]:
    """This game's features, given the box (``tables``) and the page's storage."""
    return [GuideFeature(tables, storage)]
