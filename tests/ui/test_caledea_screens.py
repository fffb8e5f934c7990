"""Caledea's screens in CPython: the new-game form, the board drawing, every choice a person
makes through the page (capital, units and destination, upgrade, build, end of turn, ambush,
pairing, withdrawal), bots to the end, the saves, the rules reference and both languages.

The screens never decide legality: these tests check that what the page offers is exactly what
the engine allows (``destinations``, ``legal_actions``, ``why_illegal``)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from storage_fakes import FakeStorage
from uihelpers import click, offered

from pyapp import games
from pyapp.caledea import engine
from pyapp.caledea.protocol import GAME
from pyapp.ui import i18n
from pyapp.ui.box import Box
from pyapp.ui.caledea import arrow_key, art, make_table, render, rules_ref
from pyapp.ui.caledea.controller import Controller
from pyapp.ui.caledea.strings import EN, FR
from pyapp.ui.saves import SaveStore, export_record, import_file
from pyapp.ui.vdom import h, to_json

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT.parent / "shared" / "rules" / "caledea-rules-v1.1.md"


# --------------------------------------------------------------------------- driving helpers


def elements(c: Controller, action: str) -> list:
    return offered(c, action, render)


def squares(c: Controller, kind: str | None = None) -> list:
    out = elements(c, "square")
    if kind is not None:
        out = [e for e in out if f"legal-{kind}" in e.classes()]
    return out


def at_text(c: Controller, name: str) -> str:
    x, y = c_at(c, name)
    return f"{x},{y}"


def c_at(c: Controller, name: str) -> tuple[int, int]:
    from pyapp.ui.caledea import model

    return model.at_of(c.state, name)


def run_bots(c: Controller) -> None:
    while (p := c.bot_to_move()) is not None:
        thinking = c.bot_think(p)
        try:
            while True:
                next(thinking)
        except StopIteration as stop:
            action = stop.value
        c.bot_play(p, action)


def human_step(c: Controller, rng: random.Random) -> None:
    """One whole decision of the person to move, chosen among what the page offers."""
    if c.screen == "handover":
        click(c, elements(c, "ready")[0])
        return
    kind = c.decision()["kind"]
    if kind == "capital":
        click(c, rng.choice(squares(c)))
        click(c, elements(c, "confirm")[0])
    elif kind == "turn":
        sources = squares(c, "source")
        if not sources or rng.random() < 0.15:
            click(c, elements(c, "end-turn")[0])
            return
        click(c, rng.choice(sources))
        dests = squares(c, "dest")
        if not dests:
            click(c, elements(c, "end-turn")[0])
            return
        click(c, rng.choice(dests))
        click(c, elements(c, "confirm")[0])
    else:
        click(c, rng.choice(elements(c, "choose")))
    assert c.error is None, c.error


def start(seats=("human", "random"), seed="11", **form) -> Controller:
    c = make_table(seed_source=lambda: 99)
    c.handle("seats", {"value": str(len(seats))})
    for i, k in enumerate(seats):
        c.handle("kind", {"seat": str(i), "value": k})
    for i, k in enumerate(form.get("kingdoms", ())):
        c.handle("kingdom", {"seat": str(i), "value": k})
    if form.get("epic"):
        c.handle("epic", {"value": "1"})
    c.handle("seed", {"value": seed})
    c.handle("start", {})
    assert c.form.error is None, c.form.error
    return c


def place_capitals(c: Controller) -> None:
    """Every seat places its capital on its first legal square, through the page for people."""
    while c.decision()["kind"] == "capital":
        if c.screen == "handover":
            click(c, elements(c, "ready")[0])
        if c.bot_to_move() is not None:
            run_bots(c)
            continue
        click(c, squares(c)[0])
        click(c, elements(c, "confirm")[0])


# --------------------------------------------------------------------------- setup


def test_setup_form_offers_two_to_four_seats_kingdoms_and_the_epic_board():
    c = make_table()
    nodes, _ = render(c)
    text = to_json(nodes)
    assert [e.attrs["value"] for e in elements(c, "seats")] == ["2", "3", "4"]
    kingdoms = [k["name"] for k in GAME.kingdoms()]
    assert len(kingdoms) == 9 and "Xonavia" in kingdoms and "Talaq" in kingdoms
    options = [o.attrs["value"] for e in elements(c, "kingdom")[:1] for o in e.iter()][1:]
    assert options == ["random", *kingdoms]
    assert elements(c, "epic") and "reconstructed for this edition" in text
    c.handle("seats", {"value": "4"})
    assert len(elements(c, "kingdom")) == 4
    c.handle("seats", {"value": "5"})  # not offered: ignored
    assert c.form.count == 4


def test_chosen_kingdoms_and_random_ones_are_distinct_and_come_from_the_seed():
    a = start(seats=("human", "human", "random"), seed="5", kingdoms=("Talaq", "random"))
    b = start(seats=("human", "human", "random"), seed="5", kingdoms=("Talaq", "random"))
    ks = a.state["options"]["kingdoms"]
    assert ks[0] == "Talaq" and len(set(ks)) == 3
    assert ks == b.state["options"]["kingdoms"]
    all_random = start(seats=("human", "random"), seed="6")
    assert len(set(all_random.state["options"]["kingdoms"])) == 2


def test_two_seats_on_one_kingdom_are_refused_with_a_message():
    c = make_table()
    c.handle("kingdom", {"seat": "0", "value": "Talaq"})
    c.handle("kingdom", {"seat": "1", "value": "Talaq"})
    c.handle("start", {})
    assert c.state is None and "Talaq" in c.form.error
    c.handle("kingdom", {"seat": "9", "value": "Talaq"})  # no such seat: ignored
    c.handle("kingdom", {"seat": "1", "value": "Atlantis"})  # not a kingdom: ignored
    assert c.form.kingdoms[1] == "Talaq"


def test_epic_board_is_twenty_by_ten_and_wraps_with_a_ghost_ring():
    c = start(seats=("human", "random"), epic=True)
    assert c.state["options"]["epic"] is True
    nodes, _ = render(c)
    board = next(e for n in nodes for e in n.iter() if e.attrs.get("data-key") == "board")
    assert board.attrs["data-width"] == "20" and board.attrs["data-height"] == "10"
    ghosts = [e for e in board.iter() if "ghost" in e.classes()]
    assert len(ghosts) == 2 * 20 + 2 * 10 + 4
    real = [e for e in board.iter() if e.attrs.get("data-key", "").startswith("sq-")]
    assert len(real) == 200


def test_player_names_are_asked_and_kept():
    c = make_table()
    assert len(elements(c, "name")) == c.form.count
    c.handle("name", {"seat": "0", "value": "Anna"})
    c.handle("start", {})
    assert model_names(c)[0] == "Anna"
    assert c.state["options"]["names"][0] == "Anna"


def model_names(c: Controller) -> list[str]:
    from pyapp.ui.caledea import model

    return model.player_names(c.state)


def test_rematch_keeps_the_form_choices():
    c = start(seats=("human", "greedy"), kingdoms=("Xonavia", "Talaq"))
    assert c.form.kingdoms[:2] == ["Xonavia", "Talaq"] and c.form.kinds[1] == "greedy"
    c.handle("rematch", {})
    assert c.state["options"]["kingdoms"] == ["Xonavia", "Talaq"]


# --------------------------------------------------------------------------- the board


def test_every_square_shows_both_resources_and_is_named():
    c = start()
    nodes, _ = render(c)
    board = next(e for n in nodes for e in n.iter() if e.attrs.get("data-key") == "board")
    info = GAME.board(c.state)
    for i, sq in enumerate(info["squares"][:12]):
        x, y = i % info["width"], i // info["width"]
        g = board.find(**{"data-key": f"cell-{x},{y}"})
        res = [e for e in g.iter() if "res" in e.classes()]
        assert {r.attrs["class"].split()[1] for r in res} == {f"res-{r}" for r in sq["resources"]}
        # a square that can be chosen is named by its button, the others by their drawing
        button = board.find(**{"data-key": f"sq-{x},{y}"})
        label = g.attrs.get("aria-label") or button.attrs["aria-label"]
        assert sq["name"] in label and all(r in label for r in sq["resources"])


def test_arrow_keys_move_between_choosable_squares():
    ats = ["1,1", "3,1", "1,4", "5,5"]
    assert arrow_key("1,1", ats, "ArrowRight") == "sq-3,1"
    assert arrow_key("1,1", ats, "ArrowDown") == "sq-1,4"
    assert arrow_key("1,1", ats, "ArrowUp") is None
    assert arrow_key("x", ats, "ArrowUp") is None


# --------------------------------------------------------------------------- a person's turn


def test_capital_squares_are_the_engine_legal_ones_and_need_a_confirm():
    c = start(seats=("human", "human"))
    if c.screen == "handover":
        click(c, elements(c, "ready")[0])
    p = c.decision()["player"]
    legal = {a.square for a in GAME.legal_actions(c.state)}
    offered = {e.attrs["data-at"] for e in squares(c)}
    assert offered == {at_text(c, s) for s in legal}
    assert not elements(c, "confirm")
    click(c, squares(c)[0])
    assert c.state["capitals"][p] is None and elements(c, "confirm")
    assert "capital" in to_json(render(c)[0]).lower()
    click(c, elements(c, "confirm")[0])
    assert c.state["capitals"][p] is not None


def _my_turn(seed="11") -> Controller:
    c = start(seats=("human", "human"), seed=seed)
    place_capitals(c)
    if c.screen == "handover":
        click(c, elements(c, "ready")[0])
    assert c.decision()["kind"] == "turn"
    return c


def test_destinations_offered_are_exactly_the_engine_ones_with_their_consequence():
    c = _my_turn()
    p = c.decision()["player"]
    cap = c.state["capitals"][p]
    w = GAME.board(c.state)["width"]
    click(c, _square_at(squares(c, "source"), cap, w))
    ids = sorted(c.turn.units)
    assert ids == sorted(u["id"] for u in c.state["units"] if u["owner"] == p)
    engine_dests = GAME.destinations(c.state, ids)
    assert {e.attrs["data-at"] for e in squares(c, "dest")} == {
        at_text(c, d["square"]) for d in engine_dests
    }
    # leave all but one behind with the chips, then choose a destination
    for uid in ids[1:]:
        c.handle("unit", {"unit": str(uid)})
    assert c.turn.units == ids[:1]
    dest = squares(c, "dest")[0]
    click(c, dest)
    text = to_json(render(c)[0])
    assert "to " in text and "(1 move)" in text
    before = len(c.state["log"])
    click(c, elements(c, "confirm")[0])
    assert len(c.state["log"]) == before + 1 and c.state["log"][-1][1].startswith("move ")


def test_take_back_forgets_the_choice_and_escape_does_nothing_without_one():
    c = _my_turn()
    click(c, squares(c, "source")[0])
    click(c, squares(c, "dest")[0])
    assert c.turn.pending is not None
    assert c.handle("undo", {}) and c.turn.pending is None and c.turn.units
    assert c.handle("undo", {}) and not c.turn.units
    assert c.handle("undo", {}) is False


def test_upgrade_button_follows_the_engine():
    c = _my_turn()
    p = c.decision()["player"]
    ups = [e for e in elements(c, "upgrade")]
    assert not ups  # nothing chosen
    uid = next(u["id"] for u in c.state["units"] if u["owner"] == p)
    c.handle("unit", {"unit": str(uid)})
    allowed = GAME.why_illegal(c.state, GAME.parse_action(f"upgrade {uid}")) is None
    assert bool(elements(c, "upgrade")) == allowed
    c.state["spent"] = -10  # plenty of gold this turn: the engine now allows it
    assert elements(c, "upgrade")
    click(c, elements(c, "upgrade")[0])
    assert engine.unit_by_id(c.state, uid)["rank"] == 2


def _scenario() -> Controller:
    """Two people: Xonavia (transport) has units on f4 and e3, beside Talaq's capital f3."""
    options = {"players": 2, "seed": 1, "kingdoms": ["Xonavia", "Talaq"], "first": 0}
    log = ["capital f4", "capital f3", "move e4 1", "end", "end", "move e3 1", "end", "end"]
    c = make_table()
    c.resume(GAME.replay(options, log), ["human", "human"])
    if c.screen == "handover":
        click(c, elements(c, "ready")[0])
    return c


def test_a_whole_stack_chosen_upgrades_its_first_unit():
    c = _scenario()
    c.state["spent"] = -10
    click(c, _square_at(squares(c, "source"), engine.board_of(c.state).parse("f4"), 10))
    assert len(c.turn.units) == 3
    (button,) = elements(c, "upgrade")
    assert "cavalry" in button.text()
    click(c, button)
    assert c.state["log"][-1][1] == "upgrade 2"


def test_transport_takes_the_first_chosen_unit_to_the_engine_targets():
    c = _scenario()
    assert c.cards()[0]["power"] == "transport"
    assert elements(c, "mode") == []  # 1 gold: a tower (3) and transport (3) are too dear
    c.state["spent"] = -10
    click(c, _square_at(squares(c, "source"), engine.board_of(c.state).parse("f4"), 10))
    power = next(e for e in elements(c, "mode") if e.attrs["data-value"] == "transport")
    click(c, power)
    assert c.turn.units == [2] and c.turn.mode == "transport"
    allowed = {
        name
        for name in model_squares(c)
        if GAME.why_illegal(c.state, GAME.parse_action(f"transport 2 {name}")) is None
    }
    assert {e.attrs["data-at"] for e in squares(c, "target")} == {at_text(c, n) for n in allowed}
    assert allowed == {"e3"}
    click(c, squares(c, "target")[0])
    assert "Transport to e3" in to_json(render(c)[0])
    click(c, elements(c, "confirm")[0])
    assert engine.unit_by_id(c.state, 2)["bonus"] is True


def model_squares(c: Controller) -> list[str]:
    return [s["name"] for s in GAME.board(c.state)["squares"]]


def test_build_mode_offers_the_engine_build_squares():
    c = _my_turn()
    c.state["spent"] = -10
    click(c, elements(c, "mode")[0])
    assert c.turn.mode == "build"
    legal = {a.square for a in GAME.legal_actions(c.state) if a.kind == "build"}
    assert {e.attrs["data-at"] for e in squares(c, "target")} == {at_text(c, s) for s in legal}
    click(c, squares(c, "target")[0])
    assert "tower" in to_json(render(c)[0])
    click(c, elements(c, "confirm")[0])
    assert any(s is not None for s in c.state["structures"])


def test_end_turn_passes_the_device_to_the_next_person():
    c = _my_turn()
    p = c.decision()["player"]
    click(c, elements(c, "end-turn")[0])
    assert c.screen == "handover" and c.handover_to != p
    q = c.handover_to
    name = c.names()[q]
    nodes, _ = render(c)
    screen = next(
        e for n in nodes for e in n.find_all(lambda e: e.attrs.get("data-screen") == "handover")
    )
    assert f"own-{q}" in screen.classes()
    title = screen.find(lambda e: e.attrs.get("data-key") == "handover-title")
    assert title.find(lambda e: "cal-swatch" in e.classes()) is not None
    assert name in to_json(title)
    ready = screen.find(lambda e: e.attrs.get("data-action") == "ready")
    assert EN["cal.handover.ready"].format(name=name) in to_json(ready)
    recent = screen.find(lambda e: "recent" in e.classes())
    assert recent is not None and c.names()[p] in to_json(recent)


def test_a_refused_move_shows_the_engine_reason_and_changes_nothing():
    c = _my_turn()
    before = json.dumps(c.state, sort_keys=True)
    c.turn.pending = GAME.parse_action("move a1 999")
    click(c, elements(c, "confirm")[0])
    assert c.error and "999" in c.error
    assert json.dumps(c.state, sort_keys=True) == before


# --------------------------------------------------------------------------- combat


def _square_at(elements_: list, sq: int, w: int):
    return next(e for e in elements_ if e.attrs["data-at"] == f"{sq % w},{sq // w}")


def _fight(seed="3", tower=False, transported=False) -> Controller:
    """Two people; the first to move sends all its units onto a square beside the enemy's
    units, arranged by hand so the next move attacks (``tower``: the defenders stand in a
    tower; ``transported``: the attackers carry a transport's extra die)."""
    c = _my_turn(seed)
    p = c.decision()["player"]
    q = 1 - p
    w = GAME.board(c.state)["width"]
    mine = [u for u in c.state["units"] if u["owner"] == p]
    theirs = [u for u in c.state["units"] if u["owner"] == q]
    target = theirs[0]["sq"]
    beside = engine.board_of(c.state).neighbours[target][0]
    for u in mine:
        u["sq"] = beside
        u["rank"] = 2
    for u in theirs[1:]:
        u["rank"] = 1
    theirs[0]["rank"] = 3
    if tower:
        c.state["structures"][target] = [q, 1]
    for u in mine:
        u["bonus"] = transported
    c.reset_choice()
    click(
        c,
        next(
            e for e in squares(c, "source") if e.attrs["data-at"] == f"{beside % w},{beside // w}"
        ),
    )
    dest = next(
        e for e in squares(c, "dest") if e.attrs["data-at"] == f"{target % w},{target // w}"
    )
    click(c, dest)
    assert "Fight against" in to_json(render(c)[0])
    click(c, elements(c, "confirm")[0])
    return c


def test_moves_fly_in_and_dice_roll_unless_motion_is_reduced():
    for reduced in (False, True):
        c = _fight("4")
        c.reduced_motion = reduced
        while not any(ev["type"] == "battle" for ev in c.state["events"]):
            if c.screen == "handover":
                click(c, elements(c, "ready")[0])
            else:
                click(c, elements(c, "choose")[0])
        text = to_json(render(c)[0])
        assert "die-face" in text
        assert ("rolling" in text) is not reduced
        c.reset_choice()
        u = c.state["units"][0]
        b = engine.board_of(c.state)
        to, frm = b.name(u["sq"]), b.name(b.neighbours[u["sq"]][0])
        c.state["events"] = [{"type": "move", "units": [u["id"]], "to": to, "from": {"1": frm}}]
        c.screen = "table"
        assert ('"fly"' in to_json(render(c)[0])) is not reduced


def test_a_fight_asks_the_right_people_and_shows_the_dice():
    seen = set()
    for seed in ("3", "4", "5", "6", "7", "8"):
        c = _fight(seed)
        steps = 0
        while c.state["combat"] is not None and steps < 60:
            if c.screen == "handover":
                click(c, elements(c, "ready")[0])
                continue
            kind = c.decision()["kind"]
            seen.add(kind)
            choices = elements(c, "choose")
            assert choices, kind
            if kind == "pair" and c.turn.defender is None:
                # the defender first picks one of its units, then the attacker it fights
                assert all(e.attrs["data-value"].startswith("def ") for e in choices)
            click(c, choices[-1])
            assert c.error is None, c.error
            steps += 1
        nodes, _ = render(c)
        text = to_json(nodes)
        if any(ev["type"] == "battle" for ev in c.state["events"]):
            assert "die-face" in text and ("attacker wins" in text or "defender wins" in text)
    assert {"pair", "withdraw"} <= seen


def test_pair_choices_show_the_dice_each_unit_would_roll():
    for seed in ("3", "4", "5", "6"):
        c = _fight(seed)
        while c.state["combat"] is not None and c.decision()["kind"] != "pair":
            if c.screen == "handover":
                click(c, elements(c, "ready")[0])
                continue
            click(c, elements(c, "choose")[0])
        if c.state["combat"] is None:
            continue
        if c.screen == "handover":
            click(c, elements(c, "ready")[0])
        if c.turn.defender is None:
            click(c, elements(c, "choose")[0])
        labels = [e.text() for e in elements(c, "choose")]
        told = r"\((\D[^()]* = )?\d+ (die|dice)\)"
        assert labels and all(re.search(told + " against .* " + told, x) for x in labels)
        assert len(set(labels)) == len(labels)  # each attacker told apart (rank, origin)
        return
    pytest.fail("no fight reached a pairing")


def _until_battle(c: Controller, pick=-1) -> None:
    """Answer the fight's questions (``pick``: which choice) until a battle has been fought."""
    steps = 0
    while not any(ev["type"] == "battle" for ev in c.state["events"]) and steps < 40:
        if c.screen == "handover":
            click(c, elements(c, "ready")[0])
        else:
            click(c, elements(c, "choose")[pick])
        steps += 1


def _source_lines(c: Controller) -> list:
    nodes, _ = render(c)
    return [e for n in nodes for e in n.iter() if "src-line" in e.classes()]


def test_battle_dice_show_the_bonus_dice_apart_each_marked_with_its_source():
    c = _fight("4", tower=True, transported=True)
    _until_battle(c)
    [(att, dfn)] = [s for s in c.battle_sources() if s is not None][:1]
    # the sources add up to the dice the engine rolled, base dice (the rank) first
    ev = next(ev for ev in c.state["events"] if ev["type"] == "battle")
    assert sum(n for _, n in att) == len(ev["dice"][0][0])
    assert sum(n for _, n in dfn) == len(ev["dice"][0][1])
    assert att[0] == ("rank", 2) and ("transport", 1) in att
    assert dfn[0][0] == "rank" and ("tower", 1) in dfn
    lines = _source_lines(c)
    assert [e.attrs["class"].split()[-1] for e in lines[:2]] == ["side-a", "side-d"]
    a_line, d_line = lines[:2]
    assert a_line.attrs["data-sources"].split()[0] == "rank"
    assert "transport" in a_line.attrs["data-sources"].split()
    assert "tower" in d_line.attrs["data-sources"].split()
    # one drawn die per die of the pool: blank for the rank's, marked for each bonus die
    for line, side in ((a_line, att), (d_line, dfn)):
        dice = [e for e in line.iter() if "src-die" in e.classes()]
        assert len(dice) == sum(n for _, n in side)
        bonus = [e for e in dice if "bonus" in e.classes()]
        assert len(bonus) == sum(n for s, n in side if s != "rank")
        marks = {e.text() for e in bonus}
        assert ("T" in marks) is (line is d_line) and ("+" in marks) is (line is a_line)
        assert all(not e.text() for e in dice if "base" in e.classes())
    text = to_json(render(c)[0])
    assert "transport 1" in text and "tower 1" in text and "Defender's dice:" in text
    i18n.set_language("fr")
    try:
        text = to_json(render(c)[0])
        assert "transport 1" in text and "tour 1" in text and "Dés du défenseur" in text
    finally:
        i18n.set_language("en")


def test_pair_choices_tell_each_units_dice_by_source():
    c = _fight("4", tower=True, transported=True)
    while c.state["combat"] is not None and c.decision()["kind"] != "pair":
        click(c, elements(c, "choose")[0] if c.screen != "handover" else elements(c, "ready")[0])
    if c.screen == "handover":
        click(c, elements(c, "ready")[0])
    if c.turn.defender is None:
        click(c, elements(c, "choose")[0])
    labels = [e.children[0] for e in elements(c, "choose")]  # the label, before its odds
    assert labels and all("tower 1" in x and "transport 1" in x for x in labels), labels
    assert all(re.search(r"= \d+ dice\) against .* = \d+ dice\)$", x) for x in labels)


def test_dice_sources_match_the_engine_over_whole_games():
    """Every battle of bots' games: the sources told add up to the dice rolled (the screens
    mirror the engine's dice rules; a change there shows here)."""
    seen = set()
    for seed in range(1, 13):
        c = start(seats=("greedy", "greedy"), seed=str(seed))
        play = c.play

        def checked(action, c=c, play=play):
            ok = play(action)
            for sources in c.battle_sources():
                assert sources is not None, c.state["events"]
                seen.update(s for side in sources for s, _ in side)
            return ok

        c.play = checked
        run_bots(c)
        assert c.screen == "end"
    assert {"rank", "land"} <= seen


def test_a_resumed_battle_shows_its_dice_without_sources_it_cannot_know():
    c = _fight("4", tower=True, transported=True)
    _until_battle(c)
    assert _source_lines(c)
    c.resume(json.loads(json.dumps(c.state)), list(c.seats))
    if c.screen == "handover":
        click(c, elements(c, "ready")[0])
    assert all(s is None for s in c.battle_sources())
    text = to_json(render(c)[0])
    assert "die-face" in text and not _source_lines(c)


# --------------------------------------------------------------------------- whole games


@pytest.mark.parametrize("seed", [1, 2])
def test_a_person_plays_against_a_bot_to_the_end(seed):
    rng = random.Random(seed)
    c = start(seats=("human", "greedy"), seed=str(seed))
    steps = 0
    while c.screen != "end" and steps < 2000:
        run_bots(c)
        if c.screen == "end":
            break
        human_step(c, rng)
        steps += 1
    assert c.screen == "end", steps
    nodes, focus = render(c)
    text = to_json(nodes)
    assert focus == "end-title" and "Rematch" in text
    assert c.result["how"] in ("capital", "elimination", "fortified", "rounds")
    # the record replays to the same end
    again = GAME.from_record(GAME.to_record(c.state))
    assert GAME.result(again) == GAME.result(c.state)


def test_a_game_of_bots_only_draws_and_waits_for_nobody():
    c = start(seats=("random", "random", "random"), seed="8")
    run_bots(c)
    assert c.screen == "end"
    assert "cal-end" in to_json(render(c)[0])


def test_skip_lets_the_bots_play_without_pause_until_a_person_decides():
    c = start(seats=("human", "greedy"), seed="2")
    rng = random.Random(2)
    while c.bot_to_move() is None:
        human_step(c, rng)
    base = c.pace_ms()
    assert any(e.attrs["data-key"] == "skip" for e in elements(c, "skip"))
    c.handle("skip", {})
    assert c.pace_ms() == 0
    assert c.skip
    run_bots(c)  # until the person decides: their decision opens and the pace is back
    assert c.human_to_move() is not None or c.screen == "end"
    if c.screen != "end":
        assert not c.skip and c.pace_ms() == base


# --------------------------------------------------------------------------- saves


def _storage():
    return FakeStorage()


def test_saves_round_trip_a_caledea_game():
    rng = random.Random(4)
    c = start(seats=("human", "greedy"), seed="4")
    for _ in range(6):
        run_bots(c)
        human_step(c, rng)
    store = SaveStore(_storage())
    gid = store.save(c.state, None, session=c.session(), game=c.game)
    listed, problems = store.list_games()
    assert not problems and listed[0]["game"] == "caledea"
    # the list names the players: by their names, or "Player n" when the options hold none
    expected = c.state["options"].get("names") or ["Player 1", "Player 2"]
    assert listed[0]["players"] == expected
    assert games.for_record(listed[0]["game"]).title == "Caledea"
    game, state, session = store.open_game(gid)
    assert game is GAME and state == c.state and session["seats"] == ["human", "greedy"]
    text = export_record(c.state, session=c.session(), game=c.game)
    game2, state2, _ = import_file(text)
    assert game2 is GAME and GAME.log_texts(state2) == GAME.log_texts(c.state)


def test_the_box_offers_caledea_and_switches_to_its_table():
    assert games.entry("caledea").ready
    box = Box()
    box.handle("game-choose", {"game": "caledea"})
    assert box.game_id == "caledea" and isinstance(box.table, Controller)
    nodes, _ = box.render()
    assert "New game of Caledea" in to_json(nodes)


# --------------------------------------------------------------------------- words


def test_french_has_every_caledea_text_and_the_screens_use_it():
    assert set(EN) == set(FR)
    for k in EN:
        assert sorted(re.findall(r"{\w+}", EN[k])) == sorted(re.findall(r"{\w+}", FR[k])), k
    i18n.set_language("fr")
    c = start()
    text = to_json(render(c)[0])
    assert "reconstitués pour cette édition" in text
    assert "Tour 1" in text or "Pose des capitales" in text


def _texts(lang) -> list[str]:
    """Every title, intro, term and text of the rules reference in ``lang``."""
    out = []
    for s in rules_ref.sections(lang):
        out += [s["title"], s["intro"], *(x for pair in s["items"] for x in pair if x)]
    return [x for x in out if x]


def test_rules_reference_in_both_languages_says_it_is_reconstructed():
    en, fr = rules_ref.sections("en"), rules_ref.sections("fr")
    assert [s["id"] for s in en] == [s["id"] for s in fr]
    for a, b in zip(en, fr, strict=True):
        assert len(a["items"]) == len(b["items"]), a["id"]
    assert en[0]["id"] == "edition" and "reconstructed" in en[0]["intro"]
    assert "reconstitués" in fr[0]["intro"]
    assert {"Bombard", "Ambush", "Transport"} <= {t for s in en for t, _ in s["items"] if t}
    assert rules_ref.sections("de") == en


def test_rules_reference_is_in_our_own_words():
    if not RULES.exists():
        pytest.skip("the rules page (shared/rules) is not beside the repository")

    def runs(text):
        words = re.findall(r"[\w']+", text.lower())
        return {" ".join(words[i : i + 7]) for i in range(len(words) - 6)}

    page = runs(RULES.read_text(encoding="utf-8"))
    ours = runs(" ".join(_texts("en")) + " " + " ".join(EN.values()))
    assert not ours & page, sorted(ours & page)[:5]


def test_player_names_are_text_never_markup():
    c = start(seats=("human", "random"))
    nodes, _ = render(c)
    for n in nodes:
        for e in n.iter():
            assert e.tag not in ("script", "iframe", "foreignObject")


def test_the_form_is_the_shared_seat_form_with_kingdoms_and_the_epic_board():
    from pyapp.ui.seats import SeatForm, SeatInputs

    c = Controller(seed_source=lambda: 77)
    assert isinstance(c.form, SeatForm) and isinstance(c, SeatInputs)
    c.handle("seats", {"value": "3"})
    c.handle("kingdom", {"seat": "2", "value": "Talaq"})
    c.handle("epic", {"value": True})
    options, seats = c.form.options(lambda: 77)
    assert options["players"] == 3 and options["epic"] is True
    assert options["kingdoms"][2] == "Talaq" and len(set(options["kingdoms"])) == 3
    assert seats[0] == "human" and len(seats) == 3


def test_both_games_sprites_come_from_the_shared_helper():
    from pyapp.ui.park import art as park_art
    from pyapp.ui.vdom import symbol_sprite

    for sprite in (art.sprite(), park_art.sprite()):
        assert sprite.tag == "svg" and sprite.attrs["aria-hidden"] == "true"
        symbols = sprite.children[0].children
        assert symbols and all(s.tag == "symbol" for s in symbols)
    made = symbol_sprite({"x": [("circle", {"r": "1"})]}, lambda tag, a: h(tag, {**a, "k": "v"}))
    circle = made.children[0].children[0].children[0]
    assert circle.tag == "circle" and circle.attrs == {"r": "1", "k": "v"}


# --------------------------------------------------------------------------- panning round


def _hits(c: Controller) -> list:
    """The squares' buttons in the order they are drawn (row by row, from the top left)."""
    nodes, _ = render(c)
    board = next(e for n in nodes for e in n.iter() if e.attrs.get("data-key") == "board")
    hits = [e for e in board.iter() if e.tag == "rect" and "sq" in e.classes()]
    return sorted(hits, key=lambda e: (float(e.attrs["y"]), float(e.attrs["x"])))


def test_the_board_pans_round_the_torus_with_wrap_around():
    for epic, width in ((False, 10), (True, 20)):
        c = start(seats=("human", "greedy"), seed="5", epic=epic)
        order = [e.attrs["data-key"] for n in render(c)[0] for e in n.iter() if "sq" in e.classes()]
        hits = _hits(c)
        assert len(hits) == width * 10 and hits[0].attrs["data-key"] == "sq-0,0"
        assert not [e for n in render(c)[0] for e in n.iter() if "seam" in e.classes()]
        click(c, next(e for e in elements(c, "pan") if e.attrs["data-key"] == "pan-left"))
        hits = _hits(c)
        # the last column is drawn first now, the first one beside it: the board wrapped
        assert c.view == (width - 1, 0)
        assert hits[0].attrs["data-key"] == f"sq-{width - 1},0" and hits[0].attrs["x"] == "0"
        assert hits[1].attrs["data-key"] == "sq-0,0"
        assert hits[1].attrs["x"] == hits[0].attrs["width"]
        assert [e for n in render(c)[0] for e in n.iter() if "seam" in e.classes()]
        text = to_json(render(c)[0])
        assert f"Top left: {'j' if width == 10 else 't'}1" in text
        click(c, next(e for e in elements(c, "pan") if e.attrs["data-key"] == "pan-up"))
        assert c.view == (width - 1, 9)
        # a drag reports the squares dragged (negated): any amount, wrapping
        c.handle("pan", {"dx": "3", "dy": "-2"})
        assert c.view == (2, 7) and _hits(c)[0].attrs["data-key"] == "sq-2,7"
        # the page keeps its elements in the board's order: panning moves them only
        assert [
            e.attrs["data-key"] for n in render(c)[0] for e in n.iter() if "sq" in e.classes()
        ] == order
        assert c.handle("pan", {"dx": str(width + 1)}) is False and c.view == (2, 7)
        click(c, next(e for e in elements(c, "pan") if e.attrs["data-key"] == "pan-home"))
        assert c.view == (0, 0)
        assert not [e for e in elements(c, "pan") if e.attrs["data-key"] == "pan-home"]


def test_a_panned_board_chooses_the_same_squares_and_draws_paths_where_they_are():
    c = _my_turn("11")
    c.handle("pan", {"dx": "4", "dy": "3"})
    p = c.decision()["player"]
    cap = c.state["capitals"][p]
    w = GAME.board(c.state)["width"]
    click(c, _square_at(squares(c, "source"), cap, w))
    dest = squares(c, "dest")[0]
    click(c, dest)
    x, y = map(int, dest.attrs["data-at"].split(","))
    assert c.turn.pending.square == GAME.board(c.state)["squares"][y * w + x]["name"]
    nodes, _ = render(c)
    pending = next(e for n in nodes for e in n.iter() if "pending" in e.classes())
    # drawn 4 columns left and 3 rows up of where it stands (wrapping)
    assert float(pending.attrs["x"]) == ((x - 4) % w) * float(pending.attrs["width"])
    assert float(pending.attrs["y"]) == ((y - 3) % 10) * float(pending.attrs["height"])
    path = next(e for n in nodes for e in n.iter() if "path" in e.classes())
    sx, sy = cap % w, cap // w
    size = float(pending.attrs["width"])
    start_x = ((sx - 4) % w) * size + size / 2
    start_y = ((sy - 3) % 10) * size + size / 2
    assert path.attrs["d"].startswith(f"M{start_x:g},{start_y:g}")


def test_the_view_is_reset_by_a_new_game_and_pan_buttons_are_named_in_both_languages():
    c = start(seats=("human", "greedy"), seed="5")
    c.handle("pan", {"dx": "2"})
    assert c.view == (2, 0)
    c.handle("rematch", {})
    assert c.view == (0, 0)
    labels = {e.attrs["data-key"]: e.attrs.get("aria-label") for e in elements(c, "pan")}
    assert labels["pan-left"] == "Pan the board left"
    i18n.set_language("fr")
    try:
        labels = {e.attrs["data-key"]: e.attrs.get("aria-label") for e in elements(c, "pan")}
        assert labels["pan-left"] == "Décaler le plateau vers la gauche"
    finally:
        i18n.set_language("en")
