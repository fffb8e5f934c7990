"""Error types of the engine: each says why, so the interface can show it as it is."""


class CalderaError(Exception):
    """Base of every error the engine raises on purpose."""


class MalformedActionError(CalderaError, ValueError):
    """The text of an action cannot be read (unknown verb, bad coordinates, unknown token)."""


class IllegalActionError(CalderaError):
    """The action is well formed but the rules do not allow it now; the state is unchanged."""


class LoadError(CalderaError, ValueError):
    """A saved state, game record or position is damaged, foreign or from a newer version."""
