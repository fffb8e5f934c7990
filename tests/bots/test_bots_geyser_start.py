"""The bots make the Geyser Park setup choice (issue 12): which starting weather token goes on
the middle space and on which ring space the other goes; on the first geyser side (park
version 1, saved games) only the ring space."""

import pytest

from pyapp.park.actions import StartWeather
from pyapp.park.bots import make_bot
from pyapp.park.bots.greedy import weather_options
from pyapp.park.game import decision, legal_actions, new_game, observation, play


@pytest.mark.parametrize("name", ["random", "greedy", "strong"])
@pytest.mark.parametrize("park_version", [None, 1])
def test_every_bot_places_the_starting_tokens(name, park_version):
    state = new_game(players=2, seed=8, variant="geyser", park_version=park_version)
    for p in (0, 1):
        assert decision(state) == {"player": p, "kind": "start"}
        action = make_bot(name, f"start/{p}").choose(observation(state, p))
        assert isinstance(action, StartWeather)
        assert action in legal_actions(state)
        assert (action.token is None) == (park_version == 1)
        play(state, action)
    assert decision(state)["kind"] == "reveal"


def test_greedy_prices_both_roles_of_each_token():
    state = new_game(players=1, seed=21, variant="geyser")
    scored = weather_options(observation(state, 0), 0)
    assert sorted(str(a) for _, a in scored) == sorted(str(a) for a in legal_actions(state))
    assert len(scored) == 12  # 2 tokens x 6 ring spaces, the other token in the middle
    assert all(v > 0 for v, _ in scored)
