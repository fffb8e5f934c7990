"""The rules reference of the game on screen, drawn over the table (header entry "Rules"): a table
of contents whose entries move to their section, each game's sections and drawings from its
screens package (``pyapp/ui/<game>/rules_ref.py``: ``sections(lang)``, optionally
``pictures(lang)``), imported on first use. The bots wait while it is open; Escape, its Back
button, the phone's Back and anything else of the game close it."""

from __future__ import annotations

import importlib

from .. import i18n
from ..feature import Overlay
from ..frame import titled_screen
from ..i18n import t
from ..vdom import h


class Rules(Overlay):
    name = "rules"

    def menu(self, table) -> list[tuple[str, ...]]:
        return [("rules", "menu.rules")]

    def handle(self, action: str, data: dict, table) -> bool | None:
        if action == "rules":
            self.open = True
            table.focus = "rules-title"
            return True
        if not self.open:
            return None
        if action == "rules-close":
            self.open = False
            table.focus = "menu-rules"
            return True
        if action == "rules-goto":  # the table of contents: focus (and show) that section
            table.focus = f"rules-h-{data.get('section', '')}"
            return True
        if not action.startswith("banner-"):
            self.open = False  # anything else of the game (e.g. "New game") closes the rules
        return None

    def screen(self, table):
        # the rules of the game on screen: its screens package's ``rules_ref.sections(lang)``,
        # imported on first use (the reference text is big and not needed for the first screen)
        rules_ref = importlib.import_module(f"pyapp.ui.{table.game.id}.rules_ref")
        lang = i18n.language()
        # optional: the game's drawings per section id, [(drawing, caption), ...]
        pictures = rules_ref.pictures(lang) if hasattr(rules_ref, "pictures") else {}
        sections, contents = [], []
        for s in rules_ref.sections(lang):
            contents.append(
                h(
                    "li",
                    None,
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "link",
                            "data-action": "rules-goto",
                            "data-section": s["id"],
                            "data-key": f"rules-toc-{s['id']}",
                        },
                        s["title"],
                    ),
                )
            )
            body = []
            if s["intro"]:
                body.append(h("p", None, s["intro"]))
            if pictures.get(s["id"]):
                body.append(
                    h(
                        "ul",
                        {"class": "rules-pictures"},
                        [
                            h("li", None, h("figure", None, drawing, h("figcaption", None, text)))
                            for drawing, text in pictures[s["id"]]
                        ],
                    )
                )
            terms = [(a, b) for a, b in s["items"] if a]
            paras = [b for a, b in s["items"] if not a]
            body += [h("p", None, x) for x in paras]
            if terms:
                body.append(
                    h(
                        "dl",
                        {"class": "rules-terms"},
                        [[h("dt", None, a), h("dd", None, b)] for a, b in terms],
                    )
                )
            sections.append(
                h(
                    "section",
                    {
                        "class": "rules-section",
                        "id": f"rules-{s['id']}",
                        "aria-labelledby": f"rules-h-{s['id']}",
                    },
                    h(
                        "h2",
                        {
                            "id": f"rules-h-{s['id']}",
                            "tabindex": "-1",
                            "data-key": f"rules-h-{s['id']}",
                        },
                        s["title"],
                    ),
                    body,
                )
            )
        back = t("rules.close") if table.state is not None else t("saves.back")
        return titled_screen(
            "rules",
            "rules-screen",
            t("rules.title"),
            h(
                "nav",
                {"class": "rules-contents", "aria-labelledby": "rules-contents-title"},
                h("h2", {"id": "rules-contents-title"}, t("rules.contents")),
                h("ol", None, contents),
            ),
            sections,
            h(
                "button",
                {
                    "type": "button",
                    "data-action": "rules-close",
                    "data-key": "rules-close",
                    "data-overlay-close": "true",
                },
                back,
            ),
            heading="h2",
            overlay=True,
        )
