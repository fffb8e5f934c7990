"""The 35 animal tokens, the 10 weather tokens and the action board match NOTES.md exactly.

The expected lists are written out here from NOTES.md's tables (not derived from the engine's own
generator), so a change to the component data cannot go unnoticed.
"""

from collections import Counter

import pytest

from pyapp.park.components import (
    ACTIONS,
    SPECIES,
    TERRAIN_SPACES,
    TOKEN_BY_NAME,
    TOKENS,
    WEATHER,
    WEATHER_BY_NAME,
    make_face,
    solo_rating,
)

# NOTES.md, "The 35 animal tokens": (animals, water)
EXPECTED_TOKENS = (
    [((s, s, s), False) for s in SPECIES]
    + [((s, s), False) for s in SPECIES]
    + [((s,), True) for s in SPECIES]
    + [
        (("eagle", "elk"), True),
        (("elk", "goat"), True),
        (("goat", "bear"), True),
        (("bear", "bison"), True),
        (("bison", "wolf"), True),
        (("wolf", "eagle"), True),
        (("eagle", "goat"), False),
        (("eagle", "bear"), False),
        (("eagle", "bison"), False),
        (("elk", "bear"), False),
        (("elk", "bison"), False),
        (("elk", "wolf"), False),
        (("goat", "bison"), False),
        (("goat", "wolf"), False),
        (("bear", "wolf"), False),
        (("eagle", "elk", "goat"), False),
        (("bear", "bison", "wolf"), False),
    ]
)


def _key(animals, water):
    return (tuple(sorted(Counter(animals).items())), water)


def test_exactly_the_35_tokens_of_notes():
    assert len(TOKENS) == 35
    got = sorted(_key(t.animals, t.water) for t in TOKENS)
    want = sorted(_key(a, w) for a, w in EXPECTED_TOKENS)
    assert got == want


def test_tokens_are_unique_and_ids_are_positions():
    assert len({_key(t.animals, t.water) for t in TOKENS}) == 35
    assert [t.id for t in TOKENS] == list(range(35))
    assert len(TOKEN_BY_NAME) == 35
    for t in TOKENS:
        assert TOKEN_BY_NAME[t.name] is t


@pytest.mark.parametrize("species", SPECIES)
def test_each_species_has_12_animals_and_3_watering_holes(species):
    animals = sum(t.animals.count(species) for t in TOKENS)
    water = sum(1 for t in TOKENS if t.water and species in t.animals)
    assert animals == 12
    assert water == 3


def test_animals_per_token_counts():
    sizes = Counter(len(t.animals) for t in TOKENS)
    assert sizes == {1: 6, 2: 21, 3: 8}
    assert sum(t.water for t in TOKENS) == 12


def test_water_cycle_pairs_and_the_two_triples():
    pairs_with_water = {frozenset(t.animals) for t in TOKENS if len(t.animals) == 2 and t.water}
    cycle = ["eagle", "elk", "goat", "bear", "bison", "wolf"]
    assert pairs_with_water == {frozenset((cycle[i], cycle[(i + 1) % 6])) for i in range(6)}
    mixed_pairs = {
        frozenset(t.animals) for t in TOKENS if len(t.animals) == 2 and len(set(t.animals)) == 2
    }
    assert len(mixed_pairs) == 15  # one token for every pair of different species
    triples = {frozenset(t.animals) for t in TOKENS if len(set(t.animals)) == 3}
    assert triples == {frozenset(("eagle", "elk", "goat")), frozenset(("bear", "bison", "wolf"))}
    assert not any(t.water for t in TOKENS if len(set(t.animals)) == 3)


def test_token_names_and_shows():
    t = TOKEN_BY_NAME["eagle-elk+water"]
    assert t.animals == ("eagle", "elk") and t.water
    assert t.shows("eagle") and t.shows("elk") and t.shows("water")
    assert not t.shows("bear")
    assert TOKEN_BY_NAME["bear-bear-bear"].counts == (0, 0, 0, 3, 0, 0)
    assert not TOKEN_BY_NAME["bear-bear-bear"].shows("water")
    # the name does not depend on the order the animals are given in
    assert make_face(["wolf", "eagle"], True).name == "eagle-wolf+water"


# NOTES.md, "The 10 weather tokens": what each drives away
EXPECTED_WEATHER = {
    "sun": set(),
    "hurricane": {"eagle", "elk", "water"},
    "hailstorm": {"bear", "wolf", "water"},
    "downpour": {"goat", "bison", "water"},
    "snowstorm": {"elk", "wolf"},
    "heatwave": {"goat", "bear"},
    "fog": {"eagle", "bison"},
}


def test_exactly_the_10_weather_tokens():
    assert len(WEATHER) == 10
    assert sorted(w.name for w in WEATHER) == sorted(
        [*EXPECTED_WEATHER, "thunderstorm1", "thunderstorm2", "thunderstorm3"]
    )
    assert [w.id for w in WEATHER] == list(range(10))
    for clouds in (1, 2, 3):
        w = WEATHER_BY_NAME[f"thunderstorm{clouds}"]
        assert (w.kind, w.clouds, w.bad) == ("thunderstorm", clouds, True)
    assert not WEATHER_BY_NAME["sun"].bad
    assert all(w.bad for w in WEATHER if w.name != "sun")


@pytest.mark.parametrize("name", sorted(EXPECTED_WEATHER))
def test_weather_drives_away_exactly_its_features(name):
    w = WEATHER_BY_NAME[name]
    for species in SPECIES:
        # one animal without water: hit iff the species is listed
        assert w.drives_away(make_face([species], False)) == (species in EXPECTED_WEATHER[name])
    # the sun and every weather token against each of the 35 real tokens
    for t in TOKENS:
        shown = set(t.animals) | ({"water"} if t.water else set())
        assert w.drives_away(t) == bool(shown & EXPECTED_WEATHER[name]), t.name


@pytest.mark.parametrize("clouds", [1, 2, 3])
def test_thunderstorm_drives_away_by_animal_count(clouds):
    w = WEATHER_BY_NAME[f"thunderstorm{clouds}"]
    for t in TOKENS:
        assert w.drives_away(t) == (len(t.animals) == clouds), t.name


def test_action_board():
    assert set(ACTIONS) == {*SPECIES, "water"}
    assert len(ACTIONS) == 7
    assert TERRAIN_SPACES == (
        "forest",
        "prairie",
        "mountain",
        "river",
        "waterfall",
        "geyser",
        "any",
    )


@pytest.mark.parametrize(
    "score,band",
    [
        (0, "bottom"),
        (79, "bottom"),
        (80, "again"),
        (109, "again"),
        (110, "better"),
        (139, "better"),
        (140, "natural"),
        (164, "natural"),
        (165, "goat"),
        (184, "goat"),
        (185, "eagle"),
        (204, "eagle"),
        (205, "envy"),
        (219, "envy"),
        (220, "bear"),
        (300, "bear"),
    ],
)
def test_solo_rating_bands(score, band):
    assert solo_rating(score) == band
