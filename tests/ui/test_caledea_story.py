"""Caledea's story, warnings and gold, in CPython: how the dice decided each battle in words
(every kind of decisive comparison, rerolls, attacks on structures, Bombard), the log told from
a replay of the options and the log (a battle with both sides' dice, a lost attack not told as
a move, a greedy-v-greedy game's every battle), a capital in danger (board, warning, card), a
square left open named before Confirm, the ways to win, gold explained and why a purchase
cannot be made."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "caledea"))

from caledea_helpers import Dice, claim, claim_until_paid, put, started  # noqa: E402
from test_caledea_screens import _scenario, _square_at, elements, squares  # noqa: E402
from uihelpers import click  # noqa: E402

from pyapp.caledea import cards, engine  # noqa: E402
from pyapp.caledea.protocol import GAME  # noqa: E402
from pyapp.ui import i18n  # noqa: E402
from pyapp.ui.caledea import model, render, story, strings, warnings  # noqa: E402
from pyapp.ui.vdom import to_json  # noqa: E402

strings.install()
X, T = 0, 1  # Xonavia, Talaq (started()'s default kingdoms)
NAMES = ["Xonavia", "Talaq"]


# --------------------------------------------------------------------------- the dice in words


def test_each_kind_of_decisive_comparison_in_words():
    assert story.decided([5, 3], [4, 4]) == "the attacker's 5 beats 4 on the highest die"
    assert story.decided([3], [6, 1]) == "the defender's 6 beats 3 on the highest die"
    assert (
        story.decided([6, 3], [6, 4])
        == "both rolled 6, then the defender's 4 beats 3 on the second die"
    )
    assert (
        story.decided([6, 6, 4, 1], [6, 6, 2])
        == "both rolled 6 and 6, then the attacker's 4 beats 2 on the third die"
    )
    assert story.decided([6, 5, 1], [6, 5]) == "all dice equal (6, 5), the attacker had more dice"
    assert story.decided([4], [4, 2]) == "all dice equal (4), the defender had more dice"
    assert story.decided([4, 4], [4, 4]) == "a complete tie (4, 4): rolled again"


def test_the_words_agree_with_the_engine_comparison():
    """Every pair of rolls of up to 3 dice a side: the side the words name is the side the
    engine's ``compare`` makes win (a tie is a tie)."""
    import itertools

    faces = range(1, 7)
    for na, nd in ((1, 1), (2, 1), (1, 3), (2, 2), (3, 2)):
        for a in itertools.product(faces, repeat=na):
            for d in itertools.product(faces, repeat=nd):
                a_, d_ = sorted(a, reverse=True), sorted(d, reverse=True)
                words = story.decided(a_, d_)
                outcome = engine.compare(a_, d_)
                if outcome == 0:
                    assert "rolled again" in words
                else:
                    side = "attacker" if outcome > 0 else "defender"
                    assert side in words and "rolled again" not in words, (a_, d_, words)


def test_a_reroll_tells_every_roll():
    ev = {"dice": [[[5, 2], [5, 2]], [[3, 1], [2, 2]]], "won": "attacker"}
    how = story.battle_how(ev)
    assert how == (
        "5, 2 against 5, 2: a complete tie (5, 2): rolled again, "
        "3, 1 against 2, 2: the attacker's 3 beats 2 on the highest die"
    )


def test_attacks_on_structures_in_words():
    tower = {"type": "siege", "dice": [5, 2], "level": 1, "won": True}
    assert story.siege_how(tower) == "a 5 breaks the tower"
    assert story.siege_how({**tower, "dice": [4, 4], "won": False}) == (
        "no 5 or 6: the tower stands"
    )
    castle = {"type": "siege", "dice": [6], "level": 2, "won": True}
    assert story.siege_how(castle) == "a 6 breaks the castle"
    assert story.siege_how({**castle, "dice": [5], "won": False}) == "no 6: the castle stands"


def test_the_words_in_french():
    i18n.set_language("fr")
    assert story.decided([5], [4]) == "le 5 de l'attaquant bat 4 au dé le plus haut"
    assert story.decided([6, 3], [6, 4]) == (
        "tous deux ont fait 6, puis le 4 du défenseur bat 3 au deuxième dé"
    )
    assert (
        story.siege_how({"dice": [3], "level": 1, "won": False}) == "ni 5 ni 6\u00a0: la tour tient"
    )


# --------------------------------------------------------------------------- the story


def _plain(state) -> tuple[str, str]:
    """Two squares side by side, ``(s, t)``: ``t`` shows no resource of either kingdom and
    neither is a capital, so a battle on ``t`` rolls each unit's rank dice only."""
    b = engine.board_of(state)
    pairs = [engine.kingdom_of(state, p)["pair"] for p in (X, T)]
    for t in range(b.n):
        if t in state["capitals"] or any(b.land_bonus(t, pair) for pair in pairs):
            continue
        for s in b.neighbours[t]:
            if s not in state["capitals"]:
                return b.name(s), b.name(t)
    raise AssertionError("no plain square")


def _told(state, chronicle: story.Chronicle, action: str, names=NAMES) -> str:
    """Play ``action`` as the table does (recorded as it is played) and tell it."""
    pending = chronicle.before(state, action)
    GAME.play(state, action)
    chronicle.after(state, pending)
    records = chronicle.update(state)
    return chronicle.text(len(records) - 1, names)


def test_a_battle_is_told_with_both_sides_dice_and_how_they_decided_it(monkeypatch):
    state = started()
    s, t = _plain(state)
    (a,) = put(state, X, s, rank=2)
    put(state, T, t)
    put(state, T, engine.board_of(state).name(state["capitals"][T]))  # Talaq plays on
    ch = story.Chronicle()
    Dice(monkeypatch, [6, 3], [6])  # a square of neither kingdom: the ranks' dice
    text = _told(state, ch, f"move {t} {a}")
    assert f"Xonavia attacks Talaq on {t} with 1 cavalry from {s}." in text
    assert "Xonavia's cavalry (6, 3) against Talaq's infantry (6)" in text
    assert "all dice equal (6), the attacker had more dice" in text
    assert "Talaq's infantry falls." in text and f"Xonavia takes {t}." in text
    assert "moves" not in text


def test_a_lost_attack_is_not_told_as_a_move(monkeypatch):
    state = started()
    s, t = _plain(state)
    (a,) = put(state, X, s)
    put(state, T, t)
    ch = story.Chronicle()
    Dice(monkeypatch, [2], [5])
    text = _told(state, ch, f"move {t} {a}")
    assert "moves" not in text and f"to {t}" not in text
    assert f"Xonavia attacks Talaq on {t}" in text
    assert "(2) against Talaq's infantry (5): the defender's 5 beats 2" in text
    assert "Xonavia's infantry falls." in text
    assert f"The attack fails: Talaq holds {t}." in text


def test_a_complete_tie_is_rolled_again_in_the_story(monkeypatch):
    state = started()
    s, t = _plain(state)
    (a,) = put(state, X, s)
    put(state, T, t)
    ch = story.Chronicle()
    Dice(monkeypatch, [4], [4], [1], [3])
    text = _told(state, ch, f"move {t} {a}")
    assert "4 against 4: a complete tie (4): rolled again" in text
    assert "1 against 3: the defender's 3 beats 1 on the highest die" in text


def test_bombard_is_told_with_its_dice_and_its_result(monkeypatch):
    state = started()
    s, t = _plain(state)
    put(state, X, t)
    (b,) = put(state, T, s)
    GAME.play(state, "end")  # Talaq's turn: Talaq bombards
    talaq = cards.kingdom("Talaq", state["options"]["edition"])
    assert talaq["power"] == "bombard"
    own = [
        engine.board_of(state).name(i)
        for i in range(100)
        if engine.board_of(state).pairs[i] == talaq["pair"]
    ]
    claim_until_paid(state, T, own[1:], powers=2)  # two bombards
    ch = story.Chronicle()
    Dice(monkeypatch, [1], [6])
    text = _told(state, ch, f"bombard {b} {t}")
    cost = talaq["costs"]["power"]
    assert f"Talaq's infantry bombards {t} ({cost} gold)." in text
    assert "Talaq's infantry (1) against Xonavia's infantry (6)" in text
    assert "the defender's 6 beats 1 on the highest die" in text
    assert "The bombard misses" in text
    (b2,) = put(state, T, s)
    Dice(monkeypatch, [6], [1])
    text = _told(state, ch, f"bombard {b2} {t}")
    assert "the attacker's 6 beats 1" in text and "Xonavia's infantry falls." in text


def test_attacks_on_a_tower_are_told_die_by_die(monkeypatch):
    state = started()
    cap_t = state["capitals"][T]
    name_t = engine.board_of(state).name(cap_t)
    beside = engine.board_of(state).neighbours[cap_t][0]
    name_b = engine.board_of(state).name(beside)
    state["structures"][cap_t] = [T, 1]
    ids = put(state, X, name_b, n=2)
    put(state, T, "a1")  # Talaq keeps a unit elsewhere
    ch = story.Chronicle()
    Dice(monkeypatch, [3], [6])
    text = _told(state, ch, f"move {name_t} {','.join(map(str, ids))}")
    assert f"Xonavia attacks the undefended structure on {name_t}" in text
    assert "Xonavia's infantry rolls 3 against the tower: no 5 or 6: the tower stands." in text
    assert "Xonavia's infantry rolls 6 against the tower: a 6 breaks the tower." in text
    assert f"Xonavia takes the capital of Talaq on {name_t}" in text


def test_a_capital_taken_with_three_players_is_told_with_the_infantry_gained():
    state = started(kingdoms=("Xonavia", "Talaq", "Orvenne"))
    b = engine.board_of(state)
    cap_t = state["capitals"][T]
    beside = next(s for s in b.neighbours[cap_t] if s not in state["capitals"])
    (a,) = put(state, X, b.name(beside))
    put(state, T, "a1")
    put(state, 2, b.name(state["capitals"][2]))
    ch = story.Chronicle()
    text = _told(state, ch, f"move {b.name(cap_t)} {a}", ["Xonavia", "Talaq", "Orvenne"])
    assert f"Xonavia moves 1 infantry from {b.name(beside)} to {b.name(cap_t)}." in text
    assert f"Xonavia takes the capital of Talaq on {b.name(cap_t)}: Talaq is out" in text
    assert f"Xonavia gains 3 infantry on {b.name(cap_t)}." in text


def _greedy_game(seed: int) -> tuple[dict, list[list]]:
    """A whole game of two greedy bots; the engine's events of each action as played."""
    state = GAME.new_game({"players": 2, "seed": seed})
    bots = [GAME.make_bot("greedy", seed * 10 + i) for i in range(2)]
    events = []
    while GAME.decision(state) is not None:
        p = GAME.to_move(state)
        GAME.play(state, bots[p].choose(GAME.observation(state, p)))
        events.append(list(state["events"]))
    return state, events


@pytest.mark.parametrize("seed", [4, 2])  # 4: battles; 2: towers attacked
def test_the_story_of_a_greedy_game_has_every_battle_with_its_dice(seed):
    state, played = _greedy_game(seed)
    names = model.player_names(state)
    ch = story.Chronicle()
    records = ch.update(state)
    assert len(records) == len(state["log"])
    battles = sieges = 0
    for i, (rec, evs) in enumerate(zip(records, played, strict=True)):
        assert rec.events == evs  # the replay's events are the game's
        text = ch.text(i, names)
        for ev in evs:
            if ev["type"] == "battle":
                battles += 1
                a, d = ev["dice"][-1]
                assert f"({', '.join(map(str, a))}) against" in text, text
                assert f"({', '.join(map(str, d))}): " in text, text
                assert story.battle_how(ev) in text
            elif ev["type"] == "siege":
                sieges += 1
                assert story.siege_how(ev) in text
        if rec.kind == "move" and any(e["type"] == "battle" for e in evs):
            assert " attacks " in text and " moves " not in text
    assert battles >= 5 or sieges >= 3  # the seeds are games with fights
    # the whole story, round by round, tells the end
    rounds = story.by_round(_Ctrl(state, ch))
    assert rounds[0][0] == 0 and rounds[-1][0] == state["round"]
    assert "victory" in rounds[-1][1][-1][1]


class _Ctrl:
    """What ``story``'s screen helpers read of a controller."""

    def __init__(self, state, chronicle):
        self.state, self.chronicle = state, chronicle

    def names(self):
        return model.player_names(self.state)


def test_a_reloaded_game_has_its_whole_story_and_new_actions_cost_one_step():
    state, _ = _greedy_game(3)
    live = story.Chronicle()
    live.update(state)
    names = model.player_names(state)
    reloaded = GAME.replay(state["options"], GAME.log_texts(state))
    other = story.Chronicle()
    other.update(reloaded)
    n = len(state["log"])
    assert [live.text(i, names) for i in range(n)] == [other.text(i, names) for i in range(n)]
    # one action more: the old records are kept, one is added
    state2 = GAME.replay(state["options"], GAME.log_texts(state)[:-1])
    ch = story.Chronicle()
    first = list(ch.update(state2))
    GAME.play(state2, GAME.log_texts(state)[-1])
    after = ch.update(state2)
    assert after[: len(first)] == first and all(x is y for x, y in zip(first, after, strict=False))
    assert len(after) == len(first) + 1


def test_the_table_log_and_the_announcement_tell_the_battle():
    c = _scenario()  # Xonavia's units on f4 and e3, beside Talaq's capital f3
    click(c, _square_at(squares(c, "source"), engine.board_of(c.state).parse("f4"), 10))
    target = model.at_of(c.state, "f3")
    dest = next(e for e in squares(c, "dest") if e.attrs["data-at"] == f"{target[0]},{target[1]}")
    click(c, dest)
    start = len(c.state["log"])
    click(c, elements(c, "confirm")[0])
    assert "Xonavia attacks Talaq on f3" in c.announcement
    battles = list(c.state["events"])
    while c.decision() is not None and c.decision()["kind"] != "turn":
        if c.screen == "handover":
            click(c, elements(c, "ready")[0])
            continue
        click(c, elements(c, "choose")[0])
        battles += c.state["events"]
    battles = [e for e in battles if e["type"] == "battle"]
    assert battles
    log = [
        e.text()
        for n in render(c)[0]
        for e in n.iter()
        if e.tag == "li" and e.attrs.get("class", "").startswith("by-")
    ]
    told = " ".join(log)
    assert "Xonavia attacks Talaq on f3" in told
    for ev in battles:
        a, d = ev["dice"][-1]
        assert f"({', '.join(map(str, a))}) against Talaq's" in told
        assert f"({', '.join(map(str, d))}): {story.battle_how(ev)}" in told
    fight = log[: len(c.state["log"]) - start]  # the log panel: newest first
    assert fight and "moves" not in " ".join(fight)
    assert fight[-1].startswith("Xonavia attacks Talaq on f3 with")


def test_the_table_tells_an_arranged_battle_as_played_without_rolling_again(monkeypatch):
    """A position arranged by hand and scripted dice: the table records the action from the
    events the engine reported (the dice are not rolled a second time by a replay)."""
    c = _scenario()
    st = c.state
    s, t = _plain(st)
    b = engine.board_of(st)
    mover = next(u for u in st["units"] if u["owner"] == X and u["sq"] == b.parse("e3"))
    mover["sq"] = b.parse(s)
    put(st, T, t)
    c.reset_choice()
    Dice(monkeypatch, [5], [4])  # one roll each: a second roll would fail the test
    click(c, _square_at(squares(c, "source"), b.parse(s), 10))
    target = model.at_of(st, t)
    click(
        c, next(e for e in squares(c, "dest") if e.attrs["data-at"] == f"{target[0]},{target[1]}")
    )
    click(c, elements(c, "confirm")[0])
    told = (
        "Xonavia's infantry (5) against Talaq's infantry (4): the attacker's 5 beats 4 on the "
        "highest die."
    )
    assert told in c.announcement
    assert f"Xonavia takes {t}." in c.announcement
    assert told in to_json(render(c)[0])


# --------------------------------------------------------------------------- warnings


def _threat_table():
    """Two people: Xonavia to move, its capital f4 beside Talaq's capital f3 and its units."""
    c = _scenario()
    st = c.state
    return c, st, engine.board_of(st), st["capitals"][0]


def test_threats_count_units_one_and_two_moves_away_through_free_squares():
    state = started()
    b = engine.board_of(state)
    cap = state["capitals"][X]
    put(state, X, b.name(cap), n=2)
    # squares 2, 3 and 5 steps from the capital along its row (one way round)
    row = [(cap + k) % 10 + (cap // 10) * 10 for k in range(6)]
    (cav,) = put(state, T, b.name(row[2]), rank=2)  # 2 steps, range 2: next move
    (inf,) = put(state, T, b.name(row[3]))  # 3 steps, range 1: not within two moves
    (gen,) = put(state, T, b.name(row[5]), rank=3)  # 5 steps, range 3: within two moves
    watch = warnings.capital_watch(state, X)
    assert [u["id"] for u in watch["next"]] == [cav]
    assert inf not in [u["id"] for u in watch["later"]]
    assert [u["id"] for u in watch["later"]] == [gen]
    assert len(watch["defenders"]) == 2
    level, text = warnings.capital_warning(state, watch, NAMES)
    assert level == "next"
    assert f"Your capital {b.name(cap)} is in danger: 1 enemy unit" in text
    assert f"(Talaq: 1 cavalry on {b.name(row[2])})" in text
    assert "Defending it: 2 infantry." in text
    # a Xonavia unit between: the cavalry may not pass it, and going round takes 4 steps
    put(state, X, b.name(row[1]))
    watch = warnings.capital_watch(state, X)
    assert watch["next"] == [] and sorted(u["id"] for u in watch["later"]) == sorted([cav, gen])
    level, text = warnings.capital_warning(state, watch, NAMES)
    assert level == "later" and f"Watch your capital {b.name(cap)}: 2 enemy units" in text


def test_a_capital_in_danger_is_marked_on_the_board_the_warning_and_the_card():
    c, st, b, cap = _threat_table()
    watch = warnings.capital_watch(st, 0)
    near = sorted(u["id"] for u in watch["next"])
    assert near == sorted(u["id"] for u in st["units"] if u["owner"] == T)  # all on f3
    nodes, _ = render(c)
    text = to_json(nodes)
    x, y = cap % 10, cap // 10
    hit = [
        e
        for n in nodes
        for e in n.iter()
        if e.attrs.get("data-at") == f"{x},{y}" and "sq" in e.classes()
    ]
    assert hit and "warn-next" in hit[0].classes()
    assert "warn-sign warn-next" in text
    defenders = len(engine.units_at(st, cap))
    warning = next(
        e for n in nodes for e in n.iter() if e.attrs.get("data-key") == "capital-warning"
    )
    assert f"Your capital f4 is in danger: {len(near)} enemy units can reach it" in warning.text()
    assert f"(Talaq: {len(near)} infantry on f3)" in warning.text()
    assert f"Defending it: {defenders} infantry." in warning.text()
    card = next(e for n in nodes for e in n.iter() if e.attrs.get("data-key") == "card-0")
    assert "threat-next" in card.classes()
    assert f"in danger: {len(near)} enemy units one move away" in card.text()
    # Talaq's card: its capital f3 is as near Xonavia's units
    card1 = next(e for n in nodes for e in n.iter() if e.attrs.get("data-key") == "card-1")
    assert "Capitalf3, defended by" in card1.text()
    i18n.set_language("fr")
    text = to_json(render(c)[0])
    assert "Votre capitale f4 est en danger" in text
    # no enemy near: no mark, no warning
    i18n.set_language("en")
    for u in st["units"]:
        if u["owner"] == T:
            u["sq"] = b.parse("a10")
    c.reset_choice()
    c._memo_where = None
    text = to_json(render(c)[0])
    assert "capital-warning" not in text and "warn-sign" not in text


def _consequence(c) -> str:
    return next(
        e for n in render(c)[0] for e in n.iter() if e.attrs.get("data-key") == "consequence"
    ).text()


def test_a_square_left_open_to_an_enemy_is_named_before_confirm():
    c, st, b, cap = _threat_table()
    e3 = b.parse("e3")
    put(st, T, "e2")  # a Talaq infantry beside e3, where one Xonavia infantry stands
    c.reset_choice()
    click(c, _square_at(squares(c, "source"), e3, 10))
    click(c, squares(c, "dest")[0])
    assert "You leave" not in _consequence(c)  # nothing of Xonavia's on e3 but the unit
    claim(st, 0, "e3")  # now Xonavia's marker is there
    c.reset_choice()
    click(c, _square_at(squares(c, "source"), e3, 10))
    click(c, squares(c, "dest")[0])
    assert "You leave e3 with no unit, and an enemy unit can reach it next move." in _consequence(c)
    # every unit of the capital f4 away, beside Talaq's units on f3: the capital is named
    ids = [u["id"] for u in engine.units_at(st, cap)]
    assert warnings.left_open(st, GAME.parse_action(f"move f5 {','.join(map(str, ids))}")) == ["f4"]
    assert warnings.left_open(st, GAME.parse_action(f"move f5 {ids[0]}")) == []  # others stay
    i18n.set_language("fr")
    assert "Vous laissez e3 sans unité" in _consequence(c)


# --------------------------------------------------------------------------- winning and gold


def test_the_cards_say_where_gold_comes_from_and_how_close_each_player_is():
    c, st, b, cap = _threat_table()
    for s in [cap, *b.neighbours[cap]][:3]:
        st["structures"][s] = [0, 2]
    text = to_json(render(c)[0])
    card = next(e for n in render(c)[0] for e in n.iter() if e.attrs.get("data-key") == "card-0")
    gold = engine.gold(st, 0)
    assert f"{gold} gold: 1 per claimed square ({gold} of 10 claimed)" in card.text()
    assert "3 of 5 castles" in card.text()
    assert "1 still standing" in card.text()
    assert "cavalry 2, general" in card.text()  # what each purchase costs
    assert "Ways to win" in text and f"now round {st['round']} of 100" in text


def test_an_unaffordable_button_says_why():
    c, st, b, cap = _threat_table()
    assert engine.available(st, 0) == 1
    f4 = b.parse("f4")
    click(c, _square_at(squares(c, "source"), f4, 10))
    nodes, _ = render(c)
    buttons = {e.attrs.get("data-key"): e for n in nodes for e in n.iter() if e.tag == "button"}
    costs = c.cards()[0]["costs"]
    up = buttons["upgrade"]
    assert "disabled" in up.attrs
    assert f"needs {costs['cavalry']} gold, 1 left" in up.text()
    build = buttons["mode-build"]
    assert f"needs {costs['tower']} gold, 1 left" in build.text()
    power = buttons["mode-transport"]
    assert f"needs {costs['power']} gold, 1 left" in power.text()
    # with gold enough, nothing is said
    st["spent"] = -10
    c.reset_choice()
    click(c, _square_at(squares(c, "source"), f4, 10))
    nodes, _ = render(c)
    assert not [e for n in nodes for e in n.iter() if "why" in e.classes()]
    i18n.set_language("fr")
    st["spent"] = 0
    nodes, _ = render(c)
    assert "il faut" in to_json(nodes) and "il en reste 1" in to_json(nodes)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_story_text_has_both_languages(lang):
    from pyapp.ui.caledea.strings_story import EN, FR

    assert set(EN) == set(FR)
    i18n.set_language(lang)
    state, _ = _greedy_game(4)
    ch = story.Chronicle()
    ch.update(state)
    for i in range(len(ch.records)):
        text = ch.text(i, model.player_names(state))
        assert "cal." not in text and "{" not in text, text
