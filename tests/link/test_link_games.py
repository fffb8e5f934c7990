"""Whole games of every game of the box played by links only (each seat a device with its own
secret, bots choosing from their seat's observation) equal the same game played on one device.

One device here is the plain engine: ``Game.play`` of every move of the log, the generator
reseeded before each chance move from the seats' chain values (computed from their secrets), or
for Caldera, which has no chance after its setup, the engine's own ``replay``."""

import json

import pytest
from linkplay import play_by_links

from pyapp.core import link
from pyapp.core.link import LinkGame
from pyapp.core.protocol import to_json

CASES = [
    ("park", 2),
    ("park", 3),
    ("park", 4),
    ("pyramids", 2),
    ("pyramids", 3),
    ("caledea", 2),
    ("caledea", 3),
    ("caledea", 4),
]


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
            game.reseed(state, link.entropy(final.gid, at, mover, mover_value, seat, value))
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
    # every link passed on extends the one before (what each device checked on opening it)
    for older, newer in zip(links[1:], links[2:], strict=False):
        a, b = link.decode(older), link.decode(newer)
        assert b["s"][: len(a["s"])] == a["s"]
        assert len(b["s"]) > len(a["s"])


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
