"""Error types shared by every game: each says why, so the interface can show it as it is."""


class GameError(Exception):
    """Base of every error an engine raises on purpose."""


class MalformedActionError(GameError, ValueError):
    """The text of an action cannot be read (unknown verb, bad coordinates, unknown piece)."""


class IllegalActionError(GameError):
    """The action is well formed but the rules do not allow it now; the state is unchanged."""


class LoadError(GameError, ValueError):
    """A saved state, game record or position is damaged, foreign or from a newer version."""


class OptionsLoadError(LoadError):
    """A game record whose options (not its moves) the rules refuse."""


class OptionsError(GameError, ValueError):
    """The options of a new game are not valid (player count, variant, seed, names...)."""
