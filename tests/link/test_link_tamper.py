"""Links that were changed, cut, forged or are not links at all: each refused with a ``LinkError``
of its kind and one clear sentence, never another exception, and the device's copy unchanged."""

import base64
import json
import zlib

import pytest
from linkplay import BASE, Device, play_by_links

from pyapp import games
from pyapp.core import link
from pyapp.core.link import LinkError, LinkGame
from pyapp.core.protocol import to_json


@pytest.fixture(scope="module")
def played():
    """A Caledea game of 2 by links (chance moves answered), and one of 3."""
    two = play_by_links("caledea", 2, seed="tamper", bot="greedy")
    three = play_by_links("caledea", 3, seed="tamper3", bot="greedy")
    return two, three


def refused(kind: str, fn, *args):
    with pytest.raises(LinkError) as e:
        fn(*args)
    assert e.value.kind == kind, (e.value.kind, str(e.value))
    message = str(e.value)
    assert message and "\n" not in message and len(message) < 200
    return message


def reencode(payload: dict) -> str:
    return BASE + link.PREFIX + link.encode(payload)


def with_copy(devices, links, n):
    """Seat 0's device holding the game as of link ``n`` (a fresh device fed it)."""
    d = Device(devices[0].game, 0, "x")
    d.secret = devices[0].secret
    d.open(links[n])
    return d


def test_a_changed_past_move_is_refused(played):
    (devices, links), _ = played
    d = with_copy(devices, links, len(links) // 2)
    before = to_json(d.copy.state)
    p = link.decode(links[-1])
    step = next(i for i, s in enumerate(p["s"]) if len(s) > 1 and s[1].startswith("move"))
    p["s"][step] = [p["s"][step][0], "end"]
    message = refused("changed", d.copy.receive, p)
    assert f"step {step + 1}" in message
    assert to_json(d.copy.state) == before  # the copy is kept
    # a device without a copy replays it: the changed move makes what follows impossible
    with pytest.raises(LinkError) as e:
        LinkGame.from_text(reencode(p))
    assert e.value.kind in ("illegal", "skipped")


def test_a_changed_reveal_or_commitment_is_refused(played):
    (devices, links), _ = played
    p = link.decode(links[-1])
    for key, seat in (("r", 0), ("r", 1), ("c", 1)):
        q = json.loads(json.dumps(p))
        q[key][seat] = format(int(q[key][seat], 16) ^ 1, "032x")
        assert "commitment" in refused("reveal", LinkGame.from_text, reencode(q))
    d = with_copy(devices, links, len(links) // 2)
    q = json.loads(json.dumps(p))
    q["c"][1] = link.commitment(link.new_secret(), q["i"], 1)
    assert "commitment" in refused("other_game", d.copy.receive, q)


def test_a_changed_secret_cannot_take_a_seat(played):
    (devices, links), _ = played
    lg = LinkGame.from_text(links[len(links) // 2])
    seat = lg.handler()
    refused("seat", lg.play, link.new_secret(), seat, [])


def test_a_skipped_seat_is_refused(played):
    (devices, links), _ = played
    lg = LinkGame.from_text(links[len(links) // 2])
    seat = lg.handler()
    other = 1 - seat
    move = str(games.get("caledea").legal_actions(lg.state)[0])
    # the other seat plays in the turn of the seat to move, with its own good secret
    message = refused("skipped", lg.play, devices[other].secret, other, [move])
    assert "skipped" in message or "skips" in message
    # or forges a step in the name of the seat to move, without its secret
    p = lg.payload()
    p["s"].append([seat, move])
    p["r"][seat] = link.new_secret()[:32]
    refused("reveal", LinkGame.from_text, reencode(p))


def test_skipping_the_answer_to_a_chance_move_is_refused(played):
    _, (devices, links) = played
    pending = next(lg for lg in map(LinkGame.from_text, links) if lg.pending is not None)
    answerer = pending.pending["answerer"]
    third = next(s for s in range(3) if s not in (answerer, pending.pending["seat"]))
    message = refused("skipped", pending.play, devices[third].secret, third, [])
    assert pending.name(answerer) in message


def test_a_link_of_another_game_is_refused(played):
    (devices, links), (_, links3) = played
    d = with_copy(devices, links, 5)
    before = to_json(d.copy.state)
    refused("other_game", d.copy.receive, link.decode(links3[-1]))
    p = link.decode(links[-1])
    p["i"] = link.new_game_id()  # its moves put in another game
    refused("other_game", d.copy.receive, p)
    assert to_json(d.copy.state) == before


def test_a_cut_link_is_refused(played):
    (devices, links), _ = played
    url = links[-1]
    data = url.split("#g=")[1]
    for cut in range(1, len(data), max(1, len(data) // 97)):
        with pytest.raises(LinkError) as e:
            LinkGame.from_text(url[: len(url) - cut])
        assert e.value.kind == "damaged", (cut, e.value)


@pytest.mark.parametrize(
    "junk",
    [
        "x" * 10_000_000,
        BASE + "#g=" + "A" * 10_000_000,
        "",
        "hello",
        BASE,
        BASE + "#other=1",
        BASE + "#g=%%%%",
        BASE + "#g=" + base64.urlsafe_b64encode(b"not zlib").decode().rstrip("="),
        BASE + "#g=" + base64.urlsafe_b64encode(zlib.compress(b"[" * 5000)).decode(),
        BASE + "#g=" + base64.urlsafe_b64encode(zlib.compress(b'{"v": 1}')).decode(),
        BASE + "#g=" + base64.urlsafe_b64encode(zlib.compress(b"\xff\xfe")).decode(),
        BASE + "#g=" + base64.urlsafe_b64encode(zlib.compress(b" " * 50_000_000, 9)).decode(),
    ],
    ids=range(12),
)
def test_junk_is_refused_with_a_message(junk):
    with pytest.raises(LinkError) as e:
        LinkGame.from_text(junk)
    assert e.value.kind in ("damaged", "too_long")
    assert "\n" not in str(e.value)


def test_ten_megabytes_are_refused_at_once():
    import time

    t = time.perf_counter()
    assert "too long" in refused("too_long", LinkGame.from_text, "g=" + "A" * 10_000_000)
    assert time.perf_counter() - t < 0.5


def test_a_link_not_written_the_app_way_or_with_bad_fields_is_refused(played):
    (devices, links), _ = played
    p = link.decode(links[3])
    text = json.dumps(p)  # spaces: not canonical
    raw = base64.urlsafe_b64encode(zlib.compress(text.encode())).decode()
    refused("damaged", LinkGame.from_text, "#g=" + raw)
    for change in (
        {"v": 2},
        {"g": "chess"},
        {"o": {**p["o"], "players": 3}},
        {"o": {**p["o"], "seed": 1}},
        {"s": [[7]]},
        {"s": [[0, 5]]},
        {"extra": 1},
    ):
        q = {**p, **change}
        with pytest.raises(LinkError):
            LinkGame.from_text(reencode(q))


def test_a_chance_move_waits_for_its_answerer_to_have_joined():
    """Caldera Park's setup lets the first player take a face-down weather token (a draw) before
    the other has opened any link: refused until the other has joined (committed)."""
    park = games.get("park")
    a = link.new_secret()
    pk = LinkGame.create(park, {"players": 2}).play(a, 0, [])
    face_down = next(
        str(x) for x in park.legal_actions(pk.state) if str(x).startswith("weather 1 ")
    )
    assert "has not joined" in refused("join_first", pk.play, a, 0, [face_down])
    pk = pk.play(a, 0, [str(park.legal_actions(pk.state)[0])])  # the sun: no draw
    assert pk.pending is None and pk.handler() == 1


JUNK_VALUES = [None, 0, -1, 1, 2, 7, 10**30, 1.5, True, "", "x", "a" * 300, [], [0], [[0]], {}]


@pytest.mark.parametrize(("game_id", "players"), [("caledea", 2), ("park", 3), ("pyramids", 2)])
def test_random_damage_gets_a_message_never_another_exception(game_id, players):
    """Fields of a real link replaced by values of any JSON type, and letters of its text
    changed: every one is a ``LinkError`` (or, rarely, still a valid game), nothing else."""
    import random

    rnd = random.Random(f"{game_id}{players}")
    _, links = play_by_links(game_id, players, seed="fuzz", bot="greedy")
    payloads = [link.decode(links[i]) for i in (2, len(links) // 2, -1)]
    refusals = 0
    for _ in range(250):
        p = json.loads(json.dumps(rnd.choice(payloads)))
        key = rnd.choice(list(p))
        if key in ("c", "r", "s") and p[key] and rnd.random() < 0.6:
            i = rnd.randrange(len(p[key]))
            if key == "s" and rnd.random() < 0.5:
                p["s"][i][rnd.randrange(len(p["s"][i]))] = rnd.choice(JUNK_VALUES)
            else:
                p[key][i] = rnd.choice(JUNK_VALUES)
        elif key == "o":
            p["o"][rnd.choice([*p["o"], "extra", "seed"])] = rnd.choice(JUNK_VALUES)
        else:
            p[key] = rnd.choice(JUNK_VALUES)
        text = list(link.encode(p) if rnd.random() < 0.7 else link.encode(payloads[-1]))
        if rnd.random() < 0.3:
            text[rnd.randrange(len(text))] = rnd.choice("AZaz09-_")
        try:
            LinkGame.from_text("".join(text))
        except LinkError as e:
            refusals += 1
            assert str(e) and "\n" not in str(e)
    assert refusals > 150  # the rest: an unchanged link, or a change that leaves it valid
