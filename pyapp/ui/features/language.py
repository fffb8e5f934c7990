"""The language: chosen at the start (the one the player chose before, else the browser's first
that the app speaks), switched from the header (its entry names the other language in that
language), remembered in storage; the page's ``<html lang>`` follows."""

from __future__ import annotations

from .. import i18n
from ..feature import Feature
from ..i18n import t

# the language switch's label names the other language in that language: its lang attribute too
LANG_SWITCH = ("lang", "lang.switch", "lang.switch.lang")


def pick_language(tags) -> str:
    """The first of the browser's languages that the app speaks; English otherwise."""
    for tag in tags or ():
        base = str(tag).lower().split("-")[0].split("_")[0]
        if base in i18n.LANGUAGES:
            return base
    return "en"


class Language(Feature):
    """``store``: the saved games' ``SaveStore`` (it keeps the choice); ``platform``: the page's
    ``languages()`` and, optionally, ``set_document_language(lang)``; ``tables``: the box (every
    table made so far: their forms' default names follow the language)."""

    name = "language"
    switches = ("lang",)

    def __init__(self, store, platform=None, tables=None):
        self.store = store
        self.platform = platform
        self.tables = tables

    def start(self, table) -> None:
        lang = self.store.language()
        if lang is None and self.platform is not None:
            lang = pick_language(self.platform.languages())
        self.apply(lang or "en", table)
        if getattr(table, "state", None) is not None and hasattr(table, "prompt"):
            # a game resumed before: its announcement in the language
            over = table.screen == "end"
            ending = getattr(table, "end_announcement", None)
            end = ending() if callable(ending) else t("end.announce")
            table.announcement = end if over else table.prompt()

    def apply(self, lang: str, table=None) -> None:
        old = i18n.language()
        i18n.set_language(lang)
        tables = list(self.tables.tables.values()) if self.tables is not None else [table]
        for each in tables:
            form = getattr(each, "form", None)
            if form is None or old == lang:
                continue
            for i, name in enumerate(form.names):  # default seat names follow the language
                if name == i18n.t_in(old, "setup.default_name", n=i + 1):
                    form.names[i] = t("setup.default_name", n=i + 1)
        # the page's <html lang> follows, where the platform has a page (optional method)
        set_document_language = getattr(self.platform, "set_document_language", None)
        if set_document_language is not None:
            set_document_language(lang)

    def switch(self, table) -> None:
        lang = "fr" if i18n.language() == "en" else "en"
        self.apply(lang, table)
        self.store.set_language(lang)
        table.focus = "menu-lang"
        if getattr(table, "state", None) is not None and hasattr(table, "prompt"):
            table.announcement = table.prompt()

    def menu(self, table) -> list[tuple[str, ...]]:
        return [LANG_SWITCH]

    def handle(self, action: str, data: dict, table) -> bool | None:
        if action != "lang":
            return None
        self.switch(table)
        return True
