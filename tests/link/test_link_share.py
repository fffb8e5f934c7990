"""The share panel's buttons over a fake platform (CPython; the real Web Share API and clipboard
are driven in Chromium by ``tests/browser/test_link_play_page.py``): Share hands the platform
the link with the game's name and a line of text in the player's language; each outcome
("shared", "copied", "failed", "cancelled") gives its status line, a cancelled share none;
Copy only copies; a platform without ``share_link`` shares the link as text."""

import pytest
from test_link_screens import device, start

from pyapp.ui import i18n
from pyapp.ui.features.link_play import TEXTS_EN, TEXTS_FR
from tests.saves.composed import view


class Platform:
    def __init__(self, answer: str, links: bool = True):
        self.answer = answer
        self.calls: list[tuple] = []
        if links:
            self.share_link = self._share_link

    def _share_link(self, url, title, text, callback):
        self.calls.append(("share_link", url, title, text))
        callback(self.answer)

    def share(self, text, callback, copy_only=False):
        self.calls.append(("share", text, copy_only))
        callback("copied" if copy_only or self.answer == "copied" else self.answer)


def status(app) -> str:
    panel = view(app.table)[-1].find(data_key="link-status")
    return "".join(c for c in panel.children if isinstance(c, str))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_share_gives_the_link_its_title_and_text(lang):
    ann = device("pyramids")
    i18n.set_language(lang)
    url = start(ann, 2, 0, ["Ann", "Bob"])
    ann.link.platform = Platform("shared")
    assert ann.table.handle("link-share", {})
    assert ann.link.platform.calls == [
        (
            "share_link",
            url,
            i18n.t("link.share.sheet_title", game="Caldera"),
            i18n.t("link.share.sheet_text", game="Caldera"),
        )
    ]
    said = {"en": TEXTS_EN, "fr": TEXTS_FR}[lang]["link.share.sheet_title"]
    assert ann.link.platform.calls[0][2] == said.format(game="Caldera")  # the language's own
    assert status(ann) == i18n.t("link.share.shared")


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        ("shared", "link.share.shared"),
        ("copied", "link.share.copied"),  # no share sheet (or it failed): copied
        ("failed", "link.share.failed"),
        ("cancelled", None),
        ("???", "link.share.failed"),
    ],
)
def test_each_outcome_of_share_is_said_and_a_cancelled_share_is_silent(answer, said):
    ann = device("caledea")
    start(ann, 2, 0, ["Ann", "Bob"])
    ann.link.platform = Platform("copied")
    ann.table.handle("link-copy", {})
    assert status(ann) == TEXTS_EN["link.share.copied"]
    ann.link.platform = Platform(answer)
    ann.table.handle("link-share", {})
    assert status(ann) == (TEXTS_EN[said] if said else "")
    if answer in ("failed", "???"):  # the field, to copy by hand
        assert ann.table.focus == "link-field"


def test_copy_only_copies_and_an_older_platform_shares_the_link_as_text():
    ann = device("park")
    url = start(ann, 2, 0, ["Ann", "Bob"])
    ann.link.platform = Platform("shared")
    ann.table.handle("link-copy", {})
    assert ann.link.platform.calls == [("share", url, True)]
    ann.link.platform = Platform("shared", links=False)
    ann.table.handle("link-share", {})
    assert ann.link.platform.calls == [("share", url, False)]
    assert status(ann) == TEXTS_EN["link.share.shared"]
