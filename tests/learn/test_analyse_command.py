"""``python -m pyapp analyse FILE [--json]`` (issues 16, 24): the misses of an exported game or
save file; exit 2 with one line on standard error for anything that is not a game (every game of
the box is analysed: tests/cli/test_analyse_every_game.py)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from learn_records import ROOT_DIR, final_state

from pyapp.cli import main
from pyapp.park.protocol import GAME
from pyapp.ui.saves import export_record

PREFIX = 24


@pytest.fixture(scope="module")
def game_file(tmp_path_factory):
    _, final = final_state(0)
    state = GAME.replay(final["options"], GAME.log_texts(final)[:PREFIX])
    path = tmp_path_factory.mktemp("analyse") / "game.json"
    path.write_text(export_record(state, exported_at=0, session={"seats": ["human", "random"]}))
    return path


def test_prints_the_misses_of_the_people_biggest_first(game_file, capsys):
    assert main(["analyse", str(game_file), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["decisions"] == data["analysed"] > 3
    assert {f["player"] for f in data["findings"]} == {0}  # the person, not the bot's seat
    diffs = [m["difference"] for m in data["misses"]]
    assert diffs == sorted(diffs, reverse=True)
    for m in data["misses"]:
        assert m["text"].startswith(f"Round {m['round']}, ")
    assert main(["analyse", str(game_file)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"Analysis done: {data['decisions']} decisions."
    assert lines[1:] == [m["text"] for m in data["misses"]] or lines[1:] == [
        "No decision found where the strong computer player expects more."
    ]
    assert main(["analyse", str(game_file), "--json"]) == 0  # the same again
    assert json.loads(capsys.readouterr().out) == data


def test_in_french(game_file, capsys):
    assert main(["analyse", str(game_file), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Analyse terminée\u00a0: ")


@pytest.mark.parametrize(
    "content, message",
    [
        (b'{"hello": 1}', "not a game file"),
        (b"not json at all", "not a game file"),
        (b"\xff\xfe\x00garbage", "not a game file"),
        (b'{"format": 1, "game": "caldera-park", "options": {"players": 2}, "log": ["x"]}', ""),
    ],
)
def test_a_file_that_is_not_a_game_exits_2_with_one_line(tmp_path, capsys, content, message):
    path = tmp_path / "file.json"
    path.write_bytes(content)
    assert main(["analyse", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err


def test_a_missing_file_exits_2(tmp_path, capsys):
    assert main(["analyse", str(tmp_path / "none.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot read") and err.count("\n") == 1


def test_as_a_command_with_no_traceback(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("[1, 2, 3]")
    run = subprocess.run(
        [sys.executable, "-m", "pyapp", "analyse", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT_DIR,
    )
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr


def test_reads_standard_input_and_a_stored_save_entry(game_file):
    from pyapp.ui.saves import GAME_PREFIX, SaveStore

    text = game_file.read_text()
    run = subprocess.run(
        [sys.executable, "-m", "pyapp", "analyse", "-", "--json"],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT_DIR,
    )
    assert run.returncode == 0, run.stderr
    from_file = json.loads(run.stdout)

    class Items(dict):
        length = property(len)

        def key(self, i):
            return list(self)[i]

        getItem = dict.get
        setItem = dict.__setitem__
        removeItem = dict.pop

    items = Items()
    state = GAME.from_record(json.loads(text))
    gid = SaveStore(items).save(state, session={"seats": ["human", "random"]})
    entry = items[GAME_PREFIX + gid]
    run = subprocess.run(
        [sys.executable, "-m", "pyapp", "analyse", "-", "--json"],
        input=entry,
        capture_output=True,
        text=True,
        cwd=ROOT_DIR,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == from_file
