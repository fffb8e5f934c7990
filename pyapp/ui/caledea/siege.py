"""The siege decision on the table (games of the later rulings): several kinds of units attack
an undefended enemy tower or castle, and the attacker chooses which tries next. One button per
choice the engine lists (``legal_actions``: one unit per kind), each with the unit's chance to
break the structure (``bots.odds.structure``: its rank's dice only, 5+ for a tower, a 6 for a
castle). Pure Python, no DOM; ``screens.combat_prompt`` and ``fight_panel`` call it.
"""

from __future__ import annotations

from pyapp.caledea.bots.odds import structure as break_chance
from pyapp.caledea.protocol import GAME

from ..i18n import t
from ..vdom import E, h
from . import model


def chance_percent(rank: int, level: int) -> int:
    """The chance, in whole percent, that a unit of ``rank`` breaks a structure of ``level``."""
    return round(100 * break_chance(rank, level))


def origin_name(state: dict, c: dict, uid: int) -> str:
    sq = c["origins"].get(str(uid))
    squares = model.board_info(state)["squares"]
    return squares[sq]["name"] if isinstance(sq, int) and 0 <= sq < len(squares) else "?"


def choices(ctrl) -> list[tuple[str, str]]:
    """(label, action text) of each unit the attacker may send next, as the engine lists them
    (strongest first)."""
    state = ctrl.state
    c = state["combat"]
    p = ctrl.decision()["player"]
    out = []
    for a in GAME.legal_actions(ctrl.obs(p), p):
        u = model.unit(state, a.unit)
        if u is None:
            continue
        label = t(
            f"cal.siege.choice{c['level']}",
            rank=model.rank_word(u["rank"]),
            square=origin_name(state, c, a.unit),
            chance=chance_percent(u["rank"], c["level"]),
        )
        out.append((label, str(a)))
    return out


def siege_prompt(ctrl, choice) -> E:
    """The prompt of the siege decision; ``choice(label, value, n)`` draws one button."""
    c = ctrl.state["combat"]
    items = [choice(label, value, n) for n, (label, value) in enumerate(choices(ctrl))]
    return h(
        "div",
        {"class": "cal-actions cal-prompt", "data-key": "combat-prompt"},
        h("p", {"class": "cal-consequence"}, t(f"cal.siege.ask{c['level']}", square=c["square"])),
        h("ul", {"class": "cal-choice-list"}, items),
    )


def defended_text(ctrl, c: dict) -> str:
    """The defending side of a siege in the fight panel: the undefended structure."""
    return t(f"cal.siege.side{c['level']}", name=ctrl.names()[c["defender"]], square=c["square"])
