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

from ..game import apply, copy_state, decision
from .evaluate import counts_of, value
from .strong import StrongBot, reply_search


def make_judge(seed: str) -> StrongBot:
    return StrongBot(seed=seed)


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
