"""Scoring rules on hand-built positions: weather, families, the sun, coverage, geysers, ties.

Each test draws its own small park (see ``engine_helpers``) and checks the score sheet.
Hex neighbours (axial): (q±1, r), (q, r±1), (q+1, r-1), (q-1, r+1).
"""

import pytest
from engine_helpers import line, make_park, score

from pyapp.park import game
from pyapp.park.components import SPECIES, TOKEN_BY_NAME, TOKENS, WEATHER_BY_NAME
from pyapp.park.scoring import CATEGORIES, rank

# --------------------------------------------------------------------------- bad weather

# A weather space at (0,0) with its six landscape neighbours, and two spaces further out.
RING = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
FAR = [(2, 0), (-2, 0)]


def ring_park():
    cells = {(0, 0): "weather"}
    cells.update({at: "prairie" for at in RING + FAR})
    return make_park(cells)


# weather -> (five faces it drives away, covering each feature it hits; one face it spares)
WEATHER_CASES = {
    "hurricane": (
        ["eagle-eagle-eagle", "elk-elk", "goat+water", "bear-bison+water", "eagle-goat"],
        "bear-bison-wolf",
    ),
    "hailstorm": (
        ["bear-bear-bear", "wolf-wolf", "eagle+water", "elk-goat+water", "goat-wolf"],
        "eagle-elk-goat",
    ),
    "downpour": (
        ["goat-goat-goat", "bison-bison", "eagle+water", "bear+water", "elk-bison"],
        "bear-wolf",
    ),
    "snowstorm": (
        ["elk", "wolf-wolf-wolf", "elk-bear", "bison-wolf+water", "eagle-elk-goat"],
        "eagle+water",  # the snowstorm spares watering holes
    ),
    "heatwave": (
        ["goat", "bear-bear", "goat-bear+water", "eagle-goat", "bear-bison-wolf"],
        "elk-bison+water",
    ),
    "fog": (
        ["eagle", "bison-bison-bison", "eagle-bear", "bear-bison+water", "eagle-elk-goat"],
        "elk-goat+water",
    ),
    "thunderstorm1": (
        ["eagle+water", "elk+water", "bear", "wolf+water", "goat+water"],
        "bear-bear",
    ),
    "thunderstorm2": (
        ["bear-bear", "eagle-elk+water", "goat-wolf", "bison-bison", "elk-bear"],
        "eagle-elk-goat",
    ),
    "thunderstorm3": (
        ["bear-bear-bear", "eagle-elk-goat", "bear-bison-wolf", "wolf-wolf-wolf", "elk-elk-elk"],
        "elk-elk",
    ),
}


@pytest.mark.parametrize("name", sorted(WEATHER_CASES))
def test_bad_weather_flips_exactly_the_neighbours_it_hits(name):
    hits, spared = WEATHER_CASES[name]
    park = ring_park()
    tokens = dict(zip(RING[:5], hits, strict=True))
    tokens[RING[5]] = spared
    tokens[FAR[0]] = hits[0]  # not a neighbour: stays face up
    tokens[FAR[1]] = hits[1]
    sheet = score(park, tokens, {(0, 0): name})
    assert sheet["flipped"] == 5
    assert sheet["flipped_at"] == sorted([list(at) for at in RING[:5]])
    # without the weather token nothing is flipped
    assert score(park, tokens)["flipped"] == 0


@pytest.mark.parametrize("clouds", [1, 2, 3])
def test_thunderstorm_ignores_species_and_water(clouds):
    park = ring_park()
    faces = {1: ["bear", "eagle+water"], 2: ["goat-goat", "elk-wolf+water"], 3: ["elk-elk-elk"]}
    tokens = {}
    slots = iter(RING)
    for names in faces.values():
        for name in names:
            tokens[next(slots)] = name
    sheet = score(park, tokens, {(0, 0): f"thunderstorm{clouds}"})
    assert sheet["flipped"] == len(faces[clouds])
    want = sorted(list(at) for at, name in tokens.items() if name in faces[clouds])
    assert sheet["flipped_at"] == want


def test_sun_flips_nothing():
    park = ring_park()
    tokens = dict(zip(RING, ["eagle", "elk+water", "bear-bear", "eagle-elk-goat", "wolf", "goat"],
                      strict=True))  # fmt: skip
    assert score(park, tokens, {(0, 0): "sun"})["flipped"] == 0


def test_token_beside_two_bad_weather_tokens_flips_once():
    # the weather spaces (0,0) and (2,-1) both touch the prairie spaces (1,0) and (1,-1)
    park = make_park({(0, 0): "weather", (2, -1): "weather", (1, 0): "prairie", (1, -1): "prairie"})
    sheet = score(park, {(1, 0): "bear-bear"}, {(0, 0): "heatwave", (2, -1): "thunderstorm2"})
    assert sheet["flipped"] == 1
    assert sheet["flipped_at"] == [[1, 0]]


def test_flipped_token_counts_for_no_family():
    # bear family of 3 tokens; a fog flips the middle one only if it shows eagle or bison
    park = make_park({**line(3), (1, -1): "weather"})  # (1,-1) touches (0,0) and (1,0)
    tokens = {(0, 0): "bear+water", (1, 0): "bear-bison+water", (2, 0): "bear-bear"}
    assert score(park, tokens)["categories"]["bear"] == 4 * 2
    flipped = score(park, tokens, {(1, -1): "fog"})
    assert flipped["flipped_at"] == [[1, 0]]
    # (1,0) is gone: (0,0) and (2,0) no longer touch; the best bear family is the lone bear+water
    assert flipped["categories"]["bear"] == 1
    assert flipped["categories"]["bison"] == 0


# --------------------------------------------------------------------------- families


def test_family_value_is_animals_times_watering_holes():
    park = make_park({**line(4), (9, 9): "forest"})  # one forest left free: no forest bonus
    tokens = {
        (0, 0): "bear-bear-bear",
        (1, 0): "bear+water",
        (2, 0): "bear-bison+water",
        (3, 0): "bison-bison",
    }
    sheet = score(park, tokens)
    cats = sheet["categories"]
    assert cats["bear"] == (3 + 1 + 1) * 2
    assert cats["bison"] == (1 + 2) * 1  # the bison family is (2,0)-(3,0)
    assert all(cats[s] == 0 for s in ("eagle", "elk", "goat", "wolf"))
    assert cats["forest"] == 0
    assert sheet["total"] == 13
    assert set(cats) == set(CATEGORIES)


def test_family_without_water_scores_nothing():
    park = make_park(line(3))
    sheet = score(park, {(0, 0): "wolf-wolf-wolf", (1, 0): "wolf-wolf", (2, 0): "goat-wolf"})
    assert sheet["categories"]["wolf"] == 0


def test_water_of_another_species_does_not_count():
    park = make_park(line(2))
    sheet = score(park, {(0, 0): "bear-bear", (1, 0): "elk+water"})
    assert sheet["categories"]["bear"] == 0
    assert sheet["categories"]["elk"] == 1


def test_family_needs_edge_contact_and_the_species_on_every_token():
    # (0,0) and (1,1) are not neighbours; (0,0)-(1,0)-(2,0) is a line
    park = make_park({**line(3), (1, 1): "forest"})
    sheet = score(
        park, {(0, 0): "elk+water", (1, 0): "bear-bear", (2, 0): "elk-elk", (1, 1): "elk"}
    )
    # the bear token breaks the elk line; (1,1) touches (1,0) and (2,0) but not (0,0)
    # elk groups: {(0,0)} = 1 x 1; {(2,0), (1,1)} = 3 x 0
    assert sheet["categories"]["elk"] == 1


def test_best_family_of_each_species_is_scored():
    park = make_park(line(5, "mountain"))
    tokens = {
        (0, 0): "goat-goat",
        (1, 0): "goat+water",
        (2, 0): "eagle",  # breaks the goats
        (3, 0): "elk-goat+water",
        (4, 0): "goat-bear+water",
    }
    # goats: {(0,0),(1,0)} = 3 x 1 = 3; {(3,0),(4,0)} = 2 x 2 = 4
    assert score(park, tokens)["categories"]["goat"] == 4


def test_perfect_family_of_twelve_elks_scores_36():
    elk_tokens = [t.name for t in TOKENS if "elk" in t.animals]
    assert len(elk_tokens) == 9
    park = make_park(line(9, "forest"))
    sheet = score(park, {(q, 0): name for q, name in enumerate(elk_tokens)})
    assert sheet["categories"]["elk"] == 12 * 3


# --------------------------------------------------------------------------- the sun

# left group (0,0)-(1,0), sun on the weather space (2,0), right group (3,0)-(4,0);
# (1,0) and (3,0) both touch the sun but not each other.
SUN_PARK = {**line(2), (2, 0): "weather", **line(2, q0=3)}


def test_sun_joins_two_families_and_adds_an_animal():
    park = make_park(SUN_PARK)
    tokens = {
        (0, 0): "bear-bear+water",
        (1, 0): "bear",
        (3, 0): "bear+water",
        (4, 0): "bear-bear-bear",
    }
    assert score(park, tokens)["categories"]["bear"] == 4 * 1  # the right family alone
    assert score(park, tokens, {(2, 0): "fog"})["categories"]["bear"] == 4
    sunny = score(park, tokens, {(2, 0): "sun"})
    assert sunny["categories"]["bear"] == (3 + 1 + 4) * 2


def test_sun_belongs_to_every_species_it_touches():
    park = make_park(SUN_PARK)
    tokens = {(1, 0): "eagle+water", (3, 0): "wolf-wolf+water", (4, 0): "bison+water"}
    plain = score(park, tokens)["categories"]
    sunny = score(park, tokens, {(2, 0): "sun"})["categories"]
    assert (plain["eagle"], plain["wolf"], plain["bison"]) == (1, 2, 1)
    assert (sunny["eagle"], sunny["wolf"], sunny["bison"]) == (2, 3, 1)  # (4,0) does not touch
    assert sunny["bear"] == sunny["elk"] == sunny["goat"] == 0  # the sun alone has no water


def test_sun_brings_no_water():
    park = make_park(SUN_PARK)
    sheet = score(park, {(1, 0): "bear-bear", (3, 0): "bear-bear-bear"}, {(2, 0): "sun"})
    assert sheet["categories"]["bear"] == 0


def test_sun_does_not_join_a_flipped_token():
    # (2,-1) touches (1,0) and the sun's space (2,0) only
    park = make_park({**SUN_PARK, (2, -1): "weather"})
    tokens = {(0, 0): "bear+water", (1, 0): "bear-bear", (3, 0): "bear+water"}
    assert score(park, tokens, {(2, 0): "sun"})["categories"]["bear"] == (1 + 2 + 1 + 1) * 2
    sheet = score(park, tokens, {(2, 0): "sun", (2, -1): "thunderstorm2"})
    assert sheet["flipped_at"] == [[1, 0]]
    # (0,0) alone = 1; the sun with (3,0) = 2 bears x 1 water
    assert sheet["categories"]["bear"] == 2


# --------------------------------------------------------------------------- coverage

COVER_PARK = {
    (0, 0): "forest+river",
    (1, 0): "forest",
    (2, 0): "prairie+river+waterfall",
    (3, 0): "prairie",
    (4, 0): "mountain+waterfall",
    (5, 0): "mountain+river",
    (3, -1): "weather",  # touches (3,0) and (2,0)
    (6, -1): "geyser",  # its only landscape neighbour is (5,0)
}
FULL = {at: "bear-bear" for at, code in COVER_PARK.items() if code not in ("weather", "geyser")}
FULL_POINTS = {"forest": 7, "prairie": 7, "mountains": 7, "waterfalls": 4, "river": 8, "geysers": 4}


def test_full_cover_scores_every_coverage_bonus():
    sheet = score(make_park(COVER_PARK), FULL)
    cats = sheet["categories"]
    for cat in CATEGORIES:
        assert cats[cat] == FULL_POINTS.get(cat, 0), cat
    assert sheet["total"] == 7 + 7 + 7 + 4 + 8 + 4
    assert sheet["river_covered"] == 3


@pytest.mark.parametrize(
    "free,lost",
    [
        ((1, 0), {"forest"}),
        ((0, 0), {"forest", "river"}),
        ((2, 0), {"prairie", "river", "waterfalls"}),
        ((3, 0), {"prairie"}),
        ((4, 0), {"mountains", "waterfalls"}),
        ((5, 0), {"mountains", "river", "geysers"}),
    ],
)
def test_one_free_space_loses_its_bonuses(free, lost):
    tokens = {at: name for at, name in FULL.items() if at != free}
    sheet = score(make_park(COVER_PARK), tokens)
    for cat, points in FULL_POINTS.items():
        assert sheet["categories"][cat] == (0 if cat in lost else points), cat
    assert sheet["river_covered"] == 3 - (free in {(0, 0), (2, 0), (5, 0)})


def test_flipped_tokens_still_cover_their_spaces():
    sheet = score(make_park(COVER_PARK), FULL, {(3, -1): "thunderstorm2"})
    assert sheet["flipped_at"] == [[2, 0], [3, 0]]
    for cat, points in FULL_POINTS.items():
        assert sheet["categories"][cat] == points, cat
    assert sheet["river_covered"] == 3


def test_missing_features_score_nothing():
    # no river, no waterfall, no geyser: those bonuses cannot be earned (as on the geyser side)
    park = make_park(line(3, "forest"))
    sheet = score(park, {(q, 0): "bear" for q in range(3)})
    cats = sheet["categories"]
    assert cats["forest"] == 7
    assert cats["river"] == cats["waterfalls"] == cats["geysers"] == 0
    assert cats["prairie"] == cats["mountains"] == 0
    assert sheet["river_covered"] == 0


def test_geysers_score_four_each_when_all_landscape_neighbours_are_covered():
    # geyser A (0,0): landscape (1,0) (-1,0) (0,1); weather (0,-1) and volcano (1,-1) need nothing
    # geyser B (5,0): landscape (4,0) (6,0) (5,1)
    cells = {
        (0, 0): "geyser",
        (1, 0): "forest",
        (-1, 0): "forest",
        (0, 1): "prairie",
        (0, -1): "weather",
        (1, -1): "volcano",
        (5, 0): "geyser",
        (4, 0): "mountain",
        (6, 0): "mountain",
        (5, 1): "mountain",
        (9, 9): "mountain",  # keeps the mountain bonus out of the way
    }
    park = make_park(cells)
    around_a = {(1, 0): "elk", (-1, 0): "elk", (0, 1): "elk"}
    around_b = {(4, 0): "elk", (6, 0): "elk", (5, 1): "elk"}
    assert score(park, {**around_a, **around_b})["categories"]["geysers"] == 8
    assert score(park, {**around_a, (4, 0): "elk", (6, 0): "elk"})["categories"]["geysers"] == 4
    assert score(park, {(1, 0): "elk", (-1, 0): "elk"})["categories"]["geysers"] == 0
    flipped = score(park, around_a, {(0, -1): "thunderstorm1"})
    # (0,-1) touches the landscape space (-1,0) only: that elk is flipped but still covers
    assert flipped["flipped_at"] == [[-1, 0]]
    assert flipped["categories"]["geysers"] == 4


# --------------------------------------------------------------------------- tie-breaks

# three river spaces in a row, a weather space touching the first two
TIE_PARK = {**line(3, "forest+river"), (1, -1): "weather", **line(2, "prairie", r=5)}


def sheet_of(tokens, weather=None):
    return score(make_park(TIE_PARK), tokens, weather)


def test_most_points_wins_before_river():
    a = sheet_of({(0, 0): "bear+water"})  # 1 point, 1 river space
    b = sheet_of({(0, 0): "bear", (1, 0): "bear"})  # 0 points, 2 river spaces
    assert (a["total"], b["total"]) == (1, 0)
    assert rank([a, b]) == ([0], "total")
    assert rank([b, a]) == ([1], "total")


def test_tie_goes_to_most_covered_river_spaces():
    a = sheet_of({(0, 0): "bear"})
    b = sheet_of({(0, 0): "bear", (2, 0): "wolf"})
    c = sheet_of({(0, 5): "elk"})
    assert a["total"] == b["total"] == c["total"] == 0
    assert (a["river_covered"], b["river_covered"], c["river_covered"]) == (1, 2, 0)
    assert rank([a, b, c]) == ([1], "river")


def test_then_fewest_flipped_tokens():
    a = sheet_of({(0, 0): "bear", (2, 0): "bear"}, {(1, -1): "heatwave"})  # (0,0) flipped
    b = sheet_of({(1, 0): "elk", (2, 0): "bear"}, {(1, -1): "heatwave"})  # nothing flipped
    assert a["total"] == b["total"] and a["river_covered"] == b["river_covered"] == 2
    assert (a["flipped"], b["flipped"]) == (1, 0)
    assert rank([a, b]) == ([1], "flipped")


def test_then_the_victory_is_shared():
    a = sheet_of({(0, 0): "bear", (2, 0): "bear"}, {(1, -1): "heatwave"})
    b = sheet_of({(1, 0): "goat", (2, 0): "elk"}, {(1, -1): "heatwave"})
    c = sheet_of({(0, 0): "bear"})
    assert (a["flipped"], b["flipped"]) == (1, 1)
    assert rank([a, b, c]) == ([0, 1], "shared")


def test_final_scores_applies_the_tie_breaks_to_a_game():
    """Three players with equal totals in the real river park: player 1 has fewer covered river
    spaces; players 2 and 3 tie on river spaces, and player 3 has fewer flipped tokens."""
    state = game.new_game(players=3, seed=5)
    park = game.park_of(state)
    # a river space beside a weather space, and two other river spaces away from weather
    weather_set = set(park.weather_spaces)
    near = next(i for i in park.requirement["river"] if set(park.neighbours[i]) & weather_set)
    w = next(j for j in park.neighbours[near] if j in weather_set)
    others = [
        i
        for i in park.requirement["river"]
        if i != near and not set(park.neighbours[i]) & weather_set
    ][:2]
    bb = TOKEN_BY_NAME["bear-bear"].id  # no water: no family points
    boards = [[-1] * len(park) for _ in range(3)]
    boards[0][others[0]] = bb  # 1 river space
    boards[1][near] = boards[1][others[0]] = bb  # 2 river spaces, one flipped
    boards[2][others[0]] = boards[2][others[1]] = bb  # 2 river spaces, none flipped
    for p, pl in enumerate(state["G"]["players"]):
        pl["board"] = boards[p]
        pl["weather"] = [-1] * len(park)
        pl["weather"][w] = WEATHER_BY_NAME["thunderstorm2"].id
    result = game.final_scores(state)
    sheets = result["players"]
    assert [s["total"] for s in sheets] == [0, 0, 0]
    assert [s["river_covered"] for s in sheets] == [1, 2, 2]
    assert [s["flipped"] for s in sheets] == [0, 1, 0]
    assert result["winners"] == [2]
    assert result["tiebreak"] == "flipped"
    assert [s["name"] for s in sheets] == ["Player 1", "Player 2", "Player 3"]
    assert "solo_rating" not in result


def test_species_categories_are_the_six_species():
    assert set(CATEGORIES) - {"bad_weather", "waterfalls", "mountains", "prairie", "forest",
                              "river", "geysers"} == set(SPECIES)  # fmt: skip
