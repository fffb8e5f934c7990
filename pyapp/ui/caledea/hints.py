"""A hint on Caledea's table fills in the judge's whole decision as the person would choose it,
ready for Confirm (pure Python, no DOM):

* a capital, a move, a build, a Bombard or a Transport, an upgrade, the end of the turn: the
  units chosen (their squares and chips selected), the mode, the destination or target, and the
  action pending: the board draws the move and its path, the bar its consequence and, for a
  fight, its odds (``odds_view.preview``); Confirm plays it;
* a choice of a combat (ambush or not, the defender and the battle of a pairing, stay or
  withdraw, which unit tries a structure next): the pairing's defender chosen, and the button of
  the hinted choice marked "Hint" and focused (pressing it plays it, as any of those buttons).

The hint never decides legality: it selects only an action the engine allows (``why_illegal``),
through the very choices the table offers (``destinations``, the build and power squares...).
Escape takes it back (the table's ``undo``); any move drops it (the choice is reset).
"""

from __future__ import annotations

from pyapp.caledea.actions import Move
from pyapp.caledea.protocol import GAME

from ..i18n import add_texts, t
from ..vdom import E, h
from . import model
from .controller import Controller, Turn

EN = {
    "cal.hint.badge": "Hint",
    "cal.hint.cons.upgrade": "Upgrade the {rank} on {square} for {gold} gold.",
    "cal.hint.cons.end": "End the turn.",
}
FR = {
    "cal.hint.badge": "Conseil",
    "cal.hint.cons.upgrade": "Promouvoir le {rank} en {square} pour {gold} or.",
    "cal.hint.cons.end": "Finir le tour.",
}
add_texts(EN, FR)

COMBAT = ("ambush", "pair", "withdraw", "breach")


def show_hint(ctrl: Controller, action, plan=None) -> str | None:
    """Select ``action`` (the judge's suggestion) on the table; returns it in words."""
    p = ctrl.human_to_move()
    if p is None:
        return None
    # the engine's word on it (its list of legal actions leaves out builds and upgrades, which
    # the table asks about one by one too)
    if GAME.why_illegal(ctrl.obs(p), action, p) is not None:
        return None
    ctrl.turn = Turn()
    ctrl.notice = None
    kind = action.kind
    if kind in COMBAT:
        if kind == "pair":
            ctrl.turn.defender = action.defender
        ctrl.turn.hinted = str(action)
        ctrl.focus = "choice-hinted"
        return choice_words(ctrl)
    if kind == "move":
        ctrl.turn.units = sorted(action.units)
        dest = ctrl.destinations().get(model.at_of(ctrl.state, action.square))
        if dest is None or move_to(dest, ctrl.turn.units) != action:
            ctrl.turn = Turn()
            return None
        ctrl.turn.dest = dest
    elif kind == "build":
        ctrl.turn.mode = "build"
        if ctrl.build_squares().get(model.at_of(ctrl.state, action.square)) != action:
            ctrl.turn = Turn()
            return None
    elif kind in ("bombard", "transport"):
        ctrl.turn.mode = kind
        ctrl.turn.units = [action.unit]
        if ctrl.power_targets().get(model.at_of(ctrl.state, action.square)) != action:
            ctrl.turn = Turn()
            return None
    elif kind == "upgrade":
        ctrl.turn.units = [action.unit]
        if ctrl.upgrade_action() != action:
            ctrl.turn = Turn()
            return None
    elif (
        kind == "capital"
        and ctrl.capital_squares().get(model.at_of(ctrl.state, action.square)) != action
    ):
        return None
    ctrl._propose(action)  # kind "end" too: Confirm plays it
    return pending_words(ctrl)


def move_to(dest: dict, units: list[int]) -> Move:
    """The engine's move of ``units`` to a destination entry (``destinations``)."""
    return Move(dest["square"], tuple(sorted(units)))


def pending_words(ctrl: Controller) -> str:
    """The pending action as the bar says it, with the chance of its fight when it has one."""
    from . import odds_view, screens

    words = [screens.consequence_text(ctrl)]
    odds = odds_view.preview(ctrl)
    if odds:
        words.append(odds[0].children[0].text())  # the headline: the chance to take it
    return " ".join(w for w in words if w)


def choice_words(ctrl: Controller) -> str | None:
    """The label of the hinted button of the combat prompt."""
    from . import screens

    button = hinted_button(screens.combat_prompt(ctrl), ctrl.turn.hinted)
    if button is None:
        return None
    parts = [c.text() if isinstance(c, E) else c for c in button.children]
    return " — ".join(x.strip() for x in parts if x.strip())  # the label, then its odds


def hinted_button(tree: E, value: str | None) -> E | None:
    if value is None:
        return None
    for e in tree.iter():
        if e.attrs.get("data-action") == "choose" and e.attrs.get("data-value") == value:
            return e
    return None


def mark(ctrl: Controller, panel: E) -> E:
    """The combat prompt with its hinted choice marked (a "Hint" badge, ``data-hinted``)."""
    button = hinted_button(panel, getattr(ctrl.turn, "hinted", None))
    if button is not None:
        button.attrs["class"] = (button.attrs.get("class", "") + " hinted").strip()
        button.attrs["data-hinted"] = "1"
        button.children.append(h("span", {"class": "hint-badge"}, t("cal.hint.badge")))
    return panel
