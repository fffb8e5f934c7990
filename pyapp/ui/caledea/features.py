"""Caledea's own features of the shell (``pyapp/ui/feature.py``), added by the composition
after the shell's: the guided first game (``guide.py``), offered on Caledea's new-game screen
and drawn in the table's side column while it is played (``pyapp/ui/guided.py``: nothing is
drawn over the board or Confirm)."""

from __future__ import annotations

from ..feature import Feature
from ..guided import SideGuide
from . import guide

GAME_ID = "caledea"


class CaledeaGuide(SideGuide):
    def __init__(self, tables):
        super().__init__(
            tables,
            name="caledea-guide",
            game_id=GAME_ID,
            prefix="cal",
            side="cal-side",
            guide=guide,
        )


def features(tables, storage=None, **_services) -> list[Feature]:
    """This game's features, given the box (``tables``)."""
    return [CaledeaGuide(tables)]
