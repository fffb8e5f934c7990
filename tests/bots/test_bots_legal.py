"""Every bot returns only legal actions, for every kind of decision, over many seeded games;
the same seed replays the same game."""

import pytest

from pyapp.park.bots import BOTS, make_bot
from pyapp.park.bots.strong import StrongBot
from pyapp.park.game import (
    decision,
    final_scores,
    is_over,
    new_game,
    observation,
    play,
    to_move,
    why_illegal,
)

SETUPS = [
    {"players": 2, "variant": "base"},
    {"players": 3, "variant": "base"},
    {"players": 4, "variant": "base"},
    {"players": 1, "variant": "solo"},
    {"players": 1, "variant": "geyser"},
    {"players": 2, "variant": "geyser"},
]


def checked_game(options: dict, bots: list, rounds: int = 5) -> tuple[dict, set]:
    """Play a game (its first ``rounds`` rounds) where every action goes through the checked
    ``play``; return the state and the decision kinds met."""
    state = new_game(**options)
    kinds = set()
    while not is_over(state) and state["ctx"]["round"] <= rounds:
        p = to_move(state)
        kinds.add(decision(state)["kind"])
        action = bots[p].choose(observation(state, p))
        assert why_illegal(state, action, p) is None, (str(action), why_illegal(state, action, p))
        play(state, action, p)
    return state, kinds


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s['variant']}-{s['players']}p")
def test_greedy_and_random_play_legally(setup):
    kinds = set()
    for seed in range(6):
        names = ["greedy", "random"] * 2
        bots = [make_bot(names[(seed + s) % 4], f"legal/{seed}/{s}") for s in range(4)]
        options = {**setup, "seed": seed}
        state, met = checked_game(options, bots[: setup["players"]])
        kinds |= met
        assert len(final_scores(state)["players"]) == setup["players"]
    expected = {"weather", "pick", "place"}
    if setup["variant"] == "geyser":
        expected = {"start", "reveal", "weather", "pick", "place"}
    assert kinds == expected


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s['variant']}-{s['players']}p")
def test_strong_plays_legally(setup):
    # a light look-ahead keeps this quick; the search code is the same as the default bot's
    for seed in range(2):
        bots = [StrongBot(f"legal/{seed}", samples=2, candidates=3, horizon=2)]
        bots += [make_bot("greedy", f"legal/{seed}/{s}") for s in range(1, setup["players"])]
        checked_game({**setup, "seed": 100 + seed}, bots)


def test_default_strong_plays_legally():
    # the default look-ahead for two rounds of a 2-player game (a whole game takes seconds)
    state, kinds = checked_game(
        {"players": 2, "seed": 7}, [make_bot("strong", 1), make_bot("greedy", 2)], rounds=2
    )
    assert kinds == {"weather", "pick", "place"} and state["ctx"]["round"] == 3


@pytest.mark.parametrize("name", sorted(BOTS))
def test_same_seed_same_game(name):
    def log(seed):
        bots = [make_bot(name, f"{seed}/a"), make_bot("greedy", f"{seed}/b")]
        state, _ = checked_game(
            {"players": 2, "seed": 3}, bots, rounds=1 if name == "strong" else 5
        )
        return [text for _, text in state["log"]]

    first = log(1)
    assert log(1) == first
    if name != "greedy":  # a greedy bot only uses its seed to break exact ties
        assert log(2) != first


def test_bots_refuse_a_finished_game():
    state, _ = checked_game({"players": 1, "seed": 1, "variant": "solo"}, [make_bot("greedy")])
    for name in BOTS:
        with pytest.raises(ValueError, match="game is over"):
            make_bot(name).choose(observation(state, 0))
