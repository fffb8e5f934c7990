"""The zoomed board of a phone: while a move is chosen on a screen too small for the whole board
to give each square 44 CSS px, the board shows a window of k x k squares centred on the
selection, each at least ``ZOOM_PX`` wide; the window pans round the torus like the whole board
(the pan buttons and a drag move it), and a toggle turns the zoom on or off at any time.

The page tells the table its size with the inputs of the board (``data-viewport`` in
static/js/game-dom.js); without it (tests, before any input) nothing zooms by itself. Mixed into
Caledea's ``Controller``; pure Python.
"""

from __future__ import annotations

from . import model

ZOOM_PX = 46  # a zoomed square's least width in CSS px (44 and a little for the borders)
TOUCH_PX = 44  # under this, a square is too small for a finger
MANUAL_CELLS = 7  # the window of a zoom asked for on a large screen
PHONE_WIDTH = 640  # 40rem: static/css/caledea.css's phone layout
LOW_HEIGHT = 500  # a phone held sideways


class ZoomInputs:
    """The zoom's state and inputs, for Caledea's ``Controller``."""

    def _board_px(self) -> float | None:
        """About how many CSS px the board's drawing may take across and down (its layout in
        static/css/caledea.css), or None when the page has not said its size."""
        if self.viewport is None:
            return None
        vw, vh = self.viewport
        if vw <= PHONE_WIDTH:
            return min(vw - 8, 0.54 * vh)
        if vw < 896:  # one column: the board's frame is at most 62 % of the height
            return min(vw - 8, 0.62 * vh)
        return min(vw - 420, vh - 211)  # beside the side column, under the status bar

    def small_screen(self) -> bool:
        """A phone's screen (narrow, or low: held sideways) whose whole board would give a
        square less than 44 px."""
        px = self._board_px()
        if px is None or self.state is None:
            return False
        vw, vh = self.viewport
        if vw > PHONE_WIDTH and vh > LOW_HEIGHT:
            return False
        b = model.board_info(self.state)
        return px / (max(b["width"], b["height"]) + 2) < TOUCH_PX

    def choosing_move(self) -> bool:
        """Units are chosen and where they go is to pick (a move, or a bombard's target)."""
        if self.state is None or self.human_to_move() is None:
            return False
        moving = self.turn.mode in ("move", "bombard") and bool(self.turn.units)
        return self.decision()["kind"] == "turn" and moving

    def zoomed(self) -> bool:
        if self.state is None or self.screen != "table":
            return False
        if self.zoom_choice is not None:
            return self.zoom_choice
        return self.small_screen() and self.choosing_move()

    def zoom_cells(self) -> int:
        """How many squares across the zoomed window shows (each at least ``ZOOM_PX``)."""
        b = model.board_info(self.state)
        px = self._board_px()
        k = MANUAL_CELLS if px is None else int(px // ZOOM_PX) - 1
        if px is not None and not self.small_screen():
            k = min(k, MANUAL_CELLS)
        return max(3, min(k, b["width"], b["height"]))

    def zoom_anchor(self) -> tuple[int, int] | None:
        """The square the zoom centres on: that of the first chosen unit."""
        for uid in self.turn.units:
            at = model.unit_at(self.state, uid)
            if at is not None:
                return at
        return None

    def board_origin(self) -> tuple[int, int]:
        """The square drawn top left: the board as panned, or the zoomed window's first."""
        if not self.zoomed():
            return self.view
        b = model.board_info(self.state)
        w, hgt = b["width"], b["height"]
        k = self.zoom_cells()
        anchor = self.zoom_anchor()
        if anchor is None:  # the middle of the board as panned
            base = (self.view[0] + (w - k) // 2, self.view[1] + (hgt - k) // 2)
        else:
            base = (anchor[0] - k // 2, anchor[1] - k // 2)
        pan_anchor, dx, dy = self.zoom_pan
        if pan_anchor != anchor:
            dx = dy = 0
        return ((base[0] + dx) % w, (base[1] + dy) % hgt)

    def zoom_panned(self) -> bool:
        pan_anchor, dx, dy = self.zoom_pan
        return pan_anchor == self.zoom_anchor() and (dx, dy) != (0, 0)

    def pan_zoomed(self, dx: int, dy: int, home: bool) -> bool:
        """Pan the zoomed window (``home``: back to the selection); False if nothing changed."""
        anchor = self.zoom_anchor()
        pan_anchor, x, y = self.zoom_pan
        if pan_anchor != anchor:
            x = y = 0
        new = (anchor, 0, 0) if home else (anchor, x + dx, y + dy)
        if new == (anchor, x, y):
            return False
        self.zoom_pan = new
        return True

    def _on_zoom(self, data):
        """The zoom toggle: on or off from now on, whatever the screen."""
        if self.state is None:
            return False
        self.zoom_choice = not self.zoomed()
        self.zoom_pan = (None, 0, 0)
        self.focus = "zoom"
