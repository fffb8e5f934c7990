"""The shipped park maps and the park validator (pyapp.park.parkcheck).

Every rule test breaks one copy of a shipped park in one way and checks that the validator names
the space and the rule. The counts come from ../shared/rules/NOTES.md ("Parks"): both sides have
14 forest, 14 prairie and 14 mountain spaces and a river of about 12 spaces from a river sign at
the edge, across all three terrains, with 6 waterfalls; the geyser side has 6 geysers with
exactly 3 landscape neighbours each and 7 weather spaces (the middle one and a clockwise ring of 6).
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources

import pytest

from pyapp.park.parkcheck import ParkError, check_park

OFFSETS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def load(name: str) -> dict:
    text = (
        resources.files("pyapp.park").joinpath("parks", f"{name}.json").read_text(encoding="utf-8")
    )
    return json.loads(text)


@pytest.fixture
def river() -> dict:
    return load("river")


@pytest.fixture
def geyser() -> dict:
    return load("geyser")


def space(data: dict, q: int, r: int) -> dict:
    return next(s for s in data["spaces"] if s["at"] == [q, r])


def swap(data: dict, a: list, b: list) -> dict:
    """Exchange what two spaces hold (kind, terrain, river...), keeping references consistent."""
    data = copy.deepcopy(data)
    sa, sb = space(data, *a), space(data, *b)
    ca = {k: v for k, v in sa.items() if k != "at"}
    cb = {k: v for k, v in sb.items() if k != "at"}
    sa.clear()
    sa.update(at=list(a), **cb)
    sb.clear()
    sb.update(at=list(b), **ca)
    data["weather_order"] = [b if x == a else a if x == b else x for x in data["weather_order"]]
    for key in ("middle", "river_sign"):
        if data[key] == a:
            data[key] = list(b)
        elif data[key] == b:
            data[key] = list(a)
    return data


def rejects(data, *fragments: str, strict: bool = True) -> str:
    with pytest.raises(ParkError) as info:
        check_park(data, strict=strict)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    return message


# --- the shipped parks ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["river", "geyser"])
@pytest.mark.parametrize("strict", [True, False])
def test_shipped_parks_are_valid(name, strict):
    data = load(name)
    assert data["name"] == name
    check_park(data, strict=strict)


def _census(data: dict) -> tuple[Counter, set, dict]:
    kinds = Counter(s["kind"] for s in data["spaces"])
    kinds.update(s["terrain"] for s in data["spaces"] if s["kind"] == "landscape")
    cells = {tuple(s["at"]) for s in data["spaces"]}
    by_at = {tuple(s["at"]): s for s in data["spaces"]}
    return kinds, cells, by_at


def _neighbours(at, cells):
    return [(at[0] + dq, at[1] + dr) for dq, dr in OFFSETS if (at[0] + dq, at[1] + dr) in cells]


def _check_river(data: dict) -> list:
    """The NOTES.md river of either side, on real spaces: walked from the sign on the edge."""
    kinds, cells, by_at = _census(data)
    flowing = [at for at, s in by_at.items() if s.get("river")]
    assert 10 <= len(flowing) <= 14
    assert all(by_at[at]["kind"] == "landscape" for at in flowing)
    falls = [at for at, s in by_at.items() if s.get("waterfall")]
    assert len(falls) == 6 and set(falls) <= set(flowing)
    assert {by_at[at]["terrain"] for at in flowing} == {"forest", "prairie", "mountain"}
    sign = tuple(data["river_sign"])
    assert len(_neighbours(sign, cells)) < 6  # on the park's edge
    # Walk the river from the sign: it must visit every river space without a choice to make.
    at, seen = sign, []
    while at is not None:
        seen.append(at)
        ahead = [n for n in _neighbours(at, cells) if by_at[n].get("river") and n not in seen]
        assert len(ahead) <= 1
        at = ahead[0] if ahead else None
    assert sorted(seen) == sorted(flowing)
    return seen


def _regions(cells: set) -> list[set]:
    groups, left = [], set(cells)
    while left:
        todo = [left.pop()]
        group = set(todo)
        while todo:
            for n in _neighbours(todo.pop(), left):
                left.discard(n)
                group.add(n)
                todo.append(n)
        groups.append(group)
    return groups


@pytest.mark.parametrize("name", ["river", "geyser"])
def test_terrains_lie_in_sizeable_regions(name):
    _, _, by_at = _census(load(name))
    for terrain in ("forest", "prairie", "mountain"):
        cells = {at for at, s in by_at.items() if s.get("terrain") == terrain}
        assert len(cells) == 14
        assert all(len(r) >= 4 for r in _regions(cells)), terrain


def test_river_side_contents(river):
    kinds, cells, by_at = _census(river)
    assert (kinds["forest"], kinds["prairie"], kinds["mountain"]) == (14, 14, 14)
    assert (kinds["volcano"], kinds["geyser"], kinds["weather"]) == (1, 3, 6)
    _check_river(river)
    for s in by_at.values():
        if s["kind"] == "geyser":
            around = _neighbours(tuple(s["at"]), cells)
            assert len(around) == 6
            assert all(by_at[n]["kind"] == "landscape" for n in around)
    assert river["middle"] is None
    assert len(river["weather_order"]) == 6


def test_geyser_side_contents(geyser):
    kinds, cells, by_at = _census(geyser)
    assert (kinds["forest"], kinds["prairie"], kinds["mountain"]) == (14, 14, 14)
    assert (kinds["volcano"], kinds["geyser"], kinds["weather"]) == (0, 6, 7)
    assert len(_check_river(geyser)) == 12
    for s in by_at.values():
        if s["kind"] == "geyser":
            around = _neighbours(tuple(s["at"]), cells)
            assert len(around) == 3
            assert all(by_at[n]["kind"] == "landscape" for n in around)
    middle = tuple(geyser["middle"])
    ring = {tuple(at) for at in geyser["weather_order"]}
    assert len(ring) == 6 and middle not in ring
    assert not set(_neighbours(middle, cells)) & ring


# --- well-formedness (both modes) -----------------------------------------------------------


def test_park_error_is_a_value_error():
    assert issubclass(ParkError, ValueError)


@pytest.mark.parametrize("strict", [True, False])
@pytest.mark.parametrize("bad", [None, [], "river", 3])
def test_rejects_non_dict(bad, strict):
    rejects(bad, "park: must be an object", strict=strict)


@pytest.mark.parametrize(
    "data, fragment",
    [
        ({}, '"spaces" must be a list'),
        ({"spaces": {"at": [0, 0]}}, '"spaces" must be a list'),
        ({"spaces": []}, "park: has no spaces"),
        ({"spaces": [["at", 0, 0]]}, "spaces[0]: must be an object"),
        ({"spaces": [{"kind": "weather"}]}, 'spaces[0]: missing "at"'),
        ({"spaces": [{"at": [True, 0], "kind": "weather"}]}, 'spaces[0] "at": must be a pair'),
        ({"spaces": [{"at": [0, 1.0], "kind": "weather"}]}, 'spaces[0] "at": must be a pair'),
        ({"spaces": [{"at": [0, 0, 0], "kind": "weather"}]}, 'spaces[0] "at": must be a pair'),
        ({"spaces": [{"at": "0,0", "kind": "weather"}]}, 'spaces[0] "at": must be a pair'),
        ({"spaces": [{"at": [2, -1], "kind": "lake"}]}, "space 2,-1: unknown kind 'lake'"),
        ({"spaces": [{"at": [2, -1]}]}, "space 2,-1: unknown kind None"),
        ({"spaces": [{"at": [0, 0], "kind": "weather"}], "size": 3}, "park: unknown key 'size'"),
        ({"name": 7, "spaces": [{"at": [0, 0], "kind": "weather"}]}, '"name" must be a string'),
    ],
)
def test_malformed_parks(data, fragment):
    rejects(data, fragment, strict=False)
    rejects(data, fragment, strict=True)


def test_landscape_needs_a_known_terrain(river):
    space(river, 0, 0)["terrain"] = "swamp"
    rejects(river, "space 0,0: a landscape space needs a terrain", "'swamp'", strict=False)
    del space(river, 0, 0)["terrain"]
    rejects(river, "space 0,0: a landscape space needs a terrain", strict=False)


def test_non_landscape_has_no_terrain(river):
    space(river, 4, 0)["terrain"] = "forest"
    rejects(river, "space 4,0: a weather space has no terrain", strict=False)


@pytest.mark.parametrize("flag", ["river", "waterfall"])
@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_flags_must_be_booleans(river, flag, value):
    space(river, 0, 0)[flag] = value
    rejects(river, f'space 0,0: "{flag}" must be true or false', strict=False)


@pytest.mark.parametrize("flag", ["river", "waterfall"])
def test_flags_only_on_landscape(river, flag):
    space(river, 1, 2)[flag] = True  # a geyser
    rejects(river, f"space 1,2: only landscape spaces can have a {flag}", strict=False)


def test_false_flags_on_other_spaces_are_harmless(river):
    space(river, 1, 2).update(river=False, waterfall=False)
    check_park(river)


def test_unknown_space_key(river):
    space(river, 0, 0)["waterfal"] = True
    rejects(river, "space 0,0: unknown key 'waterfal'", strict=False)


def test_duplicate_coordinates(river):
    river["spaces"].append({"at": [0, 0], "kind": "weather"})
    rejects(river, "space 0,0: listed twice (spaces[0] and spaces[52])", strict=False)


def test_weather_order_must_name_weather_spaces(river):
    order = river["weather_order"]
    for bad, fragment in [
        ("4,0", 'park: "weather_order" must be a list'),
        ([[4, 0], [False, 2]], "weather_order[1]: must be a pair of integers"),
        ([[4, 0], [40, 2]], "weather_order[1]: 40,2 is not a space of the park"),
        ([[4, 0], [0, 0]], "weather_order[1]: space 0,0 is a landscape space"),
        ([[4, 0], [4, 0]], "weather_order[1]: weather space 4,0 is listed twice"),
    ]:
        river["weather_order"] = bad
        rejects(river, fragment, strict=False)
    river["weather_order"] = order
    check_park(river, strict=False)


def test_middle_must_be_a_weather_space_outside_the_order(river):
    river["middle"] = [0, 0]
    rejects(river, 'park "middle": space 0,0 is a landscape space', strict=False)
    river["middle"] = [9, 9]
    rejects(river, 'park "middle": 9,9 is not a space of the park', strict=False)
    river["middle"] = [4, 0]
    rejects(river, "weather space 4,0: is the middle and cannot also be in weather_order")


def test_river_sign_must_be_on_the_river(river):
    river["river_sign"] = [0, 0]
    rejects(river, "river sign 0,0: must be on a river space", strict=False)
    river["river_sign"] = [1, True]
    rejects(river, 'park "river_sign": must be a pair of integers', strict=False)


def test_non_strict_accepts_any_well_formed_park():
    tiny = {
        "spaces": [
            {"at": [0, 0], "kind": "landscape", "terrain": "forest", "waterfall": True},
            {"at": [5, 5], "kind": "weather"},
            {"at": [-3, 2], "kind": "geyser"},
        ],
        "weather_order": [[5, 5]],
    }
    check_park(tiny, strict=False)
    rejects(tiny, 'park: "name" must be "river" or "geyser"')


def test_strict_needs_a_known_side(river):
    river["name"] = "custom"
    check_park(river, strict=False)
    rejects(river, 'park: "name" must be "river" or "geyser" for strict checks')


# --- shape and terrain (both sides) ---------------------------------------------------------


@pytest.mark.parametrize("name", ["river", "geyser"])
def test_park_must_be_connected(name):
    data = load(name)
    data["spaces"].append({"at": [20, 20], "kind": "weather"})
    rejects(data, "space 20,20: not connected to the rest of the park")


def test_park_has_no_holes(river):
    river["spaces"] = [s for s in river["spaces"] if s["at"] != [0, 4]]  # the volcano
    rejects(river, "park: has a hole at 0,4")


def test_terrain_counts(river):
    space(river, 0, 0)["terrain"] = "prairie"
    rejects(river, "park: has 13 forest spaces, needs exactly 14")


def test_geyser_side_terrain_counts(geyser):
    space(geyser, 5, 0)["terrain"] = "forest"
    rejects(geyser, "park: has 15 forest spaces, needs exactly 14")


def test_terrain_regions_need_four_spaces(river, geyser):
    rejects(swap(river, [0, 0], [5, 0]), "space 5,0: its forest region has only 1 space,")
    rejects(swap(geyser, [-1, 2], [-1, 7]), "space -3,7: its prairie region has only 3 spaces")


# --- river side -----------------------------------------------------------------------------


def test_river_side_needs_one_volcano(river):
    two = copy.deepcopy(river)
    space(two, 4, 0)["kind"] = "volcano"
    two["weather_order"].remove([4, 0])
    rejects(two, "park: has 2 volcanoes (0,4 4,0), the river side needs exactly 1")
    space(river, 0, 4)["kind"] = "weather"
    rejects(river, "park: has 0 volcanoes")


def test_volcano_inside(river):
    rejects(swap(river, [0, 4], [0, 0]), "volcano 0,0: must be inside the park, not on its edge")


def test_river_side_geyser_count(river):
    space(river, 1, 2)["kind"] = "weather"
    rejects(river, "park: has 2 geysers, the river side needs exactly 3")


def test_river_side_geysers_apart(river):
    rejects(swap(river, [1, 2], [3, 2]), "geyser 3,2: touches geyser 3,3")


def test_river_side_geyser_needs_six_landscape_neighbours(river):
    msg = "geyser 3,3: has 5 landscape neighbours, the river side needs exactly 6"
    rejects(swap(river, [5, 2], [4, 2]), msg)
    rejects(swap(river, [1, 2], [2, 0]), "geyser 2,0: has 4 landscape neighbours")


def test_waterfall_must_be_on_the_river(river):
    space(river, 3, 0)["waterfall"] = True  # a mountain space off the river
    check_park(river, strict=False)
    rejects(river, "space 3,0: waterfall must be on a river space")


def test_river_length(river):
    short = copy.deepcopy(river)
    for at in ([4, 4], [3, 4], [2, 5]):
        space(short, *at).update(river=False, waterfall=False)
    rejects(short, "park: the river has 9 spaces, the river side needs 10 to 14")
    for at in ([5, 0], [6, 0], [5, 1]):
        space(river, *at)["river"] = True
    rejects(river, "park: the river has 15 spaces")


def test_river_sign_required(river):
    river["river_sign"] = None
    rejects(river, 'park: "river_sign" is missing')


def test_river_sign_on_the_edge(river):
    river["river_sign"] = [1, 1]
    rejects(river, "river sign 1,1: must be on the park's outer edge")


def test_river_sign_top_left(river):
    river["river_sign"] = [4, 4]  # the river's other end, on the right edge
    rejects(river, "river sign 4,4: must be in the top-left part of the park")


def test_river_sign_at_an_end(river):
    space(river, 0, 0)["river"] = True
    rejects(river, "river sign 1,0: must be at an end of the river (it touches 2 river spaces)")


def test_river_has_no_branches(river):
    space(river, -1, 3)["river"] = True
    rejects(river, "river space -1,3: touches 3 river spaces", "without branches")


def test_river_is_connected(river):
    space(river, -1, 6)["river"] = False
    rejects(
        river, "river space 0,6: is not connected to the river that starts at the river sign 1,0"
    )


def test_river_crosses_all_terrains(river):
    # The river's mountain spaces trade terrain with the prairie in the top-right corner.
    for at in ([1, 6], [2, 5], [3, 4], [4, 4]):
        assert space(river, *at)["terrain"] == "mountain"
        space(river, *at)["terrain"] = "prairie"
    for at in ([5, 0], [6, 0], [5, 1], [4, 2]):
        assert space(river, *at)["terrain"] == "prairie"
        space(river, *at)["terrain"] = "mountain"
    rejects(river, "park: the river never crosses mountain")


def test_six_waterfalls(river):
    space(river, 4, 4)["waterfall"] = False
    rejects(river, "park: has 5 waterfalls, the river side needs exactly 6")
    space(river, 4, 4)["waterfall"] = True
    space(river, -1, 6)["waterfall"] = True
    rejects(river, "park: has 7 waterfalls")


def test_river_side_weather_count(river):
    river["spaces"].append({"at": [-1, 1], "kind": "weather"})
    rejects(river, "park: has 7 weather spaces, the river side needs exactly 6")


def test_river_side_has_no_middle(river):
    river["spaces"].append({"at": [-1, 1], "kind": "weather"})
    river["middle"] = [-1, 1]
    rejects(river, "weather space -1,1: the river side has no middle")


def test_river_side_weather_order_complete(river):
    del river["weather_order"][2]
    rejects(river, "weather space 3,5: missing from weather_order")
    river["weather_order"] = None
    rejects(river, 'park: "weather_order" is missing')


def test_weather_needs_three_landscape_neighbours(river):
    msg = "weather space 0,0: has 2 landscape neighbours, needs at least 3"
    rejects(swap(river, [-1, 2], [0, 0]), msg)


def test_weather_spaces_apart(river):
    rejects(swap(river, [5, 2], [3, 0]), "weather space 3,0: touches weather space 4,0")


def test_weather_order_clockwise(river):
    order = river["weather_order"]
    river["weather_order"] = [order[0], *reversed(order[1:])]
    rejects(
        river,
        f"weather_order[1]: weather space {order[-1][0]},{order[-1][1]} is out of clockwise order",
        f"after {order[0][0]},{order[0][1]} comes {order[1][0]},{order[1][1]}",
    )
    river["weather_order"] = order[1:] + order[:1]  # any starting point is fine
    check_park(river)
    river["weather_order"] = [order[0], order[2], order[1], *order[3:]]
    rejects(river, "weather_order[1]: ", "is out of clockwise order around the park's centre")


# --- geyser side ----------------------------------------------------------------------------


def test_geyser_side_river_sign(geyser):
    geyser["river_sign"] = None
    rejects(geyser, 'park: "river_sign" is missing, the geyser side needs one')
    geyser["river_sign"] = [1, 1]
    rejects(geyser, "river sign 1,1: must be on the park's outer edge")
    geyser["river_sign"] = [3, 7]  # the river's other end, bottom right: any edge will do
    check_park(geyser)
    geyser["river_sign"] = [2, 7]
    rejects(geyser, "river sign 2,7: must be at an end of the river (it touches 2 river spaces)")


def test_geyser_side_river_length(geyser):
    for at in ([1, 7], [2, 7], [3, 7]):
        space(geyser, *at).update(river=False, waterfall=False)
    rejects(geyser, "park: the river has 9 spaces, the geyser side needs 10 to 14")


def test_geyser_side_river_is_one_path(geyser):
    space(geyser, 1, 5)["river"] = True
    rejects(geyser, "river space 1,5: touches 3 river spaces (1,6 2,4 2,5)", "without branches")
    space(geyser, 1, 5)["river"] = False
    space(geyser, 2, 4)["river"] = False
    rejects(geyser, "river space 1,6: is not connected to the river that starts at the river")


def test_geyser_side_river_crosses_all_terrains(geyser):
    # The river's prairie spaces trade terrain with the mountains in the top-right corner.
    for at in ([1, 3], [2, 3], [2, 4], [1, 6], [1, 7]):
        assert space(geyser, *at)["terrain"] == "prairie"
        space(geyser, *at)["terrain"] = "mountain"
    for at in ([4, 0], [5, 0], [6, 0], [4, 1], [5, 1]):
        assert space(geyser, *at)["terrain"] == "mountain"
        space(geyser, *at)["terrain"] = "prairie"
    rejects(geyser, "park: the river never crosses prairie, it must cross all three")


def test_geyser_side_six_waterfalls(geyser):
    space(geyser, 1, 0)["waterfall"] = True
    check_park(geyser, strict=False)
    rejects(geyser, "park: has 7 waterfalls, the geyser side needs exactly 6")
    space(geyser, 1, 0)["waterfall"] = False
    space(geyser, 1, 1)["waterfall"] = False
    rejects(geyser, "park: has 5 waterfalls, the geyser side needs exactly 6")
    space(geyser, 1, 1).update(river=False, waterfall=True)  # a waterfall off the river
    rejects(geyser, "space 1,1: waterfall must be on a river space")


def test_geyser_side_has_no_volcano(geyser):
    space(geyser, 6, 1)["kind"] = "volcano"
    rejects(geyser, "volcano 6,1: the geyser side has no volcano")


def test_geyser_side_geyser_count(geyser):
    geyser["spaces"].append({"at": [0, 0], "kind": "geyser"})
    rejects(geyser, "park: has 7 geysers, the geyser side needs exactly 6")


def test_geyser_side_geyser_has_three_landscape_neighbours(geyser):
    msg = "geyser 2,0: has 4 landscape neighbours, the geyser side needs exactly 3"
    rejects(swap(geyser, [-1, 2], [2, 0]), msg)


def test_geyser_side_geyser_touches_only_landscape(geyser):
    rejects(swap(geyser, [-1, 2], [3, 0]), "geyser 3,0: touches weather space 3,1")
    rejects(swap(geyser, [5, 3], [6, 0]), "geyser 6,0: touches geyser space 6,1")


def test_geyser_side_weather_count(geyser):
    geyser["spaces"].append({"at": [0, 0], "kind": "weather"})
    rejects(geyser, "park: has 8 weather spaces, the geyser side needs exactly 7")


def test_geyser_side_needs_a_middle(geyser):
    geyser["middle"] = None
    rejects(geyser, 'park: "middle" is missing')


def test_geyser_side_ring_in_order(geyser):
    missing = geyser["weather_order"].pop(4)
    rejects(geyser, f"weather space {missing[0]},{missing[1]}: missing from weather_order")
    geyser["weather_order"] = None
    rejects(geyser, 'park: "weather_order" is missing')


def test_middle_not_on_the_edge(geyser):
    rejects(swap(geyser, [1, 4], [0, 7]), "weather space 0,7: the middle must not be on the")


def test_middle_is_in_the_middle(geyser):
    # Exchange the middle with the top ring space: "middle" now names 3,1.
    moved = swap(geyser, [1, 4], [3, 1])
    assert moved["middle"] == [3, 1]
    rejects(moved, "weather space 3,1: is not the middle of the park")


def test_ring_keeps_its_distance_from_the_middle(geyser):
    msg = "weather space 1,3: touches the middle weather space 1,4"
    rejects(swap(geyser, [3, 1], [1, 3]), msg)


def test_ring_spaces_apart(geyser):
    rejects(swap(geyser, [1, 2], [3, 0]), "weather space 3,0: touches weather space 3,1")


def test_ring_space_needs_three_landscape_neighbours(geyser):
    msg = "weather space 3,7: has 2 landscape neighbours, needs at least 3"
    rejects(swap(geyser, [2, 6], [3, 7]), msg)


def test_ring_clockwise(geyser):
    order = geyser["weather_order"]
    geyser["weather_order"] = list(reversed(order))
    rejects(geyser, "is out of clockwise order around the middle weather space 1,4")


def test_ring_spread_around_the_middle(geyser):
    # With the middle moved to 0,4 the ring leaves a half turn empty between -1,6 and 1,2 (the
    # old middle space takes the prairie around it, and 0,5 the forest, to keep the terrains).
    moved = swap(geyser, [1, 4], [0, 4])
    space(moved, 1, 4)["terrain"] = "prairie"
    space(moved, 0, 5)["terrain"] = "forest"
    rejects(
        moved,
        "weather space -1,6: the next weather space clockwise (1,2) is 180 degrees away",
        "must be spread around it",
    )


def test_ring_order_ambiguous_when_spaces_line_up(geyser):
    # Moving the top ring space to 1,0 puts it in line with 1,2 as seen from the middle 1,4.
    rejects(
        swap(geyser, [3, 1], [1, 0]),
        "weather spaces 1,0 and 1,2: lie in the same direction from the middle weather space 1,4",
    )


def test_weather_space_on_the_centre_has_no_direction():
    # Not reachable with the shipped maps (the geyser side turns around its middle space, which
    # cannot be in the order), so the order check is called directly.
    from pyapp.park.parkcheck import _check_clockwise

    with pytest.raises(ParkError, match="weather space 0,0: sits on the park's centre"):
        _check_clockwise([(0, 0), (1, 0), (-1, 1)], (0.0, 0.0), "the park's centre")


def test_the_map_tool_draws_and_checks_the_parks(tmp_path, capsys):
    from tools import park_map

    assert park_map.main(["river", "geyser", "geyser-v1"]) == 0
    out = capsys.readouterr().out
    assert "river: 12 spaces across forest, mountain, prairie; waterfalls: 6" in out
    assert "geysers: 6 (landscape neighbours [3, 3, 3, 3, 3, 3])" in out
    assert out.count("valid (strict)") == 2 and "valid (well-formed only)" in out
    broken = load("geyser")
    space(broken, 1, 1)["waterfall"] = False
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    assert park_map.main([str(path)]) == 1
    assert "REFUSED: park: has 5 waterfalls" in capsys.readouterr().out
