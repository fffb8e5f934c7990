"""Bots never read hidden information: two states that differ only in their hidden part (reserve
order, face-down weather faces, solo stack, generator) get the same choice, at every kind of
decision; the check itself catches a bot that peeks."""

import pytest

from pyapp.core.rng import Rng
from pyapp.park.bots import BOTS, make_bot
from pyapp.park.game import (
    apply,
    copy_state,
    decision,
    is_over,
    legal_actions,
    new_game,
    observation,
    to_move,
)


def reshuffled(state: dict, seed: int) -> dict:
    """The same position with other hidden information consistent with it."""
    other = copy_state(state)
    rng = Rng.from_seed(f"hidden/{seed}")
    secret = other["secret"]
    for reserve in secret["reserves"]:
        rng.shuffle(reserve)
    for p, faces in enumerate(secret["forecast"]):
        pl = other["G"]["players"][p]
        seen = {w for w in pl["weather"] if w >= 0}
        seen |= {s["id"] for s in pl["forecast"] if s is not None and s["up"]}
        seen.add(pl.get("start_token", -1))
        unseen = [w for w in range(1, 10) if w not in seen]
        rng.shuffle(unseen)
        for i, f in enumerate(faces):
            if f >= 0:
                faces[i] = unseen.pop()
    rng.shuffle(secret["stack"])
    secret["rng"] = Rng(rng.next()).hex()
    return other


def positions(options: dict, every: int, limit: int) -> list[dict]:
    """Every ``every``-th decision of a greedy game, at most ``limit`` of them."""
    state = new_game(**options)
    bots = [make_bot("greedy", s) for s in range(options["players"])]
    out, n = [], 0
    while not is_over(state) and len(out) < limit:
        if n % every == 0:
            out.append(copy_state(state))
        p = to_move(state)
        apply(state, bots[p].choose(observation(state, p)))
        n += 1
    return out


def differs_on_hidden(choose, states: list[dict]) -> list[str]:
    """Decisions where ``choose`` (given the full state) answers differently once the hidden part
    changes; each state is tried against three reshuffles."""
    bad = []
    for k, state in enumerate(states):
        first = str(choose(state))
        for r in range(3):
            other = reshuffled(state, k * 10 + r)
            if other["secret"] == state["secret"]:
                continue
            p = to_move(state)
            assert observation(other, p) == observation(state, p)
            if str(choose(other)) != first:
                bad.append(f"{decision(state)['kind']} at decision {k}")
                break
    return bad


POSITIONS = {
    "base": positions({"players": 2, "seed": 11}, every=5, limit=40),
    "solo": positions({"players": 1, "seed": 12, "variant": "solo"}, every=3, limit=30),
    "geyser": positions({"players": 2, "seed": 13, "variant": "geyser"}, every=4, limit=30),
}


def test_positions_cover_every_decision_kind():
    kinds = {decision(s)["kind"] for states in POSITIONS.values() for s in states}
    assert kinds == {"weather", "start", "reveal", "pick", "place"}


@pytest.mark.parametrize("variant", sorted(POSITIONS))
@pytest.mark.parametrize("name", sorted(BOTS))
def test_choice_ignores_hidden_information(name, variant):
    states = POSITIONS[variant]
    if name == "strong":
        states = states[::3]  # the look-ahead takes tens of milliseconds per decision

    def choose(state):
        # a fresh bot with a fixed seed: the choice may depend on the seed and the view only
        return make_bot(name, "hidden").choose(state)

    assert differs_on_hidden(choose, states) == []
    # the full state and the observation give the same choice too
    for state in states[:4]:
        p = to_move(state)
        assert str(choose(state)) == str(choose(observation(state, p)))


def test_the_check_catches_a_peeking_bot():
    """A bot that lets the next reserve token sway its placement is caught by the same check."""

    def peeker(state):
        legal = legal_actions(state)
        reserve = state["secret"]["reserves"][to_move(state)]
        if decision(state)["kind"] != "place" or not reserve:
            return legal[0]
        return legal[reserve[0] % len(legal)]

    assert differs_on_hidden(peeker, POSITIONS["base"]) != []
