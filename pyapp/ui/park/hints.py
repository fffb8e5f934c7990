"""A hint shown on Caldera Park's table: the strong bot's move selected as if the person had
chosen it (the token on its space, the weather token on its slot...), so that the park draws it
and Confirm would play it; the person may take it back (Escape) or choose otherwise."""

from __future__ import annotations

from pyapp.park.components import TOKEN_BY_NAME

from .controller import Controller, Turn


def show_hint(ctrl: Controller, action) -> None:
    p = ctrl.human_to_move()
    if p is None or action not in ctrl.legal():
        return
    ctrl.turn = Turn()
    kind = action.kind
    if kind == "place":
        ctrl.turn.token = TOKEN_BY_NAME[action.token].id
        ctrl.turn.space = action.at
        ctrl._propose(action)
    elif kind == "pick":
        if not ctrl.state["ctx"]["revealed"]:
            ctrl.turn.action = action.action  # the action token; the terrain is the next click
        ctrl.focus = f"terrain-{action.terrain}"
    elif kind == "weather":
        ctrl.turn.slot = action.slot
        ctrl.turn.space = action.at
        ctrl._form_weather()
    elif kind == "start":
        ctrl.turn.slot = action.token
        ctrl.turn.space = action.at
        ctrl._form_start()
