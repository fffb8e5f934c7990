"""The seats of a new-game form, shared by every game's screens: how many players, each seat's
name and who plays it (a person or one of the game's computer players), and an optional seed.

``SeatForm`` holds the form's values and turns them into protocol options (``players``,
``seed``, ``names``); a game adds its own fields by subclassing it (Caldera Park's variant).
``SeatInputs`` is the mixin of a ``TableController`` that handles the form's inputs (``seats``,
``kind``, ``name``, ``seed``, ``start``), and ``count_fieldset``, ``seat_list`` and
``seed_field`` draw them. The form never checks the rules: ``start`` hands the options to the
game's ``new_game``, whose refusal is shown on the form.
"""

from __future__ import annotations

from collections.abc import Callable

from pyapp.core.errors import GameError, OptionsError
from pyapp.core.options import SEED_TEXT_MAX, seed_from_text

from .i18n import t
from .table import HUMAN, int_or, preferred_bot
from .vdom import E, h

NAME_MAX = 40
SEED_MAX = SEED_TEXT_MAX  # characters the seed field takes


def seat_kind_label(kind: str) -> str:
    """ "A person" or "Computer: strong" (a bot without a translated name keeps its own)."""
    if kind == HUMAN:
        return t("seat.human")
    label = t(f"bot.{kind}")
    return t("seat.bot", bot=label if label != f"bot.{kind}" else kind)


class SeatForm:
    """Seats of a new game: ``count`` of ``max_seats`` in use, their names and kinds, a seed."""

    def __init__(self, bot_names, min_seats: int, max_seats: int, count: int | None = None):
        self.bot_names = list(bot_names)
        self.min_seats = min_seats
        self.max_seats = max_seats
        self.count = count if count is not None else max(min_seats, min(2, max_seats))
        self.seed = ""
        self.names = [t("setup.default_name", n=i + 1) for i in range(max_seats)]
        self.kinds = [HUMAN] + [preferred_bot(self.bot_names)] * (max_seats - 1)
        self.typed: set[int] = set()  # seats whose name the person typed in this form
        self.error: str | None = None

    def counts(self) -> list[int]:
        return list(range(self.min_seats, self.max_seats + 1))

    def seat_kinds(self) -> list[str]:
        return [HUMAN, *self.bot_names]

    def seed_value(self, seed_source: Callable[[], int]):
        """The seed typed, read as everywhere (``core.options.seed_from_text``: 1 to 18 digits
        are a number, else the text), or a fresh one if none; ValueError if it is no seed."""
        if not self.seed.strip():
            return seed_source()
        try:
            return seed_from_text(self.seed)
        except OptionsError:
            raise ValueError(t("setup.error.seed")) from None

    def checked_names(self) -> list[str]:
        names = [n.strip() for n in self.names[: self.count]]
        for i, n in enumerate(names):
            if not n:
                raise ValueError(t("setup.error.name_empty", n=i + 1))
            if len(n) > NAME_MAX:
                raise ValueError(t("setup.error.name_long", n=i + 1))
        return names

    def extra_options(self) -> dict:
        """Options of the game's own fields (a subclass adds them)."""
        return {}

    def options(self, seed_source: Callable[[], int]) -> tuple[dict, list[str]]:
        """(engine options, seat kinds); raises ValueError with a message to show."""
        names = self.checked_names()
        seed = self.seed_value(seed_source)
        options = {"players": self.count, "seed": seed, **self.extra_options(), "names": names}
        return options, list(self.kinds[: self.count])

    def fill_seats(self, names: list[str], kinds: list[str]) -> None:
        """Take the names and seat kinds of a game (a rematch, the last options used)."""
        if not self.min_seats <= len(names) <= self.max_seats or len(names) != len(kinds):
            return
        self.count = len(names)
        self.typed = set()
        for i, (n, k) in enumerate(zip(names, kinds, strict=True)):
            self.names[i] = n
            self.kinds[i] = k if (k == HUMAN or k in self.bot_names) else HUMAN

    def set_kind(self, i: int, kind: str) -> None:
        """Seat ``i`` is now played by ``kind``. A computer's seat that changes hands loses the
        name it was given for that computer (the guided game's "Greedy bot", a last game's)
        unless the person typed it: it becomes the seat's default name."""
        old = self.kinds[i]
        self.kinds[i] = kind
        if kind != old and old != HUMAN and i not in self.typed:
            self.names[i] = t("setup.default_name", n=i + 1)


class SeatInputs:
    """Input handlers of a seat form, mixed into a ``TableController`` with a ``form``."""

    form: SeatForm

    def _on_seats(self, data):
        n = int_or(data.get("value"))
        if n in self.form.counts():
            self.form.count = n

    def _on_kind(self, data):
        i, kind = int_or(data.get("seat"), -1), data.get("value")
        if 0 <= i < self.form.max_seats and kind in self.form.seat_kinds():
            self.form.set_kind(i, kind)

    def _on_name(self, data):
        i = int_or(data.get("seat"), -1)
        if 0 <= i < self.form.max_seats:
            self.form.names[i] = str(data.get("value", ""))[:60]
            self.form.typed.add(i)
        return False  # typing: no redraw

    def _on_seed(self, data):
        self.form.seed = str(data.get("value", ""))[:80]
        return False

    def _on_start(self, data):
        try:
            options, seats = self.form.options(self.seed_source)
            self.form.error = None
            self.start_game(options, seats)
        except (ValueError, GameError) as e:
            self.form.error = str(e)
            self.focus = "setup-error"


# --------------------------------------------------------------------------- drawing


def count_fieldset(form: SeatForm) -> E:
    counts = []
    for n in form.counts():
        counts.append(
            h(
                "label",
                {"class": "choice count"},
                h(
                    "input",
                    {
                        "type": "radio",
                        "name": "count",
                        "value": str(n),
                        "data-action": "seats",
                        "data-key": f"count-{n}",
                        "checked": form.count == n,
                    },
                ),
                h("span", None, str(n)),
            )
        )
    return h("fieldset", {"class": "counts"}, h("legend", None, t("setup.players")), counts)


def seat_list(
    form: SeatForm,
    extra: Callable[[int], E] | None = None,
    swatch: str | None = None,
) -> E:
    """The seats: each one's name and kind, then what ``extra(i)`` draws for seat ``i`` (a
    game's own field). ``swatch``: the class of a colour swatch before each name (the seat's
    colour comes from its ``own-i`` class)."""
    seats = []
    for i in range(form.count):
        options = [
            h("option", {"value": k, "selected": form.kinds[i] == k}, seat_kind_label(k))
            for k in form.seat_kinds()
        ]
        label = t("setup.seat_name", n=i + 1)
        seats.append(
            h(
                "li",
                {"class": f"seat own-{i}" if swatch else "seat"},
                h(
                    "label",
                    {"class": "seat-name"},
                    h("span", None, h("span", {"class": swatch}), " ", label)
                    if swatch
                    else h("span", None, label),
                    h(
                        "input",
                        {
                            "type": "text",
                            "maxlength": str(NAME_MAX),
                            "value": form.names[i],
                            "data-action": "name",
                            "data-seat": str(i),
                            "data-key": f"name-{i}",
                            "autocomplete": "off",
                        },
                    ),
                ),
                h(
                    "label",
                    {"class": "seat-kind"},
                    h("span", None, t("setup.seat_kind")),
                    h(
                        "select",
                        {
                            "data-action": "kind",
                            "data-seat": str(i),
                            "data-key": f"kind-{i}",
                            "value": form.kinds[i],
                        },
                        options,
                    ),
                ),
                extra(i) if extra is not None else None,
            )
        )
    return h("ol", {"class": "seats"}, seats)


def seed_field(form: SeatForm) -> E:
    return h(
        "label",
        {"class": "seed"},
        h("span", None, t("setup.seed")),
        h(
            "input",
            {
                "type": "text",
                "inputmode": "text",
                "maxlength": str(SEED_MAX),
                "value": form.seed,
                "placeholder": t("setup.seed_placeholder"),
                "data-action": "seed",
                "data-key": "seed",
                "autocomplete": "off",
            },
        ),
    )


def form_error(form: SeatForm) -> E:
    return h(
        "p",
        {"class": "form-error", "role": "alert", "data-key": "setup-error", "tabindex": "-1"},
        form.error or "",
    )


def setup_buttons(table) -> E:
    return h(
        "div",
        {"class": "setup-buttons"},
        h(
            "button",
            {"type": "button", "class": "primary", "data-action": "start", "data-key": "start"},
            t("setup.start"),
        ),
        table.state is not None
        and h(
            "button",
            {
                "type": "button",
                "class": "secondary",
                "data-action": "continue",
                "data-key": "continue",
            },
            t("setup.continue"),
        ),
    )
