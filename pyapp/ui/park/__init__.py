"""Caldera Park's screens in the box. The shell uses only ``make_table`` and ``render``:
``make_table(reduced_motion=..., seed_source=..., shell=...)`` gives the game's
``TableController`` (asking the shell's features) and ``render(table)`` its drawing (children of
the app root, data-key to focus); arrow keys move between the park spaces (``ARROW_ACTION``,
``arrow_key``). The game has an analysis (``ANALYSIS``: the module of its ``AnalysisScreen``)
and features of its own (``features.py``: the guided first game)."""

from __future__ import annotations


def make_table(reduced_motion: bool = False, seed_source=None, shell=None):
    from .controller import Controller

    return Controller(reduced_motion=reduced_motion, seed_source=seed_source, shell=shell)


def render(table):
    from .screens import render

    return render(table)


def describe_choice(state: dict, text: str) -> str:
    """An action in words for a hint or the analysis ("bear on the forest (row 2, space 4)")."""
    from .analysis import describe_choice as describe

    return describe(state, text)


def show_hint(table, action) -> None:
    """Select the hinted move on the table (``hints.py``): Confirm would play it."""
    from .hints import show_hint as show

    show(table, action)


ARROW_ACTION = "space"
ANALYSIS = "pyapp.ui.park.analysis"


def arrow_key(here: str, ats: list[str], key: str) -> str | None:
    """The data-key of the park space an arrow ``key`` moves to from space ``here`` among the
    choosable spaces ``ats`` (axial ``q,r`` texts), or None."""
    from .art import step_towards
    from .controller import parse_at

    start = parse_at(here)
    spaces = [a for a in map(parse_at, ats) if a is not None]
    target = step_towards(spaces, start, key) if start else None
    return None if target is None else f"sp-{target[0]},{target[1]}"
