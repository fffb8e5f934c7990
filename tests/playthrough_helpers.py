"""What the playthrough makers of the three games share (``make_playthroughs.py``,
``make_pyramids_playthroughs.py``, ``make_caledea_playthroughs.py``): playing a seeded game to
its end while counting the legal actions at every decision.

A plain module (not a conftest): a maker imports it with ``sys.path`` pointing at this folder,
``tests/``."""

from __future__ import annotations


def play_counting(game, options: dict, bots: list) -> tuple[dict, list[int]]:
    """A new game of ``options`` played to its end through the protocol object ``game`` by
    ``bots`` (one per seat, each with ``choose(observation)``): the final state and the number
    of legal actions at every decision."""
    state = game.new_game(options)
    counts = []
    while not game.is_over(state):
        p = game.to_move(state)
        counts.append(len(game.legal_actions(state)))
        game.play(state, bots[p].choose(game.observation(state, p)))
    return state, counts
