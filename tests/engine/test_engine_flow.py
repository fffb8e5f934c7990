"""Game flow on crafted states: setup and forecast of each variant, action choice, placement
with both fallbacks, the watering-hole space, marmot rotation, refills and the end.

Requirements are checked against the park JSON files read here directly, not against the
engine's own precomputed lookups.
"""

import json

import pytest
from engine_helpers import REPO, advance, at_kind, play_out

from pyapp.core.errors import IllegalActionError, MalformedActionError
from pyapp.park import game
from pyapp.park.actions import (
    ChooseWeather,
    Pick,
    Place,
    RevealWeather,
    StartWeather,
    parse,
)
from pyapp.park.components import ACTIONS, SUN, TERRAIN_SPACES, TOKEN_BY_NAME, TOKENS
from pyapp.park.game import OptionsError
from pyapp.park.record import from_json as record_from_json
from pyapp.park.record import to_json

OFFSETS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def park_json(name):
    return json.loads((REPO / "pyapp" / "park" / "parks" / f"{name}.json").read_text())


def meets(name: str, requirement: str) -> set:
    """Coordinates of the landscape spaces meeting a terrain requirement, from the JSON file."""
    data = park_json(name)
    kinds = {tuple(s["at"]): s for s in data["spaces"]}
    land = {at for at, s in kinds.items() if s["kind"] == "landscape"}
    if requirement in ("forest", "prairie", "mountain"):
        return {at for at in land if kinds[at]["terrain"] == requirement}
    if requirement in ("river", "waterfall"):
        return {at for at in land if kinds[at].get(requirement)}
    if requirement == "geyser":
        geysers = {at for at, s in kinds.items() if s["kind"] == "geyser"}
        return {at for at in land if {(at[0] + dq, at[1] + dr) for dq, dr in OFFSETS} & geysers}
    assert requirement == "any"
    return land


def weather_order(name):
    return [tuple(at) for at in park_json(name)["weather_order"]]


def expect_illegal(state, action, *words):
    before = to_json(state)
    with pytest.raises(IllegalActionError) as err:
        game.play(state, action)
    for word in words:
        assert word in str(err.value), (action, str(err.value))
    assert to_json(state) == before


def first_pick(players=2, seed=3, variant="base", **kw):
    return advance(
        game.new_game(players=players, seed=seed, variant=variant, **kw), at_kind("pick")
    )


def place_options(state):
    """(token names, space coords) of the open placement, from the legal actions."""
    legal = game.legal_actions(state)
    assert legal and all(isinstance(a, Place) for a in legal)
    return {a.token for a in legal}, {a.at for a in legal}


# --------------------------------------------------------------------------- base setup


def test_base_setup():
    state = game.new_game(players=3, seed=7)
    secret = state["secret"]
    for p, pl in enumerate(state["G"]["players"]):
        assert len(pl["display"]) == 7
        assert sorted(pl["display"] + secret["reserves"][p]) == list(range(35))
        assert pl["reserve_count"] == 28
        assert pl["forecast"][0] == {"up": True, "id": SUN}
        assert pl["forecast"][1:] == [{"up": False}] * 5
        down = secret["forecast"][p][1:]
        assert len(set(down)) == 5 and SUN not in down and all(1 <= w <= 9 for w in down)
        assert set(pl["board"]) == {-1} and set(pl["weather"]) == {-1}
    assert state["G"]["row"] == list(ACTIONS)
    assert state["G"]["terrain"] == [None] * 7
    assert state["ctx"]["round"] == 1 and state["ctx"]["marmot"] == 0
    assert game.decision(state) == {"player": 0, "kind": "weather"}
    assert secret["stack"] == []


def test_base_first_weather_token_goes_on_any_weather_space():
    state = game.new_game(players=2, seed=7)
    spaces = weather_order("river")
    legal = game.legal_actions(state)
    assert set(legal) == {ChooseWeather(s, at) for s in range(6) for at in spaces}
    expect_illegal(state, "weather 2", "at")
    expect_illegal(state, "start 1,1", "choose a weather token")
    hidden = state["secret"]["forecast"][0][4]
    at = spaces[3]
    game.play(state, f"weather 4 at {at[0]},{at[1]}")
    pl = game.park_of(state)
    assert state["G"]["players"][0]["weather"][pl.index[at]] == hidden  # revealed when placed
    assert state["G"]["players"][0]["forecast"][4] is None
    assert game.decision(state) == {"player": 1, "kind": "weather"}
    # the second player's choices are theirs: the first player's space is still free for them
    assert ChooseWeather(4, at) in game.legal_actions(state)


def test_base_forecast_goes_clockwise_from_the_first_token():
    """Over a whole game each player's weather tokens fill the weather spaces clockwise from
    wherever the first one went, and every weather space is filled."""
    order = weather_order("river")
    state = game.new_game(players=2, seed=11)
    placed = {0: [], 1: []}

    def chooser(state, legal):
        # a different first space for each player; otherwise the first legal choice
        if state["ctx"]["phase"] == "setup":
            want = order[2] if game.to_move(state) == 0 else order[5]
            return next(a for a in legal if a.at == want)
        return legal[-1]

    park = None
    while not game.is_over(state):
        p = game.to_move(state)
        legal = game.legal_actions(state)
        action = chooser(state, legal)
        before = list(state["G"]["players"][p]["weather"])
        game.play(state, action)
        park = game.park_of(state)
        after = state["G"]["players"][p]["weather"]
        new = [park.at(i) for i in range(len(park)) if before[i] != after[i]]
        if isinstance(action, ChooseWeather):
            assert len(new) == 1
            placed[p].append(new[0])
        else:
            assert new == []
    assert placed[0] == order[2:] + order[:2]
    assert placed[1] == order[5:] + order[:5]
    for pl in state["G"]["players"]:
        assert all(pl["weather"][park.index[at]] >= 0 for at in order)
        assert pl["forecast"] == [None] * 6  # all six tokens used
        assert sorted(pl["weather"][park.index[at]] for at in order)[0] == SUN


def test_base_forecast_any_token_face_down_by_position():
    state = advance(game.new_game(players=2, seed=4), lambda s: s["ctx"]["phase"] == "forecast")
    p = game.to_move(state)
    slots = [i for i, s in enumerate(state["G"]["players"][p]["forecast"]) if s is not None]
    assert set(game.legal_actions(state)) == {ChooseWeather(i) for i in slots}
    expect_illegal(state, "weather 1 at 4,0", "leave out")
    used = next(i for i in range(6) if i not in slots)
    expect_illegal(state, f"weather {used}", "empty")
    expect_illegal(state, "reveal 1", "choose a weather token")


# --------------------------------------------------------------------------- action choice


def test_pick_rules_and_the_watering_hole_space():
    state = first_pick()
    legal = set(game.legal_actions(state))
    animals = [a for a in ACTIONS if a != "water"]
    six = [t for t in TERRAIN_SPACES if t != "any"]
    assert legal == {Pick(a, t) for a in animals for t in six} | {Pick("water", "any")}
    expect_illegal(state, "pick water forest", "rightmost")
    expect_illegal(state, "pick bear any", "only the watering hole")
    expect_illegal(state, "place bear-bear at 0,0", "must choose an action token")
    game.play(state, "pick bear river")
    assert "bear" not in state["G"]["row"]
    assert state["G"]["terrain"][TERRAIN_SPACES.index("river")] == "bear"
    assert state["ctx"]["requirement"] == ["bear", "river"]
    advance(state, at_kind("pick"))
    expect_illegal(state, "pick elk river", "already taken")
    expect_illegal(state, "pick bear forest", "not in the selection row")
    assert len(game.legal_actions(state)) == 5 * 5 + 1
    game.play(state, "pick water any")
    advance(state, at_kind("pick"))
    assert all(a.action != "water" and a.terrain != "any" for a in game.legal_actions(state))
    assert len(game.legal_actions(state)) == 5 * 5


def test_hand_built_actions_with_unknown_names_get_a_reason_not_a_crash():
    # play() parses text, so only a hand-built action object can carry a name no token has
    state = first_pick()
    assert "no terrain space called 'lake'" in game.why_illegal(state, Pick("bear", "lake"))
    advance(state, at_kind("place"))
    at = next(iter(place_options(state)[1]))
    assert "no animal token called 'dragon'" in game.why_illegal(state, Place("dragon", at))
    before = to_json(state)
    with pytest.raises(MalformedActionError, match="dragon"):
        game.play(state, Place("dragon", at))
    assert to_json(state) == before


def test_row_and_terrain_selection_reset_each_round():
    state = first_pick()
    picks = []
    while state["ctx"]["round"] == 1:
        if game.decision(state)["kind"] == "pick":
            picks.append(str(game.legal_actions(state)[-1]))
            game.play(state, picks[-1])
        else:
            game.play(state, game.legal_actions(state)[0])
    assert len(picks) == 7
    assert {p.split()[1] for p in picks} == set(ACTIONS)  # each action token once per round
    assert state["G"]["row"] == list(ACTIONS)
    assert state["G"]["terrain"] == [None] * 7
    assert state["ctx"]["phase"] == "forecast" and state["ctx"]["round"] == 2


# --------------------------------------------------------------------------- placement


@pytest.mark.parametrize("terrain", TERRAIN_SPACES)
def test_placement_spaces_meet_the_requirement(terrain):
    state = first_pick(seed=8)
    action = "water" if terrain == "any" else "elk"
    game.play(state, f"pick {action} {terrain}")
    _, spaces = place_options(state)
    assert spaces == meets("river", terrain)


def test_only_tokens_showing_the_feature_when_there_are_some():
    state = first_pick(seed=2)
    p = state["ctx"]["marmot"]
    names = [
        "eagle-elk+water",
        "bear-bear",
        "eagle-goat",
        "wolf+water",
        "elk-elk",
        "goat+water",
        "bison+water",
    ]
    state["G"]["players"][p]["display"] = [TOKEN_BY_NAME[n].id for n in names]
    game.play(state, "pick eagle forest")
    tokens, spaces = place_options(state)
    assert tokens == {"eagle-elk+water", "eagle-goat"}
    assert spaces == meets("river", "forest")
    forest = sorted(meets("river", "forest"))[0]
    expect_illegal(state, f"place bear-bear at {forest[0]},{forest[1]}", "does not show eagle")
    expect_illegal(state, "place eagle-eagle at 0,0", "not in")


def test_token_fallback_any_display_token():
    state = first_pick(seed=2)
    p = state["ctx"]["marmot"]
    names = ["bear-bear", "goat+water", "elk-wolf", "bison-bison-bison", "wolf+water", "elk+water"]
    display = [TOKEN_BY_NAME[n].id for n in names]
    state["G"]["players"][p]["display"] = display
    game.play(state, "pick eagle mountain")
    tokens, spaces = place_options(state)
    assert tokens == set(names)
    assert spaces == meets("river", "mountain")


def test_space_fallback_any_free_landscape_space():
    state = first_pick(seed=2)
    p = state["ctx"]["marmot"]
    park = game.park_of(state)
    board = state["G"]["players"][p]["board"]
    waterfalls = meets("river", "waterfall")
    filler = TOKEN_BY_NAME["bison-bison"].id
    for at in waterfalls:
        board[park.index[at]] = filler
    game.play(state, "pick goat waterfall")
    _, spaces = place_options(state)
    assert spaces == meets("river", "any") - waterfalls
    # the other player's waterfalls are free: they must still use one
    game.play(state, game.legal_actions(state)[0])
    _, spaces = place_options(state)
    assert spaces == waterfalls


def test_one_free_space_left_must_be_used():
    state = first_pick(seed=2)
    p = state["ctx"]["marmot"]
    park = game.park_of(state)
    board = state["G"]["players"][p]["board"]
    river = sorted(meets("river", "river"))
    for at in river[1:]:
        board[park.index[at]] = TOKEN_BY_NAME["bison-bison"].id
    game.play(state, "pick wolf river")
    _, spaces = place_options(state)
    assert spaces == {river[0]}
    other = sorted(meets("river", "any") - set(river))[0]
    expect_illegal(state, f"place {next(iter(place_options(state)[0]))} at "
                   f"{other[0]},{other[1]}", "does not meet")  # fmt: skip
    expect_illegal(state, f"place bison-bison at {river[1][0]},{river[1][1]}")


def test_both_fallbacks_at_once():
    state = first_pick(seed=2)
    p = state["ctx"]["marmot"]
    park = game.park_of(state)
    pl = state["G"]["players"][p]
    names = ["bear-bear", "elk-wolf", "bison-bison-bison"]
    pl["display"] = [TOKEN_BY_NAME[n].id for n in names]
    prairie = meets("river", "prairie")
    for at in prairie:
        pl["board"][park.index[at]] = TOKEN_BY_NAME["bison-bison"].id
    game.play(state, "pick goat prairie")
    tokens, spaces = place_options(state)
    assert tokens == set(names)
    assert spaces == meets("river", "any") - prairie


def test_placing_moves_the_token_from_display_to_park_and_refills():
    state = first_pick(seed=6)
    game.play(state, "pick water any")
    p = game.to_move(state)
    pl = state["G"]["players"][p]
    head = state["secret"]["reserves"][p][0]
    action = game.legal_actions(state)[0]
    tid = TOKEN_BY_NAME[action.token].id
    game.play(state, action)
    park = game.park_of(state)
    assert pl["board"][park.index[action.at]] == tid
    assert tid not in pl["display"] and len(pl["display"]) == 6  # refilled after everyone placed
    assert TOKENS[tid].water
    game.play(state, game.legal_actions(state)[0])
    assert len(pl["display"]) == 7 and pl["display"][-1] == head
    assert pl["reserve_count"] == 27 == len(state["secret"]["reserves"][p])


def test_geyser_requirement_uses_the_spaces_beside_a_geyser():
    state = first_pick(seed=6)
    game.play(state, "pick bison geyser")
    _, spaces = place_options(state)
    assert spaces == meets("river", "geyser")
    assert spaces  # the river side has geysers


# --------------------------------------------------------------------------- marmot and order


@pytest.mark.parametrize("players,first", [(2, 0), (3, 1), (4, 3)])
def test_marmot_passes_left_every_action_turn(players, first):
    state = game.new_game(players=players, seed=9, first=first)
    assert game.decision(state)["player"] == first
    turn = 0
    while not game.is_over(state):
        ctx = state["ctx"]
        d = game.decision(state)
        if d["kind"] == "pick":
            assert d["player"] == ctx["marmot"] == (first + turn) % players
            turn += 1
        if d["kind"] == "place" and ctx["pending"][0] == ctx["marmot"]:
            assert ctx["pending"] == [(ctx["marmot"] + i) % players for i in range(players)]
        if ctx["phase"] in ("forecast", "setup") and len(ctx["pending"]) == players:
            assert ctx["pending"] == [(ctx["marmot"] + i) % players for i in range(players)]
        game.play(state, game.legal_actions(state)[0])
    assert turn == 35


def test_refill_until_the_reserve_runs_out_and_everything_is_placed():
    state = game.new_game(players=2, seed=12)
    turns = 0
    while not game.is_over(state):
        d = game.decision(state)
        game.play(state, game.legal_actions(state)[-1])
        if (
            d["kind"] == "place"
            and game.decision(state)
            and game.decision(state)["kind"] != "place"
        ):
            turns += 1
            for pl in state["G"]["players"]:
                assert len(pl["display"]) == min(7, 35 - turns)
                assert pl["reserve_count"] == max(0, 28 - turns)
    assert turns == 34  # the 35th turn ends the game
    for pl in state["G"]["players"]:
        assert sorted(t for t in pl["board"] if t >= 0) == list(range(35))
        assert pl["display"] == [] and pl["reserve_count"] == 0


def test_the_end_of_the_game():
    state = play_out(game.new_game(players=2, seed=1), rng_seed=5)
    assert game.is_over(state)
    assert state["ctx"]["round"] == 5 and state["ctx"]["turn"] == 7
    assert game.decision(state) is None and game.to_move(state) is None
    assert game.legal_actions(state) == []
    expect_illegal(state, "pick bear river", "over")
    assert game.why_illegal(state, Pick("bear", "river")) == "the game is over"


def test_wrong_player_is_refused():
    state = game.new_game(players=2, seed=1)
    legal = game.legal_actions(state)
    assert game.legal_actions(state, 1) == []
    before = to_json(state)
    with pytest.raises(IllegalActionError, match="Player 1's turn"):
        game.play(state, legal[0], player=1)
    assert to_json(state) == before
    game.play(state, legal[0], player=0)


@pytest.mark.parametrize(
    "options,words",
    [
        ({"players": 5}, "2-4 players"),
        ({"players": 1}, "2-4 players"),
        ({"players": 2, "variant": "solo"}, "exactly 1 player,"),
        ({"players": 5, "variant": "geyser"}, "1-4"),
        ({"variant": "chess"}, "unknown variant"),
        ({"seed": -1}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"seed": ""}, "seed"),
        ({"names": ["a"]}, "names"),
        ({"names": ["a", "   "]}, "names"),
        ({"first": 2}, "first"),
        ({"players": True}, "players"),
    ],
)
def test_bad_options_are_refused(options, words):
    with pytest.raises(OptionsError, match=words):
        game.new_game(**options)


# --------------------------------------------------------------------------- solo challenge


def test_solo_setup():
    state = game.new_game(players=1, seed=3, variant="solo")
    assert state["G"]["row"] == []
    assert sorted(state["secret"]["stack"]) == sorted(ACTIONS)
    assert state["ctx"]["stack_count"] == 7
    assert game.decision(state) == {"player": 0, "kind": "weather"}
    assert len(game.legal_actions(state)) == 6 * 6


def test_solo_action_stack_reveals_each_action_once_per_round_and_reshuffles():
    state = game.new_game(players=1, seed=3, variant="solo")
    rounds = []
    revealed = []
    stacks = []  # the stack as each round starts
    while not game.is_over(state):
        d = game.decision(state)
        if state["ctx"]["phase"] in ("setup", "forecast") and len(stacks) < state["ctx"]["round"]:
            stacks.append(list(state["secret"]["stack"]))
            assert state["ctx"]["stack_count"] == 7
        if d["kind"] == "pick":
            ctx = state["ctx"]
            action = ctx["revealed"]
            assert action == stacks[-1][-1 - len(revealed)]  # the top of the stack
            assert ctx["stack_count"] == 6 - len(revealed) == len(state["secret"]["stack"])
            legal = game.legal_actions(state)
            assert {a.action for a in legal} == {action}
            if action == "water":
                assert legal == [Pick("water", "any")]
            else:
                assert "any" not in {a.terrain for a in legal}
                free = [t for i, t in enumerate(TERRAIN_SPACES[:6]) if not state["G"]["terrain"][i]]
                assert {a.terrain for a in legal} == set(free)
                other = next(a for a in ACTIONS if a not in (action, "water"))
                expect_illegal(state, f"pick {other} {free[0]}", "revealed action token")
            revealed.append(action)
            game.play(state, legal[0])
            assert state["ctx"]["revealed"] is None
            if len(revealed) == 7:
                rounds.append(revealed)
                revealed = []
            continue
        assert state["ctx"]["marmot"] == 0
        game.play(state, game.legal_actions(state)[0])
    assert len(rounds) == 5
    for order in rounds:
        assert sorted(order) == sorted(ACTIONS)
    assert len(stacks) == 5 and all(sorted(s) == sorted(ACTIONS) for s in stacks)
    assert len({tuple(s) for s in stacks}) > 1  # reshuffled between rounds
    result = game.final_scores(state)
    from pyapp.park.components import solo_rating

    assert result["solo_rating"] == solo_rating(result["players"][0]["total"])
    assert result["winners"] == [0]


def test_solo_observation_hides_the_stack():
    state = first_pick(players=1, seed=5, variant="solo")
    obs = game.observation(state, 0)
    assert "secret" not in obs
    assert obs["ctx"]["stack_count"] == 6
    assert obs["ctx"]["revealed"] in ACTIONS
    assert game.legal_actions(obs) == game.legal_actions(state)


# --------------------------------------------------------------------------- Geyser Park


def test_geyser_setup_two_leftover_tokens_face_up():
    """Two starting tokens drawn from the four left out lie face up; the player chooses which
    goes on the middle space and on which ring space the other goes (NOTES.md, Rulings)."""
    state = game.new_game(players=2, seed=13, variant="geyser")
    assert state["options"]["park_version"] == 2
    park = game.park_of(state)
    data = park_json("geyser")
    middle = park.index[tuple(data["middle"])]
    for p, pl in enumerate(state["G"]["players"]):
        down = state["secret"]["forecast"][p][1:]
        first, second = pl["start_tokens"]
        used = {SUN, *down}
        assert first >= 0 and second >= 0 and first != second
        assert first not in used and second not in used
        assert all(w < 0 for w in pl["weather"])  # nothing placed before the player chooses
    obs = game.observation(state, 1)
    assert obs["G"]["players"][0]["start_tokens"] == state["G"]["players"][0]["start_tokens"]
    assert game.decision(state) == {"player": 0, "kind": "start"}
    ring = weather_order("geyser")
    legal = game.legal_actions(state)
    # exactly the two tokens x the two roles x the six ring spaces
    assert len(legal) == len(set(legal)) == 2 * 6
    assert set(legal) == {StartWeather(at, k) for k in (0, 1) for at in ring}
    mq, mr = data["middle"]
    expect_illegal(state, f"start 0 at {mq},{mr}", "middle")
    expect_illegal(state, f"start 2 at {ring[0][0]},{ring[0][1]}", "start 0 at", "start 1 at")
    expect_illegal(state, f"start {ring[0][0]},{ring[0][1]}", "start 0 at")
    expect_illegal(state, f"weather 0 at {ring[0][0]},{ring[0][1]}", "starting weather tokens")
    first, second = state["G"]["players"][0]["start_tokens"]
    game.play(state, f"start 0 at {ring[4][0]},{ring[4][1]}")
    pl = state["G"]["players"][0]
    assert pl["weather"][park.index[ring[4]]] == first
    assert pl["weather"][middle] == second
    assert "start_tokens" not in pl
    assert pl["next_weather"] == 5
    # the other player puts the other token in the middle
    first, second = state["G"]["players"][1]["start_tokens"]
    game.play(state, f"start 1 at {ring[0][0]},{ring[0][1]}")
    pl = state["G"]["players"][1]
    assert pl["weather"][park.index[ring[0]]] == second
    assert pl["weather"][middle] == first
    assert pl["next_weather"] == 1
    assert state["ctx"]["phase"] == "forecast"


def test_geyser_setup_of_the_first_geyser_side():
    """Park version 1 (games saved before issue 12): the first drawn token is already in the
    middle, the player chooses only the ring space of the second (``start q,r``)."""
    state = game.new_game(players=2, seed=13, variant="geyser", park_version=1)
    assert "park_version" not in state["options"]
    park = game.park_of(state)
    data = park_json("geyser-v1")
    middle = park.index[tuple(data["middle"])]
    for p, pl in enumerate(state["G"]["players"]):
        down = state["secret"]["forecast"][p][1:]
        mid = pl["weather"][middle]
        start = pl["start_token"]
        used = {SUN, *down}
        assert mid >= 0 and start >= 0 and mid != start
        assert mid not in used and start not in used
        assert [i for i, w in enumerate(pl["weather"]) if w >= 0] == [middle]
    # the same draw as on today's park: the same two tokens
    today = game.new_game(players=2, seed=13, variant="geyser")
    assert [pl["start_tokens"] for pl in today["G"]["players"]] == [
        [pl["weather"][middle], pl["start_token"]] for pl in state["G"]["players"]
    ]
    assert game.decision(state) == {"player": 0, "kind": "start"}
    ring = weather_order("geyser-v1")
    assert set(game.legal_actions(state)) == {StartWeather(at) for at in ring}
    mq, mr = data["middle"]
    expect_illegal(state, f"start {mq},{mr}", "middle")
    expect_illegal(state, f"start 0 at {ring[0][0]},{ring[0][1]}", "start q,r")
    expect_illegal(state, f"weather 0 at {ring[0][0]},{ring[0][1]}", "second starting token")
    start = state["G"]["players"][0]["start_token"]
    game.play(state, f"start {ring[4][0]},{ring[4][1]}")
    pl = state["G"]["players"][0]
    assert pl["weather"][park.index[ring[4]]] == start
    assert "start_token" not in pl
    assert pl["next_weather"] == 5


def test_park_versions_in_the_options():
    base = game.normalise_options(players=2, variant="base")
    assert "park_version" not in base  # the river side has one version
    assert game.normalise_options(players=2, variant="geyser")["park_version"] == 2
    assert "park_version" not in game.normalise_options(variant="geyser", park_version=1)
    assert game.normalise_options(**game.normalise_options(variant="geyser")) == (
        game.normalise_options(variant="geyser")
    )
    for bad, words in [
        (3, "no version 3"),
        (0, "no version 0"),
        ("2", "whole number"),
        (True, "whole number"),
    ]:
        with pytest.raises(OptionsError, match=words):
            game.normalise_options(variant="geyser", park_version=bad)
    with pytest.raises(OptionsError, match="the river park has no version 2"):
        game.normalise_options(variant="base", park_version=2)


def test_geyser_forecast_reveal_then_choose_one_of_two():
    state = advance(
        game.new_game(players=2, seed=13, variant="geyser"),
        lambda s: s["ctx"]["phase"] == "forecast",
    )
    p = game.to_move(state)
    assert game.decision(state) == {"player": p, "kind": "reveal"}
    assert set(game.legal_actions(state)) == {RevealWeather(i) for i in range(1, 6)}
    expect_illegal(state, "weather 0", "reveal")
    expect_illegal(state, "reveal 0", "already face up")
    hidden = state["secret"]["forecast"][p][3]
    game.play(state, "reveal 3")
    pl = state["G"]["players"][p]
    assert pl["forecast"][3] == {"up": True, "id": hidden}
    assert state["secret"]["forecast"][p][3] == -1
    assert game.decision(state) == {"player": p, "kind": "weather"}
    assert set(game.legal_actions(state)) == {ChooseWeather(0), ChooseWeather(3)}
    expect_illegal(state, "weather 2", "face-up")
    park = game.park_of(state)
    target = park.weather_order[pl["next_weather"]]
    game.play(state, "weather 3")
    assert pl["weather"][target] == hidden
    assert pl["forecast"][0] == {"up": True, "id": SUN}  # the other face-up token stays


def test_geyser_whole_game_leaves_one_weather_token():
    state = game.new_game(players=3, seed=21, variant="geyser")
    before = {
        p: {SUN, *pl["start_tokens"], *state["secret"]["forecast"][p][1:]}
        for p, pl in enumerate(state["G"]["players"])
    }
    park = game.park_of(state)
    play_out(state, rng_seed=2)
    for p, pl in enumerate(state["G"]["players"]):
        placed = [pl["weather"][i] for i in park.weather_spaces]
        assert all(w >= 0 for w in placed) and len(placed) == 7
        left = [s for s in pl["forecast"] if s is not None]
        assert len(left) == 1 and left[0]["up"]
        assert sorted(placed + [left[0]["id"]]) == sorted(before[p])
        assert sorted(t for t in pl["board"] if t >= 0) == list(range(35))
    # the river and the waterfalls count and score as on the river side
    river = [park.index[at] for at in meets("geyser", "river")]
    falls = [park.index[at] for at in meets("geyser", "waterfall")]
    sheets = game.final_scores(state)["players"]
    for pl, sheet in zip(state["G"]["players"], sheets, strict=True):
        covered = sum(pl["board"][i] >= 0 for i in river)
        assert sheet["river_covered"] == covered
        assert sheet["categories"]["river"] == (8 if covered == len(river) else 0)
        all_falls = all(pl["board"][i] >= 0 for i in falls)
        assert sheet["categories"]["waterfalls"] == (4 if all_falls else 0)
    assert sum(s["river_covered"] for s in sheets) > 0


@pytest.mark.parametrize("variant,park", [("base", "river"), ("geyser", "geyser")])
@pytest.mark.parametrize("requirement", ["river", "waterfall"])
def test_river_and_waterfall_requirements_take_real_spaces(variant, park, requirement):
    """Both sides are played "as usual": a river or waterfall requirement names real spaces
    (the first geyser side had none, so they always fell back to any free space)."""
    state = first_pick(seed=4, variant=variant)
    game.play(state, f"pick bear {requirement}")
    _, spaces = place_options(state)
    expected = meets(park, requirement)
    assert len(expected) == {"river": 12, "waterfall": 6}[requirement]
    assert spaces == expected


def test_geyser_park_scores_its_river_and_waterfalls():
    """On the geyser side, covering every river space scores 8 and every waterfall 4; the river
    spaces covered break ties, as on the river side."""
    from pyapp.park.scoring import score_board

    park = game.park_of(game.new_game(players=2, variant="geyser"))
    river = [park.index[at] for at in meets("geyser", "river")]
    falls = [park.index[at] for at in meets("geyser", "waterfall")]
    weather = [-1] * len(park)
    board = [-1] * len(park)
    for t, i in enumerate(river):
        board[i] = t
    sheet = score_board(park, board, weather)
    assert sheet["categories"]["river"] == 8 and sheet["categories"]["waterfalls"] == 4
    assert sheet["river_covered"] == 12
    board[falls[0]] = -1
    sheet = score_board(park, board, weather)
    assert sheet["categories"]["river"] == 0 and sheet["categories"]["waterfalls"] == 0
    assert sheet["river_covered"] == 11


def test_first_geyser_side_river_requirement_falls_back_to_any_space():
    state = first_pick(seed=4, variant="geyser", park_version=1)
    game.play(state, "pick bear river")
    _, spaces = place_options(state)
    assert meets("geyser-v1", "river") == set()
    assert spaces == meets("geyser-v1", "any")


def test_geyser_alone_uses_the_solo_stack():
    state = game.new_game(players=1, seed=2, variant="geyser")
    assert state["G"]["row"] == [] and len(state["secret"]["stack"]) == 7
    state = advance(state, at_kind("pick"))
    assert {a.action for a in game.legal_actions(state)} == {state["ctx"]["revealed"]}
    play_out(state, rng_seed=1)
    # only the solo challenge is rated: the solo table judges the river side (NOTES.md)
    assert "solo_rating" not in game.final_scores(state)


@pytest.mark.parametrize("park_version", [None, 1])
def test_one_player_geyser_park_has_no_rating(park_version):
    state = play_out(game.new_game(players=1, seed=9, variant="geyser", park_version=park_version))
    result = game.final_scores(state)
    assert "solo_rating" not in result
    assert result["winners"] == [0] and result["players"][0]["total"] >= 0
    solo = play_out(game.new_game(players=1, seed=9, variant="solo"))
    assert "solo_rating" in game.final_scores(solo)


# --------------------------------------------------------------------------- action objects


def test_action_objects_with_list_coordinates_are_played_like_text():
    """Regression: coordinates as a JSON list passed the check but failed in ``apply`` after
    the action was already logged, leaving a damaged state."""
    state = game.new_game(players=2, seed=3)
    first = game.legal_actions(state)[0]
    game.play(state, ChooseWeather(first.slot, list(first.at)))
    assert state["log"] == [[0, str(first)]]
    state = advance(state, at_kind("pick"))
    game.play(state, "pick water any")
    a = game.legal_actions(state)[0]
    game.play(state, Place(a.token, list(a.at)))
    assert state["log"][-1] == [state["ctx"]["marmot"], str(a)]
    assert to_json(record_from_json(to_json(state))) == to_json(state)


@pytest.mark.parametrize(
    "action",
    [
        Pick("bear", "lake"),
        Pick("cat", "river"),
        Place("cat-cat", (0, 0)),
        Place("bear-bear", (1,)),
        ChooseWeather("x"),
        RevealWeather(-1),
    ],
    ids=repr,
)
def test_malformed_action_objects_are_refused_without_change(action):
    state = first_pick(seed=3)
    before = to_json(state)
    with pytest.raises(MalformedActionError):
        game.play(state, action)
    assert to_json(state) == before


@pytest.mark.parametrize(
    "text", ["weather \u0661", "reveal \u0663", "start 1,\u0662", "place bear at \u0661,2"]
)
def test_action_texts_take_ascii_digits_only(text):
    """Regular expressions' \\d matches any digit ("١", "٣"), which int() reads: an action text
    takes 0-9 only, so that every accepted text is the action's own text."""
    with pytest.raises(MalformedActionError):
        parse(text)


def test_observation_of_no_player():
    state = game.new_game(players=2, seed=1)
    for bad in (2, -1, "0", None):
        with pytest.raises(ValueError, match="no player"):
            game.observation(state, bad)
