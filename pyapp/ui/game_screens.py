"""What the shell's features may ask of a game's screens package (``pyapp/ui/<game id>/``) beyond
``make_table`` and ``render``, each optional, found by its name (a feature never names a game):

* ``ANALYSIS``: the module of the game's part of the analysis board (``analysis_board.py``:
  how a move played and a suggestion are drawn; ``learn``);
* ``show_hint(table, action, plan)``: the judge's whole decision selected on the table, ready
  for Confirm, and its words; ``describe_choice(state, text)``: an action in words (``learn``);
* ``score_categories(game, state, player)``: the points of each scoring category of a player
  of a finished game (the statistics' averages per category);
* ``SOLO_VARIANT`` and ``solo_rating(score)``: the variant of the game's solo challenge (its
  scores charted) and the rating of a score;
* ``daily_date(options)``, ``daily_options(date, name)`` and ``daily_share(table, streak,
  counted)``: a daily deal (the game of the day, its result to share);
* ``variant_label(variant)``: a variant's name in the interface's language.
"""

from __future__ import annotations

import importlib

from pyapp import games


def screens(game_id: str):
    """A game's screens package."""
    return importlib.import_module(f"pyapp.ui.{game_id}")


def extra(game_id: str, name: str):
    """What the screens package of ``game_id`` offers as ``name``, or None."""
    try:
        return getattr(screens(game_id), name, None)
    except ImportError:  # a game without screens in this copy
        return None


def daily_game() -> str | None:
    """The first game of the registry with a daily deal, if any."""
    return next(
        (e.id for e in games.ENTRIES if e.ready and extra(e.id, "daily_options") is not None), None
    )


def daily_date(game_id: str, options: dict) -> str | None:
    """The date of the daily deal a game's options are, or None."""
    fn = extra(game_id, "daily_date")
    return fn(options) if fn is not None else None
