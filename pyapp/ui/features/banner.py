"""The message banner: one message at a time above the table (``role="alert"``), with the
buttons its poster offers and "Close this message". Other features post to it (the saved games:
failures, conflicts with another tab, an import's outcome); nothing of the message is rendered
as anything but text.

A note of something done (a game file saved, a game deleted or imported: ``NOTES``) belongs to
the game it was shown over: it goes when another game comes to the table (a new game, a resume,
another game of the box), so an old note never comes back over a later game. Failures and
choices stay until closed."""

from __future__ import annotations

from ..feature import Feature
from ..i18n import t
from ..vdom import E, h

NOTES = frozenset(
    {
        "saves.exported",
        "saves.deleted",
        "saves.imported",
        "saves.imported_game",
        "saves.conflict.copied",
    }
)


def _game_of(table) -> tuple:
    """Which game is on the table: its game and its start (``generation``)."""
    return (getattr(table.game, "id", None), getattr(table, "generation", None))


class Banner(Feature):
    name = "banner"

    def __init__(self):
        self.message: tuple[str, dict] | None = None  # (message key, its parameters)
        # (data-action, label key, data-key) of its buttons
        self.actions: list[tuple[str, str, str]] = []
        self.shown_over: tuple | None = None  # the game the message was first shown over

    @property
    def key(self) -> str | None:
        return self.message[0] if self.message is not None else None

    def post(self, key: str, actions=(), **params) -> None:
        """Show the message ``key`` (with ``params``) and buttons ``(action, label key,
        data-key)``."""
        self.message = (key, params)
        self.actions = list(actions)
        self.shown_over = None

    def clear(self) -> None:
        self.message = None
        self.actions = []
        self.shown_over = None

    def _check_game(self, table) -> None:
        """A note goes once another game than the one it was shown over is on the table."""
        if self.message is None:
            return
        now = _game_of(table)
        if self.shown_over is None:
            self.shown_over = now
        elif self.shown_over != now and self.message[0] in NOTES:
            self.clear()

    def after_change(self, table) -> None:
        self._check_game(table)

    def switched(self, table) -> None:
        self._check_game(table)

    def handle(self, action: str, data: dict, table) -> bool | None:
        if action == "banner-close":
            self.clear()
            return True
        return None

    def banner(self, table) -> E | None:
        self._check_game(table)
        if self.message is None:
            return None
        key, params = self.message
        buttons = [
            h("button", {"type": "button", "data-action": action, "data-key": data_key}, t(label))
            for action, label, data_key in self.actions
        ]
        buttons.append(
            h(
                "button",
                {"type": "button", "data-action": "banner-close", "data-key": "banner-close"},
                t("saves.dismiss"),
            )
        )
        return h(
            "div",
            {"class": "banner", "role": "alert", "data-key": "banner", "data-message": key},
            h("p", {"class": "banner-text"}, t(key, **params)),
            h("div", {"class": "banner-actions"}, buttons),
        )
