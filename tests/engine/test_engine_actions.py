"""Action texts: the documented forms, normalisation, and clear refusals of malformed text."""

import pytest

from pyapp.core.errors import MalformedActionError
from pyapp.park.actions import ChooseWeather, Pick, Place, RevealWeather, StartWeather, parse
from pyapp.park.components import ACTIONS, TERRAIN_SPACES, TOKENS

FORMS = [
    (ChooseWeather(2), "weather 2"),
    (ChooseWeather(2, (1, -3)), "weather 2 at 1,-3"),
    (ChooseWeather(0, (0, 0)), "weather 0 at 0,0"),
    (StartWeather((1, -3)), "start 1,-3"),
    (RevealWeather(4), "reveal 4"),
    (Pick("bear", "river"), "pick bear river"),
    (Pick("water", "any"), "pick water any"),
    (Place("bear-bear", (2, -1)), "place bear-bear at 2,-1"),
    (Place("eagle-elk+water", (-10, 7)), "place eagle-elk+water at -10,7"),
]


@pytest.mark.parametrize("action,text", FORMS)
def test_text_forms(action, text):
    assert str(action) == text
    assert parse(text) == action
    assert action.kind == text.split()[0]


@pytest.mark.parametrize(
    "text,action",
    [
        ("  PICK   Bear\tRiver ", Pick("bear", "river")),
        ("Place Bear-Bear AT 2,-1", Place("bear-bear", (2, -1))),
        ("weather 3\n", ChooseWeather(3)),
    ],
)
def test_case_and_spaces_do_not_matter(text, action):
    assert parse(text) == action


def test_every_token_pick_and_terrain_round_trips():
    for t in TOKENS:
        a = Place(t.name, (3, -4))
        assert parse(str(a)) == a
    for act in ACTIONS:
        for terrain in TERRAIN_SPACES:
            assert parse(str(Pick(act, terrain))) == Pick(act, terrain)


@pytest.mark.parametrize(
    "text,words",
    [
        ("", "cannot read action"),
        ("jump", "cannot read action"),
        ("pick bear", "cannot read action"),
        ("pick cat river", "unknown action token 'cat'"),
        ("pick bear lake", "unknown terrain space 'lake'"),
        ("place cat-cat at 1,1", "unknown animal token 'cat-cat'"),
        ("place bear-bear-bear-bear at 1,1", "unknown animal token"),
        ("place bear-bear at x,y", "cannot read action"),
        ("place bear-bear at 1234,0", "cannot read action"),
        ("weather 12", "cannot read action"),
        ("weather -1", "cannot read action"),
        ("start 1;2", "cannot read action"),
        ("reveal", "cannot read action"),
        ("x" * 500, "..."),
        (5, "not int"),
        (None, "not NoneType"),
        (["pick", "bear", "river"], "not list"),
    ],
)
def test_malformed_texts(text, words):
    with pytest.raises(MalformedActionError) as err:
        parse(text)
    message = str(err.value)
    assert words in message
    assert len(message) < 200


def test_actions_are_values():
    assert Pick("bear", "river") == Pick("bear", "river")
    assert hash(Place("bear-bear", (1, 1))) == hash(Place("bear-bear", (1, 1)))
    assert ChooseWeather(1) != ChooseWeather(1, (0, 0))
    with pytest.raises(AttributeError):
        Pick("bear", "river").action = "elk"
