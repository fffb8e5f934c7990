"""Whole games of every game of the box played by links only (each seat a device with its own
secret, bots choosing from their seat's observation) equal the same game played on one device.

One device here is the plain engine: ``Game.play`` of every move of the log, the generator
reseeded before each chance move from the seats' chain values (computed from their secrets), or
for Caldera, which has no chance after its setup, the engine's own ``replay``."""

import json

import pytest
from linkplay import CASES, play_by_links

from pyapp.core import chance, link
from pyapp.core.errors import LoadError
from pyapp.core.judge import Analysis
from pyapp.core.link import LinkGame
from pyapp.core.protocol import to_json
from pyapp.core.replay import Replay
from pyapp.ui import saves


def one_device(final: LinkGame, secrets: list[str]) -> dict:
    """The game of the final link played move by move on one device holding every secret."""
    game = final.game
    state = game.new_game({**final.options, "seed": final.gid})
    used = [0] * len(secrets)
    pending = None  # (mover, index, mover's value, action text)
    index = 0
    for seat, *actions in final.steps:
        used[seat] += 1
        value = link.chain_value(secrets[seat], final.gid, seat, used[seat])
        if pending is not None:
            mover, at, mover_value, text = pending
            drawn = link.entropy(final.gid, at, mover, mover_value, seat, value)
            game.reseed(state, drawn)
            chance.note(state, drawn)
            game.play(state, text)
            pending = None
        for text in actions:
            index += 1
            before = game.chance_state(state)
            probe = game.play(json.loads(json.dumps(state)), text) if before else None
            if before is not None and game.chance_state(probe) != before:
                pending = (seat, index, value, text)
            else:
                game.play(state, text)
    assert pending is None
    return state


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_game_by_links_equals_the_game_on_one_device(game_id, players):
    devices, links = play_by_links(game_id, players, seed=f"{game_id}/{players}", bot="greedy")
    final = LinkGame.from_text(links[-1])  # a device seeing only the last link
    assert final.over() and final.game.result(final.state) is not None
    assert final.moves == len(final.log()) > players
    for d in devices:  # each device built its copy link by link; the last link goes to all
        d.open(links[-1])
        assert d.copy.steps == final.steps
        assert to_json(d.copy.state) == to_json(final.state)
    secrets = [d.secret for d in devices]
    if game_id == "pyramids":
        alone = final.game.replay({**final.options, "seed": final.gid}, final.log())
    else:
        alone = one_device(final, secrets)
        assert any(s[0] != (final.steps[i - 1][0]) for i, s in enumerate(final.steps) if i)
    assert to_json(alone) == to_json(final.state)
    if game_id != "pyramids":
        assert final.state.get("reseeds"), "a game with chance was reseeded"
    replayed_from_its_state(final)
    # every link passed on extends the one before (what each device checked on opening it)
    for older, newer in zip(links[1:], links[2:], strict=False):
        a, b = link.decode(older), link.decode(newer)
        assert b["s"][: len(a["s"])] == a["s"]
        assert len(b["s"]) > len(a["s"])


def replayed_from_its_state(final) -> None:
    """A linked game's state, replayed by everything that replays a game (the replay screen,
    the analysis, an export imported again), draws what the game drew."""
    game, state = final.game, final.state
    bare = {k: v for k, v in state.items() if k != "reseeds"}
    assert to_json(Replay.of_state(game, state).state_at(len(state["log"]))) == to_json(bare)
    assert to_json(game.from_record(game.to_record(state))) == to_json(state)
    assert to_json(game.from_json(to_json(state))) == to_json(state)
    imported, _state, _session = saves.import_file(saves.export_record(state, game=game))
    assert to_json(_state) == to_json(state)
    assert Analysis.of_state(game, state).replay.length == len(state["log"])
    if state.get("reseeds"):
        # a reseed changed or dropped in a file: refused, or another game than the one played
        record = game.to_record(state)
        for bad in ([[0, "zz"]], [[len(state["log"]), "00" * 32]], "x", [[1, 2, 3]]):
            with pytest.raises(LoadError):
                game.from_record({**record, "reseeds": bad})
        # without them, the same moves make another game (or cannot be played at all)
        try:
            other = game.replay(state["options"], state["log"])
        except LoadError:
            other = None
        assert other is None or to_json(other) != to_json(bare)


def test_an_old_link_opens_the_copy_unchanged():
    devices, links = play_by_links("caledea", 2, seed="old")
    copy = devices[0].open(links[-1])
    before = to_json(copy.state)
    assert copy.receive(link.decode(links[len(links) // 2])) == "old"
    assert copy.receive(link.decode(links[-1])) == "same"
    assert to_json(copy.state) == before


def test_park_by_link_draws_late_and_old_games_replay_as_before():
    from pyapp import games

    game = games.get("park")
    lg = LinkGame.create(game, {"players": 2})
    assert lg.options["late_draws"] is True
    plain = game.new_game({"players": 2, "seed": 5})
    assert "late_draws" not in plain["options"] and "left" not in plain["secret"]
    # a game by link refuses options without the flag (the draws would be fixed at setup)
    payload = lg.play(link.new_secret(), 0, []).payload()
    del payload["o"]["late_draws"]
    with pytest.raises(link.LinkError, match="not those of a game by link"):
        LinkGame.from_text(link.encode(payload))
