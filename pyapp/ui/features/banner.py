"""The message banner: one message at a time above the table (``role="alert"``), with the
buttons its poster offers and "Close this message". Other features post to it (the saved games:
failures, conflicts with another tab, an import's outcome); nothing of the message is rendered
as anything but text."""

from __future__ import annotations

from ..feature import Feature
from ..i18n import t
from ..vdom import E, h


class Banner(Feature):
    name = "banner"

    def __init__(self):
        self.message: tuple[str, dict] | None = None  # (message key, its parameters)
        # (data-action, label key, data-key) of its buttons
        self.actions: list[tuple[str, str, str]] = []

    @property
    def key(self) -> str | None:
        return self.message[0] if self.message is not None else None

    def post(self, key: str, actions=(), **params) -> None:
        """Show the message ``key`` (with ``params``) and buttons ``(action, label key,
        data-key)``."""
        self.message = (key, params)
        self.actions = list(actions)

    def clear(self) -> None:
        self.message = None
        self.actions = []

    def handle(self, action: str, data: dict, table) -> bool | None:
        if action == "banner-close":
            self.clear()
            return True
        return None

    def banner(self, table) -> E | None:
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
