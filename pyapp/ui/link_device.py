"""This device's side of games played by link (``core/link.py``), for the app's screens: no DOM.

``LinkDevice(storage)`` keeps, in the browser's storage (or a fake), the device's secret (made
once) and its copy of each linked game (its last link's data, one key per game). The screens
call it and draw what it returns; the words are here in English and French (``TEXTS_EN``,
``TEXTS_FR``, added to the catalogue by ``add_link_texts``):

* ``open(href)``: the game of a link opened (the page's address with ``#g=``): an ``Opened``
  with the game, this device's seat in it (``None``: watching only), whether the link was
  behind the copy (the copy is shown) and the message to show; a refused link gets its message
  and the copy is not touched. Never an exception: a damaged or hostile link, a copy that cannot
  be read, a storage that refuses all end in a message.
* ``play(gid, actions)``: this seat's step (the answer to a chance move waiting for it, then
  ``actions``), checked like a received link; the copy is saved; the next link's data.
* ``games()``: the linked games of this device, each with its players, whose turn it is and
  whether it is this device's, for the saved-games list;
* ``start(game, options, seat, bots)``: a new game; this device takes ``seat`` and hosts the
  computer seats (``bots``: a bot name or None per seat), which join at once;
  ``computer_turns(lg, slice_ms)``: a generator playing the computer seats' steps while the
  link is with one of them (``core.link.computer_turns``), keeping the copy at the end.

A copy is never replaced by one that does not extend it: another tab of the same browser may
have played on in the same game (``keep`` refuses with the kind ``newer``; the screens then
show the stored copy).

Names come from the link: the screens draw them as text only (the virtual DOM sets text).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from pyapp.core import link as core_link
from pyapp.core.link import LinkError, LinkGame, decode, new_secret

from .i18n import add_texts, t

SECRET_KEY = "caldera.link.secret"
GAME_PREFIX = "caldera.link.game."

TEXTS_EN = {
    "link.refused.damaged": "This link cannot be opened: it was cut or changed on the way. "
    "Ask for it again.",
    "link.refused.too_long": "This link is far too long to be a game of this app.",
    "link.refused.other_game": "This link is of another game than your copy of it: your copy "
    "is kept.",
    "link.refused.changed": "This link changes a move already played: it is refused and your "
    "copy is kept.",
    "link.refused.reveal": "This link's secret values do not match: it was changed. It is "
    "refused and your copy is kept.",
    "link.refused.skipped": "This link skips a player: it is refused and your copy is kept.",
    "link.refused.illegal": "This link holds a move the rules do not allow: it is refused.",
    "link.refused.join_first": "This move needs the chance of a player who has not joined yet: "
    "send them the link first.",
    "link.refused.seat": "This seat was taken on another device.",
    "link.refused.storage": "This browser does not let the app keep games: games by link "
    "cannot be played here.",
    "link.refused.options": "These choices cannot start a game by link.",
    "link.refused.not_your_turn": "It is not your turn in this game.",
    "link.refused.over": "This game is over.",
    "link.refused.newer": "This game was played on in another tab: its newer copy is shown.",
    "link.opened.old": "This link is older than your copy of the game: your copy is shown.",
    "link.opened.watch": "You hold no seat in this game: you can watch it.",
    "link.turn.mine": "Your turn",
    "link.turn.answer": "Your device rolls the chance of {name}'s move",
    "link.turn.other": "{name}'s turn",
    "link.turn.computer": "{name} (the computer) plays on this device",
    "link.turn.over": "Finished",
}

TEXTS_FR = {
    "link.refused.damaged": "Ce lien ne peut pas être ouvert : il a été coupé ou modifié en "
    "route. Demandez-le à nouveau.",
    "link.refused.too_long": "Ce lien est bien trop long pour être une partie de cette app.",
    "link.refused.other_game": "Ce lien est celui d'une autre partie que votre copie : votre "
    "copie est gardée.",
    "link.refused.changed": "Ce lien modifie un coup déjà joué : il est refusé et votre copie "
    "est gardée.",
    "link.refused.reveal": "Les valeurs secrètes de ce lien ne concordent pas : il a été "
    "modifié. Il est refusé et votre copie est gardée.",
    "link.refused.skipped": "Ce lien saute un joueur : il est refusé et votre copie est gardée.",
    "link.refused.illegal": "Ce lien contient un coup que les règles n'autorisent pas : il est "
    "refusé.",
    "link.refused.join_first": "Ce coup a besoin du hasard d'un joueur qui n'a pas encore "
    "rejoint la partie : envoyez-lui d'abord le lien.",
    "link.refused.seat": "Cette place a été prise sur un autre appareil.",
    "link.refused.storage": "Ce navigateur ne laisse pas l'app garder de parties : on ne peut "
    "pas jouer par lien ici.",
    "link.refused.options": "Ces choix ne permettent pas de lancer une partie par lien.",
    "link.refused.not_your_turn": "Ce n'est pas votre tour dans cette partie.",
    "link.refused.over": "Cette partie est terminée.",
    "link.refused.newer": "Cette partie a avancé dans un autre onglet : sa copie plus récente "
    "est affichée.",
    "link.opened.old": "Ce lien est plus ancien que votre copie de la partie : votre copie est "
    "affichée.",
    "link.opened.watch": "Vous n'avez pas de place dans cette partie : vous pouvez la suivre.",
    "link.turn.mine": "À vous de jouer",
    "link.turn.answer": "Votre appareil tire le hasard du coup de {name}",
    "link.turn.other": "Au tour de {name}",
    "link.turn.computer": "{name} (l'ordinateur) joue sur cet appareil",
    "link.turn.over": "Terminée",
}


def add_link_texts() -> None:
    add_texts(TEXTS_EN, TEXTS_FR)


def refusal(error: LinkError) -> str:
    """The message of a refused link, in the language on screen."""
    add_link_texts()
    return t(f"link.refused.{error.kind}")


@dataclass
class Opened:
    """What opening a link gave: the game (None when refused), this device's seat (None:
    watching), ``status`` (new, same, old, refused) and the message to show (may be empty)."""

    game: LinkGame | None
    seat: int | None
    status: str
    message: str = ""


class LinkDevice:
    def __init__(self, storage):
        self.storage = storage
        self._secret: str | None = None

    # -------------------------------------------------------------- storage

    def _get(self, key: str):
        try:
            value = self.storage.getItem(key)
        except Exception:  # a browser that refuses its storage (private mode): nothing kept
            return None
        return value if isinstance(value, str) else None

    def _set(self, key: str, value: str) -> None:
        try:
            self.storage.setItem(key, value)
        except Exception as e:  # the quota, or a storage refused: said, never a traceback
            raise LinkError("the browser refused to keep the game", "storage") from e

    def secret(self) -> str:
        if self._secret is None:
            stored = self._get(SECRET_KEY)
            if stored is not None and len(stored) == 64 and set(stored) <= set("0123456789abcdef"):
                self._secret = stored
            else:
                self._secret = new_secret()
                self._set(SECRET_KEY, self._secret)
        return self._secret

    def copy_of(self, gid: str) -> LinkGame | None:
        """This device's copy of a game, or ``None`` (none, or one that cannot be read)."""
        text = self._get(GAME_PREFIX + gid)
        if text is None:
            return None
        try:
            return LinkGame.from_text(text)
        except LinkError:
            return None

    def _keep(self, lg: LinkGame) -> None:
        """Keep ``lg`` as the copy, unless the stored copy holds steps it lacks (another tab
        played on): ``LinkError`` kind ``newer``, the stored copy untouched."""
        key = GAME_PREFIX + lg.gid
        text = lg.text()
        stored = self._get(key)
        if stored is not None and stored != text and not extends(lg, stored):
            raise LinkError("the stored copy is newer", "newer")
        self._set(key, text)

    def keep(self, lg: LinkGame) -> None:
        """Keep ``lg`` as this device's copy (a step the screens checked: a seat joining)."""
        self._keep(lg)

    def my_seat(self, lg: LinkGame) -> int | None:
        """This device's seat: the one its secret committed to, else the seat to play now if
        nobody has taken it yet (this device will join with its first step), else ``None``."""
        seat = lg.seat_of(self.secret())
        if seat is not None:
            return seat
        handler = lg.handler()
        if handler is not None and lg.commits[handler] is None and not lg.is_computer(handler):
            return handler
        return None

    # -------------------------------------------------------------- links

    def open(self, href) -> Opened:
        add_link_texts()
        try:
            payload = decode(href)
            copy = self.copy_of(payload["i"])
            if copy is None:
                lg, status = LinkGame.from_payload(payload), "new"
            else:
                lg, status = copy, copy.receive(payload)
            seat = self.my_seat(lg)
            if status == "new":
                self._keep(lg)
        except LinkError as e:
            return Opened(None, None, "refused", refusal(e))
        message = t("link.opened.old") if status == "old" else ""
        if seat is None:
            message = t("link.opened.watch")
        return Opened(lg, seat, status, message)

    def start(self, game, options: dict, seat: int = 0, bots: list | None = None) -> LinkGame:
        """A new game by link from the new-game form's options; this device takes ``seat`` and
        hosts the computer seats of ``bots`` (a bot name or None per seat), joined at once."""
        secret = self.secret()
        lg = LinkGame.create(game, options, bots=bots).play(secret, seat, [])
        for s in lg.computer_seats():
            lg = lg.play(secret, s, [])
        self._keep(lg)
        return lg

    def computer_turns(self, lg: LinkGame, slice_ms: float | None = None):
        """A generator: the steps of the computer seats this device hosts while the link is
        with one of them (yields between slices of thought); keeps the copy and returns it."""
        out = yield from core_link.computer_turns(lg, self.secret(), slice_ms)
        if out is not lg:
            self._keep(out)
        return out

    def play(self, gid: str, actions: list) -> LinkGame:
        """This device's step in a game it holds; ``LinkError`` (its message from
        ``refusal``) when refused, the copy unchanged."""
        lg = self.copy_of(gid)
        if lg is None:
            raise LinkError("this device has no copy of this game")
        seat = self.my_seat(lg)
        if seat is None:
            raise LinkError("no seat", "seat")
        if lg.handler() is None:
            raise LinkError("over", "over")
        if lg.handler() != seat:
            raise LinkError("not your turn", "not_your_turn")
        nxt = lg.play(self.secret(), seat, [str(a) for a in actions])
        self._keep(nxt)
        return nxt

    def remove(self, gid: str) -> None:
        with contextlib.suppress(Exception):  # a storage that refuses: nothing to remove
            self.storage.removeItem(GAME_PREFIX + gid)

    def games(self) -> list[dict]:
        """The linked games this device keeps (readable ones), for the saved-games list."""
        add_link_texts()
        out = []
        try:
            keys = [self.storage.key(i) for i in range(self.storage.length)]
        except Exception:
            return []
        for key in keys:
            if not isinstance(key, str) or not key.startswith(GAME_PREFIX):
                continue
            lg = self.copy_of(key[len(GAME_PREFIX) :])
            if lg is None:
                continue
            seat, handler = self.my_seat(lg), lg.handler()
            if handler is None:
                turn = t("link.turn.over")
            elif lg.is_computer(handler) and lg.device_of(handler) == seat:
                turn = t("link.turn.computer", name=lg.name(handler))
            elif handler == seat and lg.pending is not None:
                turn = t("link.turn.answer", name=lg.name(lg.pending["seat"]))
            elif handler == seat:
                turn = t("link.turn.mine")
            else:
                turn = t("link.turn.other", name=lg.name(handler))
            out.append(
                {
                    "id": lg.gid,
                    "game": lg.game.id,
                    "names": lg.names(),
                    "seat": seat,
                    "turn": turn,
                    "mine": handler is not None and lg.device_of(handler) == seat,
                    "over": handler is None,
                    "moves": lg.moves,
                }
            )
        return out


def extends(lg: LinkGame, stored: str) -> bool:
    """``lg`` holds every step of the stored copy's text (or that text is no game's): it may
    replace it. Read without replaying: the stored copy was checked when it was kept."""
    try:
        payload = decode(stored)
    except LinkError:
        return True
    steps = payload["s"]
    return (
        payload["i"] == lg.gid
        and len(steps) <= len(lg.steps)
        and all(a == b for a, b in zip(steps, lg.steps, strict=False))
        and all(c is None or c == m for c, m in zip(payload["c"], lg.commits, strict=False))
    )
