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


def trio_report(collection: list[str]) -> dict:
    """The collection's trios and what its next one lacks (``explain.trio_report``, from the
    engine's own count)."""
    from pyapp.pyramids.explain import trio_report as report

    return report(collection)


def next_trio_text(report: dict) -> str:
    """What the next trio lacks, in words: the fewest pieces missing and, for each colour that
    comes that close, which ("yellow medium and yellow large, or red large")."""
    k = report["missing"]
    if k >= 3:
        return t("pyr.trio.any")
    alts = [t("pyr.trio.and").join(piece_label(p) for p in alt) for alt in report["next"]]
    return plural("pyr.trio.missing", k, pieces=t("pyr.trio.alt").join(alts))


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
    """A move of the log in words: the newest entry when it is ``text`` (told in full, an
    eruption with its captures), else the action by its text alone."""
    entries = state["log"]
    if entries and entries[-1][1] == text and entries[-1][0] == player:
        return describe_entry(state, len(entries) - 1)
    return _describe(state, player, text, None)


def describe_entry(state: dict, i: int) -> str:
    """Entry ``i`` of the log in words, with what it did (the engine's ``explain.effects``):
    a quiet cap move, an eruption and its captures (for every player alike), a Power Play, a
    pass."""
    from pyapp.pyramids.explain import effect_at

    player, text = state["log"][i]
    return _describe(state, player, text, effect_at(state, i))


def _describe(state: dict, player, text: str, effect: dict | None) -> str:
    name = player_name(state, player) if isinstance(player, int) else ""
    words = text.split()
    if text in ("pass", "resign", "draw"):
        return t(f"pyr.log.{text}", name=name)
    if len(words) == 3 and words[0] == "power":
        return t("pyr.log.power", name=name, piece=piece_label(words[1]), sq=words[2])
    if "-" in text:
        frm, to = text.split("-", 1)
        if effect is None or effect.get("kind") != "move" or not effect["erupts"]:
            return t("pyr.log.move", name=name, frm=frm, to=to)
        won = effect["captured"]
        if won is None:  # an observation's older eruption: its pieces are not known
            return t("pyr.log.erupt_short", name=name, frm=frm, to=to)
        caught = t("list.sep").join(piece_label(p) for p in won) if won else t("pyr.log.nothing")
        return t("pyr.log.erupt", name=name, frm=frm, to=to, caught=caught)
    return text


def log_lines(state: dict, last: int) -> list[tuple[int, str]]:
    """The last ``last`` moves as (player, text), newest first, each told with what it did
    (``describe_entry``: every eruption with its captures, whoever made it)."""
    entries = state["log"]
    return [
        (entries[i][0], describe_entry(state, i))
        for i in range(len(entries) - 1, max(0, len(entries) - last) - 1, -1)
    ]


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
