"""Caldera's own features of the shell (``pyapp/ui/feature.py``), added by the composition after
the shell's: the guided first game (``guide.py``), offered on Caldera's new-game screen and
drawn in the table's side column while it is played (``pyapp/ui/guided.py``)."""

from __future__ import annotations

from ..feature import Feature
from ..guided import SideGuide
from . import guide

GAME_ID = "pyramids"


class PyramidsGuide(SideGuide):
    def __init__(self, tables):
        super().__init__(
            tables,
            name="pyramids-guide",
            game_id=GAME_ID,
            prefix="pyr",
            side="pyr-side",
            guide=guide,
        )


def features(tables, storage=None, **_services) -> list[Feature]:
    """This game's features, given the box (``tables``)."""
    return [PyramidsGuide(tables)]
