"""Checks of the options every game shares: the seed and the players' names."""

from __future__ import annotations

from .errors import OptionsError


def check_seed(seed) -> None:
    """A seed is a whole number from 0 to 2**63-1 or a text of 1 to 64 characters."""
    if not (type(seed) is int and 0 <= seed < 2**63) and not (
        isinstance(seed, str) and 0 < len(seed) <= 64
    ):
        raise OptionsError("the seed is a whole number from 0 to 2**63-1 or a short text")


def check_names(names, players: int) -> list[str]:
    """The players' names, stripped (default ``Player 1``...): one per seat, 1-40 characters."""
    if names is None:
        names = [f"Player {i + 1}" for i in range(players)]
    if (
        not isinstance(names, list | tuple)
        or len(names) != players
        or not all(isinstance(n, str) and 0 < len(n.strip()) <= 40 for n in names)
    ):
        raise OptionsError(f"give {players} player names of 1 to 40 characters")
    return [n.strip() for n in names]
