"""Games to save, load and show in tests: shared by tests/saves/ and the browser tests."""

from __future__ import annotations

import random

from pyapp.park.game import is_over, legal_actions, new_game, play


def played(n: int, *, players=2, seed=7, variant="base", names=None) -> dict:
    """A game after ``n`` random legal actions (or over, whichever comes first)."""
    state = new_game(players=players, seed=seed, variant=variant, names=names)
    rng = random.Random(seed)
    for _ in range(n):
        if is_over(state):
            break
        play(state, rng.choice(legal_actions(state)))
    return state
