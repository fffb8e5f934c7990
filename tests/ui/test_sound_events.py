"""Sound and touch (``pyapp/ui/features/sound.py`` and each game's ``sounds.py``): the kinds of
sound of every move of engine-played games, checked against what the engine's state says
happened (tokens on the mover's park, pieces on Caldera's board and in the collections,
Caledea's dice drawn from its generator and the units a battle removed), never against a
fixed list; and the feature: remembered mute, nothing while muted, nothing for a new game, a
resume, a take-back or a replay."""

from __future__ import annotations

import json
import random

import pytest

from pyapp import games
from pyapp.ui import i18n
from pyapp.ui.composition import compose
from pyapp.ui.features.sound import (
    KINDS,
    SOUND_KEY,
    Sound,
    change_sounds,
    sounds_module,
)


def copy(state):
    return json.loads(json.dumps(state))


def played_game(game_id, seed, players=2, max_moves=400):
    """[(before, after, player, text)] of a game played with random legal moves."""
    game = games.get(game_id)
    rng = random.Random(seed)
    state = game.new_game({"players": players, "seed": seed})
    steps = []
    while game.decision(state) is not None and len(steps) < max_moves:
        p = game.decision(state)["player"]
        action = rng.choice(game.legal_actions(game.observation(state, p), p))
        before = copy(state)
        state = game.play(state, action)
        player, text = state["log"][-1]
        steps.append((before, copy(state), player, text))
    return game, steps


def sounds_of(game, before, after, viewer=0):
    return change_sounds(game, before, after, lambda p: p == viewer, viewer, sounds_module(game.id))


def check_turn_and_end(game, before, after, player, kinds, viewer=0):
    d, was = game.decision(after), game.decision(before)
    assert ("end" in kinds) == (d is None)
    opens = d is not None and d["player"] == viewer and player != viewer
    assert ("turn" in kinds) == (opens and (was is None or was["player"] != viewer))
    assert all(k in KINDS for k in kinds)


# ------------------------------------------------------------------ each game, with its engine


def park_tokens(state, seat):
    p = state["G"]["players"][seat]
    return sum(x != -1 for x in p["board"]) + sum(x != -1 for x in p["weather"])


@pytest.mark.parametrize("seed", [1, 2])
def test_park_place_is_a_token_added_to_the_movers_park(seed):
    game, steps = played_game("park", seed)
    placed = 0
    for before, after, player, text in steps:
        kinds = sounds_of(game, before, after)
        grew = park_tokens(after, player) > park_tokens(before, player)
        assert ("place" in kinds) == grew, text
        placed += grew
        check_turn_and_end(game, before, after, player, kinds)
    assert placed > 10


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_caldera_erupt_and_capture_are_what_the_engine_did(seed):
    game, steps = played_game("pyramids", seed)
    seen = {"erupt": 0, "capture": 0, "move": 0, "place": 0}
    for before, after, player, text in steps:
        kinds = sounds_of(game, before, after)
        caps_moved = before["caps"] != after["caps"]
        own_before = len(before["collections"][player])
        own_after = len(after["collections"][player])
        # an eruption moves pieces of the board (some into a collection); a quiet move only caps
        erupted = caps_moved and before["board"] != after["board"]
        assert ("erupt" in kinds) == erupted, text
        assert ("capture" in kinds) == (own_after > own_before), text
        assert ("move" in kinds) == (caps_moved and not erupted), text
        assert ("place" in kinds) == (own_after < own_before), text  # a Power Play
        for k in seen:
            seen[k] += k in kinds
        check_turn_and_end(game, before, after, player, kinds)
    assert seen["erupt"] and seen["capture"] and seen["move"]


def test_caldera_eruption_of_the_computer_is_heard_too():
    # the viewer is seat 0; seat 1's eruptions sound the same (the engine did them)
    game, steps = played_game("pyramids", 4)
    theirs = [s for s in steps if s[2] == 1 and "erupt" in sounds_of(game, s[0], s[1])]
    assert theirs
    for _before, after, _player, _text in theirs:
        assert after["last"] is not None and after["last"]["player"] == 1


def unit_ids(state):
    return {u["id"] for u in state["units"]}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_caledea_dice_and_battles_are_what_the_engine_rolled(seed):
    game, steps = played_game("caledea", seed, max_moves=600)
    seen = {"dice": 0, "won": 0, "lost": 0, "move": 0, "place": 0}
    for before, after, player, text in steps:
        kinds = sounds_of(game, before, after)
        rolled = before["rng"] != after["rng"]  # every die comes from the game's generator
        assert ("dice" in kinds) == rolled, text
        battles = [e for e in after["events"] if e["type"] == "battle"]
        if len(battles) == 1:
            ev = battles[0]
            owner = {u["id"]: u["owner"] for u in before["units"]}
            a, d = owner[ev["attacker"]], owner[ev["defender"]]
            gone = unit_ids(before) - unit_ids(after)
            side = 0 if 0 in (a, d) else player if player in (a, d) else a
            mine = ev["attacker"] if side == a else ev["defender"]
            theirs = ev["defender"] if side == a else ev["attacker"]
            if theirs in gone and mine not in gone:
                assert "won" in kinds and "lost" not in kinds, text
            if mine in gone and theirs not in gone:
                assert "lost" in kinds and "won" not in kinds, text
        moved = any(e["type"] in ("move", "transport") for e in after["events"])
        assert ("move" in kinds) == moved, text
        for k in seen:
            seen[k] += k in kinds
        check_turn_and_end(game, before, after, player, kinds)
    assert seen["dice"] and seen["move"] and seen["won"] + seen["lost"]


def test_several_moves_at_once_are_stepped_through_with_the_engine():
    game, steps = played_game("pyramids", 5)
    for i in range(0, len(steps) - 3, 7):
        before, after = steps[i][0], steps[i + 2][1]
        joined = []
        for b, a, _p, _t in steps[i : i + 3]:
            joined += [k for k in sounds_of(game, b, a) if k not in ("turn", "end")]
        together = sounds_of(game, before, after)
        heard = [k for k in together if k not in ("turn", "end")]
        assert heard  # every cap move or Power Play of Caldera has its sound
        assert heard == list(dict.fromkeys(joined))[: len(heard)]


def test_a_take_back_or_another_game_makes_no_sound():
    game, steps = played_game("pyramids", 6)
    before, after = steps[5][0], steps[5][1]
    assert sounds_of(game, after, before) == []  # the log shrank: a take-back
    other = games.get("pyramids").new_game({"players": 2, "seed": 99})
    assert sounds_of(game, after, other) == []


# ------------------------------------------------------------------ the feature in the shell


class Storage(dict):
    def getItem(self, k):  # noqa: N802
        return self.get(k)

    def setItem(self, k, v):  # noqa: N802
        self[k] = v

    def removeItem(self, k):  # noqa: N802
        self.pop(k, None)

    def key(self, i):
        return list(self)[i] if i < len(self) else None

    @property
    def length(self):
        return len(self)


class Platform:
    def __init__(self):
        self.calls = []

    def play_sounds(self, kinds, vibrate_ms=0):
        self.calls.append((list(kinds), vibrate_ms))

    def languages(self):
        return ["en"]

    def request_persist(self, callback):
        callback(None)

    def set_document_language(self, lang):
        pass


def box_with(storage, platform, game_id="pyramids"):
    box = compose(storage, platform, seed_source=lambda: 7)
    box.shell.start(box.table)
    table = box.switch(game_id)
    table.start_game({"players": 2, "seed": 11}, ["human", table.bot_names[0]])
    return box, table


def play_random(table, n, seed=0):
    rng = random.Random(seed)
    for _ in range(n):
        d = table.game.decision(table.state)
        if d is None:
            return
        p = d["player"]
        options = table.game.legal_actions(table.obs(p), p)
        assert table.play(rng.choice(options))


def test_the_feature_hands_each_change_to_the_page_and_vibrates_for_your_turn():
    platform = Platform()
    box, table = box_with(Storage(), platform)
    assert platform.calls == []  # a new game: nothing yet
    play_random(table, 60)
    assert platform.calls
    sound = box.shell.get("sound")
    assert [c[0] for c in platform.calls] == sound.played
    for kinds, vibrate in platform.calls:
        assert (vibrate > 0) == ("turn" in kinds)
    assert any("turn" in k for k, _ in platform.calls)


def test_mute_is_remembered_and_silences_everything():
    storage, platform = Storage(), Platform()
    box, table = box_with(storage, platform)
    i18n.set_language("en")
    assert ("sound", "menu.sound.on") in table.menu
    assert table.handle("sound", {}) is True
    assert storage[SOUND_KEY] == "off"
    assert ("sound", "menu.sound.off") in table.menu
    assert table.focus == "menu-sound"
    play_random(table, 60)
    assert platform.calls == []
    # a new visit (the page reloaded) reads it back
    platform2 = Platform()
    box2, table2 = box_with(storage, platform2)
    assert box2.shell.get("sound").muted
    play_random(table2, 60)
    assert platform2.calls == []
    table2.handle("sound", {})
    assert storage[SOUND_KEY] == "on"
    play_random(table2, 60, seed=1)
    assert platform2.calls


def test_the_switch_reads_in_both_languages():
    sound = Sound()
    for lang in ("en", "fr"):
        i18n.set_language(lang)
        for key in ("menu.sound.on", "menu.sound.off"):
            assert i18n.t(key) != key
    assert i18n.t("menu.sound.on") != i18n.t_in("en", "menu.sound.on")
    i18n.set_language("en")
    assert sound.menu(None) == [("sound", "menu.sound.on")]


def test_another_tab_muting_is_followed():
    storage = Storage()
    sound = Sound(storage)
    storage[SOUND_KEY] = "off"
    assert sound.storage_changed(SOUND_KEY) is True and sound.muted
    assert sound.storage_changed("caldera-park/other") is False


def test_storage_refused_keeps_the_sounds_on_and_the_switch_working():
    class Refusing(Storage):
        def getItem(self, k):  # noqa: N802
            raise RuntimeError("denied")

        def setItem(self, k, v):  # noqa: N802
            raise RuntimeError("denied")

    sound = Sound(Refusing())
    assert not sound.muted
    assert sound.handle("sound", {}, type("T", (), {"focus": None})()) is True
    assert sound.muted


def test_resume_and_replay_tables_are_silent():
    platform = Platform()
    box, table = box_with(Storage(), platform)
    play_random(table, 20)
    n = len(platform.calls)
    table.resume(copy(table.state), list(table.seats))  # a resume: its starting point
    assert len(platform.calls) == n
    table.watch_only = True  # a replay's table: nobody moves on it, nothing is heard
    play_random(table, 20, seed=3)
    assert len(platform.calls) == n
    table.watch_only = False
    table.mark_from = 3  # a position shown from the log
    table.after_change(announce_move=False)
    table.mark_from = None  # back to the live table: its moves from here on are heard
    table.after_change(announce_move=False)
    assert len(platform.calls) == n
    play_random(table, 6, seed=4)
    assert len(platform.calls) > n
