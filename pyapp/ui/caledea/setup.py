"""Caledea's new-game form, in pure Python: 2 to 4 seats (a name, a person or a computer player,
a kingdom or a random one), the epic board (two boards joined, 20 x 10) and an optional seed.

It builds the engine's options and never checks a rule itself beyond the form's own fields: the
engine's ``normalise_options`` has the last word (two seats on one kingdom, for instance), and
its refusal is shown on the form.
"""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import t
from ..table import HUMAN, preferred_bot

MAX_SEATS = 4
MIN_SEATS = 2
RANDOM = "random"


class SetupForm:
    def __init__(self, bot_names, kingdom_names):
        self.bot_names = list(bot_names)
        self.kingdom_names = list(kingdom_names)
        self.count = 2
        self.epic = False
        self.seed = ""
        self.names = [t("setup.default_name", n=i + 1) for i in range(MAX_SEATS)]
        self.kinds = [HUMAN] + [preferred_bot(self.bot_names)] * (MAX_SEATS - 1)
        self.kingdoms = [RANDOM] * MAX_SEATS
        self.error: str | None = None

    def counts(self) -> list[int]:
        return list(range(MIN_SEATS, MAX_SEATS + 1))

    def seat_kinds(self) -> list[str]:
        return [HUMAN, *self.bot_names]

    def kingdom_choices(self) -> list[str]:
        return [RANDOM, *self.kingdom_names]

    def options(self, seed_source: Callable[[], int]) -> tuple[dict, list[str]]:
        """(engine options, seat kinds); raises ValueError with a message to show."""
        names = [n.strip() for n in self.names[: self.count]]
        for i, n in enumerate(names):
            if not n:
                raise ValueError(t("setup.error.name_empty", n=i + 1))
            if len(n) > 40:
                raise ValueError(t("setup.error.name_long", n=i + 1))
        chosen = [k for k in self.kingdoms[: self.count] if k != RANDOM]
        for k in chosen:
            if chosen.count(k) > 1:
                raise ValueError(t("cal.setup.error.same_kingdom", kingdom=k))
        text = self.seed.strip()
        if not text:
            seed = seed_source()
        elif text.isdigit() and len(text) <= 18:
            seed = int(text)
        elif len(text) <= 64:
            seed = text
        else:
            raise ValueError(t("setup.error.seed"))
        options = {
            "players": self.count,
            "seed": seed,
            "names": names,
            "kingdoms": [None if k == RANDOM else k for k in self.kingdoms[: self.count]],
            "epic": self.epic,
        }
        return options, list(self.kinds[: self.count])

    def fill_from(self, options: dict, seats: list[str]) -> None:
        """The form as a game started (a rematch, the next new game): names, seats, kingdoms
        as chosen then (a random one stays random), the board."""
        n = options.get("players")
        names = list(options.get("names") or self.names[: n if isinstance(n, int) else 0])
        if not MIN_SEATS <= len(names) <= MAX_SEATS or len(seats) != len(names):
            return
        self.count = len(names)
        self.epic = bool(options.get("epic", False))
        chosen = options.get("chosen", options.get("kingdoms")) or [None] * len(names)
        for i, (n, k) in enumerate(zip(names, seats, strict=True)):
            self.names[i] = str(n)
            self.kinds[i] = k if (k == HUMAN or k in self.bot_names) else HUMAN
            pick = chosen[i] if i < len(chosen) else None
            self.kingdoms[i] = pick if pick in self.kingdom_names else RANDOM
