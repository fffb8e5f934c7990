"""Actions as small value types with a text form that round-trips: ``parse(str(a)) == a``.

Text forms (coordinates are axial ``q,r``):

* ``weather 2``            place weather display slot 2 on the next clockwise weather space
* ``weather 2 at 1,-3``    the first weather token of the base game, on a weather space of choice
* ``start 1 at 1,-3``      Geyser Park setup: starting token 1 on ring space 1,-3, token 0 on the
                           middle space
* ``start 1,-3``           the same on the first geyser side (games saved before issue 12): the
                           middle token was set, this places the second one
* ``reveal 4``             Geyser Park forecast: turn face-down slot 4 face up
* ``pick bear river``      marmot holder: an action token and a terrain-selection space
* ``place bear-bear at 2,-1``  place a token of one's display on a landscape space
"""

from __future__ import annotations

import re

from ..core.actions import action, check_text
from ..core.errors import MalformedActionError
from .components import ACTIONS, TERRAIN_SPACES, TOKEN_BY_NAME
from .parkcheck import _fmt as _at_text

__all__ = ["ChooseWeather", "StartWeather", "RevealWeather", "Pick", "Place", "Action", "parse"]


@action("weather")
class ChooseWeather:
    """Take slot ``slot`` of one's weather display; ``at`` only for the base game's first token."""

    slot: int
    at: tuple[int, int] | None = None

    def __str__(self) -> str:
        return f"weather {self.slot}" + (f" at {_at_text(self.at)}" if self.at else "")


@action("start")
class StartWeather:
    """Geyser Park setup: starting token ``token`` (0 or 1) goes on ring space ``at`` and the
    other one on the middle space. ``token`` is None on the first geyser side, where only the
    second token's ring space was chosen."""

    at: tuple[int, int]
    token: int | None = None

    def __str__(self) -> str:
        if self.token is None:
            return f"start {_at_text(self.at)}"
        return f"start {self.token} at {_at_text(self.at)}"


@action("reveal", "reveal {slot}")
class RevealWeather:
    """Geyser Park forecast: reveal the face-down token in slot ``slot``."""

    slot: int


@action("pick", "pick {action} {terrain}")
class Pick:
    """The marmot holder's choice: action token ``action`` onto terrain space ``terrain``."""

    action: str
    terrain: str


@action("place")
class Place:
    """Place the display token named ``token`` on the landscape space ``at``."""

    token: str
    at: tuple[int, int]

    def __str__(self) -> str:
        return f"place {self.token} at {_at_text(self.at)}"


Action = ChooseWeather | StartWeather | RevealWeather | Pick | Place

_AT = r"(-?\d{1,3}),(-?\d{1,3})"
_A = re.ASCII  # digits are 0-9 only: "١" is a digit to \d without it, and int() reads it
_PATTERNS = (
    (re.compile(rf"weather (\d) at {_AT}", _A), lambda m: ChooseWeather(int(m[1]), _pt(m, 2))),
    (re.compile(r"weather (\d)", _A), lambda m: ChooseWeather(int(m[1]))),
    (re.compile(rf"start (\d) at {_AT}", _A), lambda m: StartWeather(_pt(m, 2), int(m[1]))),
    (re.compile(rf"start {_AT}", _A), lambda m: StartWeather(_pt(m, 1))),
    (re.compile(r"reveal (\d)", _A), lambda m: RevealWeather(int(m[1]))),
    (re.compile(r"pick ([a-z]+) ([a-z]+)"), lambda m: _pick(m[1], m[2])),
    (re.compile(rf"place ([a-z+-]+) at {_AT}", _A), lambda m: _place(m[1], _pt(m, 2))),
)


def _pt(m, i: int) -> tuple[int, int]:
    return (int(m[i]), int(m[i + 1]))


def _pick(action: str, terrain: str) -> Pick:
    if action not in ACTIONS:
        raise MalformedActionError(f"unknown action token {action!r}")
    if terrain not in TERRAIN_SPACES:
        raise MalformedActionError(f"unknown terrain space {terrain!r}")
    return Pick(action, terrain)


def _place(token: str, at: tuple[int, int]) -> Place:
    if token not in TOKEN_BY_NAME:
        raise MalformedActionError(f"unknown animal token {token!r}")
    return Place(token, at)


def parse(text) -> Action:
    """Read an action from its text form; raises MalformedActionError saying what is wrong."""
    norm = " ".join(check_text(text).strip().lower().split())
    for pattern, build in _PATTERNS:
        m = pattern.fullmatch(norm)
        if m:
            return build(m)
    shown = text if len(text) <= 40 else text[:37] + "..."
    raise MalformedActionError(
        f"cannot read action {shown!r}: "
        "expected e.g. 'pick bear river' or 'place bear-bear at 2,-1'"
    )
