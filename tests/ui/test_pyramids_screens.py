"""Caldera's screens (pyapp/ui/pyramids) in CPython: the form, the board's highlights and the
eruption preview, quiet moves and take-backs, the Power Play, pass, resignation and agreed
draw, the bots' pace, whole games to the end screen, saves of the shell, keyboard arrows, and
both languages. Everything is driven as the page does: render, find what is offered, act."""

from __future__ import annotations

import random
import string

import pytest
from composed import record_changes
from uihelpers import FakeTime, fill_and_start, run_sync

from pyapp import games
from pyapp.pyramids import game as rules
from pyapp.pyramids.protocol import GAME
from pyapp.ui import i18n, seats
from pyapp.ui.pyramids import arrow_key, make_table, render, rules_ref, strings, view
from pyapp.ui.table import PACE_MS, BotRunner
from pyapp.ui.vdom import to_json

# --------------------------------------------------------------------------- driving


def elements(c):
    nodes, _ = render(c)
    return [e for n in nodes for e in n.iter()]


def offered(c, action: str, **attrs) -> list:
    want = {f"data-{k}": v for k, v in attrs.items()}
    return [
        e
        for e in elements(c)
        if e.attrs.get("data-action") == action
        and "disabled" not in e.attrs
        and all(e.attrs.get(k) == v for k, v in want.items())
    ]


def act(c, e) -> bool:
    data = {k[5:]: v for k, v in e.attrs.items() if k.startswith("data-") and k != "data-action"}
    return c.handle(e.attrs["data-action"], data)


def square(c, sq: int):
    found = offered(c, "sq", at=str(sq))
    assert found, f"square {sq} is not offered"
    return found[0]


def start(kinds=("human", "random"), seed="7", names=None):
    return fill_and_start(make_table(seed_source=lambda: 99), kinds, names, seed)


def to_human_turn(c):
    """Let the bots play (paced as in the page, with a fake clock) until a person decides."""
    while c.screen == "handover" or c.bot_to_move() is not None:
        if c.screen == "handover":
            act(c, offered(c, "ready")[0])
        else:
            run_sync(BotRunner(c, lambda: render(c), FakeTime().sleep, FakeTime().clock).run())


def choose_cap(c, cap: int) -> None:
    if c.choice.cap != cap:  # a second click on the chosen cap would put it down
        act(c, square(c, cap))


def pending_eruption(seed="11"):
    """A game at a person's turn with an erupting move chosen, not yet confirmed."""
    c = start(seed=seed)
    to_human_turn(c)
    n0 = len(c.state["log"])
    cap, to = first_erupting(c)
    choose_cap(c, cap)
    act(c, square(c, to))
    return c, n0, cap


def first_erupting(c):
    """(cap square, destination) of an erupting move offered on screen, with its preview."""
    for cap in [int(e.attrs["data-at"]) for e in offered(c, "sq")]:
        for to, erupts in c.moves_from(cap).items():
            if erupts:
                return cap, to
    return None


def human_step(c, rng: random.Random) -> None:
    """One action of the person to move, chosen among what the screen offers."""
    if c.screen == "handover":
        act(c, offered(c, "ready")[0])
        return
    if offered(c, "pass"):
        act(c, offered(c, "pass")[0])
        return
    pieces = offered(c, "piece")
    if pieces and rng.random() < 0.1:
        act(c, rng.choice(pieces))
        act(c, rng.choice([e for e in offered(c, "sq") if e.attrs.get("data-dest") == "1"]))
        return
    while c.handle("undo", {}):  # Escape: put down the cap still chosen
        pass
    act(c, rng.choice(offered(c, "sq")))
    dests = [e for e in offered(c, "sq") if e.attrs.get("data-dest") == "1"]
    if not dests:  # a cap boxed in by others: choose again
        return
    erupting = [e for e in dests if "erupt" in e.classes()]
    act(c, rng.choice(erupting if erupting and rng.random() < 0.6 else dests))
    if c.choice.pending is not None:
        act(c, offered(c, "confirm")[0])
    assert c.error is None, c.error


def play_to_end(c, rng, max_steps=3000):
    steps = 0
    while c.screen != "end":
        to_human_turn(c)
        if c.screen == "end":
            break
        human_step(c, rng)
        steps += 1
        assert steps < max_steps
    return steps


# --------------------------------------------------------------------------- the form


def test_the_form_offers_2_or_3_seats_people_or_every_bot():
    c = make_table(seed_source=lambda: 5)
    assert c.form.counts() == [2, 3] and c.form.count == 2
    assert c.form.seat_kinds() == ["human", *GAME.bot_names]
    nodes, _ = render(c)
    keys = {e.attrs.get("data-key") for n in nodes for e in n.iter()}
    assert {"count-2", "count-3", "name-0", "name-1", "kind-0", "kind-1", "seed", "start"} <= keys
    assert "count-4" not in keys and "variant-base" not in keys
    c.handle("seats", {"value": "4"})  # refused: not a count of this game
    assert c.form.count == 2
    c.handle("seats", {"value": "3"})
    assert "name-2" in {e.attrs.get("data-key") for e in elements(c)}


def test_start_checks_names_and_keeps_the_seed():
    c = make_table(seed_source=lambda: 4242)
    c.handle("name", {"seat": "0", "value": "  "})
    c.handle("start", {})
    assert c.state is None and "Player 1" in c.form.error and c.screen == "setup"
    c.handle("name", {"seat": "0", "value": "Ada"})
    c.handle("kind", {"seat": "1", "value": "greedy"})
    c.handle("start", {})
    assert c.form.error is None and c.state["options"]["seed"] == 4242
    assert c.state["options"]["names"] == ["Ada", "Player 2"] and c.seats == ["human", "greedy"]
    again = start(seed="abc")
    assert again.state["options"]["seed"] == "abc"


def test_seat_form_is_shared_and_parks_form_still_has_its_variant():
    from pyapp.ui.park import make_table as park_table

    park = park_table(seed_source=lambda: 1)
    assert isinstance(park.form, seats.SeatForm) and park.form.variant == "base"
    assert park.form.counts() == [2, 3, 4]
    pyr = make_table()
    assert type(pyr.form) is seats.SeatForm
    assert seats.seat_kind_label("human") == "A person"
    assert seats.seat_kind_label("greedy") == "Computer: greedy"


def test_the_header_names_the_game_on_screen():
    c = make_table()
    nodes, _ = render(c)
    assert nodes[0].find(**{"class": "app-name"}).text() == "Caldera"
    from pyapp.ui.park import make_table as park_table
    from pyapp.ui.park import render as park_render

    p = park_table()
    assert park_render(p)[0][0].find(**{"class": "app-name"}).text() == "Caldera Park"


# --------------------------------------------------------------------------- the board


def test_the_board_shows_every_stack_cap_and_the_caldera():
    c = start()
    to_human_turn(c)
    board = c.state["board"]
    caps = set(c.state["caps"])
    sqs = {
        e.attrs["data-key"]: e
        for e in elements(c)
        if e.attrs.get("data-key", "").startswith("sq-") and e.tag == "g" and "sq" in e.classes()
    }
    assert len(sqs) == 25
    arts = {
        e.attrs["data-key"]: e
        for e in elements(c)
        if e.attrs.get("data-key", "").startswith("sq-art-")
    }
    for sq in range(25):
        g = sqs[f"sq-{sq}"]
        drawing = arts[f"sq-art-{sq}"]
        pieces = drawing.find_all(lambda e: e.tag == "polygon" and "pc" in e.classes())
        assert len(pieces) == len(board[sq])
        # size and colour of every piece, bottom first, and a letter on each
        assert [
            next(x[2:] for x in e.classes() if x.startswith("c-"))
            + next(x[2:] for x in e.classes() if x.startswith("s-"))
            for e in pieces
        ] == board[sq]
        letters = drawing.find_all(lambda e: e.tag == "text" and "pc-letter" in e.classes())
        assert len(letters) == len(board[sq])
        assert bool(drawing.find_all(lambda e: "cap" in e.classes())) == (sq in caps)
        assert not g.find_all(lambda e: e.tag == "text")  # a button's name is its label
        label = g.attrs["aria-label"]
        assert ("capped" in label) == (sq in caps and bool(board[sq]))
    assert "caldera" in sqs["sq-12"].classes() and "the caldera" in sqs["sq-12"].attrs["aria-label"]
    nest = board[0]
    assert view.stack_label(nest, True) == (
        f"{view.piece_label(nest[0])} under {view.piece_label(nest[1])} under "
        f"{view.piece_label(nest[2])}, capped"
    )


def test_choosing_a_cap_highlights_exactly_the_engines_moves():
    c = start()
    to_human_turn(c)
    legal = GAME.legal_actions(c.state)
    caps = {int(e.attrs["data-at"]) for e in offered(c, "sq")}
    assert caps == {a.frm for a in legal if a.kind == "move"}
    cap = sorted(caps)[0]
    act(c, square(c, cap))
    assert c.choice.cap == cap
    dests = {
        int(e.attrs["data-at"]): e for e in offered(c, "sq") if e.attrs.get("data-dest") == "1"
    }
    engine = {m.to: e for m, e in GAME.cap_moves(c.state) if m.frm == cap}
    assert set(dests) == set(engine)
    for to, e in dests.items():
        assert ("erupt" in e.classes()) == engine[to]
        assert ("eruption" in e.attrs["aria-label"]) == engine[to]


def test_an_eruption_is_previewed_then_confirmed_as_previewed():
    c, n0, _ = pending_eruption()
    move = c.choice.pending
    me = c.decision()["player"]
    assert move is not None and len(c.state["log"]) == n0 and c.focus == "confirm"
    preview = GAME.preview(c.state, move)
    assert preview["erupts"]
    els = elements(c)
    ghosts = [e for e in els if e.tag == "g" and "ghost-piece" in e.classes()]
    assert len(ghosts) == len(preview["flow"])
    assert [("caught" in g.classes()) for g in ghosts] == [f["captured"] for f in preview["flow"]]
    for f in preview["flow"]:  # screen readers hear it on the landing squares too
        label = next(e for e in els if e.attrs.get("data-key") == f"sq-{f['to']}")
        said = "and is captured" if f["captured"] else "lands here"
        assert f"{view.piece_label(f['piece'])} lands here" in label.attrs["aria-label"]
        assert said in label.attrs["aria-label"]
    text = next(e for e in els if e.attrs.get("data-key") == "preview").text()
    assert text == view.preview_text(preview, move)
    for f in preview["flow"]:
        assert view.square_name(f["to"]) in text
    before = [list(s) for s in c.state["collections"]]
    act(c, offered(c, "confirm")[0])
    last = c.state["last"]
    assert last["from"] == move.frm and last["flow"] == preview["flow"]
    won = sorted(f["piece"] for f in preview["flow"] if f["captured"])
    assert sorted(c.state["collections"][me]) == sorted(before[me] + won)
    assert c.choice.pending is None and c.decision()["player"] != me


def test_cancel_forgets_a_pending_eruption_and_escape_the_cap():
    c, n0, cap = pending_eruption()
    assert c.handle("undo", {})
    assert c.choice.pending is None and c.choice.cap == cap
    assert c.handle("undo", {})
    assert c.choice.cap is None
    assert c.handle("undo", {}) is False  # nothing left to forget
    assert len(c.state["log"]) == n0


def test_quiet_moves_happen_at_once_and_can_be_taken_back():
    c = start(seed="11")
    to_human_turn(c)
    start_json = GAME.to_json(c.state)
    quiet = next((m for m, e in GAME.cap_moves(c.state) if not e), None)
    assert quiet is not None
    assert not offered(c, "takeback")
    me = c.decision()["player"]
    n0 = len(c.state["log"])
    act(c, square(c, quiet.frm))
    act(c, square(c, quiet.to))
    assert len(c.state["log"]) == n0 + 1 and c.decision()["player"] == me
    assert c.choice.cap == quiet.to  # the same cap stays chosen
    assert quiet.to in c.state["caps"] and c.prompt().startswith("Player 1: quiet move")
    seen = record_changes(c)
    act(c, offered(c, "takeback")[0])
    assert GAME.to_json(c.state) == start_json and seen == [n0]
    assert GAME.to_json(GAME.from_json(GAME.to_json(c.state))) == start_json  # saves as it is
    assert not offered(c, "takeback")


def test_a_power_play_puts_a_piece_back_and_can_be_taken_back():
    c = start(seed="11")
    to_human_turn(c)
    me = c.decision()["player"]
    c.state["collections"][me] = ["BL", "YS"]  # as after captures
    piece_buttons = {e.attrs["data-piece"] for e in offered(c, "piece")}
    assert piece_buttons == {"BL", "YS"}
    act(c, offered(c, "piece", piece="BL")[0])
    cap = sorted(c.movable_caps())[0]
    act(c, square(c, cap))  # a cap instead: the piece is put aside
    assert c.choice.piece is None and c.choice.cap == cap
    act(c, offered(c, "piece", piece="BL")[0])
    assert c.choice.piece == "BL" and c.choice.cap is None
    dests = {int(e.attrs["data-at"]) for e in offered(c, "sq") if e.attrs.get("data-dest") == "1"}
    assert dests == {
        a.at for a in GAME.legal_actions(c.state) if a.kind == "power" and a.piece == "BL"
    }
    assert not dests & set(c.state["caps"])
    target = sorted(dests)[0]
    height = len(c.state["board"][target])
    act(c, square(c, target))
    assert c.state["board"][target][-1] == "BL" and len(c.state["board"][target]) == height + 1
    assert c.decision()["power"] and not offered(c, "piece")  # once per turn
    act(c, offered(c, "takeback")[0])
    assert len(c.state["board"][target]) == height and sorted(c.state["collections"][me]) == [
        "BL",
        "YS",
    ]


def test_resign_is_asked_twice_then_ends_the_game():
    c = start(kinds=("human", "random"))
    to_human_turn(c)
    assert not offered(c, "draw")  # an agreed draw needs people on every seat
    act(c, offered(c, "resign")[0])
    assert c.choice.asking == "resign" and c.focus == "resign-yes"
    act(c, offered(c, "answer", value="no")[0])
    assert c.choice.asking is None and c.screen == "table"
    act(c, offered(c, "resign")[0])
    act(c, offered(c, "answer", value="yes")[0])
    assert c.screen == "end" and c.result["reason"] == "resign" and c.result["winners"] == [1]
    assert c.announcement == "Player 1 resigned. The game is over."
    nodes, _ = render(c)
    text = " ".join(n.text() for n in nodes)
    assert "Player 2 wins!" in text and "Player 1 resigned." in text


def test_people_may_agree_a_draw():
    c = start(kinds=("human", "human"))
    act(c, offered(c, "ready")[0])
    act(c, offered(c, "draw")[0])
    act(c, offered(c, "answer", value="yes")[0])
    assert c.screen == "end" and c.result["winners"] == []
    assert view.result_title(c.result, c.names()) == "A draw, by agreement"


def test_bots_play_at_a_pace_a_person_can_follow_and_stop_at_the_human():
    c = start(kinds=("random", "human"), seed="3")
    fake = FakeTime()
    runner = BotRunner(c, lambda: render(c), fake.sleep, fake.clock)
    run_sync(runner.run())
    assert c.human_to_move() == 1 and runner.steps >= 1
    # every step waits the pace: a whole bot turn is never one flash
    assert sum(fake.sleeps) == pytest.approx(runner.steps * PACE_MS / 1000)


def test_the_last_eruption_flies_in_unless_motion_is_reduced():
    c, _, _ = pending_eruption()
    act(c, offered(c, "confirm")[0])
    flow = c.state["last"]["flow"]
    n = len(c.state["log"])
    keys = {e.attrs.get("data-key") for e in elements(c)}
    for i, f in enumerate(flow):
        assert (f"caught-{n}-{i}" if f["captured"] else f"fly-{n}-{i}") in keys
    assert f"capfly-{n}" in keys
    c.reduced_motion = True
    flying = [e for e in elements(c) if {"fly", "caught-fly"} & e.classes()]
    assert flying == []


@pytest.mark.parametrize(
    "kinds",
    [("human", "strong"), ("human", "human", "random"), ("random", "greedy", "random")],
)
def test_whole_games_reach_the_end_screen(kinds):
    c = start(kinds=kinds, seed="5")
    play_to_end(c, random.Random(2))
    assert c.screen == "end" and c.result == GAME.summary(c.state)
    nodes, focus = render(c)
    assert focus == "end-title"
    body = " ".join(n.text() for n in nodes)
    assert view.result_title(c.result, c.names()) in body
    cards = [
        e for n in nodes for e in n.iter() if e.attrs.get("data-key", "").startswith("end-player-")
    ]
    assert [int(e.find(**{"class": "trios"}).attrs["data-trios"]) for e in cards] == c.result[
        "scores"
    ]
    act(c, offered(c, "rematch")[0])
    assert c.screen in ("table", "handover") and c.state["log"] == [] or c.bot_to_move() is not None


def test_two_people_get_a_handover_but_not_between_their_own_quiet_moves():
    c = start(kinds=("human", "human"), seed="11")
    assert c.screen == "handover"
    act(c, offered(c, "ready")[0])
    p = c.decision()["player"]
    quiet = next(m for m, e in GAME.cap_moves(c.state) if not e)
    act(c, square(c, quiet.frm))
    act(c, square(c, quiet.to))
    assert c.screen == "table" and c.decision()["player"] == p
    cap, to = first_erupting(c)
    choose_cap(c, cap)
    act(c, square(c, to))
    act(c, offered(c, "confirm")[0])
    assert c.screen == "handover" and c.handover_to == 1 - p


def test_resume_from_a_saved_state_mid_turn():
    c = start(seed="11")
    to_human_turn(c)
    quiet = next(m for m, e in GAME.cap_moves(c.state) if not e)
    act(c, square(c, quiet.frm))
    act(c, square(c, quiet.to))
    text = GAME.to_json(c.state)
    d = make_table()
    d.resume(GAME.from_json(text), list(c.seats))
    assert d.screen == "table" and d.state["log"] == c.state["log"]
    assert offered(d, "takeback")  # the quiet move of the turn can still be taken back
    assert d.form.names[:2] == c.names()


def test_arrow_keys_move_between_the_squares_that_can_be_chosen():
    ats = ["0", "2", "10", "24", "7"]
    assert arrow_key("0", ats, "ArrowRight") == "sq-2"
    assert arrow_key("0", ats, "ArrowDown") == "sq-10"
    assert arrow_key("2", ats, "ArrowDown") == "sq-7"
    assert arrow_key("0", ats, "ArrowLeft") is None
    assert arrow_key("x", ats, "ArrowLeft") is None


def test_focus_goes_to_a_square_then_to_a_destination():
    c = start(seed="11")
    to_human_turn(c)
    _, focus = render(c)
    assert focus.startswith("sq-") and int(focus[3:]) in c.movable_caps()
    cap = sorted(c.movable_caps())[0]
    c.handle("sq", {"at": str(cap)})
    _, focus = render(c)
    assert int(focus[3:]) in c.moves_from(cap)


def test_a_square_without_a_choice_is_not_a_button_and_bad_input_changes_nothing():
    c = start(seed="11")
    to_human_turn(c)
    before = GAME.to_json(c.state)
    for bad in ({"at": "99"}, {"at": "x"}, {}):
        assert c.handle("sq", bad) is False
    assert c.handle("piece", {"piece": "RL"}) is False
    assert c.handle("confirm", {}) is False
    assert c.handle("pass", {}) is False
    empty = next(sq for sq in range(25) if sq not in c.movable_caps())
    c.handle("sq", {"at": str(empty)})
    assert c.notice and GAME.to_json(c.state) == before


def test_french_screens_and_strings():
    en, fr = strings.EN, strings.FR
    assert set(en) == set(fr)
    fields = lambda s: {f for _, f, _, _ in string.Formatter().parse(s) if f}  # noqa: E731
    assert {k: fields(en[k]) for k in en} == {k: fields(fr[k]) for k in fr}
    c = start(names=["Ada", "Lin"])
    to_human_turn(c)
    i18n.set_language("fr")
    assert view.piece_label("YL") == "grande jaune"
    assert c.prompt().startswith("Ada\u00a0: choisissez un chapeau")
    nodes, _ = render(c)
    assert nodes[0].find(**{"data-key": "menu-new"}).text() == "Nouvelle partie"
    sq = nodes[2].find(**{"data-key": "sq-12"})
    assert "caldeira" in sq.attrs["aria-label"]
    assert "grande" in to_json(nodes)  # pieces are named in French


def test_rules_reference_in_both_languages():
    en, fr = rules_ref.sections("en"), rules_ref.sections("fr")
    assert [s["id"] for s in en] == [s["id"] for s in fr] == [
        "goal", "setup", "turn", "capture", "power", "end"
    ]  # fmt: skip
    for a, b in zip(en, fr, strict=True):
        assert len(a["items"]) == len(b["items"]) and bool(a["intro"]) == bool(b["intro"])
    assert rules_ref.sections("de") is en
    text = " ".join(x for s in en for x in (s["intro"], *(b for _, b in s["items"])))
    assert str(rules.CALM_TURNS) in text and "three" in text


def test_the_registry_says_caldera_is_ready():
    assert games.entry("pyramids").ready
    assert games.for_record("pyramids") is GAME


def test_a_caldera_game_saves_lists_exports_and_imports_mid_turn():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "saves"))
    from storage_fakes import FakeStorage

    from pyapp.ui.saves import SaveStore, export_record, import_file

    c = start(seed="11")
    to_human_turn(c)
    quiet = next(m for m, e in GAME.cap_moves(c.state) if not e)
    act(c, square(c, quiet.frm))
    act(c, square(c, quiet.to))  # mid-turn: a quiet move made
    store = SaveStore(FakeStorage())
    gid = store.save(c.state, session=c.session(), game=GAME)
    games_, problems = store.list_games()
    assert problems == [] and games_[0]["game"] == "pyramids"
    game, state, session = store.open_game(gid)
    assert game is GAME and GAME.to_json(state) == GAME.to_json(c.state)
    assert session["seats"] == c.seats
    game, state, session = import_file(export_record(c.state, session=c.session(), game=GAME))
    assert game is GAME and state["log"] == c.state["log"] and GAME.can_take_back(state)


def test_the_log_tells_quiet_moves_and_every_eruption_in_full():
    c = start(kinds=("human", "human"), seed="11")
    act(c, offered(c, "ready")[0])
    quiet = next(m for m, e in GAME.cap_moves(c.state) if not e)
    act(c, square(c, quiet.frm))
    act(c, square(c, quiet.to))
    cap, to = first_erupting(c)
    choose_cap(c, cap)
    act(c, square(c, to))
    act(c, offered(c, "confirm")[0])
    lines = view.log_lines(c.state, last=10)
    assert len(lines) == 2
    newest, older = lines[0][1], lines[1][1]
    assert "eruption; captured:" in newest and "eruption" not in older
    act(c, offered(c, "ready")[0])
    quiet = next(m for m, e in GAME.cap_moves(c.state) if not e)
    act(c, square(c, quiet.frm))
    act(c, square(c, quiet.to))
    lines = view.log_lines(c.state, last=10)
    # the eruption keeps its captures once another move follows it (issue 23)
    assert lines[1][1] == newest and "eruption" not in lines[0][1]
    assert view.log_lines(c.state, last=1) == lines[:1]
