"""Caledea's new-game form, in pure Python: the shared seats (``pyapp/ui/seats.py``: 2 to 4,
each a name and a person or a computer player, and an optional seed) plus each seat's kingdom
(chosen or random) and the epic board (two boards joined, 20 x 10).

It builds the engine's options and never checks a rule itself beyond the form's own fields: the
engine's ``normalise_options`` has the last word (two seats on one kingdom, for instance), and
its refusal is shown on the form.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..i18n import t
from ..seats import SeatForm

MAX_SEATS = 4
MIN_SEATS = 2
RANDOM = "random"


class SetupForm(SeatForm):
    def __init__(self, bot_names, kingdom_names):
        super().__init__(bot_names, MIN_SEATS, MAX_SEATS)
        self.kingdom_names = list(kingdom_names)
        self.epic = False
        self.kingdoms = [RANDOM] * MAX_SEATS

    def kingdom_choices(self) -> list[str]:
        return [RANDOM, *self.kingdom_names]

    def extra_options(self) -> dict:
        chosen = [k for k in self.kingdoms[: self.count] if k != RANDOM]
        for k in chosen:
            if chosen.count(k) > 1:
                raise ValueError(t("cal.setup.error.same_kingdom", kingdom=k))
        return {
            "kingdoms": [None if k == RANDOM else k for k in self.kingdoms[: self.count]],
            "epic": self.epic,
        }

    def options(self, seed_source: Callable[[], int]) -> tuple[dict, list[str]]:
        """(engine options, seat kinds), seats left to chance given their kingdom; raises
        ValueError with a message to show."""
        options, seats = super().options(seed_source)
        return self.resolve_random(options), seats

    def resolve_random(self, options: dict) -> dict:
        """Seats left to chance get a kingdom drawn from those nobody chose, from the seed (so
        the game is still its options and log); all left to chance: the engine draws."""
        kingdoms = options["kingdoms"]
        if all(k is None for k in kingdoms):
            return {**options, "kingdoms": None}
        rng = random.Random(f"{options['seed']}/kingdoms")
        free = [k for k in self.kingdom_names if k not in kingdoms]
        rng.shuffle(free)
        return {**options, "kingdoms": [k if k is not None else free.pop() for k in kingdoms]}

    def fill_from(self, options: dict, seats: list[str]) -> None:
        """The form as a game started (a rematch, the next new game): names, seats, kingdoms
        as chosen then (a random one stays random), the board."""
        n = options.get("players")
        names = list(options.get("names") or self.names[: n if isinstance(n, int) else 0])
        if not MIN_SEATS <= len(names) <= MAX_SEATS or len(seats) != len(names):
            return
        self.fill_seats([str(name) for name in names], list(seats))
        self.epic = bool(options.get("epic", False))
        chosen = options.get("chosen", options.get("kingdoms")) or [None] * len(names)
        for i in range(len(names)):
            pick = chosen[i] if i < len(chosen) else None
            self.kingdoms[i] = pick if pick in self.kingdom_names else RANDOM
