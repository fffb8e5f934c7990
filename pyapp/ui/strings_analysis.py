"""Texts of the analysis board (``analysis_board.py``) and of a decided game in the analysis
(``analyse.py``), English and French, added to the catalogues by ``install()``."""

from __future__ import annotations

from . import i18n

EN = {
    "analysis.order": "Order of the decisions",
    "analysis.order.misses": "Biggest misses first",
    "analysis.order.game": "Game order",
    "analysis.list": "Decisions analysed",
    "analysis.entry": "{when}, {name}: {verdict}",
    "analysis.when": "{when}, {name}: {verdict}",
    "analysis.same": "the suggestion",
    "analysis.as_good": "as good as the suggestion",
    "analysis.about.one": "about {n} point, +/- {error}",
    "analysis.about.other": "about {n} points, +/- {error}",
    "analysis.outcome.loses": "loses the game",
    "analysis.outcome.misses_win": "misses a win",
    "analysis.legend.played": "Played: {move}",
    "analysis.legend.suggested": "Suggested: {move}",
    "analysis.choose": "Choose a decision to see it on the board: the move played and the "
    "suggestion are both drawn.",
    "analysis.empty": "No decision to analyse in this game.",
    "analysis.back": "Back to the decision",
    "analysis.miss.loses": "{when}: {played} loses the game, where {choice} would not have "
    "({name}).",
    "analysis.miss.misses_win": "{when}: {choice} would have won the game, rather than "
    "{played} ({name}).",
}

FR = {
    "analysis.order": "Ordre des décisions",
    "analysis.order.misses": "Plus grosses erreurs d'abord",
    "analysis.order.game": "Ordre de la partie",
    "analysis.list": "Décisions analysées",
    "analysis.entry": "{when}, {name}\u00a0: {verdict}",
    "analysis.when": "{when}, {name}\u00a0: {verdict}",
    "analysis.same": "la suggestion",
    "analysis.as_good": "aussi bien que la suggestion",
    "analysis.about.one": "environ {n} point, à {error} près",
    "analysis.about.other": "environ {n} points, à {error} près",
    "analysis.outcome.loses": "perd la partie",
    "analysis.outcome.misses_win": "manque une victoire",
    "analysis.legend.played": "Joué\u00a0: {move}",
    "analysis.legend.suggested": "Suggéré\u00a0: {move}",
    "analysis.choose": "Choisissez une décision pour la voir sur le plateau\u00a0: le coup "
    "joué et la suggestion y sont dessinés tous les deux.",
    "analysis.empty": "Aucune décision à analyser dans cette partie.",
    "analysis.back": "Retour à la décision",
    "analysis.miss.loses": "{when}\u00a0: {played} perd la partie, ce que {choice} aurait "
    "évité ({name}).",
    "analysis.miss.misses_win": "{when}\u00a0: {choice} aurait gagné la partie, au lieu de "
    "{played} ({name}).",
}


def install() -> None:
    """Add these texts to the catalogues (again: no change)."""
    i18n.add_texts(EN, FR)
