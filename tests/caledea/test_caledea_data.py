"""The designed board and kingdoms: the stored data is valid, the validator rejects each kind of
malformed board or kingdom with a message naming what is wrong, the known figures of Xonavia and
Talaq are kept, the board generator is reproducible and the epic board joins two boards."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyapp.caledea import cards, engine
from pyapp.caledea.protocol import GAME
from pyapp.core.errors import LoadError, OptionsError

HERE = Path(__file__).resolve().parent

ROOT = HERE.parents[1]


def board_data() -> dict:
    return json.loads((cards.DATA / "board.json").read_text())


def kingdom_data() -> dict:
    return json.loads((cards.DATA / "kingdoms.json").read_text())


def test_stored_board_keeps_every_constraint():
    squares = cards.check_board(board_data())
    assert len(squares) == 100
    for code in cards.PAIR_CODES:
        assert squares.count(code) == 10
    b = cards.board()
    for sq in range(b.n):
        for t in b.neighbours[sq]:
            assert b.pairs[t] != b.pairs[sq]


def test_stored_kingdoms_keep_every_constraint():
    ks = cards.check_kingdoms(kingdom_data())
    assert len(ks) == 9 and len({k["pair"] for k in ks}) == 9
    for power in cards.POWERS:
        assert sum(k["power"] == power for k in ks) == 3
    x, t = cards.kingdom("Xonavia"), cards.kingdom("Talaq")
    assert x["costs"]["cavalry"] == 2 and x["costs"]["tower"] == 3 and x["moves"] >= 3
    assert t["costs"]["castle"] == 6 and t["moves"] >= 3
    for k in ks:
        assert 2 <= k["moves"] <= 4 and 3 <= k["infantry"] <= 5


def _rows_with(r: int, c: int, code: str) -> dict:
    data = board_data()
    rows = [row.split() for row in data["rows"]]
    rows[r][c] = code
    return {**data, "rows": [" ".join(row) for row in rows]}


def _swap(data: dict, a: tuple, b: tuple) -> dict:
    rows = [row.split() for row in data["rows"]]
    rows[a[0]][a[1]], rows[b[0]][b[1]] = rows[b[0]][b[1]], rows[a[0]][a[1]]
    return {**data, "rows": [" ".join(row) for row in rows]}


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda d: {**d, "rows": d["rows"][:9]}, "9 rows"),
        (lambda d: {**d, "rows": [*d["rows"][:3], "FM FR", *d["rows"][4:]]}, "row 4"),
        (lambda d: _rows_with(0, 0, "FF"), "square a1 shows one resource twice"),
        (lambda d: _rows_with(2, 3, "XY"), "square d3"),
        (lambda d: _rows_with(0, 0, "FM"), "pair"),
        (lambda d: "not a board", "no list of rows"),
    ],
)
def test_malformed_boards_are_rejected_naming_the_fault(make, words):
    with pytest.raises(cards.DataError, match=words):
        cards.check_board(make(board_data()))


def test_neighbours_sharing_a_pair_are_rejected_naming_both_squares():
    data = board_data()
    rows = [row.split() for row in data["rows"]]
    # swap a square with the one two to its right (same row, counts unchanged) until two
    # neighbours share a pair
    for c in range(10):
        d2 = _swap(data, (0, c), (0, (c + 2) % 10))
        try:
            cards.check_board(d2)
        except cards.DataError as e:
            assert "touch" in str(e) or "times in" in str(e)
            break
    else:
        pytest.fail("no swap made a bad board")
    # across the wrapped edge: a1 and a10 are neighbours
    d3 = copy.deepcopy(data)
    rows = [row.split() for row in d3["rows"]]
    rows[9][0] = rows[0][0]
    with pytest.raises(cards.DataError):
        cards.check_board({**d3, "rows": [" ".join(r) for r in rows]})


def _kingdoms_with(i: int, **change) -> dict:
    data = kingdom_data()
    data["kingdoms"][i] = {**data["kingdoms"][i], **change}
    return data


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: {"kingdoms": kingdom_data()["kingdoms"][:8]}, "8 kingdoms"),
        (lambda: _kingdoms_with(2, moves=5), "moves must be"),
        (lambda: _kingdoms_with(2, infantry=2), "infantry must be"),
        (lambda: _kingdoms_with(2, power="fly"), "power must be"),
        (lambda: _kingdoms_with(2, resources=["forest", "forest"]), "two different"),
        (lambda: _kingdoms_with(2, resources=["forest", "gold"]), "two different"),
        (lambda: _kingdoms_with(2, name="Xonavia"), "used twice"),
        (lambda: _kingdoms_with(2, costs={"cavalry": 2}), "costs must give"),
        (
            lambda: _kingdoms_with(2, costs={**kingdom_data()["kingdoms"][2]["costs"], "tower": 0}),
            "tower",
        ),
    ],
)
def test_malformed_kingdoms_are_rejected_naming_the_fault(make, words):
    with pytest.raises(cards.DataError, match=words):
        cards.check_kingdoms(make())


def test_kingdom_pairs_and_powers_are_checked():
    data = kingdom_data()
    data["kingdoms"][3]["resources"] = list(data["kingdoms"][4]["resources"])
    with pytest.raises(cards.DataError, match="taken already"):
        cards.check_kingdoms(data)
    data = kingdom_data()
    powers = [k["power"] for k in data["kingdoms"]]
    i = powers.index("ambush")
    data["kingdoms"][i]["power"] = "bombard"
    with pytest.raises(cards.DataError, match="belongs to"):
        cards.check_kingdoms(data)


def test_the_known_figures_are_kept():
    data = kingdom_data()
    i = [k["name"] for k in data["kingdoms"]].index("Xonavia")
    data["kingdoms"][i]["costs"]["tower"] = 4
    with pytest.raises(cards.DataError, match="Xonavia: tower costs 3"):
        cards.check_kingdoms(data)
    data = kingdom_data()
    i = [k["name"] for k in data["kingdoms"]].index("Talaq")
    data["kingdoms"][i]["moves"] = 2
    with pytest.raises(cards.DataError, match="Talaq: has at least 3 moves"):
        cards.check_kingdoms(data)
    data = kingdom_data()
    talaq = next(k for k in data["kingdoms"] if k["name"] == "Talaq")
    talaq["name"] = "Nobody"
    with pytest.raises(cards.DataError, match="Talaq is missing"):
        cards.check_kingdoms(data)


def test_more_moves_go_with_fewer_units_or_dearer_costs():
    data = kingdom_data()
    ks = data["kingdoms"]
    few = min(range(9), key=lambda i: ks[i]["moves"])
    many = max(range(9), key=lambda i: ks[i]["moves"])
    ks[many]["infantry"] = 5
    ks[many]["costs"] = {c: 1 for c in cards.COSTS}
    if ks[many]["name"] in cards.KNOWN:
        pytest.skip("the most mobile kingdom is a known one")
    assert ks[few]["moves"] < ks[many]["moves"]
    with pytest.raises(cards.DataError, match="more moves than"):
        cards.check_kingdoms(data)


def test_the_generator_makes_the_stored_board_again():
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "caledea_board.py"), "--check"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "valid" in run.stdout
    sys.path.insert(0, str(ROOT / "tools"))
    import caledea_board

    rows = [" ".join(r) for r in caledea_board.generate(board_data()["seed"])]
    assert rows == board_data()["rows"]


def test_epic_board_joins_two_boards_and_wraps_at_the_outer_edges():
    b = cards.board(epic=True)
    assert (b.width, b.height, b.n) == (20, 10, 200)
    assert b.pairs[:10] == b.pairs[10:20] == list(cards.board_squares()[:10])
    assert b.parse("t10") == 199 and b.parse("u1") is None
    a1 = b.parse("a1")
    assert b.neighbours[a1][3] == b.parse("t1")  # west of a1 is t1
    for sq in range(b.n):
        for t in b.neighbours[sq]:
            assert b.pairs[t] != b.pairs[sq]


def test_every_edition_of_the_cards_is_valid_and_new_games_take_the_current_one():
    assert cards.editions() == (1, 2, 3, 4, 5) and cards.edition() == 5
    for ed in cards.editions():
        ks = cards.kingdoms(ed)
        assert len(ks) == 9 and cards.kingdom_names(ed) == cards.kingdom_names()
    old = {k["name"]: k for k in cards.kingdoms(1)}
    assert any(old[k["name"]] != k for k in cards.kingdoms())  # the editions differ
    state = engine.new_game({"players": 2, "seed": 1})
    assert state["options"]["edition"] == 5


def test_a_game_of_an_older_edition_is_played_with_that_editions_cards():
    old = {k["name"]: k for k in cards.kingdoms(1)}
    changed = next(k["name"] for k in cards.kingdoms() if k != old[k["name"]])
    other = next(k["name"] for k in cards.kingdoms() if k["name"] != changed)
    for ed in cards.editions():
        state = engine.new_game(
            {"players": 2, "seed": 1, "kingdoms": [changed, other], "edition": ed}
        )
        assert engine.kingdom_of(state, 0) == cards.kingdom(changed, ed)
        assert GAME.kingdom_card(state, 0)["costs"] == cards.kingdom(changed, ed)["costs"]
        record = GAME.to_record(state)
        assert GAME.from_record(json.loads(json.dumps(record)))["options"]["edition"] == ed


@pytest.mark.parametrize("edition", [0, 6, "2", True, None])
def test_an_unknown_edition_is_refused_naming_the_editions(edition):
    with pytest.raises(OptionsError, match="this app plays editions 1, 2, 3, 4, 5"):
        engine.new_game({"players": 2, "seed": 1, "edition": edition})
    with pytest.raises(LoadError, match="edition"):
        GAME.replay({"players": 2, "seed": 1, "edition": edition}, [])


def test_an_older_edition_file_must_hold_that_edition(monkeypatch):
    monkeypatch.setattr(cards, "OLDER_EDITIONS", {1: "kingdoms.json"})
    cards.kingdoms.cache_clear()
    try:
        with pytest.raises(cards.DataError, match="not the cards of edition 1"):
            cards.kingdoms(1)
    finally:
        cards.kingdoms.cache_clear()
