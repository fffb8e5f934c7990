"""Damaged, foreign and future saves: every one is refused with LoadError and a clear message,
never another exception. Covers saved states (``from_json``), game records (``from_record``)
and score positions (``read_position_text``)."""

import json

import pytest
from engine_helpers import fast
from hypothesis import assume, event, given
from hypothesis import strategies as st

from pyapp.core.errors import LoadError
from pyapp.core.rng import Rng
from pyapp.park import game, record
from pyapp.park.park import load_park
from pyapp.park.position import read_position_text


def saved(variant="base", players=2, seed=4, steps=60):
    state = game.new_game(players=players, seed=seed, variant=variant)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        game.apply(state, rng.choice(game.legal_actions(state)))
    return state


SAVES = {
    "base": record.to_json(saved()),
    "solo": record.to_json(saved("solo", 1, 5, 40)),
    "geyser": record.to_json(saved("geyser", 3, 6, 90)),
}


def refused(load, data, *words) -> str:
    with pytest.raises(LoadError) as err:
        load(data)
    message = str(err.value)
    assert message and "\n" not in message and "Traceback" not in message
    for word in words:
        assert word in message, message
    return message


def test_intact_saves_load():
    for text in SAVES.values():
        assert record.to_json(record.from_json(text)) == text
        assert record.to_json(record.from_json(text.encode())) == text


# --------------------------------------------------------------------------- saved states


@fast(40)
@given(name=st.sampled_from(sorted(SAVES)), cut=st.integers(0, 10**6))
def test_truncated_save(name, cut):
    text = SAVES[name]
    refused(record.from_json, text[: cut % len(text)], "not valid JSON")


def leaves(value, path=()):
    """Every (path, value) of the leaves and containers of a decoded JSON value."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, (*path, i))


def edited(value, how: int):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + (1 if how % 2 else -1)
    if isinstance(value, str):
        return value + "x" if how % 2 else value[:-1]
    if isinstance(value, list):
        return value[:-1] if how % 2 and value else [*value, 0]
    if isinstance(value, dict):
        return {**value, "extra": 1}
    return 0  # null


@fast(60)
@given(name=st.sampled_from(sorted(SAVES)), pick=st.integers(0, 2**32), how=st.integers(0, 3))
def test_edited_save(name, pick, how):
    data = json.loads(SAVES[name])
    places = list(leaves(data))[1:]
    path, value = places[Rng.from_seed(pick).below(len(places))]
    new = edited(value, how)
    assume(new != value or type(new) is not type(value))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    refused(record.from_json, json.dumps(data))


@pytest.mark.parametrize("key", ["format", "options", "G", "ctx", "secret", "log"])
def test_save_with_a_part_missing(key):
    data = json.loads(SAVES["base"])
    del data[key]
    refused(record.from_json, json.dumps(data), "format" if key == "format" else key)


def test_save_with_an_extra_part():
    data = json.loads(SAVES["base"])
    data["cheat"] = {"score": 999}
    refused(record.from_json, json.dumps(data), "damaged")


@pytest.mark.parametrize("fmt", [0, -1, "1", 1.0, None, True, [1]])
def test_save_with_a_wrong_format_version(fmt):
    data = json.loads(SAVES["base"])
    data["format"] = fmt
    refused(record.from_json, json.dumps(data), "format")


@pytest.mark.parametrize("fmt", [3, 99])
def test_save_from_a_newer_version(fmt):
    data = json.loads(SAVES["solo"])
    data["format"] = fmt
    refused(record.from_json, json.dumps(data), "newer version", f"format {fmt}")


@pytest.mark.parametrize(
    "text,words",
    [
        ("", "not valid JSON"),
        ("caldera park", "not valid JSON"),
        ("{'format': 1}", "not valid JSON"),
        ('{"format": 1,}', "not valid JSON"),
        ("[" * 100_000, "nested too deeply"),
        (b"\xff\xfe{}", "not UTF-8"),
        ("[]", "no JSON object"),
        ("[1, 2]", "no JSON object"),
        ("3", "no JSON object"),
        ('"saved"', "no JSON object"),
        ("null", "no JSON object"),
        ("true", "no JSON object"),
        (42, "not int"),
        (None, "not NoneType"),
        ('{"name": "caldera-park-site", "version": "0.1.0"}', "no format version"),
        ('{"format": 1}', "missing"),
        (" " * (record.MAX_TEXT + 1), "too large"),
    ],
)
def test_foreign_or_broken_input(text, words):
    refused(record.from_json, text, words)
    if isinstance(text, str):
        refused(record.from_record, text)


def test_record_or_position_is_not_a_save():
    refused(record.from_json, record.record_to_json(saved()), "missing")
    refused(record.from_json, '{"park": "river", "tokens": []}', "format")


json_st = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["format", "options", "G", "ctx", "secret", "log", "game", "x"]),
            inner,
            max_size=6,
        )
    ),
    max_leaves=20,
)


@fast(60)
@given(value=json_st)
def test_arbitrary_json_is_refused_cleanly(value):
    text = json.dumps(value)
    refused(record.from_json, text)
    refused(record.from_record, text)


# --------------------------------------------------------------------------- game records

RECORD = record.to_record(saved("geyser", 2, 8, 50))


def changed_record(**changes):
    return json.dumps({**RECORD, **changes})


def test_record_round_trip():
    state = record.from_record(json.dumps(RECORD))
    assert [t for _, t in state["log"]] == RECORD["log"]
    assert record.to_record(state) == RECORD


@pytest.mark.parametrize(
    "changes,words",
    [
        ({"game": "chess"}, ["not a Caldera Park game record"]),
        ({"format": 3}, ["newer version"]),
        ({"format": "one"}, ["format"]),
        ({"options": None}, ["options"]),
        ({"options": {**RECORD["options"], "players": 9}}, ["options are not valid"]),
        ({"options": {**RECORD["options"], "colour": "red"}}, ["unknown option"]),
        ({"options": {**RECORD["options"], "variant": "moon"}}, ["unknown variant"]),
        ({"log": "pick bear river"}, ["log is missing"]),
        ({"log": [*RECORD["log"][:5], "pick bear nowhere"]}, ["action 6", "unknown terrain space"]),
        ({"log": [*RECORD["log"][:5], "reveal 0"]}, ["action 6", "cannot be played"]),
        ({"log": [*RECORD["log"][:5], 17]}, ["action 6"]),
        ({"log": [*RECORD["log"][:5], ["a", "b", "c"]]}, ["action 6"]),
    ],
)
def test_damaged_record(changes, words):
    refused(record.from_record, changed_record(**changes), *words)


@fast(40)
@given(cut=st.integers(0, 10**6))
def test_truncated_record(cut):
    text = record.record_to_json(record.from_record(RECORD))
    refused(record.from_record, text[: cut % len(text)], "not valid JSON")


def test_log_played_past_the_end():
    state = saved("solo", 1, 9, 76)
    assert game.is_over(state)
    rec = record.to_record(state)
    rec["log"].append("pick bear river")
    refused(record.from_record, rec, "action 77", "over")


# --------------------------------------------------------------------------- score positions

RIVER_AT = [list(s.at) for s in load_park("river").spaces]
at_st = st.sampled_from(RIVER_AT) | st.lists(st.integers(-9, 9), max_size=3)

position_st = st.fixed_dictionaries(
    {},
    optional={
        "park": st.sampled_from(["river", "river", "geyser", "moon", 3, None])
        | st.fixed_dictionaries({"spaces": json_st}),
        "tokens": st.lists(
            st.fixed_dictionaries(
                {},
                optional={
                    "at": at_st | json_st,
                    "animals": st.lists(st.sampled_from(["bear", "elk", "cat", 1]), max_size=4),
                    "water": st.booleans() | json_st,
                },
            )
            | json_st,
            max_size=4,
        )
        | json_st,
        "weather": st.lists(
            st.fixed_dictionaries(
                {},
                optional={
                    "at": at_st,
                    "kind": st.sampled_from(["sun", "fog", "thunderstorm", "rain", None]),
                    "clouds": st.integers(-1, 4) | json_st,
                },
            ),
            max_size=4,
        )
        | json_st,
        "extra": json_st,
    },
)


@fast(80)
@given(position=position_st | json_st)
def test_positions_are_scored_or_refused_cleanly(position):
    try:
        park, faces, weather = read_position_text(json.dumps(position))
    except LoadError as e:
        assert str(e) and "\n" not in str(e)
        event("refused")
        return
    event("read")
    assert len(faces) == len(weather) == len(park)
