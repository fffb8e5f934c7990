"""The Caledea board's kept drawings (``boardview.square_drawing`` and the elements made from
it): a square is drawn once per state and reused, and drawn again as soon as anything it shows
changes (owner, marker, salt, units, structure, capital, the viewer's resources, the language);
choosing and panning change only the attributes around the kept drawing. Also ``vdom.frozen``
and ``to_json``: the kept text is the same text as a fresh serialisation."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from pyapp.ui import i18n
from pyapp.ui.caledea.boardview import BoardView, Marks, SquareView, draw_board, square_drawing
from pyapp.ui.caledea.strings import install
from pyapp.ui.vdom import MEMO, E, frozen, h, to_json

RES = [("forest", "river"), ("mountain", "grain"), ("cattle", "forest")]
NAMES = ["Ann", "Bob"]


@pytest.fixture(autouse=True)
def texts():
    install()  # Caledea's texts (the spoken names of the squares)


def board(changes: dict | None = None, w=4, hgt=3) -> BoardView:
    """A small board; ``changes``: square -> fields of its ``SquareView`` changed."""
    changes = changes or {}
    squares = {}
    for y in range(hgt):
        for x in range(w):
            sq = SquareView(at=(x, y), res=RES[(x + y) % 3], name=f"{'abcd'[x]}{y + 1}")
            squares[(x, y)] = replace(sq, **changes.get((x, y), {}))
    return BoardView(w, hgt, squares)


def by_key(svg: E, key: str) -> E:
    found = svg.find(data_key=key)
    assert found is not None, key
    return found


def old_json(nodes) -> str:
    """The serialisation ``to_json`` had before kept texts (one ``json.dumps`` of the data)."""
    nodes = [nodes] if isinstance(nodes, E) else nodes
    data = [n if isinstance(n, str) else n.to_data() for n in nodes]
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def memo(b: BoardView, at, marks=None, view=(0, 0)) -> str:
    svg = draw_board(b, marks or Marks(), NAMES, "board", view)
    return drawing(svg, at).attrs[MEMO]


def drawing(svg: E, at) -> E:
    """The kept drawing inside a square's element (what the ghosts copy)."""
    (inner,) = by_key(svg, f"cell-{at[0]},{at[1]}").children
    assert inner.attrs["id"] == f"cal-sq-{at[0]}-{at[1]}" and "drawn" in inner.classes()
    return inner


# --------------------------------------------------------------------------- vdom


def test_to_json_is_the_plain_serialisation_with_or_without_kept_texts():
    inner = h("span", {"title": 'say "hi" <b>', "n": 3}, "é \u2028 text", 4)
    tree = h("div", {"class": "a", "hidden": True, "gone": None}, inner, [h("i", None, "x")])
    odd = E("p", {"k": 1}, ["raw"])  # made directly: non-text attribute values too
    want = old_json([tree, "text", odd])
    assert to_json([tree, "text", odd]) == want
    frozen(inner)
    assert inner.json == old_json(inner)[1:-1]
    assert to_json([tree, "text", odd]) == want
    frozen(tree)
    assert to_json([tree, "text", odd]) == want


def test_a_frozen_element_is_serialised_once():
    part = frozen(h("b", None, "kept"))
    part.json = '["b",{},"the kept text"]'  # stands for the text made once
    assert to_json(h("p", None, part)) == '[["p",{},["b",{},"the kept text"]]]'


def test_the_board_json_is_the_plain_serialisation():
    b = board({(1, 1): {"units": ((0, "infantry", False), (1, "general", True))}})
    b.squares[(2, 0)] = replace(b.squares[(2, 0)], marker=1, structure=(1, "castle"))
    svg = draw_board(b, Marks(mine=("forest", "river"), legal={(1, 1): "source"}), NAMES, "x")
    assert json.loads(to_json(svg)) == json.loads(old_json(svg))
    assert to_json(svg) == old_json(svg)


# --------------------------------------------------------------------------- kept squares


def test_a_square_in_the_same_state_keeps_its_drawing():
    b1, b2 = board(), board()  # equal squares made anew (as every redraw does)
    assert b1.squares[(1, 2)] is not b2.squares[(1, 2)]
    assert memo(b1, (1, 2)) == memo(b2, (1, 2))
    d1 = square_drawing(b1.squares[(1, 2)], False, "en")
    assert d1 is square_drawing(b2.squares[(1, 2)], False, "en")


@pytest.mark.parametrize(
    "change, shows",
    [
        ({"marker": 1}, "marker own-1"),
        ({"marker": 0}, "marker own-0"),
        ({"salted": True}, "marker salted"),
        ({"units": ((0, "infantry", False),)}, "unit rank-infantry"),
        ({"units": ((1, "cavalry", False), (1, "cavalry", True))}, "u-count"),
        ({"structure": (0, "tower")}, "struct tower own-0"),
        ({"structure": (1, "castle")}, "struct castle own-1"),
        ({"capital": 1}, "capital-ring own-1"),
    ],
)
def test_a_square_is_drawn_again_when_what_it_shows_changes(change, shows):
    at = (2, 1)
    plain = board()
    changed = board({at: change})
    assert memo(plain, at) != memo(changed, at)
    for other in plain.squares:  # the other squares keep theirs
        if other != at:
            assert memo(plain, other) == memo(changed, other)
    cell = by_key(draw_board(changed, Marks(), NAMES, "b"), f"cell-{at[0]},{at[1]}")
    text = to_json(cell)
    assert shows in text
    assert shows not in to_json(by_key(draw_board(plain, Marks(), NAMES, "b"), "cell-2,1"))
    # a marker taken (back to none) is drawn again as well
    assert memo(board(), at) == memo(plain, at)


def test_a_unit_moved_or_counted_differently_draws_again():
    one = board({(0, 0): {"units": ((0, "infantry", False),)}})
    two = board({(0, 0): {"units": ((0, "infantry", False), (0, "infantry", False))}})
    other_owner = board({(0, 0): {"units": ((1, "infantry", False),)}})
    assert len({memo(one, (0, 0)), memo(two, (0, 0)), memo(other_owner, (0, 0))}) == 3


def test_the_viewers_resources_and_the_language_are_part_of_the_drawing():
    b = board({(0, 0): {"units": ((0, "general", False),)}})
    plain = memo(b, (0, 0))
    mine = memo(b, (0, 0), Marks(mine=RES[0]))
    assert mine != plain and 'class":"mine"' in to_json(
        by_key(draw_board(b, Marks(mine=RES[0]), NAMES, "b"), "cell-0,0")
    )
    assert memo(b, (1, 0), Marks(mine=RES[0])) == memo(b, (1, 0))  # not the viewer's pair
    en = to_json(by_key(draw_board(b, Marks(), NAMES, "b"), "cell-0,0"))
    i18n.set_language("fr")
    try:
        fr_memo = memo(b, (0, 0))
        fr_cell = by_key(draw_board(b, Marks(), NAMES, "b"), "cell-0,0")
    finally:
        i18n.set_language("en")
    assert fr_memo != plain
    assert (
        fr_cell.attrs["aria-label"]
        != by_key(draw_board(b, Marks(), NAMES, "b"), "cell-0,0").attrs["aria-label"]
    )
    assert to_json(fr_cell) != en


def test_choosing_changes_the_buttons_and_dimming_not_the_drawings():
    b = board({(1, 1): {"units": ((0, "infantry", False),)}})
    idle = draw_board(b, Marks(), NAMES, "b")
    marks = Marks(legal={(1, 1): "source", (2, 1): "dest"}, selected={(1, 1)}, path=[(1, 1)])
    chosen = draw_board(b, marks, NAMES, "b")
    for at in b.squares:
        assert drawing(idle, at) is drawing(chosen, at)
    assert "dim" in by_key(chosen, "cell-0,0").classes()
    assert "dim" not in by_key(chosen, "cell-1,1").classes()
    assert "dim" not in by_key(idle, "cell-0,0").classes()
    hit = by_key(chosen, "sq-1,1")
    assert {"legal-source", "selected"} <= hit.classes() and hit.attrs["aria-pressed"] == "true"
    assert by_key(chosen, "sq-2,1").attrs["data-action"] == "square"
    assert "data-action" not in by_key(idle, "sq-2,1").attrs
    # the same choice drawn again: the very same elements (their JSON kept)
    again = draw_board(b, marks, NAMES, "b")
    assert by_key(again, "sq-1,1") is hit
    assert by_key(again, "cell-0,0") is by_key(chosen, "cell-0,0")


def test_names_are_part_of_the_squares_spoken_names():
    b = board({(0, 0): {"marker": 1}})
    first = by_key(draw_board(b, Marks(), NAMES, "b"), "cell-0,0").attrs["aria-label"]
    other = by_key(draw_board(b, Marks(), ["Ann", "Zoe"], "b"), "cell-0,0").attrs["aria-label"]
    assert "Bob" in first and "Zoe" in other


def test_panning_moves_the_kept_drawings_and_the_ghosts_copy_the_squares_across_the_edge():
    b = board({(0, 0): {"marker": 0}, (3, 2): {"salted": True}})
    home = draw_board(b, Marks(), NAMES, "b")
    panned = draw_board(b, Marks(), NAMES, "b", view=(1, 2))
    w, hgt = b.width, b.height
    for at in b.squares:
        key = f"cell-{at[0]},{at[1]}"
        assert drawing(home, at) is drawing(panned, at)
        dx, dy = (at[0] - 1) % w, (at[1] - 2) % hgt
        shift = by_key(panned, key).attrs.get("transform")
        want = None if (dx, dy) == at else f"translate({(dx - at[0]) * 20},{(dy - at[1]) * 20})"
        assert shift == want
        hit = by_key(panned, f"sq-{at[0]},{at[1]}")
        assert (hit.attrs["x"], hit.attrs["y"]) == (str(dx * 20), str(dy * 20))
    # every ghost is a copy of the drawing of the square across the edge (kept up to date by
    # the page), moved from that square's own place to its place round the board
    for ghost in panned.find_all(lambda e: "ghost" in e.classes()):
        gx, gy = map(int, ghost.attrs["data-key"][3:].split(","))
        sx, sy = (gx + 1) % w, (gy + 2) % hgt
        assert ghost.tag == "use" and not ghost.children
        assert ghost.attrs["href"] == f"#cal-sq-{sx}-{sy}"
        assert ghost.attrs["transform"] == f"translate({(gx - sx) * 20},{(gy - sy) * 20})"
    ghost = by_key(home, "gh--1,-1")  # top left corner: the bottom right square (salted)
    assert ghost.attrs["href"] == "#cal-sq-3-2"
    assert ghost.attrs["transform"] == "translate(-80,-60)"
    assert "marker salted" in to_json(drawing(home, (3, 2)))
