"""Caldera's screens as functions of the controller (pure Python, no DOM): ``render(ctrl)``
gives the children of the app root and the data-key to focus.

The table is the board first (a 5×5 SVG: stacks, caps, the caldera, the highlights of the
decision, the preview of an eruption before it is made, the last eruption flying in), then the
turn's buttons, the players' collections with their trios, and the log. Every string comes
from ``t``; player names are only ever text.
"""

from __future__ import annotations

from ..frame import first_key, frame, messages, screen_of, speed_button, titled_screen
from ..frame import handover_screen as shared_handover
from ..frame import log_panel as shared_log
from ..i18n import plural, t
from ..seats import count_fieldset, form_error, seat_list, seed_field, setup_buttons
from ..vdom import E, h
from . import art, hints, strings, view  # noqa: F401  (strings: adds the catalogue entries)
from . import marks as move_marks
from .controller import Controller
from .marks import MoveMarks

LOG_LINES = 6  # shown in full, the latest first (static/css/pyramids.css: .pyr-log)


def render(ctrl: Controller) -> tuple[list[E], str | None]:
    body_fn = screen_of(ctrl, setup_screen, handover_screen, end_screen, table_screen)
    nodes, body = frame(ctrl, body_fn)
    return nodes, resolve_focus(ctrl.focus, body)


def resolve_focus(alias: str | None, body) -> str | None:
    """Focus aliases: "sq-first" (the first square that can be chosen), "dest-first" (the
    first highlighted destination); other values are data-keys."""
    if alias == "sq-first":
        return first_key(body, "sq-")
    if alias == "dest-first":
        elements = [x for b in body for x in b.iter()]
        for e in elements:
            if e.attrs.get("data-dest") == "1":
                return e.attrs["data-key"]
        return first_key(body, "sq-")
    return alias


# --------------------------------------------------------------------------- setup


def setup_screen(ctrl: Controller) -> E:
    f = ctrl.form
    return titled_screen(
        "setup",
        "screen-setup pyr-setup",
        t("setup.title"),
        h("p", {"class": "pyr-help"}, t("pyr.setup.help")),
        count_fieldset(f),
        seat_list(f),
        seed_field(f),
        form_error(f),
        h("p", {"class": "sr-only", "id": "app-status"}, t("app.ready")),
        setup_buttons(ctrl),
    )


# --------------------------------------------------------------------------- hand-over


def handover_screen(ctrl: Controller) -> E:
    p = ctrl.handover_to
    since = len(ctrl.state["log"]) - ctrl.seen.get(p, 0)
    recent = view.log_lines(ctrl.state, last=min(since, 12)) if since > 0 else []
    return shared_handover(view.player_name(ctrl.state, p), [x for _, x in reversed(recent)])


# --------------------------------------------------------------------------- the board


class Marks:
    """What the board highlights for the person to move (all read from the controller)."""

    def __init__(self, ctrl: Controller):
        me = ctrl.human_to_move()
        c = ctrl.choice
        self.caps: set[int] = set()
        self.dests: dict[int, tuple[bool, int]] = {}  # square -> (erupts, captures)
        self.power: set[int] = set()
        self.chosen = c.cap
        self.preview = None
        self.pending = c.pending
        if me is None or c.asking is not None:
            return
        self.caps = ctrl.movable_caps()  # choosing a cap puts a chosen piece aside
        if c.piece is not None:
            self.power = ctrl.power_squares(c.piece)
            return
        if c.cap is not None:
            moves = ctrl.moves_from(c.cap)
            for to, erupts in moves.items():
                won = 0
                if erupts:
                    move = ctrl.game.parse_action(
                        f"{view.square_name(c.cap)}-{view.square_name(to)}"
                    )
                    won = sum(1 for f in ctrl.preview(move)["flow"] if f["captured"])
                self.dests[to] = (erupts, won)
        if c.pending is not None:
            self.preview = ctrl.preview(c.pending)


def last_flight(ctrl: Controller) -> tuple[dict | None, tuple[int, int] | None, int]:
    """(the eruption to fly in, the cap move to fly in, an id for the animation's keys): only
    right after the move, and never with reduced motion."""
    state = ctrl.state
    log = state["log"]
    if ctrl.reduced_motion or not log:
        return None, None, 0
    text = log[-1][1]
    cap = None
    if "-" in text:
        frm, to = (view.square_of(x) for x in text.split("-", 1))
        if frm is not None and to is not None:
            cap = (frm, to)
    ended = state["result"] is not None or state["turn"]["start"] == len(log)
    last = state.get("last")
    erupted = ended and cap is not None and last is not None and last["from"] == cap[0]
    return (last if erupted else None), cap, len(log)


def newest_eruption_squares(state: dict) -> set[int]:
    """The squares of the eruption just made (the newest entry of the log), whoever made it."""
    log = state["log"]
    ended = state["result"] is not None or state["turn"]["start"] == len(log)
    last = state.get("last")
    if not (log and ended and last and "-" in log[-1][1]):
        return set()
    frm = view.square_of(log[-1][1].split("-", 1)[0])
    if frm != last["from"]:
        return set()
    return {last["from"], *(f["to"] for f in last["flow"])}


def board_svg(ctrl: Controller, interactive: bool = True, key_prefix: str = "sq-") -> E:
    state = ctrl.state
    board, caps = state["board"], set(state["caps"])
    marks = Marks(ctrl) if interactive else None
    eruption, cap_move, n = last_flight(ctrl) if interactive else (None, None, 0)
    moved = MoveMarks(ctrl)
    hinted = hints.square_labels(ctrl) if interactive else {}
    last_squares = newest_eruption_squares(state)
    # flights: landed pieces fly in from the origin, captured ones fly and vanish
    fly: dict[int, dict[int, tuple[str, float, float]]] = {}
    vanish: list[E] = []
    if eruption is not None:
        o = eruption["from"]
        for i, f in enumerate(eruption["flow"]):
            dx, dy = art.offset(o, f["to"])
            if f["captured"]:
                x0, y0 = art.origin(f["to"])
                vanish.append(
                    h(
                        "g",
                        {
                            "class": "caught-fly",
                            "data-key": f"caught-{n}-{i}",
                            "style": f"--dx:{dx:.0f}px;--dy:{dy:.0f}px;--i:{i}",
                        },
                        art.piece_shape(f["piece"], x0 + art.CELL / 2, y0 + 40.0),
                    )
                )
            else:
                stack = board[f["to"]]
                fly.setdefault(f["to"], {})[len(stack) - 1] = (f"fly-{n}-{i}", dx, dy)
    squares = []
    drawings = []
    tops: dict[int, float] = {}
    for sq in range(25):
        x0, y0 = art.origin(sq)
        capped = sq in caps
        stack = board[sq]
        cls = ["sq"]
        if sq == view.CALDERA:
            cls.append("caldera")
        if sq in last_squares:
            cls.append("last")
        if sq in moved.labels:
            cls.append("marked")
        parts = [
            h("rect", {"class": "cell", "x": x0, "y": y0, "width": art.CELL, "height": art.CELL})
        ]
        if sq == view.CALDERA:
            parts.append(
                h(
                    "circle",
                    {
                        "class": "crater",
                        "cx": x0 + art.CELL / 2,
                        "cy": y0 + art.CELL / 2,
                        "r": 40.0,
                    },
                )
            )
        shapes, top = art.stack_shapes(stack, False, sq, fly.get(sq))
        pieces = list(shapes)
        if capped:
            cap_parts = art.cap_shape(x0 + art.CELL / 2, top)
            if cap_move is not None and cap_move[1] == sq:
                dx, dy = art.offset(cap_move[0], sq)
                cap_parts = [
                    h(
                        "g",
                        {
                            "class": "fly cap-fly",
                            "data-key": f"capfly-{n}",
                            "style": f"--dx:{dx:.0f}px;--dy:{dy:.0f}px;--i:-1",
                        },
                        cap_parts,
                    )
                ]
            pieces.extend(cap_parts)
            top -= art.CAP_H
        tops[sq] = top
        label = [view.square_label(sq), view.stack_label(stack, capped)]
        attrs: dict = {"data-key": f"{key_prefix}{sq}", "data-sq": str(sq)}
        action = False
        if marks is not None:
            if sq == marks.chosen:
                cls.append("chosen")
                label.append(t("pyr.sq.chosen"))
                action = True
            elif sq in marks.dests:
                erupts, won = marks.dests[sq]
                cls.append("dest erupt" if erupts else "dest quiet")
                if marks.pending is not None and marks.pending.to == sq:
                    cls.append("pending")
                label.append(plural("pyr.sq.erupt", won) if erupts else t("pyr.sq.quiet"))
                pieces.append(dest_mark(sq, erupts, won))
                attrs["data-dest"] = "1"
                action = True
            elif sq in marks.caps:
                cls.append("can-choose")
                label.append(t("pyr.sq.choose_cap"))
                action = True
            elif sq in marks.power:
                cls.append("dest power")
                label.append(t("pyr.sq.power"))
                attrs["data-dest"] = "1"
                action = True
        if marks is not None and marks.preview is not None:
            for f in marks.preview["flow"]:
                if f["to"] == sq:
                    key = "pyr.sq.caught" if f["captured"] else "pyr.sq.lands"
                    label.append(t(key, piece=view.piece_label(f["piece"])))
        if sq in last_squares:
            label.append(t("pyr.sq.last"))
        label.extend(moved.labels.get(sq, ()))
        label.extend(hinted.get(sq, ()))
        if action:
            parts.append(
                h(
                    "rect",
                    {
                        "class": "hl",
                        "x": x0 + 3,
                        "y": y0 + 3,
                        "width": art.CELL - 6,
                        "height": art.CELL - 6,
                    },
                )
            )
        attrs["class"] = " ".join(cls)
        if action:
            attrs.update(
                {
                    "role": "button",
                    "tabindex": "0",
                    "data-action": "sq",
                    "data-at": str(sq),
                    "aria-pressed": "true" if sq == (marks.chosen if marks else None) else None,
                }
            )
        else:
            attrs["role"] = "img"
        squares.append(h("g", {**attrs, "aria-label": t("list.sep").join(label)}, parts))
        # the pieces lie above the squares, named by the squares' labels: hidden from screen
        # readers and let through to the square beneath by clicks
        drawings.append(h("g", {"data-key": f"{key_prefix}art-{sq}"}, pieces))
    # the other players' last moves drawn, unless a hint's whole turn is (their squares still
    # say them): one set of arrows at a time
    hinted_turn = hints.overlay(ctrl, tops) if marks is not None else []
    overlay = [] if hinted_turn else move_marks.overlay(moved, tops)
    if marks is not None:
        overlay.extend(preview_marks(marks, tops))
        overlay.extend(hinted_turn)
    return h(
        "svg",
        {
            "class": "pyr-board"
            + (" interactive" if marks and (marks.caps or marks.power) else ""),
            "viewBox": art.VIEW_BOX,
            "role": "group",
            "aria-label": t("pyr.board"),
            "data-key": f"{key_prefix}board",
        },
        h("rect", {"class": "board-bg", "x": 0, "y": 0, "width": "100%", "height": "100%"}),
        art.coordinates(),
        squares,
        h("g", {"class": "pieces", "aria-hidden": "true"}, drawings, overlay, vanish),
    )


def dest_mark(sq: int, erupts: bool, won: int) -> E:
    x0, y0 = art.origin(sq)
    if not erupts:
        return h(
            "circle",
            {"class": "dest-dot", "cx": x0 + art.CELL - 16, "cy": y0 + 16, "r": 7.0},
        )
    return h(
        "g",
        {"class": "dest-burst"},
        h(
            "polygon",
            {
                "class": "burst",
                "points": _star(x0 + art.CELL - 18, y0 + 18, 14.0, 7.0),
            },
        ),
        won
        and h(
            "text",
            {"class": "burst-n", "x": x0 + art.CELL - 18, "y": y0 + 19},
            str(won),
        ),
    )


def _star(cx: float, cy: float, r1: float, r2: float, points: int = 8) -> str:
    import math

    out = []
    for i in range(points * 2):
        r = r1 if i % 2 == 0 else r2
        a = math.pi * i / points - math.pi / 2
        out.append(f"{cx + r * math.cos(a):.1f},{cy + r * math.sin(a):.1f}")
    return " ".join(out)


def preview_marks(marks: Marks, tops: dict[int, float]) -> list[E]:
    """The eruption a pending move would make, drawn before it is made: the path, each piece
    on its landing square (captured or staying), the cap's new square, what stays behind."""
    if marks.preview is None or marks.pending is None:
        return []
    move = marks.pending
    p = marks.preview
    out = [art.path_line(move.frm, [move.to, *(f["to"] for f in p["flow"])], "flow-path")]
    x1, y1 = art.origin(move.to)
    out.append(
        h(
            "polygon",
            {
                "class": "cap-ghost",
                "points": f"{x1 + 32:.0f},{tops[move.to]:.0f} {x1 + 68:.0f},{tops[move.to]:.0f} "
                f"{x1 + 50:.0f},{tops[move.to] - art.CAP_H:.0f}",
            },
        )
    )
    for i, f in enumerate(p["flow"]):
        out.append(
            h(
                "g",
                {
                    "class": "ghost-piece" + (" caught" if f["captured"] else ""),
                    "data-to": str(f["to"]),
                },
                art.ghost(f["piece"], f["to"], tops[f["to"]], f["captured"], i + 1),
            )
        )
    if p["stay"]:
        x0, y0 = art.origin(move.frm)
        out.append(
            h(
                "text",
                {"class": "stay-mark", "x": x0 + art.CELL / 2, "y": y0 + 14},
                "= " + str(len(p["stay"])),
            )
        )
    return out


# --------------------------------------------------------------------------- the table


def table_screen(ctrl: Controller) -> E:
    d = ctrl.decision()
    me = ctrl.human_to_move()
    return h(
        "section",
        {
            "class": "pyr-table",
            "data-screen": "table",
            "data-decision": d["kind"] if d else "",
            "data-human-turn": "true" if me is not None else "false",
            "data-player": str(d["player"]) if d else "",
        },
        status_bar(ctrl),
        h("div", {"class": "pyr-board-wrap"}, board_svg(ctrl)),
        h(
            "div",
            {"class": "pyr-side"},
            action_bar(ctrl),
            players_panel(ctrl),
            more_bar(ctrl),
            log_panel(ctrl),
        ),
    )


def status_bar(ctrl: Controller) -> E:
    state = ctrl.state
    d = ctrl.decision()
    bot = d is not None and not ctrl.is_human(d["player"])
    facts = [h("span", {"class": "turn-no"}, t("pyr.status.turn", n=state["turn"]["number"]))]
    if state.get("calm", 0) >= 10:
        facts.append(h("span", {"class": "calm"}, t("pyr.status.calm", n=state["calm"])))
    bits = [
        h(
            "p",
            {"class": "prompt" + (" bot" if bot else ""), "id": "prompt", "data-key": "prompt"},
            ctrl.prompt(),
        ),
        h("div", {"class": "tools"}, h("p", {"class": "facts"}, facts), speed_button(ctrl)),
    ]
    return h("div", {"class": "pyr-status"}, bits, messages(ctrl))


def _button(action: str, label: str, cls: str = "secondary", disabled: bool = False, **data):
    attrs = {
        "type": "button",
        "class": cls,
        "data-action": action,
        "data-key": data.pop("key", action),
        "disabled": disabled,
    }
    attrs.update({f"data-{k}": v for k, v in data.items()})
    return h("button", attrs, label)


def action_bar(ctrl: Controller) -> E:
    c = ctrl.choice
    if c.asking is not None:
        what = c.asking
        return h(
            "div",
            {"class": "pyr-actions asking", "data-key": "actions"},
            h("p", {"class": "preview-text"}, ctrl.prompt()),
            h(
                "div",
                {"class": "buttons"},
                _button("answer", t("pyr.turn.yes"), "primary", value="yes", key=f"{what}-yes"),
                _button("answer", t("pyr.turn.no"), value="no", key=f"{what}-no"),
            ),
        )
    text = hints.left_text(ctrl)  # a hint's turn still to play, in words
    if c.pending is not None:
        text = view.preview_text(ctrl.preview(c.pending), c.pending)
    # drawn on every turn (disabled while a bot or nobody decides), so nothing jumps
    nothing = c.pending is None and c.cap is None and c.piece is None
    buttons = [
        _button("confirm", t("pyr.turn.confirm"), "primary", disabled=c.pending is None),
        _button("undo", t("pyr.turn.cancel"), disabled=nothing),
        _button("takeback", t("pyr.turn.takeback"), disabled=not ctrl.can_take_back()),
    ]
    if ctrl.human_to_move() is not None and ctrl.can_pass():
        buttons.append(_button("pass", t("pyr.turn.pass"), "primary"))
    if hints.button_shown(ctrl):
        buttons.insert(0, _button("hint-play", t("pyr.hint.play"), "primary"))
    return h(
        "div",
        {
            "class": "pyr-actions" + (" active" if c.pending is not None else ""),
            "data-key": "actions",
        },
        h(
            "p",
            {"class": "preview-text", "aria-live": "polite", "data-key": "preview"},
            text,
        ),
        h("div", {"class": "buttons"}, buttons),
    )


def more_bar(ctrl: Controller) -> E:
    off = ctrl.human_to_move() is None
    return h(
        "div",
        {"class": "pyr-more"},
        _button("resign", t("pyr.turn.resign"), "secondary small", disabled=off),
        ctrl.draw_offer_allowed()
        and _button("draw", t("pyr.turn.draw"), "secondary small", disabled=off),
    )


def collection_row(ctrl: Controller, p: int, choosing: bool) -> E:
    """A player's captured pieces by colour and size (a mini pyramid and a count each), each
    colour's complete trios (a badge), the pieces its next trio lacks outlined where they
    would go, and that in words (``next_trio``); for the person to move, the pieces that may
    be put back are buttons. Trios and what is missing come from the engine's count."""
    coll = ctrl.state["collections"][p]
    if not coll:
        return h("p", {"class": "coll empty"}, t("pyr.collection.empty"))
    report = view.trio_report(coll)
    missing = {piece for alt in report["next"] for piece in alt} if report["missing"] < 3 else set()
    counts: dict[str, int] = {}
    for piece in coll:
        counts[piece] = counts.get(piece, 0) + 1
    playable = ctrl.power_pieces() if choosing else set()
    groups = []
    for col in view.COLOURS:
        items = []
        for s in view.SIZES:
            piece = col + s
            k = counts.get(piece, 0)
            if k:
                items.append(piece_item(ctrl, piece, k, piece in playable))
            if piece in missing:
                items.append(
                    h(
                        "span",
                        {"class": "pc-missing", "data-piece": piece},
                        art.mini_piece(piece, "missing"),
                    )
                )
        done = report["by_colour"].get(col, 0)
        if done:
            items.append(
                h(
                    "span",
                    {"class": "trio-badge", "data-colour": col, "data-n": str(done)},
                    plural("pyr.trio.badge", done),
                )
            )
        if items:
            groups.append(
                h(
                    "span",
                    {"class": f"coll-group c-{col}" + (" has-trio" if done else "")},
                    items,
                )
            )
    return h("div", {"class": "coll"}, groups)


def piece_item(ctrl: Controller, piece: str, k: int, playable: bool) -> E:
    inner = [art.mini_piece(piece), h("span", {"class": "n"}, f"×{k}") if k > 1 else None]
    if playable:
        return h(
            "button",
            {
                "type": "button",
                "class": "pc-btn",
                "data-action": "piece",
                "data-piece": piece,
                "data-key": f"piece-{piece}",
                "aria-pressed": "true" if ctrl.choice.piece == piece else "false",
                "aria-label": t("pyr.piece.button", piece=view.piece_label(piece), n=k),
            },
            inner,
        )
    return h(
        "span",
        {
            "class": "pc-item",
            "role": "img",
            "aria-label": view.piece_label(piece) + (f" ×{k}" if k > 1 else ""),
        },
        inner,
    )


def next_trio(ctrl: Controller, p: int) -> E | None:
    """What the next trio of a player lacks, in words (none before the first capture)."""
    coll = ctrl.state["collections"][p]
    if not coll:
        return None
    report = view.trio_report(coll)
    if report["trios"] >= 3:
        return None
    return h(
        "p",
        {"class": "next-trio", "data-missing": str(report["missing"])},
        view.next_trio_text(report),
    )


def players_panel(ctrl: Controller) -> E:
    state = ctrl.state
    d = ctrl.decision()
    me = ctrl.human_to_move()
    cards = []
    for p, name in enumerate(state["options"]["names"]):
        coll = state["collections"][p]
        trios = view.trios_of(coll)
        to_move = d is not None and d["player"] == p
        choosing = me == p and ctrl.choice.asking is None
        cls = "player" + (" to-move" if to_move else "") + (f" seat-{p}")
        head = [
            h("span", {"class": "pname"}, name),
            not ctrl.is_human(p) and h("span", {"class": "ptag"}, t("pyr.bot")),
            to_move and h("span", {"class": "ptag move"}, t("pyr.to_move")),
            h("span", {"class": "trios", "data-trios": str(trios)}, t("pyr.trios", n=trios)),
        ]
        hint = None
        if choosing and coll:
            used = d.get("power")
            hint = h(
                "p",
                {"class": "hint"},
                t("pyr.collection.used") if used else t("pyr.collection.power"),
            )
        cards.append(
            h(
                "li",
                {
                    "class": cls,
                    "data-key": f"player-{p}",
                    "aria-label": t(
                        "pyr.collection",
                        name=name,
                        trios=plural("pyr.collection.trios", trios),
                        captured=plural("pyr.collection.captured", len(coll)),
                    ),
                },
                h("div", {"class": "phead"}, head),
                collection_row(ctrl, p, choosing),
                next_trio(ctrl, p),
                hint,
            )
        )
    return h(
        "ul",
        {"class": "pyr-players", "aria-label": t("pyr.players")},
        cards,
    )


def log_panel(ctrl: Controller) -> E:
    return shared_log(view.log_lines(ctrl.state, last=LOG_LINES), "pyr-log", ctrl)


# --------------------------------------------------------------------------- end


def end_screen(ctrl: Controller) -> E:
    result = ctrl.result
    names = ctrl.state["options"]["names"]
    title = view.result_title(result, names)
    cards = []
    for p, name in enumerate(names):
        trios = result["scores"][p]
        win = p in result["winners"]
        cards.append(
            h(
                "li",
                {"class": "player" + (" winner" if win else ""), "data-key": f"end-player-{p}"},
                h(
                    "div",
                    {"class": "phead"},
                    h("span", {"class": "pname"}, name),
                    h(
                        "span",
                        {"class": "trios", "data-trios": str(trios)},
                        t("pyr.trios", n=trios),
                    ),
                ),
                collection_row(ctrl, p, False),
                next_trio(ctrl, p),
            )
        )
    return h(
        "section",
        {"class": "pyr-end", "data-screen": "end"},
        h("h1", {"data-key": "end-title", "tabindex": "-1", "class": "end-title"}, title),
        h(
            "p",
            {"class": "end-reason", "data-reason": result["reason"]},
            view.result_reason(result, names),
        ),
        h(
            "div",
            {"class": "end-buttons"},
            _button("rematch", t("end.rematch"), "primary"),
            _button("menu-new", t("end.new"), key="end-new"),
        ),
        h("h2", None, t("pyr.end.collections")),
        h("ul", {"class": "pyr-players end"}, cards),
        h(
            "div",
            {"class": "pyr-board-wrap end"},
            board_svg(ctrl, interactive=False, key_prefix="end-sq-"),
        ),
    )
