"""``python -m pyapp analyse FILE [--json]`` on exports of every game of the box and of every
format version the app imports (issue 24): the app's own import reads them (an old Geyser Park
game replays on the park it was played on), the same output twice and from another process, the
suggestions are the one judge's, and a file that is not a game exits 2 with one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyapp.cli import main
from pyapp.core import judge
from pyapp.core.replay import Replay
from pyapp.ui.saves import import_file

ROOT = Path(__file__).resolve().parents[2]
EXPORTS = sorted((Path(__file__).parent / "exports").glob("*.json"))
OLD = Path(__file__).resolve().parents[1] / "saves" / "old_saves"
# the whole earlier files that analyse quickly (the others are kept shorter in exports/)
QUICK_OLD = [OLD / "geyser-2p-setup.export.json", OLD / "geyser-2p-setup.save.json"]
FILES = EXPORTS + QUICK_OLD


def _run(capsys, *argv) -> tuple[int, str, str]:
    status = main(["analyse", *map(str, argv)])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_every_game_and_version_has_a_fixture():
    names = {p.name.split("-v")[0] + "-v" + p.name.split("-v")[1][0] for p in EXPORTS}
    assert {"park-v1", "park-v2", "pyramids-v1", "caledea-v1"} <= names
    formats = {json.loads(p.read_text(encoding="utf-8"))["format"] for p in EXPORTS}
    assert formats == {1, 2}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_analyses_twice_the_same_with_the_judges_suggestions(path, capsys):
    status, out, err = _run(capsys, path, "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert _run(capsys, path, "--json") == (0, out, "")  # twice the same output
    game, state, session = import_file(path.read_bytes())
    assert data["game"] == game.id
    assert data["decisions"] == data["analysed"] == len(data["findings"]) >= 1
    seats = (session or {}).get("seats") or []
    people = {p for p, k in enumerate(seats) if k == "human"}
    replay = Replay.of_state(game, state)
    for f in data["findings"]:
        assert not people or f["player"] in people
        before = replay.state_at(f["action"] - 1)
        assert f["played"] == replay.texts[f["action"] - 1]
        assert f["suggested"] == str(judge.suggest(game, before, f["player"]))
        assert f["difference"] >= 0.0 and f["error"] >= 0.0
        assert (f["verdict"] == "suggestion") == (f["played"] == f["suggested"])
        if f["verdict"] != "miss":
            assert f["difference"] == 0.0
    diffs = [m["difference"] for m in data["misses"]]
    assert diffs == sorted(diffs, reverse=True)
    status, text, _ = _run(capsys, path)
    assert status == 0
    lines = text.splitlines()
    assert lines[0] == f"Analysis done: {data['decisions']} decisions."
    assert lines[1:] == [m["text"] for m in data["misses"]] or lines[1:] == [
        "No decision found where the strong computer player expects more."
    ]
    for m in data["misses"]:
        assert "+/- " in m["text"]


def test_an_old_geyser_park_export_is_analysed_as_the_app_imports_it(capsys):
    """The issue's report: "action 1 of the log ('start 2,6') cannot be played"."""
    path = OLD / "geyser-2p-setup.export.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["format"] == 1 and record["log"][0].startswith("start ")
    assert " at " not in record["log"][0]  # the old setup's action, unknown to the new park
    status, out, err = _run(capsys, path, "--json")
    assert status == 0, err
    finding = json.loads(out)["findings"][0]
    assert finding["played"] == record["log"][0]
    _, state, _ = import_file(path.read_bytes())
    assert "park_version" not in state["options"]  # the first park, as imported


def test_the_same_output_from_another_process():
    path = next(p for p in EXPORTS if p.name.startswith("caledea"))
    outs = {
        subprocess.run(
            [sys.executable, "-m", "pyapp", "analyse", str(path), "--json"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=True,
        ).stdout
        for _ in range(2)
    }
    assert len(outs) == 1
    assert json.loads(outs.pop())["game"] == "caledea"


@pytest.mark.parametrize(
    "content",
    [
        b'{"hello": 1}',
        b"not json at all",
        b"\xff\xfe\x00garbage",
        b"[1, 2, 3]",
        b'{"format": 1, "game": "chess", "options": {}, "log": []}',
        b'{"format": 1, "game": "pyramids", "options": {"players": 2, "seed": 1}, "log": ["z9"]}',
    ],
)
def test_a_file_that_is_not_a_game_exits_2_with_one_line(tmp_path, content):
    path = tmp_path / "file.json"
    path.write_bytes(content)
    run = subprocess.run(
        [sys.executable, "-m", "pyapp", "analyse", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and run.stderr.startswith("error: not a game file")
    assert "Traceback" not in run.stderr
