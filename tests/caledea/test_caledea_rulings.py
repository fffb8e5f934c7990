"""The later rulings of the notes (games of edition 3 of the kingdom cards on), one test at least
each: a player who defeats another with more than 2 players gains 3 infantry on the defeated
capital's square however the defeat came (capital taken, last unit removed anywhere, by a
battle's either side or a bombard), the box's 20 units; the attacker orders the tries against an
undefended structure (the ``siege`` decision); no transport after an upgrade. And games of
editions 1 and 2 keep the first rulings."""

from __future__ import annotations

import pytest
from caledea_helpers import (
    Faces,
    claim,
    claim_until_paid,
    put,
    sq,
    squares_of,
    started,
    unit,
    where,
)

from pyapp.caledea import engine
from pyapp.caledea.actions import Breach, Transport
from pyapp.caledea.bots import make_bot
from pyapp.caledea.protocol import GAME
from pyapp.core.errors import IllegalActionError, MalformedActionError

X, T, ORV = 0, 1, 2  # Xonavia (capital c1), Talaq (g1), Orvenne (j1)
THREE = {"kingdoms": ("Xonavia", "Talaq", "Orvenne"), "capitals": ["c1", "g1", "j1"]}


def on(state, square, owner=None):
    return [u for u in state["units"] if u["sq"] == sq(square) and owner in (None, u["owner"])]


def owned(state, p):
    return sum(1 for u in state["units"] if u["owner"] == p)


def defeats(state):
    return [ev for ev in state["events"] if ev["type"] == "defeat"]


def test_the_rulings_a_game_follows_come_from_its_edition():
    assert engine.later_rulings(started())  # new games: the newest edition
    assert engine.later_rulings(started(edition=3))
    assert not engine.later_rulings(started(edition=2))
    assert not engine.later_rulings(started(edition=1))


# ------------------------------------------------------------------ defeats with 3+ players


def test_last_defenders_falling_on_their_capital_give_the_attacker_three_infantry(monkeypatch):
    state = started(**THREE)
    (d,) = put(state, X, "c1")  # Xonavia's last unit, on its capital
    (a,) = put(state, T, "c2", rank=2)
    put(state, ORV, "j5")
    GAME.play(state, "end")
    Faces(monkeypatch, 6, 1)  # the attacker wins
    GAME.play(state, f"move c1 {a}")
    assert unit(state, d) is None and state["out"] == [True, False, False]
    assert defeats(state) == [{"type": "defeat", "player": X, "by": T, "gained": 3, "square": "c1"}]
    assert GAME.result(state) is None and state["combat"] is None
    # the 3 infantry gained there, and the attacker moved in beside them
    assert where(state, a) == "c1" and len(on(state, "c1", T)) == 1 + engine.CAPTURE_INFANTRY
    assert state["capitals"][X] is None and X not in state["markers"]
    assert state["markers"][sq("c1")] == engine.NONE  # not a Talaq resource: nothing claimed
    assert GAME.decision(state) == {"player": T, "kind": "turn"} and state["moves_left"] == 2


def test_last_defenders_falling_on_the_capital_with_one_player_left_end_the_game(monkeypatch):
    state = started(**THREE)
    state["out"][ORV] = True  # Orvenne already out: two players left
    put(state, X, "c1")
    (a,) = put(state, T, "c2", rank=2)
    GAME.play(state, "end")
    Faces(monkeypatch, 6, 1)
    GAME.play(state, f"move c1 {a}")
    res = GAME.result(state)
    assert res["winners"] == [T] and res["how"] == "elimination"
    assert state["combat"] is None and GAME.decision(state) is None
    assert owned(state, T) == 1  # nothing gained when the game is over


def test_last_unit_removed_elsewhere_gives_three_infantry_on_the_defeated_capital(monkeypatch):
    state = started(**THREE)
    put(state, X, "e7")
    (a,) = put(state, T, "e6", rank=2)
    put(state, ORV, "j5")
    GAME.play(state, "end")
    Faces(monkeypatch, 6, 1)
    GAME.play(state, f"move e7 {a}")
    assert state["out"][X] and defeats(state)[0]["by"] == T
    assert where(state, a) == "e7"
    assert len(on(state, "c1", T)) == engine.CAPTURE_INFANTRY == owned(state, T) - 1
    assert all(not u["moved"] for u in on(state, "c1"))


def test_a_defender_that_removes_the_attackers_last_unit_defeats_them(monkeypatch):
    state = started(**THREE)
    (a,) = put(state, X, "e6")  # Xonavia's last unit attacks
    (d,) = put(state, T, "e7")
    put(state, ORV, "j5")
    Faces(monkeypatch, 1, 6)  # the defender wins
    GAME.play(state, f"move e7 {a}")
    assert unit(state, a) is None and state["out"][X] and defeats(state)[0]["by"] == T
    assert where(state, d) == "e7" and len(on(state, "c1", T)) == engine.CAPTURE_INFANTRY
    assert GAME.decision(state) == {"player": T, "kind": "turn"}  # Xonavia's turn is over


def test_a_bombard_that_removes_the_last_unit_defeats_its_player(monkeypatch):
    state = started(**THREE)
    put(state, X, "e5")
    (b,) = put(state, T, "e6")
    put(state, ORV, "j5")
    GAME.play(state, "end")
    claim_until_paid(state, T, squares_of("MR")[1:])  # Talaq's bombard
    Faces(monkeypatch, 6, 1)
    GAME.play(state, f"bombard {b} e5")
    assert state["out"][X] and defeats(state)[0]["by"] == T
    assert where(state, b) == "e6" and len(on(state, "c1", T)) == engine.CAPTURE_INFANTRY


def test_units_gained_by_a_defeat_stop_at_twenty(monkeypatch):
    state = started(**THREE)
    put(state, X, "e7")
    (a,) = put(state, T, "e6", rank=2)
    put(state, T, "a5", n=engine.MAX_UNITS - 3)  # 18 Talaq units in all
    put(state, ORV, "j5")
    GAME.play(state, "end")
    Faces(monkeypatch, 6, 1)
    GAME.play(state, f"move e7 {a}")
    assert state["out"][X] and defeats(state)[0]["gained"] == 2
    assert owned(state, T) == engine.MAX_UNITS and len(on(state, "c1", T)) == 2


def test_two_player_games_end_at_the_defeat_and_gain_nothing(monkeypatch):
    state = started()
    put(state, X, "e7")
    (a,) = put(state, T, "e6", rank=2)
    GAME.play(state, "end")
    Faces(monkeypatch, 6, 1)
    GAME.play(state, f"move e7 {a}")
    res = GAME.result(state)
    assert res["winners"] == [T] and res["how"] == "elimination" and owned(state, T) == 1


@pytest.mark.parametrize("edition", [1, 2])
def test_editions_one_and_two_keep_the_first_ruling_on_defeats(monkeypatch, edition):
    state = started(edition=edition, **THREE)
    put(state, X, "c1")
    (a,) = put(state, T, "c2", rank=2)
    put(state, ORV, "j5")
    GAME.play(state, "end")
    Faces(monkeypatch, 6, 1, 6, 1)
    GAME.play(state, f"move c1 {a}")
    assert state["out"][X] and defeats(state) == [{"type": "defeat", "player": X, "by": None}]
    assert [u["id"] for u in on(state, "c1")] == [a]  # nobody gained anything
    put(state, ORV, "e8")
    (b,) = put(state, T, "e7", rank=2)
    GAME.play(state, f"move e8 {b}")  # Orvenne's j5 unit is left: not out
    assert owned(state, T) == 2


# ------------------------------------------------------------------ the siege decision


def tower_at_d1(state, level=1):
    state["structures"][sq("d1")] = [X, level]
    put(state, X, "a5")
    GAME.play(state, "end")


def test_the_attacker_chooses_who_tries_a_structure_and_failures_return(monkeypatch):
    state = started()
    tower_at_d1(state)
    (a,) = put(state, T, "e1")
    (c,) = put(state, T, "e2", rank=2)
    dice = Faces(monkeypatch, 4, 5)
    GAME.play(state, f"move d1 {a},{c}")
    assert GAME.decision(state) == {"player": T, "kind": "siege"} and dice.asked == []
    assert GAME.legal_actions(state) == [Breach(c), Breach(a)]  # strongest first
    assert where(state, a) == "e1" and where(state, c) == "e2"  # not there yet
    GAME.play(state, f"breach {a}")  # the infantry first: a 4 fails; the cavalry is forced
    assert dice.asked == [1, 2]
    assert where(state, a) == "e1" and where(state, c) == "d1"
    assert state["structures"][sq("d1")] is None and state["combat"] is None
    assert [ev["unit"] for ev in state["events"] if ev["type"] == "siege"] == [a, c]
    assert GAME.decision(state) == {"player": T, "kind": "turn"} and state["moves_left"] == 2


def test_a_success_lets_the_untried_units_in_and_illegal_tries_say_why(monkeypatch):
    state = started()
    tower_at_d1(state)
    (a,) = put(state, T, "e1")
    (b,) = put(state, T, "d2")  # another infantry, from elsewhere: another kind
    (c,) = put(state, T, "e2", rank=2)
    Faces(monkeypatch, 1, 5)
    GAME.play(state, f"move d1 {a},{b},{c}")
    assert GAME.legal_actions(state) == [Breach(c), Breach(a), Breach(b)]
    GAME.play(state, f"breach {a}")  # fails; two kinds left: the attacker chooses again
    assert GAME.decision(state)["kind"] == "siege"
    for text, words in [
        (f"breach {a}", "has tried already"),
        ("breach 999", "not one of the units attacking"),
        ("end", "chooses which unit tries"),
    ]:
        assert words in GAME.why_illegal(state, GAME.parse_action(text))
    with pytest.raises(IllegalActionError):
        GAME.play(state, f"breach {X}", player=X)  # not Xonavia's decision
    GAME.play(state, f"breach {b}")  # a 5 breaks the tower: b and the untried cavalry go in
    assert where(state, b) == where(state, c) == "d1" and where(state, a) == "e1"


def test_identical_units_try_without_a_decision(monkeypatch):
    state = started()
    tower_at_d1(state, level=2)
    a1, a2 = put(state, T, "e1", n=2)
    dice = Faces(monkeypatch, 5, 6)  # a 5 does not break a castle, a 6 does
    GAME.play(state, f"move d1 {a1},{a2}")
    assert dice.asked == [1, 1] and state["combat"] is None
    assert where(state, a1) == "e1" and where(state, a2) == "d1"
    assert GAME.decision(state)["kind"] == "turn"


def test_attackers_left_after_a_battle_face_the_siege_decision(monkeypatch):
    state = started()
    state["structures"][sq("d1")] = [X, 1]
    (d,) = put(state, X, "d1")
    put(state, X, "a5")
    GAME.play(state, "end")
    (a,) = put(state, T, "e1")
    (c,) = put(state, T, "e2", rank=2)
    Faces(monkeypatch, 6, 1, 6)
    GAME.play(state, f"move d1 {a},{c}")
    assert GAME.decision(state) == {"player": X, "kind": "pair"}
    GAME.play(state, f"pair {d} {c}")
    assert unit(state, d) is None
    assert GAME.decision(state) == {"player": T, "kind": "siege"}
    assert GAME.legal_actions(state) == [Breach(c), Breach(a)]
    GAME.play(state, f"breach {a}")
    assert where(state, a) == where(state, c) == "d1" and state["structures"][sq("d1")] is None
    assert GAME.decision(state) == {"player": T, "kind": "turn"} and state["moves_left"] == 2


def test_a_siege_taking_the_last_move_ends_the_turn(monkeypatch):
    state = started()
    tower_at_d1(state)
    state["moves_left"] = 1
    (a,) = put(state, T, "e1")
    (c,) = put(state, T, "e2", rank=2)
    Faces(monkeypatch, 1, 1)
    GAME.play(state, f"move d1 {a},{c}")
    assert GAME.decision(state)["kind"] == "siege"
    GAME.play(state, f"breach {c}")
    assert where(state, a) == "e1" and where(state, c) == "e2"  # both failed, both back
    assert state["structures"][sq("d1")] == [X, 1]
    assert GAME.decision(state) == {"player": X, "kind": "turn"}


@pytest.mark.parametrize("bot", ["random", "greedy", "strong"])
def test_the_bots_make_the_siege_decision(monkeypatch, bot):
    state = started()
    tower_at_d1(state)
    (a,) = put(state, T, "e1")
    (c,) = put(state, T, "e2", rank=2)
    Faces(monkeypatch, 1, 1)
    GAME.play(state, f"move d1 {a},{c}")
    choice = make_bot(bot, 1).choose(GAME.observation(state, T))
    assert choice in GAME.legal_actions(state)
    if bot != "random":
        assert choice == Breach(c)  # the likelier to break the tower


@pytest.mark.parametrize("edition", [1, 2])
def test_editions_one_and_two_try_the_strongest_first_without_a_decision(monkeypatch, edition):
    state = started(edition=edition)
    tower_at_d1(state)
    (a,) = put(state, T, "e1")
    (c,) = put(state, T, "e2", rank=2)
    dice = Faces(monkeypatch, 2, 6)
    GAME.play(state, f"move d1 {a},{c}")
    assert dice.asked == [2, 1] and state["combat"] is None
    assert where(state, a) == "d1" and where(state, c) == "e2"


# ------------------------------------------------------------------ transport after an upgrade


def transport_after_upgrade(edition):
    state = started(edition=edition)
    for s in squares_of("FM")[1:5]:  # 5 gold: an upgrade (2) and a transport (3)
        claim(state, X, s)
    (a,) = put(state, X, "e5")
    (b,) = put(state, X, "h8")
    GAME.play(state, f"upgrade {a}")
    return state, a, b


def test_a_unit_upgraded_this_turn_may_not_be_transported():
    state, a, b = transport_after_upgrade(3)
    reason = GAME.why_illegal(state, GAME.parse_action(f"transport {a} h8"))
    assert reason == "a unit upgraded this turn may not be transported (the upgrade is its move)"
    legal = GAME.legal_actions(state)
    assert not any(isinstance(x, Transport) and x.unit == a for x in legal)
    assert Transport(b, "e5") in legal  # the other unit may still jump beside it


@pytest.mark.parametrize("edition", [1, 2])
def test_editions_one_and_two_still_transport_after_an_upgrade(edition):
    state, a, _ = transport_after_upgrade(edition)
    assert Transport(a, "h8") in GAME.legal_actions(state)
    GAME.play(state, f"transport {a} h8")
    assert where(state, a) == "h8"


# ------------------------------------------------------------------ the new action's text


def test_the_breach_action_text_round_trips():
    assert GAME.parse_action("breach 7") == Breach(7)
    assert str(Breach(7)) == "breach 7" and GAME.parse_action(str(Breach(12))) == Breach(12)
    assert GAME.parse_action("BREACH 7") == Breach(7)
    for bad in ("breach", "breach x", "breach 7 8", "breach -1"):
        with pytest.raises(MalformedActionError):
            GAME.parse_action(bad)
