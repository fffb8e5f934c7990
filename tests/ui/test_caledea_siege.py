"""The siege decision on Caledea's table: the person attacking an undefended enemy tower with
units of several kinds chooses on the page which tries next, each choice telling its chance to
break the structure; the choice is the engine's action, logged in words (English and French)."""

from __future__ import annotations

import pytest
from uihelpers import click, offered

from pyapp.caledea import engine
from pyapp.caledea.protocol import GAME
from pyapp.ui import i18n
from pyapp.ui.caledea import make_table, render
from pyapp.ui.vdom import to_json


def elements(c, action: str) -> list:
    return offered(c, action, render)


def at(c, sq: int) -> str:
    w = GAME.board(c.state)["width"]
    return f"{sq % w},{sq // w}"


def square(c, sq: int):
    return next(e for e in elements(c, "square") if e.attrs["data-at"] == at(c, sq))


@pytest.fixture
def english():
    yield
    i18n.set_language("en")


def siege_table(level=1):
    """Two people; the one to move has an infantry and a cavalry beside an undefended enemy
    structure and sends both onto it: the siege decision."""
    c = make_table(seed_source=lambda: 99)
    c.handle("seats", {"value": "2"})
    for i in range(2):
        c.handle("kind", {"seat": str(i), "value": "human"})
    c.handle("seed", {"value": "11"})
    c.handle("start", {})
    while c.decision()["kind"] == "capital":
        if c.screen == "handover":
            click(c, elements(c, "ready")[0])
        click(c, elements(c, "square")[0])  # a legal square: only those are offered
        click(c, elements(c, "confirm")[0])
    if c.screen == "handover":
        click(c, elements(c, "ready")[0])
    st = c.state
    p = c.decision()["player"]
    q = 1 - p
    assert engine.later_rulings(st)
    nb = engine.board_of(st).neighbours
    cap = st["capitals"][q]
    target = nb[cap][0]
    beside = next(s for s in nb[target] if s != cap and s not in st["capitals"])
    for u in st["units"]:
        u["sq"] = cap if u["owner"] == q else beside
    mine = [u for u in st["units"] if u["owner"] == p]
    mine[0]["rank"] = 2
    for u in mine[1:]:
        u["rank"] = 1
    st["structures"][target] = [q, level]
    c.reset_choice()
    click(c, square(c, beside))
    click(c, square(c, target))
    click(c, elements(c, "confirm")[0])
    if c.screen == "handover":
        click(c, elements(c, "ready")[0])
    return c, p, target


def test_the_attacker_chooses_on_the_table_who_tries_the_tower_next(english):
    c, p, target = siege_table()
    assert c.decision() == {"player": p, "kind": "siege"}
    choices = elements(c, "choose")
    labels = [e.text() for e in choices]
    assert [e.attrs["data-value"] for e in choices] == [str(a) for a in GAME.legal_actions(c.state)]
    assert len(labels) == 2
    assert labels[0].startswith("Your cavalry from ") and labels[0].endswith(
        ": 56% to break the tower"
    )
    assert labels[1].startswith("Your infantry from ") and labels[1].endswith(
        ": 33% to break the tower"
    )
    text = to_json(render(c)[0])
    assert "tower on " in text and "with no defender" in text
    assert "choose which of your units tries the enemy structure next" in c.prompt()
    value = choices[1].attrs["data-value"]
    click(c, choices[1])
    assert c.error is None and c.state["combat"] is None
    assert [p, value] in c.state["log"]
    assert any(ev["type"] == "siege" for ev in c.state["events"])
    assert "sends a unit against the structure" in to_json(render(c)[0])


def test_the_siege_choice_in_french_with_a_castle(english):
    i18n.set_language("fr")
    c, _, _ = siege_table(level=2)
    labels = [e.text() for e in elements(c, "choose")]
    assert labels[0].startswith("Votre cavalier venu de ")
    assert labels[0].endswith("\u00a0: 31\u202f% de chances d'abattre le château")
    assert labels[1].endswith("17\u202f% de chances d'abattre le château")
    assert "sans défenseur" in to_json(render(c)[0])


def test_a_defeat_with_three_players_tells_the_infantry_gained(english, monkeypatch):
    from pyapp.ui.caledea import model

    options = {"players": 3, "seed": 1, "first": 0}
    state = GAME.new_game({**options, "kingdoms": ["Xonavia", "Talaq", "Orvenne"]})
    for text in ("capital c1", "capital g1", "capital j1"):
        GAME.play(state, text)
    b = engine.board_of(state)
    for u in state["units"]:  # Xonavia's last unit on e7, Talaq's cavalry beside it on e6
        u["sq"] = {0: b.parse("e7"), 1: b.parse("e6"), 2: b.parse("j5")}[u["owner"]]
        u["rank"] = 2 if u["owner"] == 1 else 1
    state["units"] = [u for u in state["units"] if u["owner"] != 0][:5] + [
        next(u for u in state["units"] if u["owner"] == 0)
    ]
    GAME.play(state, "end")
    faces = iter([6, 1])
    monkeypatch.setattr(engine, "_dice", lambda rng, n: [next(faces)] * n)
    talaq = next(u["id"] for u in state["units"] if u["owner"] == 1)
    GAME.play(state, f"move e7 {talaq}")
    lines = model.event_lines(state)
    assert "Xonavia is out of the game." in lines
    assert "Talaq gains 3 infantry on c1." in lines
    i18n.set_language("fr")
    assert "Talaq reçoit 3 fantassins en c1." in model.event_lines(state)
