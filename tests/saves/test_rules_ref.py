"""The in-app rules reference: both languages complete, parallel and in the team's own words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyapp.park.components import SOLO_RATINGS, WEATHER_KINDS
from pyapp.park.scoring import CATEGORIES
from pyapp.ui.park import rules_ref
from pyapp.ui.strings_fr import NBSP, NNBSP, format_number, typeset

ROOT = Path(__file__).resolve().parents[2]
RULES_DIRS = (ROOT.parent / "shared" / "rules",)
BOOKS = {"en": "caldera-park-rulebook-en.md", "fr": "caldera-park-rulebook-fr.md"}


def _texts(lang):
    for s in rules_ref.sections(lang):
        yield s["title"]
        if s["intro"]:
            yield s["intro"]
        for term, text in s["items"]:
            if term:
                yield term
            yield text


def test_both_languages_have_the_same_sections_and_items():
    en, fr = rules_ref.sections("en"), rules_ref.sections("fr")
    assert [s["id"] for s in en] == [s["id"] for s in fr]
    for a, b in zip(en, fr, strict=True):
        assert len(a["items"]) == len(b["items"]), a["id"]
        assert [t is None for t, _ in a["items"]] == [t is None for t, _ in b["items"]]
        assert bool(a["intro"]) == bool(b["intro"])
    assert rules_ref.sections("de") is rules_ref.sections("en")


def test_weather_section_covers_every_kind_in_order():
    for lang in ("en", "fr"):
        weather = next(s for s in rules_ref.sections(lang) if s["id"] == "weather")
        assert len(weather["items"]) == len(WEATHER_KINDS) == 8
    en = next(s for s in rules_ref.sections("en") if s["id"] == "weather")
    assert [t.lower() for t, _ in en["items"]] == list(WEATHER_KINDS)
    assert "1, 2 and 3 clouds" in en["items"][-1][1]


def test_scoring_section_has_the_13_categories_with_their_points():
    en = next(s for s in rules_ref.sections("en") if s["id"] == "scoring")
    assert len(en["items"]) == len(CATEGORIES) == 13
    points = {"waterfalls": "4", "mountains": "7", "prairie": "7", "forest": "7", "river": "8"}
    for cat, (term, text) in zip(CATEGORIES, en["items"], strict=True):
        if cat in points:
            assert term.lower() == cat and text.startswith(points[cat] + " points"), cat
    fr = next(s for s in rules_ref.sections("fr") if s["id"] == "scoring")
    assert [t for t, _ in fr["items"]][7:] == [
        "Chèvres",
        "Ours",
        "Loups",
        "Élans",
        "Aigles",
        "Bisons",
    ]


def test_solo_bands_match_the_engine_table():
    en = next(s for s in rules_ref.sections("en") if s["id"] == "solo")
    lows = sorted(m for m, _ in SOLO_RATINGS)
    terms = [t for t, _ in en["items"]]
    assert terms[0] == "Under 80" and terms[-1] == "220 or more"
    for (lo, hi), term in zip(zip(lows[1:-1], lows[2:], strict=True), terms[1:-1], strict=True):
        assert term == f"{lo} to {hi - 1}"


def _sentences(text: str) -> set[str]:
    words = re.findall(r"[\w']+", text.lower())
    return {" ".join(words[i : i + 7]) for i in range(len(words) - 6)}


def test_no_run_of_seven_words_from_the_rule_books():
    found = [d for d in RULES_DIRS if all((d / b).exists() for b in BOOKS.values())]
    if not found:
        pytest.skip("the rule books (shared/rules) are not beside the repository")
    for lang, book in BOOKS.items():
        book_runs = _sentences((found[0] / book).read_text(encoding="utf-8"))
        ours = _sentences(" ".join(_texts(lang)).replace(NBSP, " ").replace(NNBSP, " "))
        assert not ours & book_runs, sorted(ours & book_runs)[:5]


def test_french_typography():
    fr = " ".join(_texts("fr"))
    assert " :" not in fr and " ;" not in fr and " ?" not in fr and " !" not in fr
    assert NBSP + ":" in fr
    assert typeset("Prêt ? Oui ; « bien » : ok !") == (
        f"Prêt{NNBSP}? Oui{NNBSP}; «{NBSP}bien{NBSP}»{NBSP}: ok{NNBSP}!"
    )
    assert typeset(typeset("a : b")) == typeset("a : b")
    assert format_number(1234567, "fr") == f"1{NNBSP}234{NNBSP}567"
    assert format_number(1234567, "en") == "1,234,567"
