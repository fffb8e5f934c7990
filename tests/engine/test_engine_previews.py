"""Score previews for the table (pyapp/park/scoring.py ``placement_preview``, ``families``,
``driven_away_near``): every preview equals the engine's score difference of the placement."""

from __future__ import annotations

from engine_helpers import at_kind, face, make_park

from pyapp.core.rng import Rng
from pyapp.park import game
from pyapp.park.actions import Place
from pyapp.park.components import SPECIES, TOKEN_BY_NAME, TOKENS, WEATHER_BY_NAME
from pyapp.park.scoring import (
    COVERAGE_POINTS,
    best_family,
    driven_away_near,
    families,
    placement_preview,
    placement_previews,
)


def _positions(seeds=range(6), per_game=5):
    """Place decisions of random games (several players, variants, rounds)."""
    for seed in seeds:
        variant, players = (("base", 2 + seed % 3), ("solo", 1), ("geyser", 1 + seed % 4))[seed % 3]
        state = game.new_game(players=players, seed=seed, variant=variant)
        rng = Rng.from_seed(seed)
        found = 0
        while not game.is_over(state) and found < per_game:
            if at_kind("place")(state) and rng.below(4) == 0:
                found += 1
                yield state
            game.apply(state, rng.choice(game.legal_actions(state)))


def test_every_preview_equals_the_engines_score_difference():
    checked = 0
    for state in _positions():
        p = game.decision(state)["player"]
        park = game.park_of(state)
        pl = state["G"]["players"][p]
        tokens, spaces, _, _ = game.placement_options(state, p)
        before = game.score_player(state, p)
        for tid in tokens:
            previews = placement_previews(park, pl["board"], pl["weather"], tid, spaces)
            assert set(previews) == set(spaces)
            for i, preview in previews.items():
                after_state = game.copy_state(state)
                game.play(after_state, Place(TOKENS[tid].name, park.at(i)))
                after = game.score_player(after_state, p)
                cats_b, cats_a = before["categories"], after["categories"]
                assert preview["total"] == after["total"] - before["total"]
                assert preview["families"] == sum(cats_a[s] - cats_b[s] for s in SPECIES)
                assert preview["coverage"] == sum(cats_a[c] - cats_b[c] for c in COVERAGE_POINTS)
                assert preview["geysers"] == cats_a["geysers"] - cats_b["geysers"]
                assert i in preview["family"] or not preview["family"]
                checked += 1
    assert checked > 500


def _line_park():
    return make_park({(q, 0): "prairie" for q in range(6)} | {(6, 0): "weather"})


def test_the_family_a_token_joins_and_its_score():
    park = _line_park()
    board = [-1] * len(park)
    weather = [-1] * len(park)
    bear_w = TOKEN_BY_NAME["bear+water"].id
    bear2 = TOKEN_BY_NAME["bear-bear"].id
    board[0], board[1] = bear_w, bear2  # a family: 3 bears, 1 water = 3
    board[4] = TOKEN_BY_NAME["eagle+water"].id
    preview = placement_preview(park, board, weather, TOKEN_BY_NAME["bear-bison+water"].id, 2)
    # 4 bears, 2 water = 8 (was 3); a lone bison with water = 1
    assert preview["families"] == 8 - 3 + 1
    assert preview["family"] == [0, 1, 2]  # the bears' family; the bison alone on space 2
    assert preview["coverage"] == 0 and preview["geysers"] == 0
    # a space apart joins nothing of the bears
    far = placement_preview(park, board, weather, bear2, 5)
    assert far["family"] == [5] and far["families"] == 0


def test_a_token_flipped_by_placed_weather_joins_no_family():
    park = _line_park()
    board = [-1] * len(park)
    weather = [-1] * len(park)
    weather[park.index[(6, 0)]] = WEATHER_BY_NAME["hailstorm"].id  # drives bears away
    board[4] = TOKEN_BY_NAME["bear+water"].id
    preview = placement_preview(park, board, weather, TOKEN_BY_NAME["bear-bear"].id, 5)
    assert preview["family"] == [] and preview["families"] == 0
    near = driven_away_near(park, weather)
    assert near == {5: [WEATHER_BY_NAME["hailstorm"].id]}
    # the sun drives nothing away
    weather[park.index[(6, 0)]] = WEATHER_BY_NAME["sun"].id
    assert driven_away_near(park, weather) == {}


def test_families_agree_with_the_best_family():
    park = make_park({(q, r): "forest" for q in range(4) for r in range(3)})
    faces = [None] * len(park)
    for at, name in {
        (0, 0): "wolf+water",
        (1, 0): "wolf-wolf",
        (3, 2): "wolf-wolf+water",
        (3, 0): "wolf",
    }.items():
        faces[park.index[at]] = face(name)
    fams = families(park, faces, set(), "wolf")
    assert fams[0][0] == best_family(park, faces, set(), "wolf")[0] == 3  # 3 wolves, 1 water
    values = [v for v, _ in fams]
    assert values == sorted(values, reverse=True)
    assert sum(len(g) for _, g in fams) == 4
    assert {park.index[(0, 0)], park.index[(1, 0)]} in [set(g) for _, g in fams]
    # a flipped token belongs to no family
    flipped = {park.index[(0, 0)]}
    assert all(park.index[(0, 0)] not in g for _, g in families(park, faces, flipped, "wolf"))
