"""Caledea's screens as functions of the controller: ``render(ctrl)`` returns the element
descriptions of ``<main id="app">`` and the data-key to focus (pure Python, no DOM).

The table is the board first (the wrap-around board, ``boardview``), then what the current
decision needs (the move being formed and its consequence, the buttons of the turn, or the
combat prompt with the dice), then the kingdom cards and the log. Player and kingdom names are
only ever text.
"""

from __future__ import annotations

from pyapp.caledea.protocol import GAME

from ..frame import first_key, frame, screen_of, titled_screen
from ..frame import handover_screen as shared_handover
from ..frame import log_panel as shared_log
from ..i18n import plural, t
from ..seats import count_fieldset, form_error, seat_list, seed_field, setup_buttons
from ..table import HUMAN
from ..vdom import E, h, svg_num
from . import art, hints, model, odds_view, siege, story, warnings
from .boardview import Marks, arrival_offset, draw_board
from .controller import Controller
from .setup import RANDOM

LOG_LINES = 12


def render(ctrl: Controller) -> tuple[list[E], str | None]:
    game_body = screen_of(ctrl, setup_screen, handover_screen, end_screen, table_screen)
    nodes, body = frame(ctrl, game_body, (art.sprite(),))
    return nodes, resolve_focus(ctrl.focus, body)


def resolve_focus(alias: str | None, body) -> str | None:
    prefixes = {"square-first": "sq-", "choice-first": "choice-"}
    if alias == "choice-hinted":  # the combat choice a hint marks (hints.py)
        marked = [e for b in body for e in b.iter() if e.attrs.get("data-hinted") == "1"]
        alias = marked[0].attrs["data-key"] if marked else "choice-first"
    if alias in prefixes:
        return first_key(body, prefixes[alias]) or "prompt"
    return alias


def res_chip(res: str) -> E:
    return art.mini_svg(art.use(res, 0, 0, 16.0, f"ic ic-{res}"), 20.0, f"mini chip-{res}")


def res_pair(pair) -> E:
    names = t("list.and").join(t(f"cal.res.{r}") for r in pair)
    return h(
        "span",
        {"class": "res-pair", "role": "img", "aria-label": names},
        [res_chip(r) for r in pair],
    )


# --------------------------------------------------------------------------- setup


def setup_screen(ctrl: Controller) -> E:
    f = ctrl.form
    return titled_screen(
        "setup",
        "screen-setup cal-setup",
        t("cal.setup.title"),
        h("p", {"class": "cal-note", "data-key": "edition-note"}, t("cal.edition")),
        count_fieldset(f),
        seat_list(f, lambda i: kingdom_field(f, i), swatch="cal-swatch"),
        h(
            "fieldset",
            None,
            h("legend", None, t("cal.setup.board")),
            h(
                "label",
                {"class": "choice epic"},
                h(
                    "input",
                    {
                        "type": "checkbox",
                        "data-action": "epic",
                        "data-key": "epic",
                        "checked": f.epic,
                    },
                ),
                h(
                    "span",
                    {"class": "choice-text"},
                    h("strong", None, t("cal.setup.epic")),
                    h("small", None, t("cal.setup.epic_help")),
                ),
            ),
        ),
        seed_field(f),
        form_error(f),
        setup_buttons(ctrl),
        kingdom_table(),
        h("p", {"class": "sr-only", "id": "app-status"}, t("app.ready")),
    )


def kingdom_field(f, i: int) -> E:
    """A seat's kingdom: one of the nine, or left to chance."""
    kingdoms = [
        h(
            "option",
            {"value": k, "selected": f.kingdoms[i] == k},
            t("cal.setup.random") if k == RANDOM else k,
        )
        for k in f.kingdom_choices()
    ]
    return h(
        "label",
        {"class": "seat-kind kingdom-pick"},
        h("span", None, t("cal.setup.kingdom")),
        h(
            "select",
            {
                "data-action": "kingdom",
                "data-seat": str(i),
                "data-key": f"kingdom-{i}",
                "value": f.kingdoms[i],
            },
            kingdoms,
        ),
    )


def kingdom_table() -> E:
    """The nine kingdoms at a glance (what the form's choice means)."""
    items = []
    for k in GAME.kingdoms():
        c = k["costs"]
        items.append(
            h(
                "li",
                None,
                h("strong", None, k["name"], " ", res_pair(k["resources"])),
                h(
                    "span",
                    None,
                    t(
                        "cal.kingdom.line",
                        moves=k["moves"],
                        infantry=k["infantry"],
                        power=model.power_name(k["power"]),
                        cost=c["power"],
                    ),
                ),
            )
        )
    return h(
        "details",
        {"class": "cal-kingdom-list"},
        h("summary", None, t("cal.setup.kingdoms")),
        h("ul", {"class": "cal-kingdoms"}, items),
    )


# --------------------------------------------------------------------------- hand-over


def handover_screen(ctrl: Controller) -> E:
    p = ctrl.handover_to
    since = len(ctrl.state["log"]) - ctrl.seen.get(p, 0)
    recent = story.log_lines(ctrl, last=min(since, 12)) if since > 0 else []
    return shared_handover(
        ctrl.names()[p],
        [text for _, text in recent],
        seat_class=f"own-{p}",
        swatch=h("span", {"class": "cal-swatch"}),
        ready="cal.handover.ready",
        extra=fight_panel(ctrl),
    )


# --------------------------------------------------------------------------- table


def marks_for(ctrl: Controller) -> Marks:
    state = ctrl.state
    d = ctrl.decision()
    me = ctrl.human_to_move()
    viewer = ctrl.viewer()
    card = ctrl.cards()[viewer]
    marks = Marks(mine=tuple(card["resources"]), viewer=viewer)
    turn = ctrl.turn
    if me is not None and d is not None:
        kind = d["kind"]
        if kind == "capital":
            marks.legal = dict.fromkeys(ctrl.capital_squares(), "dest")
        elif kind == "turn":
            if turn.mode == "build":
                marks.legal = dict.fromkeys(ctrl.build_squares(), "target")
            elif turn.mode in ("bombard", "transport"):
                marks.legal = dict.fromkeys(ctrl.power_targets(), "target")
            else:
                legal = dict.fromkeys(ctrl.choosable_sources(), "source")
                for at in ctrl.destinations():
                    legal[at] = "dest"
                marks.legal = legal
            marks.selected = {model.unit_at(state, u) for u in turn.units} - {None}
    if turn.pending is not None and getattr(turn.pending, "square", None):
        marks.pending = model.at_of(state, turn.pending.square)
        if turn.dest is not None:
            # the path of the first chosen unit (the others' are drawn too)
            marks.path = []
            for path in turn.dest["paths"].values():
                marks.path = [model.at_of(state, s) for s in path]
                break
    c = state.get("combat")
    if c is not None:
        marks.fight = model.at_of(state, c["square"])
    marks.others = recent_marks(ctrl)
    # the last move: a line from where the units came, and the units flying in
    bv_size = model.board_info(state)
    for ev in state.get("events", []):
        if ev.get("type") in ("move", "transport"):
            froms = ev["from"].values() if ev["type"] == "move" else [ev["from"]]
            to = model.at_of(state, ev["to"])
            src = [model.at_of(state, f) for f in froms]
            marks.last = (src, to)
            if src and not ctrl.reduced_motion:
                marks.arrived = str(len(state["log"]))
                marks.arrive_from = {
                    to: arrival_offset(_Size(bv_size), src[0], to),
                }
    if marks.last and any(o[3] == marks.last[1] for o in marks.others):
        marks.last = ()  # marked in its player's colour already
    return marks


def recent_marks(ctrl: Controller) -> list:
    """The other players' moves since the viewer's last decision, for the board's marks."""
    state = ctrl.state
    out = []
    for r in ctrl.recent_moves():
        paths = [[model.at_of(state, sq) for sq in path] for path in r.paths]
        out.append((r.player, r.kind, paths, model.at_of(state, r.to), r.fight))
    return out


def recent_text(ctrl: Controller) -> E | None:
    """The marked moves in words: who moved from where to where, and where they fought."""
    moves = ctrl.recent_moves()
    if not moves:
        return None
    names = ctrl.names()
    items = []
    for r in moves:
        starts = []
        for path in r.paths:
            if path and path[0] not in starts:
                starts.append(path[0])
        if r.kind == "build":
            what = t("cal.recent.build", square=r.to)
        elif r.kind == "bombard":
            what = t("cal.recent.bombard", square=r.to)
        else:
            what = t(
                "cal.recent.move",
                start=t("list.and").join(starts) if starts else "?",
                square=r.to,
            )
        if r.fight and r.kind != "bombard":
            what = t("cal.recent.fight", move=what, square=r.to)
        items.append(
            h(
                "li",
                {"class": f"own-{r.player}"},
                h("span", {"class": "cal-swatch"}),
                " ",
                t("cal.recent.item", name=names[r.player], move=what),
            )
        )
    return h(
        "div",
        {"class": "cal-recent", "data-key": "recent"},
        h("h3", None, t("cal.recent.title")),
        h("ul", None, items),
    )


class _Size:
    def __init__(self, b):
        self.width, self.height = b["width"], b["height"]


def table_screen(ctrl: Controller) -> E:
    state = ctrl.state
    d = ctrl.decision()
    me = ctrl.human_to_move()
    kind = d["kind"] if d else ""
    names = ctrl.names()
    bv = model.board_view(state)
    zoom = ctrl.zoom_cells() if ctrl.zoomed() else None
    marks = marks_for(ctrl)
    marks.warn = warnings.board_marks(state, ctrl.capital_watch(ctrl.viewer()))
    board = draw_board(bv, marks, names, t("cal.board.label"), ctrl.board_origin(), zoom)
    wrap = h(
        "div",
        {
            "class": "cal-board-wrap"
            + (" epic" if state["options"]["epic"] else "")
            + (" zoomed" if zoom is not None else ""),
            "data-key": "board-wrap",
        },
        board,
    )
    side = [
        decision_panel(ctrl) if me is not None else waiting_panel(ctrl),
        fight_panel(ctrl),
        recent_text(ctrl),
        warnings.panel(ctrl),
        cards_panel(ctrl),
        log_panel(ctrl),
        h("p", {"class": "cal-edition"}, t("cal.edition.short")),
    ]
    return h(
        "section",
        {
            "class": f"screen-table cal-table phase-{kind}",
            "data-screen": "table",
            "data-decision": kind,
            "data-human-turn": "true" if me is not None else "false",
            "data-player": str(d["player"]) if d else "",
            "data-mode": ctrl.turn.mode,
            # the page's size comes with every input (the zoom of a phone, zoom.py)
            "data-viewport": "",
        },
        status_bar(ctrl),
        h("div", {"class": "cal-main"}, wrap, pan_bar(ctrl)),
        h("div", {"class": "cal-side"}, side),
    )


_PAN = (("left", -1, 0, "◀"), ("up", 0, -1, "▲"), ("down", 0, 1, "▼"), ("right", 1, 0, "▶"))


def pan_bar(ctrl: Controller) -> E:
    """Buttons that pan the board round the torus (dragging it does the same), the square
    drawn top left, the way back to the board as set (zoomed: to the selection) and the zoom's
    toggle."""
    x, y = ctrl.board_origin()
    zoomed = ctrl.zoomed()
    home_off = not ctrl.zoom_panned() if zoomed else ctrl.view == (0, 0)
    buttons = [
        h(
            "button",
            {
                "type": "button",
                "class": "secondary small pan",
                "data-action": "pan",
                "data-dx": str(dx),
                "data-dy": str(dy),
                "data-key": f"pan-{name}",
                "aria-label": t(f"cal.pan.{name}"),
                "title": t(f"cal.pan.{name}"),
            },
            arrow,
        )
        for name, dx, dy, arrow in _PAN
    ]
    return h(
        "div",
        {"class": "cal-pan", "role": "group", "aria-label": t("cal.pan.label")},
        buttons,
        h(
            "span",
            {"class": "pan-view", "data-key": "pan-view"},
            t("cal.pan.view", square=model.name_of(ctrl.state, (x, y))),
        ),
        h(
            "button",
            {
                "type": "button",
                "class": "secondary small pan",
                "data-action": "pan",
                "data-value": "home",
                "data-key": "pan-home",
                "disabled": home_off,
            },
            t("cal.pan.centre" if zoomed else "cal.pan.home"),
        ),
        h(
            "button",
            {
                "type": "button",
                "class": "secondary small pan zoom-toggle",
                "data-action": "zoom",
                "data-key": "zoom",
                "aria-pressed": "true" if zoomed else "false",
                "aria-label": t("cal.zoom.label"),
                "title": t("cal.zoom.label"),
            },
            h("span", {"aria-hidden": "true", "class": "zoom-icon"}, "⌕"),
            " ",
            h("span", {"class": "zoom-word"}, t("cal.zoom.word")),
        ),
        # the page's drag handler clicks this with the squares dragged (data-dx, data-dy)
        h(
            "button",
            {
                "type": "button",
                "hidden": True,
                "tabindex": "-1",
                "aria-hidden": "true",
                "data-action": "pan",
                "data-drag-sink": "",
                "data-dx": "0",
                "data-dy": "0",
                "data-key": "pan-drag",
            },
        ),
        h("span", {"class": "sr-only"}, t("cal.pan.help")),
    )


def status_bar(ctrl: Controller) -> E:
    state = ctrl.state
    d = ctrl.decision()
    names = ctrl.names()
    p = d["player"] if d else 0
    if state["phase"] == "capital":
        stage = t("cal.status.capitals")
    else:
        stage = t("cal.status.round", round=state["round"])
    bits = [
        h(
            "div",
            {"class": "round"},
            h("span", None, stage),
            h(
                "span",
                {"class": f"own-{p}"},
                h("span", {"class": "cal-swatch"}),
                " ",
                t("cal.status.turn_of", name=names[state["player"]]),
                state["phase"] == "play" and plural("cal.status.moves_left", state["moves_left"]),
            ),
        ),
        h(
            "p",
            {
                "class": "prompt" + ("" if d is None or ctrl.is_human(d["player"]) else " bot"),
                "id": "prompt",
                "data-key": "prompt",
                "tabindex": "-1",
            },
            ctrl.prompt(),
        ),
    ]
    if any(k != HUMAN for k in ctrl.seats):
        bits.append(
            h(
                "button",
                {
                    "type": "button",
                    "class": "secondary small speed",
                    "data-action": "speed",
                    "data-key": "speed",
                    "aria-pressed": "true" if ctrl.fast else "false",
                },
                t("status.fast"),
            )
        )
        if ctrl.human_to_move() is None and d is not None and ctrl.humans():
            bits.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "secondary small",
                        "data-action": "skip",
                        "data-key": "skip",
                        "aria-pressed": "true" if ctrl.skip else "false",
                    },
                    t("cal.status.skip"),
                )
            )
    messages = []
    if ctrl.error:
        messages.append(h("p", {"class": "error", "role": "alert"}, ctrl.error))
    if ctrl.notice:
        messages.append(h("p", {"class": "notice", "role": "alert"}, ctrl.notice))
    return h("div", {"class": "status-bar"}, bits, messages)


def _button(label, action: str, key: str, *, enabled=True, primary=False, **data) -> E:
    attrs = {
        "type": "button",
        "class": "primary" if primary else "secondary",
        "data-action": action,
        "data-key": key,
        "disabled": not enabled,
    }
    for k, v in data.items():
        attrs[f"data-{k}"] = v
    return h("button", attrs, label)


def _choice(label, value: str, n: int, pressed: bool | None = None) -> E:
    attrs = {
        "type": "button",
        "class": "secondary",
        "data-action": "choose",
        "data-value": value,
        "data-key": f"choice-{n}",
    }
    if pressed is not None:
        attrs["aria-pressed"] = "true" if pressed else "false"
    return h("li", None, h("button", attrs, label))


def decision_panel(ctrl: Controller) -> E:
    d = ctrl.decision()
    kind = d["kind"]
    if kind == "capital":
        return confirm_panel(ctrl, consequence_text(ctrl), [])
    if kind == "turn":
        return turn_panel(ctrl)
    return hints.mark(ctrl, combat_prompt(ctrl))  # a hinted choice marked


def consequence_text(ctrl: Controller) -> str:
    a = ctrl.turn.pending
    state = ctrl.state
    if a is None:
        if ctrl.decision()["kind"] == "capital":
            return t("cal.hint.capital")
        return ""
    card = ctrl.cards()[state["player"]]
    costs = card["costs"]
    if a.kind == "capital":
        return t("cal.cons.capital", square=a.square, n=card["infantry"])
    if a.kind == "move":
        d = ctrl.turn.dest or {}
        units = [model.unit(state, u) for u in a.units]
        what = model.units_text([u for u in units if u is not None])
        effect = d.get("effect", "move")
        line = t("cal.cons.move", units=what, square=a.square)
        extra = t(f"cal.effect.{effect}", square=a.square)
        if effect == "combat":
            w = model.board_info(state)["width"]
            sq = model.square_index(state)[a.square]
            defenders = model.units_on(state, (sq % w, sq // w))
            extra = t("cal.effect.combat_n", units=model.units_text(defenders))
        return f"{line} {extra} {t('cal.cons.uses_move')}"
    if a.kind == "build":
        w = model.board_info(state)["width"]
        sq = model.square_index(state)[a.square]
        castle = state["structures"][sq] is not None
        cost = costs["castle"] if castle else costs["tower"]
        return t("cal.cons.castle" if castle else "cal.cons.tower", square=a.square, gold=cost)
    if a.kind == "bombard":
        return t("cal.cons.bombard", square=a.square, gold=costs["power"])
    if a.kind == "transport":
        return t("cal.cons.transport", square=a.square, gold=costs["power"])
    if a.kind == "upgrade" and model.unit(state, a.unit) is not None:  # a hint's (hints.py)
        u = model.unit(state, a.unit)
        where = model.name_of(state, model.unit_at(state, a.unit))
        cost = costs["cavalry" if u["rank"] == 1 else "general"]
        return t("cal.hint.cons.upgrade", rank=model.rank_word(u["rank"]), square=where, gold=cost)
    if a.kind == "end":
        return t("cal.hint.cons.end")
    return str(a)


def confirm_panel(ctrl: Controller, text: str, extra: list) -> E:
    pending = ctrl.turn.pending
    something = pending is not None or ctrl.turn.units or ctrl.turn.mode != "move"
    return h(
        "div",
        {"class": "cal-actions confirm-bar" + (" active" if pending is not None else "")},
        h("p", {"class": "cal-consequence", "data-key": "consequence"}, text),
        odds_view.preview(ctrl),
        _button(t("turn.confirm"), "confirm", "confirm", enabled=pending is not None, primary=True),
        _button(t("turn.undo"), "undo", "undo", enabled=bool(something)),
        extra,
    )


def turn_panel(ctrl: Controller) -> E:
    state = ctrl.state
    p = ctrl.human_to_move()
    card = ctrl.cards()[p]
    costs = card["costs"]
    turn = ctrl.turn
    extra = []
    up = ctrl.upgrade_action()
    chosen = ctrl.upgrade_unit()
    if chosen is not None and model.unit(state, chosen) is not None:
        rank = model.unit(state, chosen)["rank"]
        label = (
            t(
                "cal.btn.upgrade",
                rank=model.rank_word(min(rank + 1, 3)),
                gold=costs["cavalry" if rank == 1 else "general"],
            )
            if rank < 3
            else t("cal.btn.upgrade_top")
        )
    else:
        label = t("cal.btn.upgrade_choose")
    if up is None and chosen is not None and model.unit(state, chosen) is not None:
        rank = model.unit(state, chosen)["rank"]  # not enough gold: said on the button
        need = costs["cavalry" if rank == 1 else "general"] if rank < 3 else 0
        label = warnings.why_label(label, warnings.short_of(need, card["available"]))
    extra.append(_button(label, "upgrade", "upgrade", enabled=up is not None))
    builds = ctrl.build_squares()
    extra.append(
        h(
            "button",
            {
                "type": "button",
                "class": "secondary",
                "data-action": "mode",
                "data-value": "build",
                "data-key": "mode-build",
                "aria-pressed": "true" if turn.mode == "build" else "false",
                "disabled": not builds,
            },
            warnings.why_label(
                t("cal.btn.build", tower=costs["tower"], castle=costs["castle"]),
                not builds
                and warnings.short_of(warnings.build_need(state, p, costs) or 0, card["available"]),
            ),
        )
    )
    power = card["power"]
    if power in ("bombard", "transport"):
        targets = ctrl.power_targets()
        extra.append(
            h(
                "button",
                {
                    "type": "button",
                    "class": "secondary",
                    "data-action": "mode",
                    "data-value": power,
                    "data-key": f"mode-{power}",
                    "aria-pressed": "true" if turn.mode == power else "false",
                    "disabled": not targets and turn.mode != power,
                    "title": t("cal.btn.power_help"),
                },
                warnings.why_label(
                    t("cal.btn.power", power=model.power_name(power), gold=costs["power"]),
                    warnings.short_of(costs["power"], card["available"]),
                ),
            )
        )
    extra.append(
        _button(
            t("cal.btn.end", n=state["moves_left"]),
            "end-turn",
            "end-turn",
            enabled=turn.pending is None,
        )
    )
    text = consequence_text(ctrl)
    if turn.pending is not None:  # squares the move leaves open to an enemy, named
        text = " ".join(x for x in (text, warnings.left_open_text(state, turn.pending)) if x)
    if not text:
        if turn.mode == "build":
            text = t("cal.hint.build")
        elif turn.mode in ("bombard", "transport"):
            text = t(f"cal.hint.{turn.mode}")
        elif turn.units:
            text = t(
                "cal.hint.dest", units=model.units_text([model.unit(state, u) for u in turn.units])
            )
        else:
            text = t("cal.hint.turn")
    panel = confirm_panel(ctrl, text, extra)
    chips = unit_chips(ctrl)
    return h("div", {"class": "cal-decision"}, panel, chips) if chips is not None else panel


def unit_chips(ctrl: Controller) -> E | None:
    """The units on the chosen squares, each a toggle (to move only some of a stack)."""
    state = ctrl.state
    p = ctrl.human_to_move()
    squares = []
    for uid in ctrl.turn.units:
        at = model.unit_at(state, uid)
        if at is not None and at not in squares:
            squares.append(at)
    if not squares:
        return None
    chips = []
    for at in squares:
        for u in sorted(model.units_on(state, at, p), key=lambda u: (-u["rank"], u["id"])):
            if u["moved"]:
                continue
            chosen = u["id"] in ctrl.turn.units
            label = t(
                "cal.chip",
                rank=model.rank_word(u["rank"]),
                square=model.name_of(state, at),
            )
            chips.append(
                h(
                    "li",
                    None,
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "secondary",
                            "data-action": "unit",
                            "data-unit": str(u["id"]),
                            "data-key": f"unit-{u['id']}",
                            "aria-pressed": "true" if chosen else "false",
                        },
                        label,
                    ),
                )
            )
    return h("ul", {"class": "cal-units", "aria-label": t("cal.chips")}, chips)


def combat_prompt(ctrl: Controller) -> E:
    state = ctrl.state
    d = ctrl.decision()
    kind = d["kind"]
    c = state["combat"]
    p = d["player"]
    if kind == "siege":
        return siege.siege_prompt(ctrl, _choice)
    legal = GAME.legal_actions(ctrl.obs(p), p)
    items = []
    if kind == "ambush":
        cost = ctrl.cards()[p]["costs"]["power"]
        for n, a in enumerate(legal):
            if a.unit < 0:
                label = t("cal.choice.noambush")
            else:
                u = model.unit(state, a.unit)
                label = t("cal.choice.ambush", rank=model.rank_word(u["rank"]), gold=cost)
            items.append(_choice(label, str(a), n))
        text = t("cal.ask.ambush", square=c["square"])
    elif kind == "pair":
        defenders = sorted(
            model.units_on(state, model.at_of(state, c["square"]), p), key=lambda u: -u["rank"]
        )
        chosen = ctrl.turn.defender
        if chosen is None and len({u["rank"] for u in defenders}) == 1:
            chosen = defenders[0]["id"]
        if chosen is None:
            seen = set()
            for u in defenders:
                if u["rank"] in seen:
                    continue
                seen.add(u["rank"])
                items.append(
                    _choice(
                        t("cal.choice.defender", rank=model.rank_word(u["rank"])),
                        f"def {u['id']}",
                        len(items),
                    )
                )
            text = t("cal.ask.pair_def", square=c["square"])
        else:
            du = model.unit(state, chosen)
            seen = set()
            for a in legal:
                if a.attacker in seen:
                    continue
                seen.add(a.attacker)
                au = model.unit(state, a.attacker)
                sources = ctrl.pair_sources(a.attacker, chosen)
                if sources is not None:
                    mine = model.sources_text(sources[1], du["rank"])
                    theirs = model.sources_text(sources[0], au["rank"])
                else:  # the engine's totals alone
                    dice = GAME.battle_dice(ctrl.obs(p), a.attacker, chosen) or {}
                    mine = plural("cal.dice", dice.get("defender", "?"))
                    theirs = plural("cal.dice", dice.get("attacker", "?"))
                label = t(
                    "cal.choice.attacker",
                    mine=model.rank_word(du["rank"]),
                    rank=model.rank_word(au["rank"]),
                    square=board_name(state, c["origins"].get(str(a.attacker))),
                    a=mine,
                    b=theirs,
                )
                items.append(_choice(label, f"pair {chosen} {a.attacker}", len(items)))
            text = t("cal.ask.pair_att", rank=model.rank_word(du["rank"]))
    else:  # withdraw
        u = model.unit(state, c["winner"]) if c.get("winner") else None
        origin = c["origins"].get(str(c.get("winner")))
        back = model.board_info(state)["squares"][origin]["name"] if origin is not None else ""
        items.append(_choice(t("cal.choice.stay"), "stay", 0))
        items.append(_choice(t("cal.choice.withdraw", square=back), "withdraw", 1))
        text = t("cal.ask.withdraw", rank=model.rank_word(u["rank"]) if u else "")
    odds_view.annotate(ctrl, items)
    return h(
        "div",
        {"class": "cal-actions cal-prompt", "data-key": "combat-prompt"},
        h("p", {"class": "cal-consequence"}, text),
        h("ul", {"class": "cal-choice-list"}, items),
        ctrl.turn.defender is not None and _button(t("turn.undo"), "undo", "undo"),
    )


def board_name(state: dict, sq) -> str:
    """The name of a square given by its number (the engine's combat keeps numbers)."""
    squares = model.board_info(state)["squares"]
    return squares[sq]["name"] if isinstance(sq, int) and 0 <= sq < len(squares) else "?"


def waiting_panel(ctrl: Controller) -> E:
    return h(
        "div",
        {"class": "cal-actions waiting"},
        h("p", {"class": "cal-consequence"}, story.last_text(ctrl)),
    )


def fight_panel(ctrl: Controller) -> E | None:
    """The open combat (who fights whom) and the dice of the last action's battles."""
    state = ctrl.state
    names = ctrl.names()
    c = state.get("combat")
    rolls = [ev for ev in state.get("events", []) if ev.get("type") in ("battle", "siege")]
    if c is None and not rolls:
        return None
    parts = [h("h3", None, t("cal.fight.title"))]
    if c is not None:
        attackers = [model.unit(state, i) for i in c["attackers"]]
        defenders = model.units_on(state, model.at_of(state, c["square"]), c["defender"])
        parts.append(
            h(
                "p",
                {"class": "sides"},
                h(
                    "span",
                    {"class": f"own-{c['attacker']}"},
                    h("span", {"class": "cal-swatch"}),
                    " ",
                    t(
                        "cal.fight.attack",
                        name=names[c["attacker"]],
                        units=model.units_text([u for u in attackers if u]),
                    ),
                ),
                h(
                    "span",
                    {"class": f"own-{c['defender']}"},
                    h("span", {"class": "cal-swatch"}),
                    " ",
                    siege.defended_text(ctrl, c)
                    if c.get("stage") == "siege"
                    else t(
                        "cal.fight.defend",
                        name=names[c["defender"]],
                        units=model.units_text(defenders),
                        square=c["square"],
                    ),
                ),
            )
        )
    key = str(len(state["log"]))
    sources = iter(ctrl.battle_sources())
    for n, ev in enumerate(rolls):
        known = next(sources, None) if ev["type"] == "battle" else None
        parts.append(dice_row(ctrl, ev, f"{key}-{n}", known))
    return h("div", {"class": "cal-fight", "data-key": "fight", "aria-live": "polite"}, parts)


def dice_row(ctrl: Controller, ev: dict, key: str, sources=None) -> E:
    """One battle's (or siege's) dice; ``sources``: the attacker's and the defender's dice by
    source, shown apart (base dice of the rank, then each bonus die marked with its source)."""
    rolling = "" if ctrl.reduced_motion else " rolling"
    if ev["type"] == "siege":
        won = ev["won"]
        verdict = t("cal.siege.won" if won else "cal.siege.lost", square=ev["square"])
        dice = ev["dice"]
        return h(
            "div",
            {"class": "cal-dice" + rolling, "data-key": f"dice-{key}"},
            h("span", {"class": "roll"}, _dice_svg(dice, "a")),
            h("span", {"class": "cal-verdict"}, verdict),
            h(
                "span",
                {"class": "cal-how", "data-key": f"how-{key}"},
                story.sentence(story.siege_how(ev)),
            ),
        )
    a_won = ev["won"] == "attacker"
    rows = []
    for a, d in ev["dice"]:
        rows.append(
            h(
                "span",
                {"class": "roll"},
                h("span", {"class": "who"}, t("cal.dice.att")),
                _dice_svg(a, "a"),
                h("span", {"class": "who"}, t("cal.dice.def")),
                _dice_svg(d, "d"),
            )
        )
    verdict = t("cal.battle.att_won" if a_won else "cal.battle.def_won")
    label = t(
        "cal.dice.label",
        a=", ".join(map(str, ev["dice"][-1][0])),
        d=", ".join(map(str, ev["dice"][-1][1])),
        verdict=verdict,
    )
    how = story.sentence(story.battle_how(ev))  # how the dice decided it, in words
    label += " " + how
    told = []
    if sources is not None:
        ranks = [dict(sources[0]).get("rank", 1), dict(sources[1]).get("rank", 1)]
        keys = ("cal.dice.att_sources", "cal.dice.def_sources")
        for side, key_, part, rank in zip(("a", "d"), keys, sources, ranks, strict=True):
            text = t(key_, text=model.sources_text(part, rank))
            label += " " + text + "."
            told.append(source_strip(part, rank, side, text))
    return h(
        "div",
        {
            "class": "cal-dice" + rolling,
            "data-key": f"dice-{key}",
            "role": "img",
            "aria-label": label,
        },
        rows,
        h("span", {"class": "cal-verdict"}, verdict),
        h("span", {"class": "cal-how", "data-key": f"how-{key}"}, how),
        told and h("span", {"class": "dice-sources"}, told),
    )


def source_strip(sources: list[tuple[str, int]], rank: int, side: str, text: str) -> E:
    """A unit's dice by source: a blank die for each die of its rank, then each bonus die
    marked with its source (tinted, lettered), with the words beside."""
    size, gap = 8.0, 1.5
    faces = []
    x = size / 2 + 0.5
    for source, n in sources:
        for _ in range(n):
            cls = "src-die base" if source == "rank" else f"src-die bonus src-{source}"
            mark = "" if source == "rank" else t(f"cal.src.{source}.mark")
            faces.append(art.source_die(x, size / 2 + 0.5, size, cls, mark))
            x += size + gap
        x += gap  # a gap between sources
    return h(
        "span",
        {"class": f"src-line side-{side}", "data-sources": " ".join(s for s, _ in sources)},
        h(
            "svg",
            {
                "class": "src-dice",
                "viewBox": f"0 0 {svg_num(x)} {svg_num(size + 1)}",
                "aria-hidden": "true",
                "focusable": "false",
            },
            faces,
        ),
        h("span", {"class": "src-text"}, text),
    )


def _dice_svg(values: list[int], side: str) -> E:
    size = 10.0
    gap = 2.0
    width = max(1, len(values)) * (size + gap)
    return h(
        "svg",
        {
            "class": f"dice side-{side}",
            "viewBox": f"0 0 {width:.0f} {size + 2:.0f}",
            "aria-hidden": "true",
            "focusable": "false",
        },
        [
            art.die(v, i * (size + gap) + size / 2 + 1, size / 2 + 1, size, "die")
            for i, v in enumerate(values)
        ],
    )


def cards_panel(ctrl: Controller) -> E:
    state = ctrl.state
    d = ctrl.decision()
    names = ctrl.names()
    items = []
    for p, card in enumerate(ctrl.cards()):
        c = card["costs"]
        to_move = d is not None and state["player"] == p
        # a computer's name and its tag, the tag never broken ("(computer)" whole)
        who = (
            names[p]
            if ctrl.is_human(p)
            else [names[p], " ", h("span", {"class": "bot-tag"}, t("cal.card.bot_tag"))]
        )
        rows = [
            (
                t("cal.card.gold"),
                plural("cal.card.gold_value", card["available"], held=card["gold"]),
            ),
            (
                t("cal.card.moves"),
                plural("cal.card.moves_value", card["moves_left"], moves=card["moves"]),
            ),
            (t("cal.card.units"), str(card["units"])),
            (
                t("cal.card.costs"),
                t(
                    "cal.card.costs_value",
                    cav=c["cavalry"],
                    gen=c["general"],
                    tower=c["tower"],
                    castle=c["castle"],
                ),
            ),
            (
                t("cal.card.power"),
                t("cal.card.power_value", power=model.power_name(card["power"]), gold=c["power"]),
            ),
        ]
        # where gold comes from, the capital in danger, how close to winning (warnings.py)
        watch = ctrl.capital_watch(p) if not card["out"] else None
        added = warnings.card_rows(state, p, card, watch)
        rows[1:1] = [(a, b) for key, a, b in added if key == "income"]
        rows += [(a, b) for key, a, b in added if key != "income"]
        danger = warnings.board_marks(state, watch)
        items.append(
            h(
                "li",
                {
                    "class": f"cal-card own-{p}"
                    + (" to-move" if to_move else "")
                    + (" out" if card["out"] else "")
                    + "".join(f" threat-{level}" for level in danger.values()),
                    "data-key": f"card-{p}",
                    "data-player": str(p),
                },
                h(
                    "h3",
                    None,
                    h("span", {"class": "cal-swatch"}),
                    h("span", {"class": "who"}, who),
                    card["name"] != names[p] and h("span", {"class": "kname"}, card["name"]),
                    res_pair(card["resources"]),
                ),
                card["out"] and h("p", {"class": "out-note"}, t("cal.card.out")),
                h("dl", None, [[h("dt", None, a), h("dd", None, b)] for a, b in rows]),
            )
        )
    cards = h("ul", {"class": "cal-cards", "aria-label": t("cal.cards")}, items)
    if state["phase"] != "play":
        return cards
    return h(
        "div",
        {"class": "cal-cards-panel"},
        h("p", {"class": "cal-ways"}, warnings.ways_to_win(state)),
        cards,
    )


def log_panel(ctrl: Controller) -> E:
    lines = story.log_lines(ctrl, last=LOG_LINES)  # oldest first, with what each action did
    return shared_log(lines[::-1], "cal-log log-panel", ctrl)


# --------------------------------------------------------------------------- end


def end_screen(ctrl: Controller) -> E:
    state = ctrl.state
    result = ctrl.result or {}
    names = ctrl.names()
    winners = result.get("winners", [])
    if len(winners) == 1:
        title = t("end.winner", name=names[winners[0]])
    else:
        title = t("end.shared", names=t("list.and").join(names[w] for w in winners))
    how = result.get("how", "")
    bv = model.board_view(state)
    return h(
        "section",
        {"class": "screen-end cal-end", "data-screen": "end", "data-how": how},
        h("h1", {"data-key": "end-title", "tabindex": "-1", "class": "end-title"}, title),
        h("p", {"class": "how"}, t(f"cal.how.{how}", round=result.get("round", state["round"]))),
        fight_panel(ctrl),
        story.story_panel(ctrl),
        h(
            "div",
            {"class": "end-buttons"},
            _button(t("end.rematch"), "rematch", "rematch", primary=True),
            _button(t("end.new"), "menu-new", "end-new"),
        ),
        cards_panel(ctrl),
        h(
            "div",
            {"class": "cal-board-wrap" + (" epic" if state["options"]["epic"] else "")},
            draw_board(bv, Marks(), names, t("cal.board.final")),
        ),
    )
