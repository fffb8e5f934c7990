"""The frame every game's screens are drawn in: the header (the game's title, New game, the entries
other features add: saved games, rules, language), the screen-reader announcement, the overlays
the features draw over the game's own body (``feature.Shell.view``), and focus aliases.

A game's ``render(table)`` builds its body and calls ``frame(table, body_fn, extra)``.
"""

from __future__ import annotations

from . import strings_learn
from .i18n import t
from .vdom import E, h

strings_learn.install()  # the log's and the position's words

MENU_PANEL_ID = "menu-more-panel"


def header(table) -> E:
    """The app's header: the game's title, New game, then ``table.menu``'s entries.

    Phones and small tablets (static/css/game.css, up to 52rem wide: a phone held sideways too;
    the whole French row needs about 48rem) keep it to one row whatever the language and the
    features add: New game stays in the row and every other entry sits behind a "More" button
    (a disclosure: ``aria-expanded``, ``aria-controls``) whose panel drops below the header,
    over the game, so it never pushes the game's decision down. Only New game and More fit one
    320 px row in every language beside the longest title ("Caldera Park" with "Nouvelle
    partie"), so no third entry is kept in the row: a row that depends on the language's words
    would hide an entry in one language and not the other, and the same entries stay in the
    same place on every screen. Wide screens show the panel's entries inline
    (``display: contents``) and hide More: the full row.

    The panel is open when ``table.menu_open`` (the controller's state; ``TableController.handle``
    opens and closes it): then a backdrop (a tap outside closes it) and ``data-overlay`` (the
    phone's Back closes it, static/js/game-dom.js, by pressing More, its ``data-overlay-close``).
    ``data-focus-else`` on the panel: a key inside it that cannot take the focus (the panel is
    closed on a phone) gives it to More instead (``CalderaDom.focusKey``)."""
    is_open = bool(getattr(table, "menu_open", False))
    items = []
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
    more = {
        "type": "button",
        "class": "menu-item menu-more",
        "data-action": "menu-more",
        "data-key": "menu-more",
        "aria-expanded": "true" if is_open else "false",
        "aria-controls": MENU_PANEL_ID,
    }
    nav = {"class": "app-menu", "aria-label": t("menu.label")}
    if is_open:
        more["data-overlay-close"] = "true"
        nav["data-overlay"] = "menu"
    panel = {
        "class": "menu-panel",
        "id": MENU_PANEL_ID,
        "data-key": MENU_PANEL_ID,
        "data-focus-else": "menu-more",
    }
    if is_open:
        panel["data-open"] = "true"
    new = {
        "type": "button",
        "class": "menu-item",
        "data-action": "menu-new",
        "data-key": "menu-new",
    }
    return h(
        "header",
        {"class": "app-header menu-open" if is_open else "app-header"},
        h("span", {"class": "app-name"}, table.game.title or t("app.title")),
        h(
            "nav",
            nav,
            h("button", new, t("menu.new")),
            h("button", more, t("menu.more")) if items else None,
            h("div", panel, items) if items else None,
        ),
        is_open
        and items
        and h(
            "div",
            {"class": "menu-backdrop", "data-action": "menu-close", "aria-hidden": "true"},
        ),
    )


def frame(table, game_body, extra: tuple = ()) -> tuple[list[E], list[E]]:
    """(children of the app root, the body drawn): the header, the live announcement, the body
    (the features' banners, then an overlay or the game's screen: ``feature.Shell.view``) and
    ``extra`` (sprites)."""
    body = table.shell.view(table, game_body)
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


def titled_screen(
    name: str,
    cls: str,
    title: str,
    *children,
    heading: str = "h1",
    overlay: bool = False,
    attrs: dict | None = None,
) -> E:
    """A screen named ``name``: a section (``data-screen``) labelled by its ``title`` heading,
    which takes the focus when the screen opens (``tabindex`` -1, ``data-key`` "NAME-title"),
    then ``children``. ``overlay``: the phone's Back closes it (static/js/game-dom.js);
    ``attrs``: more attributes of the section."""
    key = f"{name}-title"
    section = {"class": cls, "data-screen": name, "aria-labelledby": key}
    if overlay:
        section["data-overlay"] = name
    section.update(attrs or {})
    return h(
        "section",
        section,
        h(heading, {"id": key, "tabindex": "-1", "data-key": key}, title),
        *children,
    )


def handover_screen(
    name: str,
    recent: list[str],
    *,
    seat_class: str = "",
    swatch: E | None = None,
    ready: str = "handover.ready",
    extra: E | None = None,
) -> E:
    """The screen between two people's turns: pass the device to ``name``; ``recent``: the
    moves since that person last had it, oldest first. A game may add a class for the seat's
    colour (``seat_class``), a ``swatch`` before the name, its own wording of the Ready button
    (the key ``ready``) and an ``extra`` element between that button and the moves."""
    title = t("handover.title", name=name)
    return h(
        "section",
        {"class": f"screen-handover {seat_class}".strip(), "data-screen": "handover"},
        h(
            "h1",
            {"data-key": "handover-title", "tabindex": "-1"},
            [swatch, " ", title] if swatch is not None else title,
        ),
        h("p", None, t("handover.pass", name=name)),
        h(
            "button",
            {
                "type": "button",
                "class": "primary big",
                "data-action": "ready",
                "data-key": "handover-ready",
            },
            t(ready, name=name),
        ),
        extra,
        recent
        and h(
            "div",
            {"class": "recent"},
            h("h2", None, t("handover.recent")),
            h("ol", {"class": "log"}, [h("li", None, text) for text in recent]),
        ),
    )


def log_panel(lines: list[tuple[int | None, str]], cls: str, table=None) -> E:
    """The game's log: ``lines`` are (seat, text), newest first (numbered from the oldest), each
    in its seat's colour (``by-N``); a hint while there is none. With the ``table`` whose log
    it is, ``lines`` are its log's last entries and each is a button that shows the board as
    it was right after that move (``log-show``, its log index: ``features/learn.py``); the
    move a position shows (the table's ``mark_from``) is the current one."""
    total = len(table.state["log"]) if table is not None and table.state is not None else None
    current = getattr(table, "mark_from", None) if getattr(table, "watch_only", False) else None
    items = []
    for k, (p, text) in enumerate(lines):
        if total is None:
            items.append(h("li", {"class": f"by-{p}"}, text))
            continue
        i = total - 1 - k
        here = i == current
        button = {
            "type": "button",
            "class": "log-entry",
            "data-action": "log-show",
            "data-value": str(i),
            "data-key": f"log-{i}",
            "aria-label": t("log.show", n=i + 1, move=text),
            "aria-current": "step" if here else None,
        }
        li = {"class": f"by-{p}" + (" current" if here else "")}
        items.append(h("li", li, h("button", button, text)))
    return h(
        "div",
        {"class": cls},
        h("h3", None, t("log.title")),
        h(
            "ol",
            # scrollable: focusable so that keyboard users can scroll it (axe); the entries
            # are buttons of their own when the table is given
            {
                "class": "log" + (" log-buttons" if total is not None else ""),
                "reversed": True,
                "tabindex": "0" if total is None else None,
                "aria-label": t("log.title"),
            },
            items,
        )
        if lines
        else h("p", {"class": "hint"}, t("log.empty")),
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
