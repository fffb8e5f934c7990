"""The board of a game by link while it waits for another device (``link_play.py``): the game's
own table, drawn by its own screens from a table made for this view alone, on which nobody
moves (``watch_only``), seen from this device's seat (``seen_from``: its park drawn large, its
side of the map), the moves since that seat's last one marked as a live table marks them. The
drawing leaves out the live controls (``replay.without_live``), as a replay does. What the board
offers to look at (Caldera Park's parks, its families, Caledea's zoom) acts on that table
(``look``): never a move."""

from __future__ import annotations

from pyapp.core.link import LinkGame

from ..game_screens import screens
from ..i18n import t
from ..replay import without_live
from ..table import HUMAN
from ..vdom import E, h


class WaitBoard:
    def __init__(self):
        self.tables: dict[str, object] = {}  # game id -> its view table
        self._key: tuple | None = None
        self._view: dict | None = None
        self.actions: frozenset = frozenset()  # what the board drawn last offers

    def look(self, lg: LinkGame, seat: int | None, action: str, data: dict) -> str | None:
        """An input the board drawn offers (not its log: the shell's replay shows those),
        given to the view table; the focus it asks for (a data-key), if any."""
        vt = self.table(lg, seat)
        vt.handle(action, data)
        focus, vt.focus = vt.focus, None
        return focus

    def table(self, lg: LinkGame, seat: int | None):
        """The view table of ``lg`` as ``seat`` sees it (None: a watcher, the first seat)."""
        gid = lg.game.id
        pkg = screens(gid)
        vt = self.tables.get(gid)
        if vt is None:
            vt = self.tables[gid] = pkg.make_table(reduced_motion=True)
            vt.watch_only = True  # nobody moves here, whatever its seats say
        key = (lg.gid, len(lg.steps), seat)
        if self._key != key:  # one view object per position: the screens' memos hold
            self._key = key
            self._view = lg.view(seat) if seat is not None else lg.state
        n = len(lg.commits)
        vt.state = self._view
        vt.seats = [HUMAN] * n
        vt.screen = "table"
        vt.seen_from = vt.last_human = seat if seat is not None else 0
        vt.mark_from = None  # marked as on a live table: since the viewer's last move
        vt.result = None
        vt.error = vt.notice = None
        vt.handover_to = None
        return vt

    def render(self, lg: LinkGame, seat: int | None) -> E:
        vt = self.table(lg, seat)
        nodes, _ = screens(lg.game.id).render(vt)
        body = [kept for n in nodes[2:] if (kept := without_live(n)) is not None]
        self.actions = frozenset(
            e.attrs["data-action"]
            for n in body
            for e in n.find_all(lambda e: "data-action" in e.attrs)
            if not e.attrs["data-action"].startswith("log-")
        )
        return h(
            "div",
            {
                "class": "link-board",
                "data-game": lg.game.id,
                "data-key": "link-board",
                "role": "region",
                "aria-label": t("link.board"),
            },
            body,
        )
