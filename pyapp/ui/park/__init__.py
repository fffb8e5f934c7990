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


def show_hint(table, action, plan=None) -> str | None:
    """Select the whole hinted decision on the table (``hints.py``): Confirm plays it."""
    from .hints import show_hint as show

    return show(table, action, plan)


ARROW_ACTION = "space"
# what the shell's features ask of a game's screens (``pyapp/ui/game_screens.py``)
ANALYSIS = "pyapp.ui.park.analysis"
SOLO_VARIANT = "solo"  # the solo challenge: its scores charted and rated


def score_categories(game, state: dict, player: int) -> dict:
    """The points of each of the 13 scoring categories of ``player`` in a finished game."""
    return game.summary(state)["players"][player]["categories"]


def solo_rating(score) -> str | None:
    """The solo challenge's rating of a score (the rules' table)."""
    from pyapp.park.components import solo_rating as rating

    return rating(score) if isinstance(score, int) else None


def daily_date(options: dict) -> str | None:
    """The date of the daily park a game's options are, or None."""
    from .daily import daily_date as date

    return date(options)


def daily_options(date: str, name: str) -> dict:
    """The options of the daily park of ``date`` played by ``name``."""
    from .daily import daily_options as options

    return options(date, name)


def daily_share(table, streak: int, counted: bool) -> str:
    """The result of a finished daily park, to share (no seed, no deal)."""
    from .daily import share_text

    sheet = table.result["players"][0]
    return share_text(
        daily_date(table.state["options"]),
        sheet["total"],
        table.result.get("solo_rating"),
        sheet["categories"],
        streak,
        counted,
    )


def variant_label(variant: str) -> str:
    from ..i18n import t

    return t(f"variant.{variant}")


def arrow_key(here: str, ats: list[str], key: str) -> str | None:
    """The data-key of the park space an arrow ``key`` moves to from space ``here`` among the
    choosable spaces ``ats`` (axial ``q,r`` texts), or None."""
    from .art import step_towards
    from .controller import parse_at

    start = parse_at(here)
    spaces = [a for a in map(parse_at, ats) if a is not None]
    target = step_towards(spaces, start, key) if start else None
    return None if target is None else f"sp-{target[0]},{target[1]}"
