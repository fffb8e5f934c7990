"""Every playable game of the box keeps the protocol's promises (pyapp/core/protocol.py), checked
the same way for each: random legal play ends; actions' texts round-trip; a record replays to
the same state; a state survives JSON; an illegal action changes nothing; observations hold no
seed and no generator; the registry finds the game by code name and by record name."""

from __future__ import annotations

import json
import random

import pytest

from pyapp import games
from pyapp.core.errors import IllegalActionError, LoadError, MalformedActionError
from pyapp.core.protocol import Game

# every game whose engine exists, ready to play in the app or not yet (its screens still coming)
ENGINES = [e.id for e in games.ENTRIES if games.has_engine(e.id)]
MAX_ACTIONS = 20_000


def seat_counts(game: Game) -> list[int]:
    """The fewest and most seats of the game's default options (one seat: a solo variant)."""
    return sorted({max(2, game.min_players), game.max_players})


def random_game(game: Game, seed: int, players: int, stop_at: int | None = None):
    """A seeded game played with uniformly random legal actions; the states seen on the way
    (every 7th) and the final state."""
    rng = random.Random(seed)
    state = game.new_game({"players": players, "seed": seed})
    seen = []
    for n in range(MAX_ACTIONS):
        if game.is_over(state) or (stop_at is not None and n >= stop_at):
            return state, seen
        if n % 7 == 0:
            seen.append(json.loads(game.to_json(state)))
        legal = game.legal_actions(state)
        assert legal, f"{game.id}: no legal action for {game.decision(state)}"
        game.play(state, rng.choice(legal))
    raise AssertionError(f"{game.id}: no end after {MAX_ACTIONS} actions")


@pytest.fixture(params=ENGINES)
def game(request) -> Game:
    return games.get(request.param)


def test_registry_finds_each_game(game):
    assert games.get(game.id) is game
    entry = games.entry(game.id)
    if entry.ready:
        assert games.for_record(game.record_id) is game
    else:  # not offered by the app yet: its files are refused as unknown
        with pytest.raises(LoadError):
            games.for_record(game.record_id)
    assert (entry.min_players, entry.max_players) == (game.min_players, game.max_players)
    assert entry.title == game.title
    with pytest.raises(LoadError):
        games.for_record("chess")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_ends_with_a_result(game, seed):
    for players in seat_counts(game):
        state, _ = random_game(game, seed, players)
        result = game.result(state)
        assert game.to_move(state) is None and game.decision(state) is None
        assert len(result["scores"]) == players
        assert all(0 <= w < players for w in result["winners"])


def test_actions_text_round_trips(game):
    state, _ = random_game(game, 4, seat_counts(game)[0], stop_at=60)
    while not game.is_over(state):
        for action in game.legal_actions(state):
            assert game.parse_action(str(action)) == action
        game.play(state, game.legal_actions(state)[0])
        if len(state["log"]) > 120:
            break


def test_records_and_json_round_trip(game):
    state, seen = random_game(game, 5, seat_counts(game)[0])
    record = json.loads(json.dumps(game.to_record(state)))
    assert record["game"] == game.record_id and record["format"] == game.format
    again = game.from_record(record)
    assert game.to_json(again) == game.to_json(state)
    assert game.to_json(game.from_json(game.to_json(state))) == game.to_json(state)
    for mid in seen:  # mid-game states too
        assert game.to_json(game.from_json(json.dumps(mid))) == game.to_json(mid)


def test_damaged_records_are_refused_with_a_reason(game):
    state, _ = random_game(game, 6, seat_counts(game)[0], stop_at=30)
    record = game.to_record(state)
    bad = dict(record, log=[*record["log"][:-1], "fly away"])
    with pytest.raises(LoadError, match="cannot be played"):
        game.from_record(bad)
    with pytest.raises(LoadError):
        game.from_record(dict(record, game="someone-else"))
    with pytest.raises(LoadError):
        game.from_record(dict(record, format=record["format"] + 1))
    with pytest.raises(LoadError):
        game.from_record("{not json")


def test_illegal_and_malformed_actions_change_nothing(game):
    state, _ = random_game(game, 7, seat_counts(game)[0], stop_at=25)
    before = game.to_json(state)
    with pytest.raises(MalformedActionError):
        game.play(state, "xyzzy 12 34")
    p = game.to_move(state)
    other = (p + 1) % state["options"]["players"]
    legal = game.legal_actions(state)
    with pytest.raises(IllegalActionError):
        game.play(state, legal[0], player=other)
    assert game.to_json(state) == before


def test_observations_hold_no_seed_or_generator(game):
    state, seen = random_game(game, 8, game.max_players)
    for s in [*seen, state]:
        for p in range(s["options"]["players"]):
            view = game.observation(s, p)
            text = json.dumps(view)
            assert "seed" not in view.get("options", {}), game.id
            assert '"rng"' not in text and "secret" not in view
            # the legal actions a player sees on their view are those of the state
            if game.to_move(s) == p:
                assert [str(a) for a in game.legal_actions(view, p)] == [
                    str(a) for a in game.legal_actions(s, p)
                ]


def test_bots_play_legal_moves_from_observations(game):
    for name in game.bot_names[:2]:  # the quick ones; the strong bots have their own tests
        players = seat_counts(game)[0]
        state = game.new_game({"players": players, "seed": 9})
        bots = [game.make_bot(name, seat) for seat in range(players)]
        for _ in range(60):
            p = game.to_move(state)
            if p is None:
                break
            game.play(state, bots[p].choose(game.observation(state, p)), player=p)
