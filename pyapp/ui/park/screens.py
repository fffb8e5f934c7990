"""The screens as functions of the controller's state: ``render(ctrl)`` returns the element
descriptions of ``<main id="app">`` and the data-key to focus (pure Python, no DOM).

Interactive elements carry ``data-action`` (what ``Controller.handle`` receives) and their
``data-*`` arguments; one delegated listener on the app root reads them. Every visible or
accessible string comes from ``t``; player names are only ever text.
"""

from __future__ import annotations

from functools import cache

from pyapp.park.components import (
    ACTIONS,
    SPECIES,
    SUN,
    TERRAIN_SPACES,
    TOKEN_BY_NAME,
    TOKENS,
    WEATHER,
    WEATHER_BY_NAME,
)
from pyapp.park.game import ROUNDS, TURNS, score_player
from pyapp.park.park import load_park
from pyapp.park.scoring import (
    CATEGORIES,
    driven_away_near,
    faces_of,
    families,
    flipped_spaces,
    placement_previews,
)
from pyapp.park.variants import VARIANTS

from ..frame import first_key, frame, messages, screen_of, speed_button, titled_screen
from ..frame import handover_screen as shared_handover
from ..frame import log_panel as shared_log
from ..i18n import language, t
from ..seats import count_fieldset, form_error, seat_list, seed_field, setup_buttons
from ..vdom import E, frozen, h
from . import art, daily, guide
from . import explain as explaining
from .controller import Controller
from .viewmodel import (
    WEATHER_SHOWN,
    action_token_name,
    feature_name,
    log_lines,
    pick_choices,
    place_choices,
    plural,
    space_name,
    space_position,
    terrain_space_name,
    token_label,
    weather_choices,
    weather_label,
    weather_name,
)

LOG_LINES = 14


def letters() -> dict[str, str]:
    return {s: t(f"species.{s}.letter") for s in SPECIES}


# --------------------------------------------------------------------------- frame


def render(ctrl: Controller) -> tuple[list[E], str | None]:
    """(children of the app root, data-key to focus or None)."""

    body_fn = screen_of(ctrl, setup_screen, handover_screen, end_screen, table_screen)
    nodes, body = frame(ctrl, body_fn, (art.sprite(),))
    focus = resolve_focus(ctrl, ctrl.focus, body)
    return nodes, focus


def resolve_focus(ctrl: Controller, alias: str | None, body) -> str | None:
    """Turn focus aliases ("token-first", ...) into the data-key of a drawn element."""
    if alias is None:
        return None
    prefixes = {
        "token-first": "token-",
        "space-first": "sp-",
        "slot-first": "slot-",
        "start-first": "start-",
        "action-first": "action-",
        "terrain-first": "terrain-",
    }
    if alias in prefixes:
        return first_key(body, prefixes[alias])
    return alias


# --------------------------------------------------------------------------- setup


def park_preview(variant: str) -> E:
    """The park of a variant, empty, drawn as the table draws it (the same spaces, colours and
    symbols: ``art``), so that the form shows the park the game is played on (issue 23).
    Computed once per variant and language (a frozen drawing)."""
    return _park_preview(variant, language())


@cache
def _park_preview(variant: str, lang: str) -> E:
    park_name = VARIANTS[variant].park
    park = load_park(park_name)
    view_box, centres, polys = art.park_geometry(park)
    spaces = []
    for i, s in enumerate(park.spaces):
        x, y = centres[i]
        cls = ["space", s.kind]
        if s.kind == "landscape":
            cls.append(s.terrain)
            if s.river:
                cls.append("river")
        parts = [h("polygon", {"class": "hex", "points": polys[i]})]
        icon = s.terrain if s.kind == "landscape" else s.kind
        parts.append(art.use(f"i-{icon}", x, y - 3.0, 11.0, f"ic ic-{icon}"))
        if s.river:
            parts.append(art.use("i-river", x, y + 1.5, 17.0, "ic ic-river"))
        if s.waterfall:
            parts.append(art.use("i-waterfall", x + 4.0, y + 3.0, 9.0, "ic ic-waterfall"))
        spaces.append(
            h(
                "g",
                {
                    "class": " ".join(cls),
                    "data-q": str(s.at[0]),
                    "data-r": str(s.at[1]),
                    "data-kind": s.kind,
                },
                parts,
            )
        )
    return frozen(
        h(
            "svg",
            {
                "class": "park preview",
                "viewBox": view_box,
                "role": "img",
                "aria-label": t("setup.preview", park=t(f"park.name.{park_name}")),
            },
            spaces,
        )
    )


# "Show families" as a picture (three hexagons of one family), for where the park's column is
# too narrow for its words beside the park tabs (the guided game on a phone held sideways); the
# words stay the button's name (table.css)
FAMILIES_ICON = frozen(
    h(
        "svg",
        {"class": "fam-icon", "viewBox": "0 0 24 24", "aria-hidden": "true", "focusable": "false"},
        [
            h("polygon", {"points": points})
            for points in (
                "12,10.5 8,12.8 4,10.5 4,5.9 8,3.6 12,5.9",
                "20,10.5 16,12.8 12,10.5 12,5.9 16,3.6 20,5.9",
                "16,17.4 12,19.7 8,17.4 8,12.8 12,10.5 16,12.8",
            )
        ],
    )
)


def setup_screen(ctrl: Controller) -> E:
    f = ctrl.form
    variants = []
    for v in VARIANTS:
        variants.append(
            h(
                "label",
                {"class": "choice"},
                h(
                    "input",
                    {
                        "type": "radio",
                        "name": "variant",
                        "value": v,
                        "data-action": "variant",
                        "data-key": f"variant-{v}",
                        "checked": f.variant == v,
                    },
                ),
                h(
                    "span",
                    {"class": "choice-text"},
                    h("strong", None, t(f"variant.{v}")),
                    h("small", None, t(f"variant.{v}.help")),
                ),
            )
        )
    return titled_screen(
        "setup",
        "screen-setup park-setup",
        t("setup.title"),
        guide.offer(ctrl),
        daily.entry(ctrl),
        guide.start_button(ctrl),
        h("fieldset", {"class": "variants"}, h("legend", None, t("setup.variant")), variants),
        count_fieldset(f),
        seat_list(f),
        seed_field(f),
        f.count > 1
        and h(
            "label",
            {"class": "choice hide-between"},
            h(
                "input",
                {
                    "type": "checkbox",
                    "data-action": "hide",
                    "data-key": "hide-between",
                    "checked": f.hide_between,
                },
            ),
            h("span", None, t("setup.hide_between")),
        ),
        form_error(f),
        h(
            "figure",
            {"class": "preview-figure"},
            park_preview(f.variant),
            h(
                "figcaption",
                None,
                t("setup.preview", park=t(f"park.name.{VARIANTS[f.variant].park}")),
            ),
        ),
        h("p", {"class": "sr-only", "id": "app-status"}, t("app.ready")),
        setup_buttons(ctrl),
    )


# --------------------------------------------------------------------------- hand-over


def handover_screen(ctrl: Controller) -> E:
    p = ctrl.handover_to
    name = ctrl.state["G"]["players"][p]["name"]
    # the moves since this person last had the device (at most a dozen)
    since = len(ctrl.state["log"]) - ctrl.seen.get(p, 0)
    recent = log_lines(ctrl.state, last=min(since, 12)) if since > 0 else []
    return shared_handover(name, [text for _, text in recent])


# --------------------------------------------------------------------------- parks


def park_view(
    ctrl: Controller,
    p: int,
    *,
    interactive: bool,
    flipped=(),
    title: str | None = None,
    key_prefix: str = "sp-",
    end: bool = False,
) -> E:
    """Player ``p``'s park as an SVG: spaces with icons, tokens, weather, highlights."""
    state = ctrl.state
    park = ctrl.park_of_state()
    view_box, centres, polys = art.park_geometry(park)
    pl = state["G"]["players"][p]
    board, weather = pl["board"], pl["weather"]
    lets = letters()
    legal: set = set()
    pending_token = None
    pending_at = None
    pending_wx: dict = {}  # weather space -> ("up" | "down", weather id) waiting for "confirm"
    selected_at = ctrl.turn.space if interactive else None
    next_space = None
    d = ctrl.decision()
    if interactive and d is not None and ctrl.human_to_move() == p:
        kind = d["kind"]
        if kind == "place":
            legal = set(place_choices(ctrl.obs(p), p).spaces)
        elif kind in ("weather", "start", "reveal"):
            wc = weather_choices(ctrl.obs(p), p)
            legal = set(wc.spaces) if kind != "reveal" else set()
            next_space = wc.next_space
        pend = ctrl.turn.pending
        if pend is not None:
            if pend.kind == "place":
                pending_token, pending_at = TOKEN_BY_NAME[pend.token].id, pend.at
            elif pend.kind == "weather":
                slot = pl["forecast"][pend.slot]
                pending_wx[pend.at or next_space] = (
                    ("up", slot["id"]) if slot["up"] else ("down", None)
                )
            elif pend.kind == "start" and pend.token is None:  # the first geyser side
                pending_wx[pend.at] = ("up", pl["start_token"])
            elif pend.kind == "start":
                ring, middle = pl["start_tokens"][pend.token], pl["start_tokens"][1 - pend.token]
                pending_wx[pend.at] = ("up", ring)
                pending_wx[park.at(park.middle)] = ("up", middle)
    flipped = {tuple(a) for a in flipped}
    log = state["log"]
    # the moves the table marks (every other player's since the viewer's last move) and the
    # scoring pad's row chosen: its spaces lit, said in each space's name
    marked = explaining.marked_spaces(ctrl).get(p, {})
    lit, missing = explaining.explained_spaces(ctrl, p)
    arrived = None if end or interactive else newest_space(ctrl, p)
    n_flip = 0
    near = driven_away_near(park, weather) if ctrl.show_families or end else {}
    if end:  # the weather that flipped each flipped token
        near = {
            i: [w for w in ws if WEATHER[w].drives_away(TOKENS[board[i]])]
            for i, ws in near.items()
            if park.at(i) in flipped and board[i] >= 0
        }
    previews = {}
    joined: set[int] = set()
    if legal and not pending_wx and d["kind"] == "place" and ctrl.turn.token is not None:
        spots = [park.index[a] for a in legal]
        previews = placement_previews(park, board, weather, ctrl.turn.token, spots)
        if selected_at in legal:
            joined = set(previews[park.index[selected_at]]["family"])
    spaces = []
    for i, s in enumerate(park.spaces):
        x, y = centres[i]
        at = s.at
        kind = s.kind
        cls = ["space", kind]
        if kind == "landscape":
            cls.append(s.terrain)
            if s.river:
                cls.append("river")
        parts = [h("polygon", {"class": "hex", "points": polys[i]})]
        icon = s.terrain if kind == "landscape" else kind
        parts.append(art.use(f"i-{icon}", x, y - 3.0, 11.0, f"ic ic-{icon}"))
        if s.river:
            parts.append(art.use("i-river", x, y + 1.5, 17.0, "ic ic-river"))
        if s.waterfall:
            parts.append(art.use("i-waterfall", x + 4.0, y + 3.0, 9.0, "ic ic-waterfall"))
        label = space_name(park, i)
        token_here = board[i] if board[i] >= 0 else None
        state_text = ""
        if token_here is not None:
            is_flipped = at in flipped
            glyph = art.token_glyph(
                token_here, lets, x, y, cls="tok flipped" if is_flipped else "tok"
            )
            if i == arrived:  # the newest move of a computer player: it arrives, seen
                glyph = h("g", {"class": "arrive", "data-key": f"arrive-{len(log)}-{i}"}, glyph)
            if is_flipped:  # at the end: flipped one after the other
                n_flip += 1
                glyph = h("g", {"class": "flip-in", "style": f"--n: {n_flip}"}, glyph)
            parts.append(glyph)
            if is_flipped:
                parts.append(
                    h(
                        "path",
                        {
                            "class": "flip-x",
                            "style": f"--n: {n_flip}",
                            "d": f"M{x - 5:.1f},{y - 5:.1f} l10,10 m0,-10 l-10,10",
                        },
                    )
                )
                state_text = t("space.flipped", token=token_label(token_here))
                if near.get(i):
                    by = t("list.and").join(weather_name(w) for w in near[i])
                    state_text = t("list.sep").join((state_text, t("space.flipped_by", weather=by)))
                cls.append("is-flipped")
            else:
                state_text = t("space.holds", token=token_label(token_here))
        elif kind == "weather" and weather[i] >= 0:
            glyph = art.weather_glyph(weather[i], x, y)
            if i == arrived:
                glyph = h("g", {"class": "arrive", "data-key": f"arrive-{len(log)}-{i}"}, glyph)
            parts.append(glyph)
            state_text = t("space.holds", token=weather_label(weather[i]))
        elif pending_at == at and pending_token is not None:
            # the chosen token travels from the display to the space (static/js/game-dom.js)
            parts.append(
                h(
                    "g",
                    {
                        "class": "fly",
                        "data-key": f"fly-{pending_token}-{at[0]},{at[1]}",
                        "data-fly-from": f"token-{pending_token}",
                    },
                    art.token_glyph(pending_token, lets, x, y, cls="tok pending"),
                )
            )
            state_text = t("space.pending", token=token_label(pending_token))
            cls.append("is-pending")
        elif at in pending_wx:
            face, wid = pending_wx[at]
            glyph = art.weather_glyph(wid, x, y, face_down=face == "down")
            glyph.attrs["class"] = "wx pending"
            slot = getattr(ctrl.turn.pending, "slot", None)
            parts.append(
                h(
                    "g",
                    {
                        "class": "fly",
                        "data-key": f"fly-w{slot}-{at[0]},{at[1]}",
                        "data-fly-from": f"slot-{slot}" if slot is not None else None,
                    },
                    glyph,
                )
            )
            state_text = t(
                "space.pending",
                token=weather_label(wid) if wid is not None else t("weather.face_down"),
            )
            cls.append("is-pending")
        elif next_space == at:
            cls.append("next")
            state_text = t("space.next_weather")
        else:
            state_text = t("space.free") if kind in ("landscape", "weather") else ""
        if pl.get("last") == i:
            cls.append("last")
            parts.append(h("polygon", {"class": "ring", "points": polys[i]}))
            state_text = state_text + t("list.sep") + t("space.last") if state_text else ""
        if i in marked:
            cls.append("marked")
            mover = state["G"]["players"][marked[i]]["name"]
            parts.append(h("polygon", {"class": "mark-ring", "points": polys[i]}))
            state_text = t("list.sep").join(
                x for x in (state_text, t("marks.space", name=mover)) if x
            )
        if i in lit:
            cls.append("explained")
            state_text = t("list.sep").join(x for x in (state_text, t("explain.space")) if x)
        elif i in missing:
            cls.append("explain-missing")
            state_text = t("list.sep").join(
                x for x in (state_text, t("explain.space_missing")) if x
            )
        attrs = {"class": " ".join(cls), "data-key": f"{key_prefix}{at[0]},{at[1]}"}
        full = t("list.sep").join(x for x in (label, state_text, space_position(park, i)) if x)
        if i in near and not end:
            beside = t("list.and").join(weather_label(w) for w in near[i])
            full = t("list.sep").join((full, t("space.near_weather", weather=beside)))
        if i in previews:
            parts.append(preview_badge(previews[i], x, y))
            full = t("list.sep").join((full, preview_text(previews[i])))
        if at in legal:
            cls.append("legal")
            if selected_at == at:
                cls.append("selected")
            attrs.update(
                {
                    "class": " ".join(cls),
                    "role": "button",
                    "tabindex": "0",
                    "data-action": "space",
                    "data-at": f"{at[0]},{at[1]}",
                    "aria-label": full,
                    "aria-pressed": "true" if selected_at == at else "false",
                }
            )
        else:
            attrs.update({"role": "img", "aria-label": full})
        spaces.append(h("g", attrs, parts))
    if joined:
        spaces.append(outlines(joined, centres, "fam-join"))
    if lit:
        spaces.append(outlines(lit, centres, "explain-lit", 0.92))
    if missing:
        spaces.append(outlines(missing, centres, "explain-free", 0.8))
    if ctrl.show_families or end:
        spaces.append(families_layer(ctrl, p, centres, near))
    name = pl["name"]
    return h(
        "svg",
        {
            "class": "park"
            + (" interactive" if legal else "")
            + (" explaining" if lit or missing else ""),
            "viewBox": view_box,
            "role": "group",
            "aria-label": title or t("park.of", name=name),
            "data-player": str(p),
        },
        spaces,
    )


def newest_space(ctrl: Controller, p: int) -> int | None:
    """The space of the game's newest move when a computer player ``p`` made it (a token or
    a weather token placed), else None."""
    state = ctrl.state
    if not state["log"] or ctrl.is_human(p):
        return None
    who, text = state["log"][-1]
    if who != p:
        return None
    park = ctrl.park_of_state()
    pl = state["G"]["players"][p]
    kind = text.split(" ", 1)[0]
    if kind == "place":
        return pl.get("last")
    if kind in ("weather", "start") and pl.get("next_weather") is not None:
        order = park.weather_order
        return order[(pl["next_weather"] - 1) % len(order)]
    return None


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("±0" if n == 0 else f"−{-n}")


def preview_badge(preview: dict, x: float, y: float) -> E:
    """What a placement here changes in the score, drawn at the bottom of the space."""
    n = preview["total"]
    cls = "pv up" if n > 0 else ("pv zero" if n == 0 else "pv down")
    return h(
        "g",
        {"class": cls, "transform": f"translate({x:.1f},{y + 5.6:.1f})", "aria-hidden": "true"},
        h("rect", {"x": -5.4, "y": -3.2, "width": 10.8, "height": 6.4, "rx": 2.2}),
        h("text", {"x": 0, "y": 2.0, "font-size": 5.2}, signed(n)),
    )


def preview_text(preview: dict) -> str:
    return t(
        "preview.label",
        total=signed(preview["total"]),
        families=signed(preview["families"]),
        coverage=signed(preview["coverage"]),
        geysers=signed(preview["geysers"]),
    )


def outlines(indices, centres, cls: str, radius: float = 0.86) -> E:
    """Outlines of the spaces ``indices`` (a family), drawn over the park."""
    return h(
        "g",
        {"class": cls, "aria-hidden": "true"},
        [
            h("polygon", {"points": art.points_attr(art.corners(*centres[i], art.R * radius))})
            for i in sorted(indices)
        ],
    )


def families_layer(ctrl: Controller, p: int, centres, marks: dict[int, list[int]]) -> E:
    """The "show families" view: the best family of each species outlined in its colour, and
    on the spaces of ``marks`` the weather beside them (``driven_away_near``; at the end, the
    weather that flipped the token)."""
    park = ctrl.park_of_state()
    pl = ctrl.state["G"]["players"][p]
    faces, wx = faces_of(pl["board"], pl["weather"])
    flipped = flipped_spaces(park, faces, wx)
    suns = [w for w in park.weather_spaces if wx[w] is not None and wx[w].id == SUN]
    layer = []
    for k, sp in enumerate(SPECIES):
        fams = families(park, faces, flipped, sp, suns)
        if fams and fams[0][0] > 0:
            layer.append(outlines(fams[0][1], centres, f"fam fam-{sp}", 0.9 - 0.07 * k))
    for i, wids in sorted(marks.items()):
        x, y = centres[i]
        for n, wid in enumerate(wids[:2]):
            g = art.weather_glyph(wid, x + 5.2 - 10.4 * n, y - 5.2, radius=2.9)
            g.attrs["class"] = "wx near-wx"
            layer.append(g)
    return h("g", {"class": "families", "aria-hidden": "true"}, layer)


def park_tabs(ctrl: Controller, shown: int) -> E:
    """On phones: every park one tap away (a tab per player, the one shown pressed)."""
    tabs = []
    d = ctrl.decision()
    to_move = d["player"] if d is not None else None
    marked = explaining.marked_spaces(ctrl)
    for q, pl in enumerate(ctrl.state["G"]["players"]):
        score = score_player(ctrl.state, q)["total"]
        tabs.append(
            h(
                "button",
                {
                    "type": "button",
                    "class": "park-tab"
                    + (" to-move" if to_move == q else "")
                    + (" marked" if q in marked and q != shown else ""),
                    "data-action": "view",
                    "data-player": str(q),
                    "data-tab": "1",
                    "data-key": f"tab-{q}",
                    "aria-pressed": "true" if q == shown else "false",
                    "title": t("park.open", name=pl["name"], score=score),
                },
                h("span", {"class": "tab-name"}, pl["name"]),
                h("span", {"class": "tab-score"}, str(score)),
            )
        )
    return h("nav", {"class": "park-tabs", "aria-label": t("park.others")}, tabs)


def park_thumb(ctrl: Controller, p: int) -> E:
    """A small drawing of a park (a button that opens it full size)."""
    state = ctrl.state
    park = ctrl.park_of_state()
    view_box, centres, polys = art.park_geometry(park)
    pl = state["G"]["players"][p]
    shapes = []
    for i, s in enumerate(park.spaces):
        cls = s.terrain if s.kind == "landscape" else s.kind
        if s.river:
            cls += " river"
        if pl.get("last") == i:
            cls += " last"
        shapes.append(h("polygon", {"class": f"hex t-{cls}", "points": polys[i]}))
        x, y = centres[i]
        last = pl.get("last") == i
        if pl["board"][i] >= 0:
            first = TOKENS[pl["board"][i]].animals[0]
            shapes.append(
                h("circle", {"class": f"mini-tok sp-{first}", "cx": x, "cy": y, "r": 6.0})
            )
            if len(TOKENS[pl["board"][i]].animals) > 1:  # the other animals: a second half
                second = TOKENS[pl["board"][i]].animals[1]
                shapes.append(
                    h(
                        "path",
                        {
                            "class": f"mini-tok sp-{second}",
                            "d": f"M{x:.1f},{y - 6:.1f} A6,6 0 0 1 {x:.1f},{y + 6:.1f} Z",
                        },
                    )
                )
        if last:  # a new placement of this park rings once (its key changes with the log)
            fresh = bool(state["log"]) and state["log"][-1][0] == p
            shapes.append(
                h(
                    "circle",
                    {
                        "class": "mini-last" + (" arrive-ring" if fresh else ""),
                        "data-key": f"last-{p}-{len(state['log'])}",
                        "cx": x,
                        "cy": y,
                        "r": 8.6,
                    },
                )
            )
        elif s.kind == "weather" and pl["weather"][i] >= 0:
            shapes.append(
                h(
                    "circle",
                    {
                        "class": f"mini-wx wx-{WEATHER[pl['weather'][i]].kind}",
                        "cx": x,
                        "cy": y,
                        "r": 6.0,
                    },
                )
            )
    for i in explaining.marked_spaces(ctrl).get(p, {}):
        x, y = centres[i]
        shapes.append(h("circle", {"class": "mini-mark", "cx": x, "cy": y, "r": 9.4}))
    score = score_player(state, p)["total"]
    d = ctrl.decision()
    turn_mark = d is not None and d["player"] == p
    who = pl["name"] if ctrl.is_human(p) else t("park.bot_name", name=pl["name"])
    return h(
        "button",
        {
            "type": "button",
            "class": "thumb" + (" to-move" if turn_mark else ""),
            "data-action": "view",
            "data-player": str(p),
            "data-key": f"thumb-{p}",
            # named by its visible text (name, score); what it does is its description (axe:
            # an aria-label must contain the visible text, WCAG 2.5.3)
            "title": t("park.open", name=pl["name"], score=score),
            "aria-pressed": "true" if ctrl.shown_player() == p else "false",
        },
        h(
            "svg",
            {
                "class": "park-thumb",
                "viewBox": view_box,
                "aria-hidden": "true",
                "focusable": "false",
            },
            shapes,
        ),
        h("span", {"class": "thumb-name"}, who),
        h("span", {"class": "thumb-score"}, t("park.score_short", score=score)),
    )


# --------------------------------------------------------------------------- table


def table_screen(ctrl: Controller) -> E:
    """The table: the park on the left (with Confirm and Take back under it), the prompt and
    the pieces to choose from on the right, the other parks and the log beside or below.
    Layout (static/css/table.css): the whole decision fits the viewport at every size; nothing
    that appears while choosing (notices) pushes the park or the panels."""
    state = ctrl.state
    d = ctrl.decision()
    me = ctrl.human_to_move()
    shown = ctrl.shown_player()
    kind = d["kind"] if d else ""
    n = len(state["G"]["players"])
    interactive = me is not None and shown == me
    score = score_player(state, shown)["total"]
    classes = ["screen-table", f"phase-{kind}"]
    if ctrl.marked_moves():
        classes.append("has-marks")
    if me is None:
        classes.append("waiting")
    tip = guide.panel(ctrl)  # the guided game's explanation, just under the prompt
    if tip is not None:  # on a phone the park makes room for it (table.css)
        # a fallback's prompt says it in a second sentence: a little more room
        classes.append("tipped")
        if tip.attrs["data-tip"].startswith("fallback"):
            classes.append("tipped-long")
    head = [
        h("h2", {"class": "park-title", "id": "park-title"}, park_title(ctrl, shown)),
        h("span", {"class": "park-score"}, t("park.score", score=score)),
        n > 1 and park_tabs(ctrl, shown),
    ]
    head.append(
        h(
            "button",
            {
                "type": "button",
                "class": "secondary small families-toggle",
                "data-action": "families",
                "data-key": "families",
                "aria-pressed": "true" if ctrl.show_families else "false",
            },
            FAMILIES_ICON,
            h("span", {"class": "fam-label"}, t("families.show")),
        )
    )
    head.append(
        h(
            "button",
            {
                "type": "button",
                "class": "secondary small score-toggle",
                "data-action": "score-so-far",
                "data-key": "score-toggle",
                "aria-pressed": "true" if ctrl.show_score else "false",
            },
            # on a phone its picture only (its words stay its name: table.css)
            h("span", {"class": "score-icon", "aria-hidden": "true"}, "Σ"),
            h("span", {"class": "score-label"}, t("explain.toggle")),
        )
    )
    if ctrl.viewing is not None:
        head.append(
            h(
                "button",
                {
                    "type": "button",
                    "class": "secondary small",
                    "data-action": "back",
                    "data-key": "park-back",
                    "data-overlay-close": "true",  # what the phone's Back presses
                },
                t("park.back"),
            )
        )
    left = [
        h("div", {"class": "park-head" + (" has-tabs" if n > 1 else "")}, head),
        ctrl.show_score and explaining.live_pad(ctrl, shown, category_icon),
        h(
            "div",
            # on touch screens a sideways swipe on the park shows the next or previous park
            # (the park tabs, static/js/game-dom.js)
            {"class": "park-box", "data-swipe-between": "tab-" if n > 1 else None},
            park_view(ctrl, shown, interactive=interactive),
            toast(ctrl),
        ),
        # also while the bots play: the bar keeps its place and may take back a move
        confirm_bar(ctrl) if interactive or (me is None and ctrl.humans()) else None,
    ]
    right = [
        status_bar(ctrl),
        tip,
        board_panel(ctrl, me is not None and kind == "pick"),
        display_panel(ctrl, shown, interactive and kind == "place"),
        weather_panel(ctrl, shown, interactive and kind in ("weather", "reveal", "start")),
    ]
    others = [
        n > 1
        and h(
            "div",
            {"class": "thumbs", "role": "group", "aria-label": t("park.others")},
            [park_thumb(ctrl, q) for q in range(n)],
        ),
        log_panel(ctrl),
        h("div", {"class": "legends"}, species_legend(), weather_guide()),
    ]
    return h(
        "section",
        {
            "class": " ".join(classes),
            "data-screen": "table",
            "data-decision": kind,
            "data-human-turn": "true" if me is not None else "false",
            "data-player": str(d["player"]) if d else "",
            # another park viewed full size: the phone's Back returns (static/js/game-dom.js)
            "data-overlay": f"park-{shown}" if ctrl.viewing is not None else None,
            # a new decision of a person shows the table from its top (static/js/game-dom.js)
            "data-scroll-key": str(len(state["log"])) if me is not None else "wait",
        },
        h("div", {"class": "table-left"}, left),
        h("div", {"class": "table-right"}, right),
        h("div", {"class": "table-others"}, others),
    )


def park_title(ctrl: Controller, p: int) -> str:
    """ "Lin's park"; the daily park is named as such, with its date (issue 23)."""
    date = daily.daily_date(ctrl.state["options"])
    if date is not None:
        return t("daily.title", date=date)
    return t("park.of", name=ctrl.state["G"]["players"][p]["name"])


def toast(ctrl: Controller) -> E:
    """The refused move or the hint of the moment, drawn over the park's top edge (it never
    pushes anything); always present, empty when there is nothing to say."""
    shown = messages(ctrl)
    return h("div", {"class": "toast" + (" shown" if shown else "")}, shown)


def status_bar(ctrl: Controller) -> E:
    state = ctrl.state
    ctx = state["ctx"]
    d = ctrl.decision()
    turn = t("status.turn", turn=ctx["turn"], turns=TURNS) if ctx["turn"] else t("status.forecast")
    if ctx["phase"] == "setup":
        turn = t("status.setup")
    prompt = ctrl.prompt()
    thinking = ctrl.thinking is not None
    bits = [
        h(
            "div",
            {"class": "round"},
            ctrl.passed_to is not None
            and ctrl.human_to_move() == ctrl.passed_to
            and h(
                "strong",
                {"class": "turn-pass", "data-key": "turn-pass"},
                t("pass.banner", name=state["G"]["players"][ctrl.passed_to]["name"]),
            ),
            h("span", None, t("status.round", round=ctx["round"], rounds=ROUNDS)),
            h("span", None, turn),
        ),
        h(
            "p",
            {
                "class": "prompt"
                + (" bot" if thinking or (d and not ctrl.is_human(d["player"])) else ""),
                "id": "prompt",
                "data-key": "prompt",
            },
            prompt,
        ),
    ]
    bits.append(marks_strip(ctrl))
    bits.append(speed_button(ctrl))
    return h("div", {"class": "status-bar"}, bits)


def marks_strip(ctrl: Controller) -> E | None:
    """The moves the table marks (the other players' since the viewer's last move): a chip
    per player who moved, newest first, with the token (or action) they took and their name;
    its accessible name says every move in words; a tap shows that park with the moves marked.
    In the status area, so that on a phone too it is in view until the viewer's next decision."""
    marks = ctrl.marked_moves()
    if not marks:
        return None
    state = ctrl.state
    players = state["G"]["players"]
    n = len(state["log"])
    described = log_lines(state, last=n - marks[0][0])  # newest first
    spaces = explaining.move_spaces(state)
    lets = letters()
    by_player: dict[int, list[int]] = {}
    for i, p, _ in reversed(marks):
        if p is not None:
            by_player.setdefault(p, []).append(i)
    items = []
    for p, moves in by_player.items():
        glyph = None
        for i in moves:  # the newest token or weather placed, else the action taken
            sp = spaces[i]
            if sp is None:
                continue
            pl = players[p]
            if pl["board"][sp] >= 0:
                glyph = art.token_glyph(pl["board"][sp], lets)
            elif pl["weather"][sp] >= 0:
                glyph = art.weather_glyph(pl["weather"][sp], 0.0, 0.0)
            if glyph is not None:
                break
        if glyph is None:
            picks = [state["log"][i][1] for i in moves if state["log"][i][1].startswith("pick ")]
            if picks:
                a = picks[0].split()[1]
                if a in lets or a == "water":
                    glyph = (
                        art.water_drop(1.9, -4.0)
                        if a == "water"
                        else art.animal_glyph(a, lets[a], 0.0, 0.0, 9.0)
                    )
        said = " ".join(described[n - 1 - i][1] for i in reversed(moves))
        items.append(
            h(
                "li",
                None,
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "mark-move",
                        "data-action": "view",
                        "data-player": str(p),
                        "data-key": f"mark-{p}",
                        "data-log": ",".join(str(i) for i in moves),
                        "title": t("marks.view", name=players[p]["name"]),
                    },
                    # named by the moves in words (its picture's letters are not read)
                    glyph is not None
                    and h(
                        "span",
                        {"class": "mark-pic", "aria-hidden": "true"},
                        art.mini_svg(glyph, 19.0, "mini mark-svg"),
                    ),
                    h("span", {"class": "mark-name", "aria-hidden": "true"}, players[p]["name"]),
                    h("span", {"class": "sr-only"}, said),
                ),
            )
        )
    if not items:
        return None
    return h(
        "div",
        {"class": "marks", "data-key": "marks", "role": "group", "aria-label": t("marks.title")},
        h("ul", {"class": "marks-list"}, items),
    )


def confirm_bar(ctrl: Controller) -> E:
    pending = ctrl.turn.pending
    something = (
        pending is not None
        or ctrl.turn.token is not None
        or ctrl.turn.slot is not None
        or ctrl.turn.action is not None
    )
    back = "undo" if something else ("takeback" if ctrl.can_take_back() is not None else None)
    return h(
        "div",
        {"class": "confirm-bar" + (" active" if pending is not None else "")},
        h(
            "button",
            {
                "type": "button",
                "class": "primary",
                "data-action": "confirm",
                "data-key": "confirm",
                "disabled": pending is None,
            },
            t("turn.confirm"),
        ),
        h(
            "button",
            {
                "type": "button",
                "class": "secondary",
                "data-action": back or "undo",
                "data-key": "undo",
                "disabled": back is None,
                "title": t("turn.takeback_help") if back == "takeback" else None,
            },
            t("turn.undo"),
        ),
    )


def display_panel(ctrl: Controller, p: int, choosing: bool) -> E:
    state = ctrl.state
    pl = state["G"]["players"][p]
    lets = letters()
    choices = place_choices(ctrl.obs(p), p) if choosing else None
    pending = ctrl.turn.pending if choosing else None
    pending_id = TOKEN_BY_NAME[pending.token].id if pending is not None else None
    items = []
    for tid in pl["display"]:
        glyph = art.mini_svg(art.token_glyph(tid, lets), 19.0, "mini token-svg")
        label = token_label(tid)
        if choices is None:
            items.append(
                h(
                    "li",
                    None,
                    h("span", {"class": "token static", "role": "img", "aria-label": label}, glyph),
                )
            )
            continue
        enabled = tid in choices.tokens
        cls = ["token"]
        if not enabled:
            cls.append("off")
        if ctrl.turn.token == tid:
            cls.append("selected")
        if pending_id == tid:
            cls.append("placed")
        reason = choices.reasons.get(tid)
        aria = label if enabled else t("token.disabled", token=label, reason=reason)
        items.append(
            h(
                "li",
                None,
                h(
                    "button",
                    {
                        "type": "button",
                        "class": " ".join(cls),
                        "data-action": "token",
                        "data-token": str(tid),
                        "data-key": f"token-{tid}",
                        # the name is the text below, not aria-label: the glyph's letters are
                        # visible text that an aria-label would have to contain (axe: WCAG 2.5.3)
                        "title": aria if not enabled else label,
                        "aria-disabled": "true" if not enabled else None,
                        "aria-pressed": "true" if ctrl.turn.token == tid else "false",
                    },
                    glyph,
                    h("span", {"class": "sr-only"}, aria),
                ),
            )
        )
    notes = []
    # a fallback is said by the prompt just above (viewmodel.prompt_text): not twice
    if choices is not None and choices.reasons and not choices.token_fallback:
        notes.append(
            h("p", {"class": "hint"}, t("display.disabled_hint", feature=_feature(choices)))
        )
    reserve = pl["reserve_count"]
    return h(
        "div",
        {"class": "display-panel"},
        h("h3", None, t("display.title"), h("small", None, t("display.reserve", n=reserve))),
        h("ul", {"class": "display" + (" choosing" if choosing else "")}, items),
        notes,
    )


def species_legend() -> E:
    """What the tokens' animals are (colour, silhouette and letter per species)."""
    lets = letters()
    items = []
    for s in SPECIES:
        chip = art.mini_svg(art.animal_glyph(s, lets[s], 0, 0, 9), 19.0, "mini legend-chip")
        items.append(h("li", None, chip, h("span", None, t(f"species.{s}.one"))))
    drop = art.mini_svg(art.water_drop(1.9, -4.0), 19.0, "mini legend-chip")
    items.append(h("li", None, drop, h("span", None, t("action.water"))))
    return h("ul", {"class": "species-legend", "aria-label": t("legend.title")}, items)


def weather_guide() -> E:
    """Every kind of weather token and what it drives away (a collapsible guide)."""
    items = []
    for name in WEATHER_SHOWN:
        wid = WEATHER_BY_NAME[name].id
        items.append(
            h(
                "li",
                None,
                art.mini_svg(art.weather_glyph(wid), 19.0, "mini legend-chip"),
                h("span", None, weather_label(wid)),
            )
        )
    return h(
        "details",
        {"class": "weather-guide"},
        h("summary", None, t("weather.guide")),
        h("ul", None, items),
    )


def _feature(choices) -> str:
    return feature_name(choices.requirement[0])


def weather_panel(ctrl: Controller, p: int, choosing: bool) -> E:
    state = ctrl.state
    pl = state["G"]["players"][p]
    d = ctrl.decision()
    wc = weather_choices(ctrl.obs(p), p) if choosing else None
    # face-down tokens look the same to the player: one of them is offered, not a choice
    # between identical tokens (issue 23); face-up ones are each a choice
    offered = set(wc.slots) if wc is not None else set()
    down = [i for i in sorted(offered) if pl["forecast"][i] and not pl["forecast"][i]["up"]]
    offered -= set(down[1:])
    slots = []
    for i, slot in enumerate(pl["forecast"]):
        if slot is None:
            slots.append(
                h(
                    "li",
                    None,
                    h(
                        "span",
                        {
                            "class": "wslot empty",
                            "role": "img",
                            "aria-label": t("weather.slot_empty", n=i + 1),
                        },
                    ),
                )
            )
            continue
        up = slot["up"]
        glyph = art.mini_svg(
            art.weather_glyph(slot["id"] if up else None, face_down=not up), 19.0, "mini"
        )
        label = weather_label(slot["id"]) if up else t("weather.face_down")
        label = t("weather.slot", n=i + 1, token=label)
        if i in offered:
            selected = ctrl.turn.slot == i
            verb = "reveal" if d["kind"] == "reveal" else "place"
            slots.append(
                h(
                    "li",
                    None,
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "wslot"
                            + (" selected" if selected else "")
                            + ("" if up else " down"),
                            "data-action": "slot",
                            "data-slot": str(i),
                            "data-key": f"slot-{i}",
                            "aria-label": t(f"weather.choose_{verb}", token=label),
                            "aria-pressed": "true" if selected else "false",
                        },
                        glyph,
                    ),
                )
            )
        else:
            slots.append(
                h(
                    "li",
                    None,
                    h(
                        "span",
                        {
                            "class": "wslot" + ("" if up else " down"),
                            "role": "img",
                            "aria-label": label,
                        },
                        glyph,
                    ),
                )
            )
    extra = None
    if "start_token" in pl and pl["start_token"] is not None:
        extra = h(
            "p", {"class": "hint"}, t("weather.start_token", token=weather_label(pl["start_token"]))
        )
    elif "start_tokens" in pl:
        extra = start_tokens_view(ctrl, pl, wc.starts if wc is not None else [])
    return h(
        "div",
        {"class": "weather-panel"},
        h("h3", None, t("weather.title")),
        h("ul", {"class": "weather-display" + (" choosing" if wc and wc.slots else "")}, slots),
        extra,
    )


def start_tokens_view(ctrl: Controller, pl: dict, choosable: list[int]) -> E:
    """Geyser Park setup: the two starting weather tokens, face up; while choosing, a button
    each: the one pressed goes on a ring space, the other on the middle space."""
    items = []
    for k, wid in enumerate(pl["start_tokens"]):
        glyph = art.mini_svg(art.weather_glyph(wid), 19.0, "mini")
        if k in choosable:
            selected = ctrl.turn.slot == k
            attrs = {
                "type": "button",
                "class": "wslot" + (" selected" if selected else ""),
                "data-action": "slot",
                "data-slot": str(k),
                "data-key": f"start-{k}",
                "aria-label": t("weather.start_ring", token=weather_label(wid)),
                "aria-pressed": "true" if selected else "false",
            }
            items.append(h("li", None, h("button", attrs, glyph)))
        else:
            label = {"class": "wslot", "role": "img", "aria-label": weather_label(wid)}
            items.append(h("li", None, h("span", label, glyph)))
    return h(
        "div",
        {"class": "start-tokens"},
        h("p", {"class": "hint"}, t("weather.start_tokens")),
        h("ul", {"class": "weather-display" + (" choosing" if choosable else "")}, items),
    )


def board_panel(ctrl: Controller, choosing: bool) -> E:
    state = ctrl.state
    g, ctx = state["G"], state["ctx"]
    me = ctrl.human_to_move()
    pc = pick_choices(ctrl.obs(me), me, ctrl.turn.action) if choosing else None
    pend = ctrl.turn.pending if choosing else None
    picked_terrain = pend.terrain if pend is not None and pend.kind == "pick" else None
    lets = letters()
    row = []
    solo = len(g["players"]) == 1
    if solo:
        revealed = ctx["revealed"]
        row.append(
            h(
                "li",
                {"class": "stack"},
                h("span", {"class": "stack-count"}, t("board.stack", n=ctx.get("stack_count", 0))),
            )
        )
        if revealed:
            row.append(h("li", None, action_chip(revealed, lets, None, selected=True)))
    else:
        for a in ACTIONS:
            if a not in g["row"]:
                row.append(
                    h("li", None, h("span", {"class": "action-chip gone", "aria-hidden": "true"}))
                )
                continue
            enabled = pc is not None and a in pc.actions
            row.append(
                h(
                    "li",
                    None,
                    action_chip(
                        a, lets, enabled if pc is not None else None, selected=ctrl.turn.action == a
                    ),
                )
            )
    terrain = []
    picked = explaining.marked_picks(ctrl)
    for i, ts in enumerate(TERRAIN_SPACES):
        taken = g["terrain"][i]
        enabled = pc is not None and ts in pc.terrains
        content = [
            art.mini_svg(
                # every terrain-selection space has its symbol (i-forest ... i-any)
                art.use(f"i-{ts}", 0, 0, 18.0, f"ic ic-{ts}"),
                19.0,
                "mini terrain-svg",
            ),
            h("span", {"class": "terrain-name"}, terrain_space_name(ts)),
        ]
        if taken:  # the action token on it: its name, or on a phone its picture (table.css)
            if taken == "water":
                mark = art.water_drop(1.9, -4.0)
            else:
                mark = art.animal_glyph(taken, lets[taken], 0.0, 0.0, 9.0)
            content.append(
                h(
                    "span",
                    {"class": "taken"},
                    art.mini_svg(mark, 19.0, "mini taken-svg"),
                    h("span", {"class": "taken-name"}, action_token_name(taken)),
                )
            )
        label = terrain_space_name(ts)
        if taken:
            label = t("board.taken", terrain=label, action=action_token_name(taken))
        attrs = {
            "class": f"terrain-slot t-{ts}" + (" taken" if taken else ""),
            "aria-label": label,
            "data-terrain": ts,
        }
        if taken and (taken, ts) in picked:
            attrs["class"] += " marked"
        if pc is not None and not taken:
            attrs.update(
                {
                    "data-action": "terrain",
                    "data-value": ts,
                    "data-key": f"terrain-{ts}",
                    "aria-disabled": None if enabled else "true",
                }
            )
            if not enabled:
                attrs["class"] += " off"
            # the requirement selected, waiting for Confirm (a hint fills in both parts)
            attrs["aria-pressed"] = "true" if ts == picked_terrain else "false"
            if ts == picked_terrain:
                attrs["class"] += " selected"
            terrain.append(h("li", None, h("button", {"type": "button", **attrs}, content)))
        else:
            terrain.append(h("li", None, h("span", {"role": "img", **attrs}, content)))
    marmot = g["players"][ctx["marmot"]]["name"]
    return h(
        "div",
        {"class": "board-panel" + (" choosing" if choosing else "")},
        h("h3", None, t("board.title")),
        h(
            "p",
            {"class": "marmot"},
            art.mini_svg(art.use("i-marmot", 0, 0, 18.0, "ic ic-marmot"), 19.0, "mini marmot-svg"),
            h("span", None, t("board.marmot", name=marmot)),
        ),
        h(
            "div",
            {"class": "board-row"},
            h("h4", None, t("board.selection")),
            h("ul", {"class": "selection-row"}, row),
        ),
        h(
            "div",
            {"class": "board-row"},
            h("h4", None, t("board.terrain")),
            h("ul", {"class": "terrain-row"}, terrain),
        ),
    )


def action_chip(a: str, lets: dict, enabled: bool | None, selected: bool) -> E:
    """An action token of the selection row (a button when the marmot holder chooses)."""
    if a == "water":
        content = art.water_drop(1.9, -4.0)
    else:
        content = art.animal_glyph(a, lets[a], 0.0, 0.0, 9.0)
    glyph = art.mini_svg(content, 19.0, "mini action-svg")
    name = action_token_name(a)
    if enabled is None:
        return h(
            "span",
            {"class": "action-chip", "role": "img", "aria-label": name, "data-token": a},
            glyph,
        )
    return h(
        "button",
        {
            "type": "button",
            "class": "action-chip"
            + (" selected" if selected else "")
            + ("" if enabled else " off"),
            "data-action": "action",
            "data-value": a,
            "data-key": f"action-{a}",
            "aria-label": name,
            "aria-pressed": "true" if selected else "false",
            "aria-disabled": None if enabled else "true",
        },
        glyph,
    )


def log_panel(ctrl: Controller) -> E:
    return shared_log(log_lines(ctrl.state, last=LOG_LINES), "log-panel", ctrl)


# --------------------------------------------------------------------------- end


def end_screen(ctrl: Controller) -> E:
    result = ctrl.result
    sheets = result["players"]
    winners = result["winners"]
    names = [s["name"] for s in sheets]
    humans = ctrl.humans()
    if len(sheets) == 1:
        title = t("end.solo_title", score=sheets[0]["total"])
    elif len(humans) == 1:
        title = result_for(ctrl, humans[0])
    elif len(winners) == 1:
        title = t("end.winner", name=names[winners[0]])
    else:
        title = t("end.shared", names=t("list.and").join(names[w] for w in winners))
    rule = result["tiebreak"]
    rule_text = t(f"end.rule.{rule}") if len(sheets) > 1 else ""
    rating = None
    if "solo_rating" in result:
        rating = h(
            "p",
            {"class": "solo-rating", "data-rating": result["solo_rating"]},
            t(f"solo.{result['solo_rating']}"),
        )
    parks = []
    for p, sheet in enumerate(sheets):
        parks.append(
            h(
                "figure",
                {"class": "end-park"},
                park_view(
                    ctrl,
                    p,
                    interactive=False,
                    flipped=sheet["flipped_at"],
                    key_prefix=f"end{p}-",
                    end=True,
                    title=plural("end.park_label", sheet["flipped"], name=sheet["name"]),
                ),
                h(
                    "figcaption",
                    None,
                    plural(
                        "end.park_caption",
                        sheet["flipped"],
                        name=sheet["name"],
                        score=sheet["total"],
                    ),
                ),
            )
        )
    return h(
        "section",
        {"class": "screen-end", "data-screen": "end"},
        h("h1", {"data-key": "end-title", "tabindex": "-1", "class": "end-title"}, title),
        rule_text and h("p", {"class": "tiebreak", "data-rule": rule}, rule_text),
        rating,
        daily.result(ctrl),
        guide.end_panel(ctrl),
        h("div", {"class": "pad-wrap"}, scoring_pad(sheets, winners, ctrl)),
        explain_box(ctrl, sheets),
        h(
            "div",
            {"class": "end-buttons"},
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary",
                    "data-action": "rematch",
                    "data-key": "rematch",
                },
                t("end.rematch"),
            ),
            h(
                "button",
                {
                    "type": "button",
                    "class": "secondary",
                    "data-action": "menu-new",
                    "data-key": "end-new",
                },
                t("end.new"),
            ),
        ),
        h("div", {"class": "end-parks"}, parks),
    )


def explain_box(ctrl: Controller, sheets: list[dict]) -> E:
    """Under the pad (kept in view on a phone, table.css): what the chosen row means and the
    park it lit, so that the spaces are seen beside the row tapped."""
    chosen = ctrl.explain
    park = None
    if chosen is not None:
        p = chosen[1]
        park = park_view(
            ctrl,
            p,
            interactive=False,
            flipped=sheets[p]["flipped_at"],
            key_prefix=f"exp{p}-",
            end=True,
            title=t("park.of", name=sheets[p]["name"]),
        )
    return h(
        "div",
        {"class": "explain-box" + (" open" if park is not None else ""), "data-key": "explain"},
        explaining.explain_note(ctrl),
        park,
    )


def result_for(ctrl: Controller, me: int) -> str:
    """The result from one person's side: "You lost to Lin (computer) by 91 points"."""
    result = ctrl.result
    sheets, winners = result["players"], result["winners"]

    def who(q: int) -> str:
        name = sheets[q]["name"]
        return name if ctrl.is_human(q) else t("park.bot_name", name=name)

    mine = sheets[me]["total"]
    if me in winners and len(winners) > 1:
        return t("end.you_shared", names=t("list.and").join(who(q) for q in winners if q != me))
    if me in winners:
        rival = max((q for q in range(len(sheets)) if q != me), key=lambda q: sheets[q]["total"])
        margin = mine - sheets[rival]["total"]
        key = "end.you_won_by" if margin else "end.you_won_tiebreak"
        return t(key, name=who(rival), n=margin)
    winner = winners[0]
    margin = sheets[winner]["total"] - mine
    key = "end.you_lost_by" if margin else "end.you_lost_tiebreak"
    return t(key, name=who(winner), n=margin)


_CATEGORY_ICON = {
    "bad_weather": "w-thunderstorm",
    "waterfalls": "i-waterfall",
    "mountains": "i-mountain",
    "prairie": "i-prairie",
    "forest": "i-forest",
    "river": "i-river",
    "geysers": "i-geyser",
}


def category_icon(cat: str) -> E:
    """The small picture of a scoring-pad category."""
    if cat in _CATEGORY_ICON:
        return art.mini_svg(
            art.use(_CATEGORY_ICON[cat], 0, 0, 18.0, f"ic ic-{_CATEGORY_ICON[cat][2:]}"),
            19.0,
            "mini",
        )
    return art.mini_svg(art.animal_glyph(cat, letters()[cat], 0.0, 0.0, 9.0), 19.0, "mini")


def scoring_pad(sheets: list[dict], winners: list[int], ctrl: Controller | None = None) -> E:
    """The scoring pad: a row per category (as on the printed pad), a column per player. With
    ``ctrl`` each score is a button: what scored it lights up on that player's park
    (``explain.py``)."""
    head = [h("th", {"scope": "col"}, t("pad.category"))]
    for p, s in enumerate(sheets):
        head.append(
            h("th", {"scope": "col", "class": "winner" if p in winners else None}, s["name"])
        )
    rows = []
    for n, cat in enumerate(CATEGORIES, 1):
        icon = category_icon(cat)
        name = h("span", {"class": "cat-name"}, t(f"cat.{cat}"))
        if ctrl is not None:  # the row's name lights the viewer's park (a cell: its player's)
            me = ctrl.humans()[0] if ctrl.humans() else 0
            chosen = ctrl.explain == (cat, me)
            name = h(
                "span",
                {
                    "class": "cat-name explainable" + (" chosen" if chosen else ""),
                    "role": "button",
                    "tabindex": "0",
                    "data-action": "explain",
                    "data-cat": cat,
                    "data-player": str(me),
                    "data-key": f"explain-row-{cat}",
                    "aria-pressed": "true" if chosen else "false",
                },
                t(f"cat.{cat}"),
            )
        cells = [h("th", {"scope": "row"}, h("span", {"class": "cat-n"}, str(n)), icon, name)]
        for p, s in enumerate(sheets):
            if cat == "bad_weather":
                attrs = {"data-cat": cat, "aria-label": plural("pad.flipped", s["flipped"])}
                text = "✕" + str(s["flipped"]) if s["flipped"] else "–"
            else:
                attrs = {"data-cat": cat}
                text = str(s["categories"][cat])
            if ctrl is not None:
                shown = text if cat == "bad_weather" else None
                button = explaining.row_attrs(ctrl, cat, p, s["categories"][cat], shown)
                if cat == "bad_weather":
                    button["aria-label"] = f"{text}, {attrs['aria-label']}"
                cells.append(h("td", attrs, h("span", button, text)))
            else:
                cells.append(h("td", attrs, text))
        rows.append(h("tr", {"class": f"cat-{cat}", "style": f"--n: {n}"}, cells))
    total = [h("th", {"scope": "row"}, "Σ ", t("pad.total"))]
    for p, s in enumerate(sheets):
        total.append(
            h(
                "td",
                {
                    "class": "total" + (" winner" if p in winners else ""),
                    "data-total": str(s["total"]),
                    "data-player": str(p),
                },
                str(s["total"]),
            )
        )
    river = [h("th", {"scope": "row"}, t("pad.river_covered"))]
    for s in sheets:
        river.append(h("td", None, str(s["river_covered"])))
    return h(
        "table",
        {"class": "pad", "data-key": "pad"},
        h("caption", None, t("pad.title")),
        h("thead", None, h("tr", None, head)),
        h("tbody", None, rows),
        h(
            "tfoot",
            None,
            h("tr", {"class": "pad-total"}, total),
            h("tr", {"class": "pad-extra"}, river),
        ),
    )
