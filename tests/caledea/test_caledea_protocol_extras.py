"""What Caledea's protocol offers the screens beside the shared protocol: the board, kingdom
cards, destinations with paths and effects, action costs, battle dice, saves' summaries, and the
plain statement that kingdoms and board are reconstructed."""

from __future__ import annotations

from caledea_helpers import claim, put, sq, started

from pyapp.caledea import cards, engine
from pyapp.caledea.protocol import GAME


def test_board_and_kingdoms_for_the_screens():
    state = started()
    board = GAME.board(state)
    assert (board["width"], board["height"]) == (10, 10)
    assert board["squares"][0] == {"name": "a1", "resources": ["cattle", "grain"]}
    epic = GAME.board(GAME.new_game({"players": 2, "seed": 1, "epic": True}))
    assert epic["width"] == 20 and len(epic["squares"]) == 200
    assert [k["name"] for k in GAME.kingdoms()] == list(cards.kingdom_names())
    assert "reconstructed" in GAME.reconstructed


def test_kingdom_card_shows_gold_moves_and_squares():
    state = started()
    claim(state, 0, "e2")
    (a,) = put(state, 0, "e5")
    state["spent"] = 1
    card = GAME.kingdom_card(state, 0)
    assert card["name"] == "Xonavia" and card["gold"] == 2 and card["available"] == 1
    assert card["moves_left"] == state["moves_left"] and card["units"] == 1
    assert "c1" in card["resource_squares"] and len(card["resource_squares"]) == 10
    assert card["costs"]["cavalry"] == 2


def test_destinations_give_paths_and_effects():
    state = started()
    claim(state, 1, "f4")
    state["markers"][sq("d6")] = engine.SALTED
    (c,) = put(state, 0, "e5", rank=2)
    put(state, 1, "e6")
    state["structures"][sq("f5")] = [1, 1]
    got = {d["square"]: d for d in GAME.destinations(state, [c])}
    assert got["e6"]["effect"] == "combat"
    assert got["f5"]["effect"] == "structure"
    assert got["f4"]["effect"] == "salt"
    assert got["d6"]["effect"] == "reclaim"  # a salted Xonavia square
    assert got["d5"]["effect"] == "move"
    state["markers"][sq("d6")] = engine.NONE
    assert {d["square"]: d["effect"] for d in GAME.destinations(state, [c])}["d6"] == "claim"
    assert got["e4"]["paths"][str(c)] == ["e5", "e4"]
    assert len(got["e3"]["paths"][str(c)]) == 3
    assert GAME.destinations(state, [9999]) == []


def test_action_costs():
    state = started()
    (a,) = put(state, 0, "e5")
    assert GAME.action_cost(state, f"upgrade {a}") == {"gold": 2, "moves": 1}
    assert GAME.action_cost(state, "build c1")["gold"] == 3
    state["structures"][sq("c1")] = [0, 1]
    assert (
        GAME.action_cost(state, "build c1")["gold"] == cards.kingdom("Xonavia")["costs"]["castle"]
    )
    assert GAME.action_cost(state, "transport 3 e5") == {"gold": 3, "moves": 0}
    assert GAME.action_cost(state, f"move e6 {a}") == {"gold": 0, "moves": 1}
    assert GAME.action_cost(state, "end") == {"gold": 0, "moves": 0}


def test_battle_dice_of_the_open_combat(monkeypatch):
    state = started()
    d1, d2 = put(state, 0, "e4", n=2)
    a1 = put(state, 1, "e5", rank=2)[0]
    a2 = put(state, 1, "d4")[0]
    GAME.play(state, "end")
    GAME.play(state, engine.Move("e4", (a1, a2)))
    assert GAME.decision(state)["kind"] == "pair"
    assert GAME.battle_dice(state, a1, d1) == {"attacker": 3, "defender": 2}
    assert GAME.battle_dice(state, 9999, d1) is None


def test_save_summary_round_trip():
    state = started()
    summary = GAME.save_summary(state)
    assert GAME.check_save_summary(summary)
    assert not GAME.check_save_summary({**summary, "round": 0})
    assert not GAME.check_save_summary({**summary, "kingdoms": ["Atlantis"]})
