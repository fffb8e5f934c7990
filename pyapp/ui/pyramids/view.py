"""Caldera's words: pieces, stacks, squares, prompts and moves in the current language (pure
Python). Reads the engine's state and its reports (``state["last"]``, ``preview``), never
works out a rule itself."""

from __future__ import annotations

from pyapp.pyramids.board import SIZE, SQUARE_NAMES

from ..i18n import plural, t
from . import strings  # noqa: F401  (adds the catalogue entries used here)

COLOURS = ("R", "Y", "G", "B")
SIZES = ("S", "M", "L")
CALDERA = SIZE * SIZE // 2
CALM_TURNS = 30  # turns without capture before a draw (the engine's stall guard, for the status)


def square_name(sq: int) -> str:
    return SQUARE_NAMES[sq]


def square_of(name: str) -> int | None:
    try:
        return SQUARE_NAMES.index(name)
    except ValueError:
        return None


def colour_word(c: str) -> str:
    return t(f"pyr.colour.{c}")


def colour_letter(c: str) -> str:
    return t(f"pyr.colour.{c}.letter")


def size_word(s: str) -> str:
    return t(f"pyr.size.{s}")


def piece_label(piece: str) -> str:
    """``YL`` -> "yellow large" ("grande jaune" in French)."""
    return t("pyr.piece", colour=colour_word(piece[0]), size=size_word(piece[1]))


def stack_label(stack: list[str], capped: bool) -> str:
    """A stack for screen readers, bottom piece first: "red small under red medium under red
    large, capped"; "empty" or "a cap alone"."""
    if not stack:
        return t("pyr.stack.cap_alone") if capped else t("pyr.stack.empty")
    text = t("pyr.stack.under").join(piece_label(p) for p in stack)
    return text + t("pyr.stack.capped") if capped else text


def square_label(sq: int) -> str:
    name = square_name(sq)
    return t("pyr.square.caldera", sq=name) if sq == CALDERA else name


def trios_of(collection: list[str]) -> int:
    """The count shown beside a collection; the engine's own count (``GAME.trios``)."""
    from pyapp.pyramids.protocol import GAME

    return GAME.trios(collection)


def player_name(state: dict, p: int) -> str:
    return state["options"]["names"][p]


def prompt_text(ctrl) -> str:
    """What the player to move must do, in words."""
    state = ctrl.state
    d = ctrl.decision()
    if d is None:
        return ""
    p = d["player"]
    name = player_name(state, p)
    if not ctrl.is_human(p):
        return t("prompt.bot", name=name)
    c = ctrl.choice
    if c.asking == "resign":
        return t("pyr.prompt.resign", name=name)
    if c.asking == "draw":
        return t("pyr.prompt.draw")
    if c.pending is not None:
        return t("pyr.prompt.confirm", name=name)
    if c.piece is not None:
        return t("pyr.prompt.power", name=name, piece=piece_label(c.piece))
    if c.cap is not None:
        key = "pyr.prompt.again_cap" if d.get("quiet") else "pyr.prompt.destination"
        return t(key, name=name, sq=square_name(c.cap))
    if ctrl.can_pass():
        return t("pyr.prompt.pass", name=name)
    if d.get("quiet"):
        return t("pyr.prompt.again", name=name)
    return t("pyr.prompt.turn", name=name)


def flow_text(flow: list[dict], stay: int | list) -> str:
    """An eruption's pieces in words: where each lands, which are captured, what stays."""
    parts = []
    for f in flow:
        key = "pyr.flow.captured" if f["captured"] else "pyr.flow.lands"
        parts.append(t(key, piece=piece_label(f["piece"]), sq=square_name(f["to"])))
    n = stay if isinstance(stay, int) else len(stay)
    if n:
        parts.append(plural("pyr.flow.stay", n))
    return t("list.sep").join(parts)


def preview_text(preview: dict, move) -> str:
    """The consequence of an erupting move, before it is made."""
    flow = preview["flow"]
    won = sum(1 for f in flow if f["captured"])
    head = plural("pyr.preview.head", won, frm=square_name(move.frm), to=square_name(move.to))
    return head + " " + flow_text(flow, preview["stay"]) + "."


def describe_action(state: dict, player, text: str) -> str:
    """A move of the log in words (the last one: an eruption is told with its captures)."""
    name = player_name(state, player) if isinstance(player, int) else ""
    words = text.split()
    if text in ("pass", "resign", "draw"):
        return t(f"pyr.log.{text}", name=name)
    if len(words) == 3 and words[0] == "power":
        return t("pyr.log.power", name=name, piece=piece_label(words[1]), sq=words[2])
    if "-" in text:
        frm, to = text.split("-", 1)
        last = state.get("last")
        entries = state["log"]
        is_last = bool(entries) and entries[-1][1] == text
        ended = state["result"] is not None or state["turn"]["start"] == len(entries)
        if is_last and ended and last and square_name(last["from"]) == frm:
            won = [f["piece"] for f in last["flow"] if f["captured"]]
            caught = (
                t("list.sep").join(piece_label(p) for p in won) if won else t("pyr.log.nothing")
            )
            return t("pyr.log.erupt", name=name, frm=frm, to=to, caught=caught)
        return t("pyr.log.move", name=name, frm=frm, to=to)
    return text


def log_lines(state: dict, last: int) -> list[tuple[int, str]]:
    """The last ``last`` moves as (player, text), newest first. The newest is told in full
    (``describe_action``); an older cap move followed by another player's move ended its turn,
    so it was an eruption."""
    entries = state["log"]
    out = []
    for i in range(len(entries) - 1, max(0, len(entries) - last) - 1, -1):
        p, text = entries[i]
        if i == len(entries) - 1 or "-" not in text:
            out.append((p, describe_action(state, p, text)))
            continue
        frm, to = text.split("-", 1)
        key = "pyr.log.erupt_short" if entries[i + 1][0] != p else "pyr.log.move"
        out.append((p, t(key, name=player_name(state, p), frm=frm, to=to)))
    return out


def result_title(result: dict, names: list[str]) -> str:
    winners = result["winners"]
    reason = result["reason"]
    if len(winners) == 1:
        return t("end.winner", name=names[winners[0]])
    if winners:
        return t("end.shared", names=t("list.and").join(names[w] for w in winners))
    return t(f"pyr.end.draw.{reason}") if reason in ("agreed", "calm", "repetition") else ""


def result_reason(result: dict, names: list[str]) -> str:
    reason = result["reason"]
    by = result.get("by")
    who = names[by] if isinstance(by, int) and 0 <= by < len(names) else ""
    return t(f"pyr.end.reason.{reason}", name=who)
