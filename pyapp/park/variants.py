"""Variants are configuration: which park, how many players, and which weather rule.

The engine reads these fields at the few points where the variants differ (hooks in game.py):

* ``weather_rule="base"``: the first weather token goes on any weather space, each forecast takes
  any token of the display (face-down ones by position).
* ``weather_rule="geyser"`` (Storm warning in Geyser Park): two leftover tokens are drawn face up;
  the player chooses which goes on the middle space and on which ring space the other goes (on
  the first geyser side, park version 1, the first drawn went to the middle by itself); each
  forecast first reveals a face-down token, then places one of the two face-up tokens.
* One player always plays with the solo action stack (the solo challenge's rule).
* ``rated``: the rule book's solo table judges this variant (the solo challenge only: a
  one-player game of Geyser Park gets no rating).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Variant:
    name: str
    park: str
    min_players: int
    max_players: int
    weather_rule: str  # "base" or "geyser"
    rated: bool = False  # judged by the solo table


VARIANTS = {
    "base": Variant("base", "river", 2, 4, "base"),
    "solo": Variant("solo", "river", 1, 1, "base", rated=True),
    "geyser": Variant("geyser", "geyser", 1, 4, "geyser"),
}
