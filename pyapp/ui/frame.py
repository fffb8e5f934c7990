"""The frame every game's screens are drawn in: the header (the game's title, New game, the entries
other features add: saved games, rules, language), the screen-reader announcement, the overlays
of ``wrap_view`` around the game's own body, and focus aliases.

A game's ``render(table)`` builds its body and calls ``frame(table, body_fn, extra)``.
"""

from __future__ import annotations

from .i18n import t
from .vdom import E, h


def header(table) -> E:
    items = [
        h(
            "button",
            {
                "type": "button",
                "class": "menu-item",
                "data-action": "menu-new",
                "data-key": "menu-new",
            },
            t("menu.new"),
        )
    ]
    # slots filled by other features (rules, saves, language): (action, label key), plus
    # optionally the key of the label's language when it is not the page's (a language's name)
    for key, label_key, *label_lang in table.menu:
        attrs = {
            "type": "button",
            "class": "menu-item",
            "data-action": key,
            "data-key": f"menu-{key}",
        }
        if label_lang:
            attrs["lang"] = t(label_lang[0])
        items.append(h("button", attrs, t(label_key)))
    return h(
        "header",
        {"class": "app-header"},
        h("span", {"class": "app-name"}, table.game.title or t("app.title")),
        h("nav", {"class": "app-menu", "aria-label": t("menu.label")}, items),
    )


def frame(table, game_body, extra: tuple = ()) -> tuple[list[E], list[E]]:
    """(children of the app root, the body drawn): the header, the live announcement, the body
    (through ``table.wrap_view`` when a feature wraps it) and ``extra`` (sprites)."""
    body = table.wrap_view(game_body) if table.wrap_view is not None else [game_body()]
    nodes = [
        header(table),
        h(
            "div",
            {"class": "sr-only", "aria-live": "polite", "role": "status", "data-key": "announce"},
            table.announcement,
        ),
        *body,
        *extra,
    ]
    return nodes, body


def first_key(body, prefix: str) -> str | None:
    """The data-key of the first enabled element of ``body`` acting on input whose key starts
    with ``prefix`` (focus aliases such as "token-first")."""
    elements = (x for b in (body if isinstance(body, list) else [body]) for x in b.iter())
    for e in elements:
        key = e.attrs.get("data-key", "")
        if (
            key.startswith(prefix)
            and e.attrs.get("data-action")
            and (e.attrs.get("aria-disabled") != "true")
        ):
            return key
    return None


def handover_screen(name: str, recent: list[str]) -> E:
    """The screen between two people's turns: pass the device to ``name``; ``recent``: the
    moves since that person last had it, oldest first."""
    return h(
        "section",
        {"class": "screen-handover", "data-screen": "handover"},
        h("h1", {"data-key": "handover-title", "tabindex": "-1"}, t("handover.title", name=name)),
        h("p", None, t("handover.pass", name=name)),
        h(
            "button",
            {
                "type": "button",
                "class": "primary big",
                "data-action": "ready",
                "data-key": "handover-ready",
            },
            t("handover.ready", name=name),
        ),
        recent
        and h(
            "div",
            {"class": "recent"},
            h("h2", None, t("handover.recent")),
            h("ol", {"class": "log"}, [h("li", None, text) for text in recent]),
        ),
    )


def speed_button(table) -> E | None:
    """ "Faster bots", when a bot has a seat."""
    if all(k == "human" for k in table.seats):
        return None
    return h(
        "button",
        {
            "type": "button",
            "class": "secondary small speed",
            "data-action": "speed",
            "data-key": "speed",
            "aria-pressed": "true" if table.fast else "false",
        },
        t("status.fast"),
    )


def messages(table) -> list[E]:
    """The refused move and the hint of the moment, as alerts."""
    out = []
    if table.error:
        out.append(h("p", {"class": "error", "role": "alert"}, table.error))
    if table.notice:
        out.append(h("p", {"class": "notice", "role": "alert"}, table.notice))
    return out


def screen_of(table, setup, handover, end, play):
    """The body function for ``frame``: the game's drawing of the screen the table is on (each
    argument draws one screen from the table)."""

    def body() -> E:
        if table.screen == "setup" or table.state is None:
            return setup(table)
        if table.screen == "handover":
            return handover(table)
        if table.screen == "end":
            return end(table)
        return play(table)

    return body
