"""A Caledea player for the page that heads for a battle: what it plays is chosen here, with
the engine, from the page's own record (``CalderaGame('record')``), then made by clicks. The
capital goes as near the other capital as the rules let it; each move is an attack where one
is legal, else the one that ends nearest an enemy unit or capital, until no move gets nearer
(then the turn ends). Combat decisions are the random person's of ``test_caledea_play``."""

from __future__ import annotations

import json
import random

from test_caledea_play import person_step

from pyapp.caledea.protocol import GAME
from pyapp.core.replay import Replay
from pyapp.ui.caledea import model


def state_of(record: dict) -> dict:
    replay = Replay(GAME, record["options"], record["log"], reseeds=record.get("reseeds"))
    return replay.state_at(replay.length)


def _distance(state: dict, a: str, b: str) -> int:
    info = model.board_info(state)
    (x1, y1), (x2, y2) = model.at_of(state, a), model.at_of(state, b)
    dx, dy = abs(x1 - x2), abs(y1 - y2)
    return min(dx, info["width"] - dx) + min(dy, info["height"] - dy)  # steps round the torus


def _targets(state: dict, p: int) -> list[str]:
    names = {i: n for n, i in model.square_index(state).items()}
    out = [names[c] for q, c in enumerate(state["capitals"]) if q != p and c is not None]
    for u in state["units"]:
        at = model.unit_at(state, u["id"])
        if u["owner"] != p and at is not None:
            out.append(model.name_of(state, at))
    return out


def choose(state: dict):
    """The action this player heads for a battle with (None: leave it to chance)."""
    p = GAME.to_move(state)
    kind = GAME.decision(state)["kind"]
    acts = GAME.legal_actions(state)
    targets = _targets(state, p)
    if kind == "capital":
        if not targets:
            return acts[0]
        return min(acts, key=lambda a: min(_distance(state, a.square, t) for t in targets))
    if kind != "turn":
        return None
    moves = [a for a in acts if a.kind == "move"]
    attacks = [a for a in moves if GAME.chance_answerer(state, a, p) is not None]
    if attacks:
        return attacks[0]
    end = next(a for a in acts if a.kind == "end")
    if not moves or not targets:
        return end

    def near(square):
        return min(_distance(state, square, t) for t in targets)

    now = min(near(model.name_of(state, model.unit_at(state, u))) for a in moves for u in a.units)
    best = min(moves, key=lambda a: near(a.square))
    return best if near(best.square) < now else end


def _at(state: dict, square: str) -> str:
    x, y = model.at_of(state, square)
    return f"{x},{y}"


def click(page, state: dict, action) -> None:
    """Make ``action`` by clicks: a capital's square; a move's source squares, the units that
    stay behind taken out, its square; the end of the turn."""
    if action.kind == "end":
        page.locator("[data-action=end-turn]").click()
        return
    if action.kind == "capital":
        page.locator(f"[data-action=square][data-at='{_at(state, action.square)}']").click()
        page.locator("[data-action=confirm]").click()
        return
    assert action.kind == "move", action
    sources = []
    for uid in action.units:
        at = model.unit_at(state, uid)
        if at not in sources:
            sources.append(at)
    chosen = set()
    for at in sources:
        page.locator(f"[data-action=square][data-at='{at[0]},{at[1]}']").click()
        chosen |= {u["id"] for u in model.units_on(state, at, state["player"]) if not u["moved"]}
    for uid in sorted(chosen - set(action.units)):
        page.locator(f"[data-action=unit][data-unit='{uid}']").click()
    page.locator(f"[data-action=square][data-at='{_at(state, action.square)}']").click()
    page.locator("[data-action=confirm]").click()


def battle_step(page, rng: random.Random) -> None:
    """One decision of the person to move, heading for a battle."""
    record = json.loads(page.evaluate("CalderaGame('record')"))
    state = state_of(record)
    action = choose(state) if GAME.to_move(state) is not None else None
    if action is None:
        person_step(page, rng)
        return
    before = page.locator("#app").get_attribute("data-renders")
    click(page, state, action)
    page.wait_for_function(
        "n => document.querySelector('#app').getAttribute('data-renders') !== n", arg=before
    )
    if page.locator("section[data-screen=link][data-link-state=waiting]").count():
        return  # a move of chance (an attack): it waits in the link for the other device
    after = json.loads(page.evaluate("CalderaGame('record')"))
    assert after["log"][len(record["log"]) :][:1] == [str(action)], (action, after["log"][-3:])
