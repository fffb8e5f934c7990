"""The score estimate shared by the greedy and strong bots, and the determinisation.

The estimate must equal the real score once a game is over, its fast placement prices must agree
with estimating the changed park from scratch, the coverage in reach must agree with a brute force
search, and sampled hidden information must agree with everything the player sees."""

from itertools import combinations

import pytest

from pyapp.core.rng import Rng
from pyapp.park.bots import make_bot
from pyapp.park.bots.evaluate import evaluator, info_of, park_info, unseen_weather
from pyapp.park.bots.strong import determinise
from pyapp.park.components import ACTIONS, TOKENS, WEATHER_BY_NAME
from pyapp.park.game import (
    apply,
    copy_state,
    decision,
    final_scores,
    is_over,
    legal_actions,
    new_game,
    observation,
    play,
    to_move,
)


def game_states(options: dict, names=("greedy", "random")):
    """Every state of a seeded game between the named bots (copies)."""
    state = new_game(**options)
    bots = [make_bot(names[s % len(names)], s) for s in range(options["players"])]
    out = [copy_state(state)]
    while not is_over(state):
        p = to_move(state)
        apply(state, bots[p].choose(observation(state, p)))
        out.append(copy_state(state))
    return out


GAMES = [
    {"players": 2, "seed": 21},
    {"players": 4, "seed": 22},
    {"players": 1, "seed": 23, "variant": "solo"},
    {"players": 3, "seed": 24, "variant": "geyser"},
]


@pytest.mark.parametrize("options", GAMES, ids=lambda o: f"{o.get('variant', 'base')}")
def test_estimate_is_the_score_at_the_end(options):
    for names in (("greedy", "random"), ("random",)):
        final = game_states(options, names)[-1]
        result = final_scores(final)
        for p, sheet in enumerate(result["players"]):
            assert evaluator(final, p).total == pytest.approx(sheet["total"], abs=1e-9)


@pytest.mark.parametrize("options", GAMES[:1] + GAMES[2:], ids=lambda o: o.get("variant", "base"))
def test_placement_price_matches_a_fresh_estimate(options):
    rng = Rng.from_seed("price")
    checked = 0
    for state in game_states(options)[::3]:
        if decision(state) is None:
            continue
        for p in range(options["players"]):
            pl = state["G"]["players"][p]
            ev = evaluator(state, p)
            free = [i for i in info_of(state).landscape if pl["board"][i] < 0]
            for _ in range(4 if pl["display"] else 0):
                t, i = rng.choice(pl["display"]), rng.choice(free)
                board = pl["board"][:]
                board[i] = t
                after = copy_state(state)
                after["G"]["players"][p]["board"] = board
                expected = evaluator(after, p).total - ev.total
                assert ev.place_delta(t, i) == pytest.approx(expected, abs=1e-9), (t, i)
                checked += 1
    assert checked > 100


def brute_coverage(info, free: list[int], empty: int) -> int:
    best = 0
    for kept in combinations(free, empty):
        mask = sum(1 << i for i in kept)
        best = max(best, sum(pts for pts, m in info.categories if not m & mask))
    return best


@pytest.mark.parametrize("park", ["river", "geyser"])
def test_coverage_in_reach_matches_brute_force(park):
    info = park_info(park)
    rng = Rng.from_seed(park)
    # two terrains (7 + 7), waterfalls (4), river (8) and every geyser (3 x 4 or 6 x 4)
    assert info.coverage(info.land_mask, 7) == {"river": 38, "geyser": 50}[park]
    for _ in range(40):
        free = list(info.landscape)
        rng.shuffle(free)
        free = sorted(free[: 7 + rng.below(4)])
        mask = sum(1 << i for i in free)
        assert info.coverage(mask, 7) == brute_coverage(info, free, 7), free


@pytest.mark.parametrize("options", GAMES, ids=lambda o: o.get("variant", "base"))
def test_determinised_states_agree_with_the_view(options):
    rng = Rng.from_seed("worlds")
    for state in game_states(options)[:-1:5]:
        p = to_move(state)
        view = observation(state, p)
        world = determinise(view, rng)
        assert observation(world, p) == view
        real, drawn = state["secret"], world["secret"]
        for q, pl in enumerate(state["G"]["players"]):
            # the reserve holds the right tokens, in some order
            assert sorted(drawn["reserves"][q]) == sorted(real["reserves"][q])
            # face-down slots get distinct faces the player has not seen; other slots none
            faces = drawn["forecast"][q]
            down = [i for i, s in enumerate(pl["forecast"]) if s is not None and not s["up"]]
            assert [i for i, f in enumerate(faces) if f >= 0] == down
            picked = [faces[i] for i in down]
            assert len(set(picked)) == len(picked)
            assert set(picked) <= set(unseen_weather(pl))
        assert sorted(drawn["stack"]) == sorted(real["stack"])
        assert set(drawn["stack"]) <= set(ACTIONS)
        # the sampled world plays on legally to the end
        bots = [make_bot("random", q) for q in range(options["players"])]
        while not is_over(world):
            q = to_move(world)
            play(world, bots[q].choose(observation(world, q)))
        assert len(final_scores(world)["players"]) == options["players"]


def test_weather_risk_and_known_weather():
    """A token beside a placed bad weather token it fears is worth nothing to its families; a
    token it does not fear is valued in full; beside an unfilled space it is discounted."""
    state = new_game(players=1, seed=5, variant="solo")
    info = info_of(state)
    park = info.park
    pl = state["G"]["players"][0]
    w = park.weather_order[0]
    beside = [j for j in park.neighbours[w] if park.spaces[j].kind == "landscape"][0]
    bear = next(t.id for t in TOKENS if t.name == "bear-bear-bear")
    ev = evaluator(state, 0)
    # unfilled weather space beside: a partial survival chance
    assert 0.0 < ev.survival(bear, beside) < 1.0
    pl["forecast"][0] = None
    for name, survives in (("heatwave", 0.0), ("fog", None)):
        pl["weather"][w] = WEATHER_BY_NAME[name].id
        ev = evaluator(state, 0)
        s = ev.survival(bear, beside)
        if survives is None:
            assert s > 0.0
        else:
            assert s == survives
    assert legal_actions(state)  # the state is still a valid game position
