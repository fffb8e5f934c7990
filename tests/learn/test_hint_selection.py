"""A hint is a whole decision (issue 24): each game's ``show_hint(table, action, plan)`` selects
every part of the decision on its table so that the table's own Confirm (Caldera: "Play the
hinted turn") plays exactly the judge's action, in many positions of seeded games; Escape takes
it back; the words say it in English and French; a hint never selects what the engine refuses.
The tables are composed as the page composes them (CPython, fake storage)."""

from __future__ import annotations

import random

import pytest
from composed import composed
from storage_fakes import FakeStorage

from pyapp.core import judge
from pyapp.ui import i18n
from pyapp.ui.caledea import hints as cal_hints
from pyapp.ui.caledea import screens as cal_screens
from pyapp.ui.features.learn import Learn
from pyapp.ui.park import screens as park_screens
from pyapp.ui.park import show_hint as park_hint
from pyapp.ui.park.viewmodel import space_position
from pyapp.ui.pyramids import hints as pyr_hints
from pyapp.ui.pyramids import screens as pyr_screens
from pyapp.ui.pyramids import show_hint as pyr_hint


def table(game_id: str, seed: int, players: int = 2, **options):
    """A table of ``game_id`` composed as the page does, every seat a person, no hand-overs."""
    app = composed(FakeStorage(), game=game_id)
    c = app.table
    c.hide_between = False
    opts = {"players": players, "seed": seed, **options}
    c.start_game(opts, ["human"] * players)
    return app, c


def ready(c) -> None:
    if c.screen == "handover":
        c.handle("ready", {})


def drawn(c, render):
    nodes, focus = render(c)
    return [e for n in nodes for e in n.iter()], focus


def first(elements, **attrs):
    want = {k.replace("_", "-"): v for k, v in attrs.items()}
    for e in elements:
        if all(e.attrs.get(k) == v for k, v in want.items()):
            return e
    return None


def focus_of(c) -> str | None:
    """The data-key the table's drawing focuses."""
    render = {"park": park_screens, "pyramids": pyr_screens, "caledea": cal_screens}
    return render[c.game.id].render(c)[1]


# --------------------------------------------------------------------------- Caldera Park


@pytest.mark.parametrize(
    ("variant", "players", "seed"), [("base", 2, 5), ("geyser", 2, 8), ("solo", 1, 4)]
)
def test_park_hints_select_every_part_and_confirm_plays_them(variant, players, seed):
    """Every decision of a whole game played by hints: a random legal action at most decisions
    (every kind of decision, cheaply) and the judge's own at every seventh; each selected whole
    (Confirm enabled at once), Escape taking it back, then Confirm playing exactly it."""
    _, c = table("park", seed, players, variant=variant)
    rng = random.Random(seed)
    kinds: dict[str, int] = {}
    n = 0
    while c.decision() is not None:
        p = c.human_to_move()
        legal = c.game.legal_actions(c.obs(p), p)
        action = judge.suggest(c.game, c.state, p) if n % 7 == 3 else rng.choice(legal)
        kind = c.decision()["kind"]
        kinds[kind] = kinds.get(kind, 0) + 1
        assert park_hint(c, action, [str(action)]) is None  # the words: describe_choice's
        assert c.turn.pending == action
        elements, focus = drawn(c, park_screens.render)
        confirm = first(elements, **{"data-action": "confirm"})
        assert "disabled" not in confirm.attrs and focus == "confirm"
        if kind == "pick":  # the marmot's step: both parts shown selected
            terrain = first(elements, **{"data-key": f"terrain-{action.terrain}"})
            assert terrain.attrs["aria-pressed"] == "true" and "selected" in terrain.classes()
            if not c.state["ctx"]["revealed"]:
                chip = first(elements, **{"data-key": f"action-{action.action}"})
                assert chip.attrs["aria-pressed"] == "true"
        if n % 5 == 0:  # Escape takes it back, nothing played
            length = len(c.state["log"])
            assert c.handle("undo", {}) is True
            assert c.turn.pending is None and len(c.state["log"]) == length
            park_hint(c, action, [str(action)])
        assert c.handle("confirm", {}) is True
        assert c.state["log"][-1] == [p, str(action)]
        n += 1
    assert {"pick", "place", "weather"} <= set(kinds) and n > 20
    if variant == "geyser":  # the starting weather and the turned-over tokens too
        assert {"start", "reveal"} <= set(kinds)


def test_park_weather_hint_names_its_weather_space():
    from pyapp.ui.park import describe_choice

    _, c = table("park", 6)
    rng = random.Random(6)
    said = []
    while c.decision() is not None and len(said) < 4:
        p = c.human_to_move()
        legal = c.game.legal_actions(c.obs(p), p)
        if c.decision()["kind"] == "weather":
            park = c.park_of_state()
            pl = c.state["G"]["players"][p]
            for a in legal[:2]:
                at = a.at
                if at is None:  # the forecast: the park's next weather space
                    at = park.at(park.weather_order[pl["next_weather"]])
                words = describe_choice(c.state, str(a))
                assert f"on the weather space ({space_position(park, park.index[at])})" in words
                slot = pl["forecast"][a.slot]
                assert ("face-down" in words) is (not slot["up"])
                i18n.set_language("fr")
                fr = describe_choice(c.state, str(a))
                i18n.set_language("en")
                assert "sur la case Météo (rangée " in fr
                said.append(words)
        assert c.play(rng.choice(legal))
    assert len(said) == 4


def test_a_park_hint_never_selects_what_the_engine_refuses():
    _, c = table("park", 5)
    p = c.human_to_move()
    legal = c.game.legal_actions(c.obs(p), p)
    other = next(a for a in legal if a.kind == "weather")
    refused = type(other)(other.slot, (99, 99))  # a space the park does not have
    assert park_hint(c, refused, [str(refused)]) is None
    assert c.turn.pending is None


# --------------------------------------------------------------------------- Caldera


def _steps_drawn(c) -> tuple[int, int, int]:
    elements, _ = drawn(c, pyr_screens.render)
    plan = first(elements, **{"data-key": "hint-plan"})
    if plan is None:
        return 0, 0, 0
    inside = list(plan.iter())
    arrows = sum(1 for e in inside if "mark-arrow" in e.classes())
    powers = sum(1 for e in inside if "hint-power" in e.classes())
    ghosts = sum(1 for e in inside if "hint-ghost" in e.classes())
    return arrows, powers, ghosts


@pytest.mark.parametrize("seed", [3, 7])
def test_caldera_hinted_turns_are_drawn_and_played_whole(seed):
    """Whole turns of seeded games taken from hints: the plan drawn (an arrow per cap step, the
    Power Play, the eruption's landing pieces), then played by "Play the hinted turn" (even
    turns) or by hand step by step (odd ones: each step still the judge's suggestion, the
    eruption left pre-selected for Confirm). Then a mid-turn hint, and Escape."""
    _, c = table("pyramids", seed)
    for turn in range(8):
        ready(c)
        if c.decision() is None:
            break
        p = c.human_to_move()
        plan = judge.turn_plan(c.game, c.state["options"], c.obs(p))
        start = len(c.state["log"])
        words = pyr_hint(c, c.game.parse_action(plan[0]), plan)
        assert words.startswith("this whole turn: 1. ") and words.count(". ") >= len(plan)
        steps = pyr_hints.steps(c.state, plan)
        assert [str(x["action"]) for x in steps] == plan
        arrows, powers, ghosts = _steps_drawn(c)
        moves = [x for x in steps if x["action"].kind == "move"]
        assert arrows == len(moves)
        assert powers == sum(1 for x in steps if x["action"].kind == "power")
        erupting = [x for x in moves if x["erupts"]]
        assert ghosts == sum(len(x["preview"]["flow"]) for x in erupting)
        if len(plan) == 1 and erupting:  # a lone eruption: Confirm, its preview shown
            assert c.choice.pending == erupting[0]["action"] and c.focus == "confirm"
            assert not pyr_hints.button_shown(c)
            assert c.handle("confirm", {}) is True
        elif turn % 2 == 0:
            assert pyr_hints.button_shown(c) and c.focus == "hint-play"
            elements, _ = drawn(c, pyr_screens.render)
            button = first(elements, **{"data-action": "hint-play"})
            assert button is not None and "disabled" not in button.attrs
            assert c.handle("hint-play", {}) is True
        else:  # by hand: each following step is still the suggestion, the plan still drawn
            for k, text in enumerate(plan):
                assert pyr_hints.remaining(c) == plan[k:]
                assert str(judge.suggest(c.game, c.state, p)) == text
                action = c.game.parse_action(text)
                if action.kind == "move" and c.choice.pending == action:
                    assert k == len(plan) - 1  # the eruption, waiting for Confirm
                    assert c.handle("confirm", {}) is True
                else:
                    assert c.play(action)
        assert [e[1] for e in c.state["log"][start:]] == plan
        assert all(e[0] == p for e in c.state["log"][start:])
        assert c.hint is None and _steps_drawn(c) == (0, 0, 0)
    # one set of arrows at a time: the other player's last moves are not drawn under a plan,
    # and are again once it is taken back (Escape)
    from pyapp.ui.pyramids.marks import MoveMarks

    ready(c)
    p = c.human_to_move()
    assert MoveMarks(c)  # the other player moved since this person's last move
    plan = judge.turn_plan(c.game, c.state["options"], c.obs(p))
    pyr_hint(c, c.game.parse_action(plan[0]), plan)
    elements, _ = drawn(c, pyr_screens.render)
    assert first(elements, **{"data-key": "move-marks"}) is None
    assert c.handle("undo", {}) is True
    elements, _ = drawn(c, pyr_screens.render)
    assert first(elements, **{"data-key": "move-marks"}) is not None
    # a hint asked in the middle of a turn plans the rest of it
    quiet = next(m for m, erupts in c.game.cap_moves(c.state) if not erupts)
    assert c.play(quiet)
    plan = judge.turn_plan(c.game, c.state["options"], c.obs(p))
    pyr_hint(c, c.game.parse_action(plan[0]), plan)
    assert pyr_hints.remaining(c) == plan
    # Escape takes it back: nothing drawn, nothing selected, nothing played
    length = len(c.state["log"])
    assert c.handle("undo", {}) is True
    assert c.hint is None and c.choice.pending is None and _steps_drawn(c) == (0, 0, 0)
    assert len(c.state["log"]) == length
    pyr_hint(c, c.game.parse_action(plan[0]), plan)
    c.handle("hint-play" if pyr_hints.button_shown(c) else "confirm", {})
    assert [e[1] for e in c.state["log"][length:]] == plan


def _refused(state, player, candidates) -> str:
    """A cap move's text that the engine does not list for ``player`` in ``state``."""
    from pyapp.pyramids.protocol import GAME

    legal = {str(a) for a in GAME.legal_actions(state, player)}
    return next(x for x in candidates if x not in legal)


CANDIDATES = ["a1-a2", "a1-b1", "e5-e4", "e5-d5", "a5-a4", "e1-e2", "c3-c2", "c3-d3"]


def test_caldera_hint_plays_only_what_the_engine_lists():
    from pyapp.pyramids.game import copy_state

    _, c = table("pyramids", 3)
    ready(c)
    p = c.human_to_move()
    plan = judge.turn_plan(c.game, c.state["options"], c.obs(p))
    # a first step the engine refuses: nothing selected, nothing drawn
    bad = _refused(c.state, p, CANDIDATES)
    assert pyr_hint(c, c.game.parse_action(bad), [bad]) is None and c.hint is None
    # a plan whose second step the engine refuses once the first is played: only the first
    assert pyr_hint(c, c.game.parse_action(plan[0]), plan)
    after = copy_state(c.state)
    c.game.play(after, c.game.parse_action(plan[0]))
    bad = _refused(after, p, CANDIDATES)
    c.hint.texts = [plan[0], bad, *plan[1:]]
    length = len(c.state["log"])
    assert c.handle("hint-play", {}) is True
    assert [e[1] for e in c.state["log"][length:]] == [plan[0]]
    assert c.notice == pyr_hints.t("pyr.hint.stale") and c.hint is None


def test_caldera_hint_words_in_french():
    _, c = table("pyramids", 7)
    ready(c)
    p = c.human_to_move()
    plan = judge.turn_plan(c.game, c.state["options"], c.obs(p))
    i18n.set_language("fr")
    words = pyr_hint(c, c.game.parse_action(plan[0]), plan)
    assert words.startswith("tout ce tour") and "1. chapeau de " in words
    assert "éruption" in words
    elements, _ = drawn(c, pyr_screens.render)
    texts = [e.text() for e in elements if e.attrs.get("data-action") == "hint-play"]
    assert texts == (["Jouer le tour conseillé"] if pyr_hints.button_shown(c) else [])


# --------------------------------------------------------------------------- Caledea


@pytest.mark.parametrize("seed", [5, 11])
def test_caledea_hints_select_the_decision_and_confirm_plays_it(seed):
    """A whole seeded game taking the judge's hint at every decision of both seats: a move,
    capital, build... selected (units, destination, odds) for Confirm; a combat choice marked,
    focused and played by its own button; Escape takes a hint back."""
    _, c = table("caledea", seed)
    kinds: dict[str, int] = {}
    fights = 0
    n = 0
    while c.decision() is not None and n < 400:
        ready(c)
        p = c.human_to_move()
        action = judge.suggest(c.game, c.state, p)
        kind = c.decision()["kind"]
        kinds[kind] = kinds.get(kind, 0) + 1
        words = cal_hints.show_hint(c, action)
        assert words
        elements, focus = drawn(c, cal_screens.render)
        length = len(c.state["log"])
        if kind in ("ambush", "pair", "withdraw", "siege"):
            button = first(elements, **{"data-hinted": "1"})
            assert button.attrs["data-value"] == str(action) and focus == button.attrs["data-key"]
            assert "Hint" in button.text()
            if n % 4 == 0:
                assert c.handle("undo", {}) is True and c.turn.hinted is None
                elements, _ = drawn(c, cal_screens.render)
                assert first(elements, **{"data-hinted": "1"}) is None
                cal_hints.show_hint(c, action)
            assert c.handle("choose", {"value": str(action)}) is True
        else:
            assert c.turn.pending == action and focus == "confirm"
            confirm = first(elements, **{"data-action": "confirm"})
            assert "disabled" not in confirm.attrs
            if action.kind == "move":
                assert c.turn.units == sorted(action.units) and c.turn.dest is not None
                if c.turn.dest.get("effect") in ("combat", "structure"):
                    fights += 1  # the odds preview drawn, and said
                    assert first(elements, **{"data-key": "odds"}) is not None
                    assert "%" in words
            if n % 6 == 0:
                assert c.handle("undo", {}) is True and c.turn.pending is None
                cal_hints.show_hint(c, action)
            assert c.handle("confirm", {}) is True
        assert c.state["log"][length] == [p, str(action)]
        n += 1
    assert {"capital", "turn"} <= set(kinds) and n > 50
    assert fights + sum(kinds.get(k, 0) for k in ("ambush", "pair", "withdraw")) > 0


def test_caledea_hints_of_other_kinds_and_refusals():
    """The kinds a judge seldom picks (build, upgrade, Bombard, Transport, the end of the turn)
    are selected the same way for Confirm, each only when the engine allows it; French words."""
    from pyapp.caledea.actions import End, Upgrade

    _, c = table("caledea", 9, kingdoms=["Talaq", "Xonavia"])  # Bombard, Transport
    seen: dict[str, int] = {}
    refused = 0
    french = None
    confirmed: set[str] = set()
    for _ in range(300):
        ready(c)
        if c.decision() is None:
            break
        p = c.human_to_move()
        if c.decision()["kind"] == "turn":
            if french is None:  # the end of the turn, hinted in French
                i18n.set_language("fr")
                french = cal_hints.show_hint(c, End())
                i18n.set_language("en")
            candidates = [End(), *c.build_squares().values()]
            mine = [u["id"] for u in c.state["units"] if u["owner"] == p and not u["moved"]]
            candidates += [Upgrade(uid) for uid in mine]
            for uid in mine[:3]:  # the power's targets, as the table offers them
                c.turn.units, c.turn.mode = [uid], c.power()
                candidates += list(c.power_targets().values())
                c.turn = type(c.turn)()
            for a in candidates:
                allowed = c.game.why_illegal(c.obs(p), a, p) is None
                said = cal_hints.show_hint(c, a)
                if not allowed:
                    refused += 1
                    assert said is None and c.turn.pending is None
                    continue
                seen[a.kind] = seen.get(a.kind, 0) + 1
                assert c.turn.pending == a and said
                mode = a.kind if a.kind in ("build", "bombard", "transport") else "move"
                assert c.turn.mode == mode
                if a.kind in ("bombard", "transport"):
                    assert c.turn.units == [a.unit] and focus_of(c) == "confirm"
                if a.kind == "upgrade":
                    assert c.turn.units == [a.unit] and c.upgrade_action() == a
                if a.kind in ("bombard", "transport") and a.kind not in confirmed:
                    assert c.handle("confirm", {}) is True  # Confirm plays the power
                    assert c.state["log"][-1] == [p, str(a)]
                    confirmed.add(a.kind)
                    break
                c.handle("undo", {})
                assert c.turn.pending is None
            else:
                assert c.play(judge.suggest(c.game, c.state, p))  # as the strong bot plays
            continue
        assert c.play(judge.suggest(c.game, c.state, p))
    assert seen.get("end", 0) > 0 and (seen.get("build", 0) + seen.get("upgrade", 0)) > 0
    assert seen.get("bombard", 0) + seen.get("transport", 0) > 0, seen
    assert confirmed, seen
    assert refused > 0
    assert french == "Finir le tour."


# --------------------------------------------------------------------------- through the feature


@pytest.mark.parametrize("game_id", ["park", "pyramids", "caledea"])
def test_the_hint_button_selects_the_judges_whole_decision(game_id):
    app, c = table(game_id, 12)
    learn: Learn = app.learn
    learn.toggle_hints()
    ready(c)
    p = c.human_to_move()
    plan = judge.turn_plan(c.game, c.state["options"], c.obs(p))
    assert c.handle("learn-hint", {}) is True
    while learn.work(5.0):
        pass
    assert c.notice.startswith("Hint: the strong computer player would choose: ")
    action = c.game.parse_action(plan[0])
    if game_id == "pyramids":
        assert pyr_hints.remaining(c) == plan
        c.handle("hint-play" if pyr_hints.button_shown(c) else "confirm", {})
        assert [e[1] for e in c.state["log"][-len(plan) :]] == plan
    else:
        assert c.turn.pending == action
        c.handle("confirm", {})
        assert c.state["log"][-1] == [p, plan[0]]
