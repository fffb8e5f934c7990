"""The odds of a fight as the table writes them (``pyapp/ui/caledea/odds_view.py``), in CPython:
before Confirm of a move into enemy units, onto an enemy structure, and of a Bombard; in each
choice of the combat prompt (ambush or not, the defender's pairings, stay or withdraw); in
English and French. Every figure shown is checked against ``pyapp.caledea.odds``."""

from __future__ import annotations

import pytest
from uihelpers import click, offered

from pyapp.caledea import cards, engine, odds
from pyapp.caledea.protocol import GAME
from pyapp.ui import i18n
from pyapp.ui.caledea import make_table, render
from pyapp.ui.caledea.controller import Controller
from pyapp.ui.caledea.odds_view import percent
from pyapp.ui.vdom import E

NNBSP = "\u202f"


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def elements(c: Controller, action: str) -> list:
    return offered(c, action, render)


def body(c: Controller) -> E:
    nodes, _ = render(c)
    return E("div", {}, list(nodes))


def table(kingdoms, units, structures=(), gold=0) -> Controller:
    """Two people; seat 0 to play. ``units``: (seat, square, rank); ``structures``: (seat,
    square, level); ``gold``: extra squares claimed by seat 0."""
    state = GAME.new_game({"players": 2, "seed": 1, "kingdoms": list(kingdoms), "first": 0})
    b = engine.board_of(state)
    for k in kingdoms:
        pair = cards.kingdom(k)["pair"]
        home = [sq for sq in range(b.n) if b.pairs[sq] == pair][-1]  # row 9 or 10
        GAME.play(state, f"capital {b.name(home)}")
    state["units"] = []
    for p, square, rank in units:
        engine._add_unit(state, p, b.parse(square))
        state["units"][-1]["rank"] = rank
    for p, square, level in structures:
        state["structures"][b.parse(square)] = [p, level]
    for i in range(gold):
        state["markers"][40 + i] = 0
    c = make_table()
    c.resume(state, ["human", "human"])
    if c.screen == "handover":
        click(c, elements(c, "ready")[0])
    return c


def choose(c: Controller, source: str, dest: str) -> None:
    at = {s["name"]: f"{i % 10},{i // 10}" for i, s in enumerate(GAME.board(c.state)["squares"])}
    click(c, next(e for e in elements(c, "square") if e.attrs["data-at"] == at[source]))
    click(c, next(e for e in elements(c, "square") if e.attrs["data-at"] == at[dest]))


def odds_block(c: Controller) -> E:
    """The odds of the confirm bar: the chance to take the square and the battles' table."""
    b = body(c)
    block = b.find(data_key="odds")
    assert block is not None, "no odds before Confirm"
    return E("div", dict(block.attrs), [block, b.find(data_key="odds-battles")])


def test_percent_is_whole_and_never_says_certain_when_it_is_not():
    assert [percent(p) for p in (0, 0.004, 0.006, 0.5, 0.994, 0.996, 1)] == [
        "0%",
        "<1%",
        "1%",
        "50%",
        "99%",
        ">99%",
        "100%",
    ]
    i18n.set_language("fr")
    assert percent(0.5) == f"50{NNBSP}%" and percent(0.001) == f"<1{NNBSP}%"


def fight_table(**kw) -> Controller:
    # Orvenne (ambush, forest+river) on f2 and g3 beside Talaq's units on g2
    return table(
        ("Orvenne", "Talaq"),
        [(0, "f2", 2), (0, "f2", 1), (1, "g2", 1), (1, "g2", 2), (1, "a10", 1)],
        **kw,
    )


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_move_into_enemy_units_shows_the_take_chance_and_every_battle(lang):
    i18n.set_language(lang)
    c = fight_table()
    choose(c, "f2", "g2")
    ids = sorted(c.turn.pending.units)
    want = odds.attack(c.state, "g2", ids)
    block = odds_block(c)
    head = block.find(lambda e: e.tag == "strong")
    assert head.attrs["data-take"] == repr(want["take"])
    assert head.text().endswith(percent(want["take"]))
    assert ("Chance to take g2" if lang == "en" else "Chances de prendre g2") in head.text()
    assert "ambush" not in block.text()  # one gold: no ambush affordable
    cells = block.find_all(lambda e: e.tag == "td")
    assert len(cells) == len(want["battles"]) == 4
    by = {(b["rank"], b["defender"]): b for b in want["battles"]}
    rows = block.find_all(lambda e: e.tag == "tr")[1:]
    heads = [e.text() for e in block.find_all(lambda e: e.tag == "th")]
    dice = "dice" if lang == "en" else "dés"
    assert f"Cavalry, 2 {dice}" in heads[1:] or f"Cavalier, 2 {dice}" in heads[1:]
    for row, rank in zip(rows, (2, 1), strict=True):
        for cell, drank in zip(row.find_all(lambda e: e.tag == "td"), (2, 1), strict=True):
            b = by[(rank, drank)]
            assert cell.attrs["data-win"] == repr(b["win"])
            assert cell.text() == f"{percent(b['win'])} / {percent(1 - b['win'])}"
    if lang == "fr":
        assert f"{NNBSP}%" in block.text() and " %" not in block.text()
    # the confirm bar keeps its order: consequence, odds, Confirm
    bar = body(c).find(lambda e: "confirm-bar" in e.classes())
    keys = [e.attrs.get("data-key") for e in bar.children if isinstance(e, E)]
    assert keys[:4] == ["consequence", "odds", "odds-battles", "confirm"]
    assert "later" not in body(c).find(data_key="odds-battles").classes()


def test_with_gold_for_ambushes_both_figures_and_the_ambushed_rows_are_shown():
    c = fight_table(gold=10)  # 11 gold: two ambushes of 5
    choose(c, "f2", "g2")
    want = odds.attack(c.state, "g2", sorted(c.turn.pending.units))
    assert want["ambushes"] == 2 and want["take_ambush"] > want["take"]
    block = odds_block(c)
    amb = block.find(lambda e: "odds-ambush" in e.classes())
    assert amb.text() == f"(with up to 2 ambushes: {percent(want['take_ambush'])})"
    rows = [r.text() for r in block.find_all(lambda e: e.tag == "tr")]
    assert any("Cavalry in ambush, 5 dice" in r for r in rows)
    ambushed = [e for e in block.find_all(lambda e: e.tag == "td")][2:4]
    # four rows: the table goes after the buttons, so that Confirm stays near the figure
    assert "later" in body(c).find(data_key="odds-battles").classes()
    b = next(x for x in want["battles"] if x["rank"] == 2 and x["defender"] == 2)
    assert ambushed[0].attrs["data-win"] == repr(b["ambush_win"])


def test_a_defended_tower_is_named_in_the_take_chance():
    c = fight_table(structures=[(1, "g2", 1)])
    choose(c, "f2", "g2")
    want = odds.attack(c.state, "g2", sorted(c.turn.pending.units))
    assert want["level"] == 1
    head = odds_block(c).find(lambda e: e.tag == "strong").text()
    assert head == "Chance to take g2 (beat the defenders, then break the tower): " + percent(
        want["take"]
    )


def test_an_undefended_structure_shows_the_chance_to_break_it():
    c = table(("Orvenne", "Talaq"), [(0, "f2", 2), (0, "f2", 1), (1, "a10", 1)], [(1, "g2", 2)])
    choose(c, "f2", "g2")
    want = odds.attack(c.state, "g2", sorted(c.turn.pending.units))
    assert want["kind"] == "structure"
    block = odds_block(c)
    assert block.find(lambda e: e.tag == "strong").text() == (
        f"Chance to break the castle and take g2: {percent(want['take'])}"
    )
    note = block.find(lambda e: "odds-note" in e.classes()).text()
    assert note == (
        f"Your units try one at a time: cavalry {percent(1 - (5 / 6) ** 2)} and infantry "
        f"{percent(1 / 6)}."
    )


def test_a_bombard_shows_its_chance_against_the_defenders_best_answer():
    c = table(
        ("Talaq", "Orvenne"), [(0, "f2", 2), (1, "g2", 1), (1, "g2", 3), (1, "a10", 1)], gold=4
    )
    b = engine.board_of(c.state)
    at = f"{b.parse('f2') % 10},{b.parse('f2') // 10}"
    click(c, next(e for e in elements(c, "square") if e.attrs["data-at"] == at))
    click(c, next(e for e in elements(c, "mode") if e.attrs["data-value"] == "bombard"))
    click(c, next(e for e in elements(c, "square") if "legal-target" in e.classes()))
    a = c.turn.pending
    assert a.kind == "bombard" and a.square == "g2"
    want = odds.bombard(c.state, a.unit, "g2")
    block = odds_block(c)
    assert block.attrs["data-odds"] == "bombard"
    assert block.find(lambda e: e.tag == "strong").attrs["data-take"] == repr(want["win"])
    cells = block.find_all(lambda e: e.tag == "td")
    assert [x.attrs["data-win"] for x in cells] == [repr(o["win"]) for o in want["options"]]


def test_a_move_that_does_not_fight_has_no_odds():
    c = fight_table()
    choose(c, "f2", "f3")
    assert c.turn.pending is not None
    assert body(c).find(data_key="odds") is None


def choices(c: Controller) -> dict[str, str]:
    return {
        e.attrs["data-value"]: e.find(lambda x: "choice-odds" in x.classes()).text()
        for e in elements(c, "choose")
    }


def test_every_choice_of_the_combat_prompt_carries_its_chance():
    c = fight_table(gold=5)
    choose(c, "f2", "g2")
    click(c, elements(c, "confirm")[0])
    seen = set()
    for _ in range(30):
        if c.state["combat"] is None:
            break
        if c.screen == "handover":
            click(c, elements(c, "ready")[0])
            continue
        kind = c.decision()["kind"]
        got = odds.combat(c.state)
        shown = choices(c)
        if kind == "ambush":
            for o in got["options"]:
                value = "noambush" if o["unit"] < 0 else f"ambush {o['unit']}"
                assert shown[value] == f"Takes the square: {percent(o['take'])}"
            assert len(shown) == len(got["options"]) == len(engine.legal_actions(c.state))
        elif kind == "pair" and c.turn.defender is None:
            for value, text in shown.items():
                uid = int(value.split()[1])
                best = max(1 - o["take"] for o in got["options"] if o["defender"] == uid)
                assert text == f"Hold the square: up to {percent(best)}"
        elif kind == "pair":
            for o in got["options"]:
                if o["defender"] == c.turn.defender:
                    text = shown[f"pair {o['defender']} {o['attacker']}"]
                    assert text == (
                        f"You win {percent(1 - o['win'])}, hold the square {percent(1 - o['take'])}"
                    )
        elif kind == "withdraw":
            assert shown == {
                ("withdraw" if o["withdraw"] else "stay"): f"Takes the square: {percent(o['take'])}"
                for o in got["options"]
            }
        seen.add((kind, c.turn.defender is None))
        click(c, elements(c, "choose")[0])
    assert {("ambush", True), ("pair", True), ("pair", False)} <= seen


def test_the_french_prompt_has_its_own_words():
    i18n.set_language("fr")
    c = fight_table(gold=5)
    choose(c, "f2", "g2")
    click(c, elements(c, "confirm")[0])
    assert c.decision()["kind"] == "ambush"
    texts = list(choices(c).values())
    assert texts and all(x.startswith("Prend la case\u00a0: ") for x in texts)
    assert all(x.endswith(f"{NNBSP}%") for x in texts)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_mass_fight_is_shown_as_an_estimate(lang, monkeypatch):
    """Beyond ``odds.EXACT_LIMIT`` the preview says its figure is an estimate and why."""
    monkeypatch.setattr(odds, "EXACT_LIMIT", 10)
    i18n.set_language(lang)
    c = fight_table()
    choose(c, "f2", "g2")
    want = odds.attack(c.state, "g2", sorted(c.turn.pending.units))
    assert want["about"] is True
    head = odds_block(c).find(lambda e: e.tag == "strong")
    assert head.attrs["data-about"] == "1" and head.attrs["data-take"] == repr(want["take"])
    word = "about" if lang == "en" else "environ"
    assert f"{word} {percent(want['take'])}" in head.text()
