"""The English and French catalogues: same keys, same placeholders, French typography."""

from __future__ import annotations

import string

import pyapp.ui.features.saved_games  # noqa: F401 - adds the saved-games strings to the English catalogue
from pyapp.ui import i18n
from pyapp.ui.strings_fr import FR, NBSP, NNBSP
from pyapp.ui.strings_saves import EN_SAVES


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


def test_same_keys_in_both_catalogues():
    en = i18n.CATALOGUES["en"]
    assert set(EN_SAVES) <= set(en)
    assert sorted(set(en) - set(FR)) == [], "keys without French"
    assert sorted(set(FR) - set(en)) == [], "French keys unknown in English"


def test_same_placeholders():
    en = i18n.CATALOGUES["en"]
    bad = {k: (_fields(en[k]), _fields(FR[k])) for k in en if _fields(en[k]) != _fields(FR[k])}
    assert bad == {}


def test_french_is_really_french():
    en = i18n.CATALOGUES["en"]
    letters = {k: "".join(c for c in en[k] if c.isalpha()) for k in en}
    same = sorted(k for k in en if en[k] == FR[k] and len(letters[k]) > 12)
    # long texts identical in both languages would be untranslated
    assert same == []
    for k, v in FR.items():
        assert " :" not in v and " ;" not in v and " !" not in v and " ?" not in v, k
    assert FR["saves.title"] == "Parties enregistrées"
    assert [FR[f"species.{s}.one"] for s in ("eagle", "elk", "goat", "bear", "bison", "wolf")] == [
        "aigle", "élan", "chèvre", "ours", "bison", "loup"
    ]  # fmt: skip
    assert FR["prompt.place"] == "{name}" + NBSP + ": posez {requirement}."
    assert NNBSP + "?" in FR["saves.delete_confirm"]


def test_t_follows_the_language_and_formats():
    try:
        i18n.set_language("fr")
        assert i18n.t("saves.round_value", round=3) == "3 sur 5"
        assert i18n.t("menu.saves") == "Parties enregistrées"
        i18n.set_language("en")
        assert i18n.t("saves.round_value", round=3) == "3 of 5"
    finally:
        i18n.set_language("en")
