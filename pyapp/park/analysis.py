"""Analysis of a Caldera Park game: the one judge's (``pyapp/core/judge.py``) for this game.

For every real decision of the analysed players (more than one legal action; a face-down reveal
is chance, not a choice), the judge's suggestion (the strong bot, seeded by the position: the
same as the hint at the table) and, when the move played differs, both estimated on the same
determinised worlds with the strong bot's own playouts (``bots/judge.py``): the difference in
final points, never negative, with its standard error. Counted, never timed.
"""

from __future__ import annotations

from ..core import judge
from .protocol import GAME


class Analysis(judge.Analysis):
    def __init__(self, options: dict, log, players=None, reseeds=None):
        super().__init__(GAME, options, log, players, reseeds)

    @classmethod
    def of_state(cls, state: dict, **kw) -> Analysis:
        return cls(state["options"], state["log"], reseeds=state.get("reseeds"), **kw)
