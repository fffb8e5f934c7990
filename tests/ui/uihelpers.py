"""Driving the controller as the page does: render, find what is offered, act on it."""

from __future__ import annotations

import random

from pyapp.ui.park import screens
from pyapp.ui.park.controller import BotRunner, Controller


def render(c: Controller):
    nodes, focus = screens.render(c)
    return nodes, focus


def offered(c: Controller, action: str, draw=None) -> list:
    """Elements with ``data-action=action`` that are not disabled, in the current drawing
    (``draw``: another game's ``render``; Caldera Park's by default)."""
    nodes, _ = (draw or render)(c)
    out = []
    for n in nodes:
        for e in n.iter():
            a = e.attrs
            if (
                a.get("data-action") == action
                and a.get("aria-disabled") != "true"
                and ("disabled" not in a)
            ):
                out.append(e)
    return out


def data_of(e) -> dict:
    return {k[5:]: v for k, v in e.attrs.items() if k.startswith("data-") and k != "data-action"}


def click(c: Controller, e) -> bool:
    return c.handle(e.attrs["data-action"], data_of(e))


def start(
    variant="base",
    seats=("human", "random"),
    names=None,
    seed="11",
    hide_between=False,
    shell=None,
) -> Controller:
    c = Controller(seed_source=lambda: 99, shell=shell)
    if hide_between:
        c.handle("hide", {"value": "1"})
    c.handle("variant", {"value": variant})
    return fill_and_start(c, seats, names, seed)


def fill_and_start(c, seats, names, seed):
    """Fill any game's seat form (``pyapp/ui/seats.py``) as a person would, and start."""
    c.handle("seats", {"value": str(len(seats))})
    for i, k in enumerate(seats):
        c.handle("kind", {"seat": str(i), "value": k})
        if names:
            c.handle("name", {"seat": str(i), "value": names[i]})
    c.handle("seed", {"value": seed})
    c.handle("start", {})
    assert c.form.error is None, c.form.error
    return c


def human_step(c: Controller, rng: random.Random) -> None:
    """One whole decision of the human to move, choosing among what the screen offers."""
    if c.screen == "handover":
        click(c, offered(c, "ready")[0])
        return
    kind = c.decision()["kind"]
    if kind == "place":
        click(c, rng.choice(offered(c, "token")))
        click(c, rng.choice(offered(c, "space")))
        click(c, offered(c, "confirm")[0])
    elif kind == "pick":
        if offered(c, "action"):
            click(c, rng.choice(offered(c, "action")))
        click(c, rng.choice(offered(c, "terrain")))
    elif kind == "reveal":
        click(c, rng.choice(offered(c, "slot")))
    elif kind == "weather":
        click(c, rng.choice(offered(c, "slot")))
        if c.turn.pending is None:
            click(c, rng.choice(offered(c, "space")))
        click(c, offered(c, "confirm")[0])
    elif kind == "start":
        # Geyser Park: the starting token for the ring (a slot button) and a ring space, in
        # either order; on the first geyser side only the ring space
        steps = ["slot", "space"] if offered(c, "slot") else ["space"]
        if rng.random() < 0.5:
            steps.reverse()
        for step in steps:
            click(c, rng.choice(offered(c, step)))
        click(c, offered(c, "confirm")[0])
    assert c.error is None, c.error


class FakeTime:
    def __init__(self):
        self.now = 0.0
        self.sleeps: list[float] = []

    async def sleep(self, s):
        self.sleeps.append(s)
        self.now += s

    def clock(self):
        return self.now


def run_sync(coro):
    """Run a coroutine whose awaits never suspend (fake sleeps) to its end, without an event
    loop (the browser tests' Playwright may already run one in this thread)."""
    try:
        while True:
            coro.send(None)
    except StopIteration as stop:
        return stop.value


def run_bots(c: Controller, fake: FakeTime | None = None) -> BotRunner:
    fake = fake or FakeTime()
    runner = BotRunner(c, lambda: render(c), fake.sleep, fake.clock)
    run_sync(runner.run())
    return runner


def play_to_end(c: Controller, rng: random.Random, max_steps=2000) -> int:
    steps = 0
    while c.screen != "end":
        if c.bot_to_move() is not None:
            run_bots(c)
            continue
        human_step(c, rng)
        steps += 1
        assert steps < max_steps
    return steps


def play_some(c, rng: random.Random, n: int) -> None:
    """Up to ``n`` actions at the table: the computer's own, a person's at random (stops when the
    table is no longer shown or nobody can move)."""
    for _ in range(n):
        if c.screen != "table":
            return
        if c.human_to_move() is None:
            p = c.bot_to_move()
            if p is None:
                return
            assert c.bot_play(p, c.bot_think(p))
        else:
            assert c.play(rng.choice(c.legal()))


def bots_move(table) -> None:
    """Every computer seat plays until a person decides (or the game ends), synchronously."""
    while (p := table.bot_to_move()) is not None:
        thinking = table.bot_think(p)
        while True:
            try:
                next(thinking)
            except StopIteration as stop:
                action = stop.value
                break
        assert table.bot_play(p, action)
