"""Computer seats in a game by link (``core/link.py``, ``link_cli.py``): the device of the
game's first step (the host) plays them; a chance move is never answered by a seat of its
mover's device, so the host cannot know a draw before its own or its computer's move is
committed; the link's list of computer seats cannot be changed; the command line reads such
links, refuses a computer's turn to anyone but the host, and hosts computer seats itself."""

import json

import pytest
from linkplay import BASE, Device
from test_link_games import one_device

from pyapp import games
from pyapp.cli import main
from pyapp.core import link
from pyapp.core.link import LinkError, LinkGame, computer_turns, decode, make_url


def hosted_game(game_id, bots, host=None, seed="s"):
    """A game whose person seats are devices of their own; the first person (or ``host``)
    starts it and hosts the computer seats. Returns (devices by seat, the first link)."""
    game = games.get(game_id)
    people = [s for s, b in enumerate(bots) if b is None]
    host = people[0] if host is None else host
    devices = {s: Device(game, s, seed, "greedy") for s in people}
    lg = LinkGame.create(game, {"players": len(bots)}, bots=bots)
    lg = lg.play(devices[host].secret, host, [])
    for s in lg.computer_seats():
        lg = lg.play(devices[host].secret, s, [])
    devices[host].copy = lg
    url = lg.url(BASE)
    for s in people:
        if s != host:
            url = devices[s].join(url)
    return devices, url


def play_out(devices, url, limit=20_000):
    """The game to its end by links; the computer seats' steps made by their host's device.
    Returns the final game and every chance move as (mover, answerer)."""
    chances = []
    lg = LinkGame.from_text(url)
    for _ in range(limit):
        seat = lg.handler()
        if seat is None:
            return lg, chances
        d = devices[lg.device_of(seat)]
        if lg.is_computer(seat):
            gen = computer_turns(d.open(url), d.secret)
            try:
                while True:
                    next(gen)
            except StopIteration as stop:
                d.copy = stop.value
            url = d.copy.url(BASE)
        else:
            url = d.turn(url)
        lg = d.copy
        if lg.pending is not None:
            chances.append((lg.pending["seat"], lg.pending["answerer"]))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("game_id", "bots"),
    [
        ("park", [None, None, "greedy"]),
        ("park", ["greedy", None, "random", None]),
        ("caledea", [None, "greedy", None]),
        ("pyramids", [None, "random", None]),
    ],
)
def test_a_game_with_computer_seats_played_by_links(game_id, bots):
    devices, url = hosted_game(game_id, bots)
    final, chances = play_out(devices, url)
    assert final.over() and final.game.result(final.state) is not None
    host = final.host()
    assert final.computer_seats() == [s for s, b in enumerate(bots) if b]
    assert all(final.device_of(s) == host for s in final.computer_seats())
    # every chance move is answered by a seat of another device than its mover's
    if game_id != "pyramids":
        assert chances
    for mover, answerer in chances:
        assert final.device_of(answerer) != final.device_of(mover), (mover, answerer)
    # the same game on one device holding every secret (the host's for its computer seats)
    secrets = [devices[final.device_of(s)].secret for s in range(len(bots))]
    assert json.dumps(one_device(final, secrets), sort_keys=True) == json.dumps(
        final.state, sort_keys=True
    )
    # a device that saw only the last link agrees; the link says which seats are the computer
    assert decode(final.url(BASE))["b"] == bots


def test_the_host_never_answers_a_chance_move_of_its_own_device():
    # Caldera Park's host at seat 0, its computer at seat 1, the friend at seat 2: the next
    # joined seat after the host is its own computer, so the friend answers instead
    game = games.get("park")
    devices, url = hosted_game("park", [None, "greedy", None])
    lg = LinkGame.from_text(url)
    for _ in range(400):
        seat = lg.handler()
        if lg.pending is not None:
            break
        d = devices[lg.device_of(seat)]
        url = (
            link.run_computer_turns(d.open(url), d.secret).url(BASE)
            if lg.is_computer(seat)
            else d.turn(url)
        )
        lg = LinkGame.from_text(url)
    assert lg.pending is not None
    assert lg.device_of(lg.pending["answerer"]) != lg.device_of(lg.pending["seat"])
    # the rule itself: whatever the game's order, the mover's own device is skipped
    for mover in (0, 1):
        action = game.legal_actions(lg.state)[0]
        assert lg.answerer(action, mover) == 2
    assert lg.answerer(game.legal_actions(lg.state)[0], 2) == 0


def test_a_link_cannot_change_its_computer_seats():
    devices, url = hosted_game("caledea", [None, None, "greedy"])
    bob = devices[1]
    payload = decode(url)
    for bad_bots, kind in (
        ([None, None, "strong"], "other_game"),  # another level
        ([None, "greedy", "greedy"], "other_game"),  # a person made the computer
    ):
        changed = dict(payload, b=bad_bots)
        with pytest.raises(LinkError) as e:
            bob.copy.receive(changed)
        assert e.value.kind == kind
    without = {k: v for k, v in payload.items() if k != "b"}  # the computer made a person
    with pytest.raises(LinkError):
        bob.copy.receive(without)
    # shapes refused when read: no bot listed, a wrong length, an unknown computer
    for b in ([None, None, None], [None, "greedy"], [None, None, "oracle"]):
        with pytest.raises(LinkError):
            LinkGame.from_text(make_url(BASE, dict(payload, b=b)))
    # at least two people; a computer never makes the first step
    game = games.get("pyramids")
    with pytest.raises(LinkError) as e:
        LinkGame.create(game, {"players": 2}, bots=[None, "greedy"])
    assert e.value.kind == "options"
    lg = LinkGame.create(game, {"players": 3}, bots=["greedy", None, None])
    with pytest.raises(LinkError):
        lg.play(link.new_secret(), 0, [])


def test_links_without_computer_seats_are_written_as_before():
    devices, url = hosted_game("pyramids", [None, None])
    assert "b" not in decode(url)
    assert LinkGame.from_text(url).bots == [None, None]


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out.strip(), err.strip()


def test_the_command_line_reads_and_hosts_computer_seats(capsys, tmp_path):
    ann, bob = tmp_path / "ann.json", tmp_path / "bob.json"
    code, url, err = run(
        capsys,
        *("link", "new", "--game", "caledea", "--players", 3, "--secret", ann),
        *("--names", "Ann,Bob,Robo", "--computer", "3:greedy"),
    )
    assert code == 0, err
    code, out, _ = run(capsys, "link", "show", url)
    assert code == 0
    assert "seat 3: Robo (the computer, greedy, played by Ann's device; joined)" in out
    code, out, _ = run(capsys, "link", "show", url, "--json")
    players = json.loads(out)["players"]
    assert [(p["computer"], p["played_by"]) for p in players] == [
        (None, 0),
        (None, 1),
        ("greedy", 0),
    ]
    code, url, _ = run(capsys, "link", "play", url, "--secret", bob, "--bot", "greedy")  # joins
    assert code == 0
    turns = 0
    for _ in range(400):
        lg = LinkGame.from_text(url)
        seat = lg.handler()
        if seat is None:
            break
        if lg.is_computer(seat):  # only its host's device plays it
            code, out, err = run(capsys, "link", "play", url, "--secret", bob, "--bot", "greedy")
            assert code == 2 and out == "" and err.startswith("error: it is Robo's turn")
            assert "\n" not in err
            turns += 1
        secret = ann if lg.device_of(seat) == 0 else bob
        code, nxt, err = run(capsys, "link", "play", url, "--secret", secret, "--bot", "greedy")
        assert code == 0, err
        after = LinkGame.from_text(nxt)
        if secret == ann:  # the host's step ends only once the computer's turn is over too
            assert after.over() or not after.is_computer(after.handler())
        url = nxt
    final = LinkGame.from_text(url)
    assert final.over() and turns > 0
    assert [s[0] for s in final.steps].count(2) > 1  # the computer played its steps
    # a game of one person and the computer is no game by link; a bad --computer is said
    for extra in (["--computer", "2:greedy"], ["--computer", "5:greedy"], ["--computer", "2:x"]):
        code, out, err = run(
            capsys, "link", "new", "--game", "caledea", "--players", 2, "--secret", ann, *extra
        )
        assert code == 2 and out == "" and err.startswith("error: ") and "\n" not in err
