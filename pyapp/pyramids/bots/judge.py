"""Caldera's part of the one judge (``pyapp/core/judge.py``).

``make_judge(seed)``: the strong bot with its usual budget; the judge asks it afresh at every
decision (a new bot each time, so no plan kept from an earlier call: one function of the
position), and its suggestion is the first action of the turn it plans.

``estimate(obs, player, played, suggested, seed)``: each action is played on a copy and valued
by the strong bot's own measure of a turn: the gain of the player's collection made by the
action (its captures), plus, while the turn goes on, the value of the best plan from there (the
search again: gain minus the weighted best reply of the next player), or, once the turn is over,
minus the weighted best reply the next player then has (one quiet move and an eruption). The
game has no chance and the measure samples nothing: the uncertainty is 0.
"""

from __future__ import annotations

from ...core.thinking import Thinking
from ..actions import parse
from ..game import apply, copy_state, decision
from .evaluate import WIN, counts_of, value
from .strong import StrongBot, reply_search

# an estimate beyond this is a game won (the evaluation's trios), beyond its opposite a game
# lost to the next player's reply: the analysis says it in words, never as thousands of points
DECISIVE = WIN / 2


def make_judge(seed: str) -> StrongBot:
    return StrongBot(seed=seed)


def _turn_start(obs: dict) -> dict | None:
    """The deciding player's observation at the start of the turn under way, or None at the
    turn's first action. Rebuilt by undoing the turn's actions (an observation holds no seed
    to replay from): within a turn only quiet moves (a cap steps) and the Power Play (a piece
    put on top of a stack, from the collection) happen; an eruption or a pass ends it."""
    start = obs["turn"]["start"]
    if len(obs["log"]) <= start:
        return None
    view = copy_state(obs)
    quiet = 0
    for _, text in reversed(obs["log"][start:]):
        action = parse(text)
        if action.kind == "move":
            view["caps"].remove(action.to)
            view["caps"].append(action.frm)
            quiet += 1
        elif action.kind == "power":  # the piece goes back from the stack to the collection
            view["board"][action.at].pop()
            coll = view["collections"][obs["turn"]["player"]]
            coll.append(action.piece)
            coll.sort()
        else:  # not a turn in progress as this judge knows it: no plan to follow
            return None
    view["caps"].sort()
    view["turn"]["quiet"] -= quiet
    view["turn"]["power"] = False
    view["log"] = view["log"][:start]
    return view


def _think(obs: dict, seed_of):
    """The judge as a generator: the plan the strong bot makes at the turn's start, followed
    while the log follows it; a fresh search from the position once it does not."""
    begun = _turn_start(obs)
    if begun is not None:
        bot = make_judge(seed_of(begun))
        yield from bot._think(begun)
        planned = bot._planned(obs)
        if planned is not None:
            return planned
    bot = make_judge(seed_of(obs))
    return (yield from bot._think(obs))


def start(obs: dict, seed_of) -> Thinking:
    return Thinking(_think(obs, seed_of))


def think_plan(obs: dict, seed_of):
    """The rest of the turn the judge plans from ``obs``, as a generator (work in slices)
    returning the action texts: each the judge's suggestion at the position it is played from."""
    first = yield from _think(obs, seed_of)
    texts = [str(first)]
    view = copy_state(obs)
    action = first
    while True:
        apply(view, action)
        d = decision(view)
        if (
            d is None
            or d["player"] != obs["turn"]["player"]
            or view["turn"]["start"] != obs["turn"]["start"]
        ):
            return texts
        action = yield from _think(copy_state(view), seed_of)
        texts.append(str(action))


def plan(obs: dict, seed_of) -> list[str]:
    """The rest of the turn the judge plans from ``obs`` (action texts)."""
    return Thinking(think_plan(obs, seed_of)).run()


def _value_after(obs: dict, player: int, action, seed: str):
    st = copy_state(obs)
    base = value(counts_of(st["collections"][player]))
    apply(st, action)
    got = value(counts_of(st["collections"][player])) - base
    d = decision(st)
    if d is None:
        return got
    bot = make_judge(seed)
    if d["player"] == player:
        yield from bot._search(st)
        if bot.score is not None:
            return got + bot.score
        # no eruption in reach for the rest of the turn: the next player's reply as it stands
        n = st["options"]["players"]
        nxt = (player + 1) % n
    else:
        nxt = d["player"]
    counts = counts_of(st["collections"][nxt])
    reply = yield from reply_search(st["board"], tuple(sorted(st["caps"])), counts)
    return got - bot.reply_weight * reply


def estimate(obs: dict, player: int, played, suggested, seed: str):
    """(A generator returning) ``{"played", "suggested", "error"}`` in the bot's points."""
    vp = yield from _value_after(obs, player, played, seed)
    vs = yield from _value_after(obs, player, suggested, seed)
    return {"played": vp, "suggested": vs, "error": 0.0}
