"""A hint shown on Caldera Park's table: the judge's whole decision selected as if the person had
chosen every part of it, so that the park draws it and Confirm plays it at once: the token on its
space (placement), the action token AND its terrain space (the marmot's step), the weather token
on its weather space (named in words), the starting weather. Escape takes it back; the person may
also choose otherwise. The hint never decides legality: it selects only an action the engine
lists (``legal``)."""

from __future__ import annotations

from pyapp.park.components import TOKEN_BY_NAME

from .controller import Controller, Turn


def show_hint(ctrl: Controller, action, plan=None) -> str | None:
    """Select ``action`` on the table (nothing played); returns None: the words are
    ``describe_choice``'s (the same as the analysis's)."""
    p = ctrl.human_to_move()
    if p is None or action not in ctrl.legal():
        return None
    ctrl.turn = Turn()
    ctrl.notice = None
    kind = action.kind
    if kind == "place":
        ctrl.turn.token = TOKEN_BY_NAME[action.token].id
        ctrl.turn.space = action.at
        ctrl._propose(action)
    elif kind == "pick":
        # the action token (none to choose when the solo stack revealed it) and the terrain
        # space: the whole requirement waits for Confirm
        if not ctrl.state["ctx"]["revealed"]:
            ctrl.turn.action = action.action
        ctrl._propose(action)
    elif kind == "weather":
        ctrl.turn.slot = action.slot
        ctrl.turn.space = action.at
        ctrl._form_weather()
    elif kind == "start":
        ctrl.turn.slot = action.token
        ctrl.turn.space = action.at
        ctrl._form_start()
    elif kind == "reveal":
        ctrl.turn.slot = action.slot
        ctrl._propose(action)
    return None
