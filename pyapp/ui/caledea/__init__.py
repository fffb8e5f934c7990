"""Caledea's screens in the box. The shell uses only ``make_table`` and ``render``:
``make_table(reduced_motion=..., seed_source=...)`` gives the game's ``TableController`` and
``render(table)`` its drawing (children of the app root, data-key to focus); arrow keys move
between the board squares that can be chosen (``ARROW_ACTION``, ``arrow_key``)."""

from __future__ import annotations


def make_table(reduced_motion: bool = False, seed_source=None, shell=None):
    from .controller import Controller

    return Controller(reduced_motion=reduced_motion, seed_source=seed_source, shell=shell)


def render(table):
    from .screens import render

    return render(table)


ARROW_ACTION = "square"

_STEP = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}


def arrow_key(here: str, ats: list[str], key: str) -> str | None:
    """The data-key of the choosable square an arrow ``key`` moves to from square ``here``
    among ``ats`` (``x,y`` texts): the nearest in that direction, or None."""
    from .controller import parse_at

    start = parse_at(here)
    step = _STEP.get(key)
    if start is None or step is None:
        return None
    best = None
    for text in ats:
        at = parse_at(text)
        if at is None or at == start:
            continue
        dx, dy = at[0] - start[0], at[1] - start[1]
        ahead = dx * step[0] + dy * step[1]
        if ahead <= 0:
            continue
        side = abs(dx * step[1]) + abs(dy * step[0])
        score = (ahead + 2 * side, side)
        if best is None or score < best[0]:
            best = (score, at)
    return None if best is None else f"sq-{best[1][0]},{best[1][1]}"


def show_hint(table, action, plan=None) -> str | None:
    """The hinted decision selected on the table, ready for Confirm (``hints.py``); its words."""
    from .hints import show_hint as show

    return show(table, action, plan)


# what the shell's features ask of a game's screens (``pyapp/ui/game_screens.py``)
ANALYSIS = "pyapp.ui.caledea.analysis"
