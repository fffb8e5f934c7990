"""Play with friends by link: the app's screens over the device model (``link_device.py``).

``LinkPlay(box, storage, banner, platform)``, a feature (``feature.py``):

* the new-game form of every game gets "Play with friends by link" (``decorate``): a form over
  the table (players, each seat's name and who plays it: a person on a device of their own, or
  the computer at one of the game's levels; which seat is this device's) starts the game; the
  computer seats are played by this device (the host), which plays their steps in slices of
  ``work`` whenever the link reaches one of them, then offers the link for the next person;
* everyone joins first: the link goes round the seats that have not joined (a device that opens
  it takes the one free seat, or asks which is its own when several are free), then to the
  player to move; a chance move ends the step and the next player's device draws it when it
  opens the link (``LinkDevice.play`` answers it, the table shows the result);
* while the link is with someone else the waiting screen shows the game's board as it stands
  (``link_board.py``: nobody moves on it) beside or under a panel: whose turn, what to do, the
  share panel (Share, Copy, the link in a read-only field, its QR code); the game's end screen
  has the share panel under it too;
* another tab of the browser that plays on in a game shown here (the page's ``storage``
  event): the screens show its newer copy, and a copy is never replaced by an older one;
* ``open_link(href)`` (the page's address with ``#g=...``): a new game joins, the same or an
  older link opens this device's copy, a refused link puts its message in the banner and
  changes nothing;
* "Games by link" (under the new-game form, and on the waiting screen): this device's
  linked games with whose turn it is, to resume.

The device's copy is what is kept (``keeps_game``: the saved games do not autosave a linked
game, whose moves replayed without the link's reseeds would draw otherwise). Everything read
from a link is drawn as text.
"""

from __future__ import annotations

import json
import time

from pyapp import games
from pyapp.core.link import LinkError, LinkGame

from .. import qr
from ..feature import Feature
from ..frame import titled_screen
from ..i18n import add_texts, t
from ..link_device import GAME_PREFIX, LinkDevice, add_link_texts, extends
from ..seats import seat_kind_label
from ..table import HUMAN
from ..vdom import E, frozen, h
from .link_board import WaitBoard

THINK_SLICE_MS = 12.0  # a computer seat thinks this long, then the page answers and draws

TEXTS_EN = {
    "link.menu": "Games by link",
    "link.start_button": "Play with friends by link",
    "link.form.title": "Play with friends by link",
    "link.form.intro": "Each seat is a person with their own device, or the computer. You send "
    "the link to the next player after each of your turns; they open it to play theirs.",
    "link.form.players": "Players",
    "link.form.name": "Name of player {n}",
    "link.form.me": "Which player are you?",
    "link.form.kind": "Who plays seat {n}",
    "link.form.bots": "Your device plays the computer's seats: when the computer's turn comes, "
    "the link comes back to you, your device plays it and you send the link on.",
    "link.form.two_people": "A game by link needs at least two people. To play against the "
    "computer alone, start a normal game.",
    "link.form.bot_name": "Computer {n}",
    "link.form.start": "Start and get the link",
    "link.form.default_name": "Player {n}",
    "link.back": "Back",
    "link.wait.title": "Waiting for {name}",
    "link.wait.join": "Send the link to {name}: everyone joins before the first move.",
    "link.wait.turn": "Send the link to {name}: it is their turn.",
    "link.wait.chance": "The result of your move comes when {name} opens the link: their device "
    "draws it.",
    "link.wait.over": "The game is over. Send the link so everyone sees the end.",
    "link.wait.host": "Send the link to {name}: their device plays {bot} (the computer), then "
    "sends the link on.",
    "link.wait.computer_title": "{name} is playing",
    "link.wait.computer": "{name} (the computer) is choosing its move on this device…",
    "link.board": "The game as it stands: nothing can be played while you wait",
    "link.drawn": "The chance of {name}'s move was drawn on this device when the link opened.",
    "link.share.title": "The link of this game",
    "link.share.field": "Link for {name}",
    "link.share.share": "Share",
    "link.share.copy": "Copy",
    "link.share.qr": "QR code of the link, to scan with another device",
    "link.share.qr_larger": "Show the QR code larger, to scan it",
    "link.share.qr_smaller": "Show the QR code smaller",
    "link.share.shared": "Shared.",
    "link.share.copied": "Copied: paste it in a message.",
    "link.share.failed": "Copying was refused: select the link in the field and copy it.",
    "link.share.too_long": "This link is too long for a QR code: send it as text.",
    "link.share.sheet_title": "{game}, a game by link",
    "link.share.sheet_text": "Our game of {game}: open the link to play your turn.",
    "link.list.title": "Games by link",
    "link.list.none": "No game by link on this device yet.",
    "link.list.open": "Open",
    "link.list.new": "New game by link",
    "link.list.joining": "Waiting for {name} to join",
    "link.seat.title": "Which player are you?",
    "link.seat.intro": "This link has several free seats. Choose yours:",
    "link.banner": "{text}",
}

TEXTS_FR = {
    "link.menu": "Parties par lien",
    "link.start_button": "Jouer avec des amis par lien",
    "link.form.title": "Jouer avec des amis par lien",
    "link.form.intro": "Chaque place est une personne avec son propre appareil, ou l'ordinateur. "
    "Après chacun de vos tours, vous envoyez le lien au joueur suivant ; il l'ouvre pour jouer "
    "le sien.",
    "link.form.players": "Joueurs",
    "link.form.name": "Nom du joueur {n}",
    "link.form.me": "Quel joueur êtes-vous ?",
    "link.form.kind": "Qui joue la place {n}",
    "link.form.bots": "Votre appareil joue les places de l'ordinateur : quand vient son tour, le "
    "lien vous revient, votre appareil le joue et vous envoyez le lien à la suite.",
    "link.form.two_people": "Une partie par lien demande au moins deux personnes. Pour jouer "
    "contre l'ordinateur seul, lancez une partie ordinaire.",
    "link.form.bot_name": "Ordinateur {n}",
    "link.form.start": "Lancer et obtenir le lien",
    "link.form.default_name": "Joueur {n}",
    "link.back": "Retour",
    "link.wait.title": "En attente de {name}",
    "link.wait.join": "Envoyez le lien à {name} : tout le monde rejoint la partie avant le "
    "premier coup.",
    "link.wait.turn": "Envoyez le lien à {name} : c'est son tour.",
    "link.wait.chance": "Le résultat de votre coup viendra quand {name} ouvrira le lien : son "
    "appareil le tirera.",
    "link.wait.over": "La partie est finie. Envoyez le lien pour que chacun en voie la fin.",
    "link.wait.host": "Envoyez le lien à {name} : son appareil joue pour {bot} (l'ordinateur), "
    "puis fait suivre le lien.",
    "link.wait.computer_title": "{name} joue",
    "link.wait.computer": "{name} (l'ordinateur) choisit son coup sur cet appareil…",
    "link.board": "La partie où elle en est : rien ne se joue pendant l'attente",
    "link.drawn": "Le hasard du coup de {name} a été tiré sur cet appareil à l'ouverture du lien.",
    "link.share.title": "Le lien de cette partie",
    "link.share.field": "Lien pour {name}",
    "link.share.share": "Partager",
    "link.share.copy": "Copier",
    "link.share.qr": "Code QR du lien, à scanner avec un autre appareil",
    "link.share.qr_larger": "Agrandir le code QR pour le scanner",
    "link.share.qr_smaller": "Réduire le code QR",
    "link.share.shared": "Partagé.",
    "link.share.copied": "Copié : collez-le dans un message.",
    "link.share.failed": "La copie a été refusée : sélectionnez le lien dans le champ et "
    "copiez-le.",
    "link.share.too_long": "Ce lien est trop long pour un code QR : envoyez-le en texte.",
    "link.share.sheet_title": "{game}, une partie par lien",
    "link.share.sheet_text": "Notre partie de {game} : ouvrez le lien pour jouer votre tour.",
    "link.list.title": "Parties par lien",
    "link.list.none": "Aucune partie par lien sur cet appareil pour l'instant.",
    "link.list.open": "Ouvrir",
    "link.list.new": "Nouvelle partie par lien",
    "link.list.joining": "En attente de {name} pour rejoindre",
    "link.seat.title": "Quel joueur êtes-vous ?",
    "link.seat.intro": "Ce lien a plusieurs places libres. Choisissez la vôtre :",
    "link.banner": "{text}",
}

_OWN = ("link-",)


def add_play_texts() -> None:
    add_link_texts()
    add_texts(TEXTS_EN, TEXTS_FR)


def next_seat(lg: LinkGame) -> int | None:
    """The seat the link goes to now: the first seat that has not joined, else the one to
    move or to answer a chance move; ``None`` once the game is over and everyone joined."""
    free = [s for s, c in enumerate(lg.commits) if c is None]
    people = [s for s in free if not lg.is_computer(s)]  # a computer joins on its host's
    return (people or free)[0] if free else lg.handler()


def link_to(lg: LinkGame) -> int | None:
    """The person whose device the link goes to now (a computer seat's: its host's)."""
    seat = next_seat(lg)
    return None if seat is None else lg.device_of(seat)


class LinkPlay(Feature):
    name = "link"

    def __init__(self, box, storage, banner=None, platform=None, base_url: str = "./"):
        add_play_texts()
        self.box = box
        self.device = LinkDevice(storage) if storage is not None else None
        self.messages = banner
        self.platform = platform
        self.base_url = base_url  # the app's address written in the links (the page sets it)
        self.view: str | None = None  # "form", "list" or "seat" (an overlay), else None
        self.form: dict = {"players": 2, "names": {}, "me": 0, "kinds": {}}
        self.form_error: str | None = None
        self.lg: LinkGame | None = None  # the linked game on the table, as this device has it
        self.seat: int | None = None  # this device's seat in it
        self.gen: int | None = None  # the table's generation showing it
        self.table_game: str | None = None
        self.shared = ""  # "shared", "copied", "failed": the share panel's last outcome
        self.qr_large = False  # the QR code drawn large (a tap on it), to be scanned
        self.drawn: str | None = None  # the name whose chance move this device drew on opening
        self.choosing: LinkGame | None = None  # a link with several free seats: which is ours
        self._busy = False
        self._qr_cache: tuple | None = None
        self.thinking = None  # (game id, generator): this device plays its computer seats
        self._stuck: tuple | None = None  # (game id, steps) its computer could not play on
        self.board = WaitBoard()

    # -------------------------------------------------------------- which game is on the table

    def active(self, table) -> bool:
        """The table shows this feature's linked game (not another game started since)."""
        return (
            self.lg is not None
            and table is not None
            and table.game.id == self.table_game
            and table.generation == self.gen
            and table.state is not None
        )

    def keeps_game(self, table) -> bool:
        return self._busy or self.active(table)

    def my_turn(self) -> bool:
        return self.lg is not None and self.seat is not None and next_seat(self.lg) == self.seat

    def url(self) -> str:
        return self.lg.url(self.base_url) if self.lg is not None else ""

    # -------------------------------------------------------------- showing a linked game

    def show(self, lg: LinkGame, seat: int | None) -> None:
        """Put ``lg`` on its game's table, seen from ``seat``."""
        table = self.box.switch(lg.game.id)
        table.hide_between = True
        self.lg, self.seat, self.table_game = lg, seat, lg.game.id
        self.gen = table.generation + 1  # what ``resume`` makes it
        self.view = None
        self._busy = True
        try:
            table.resume(json.loads(json.dumps(lg.state)), [HUMAN] * len(lg.commits))
        finally:
            self._busy = False
        self.gen = table.generation
        if seat is not None and next_seat(lg) == seat and table.screen == "handover":
            table.handle("ready", {})  # this device's own turn: no hand-over screen
        elif self._waiting(table):
            table.focus = "link-title"  # the waiting screen's heading
        self._begin_computer(lg)

    # -------------------------------------------------------------- the computer's seats

    def computer_turn(self) -> bool:
        """The link is with a computer seat this device plays (its steps are being made)."""
        lg = self.lg
        if lg is None or self.device is None or self.seat is None:
            return False
        to = next_seat(lg)
        return to is not None and lg.is_computer(to) and lg.device_of(to) == self.seat

    def _begin_computer(self, lg: LinkGame) -> None:
        self.thinking = None
        if self.computer_turn() and self._stuck != (lg.gid, len(lg.steps)):
            self.thinking = (lg.gid, self.device.computer_turns(lg, THINK_SLICE_MS))

    def busy(self) -> bool:
        return self.thinking is not None

    def work(self, budget_ms: float) -> bool:
        """A slice of the computer seats' steps; when they are made, the game is shown with
        the link for the next person (or this device's own turn)."""
        if self.thinking is None:
            return False
        gid, gen = self.thinking
        end = time.perf_counter() + budget_ms / 1000
        try:
            while time.perf_counter() < end:
                next(gen)
        except StopIteration as stop:
            self.thinking = None
            if self.lg is not None and self.lg.gid == gid:
                if stop.value is self.lg:  # nothing it could play (a link made otherwise)
                    self._stuck = (gid, len(self.lg.steps))
                self._refresh(stop.value)
            return self.thinking is not None
        except LinkError as e:
            self.thinking = None
            if self.lg is not None:
                self._stuck = (self.lg.gid, len(self.lg.steps))
                self._after_refusal(e, self.lg)
            return False
        return True

    def _refresh(self, lg: LinkGame, answer: bool = False) -> None:
        """Show ``lg``, a newer copy of the game shown, where it is on the table (an overlay
        open over it stays, with its focus); else only remember it."""
        table = self.box.table
        if not self.active(table):
            self.lg = lg
            return
        view, choosing, focus = self.view, self.choosing, table.focus
        if answer:
            self._answer_and_show(lg, self.seat)
        else:
            self.show(lg, self.seat)
        if view is not None:
            self.view, self.choosing, table.focus = view, choosing, focus

    def _after_refusal(self, e: LinkError, lg: LinkGame) -> None:
        """A step refused: its message, then the game as kept (another tab's newer copy)."""
        self._refused(_message(e))
        stored = self.device.copy_of(lg.gid) if e.kind == "newer" else None
        self.show(stored if stored is not None else lg, self.seat)

    # -------------------------------------------------------------- another tab

    def storage_changed(self, key: str | None) -> bool:
        """Another tab changed a linked game (``key``; None: the storage cleared): the list
        is drawn anew; a newer copy of the game shown here replaces it (an older one never)."""
        if self.device is None or (key is not None and not str(key).startswith(GAME_PREFIX)):
            return False
        redraw = self.view == "list"
        lg = self.lg
        if lg is None or (key is not None and key != GAME_PREFIX + lg.gid):
            return redraw
        stored = self.device.copy_of(lg.gid)
        if stored is None or len(stored.steps) <= len(lg.steps) or not extends(stored, lg.text()):
            return redraw  # gone, the same, older or not ours to follow: this copy stays
        self.thinking = None
        if self.active(self.box.table):
            self.shared = ""
            self.drawn = None
            self._refused(t("link.refused.newer"))
        self._refresh(stored, answer=True)
        return True

    def _refused(self, message: str) -> None:
        if self.messages is not None:
            self.messages.post("link.banner", text=message)

    def open_link(self, href: str) -> bool:
        """Open a link (the page's address with its ``#g=`` fragment); True when handled."""
        add_play_texts()
        if self.device is None:
            self._refused(t("link.refused.storage"))
            return True
        opened = self.device.open(href)
        if opened.game is None:
            self._refused(opened.message)
            return True
        lg = opened.game
        seat = lg.seat_of(self.device.secret())
        self.drawn = None
        self.shared = ""
        if seat is None and not lg.over():
            free = [s for s, c in enumerate(lg.commits) if c is None and not lg.is_computer(s)]
            if len(free) > 1:
                self.choosing = lg
                self.view = "seat"
                self.box.table.focus = "link-title"
                return True
            if len(free) == 1:
                return self._join(lg, free[0])
        if opened.status == "old" and self.messages is not None:
            self.messages.post("link.banner", text=opened.message)
        elif seat is None and self.messages is not None:
            self.messages.post("link.banner", text=t("link.opened.watch"))
        return self._answer_and_show(lg, seat)

    def _join(self, lg: LinkGame, seat: int) -> bool:
        try:
            nxt = lg.play(self.device.secret(), seat, [])
            self.device.keep(nxt)
        except LinkError as e:
            self._refused(_message(e))
            return True
        return self._answer_and_show(nxt, seat)

    def _answer_and_show(self, lg: LinkGame, seat: int | None) -> bool:
        """A chance move waiting for this device's answer is drawn now, then the game shown."""
        if seat is not None and lg.pending is not None and lg.handler() == seat:
            mover = lg.name(lg.pending["seat"])
            try:
                lg = self.device.play(lg.gid, [])
                self.drawn = mover
                if self.messages is not None:
                    self.messages.post("link.drawn", name=mover)
            except LinkError as e:
                self._refused(_message(e))
        self.show(lg, seat)
        return True

    # -------------------------------------------------------------- this device's moves

    def after_change(self, table) -> None:
        if self._busy or not self.active(table) or self.seat is None:
            return
        lg, seat = self.lg, self.seat
        log = table.state["log"]
        base = len(lg.state["log"])
        new = log[base:]
        if not new:
            return
        if any(not isinstance(e, list) or e[0] != seat for e in new):
            self.show(lg, seat)  # not this device's moves: back to the copy
            return
        actions = [str(e[1]) for e in new]
        try:
            trial = lg.play(self.device.secret(), seat, actions)
        except LinkError as e:
            self._refused(_message(e))
            self.show(lg, seat)
            return
        if trial.pending is None and next_seat(trial) == seat and not trial.over():
            return  # this device's turn goes on
        try:
            self.device.keep(trial)
        except LinkError as e:
            self._after_refusal(e, lg)
            return
        self.shared = ""
        self.drawn = None
        self.show(trial, seat)
        table.focus = "link-title" if not trial.over() else table.focus

    # -------------------------------------------------------------- input

    def overlay_open(self, table) -> bool:
        return self.view is not None or self._waiting(table)

    def _waiting(self, table) -> bool:
        return (
            self.active(table)
            and table.screen != "setup"
            and not self.lg.over()
            and not self.my_turn()
        )

    def close(self, table=None) -> None:
        self.view = None
        self.choosing = None

    def holds_bots(self, table) -> bool:
        return self.overlay_open(table) or self.active(table)

    def handle(self, action: str, data: dict, table) -> bool | None:
        if not action.startswith(_OWN):
            if self.view is None and action in self.board.actions and self._waiting(table):
                focus = self.board.look(self.lg, self.seat, action, data)  # a look, no move
                table.focus = focus or table.focus
                return True
            if self.view is not None and not action.startswith(("banner-", "lang", "sound")):
                self.view = None
            if self.active(table) and action == "ready" and not self.my_turn():
                return False  # another device's seat: nobody plays it here
            return None
        add_play_texts()
        if action == "link-list":
            self.view = "list"
            table.focus = "link-title"
            return True
        if action == "link-back":
            self.view = None
            self.choosing = None
            table.focus = "link-list" if table.screen == "setup" else None
            return True
        if action == "link-new":
            self.view = "form"
            entry = games.entry(table.game.id)
            self.form["players"] = min(
                entry.max_players, max(2, entry.min_players, self.form.get("players", 2))
            )
            table.focus = "link-title"
            return True
        if action == "link-players":
            n = _int(data.get("value"), 2)
            if 2 <= n <= games.entry(table.game.id).max_players:
                self.form["players"] = n
                self.form["me"] = min(self.form["me"], n - 1)
            return True
        if action == "link-name":
            seat = _int(data.get("seat"), -1)
            if 0 <= seat < 8:
                self.form["names"][seat] = str(data.get("value", ""))[:24]
            return False
        if action == "link-me":
            seat = _int(data.get("value"), 0)
            if 0 <= seat < self.form["players"] and self._kind(seat) == HUMAN:
                self.form["me"] = seat
            return True
        if action == "link-kind":
            seat, kind = _int(data.get("seat"), -1), str(data.get("value", ""))
            if 0 <= seat < self.form["players"] and kind in (HUMAN, *table.game.bot_names):
                self.form["kinds"][seat] = kind
                if kind != HUMAN and self.form["me"] == seat:
                    people = [s for s in range(self.form["players"]) if self._kind(s) == HUMAN]
                    self.form["me"] = people[0] if people else 0
            return True
        if action == "link-start":
            return self._start(table)
        if action == "link-open":
            return self._resume(data.get("gid", ""))
        if action == "link-seat" and self.choosing is not None:
            seat = _int(data.get("seat"), -1)
            lg, self.choosing = self.choosing, None
            if 0 <= seat < len(lg.commits) and lg.commits[seat] is None and not lg.bots[seat]:
                return self._join(lg, seat)
            return True
        if action == "link-qr-zoom":  # the QR code large enough to scan, or small again
            self.qr_large = not self.qr_large
            self.box.table.focus = "link-qr-zoom"
            return True
        if action in ("link-share", "link-copy") and self.lg is not None:
            self._share(copy_only=action == "link-copy")
            return True
        return False

    def _share(self, copy_only: bool) -> None:
        """Share: the share sheet (the link with the game's name and a line), else copy; Copy:
        the clipboard only. The outcome comes back in ``_shared``."""
        platform, url = self.platform, self.url()
        if platform is None:
            self.shared = "failed"
        elif copy_only or not hasattr(platform, "share_link"):
            platform.share(url, self._shared, copy_only=copy_only)
        else:
            game = games.entry(self.lg.game.id).title
            title = t("link.share.sheet_title", game=game)
            platform.share_link(url, title, t("link.share.sheet_text", game=game), self._shared)

    def _shared(self, how: str) -> None:
        if how == "cancelled":  # the person closed the share sheet: nothing to say
            self.shared = ""
            return
        self.shared = how if how in ("shared", "copied", "failed") else "failed"
        if self.shared == "failed":
            self.box.table.focus = "link-field"

    def _start(self, table) -> bool:
        if self.device is None:
            self._refused(t("link.refused.storage"))
            return True
        game = table.game
        n = self.form["players"]
        kinds = [self._kind(s) for s in range(n)]
        if sum(k == HUMAN for k in kinds) < 2 or kinds[self.form["me"]] != HUMAN:
            self.form_error = t("link.form.two_people")
            table.focus = "link-form-error"
            return True
        self.form_error = None
        names = [
            (self.form["names"].get(s) or "").strip() or self._default_name(s) for s in range(n)
        ]
        bots = [None if k == HUMAN else k for k in kinds]
        try:
            lg = self.device.start(game, {"players": n, "names": names}, self.form["me"], bots)
        except LinkError as e:
            self._refused(_message(e))
            return True
        self.shared = ""
        self.drawn = None
        self.show(lg, self.form["me"])
        self.box.table.focus = "link-title"
        return True

    def _kind(self, seat: int) -> str:
        """Who plays ``seat`` on the form: a person (the default) or a computer level."""
        return self.form["kinds"].get(seat, HUMAN)

    def _default_name(self, seat: int) -> str:
        key = "link.form.default_name" if self._kind(seat) == HUMAN else "link.form.bot_name"
        return t(key, n=seat + 1)

    def _resume(self, gid: str) -> bool:
        if self.device is None:
            return True
        lg = self.device.copy_of(str(gid))
        if lg is None:
            return True
        self.shared = ""
        self.drawn = None
        return self._answer_and_show(lg, lg.seat_of(self.device.secret()))

    # -------------------------------------------------------------- drawing

    def overlay(self, table) -> E | None:
        add_play_texts()
        if self.view == "form":
            return self._form(table)
        if self.view == "list":
            return self._list()
        if self.view == "seat" and self.choosing is not None:
            return self._seat_choice()
        if self._waiting(table):
            return self._wait_screen()
        return None

    def _wait_screen(self) -> E:
        """The waiting panel beside (wide screens) or above (phones) the game's board."""
        return h(
            "div",
            {"class": "link-wait-wrap", "data-game": self.lg.game.id, "data-link-state": "waiting"},
            self._wait_panel(),
            self.board.render(self.lg, self.seat),
        )

    def decorate(self, body: E, table) -> E:
        # inside the game's own screen element (its layout fills the viewport: never wrapped)
        add_play_texts()
        if not isinstance(body, E):
            return body
        if table.screen == "setup" or table.state is None:
            row = h(
                "div",
                {"class": "link-start", "data-key": "link-start-row"},
                h(
                    "button",
                    {"type": "button", "data-action": "link-new", "data-key": "link-new"},
                    t("link.start_button"),
                ),
                h(
                    "button",
                    {"type": "button", "data-action": "link-list", "data-key": "link-list"},
                    t("link.menu"),
                ),
            )
            return E(body.tag, body.attrs, [*body.children, row])
        if self.active(table) and table.screen == "end":  # the last link, for the others
            return E(body.tag, body.attrs, [*body.children, self._share_panel(compact=True)])
        return body

    def _wait_panel(self) -> E:
        lg = self.lg
        to = next_seat(lg)
        name = lg.name(to)
        thinking = self.computer_turn() and self._stuck != (lg.gid, len(lg.steps))
        title = t("link.wait.title", name=name)
        if thinking:
            title = t("link.wait.computer_title", name=name)
            text = t("link.wait.computer", name=name)
        elif any(c is None for c in lg.commits):
            text = t("link.wait.join", name=name)
        elif lg.is_computer(to):
            host = lg.name(lg.device_of(to))
            title = t("link.wait.title", name=host)
            text = t("link.wait.host", name=host, bot=name)
        elif lg.pending is not None:
            text = t("link.wait.chance", name=name)
        else:
            text = t("link.wait.turn", name=name)
        parts = [h("p", {"class": "link-wait-text", "data-key": "link-wait-text"}, text)]
        if not thinking:  # the link is ready once the computer's steps are made
            parts.append(self._share_panel())
        parts.append(
            h(
                "button",
                {"type": "button", "data-action": "link-list", "data-key": "link-to-list"},
                t("link.menu"),
            )
        )
        return titled_screen(
            "link",
            "link-screen link-wait",
            title,
            *parts,
            attrs={
                "data-link-state": "waiting",
                "data-computer": "playing" if thinking else None,
                "aria-busy": "true" if thinking else None,
            },
        )

    def _share_panel(self, compact: bool = False) -> E:
        lg = self.lg
        url = self.url()
        to = link_to(lg)  # a computer seat's link goes to its host: the field names them
        who = lg.name(to) if to is not None else ""
        field_label = t("link.share.field", name=who) if who else t("link.share.title")
        status = {
            "shared": "link.share.shared",
            "copied": "link.share.copied",
            "failed": "link.share.failed",
        }.get(self.shared)
        kids = [
            h(
                "label",
                {"for": "link-field", "class": "link-field-label", "data-key": "link-field-label"},
                field_label,
            ),
            h(
                "input",
                {
                    "id": "link-field",
                    "class": "link-field",
                    "type": "text",
                    "readonly": "",
                    "value": url,
                    "data-key": "link-field",
                    "data-link": url,
                    "spellcheck": "false",
                    "autocomplete": "off",
                },
            ),
            h(
                "div",
                {"class": "link-buttons"},
                h(
                    "button",
                    {"type": "button", "data-action": "link-share", "data-key": "link-share"},
                    t("link.share.share"),
                ),
                h(
                    "button",
                    {"type": "button", "data-action": "link-copy", "data-key": "link-copy"},
                    t("link.share.copy"),
                ),
            ),
            h(
                "p",
                {"class": "link-share-status", "role": "status", "data-key": "link-status"},
                t(status) if status else "",
            ),
        ]
        if not compact:
            large = self.qr_large
            kids.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "link-qr-zoom",
                        "data-action": "link-qr-zoom",
                        "data-key": "link-qr-zoom",
                        "aria-expanded": "true" if large else "false",
                        "title": t("link.share.qr_smaller" if large else "link.share.qr_larger"),
                    },
                    self._qr(url),
                )
            )
        return h(
            "section",
            {
                "class": "link-share"
                + (" compact" if compact else "")
                + (" qr-large" if self.qr_large and not compact else ""),
                "aria-label": t("link.share.title"),
                "data-key": "link-share-panel",
            },
            kids,
        )

    def _qr(self, url: str) -> E:
        key = (url, t("link.share.qr"))
        if self._qr_cache is None or self._qr_cache[0] != key:  # a second or so in Pyodide
            try:
                drawing = frozen(qr.svg(qr.encode(url.encode("utf-8")), key[1]))
            except ValueError:
                drawing = h("p", {"class": "link-qr-none"}, t("link.share.too_long"))
            self._qr_cache = (key, drawing)
        return self._qr_cache[1]

    def _form(self, table) -> E:
        game = table.game
        n = self.form["players"]
        entry = games.entry(game.id)
        low, high = max(2, entry.min_players), entry.max_players
        players = h(
            "label",
            {"class": "link-form-row"},
            h("span", None, t("link.form.players")),
            h(
                "select",
                {"data-action": "link-players", "data-key": "link-players"},
                [
                    h("option", {"value": str(k), **({"selected": ""} if k == n else {})}, str(k))
                    for k in range(low, high + 1)
                ],
            ),
        )
        kinds = (HUMAN, *game.bot_names)
        names = [
            h(
                "div",
                {"class": "link-seat-row"},
                h(
                    "label",
                    {"class": "link-form-row"},
                    h("span", None, t("link.form.name", n=s + 1)),
                    h(
                        "input",
                        {
                            "type": "text",
                            "maxlength": "24",
                            "data-action": "link-name",
                            "data-seat": str(s),
                            "data-key": f"link-name-{s}",
                            "value": self.form["names"].get(s, ""),
                            "placeholder": self._default_name(s),
                            "autocomplete": "off",
                        },
                    ),
                ),
                h(
                    "label",
                    {"class": "link-form-row"},
                    h("span", None, t("link.form.kind", n=s + 1)),
                    h(
                        "select",
                        {
                            "data-action": "link-kind",
                            "data-seat": str(s),
                            "data-key": f"link-kind-{s}",
                        },
                        [
                            h(
                                "option",
                                {"value": k, **({"selected": ""} if k == self._kind(s) else {})},
                                seat_kind_label(k),
                            )
                            for k in kinds
                        ],
                    ),
                ),
            )
            for s in range(n)
        ]
        me = h(
            "fieldset",
            {"class": "link-me"},
            h("legend", None, t("link.form.me")),
            [
                h(
                    "label",
                    {"class": "link-me-choice"},
                    h(
                        "input",
                        {
                            "type": "radio",
                            "name": "link-me",
                            "value": str(s),
                            "data-action": "link-me",
                            "data-key": f"link-me-{s}",
                            **({"checked": ""} if s == self.form["me"] else {}),
                        },
                    ),
                    h("span", None, self.form["names"].get(s) or self._default_name(s)),
                )
                for s in range(n)
                if self._kind(s) == HUMAN
            ],
        )
        error = self.form_error and h(
            "p",
            {
                "class": "link-form-error",
                "role": "alert",
                "tabindex": "-1",
                "data-key": "link-form-error",
            },
            self.form_error,
        )
        return titled_screen(
            "link",
            "link-screen link-form",
            t("link.form.title"),
            h("p", None, games.entry(game.id).title),
            h("p", None, t("link.form.intro")),
            players,
            names,
            me,
            h("p", {"class": "link-note"}, t("link.form.bots")),
            error,
            h(
                "div",
                {"class": "link-buttons"},
                h(
                    "button",
                    {"type": "button", "data-action": "link-start", "data-key": "link-start"},
                    t("link.form.start"),
                ),
                h(
                    "button",
                    {
                        "type": "button",
                        "data-action": "link-back",
                        "data-key": "link-back",
                        "data-overlay-close": "",
                    },
                    t("link.back"),
                ),
            ),
            overlay=True,
        )

    def _list(self) -> E:
        rows = []
        for g in self.entries():
            rows.append(
                h(
                    "li",
                    {"class": "link-game", "data-gid": g["id"], "data-turn": g["state"]},
                    h("span", {"class": "link-game-title"}, g["title"]),
                    h("span", {"class": "link-game-names"}, ", ".join(g["names"])),
                    h("span", {"class": "link-game-turn"}, g["turn"]),
                    h(
                        "button",
                        {
                            "type": "button",
                            "data-action": "link-open",
                            "data-gid": g["id"],
                            "data-key": f"link-open-{g['id']}",
                        },
                        t("link.list.open"),
                    ),
                )
            )
        body = h("ul", {"class": "link-games"}, rows) if rows else h("p", None, t("link.list.none"))
        return titled_screen(
            "link",
            "link-screen link-list",
            t("link.list.title"),
            body,
            h(
                "div",
                {"class": "link-buttons"},
                h(
                    "button",
                    {"type": "button", "data-action": "link-new", "data-key": "link-new-list"},
                    t("link.list.new"),
                ),
                h(
                    "button",
                    {
                        "type": "button",
                        "data-action": "link-back",
                        "data-key": "link-back",
                        "data-overlay-close": "",
                    },
                    t("link.back"),
                ),
            ),
            overlay=True,
        )

    def _seat_choice(self) -> E:
        lg = self.choosing
        free = [s for s, c in enumerate(lg.commits) if c is None and not lg.is_computer(s)]
        return titled_screen(
            "link",
            "link-screen link-seat",
            t("link.seat.title"),
            h("p", None, t("link.seat.intro")),
            h(
                "div",
                {"class": "link-buttons"},
                [
                    h(
                        "button",
                        {
                            "type": "button",
                            "data-action": "link-seat",
                            "data-seat": str(s),
                            "data-key": f"link-seat-{s}",
                        },
                        lg.name(s),
                    )
                    for s in free
                ],
            ),
            overlay=True,
        )

    def entries(self) -> list[dict]:
        """This device's linked games, with whose turn it is (the list's rows)."""
        if self.device is None:
            return []
        out = []
        for g in self.device.games():
            lg = self.device.copy_of(g["id"])
            if lg is None:
                continue
            seat = lg.seat_of(self.device.secret())
            to = next_seat(lg)
            if to is None:
                turn, state = t("link.turn.over"), "over"
            elif to == seat:
                turn, state = t("link.turn.mine"), "mine"
            elif lg.is_computer(to) and lg.device_of(to) == seat:
                turn, state = t("link.turn.computer", name=lg.name(to)), "mine"
            elif lg.commits[to] is None:
                turn, state = t("link.list.joining", name=lg.name(to)), "other"
            else:
                turn, state = t("link.wait.title", name=lg.name(link_to(lg))), "other"
            out.append(
                {
                    "id": lg.gid,
                    "title": games.entry(lg.game.id).title,
                    "names": lg.names(),
                    "turn": turn,
                    "state": state,
                }
            )
        return out


def _int(text, default: int) -> int:
    try:
        return int(text)
    except (TypeError, ValueError):
        return default


def _message(error: LinkError) -> str:
    from ..link_device import refusal

    return refusal(error)
