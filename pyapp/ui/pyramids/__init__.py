"""Caldera's screens (Looney Pyramids, code name ``pyramids``) in the box. The shell uses only
``make_table`` and ``render``: ``make_table(reduced_motion=..., seed_source=...)`` gives the
game's ``TableController`` and ``render(table)`` its drawing (children of the app root, data-key
to focus); arrow keys move between the squares that can be chosen (``ARROW_ACTION``,
``arrow_key``)."""

from __future__ import annotations

SIZE = 5


def make_table(reduced_motion: bool = False, seed_source=None, shell=None):
    from .controller import Controller

    return Controller(reduced_motion=reduced_motion, seed_source=seed_source, shell=shell)


def render(table):
    from .screens import render

    return render(table)


ARROW_ACTION = "sq"
STEPS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}


def arrow_key(here, ats: list[str], key: str) -> str | None:
    """The data-key of the square an arrow ``key`` moves to from square ``here`` among the
    squares that can be chosen ``ats`` (square numbers as text): the nearest one in that
    direction (straight ahead first), or None."""
    step = STEPS.get(key)
    try:
        r0, c0 = divmod(int(here), SIZE)
        squares = [int(a) for a in ats]
    except (TypeError, ValueError):
        return None
    if step is None:
        return None
    dr, dc = step
    best = None
    for sq in squares:
        r, c = divmod(sq, SIZE)
        ahead = (r - r0) * dr + (c - c0) * dc  # distance along the arrow
        side = abs((r - r0) * dc) + abs((c - c0) * dr)  # distance across it
        if ahead <= 0:
            continue
        score = (side > ahead, ahead + 2 * side, side)
        if best is None or score < best[0]:
            best = (score, sq)
    return None if best is None else f"sq-{best[1]}"


def show_hint(table, action, plan=None) -> str | None:
    """The hint's whole turn on the board, playable at once (``hints.py``); its words."""
    from .hints import show_hint as show

    return show(table, action, plan)


# what the shell's features ask of a game's screens (``pyapp/ui/game_screens.py``)
ANALYSIS = "pyapp.ui.pyramids.analysis"
