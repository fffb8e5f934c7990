"""Checks of the options every game shares: the seed and the players' names.

One seed rule for every game and every way in (options, saved games, the new-game form, the
command line): ``check_seed``. A seed typed as text (the form's field, ``--seed``) becomes a
seed by ``seed_from_text``, the same way everywhere.
"""

from __future__ import annotations

from .errors import OptionsError

SEED_TEXT_MAX = 64  # characters of a text seed
SEED_DIGITS = 18  # a typed seed of 1 to 18 digits is a number (always below 2**63)
SEED_RULE = (
    f"the seed is a whole number from 0 to 2**63-1 or a text of 1 to {SEED_TEXT_MAX} characters"
)


def check_seed(seed) -> None:
    """A seed is a whole number from 0 to 2**63-1 or a text of 1 to 64 characters (that UTF-8
    can write: the generator reads a text seed's bytes); ``OptionsError`` otherwise."""
    if type(seed) is int and 0 <= seed < 2**63:
        return
    if isinstance(seed, str) and 0 < len(seed) <= SEED_TEXT_MAX and _utf8(seed):
        return
    raise OptionsError(SEED_RULE)


def seed_from_text(text: str):
    """The seed a person typed (the new-game form, ``--seed``), spaces around it dropped: 1 to
    18 digits are that number, anything else is the text itself; ``OptionsError`` (``SEED_RULE``)
    when that is no seed (nothing typed, a text over 64 characters)."""
    if not isinstance(text, str):
        raise OptionsError(SEED_RULE)
    text = text.strip()
    seed = int(text) if text.isdecimal() and len(text) <= SEED_DIGITS else text
    check_seed(seed)
    return seed


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (from a damaged file or a bad argument)
        return False
    return True


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
