"""Fair chance by commit-reveal: the information in a link does not decide the next draw before
the answering player's link. The same game (same id, same moves, the mover's same secret) with
other hidden secrets of the answering player draws otherwise; once answered, the draw is the same
on every device."""

import pytest
from linkplay import Device

from pyapp import games
from pyapp.core import link
from pyapp.core.link import LinkGame, canonical

GID = "0123456789abcdef0123456789abcdef"


def to_first_chance(game_id: str, secrets: list[str]) -> LinkGame:
    """A game of two by links (fixed id, fixed bots, the seats' given secrets) up to the link
    where its first chance move waits for its answer."""
    game = games.get(game_id)
    bot = "random" if game_id == "caledea" else "greedy"  # (the greedy ones take a capital
    devices = [Device(game, s, "fair", bot) for s in range(2)]  # undefended before any fight)
    url = LinkGame.create(game, {"players": 2}, gid=GID).url("https://x.test/")
    for d in devices:
        d.secret = secrets[d.seat]
        url = d.join(url)
    holder = LinkGame.from_text(url)
    while holder.pending is None:
        url = devices[holder.handler()].turn(url)
        holder = LinkGame.from_text(url)
    return holder


def public(lg: LinkGame, answerer: int) -> str:
    """Everything in the waiting link but the answerer's commitment and last value (the only
    parts that differ when only the answerer's secret does)."""
    p = lg.payload()
    p["c"][answerer] = p["r"][answerer] = None
    return canonical(p)


@pytest.mark.parametrize("game_id", ["caledea", "park"])
def test_the_link_does_not_decide_the_next_draw(game_id):
    game = games.get(game_id)
    mover_secret = link.new_secret()
    first = to_first_chance(game_id, [mover_secret, link.new_secret()])
    q, mover = first.pending["answerer"], first.pending["seat"]
    seen, outcomes = set(), set()
    for _ in range(6):
        secrets = [None, None]
        secrets[mover], secrets[q] = mover_secret, link.new_secret()
        waiting = to_first_chance(game_id, secrets)
        assert waiting.pending["answerer"] == q
        seen.add(public(waiting, q))
        # the value that decides is not in the link: only its hash is
        k = len(waiting.values[q]) + 1
        deciding = link.chain_value(secrets[q], GID, q, k)
        assert deciding not in waiting.text() and deciding not in canonical(waiting.payload())
        assert link._back(deciding, 1)[0] == waiting.reveals[q]
        answered = waiting.play(secrets[q], q, [])
        outcomes.add(canonical(game.observation(answered.state, mover)))
        # once answered, every device draws the same: a fresh device from the link, too
        again = LinkGame.from_text(answered.url("https://y.test/"))
        assert canonical(again.state) == canonical(answered.state)
    assert len(seen) == 1  # the same information in every waiting link...
    assert len(outcomes) > 1  # ...and yet different draws: it does not decide them


def test_the_mover_cannot_choose_the_draw_after_committing():
    """A mover's device cannot reveal another value with its chance move than its chain's:
    the value is checked against the commitment it made when it joined."""
    mover_secret = link.new_secret()
    waiting = to_first_chance("caledea", [mover_secret, link.new_secret()])
    mover = waiting.pending["seat"]
    p = waiting.payload()
    p["r"][mover] = link.new_secret()[:32]
    with pytest.raises(link.LinkError) as e:
        LinkGame.from_text(link.encode(p))
    assert e.value.kind == "reveal"
