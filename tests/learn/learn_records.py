"""Seeded records of every game of the box for the replay and analysis tests."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pyapp import games
from pyapp.cli import _bots_for, play_game

ROOT_DIR = str(Path(__file__).resolve().parents[2])  # where ``python -m pyapp`` runs

# (game id, options, bot names): several records of each game and of each park variant
RECORDS = [
    ("park", {"players": 2, "seed": 3, "variant": "base"}, ["greedy", "random"]),
    ("park", {"players": 4, "seed": 8, "variant": "base"}, ["random"]),
    ("park", {"players": 1, "seed": 5, "variant": "solo"}, ["greedy"]),
    ("park", {"players": 1, "seed": 6, "variant": "solo"}, ["random"]),
    ("park", {"players": 2, "seed": 7, "variant": "geyser"}, ["random", "greedy"]),
    ("park", {"players": 3, "seed": 9, "variant": "geyser"}, ["random"]),
    ("pyramids", {"players": 2, "seed": 1}, ["greedy", "random"]),
    ("pyramids", {"players": 2, "seed": 2}, ["random"]),
    ("caledea", {"players": 2, "seed": 1}, ["greedy", "random"]),
    ("caledea", {"players": 4, "seed": 2}, ["random"]),
]


@cache
def _final(i: int) -> str:
    game_id, options, bots = RECORDS[i]
    game = games.get(game_id)
    state = play_game(dict(options), _bots_for(bots, options["players"], i, game), game)
    return game.to_json(state)


def final_state(i: int) -> tuple[object, dict]:
    """(game, a fresh copy of the final state) of record ``i``."""
    import json

    return games.get(RECORDS[i][0]), json.loads(_final(i))


def record_id(i: int) -> str:
    game_id, options, _ = RECORDS[i]
    return f"{game_id}-{options.get('variant', '')}{options['players']}p-s{options['seed']}"
