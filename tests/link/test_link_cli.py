"""``python -m pyapp link new | show | play``: a game continued from a terminal by links, each
seat's secret file its device; refused links and actions exit with status 2 and one line."""

import json
import subprocess
import sys

import pytest

from pyapp import games
from pyapp.cli import main
from pyapp.core.link import LinkGame, decode, encode


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out.strip(), err.strip()


def refused(capsys, *argv) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "", (code, out, err)
    assert err.startswith("error: ") and "\n" not in err and "Traceback" not in err
    return err


@pytest.mark.parametrize(("game_id", "players"), [("pyramids", 2), ("caledea", 3), ("park", 2)])
def test_a_whole_game_by_the_command_line(capsys, tmp_path, game_id, players):
    files = [tmp_path / f"seat{s}.json" for s in range(players)]
    code, url, err = run(
        capsys, "link", "new", "--game", game_id, "--players", players, "--secret", files[0]
    )
    assert code == 0 and "#g=" in url and err.startswith("Turn: ")
    secret = json.loads(files[0].read_text())
    assert len(secret["secret"]) == 64 and list(secret["games"]) == [decode(url)["i"]]
    game = games.get(game_id)
    for _ in range(3000):
        lg = LinkGame.from_text(url)
        seat = lg.handler()
        if seat is None:
            break
        if lg.pending is None and lg.commits[seat] is not None and len(lg.steps) % 3 == 0:
            # a person's move typed in: the first legal action, as text
            action = str(game.legal_actions(lg.state)[0])
            code, nxt, _ = run(capsys, "link", "play", url, action, "--secret", files[seat])
        else:
            code, nxt, _ = run(
                capsys, "link", "play", url, "--secret", files[seat], "--bot", "greedy"
            )
        assert code == 0 and nxt != url
        url = nxt
    final = LinkGame.from_text(url)
    assert final.over()
    code, out, _ = run(capsys, "link", "show", url, "--json")
    shown = json.loads(out)
    assert shown["over"] and shown["turn"] is None and shown["moves"] == final.moves
    assert shown["result"]["winners"] == final.game.result(final.state)["winners"]
    code, out, _ = run(capsys, "link", "show", url)
    assert code == 0 and "The game is over" in out


def test_show_says_whose_turn_and_what(capsys, tmp_path):
    a = tmp_path / "a.json"
    _, url, _ = run(
        capsys,
        "link",
        "new",
        "--game",
        "caledea",
        "--players",
        2,
        "--secret",
        a,
        "--names",
        "Ann,Bob",
    )
    code, out, _ = run(capsys, "link", "show", url)
    assert code == 0 and "Ann (joined)" in out and "Bob (not joined yet)" in out
    info = json.loads(run(capsys, "link", "show", url, "--json")[1])
    first = info["turn"]["seat"]
    assert info["turn"]["does"] == "move" and info["players"][first]["name"] in ("Ann", "Bob")


def test_refused_links_and_actions_exit_2_with_one_line(capsys, tmp_path):
    a, b, c = (tmp_path / f"{n}.json" for n in "abc")
    _, url, _ = run(
        capsys,
        "link",
        "new",
        "--game",
        "pyramids",
        "--players",
        2,
        "--secret",
        a,
        "--names",
        "Ann,Bob",
    )
    lg = LinkGame.from_text(url)
    mover = lg.handler()
    mine, theirs = (a, b) if mover == 0 else (b, a)
    if mover == 1:  # Bob joins with his first move; play it so that Ann is to move
        _, url, _ = run(capsys, "link", "play", url, "--secret", b, "--bot", "greedy")
        mine, theirs = a, b
        lg = LinkGame.from_text(url)
    assert "not allowed" in refused(capsys, "link", "play", url, "erupt z9", "--secret", mine)
    assert "not allowed" in refused(capsys, "link", "play", url, "fly away", "--secret", mine)
    if lg.commits[1 - lg.handler()] is not None:
        assert "turn" in refused(capsys, "link", "play", url, "pass", "--secret", theirs)
    assert "damaged" in refused(capsys, "link", "show", url[:-7])
    assert "too long" in refused(capsys, "link", "show", "A" * 10_000_000)
    assert "not a game link" in refused(capsys, "link", "show", "hello world")
    # a changed past move, against the copy in the secret file
    _, url2, _ = run(capsys, "link", "play", url, "--secret", mine, "--bot", "greedy")
    p = decode(url2)
    p["s"][-1] = [p["s"][-1][0], "pass"]
    forged = "http://x.test/#g=" + encode(p)
    msg = refused(capsys, "link", "play", forged, "--secret", mine, "--bot", "greedy")
    assert "changes what was already played" in msg or "not allowed" in msg
    # a stranger's secret holds no seat once both have joined
    joined = LinkGame.from_text(url2)
    if all(x is not None for x in joined.commits):
        assert "no seat" in refused(capsys, "link", "play", url2, "pass", "--secret", c)
    # a damaged secret file is refused, and not overwritten
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert "not a secret file" in refused(capsys, "link", "play", url, "--secret", bad)
    assert bad.read_text() == "{not json"
    assert "unknown bot" in refused(
        capsys, "link", "play", url2, "--secret", theirs, "--bot", "nobody"
    )
    # an old link (behind this device's copy) opens the copy: here it is the other's turn
    assert "Bob's turn" in refused(capsys, "link", "play", url, "pass", "--secret", a)


def test_the_module_exits_2_with_one_line_for_junk():
    r = subprocess.run(
        [sys.executable, "-m", "pyapp", "link", "show", "http://x.test/#g=AAAA"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: ")
