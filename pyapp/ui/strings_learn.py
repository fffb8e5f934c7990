"""Texts of the replay, the analysis and the hints (English and French), added to the
catalogues by ``install()``."""

from __future__ import annotations

from . import i18n

EN = {
    # replay
    "learn.replay": "Replay",
    "learn.replay_label": "Replay the game of {players}",
    "learn.replay.title": "Replay",
    "learn.replay.position": "Move {n} of {total}",
    "learn.replay.start": "Start of the game",
    "learn.replay.first": "To the start",
    "learn.replay.prev": "Previous move",
    "learn.replay.next": "Next move",
    "learn.replay.last": "To the end",
    "learn.replay.slider": "Move number",
    "learn.replay.jump": "Jump to",
    "learn.replay.viewer": "Seen by {name}: what was hidden from them stays hidden.",
    "learn.replay.close": "Close the replay",
    "learn.replay.note": "Watch only: step through the moves or tap one in the log.",
    "log.show": "{move} (move {n}: show the board after it)",
    "learn.position.title": "The board after move {n}",
    "learn.position.note": "A past position: nothing can be played here.",
    "learn.position.back": "Back to the game",
    "learn.stage.round_turn": "Round {round}, turn {turn}",
    "learn.stage.round_setup": "Round {round}, setup",
    "learn.stage.round": "Round {round}",
    "learn.stage.turn": "Turn {turn}",
    # analysis
    "learn.analyse": "Analyse",
    "learn.analysis.title": "Analysis",
    "learn.analysis.intro": "For each decision, the strong computer player's choice and how many "
    "final points it estimates it would have made compared with the move played.",
    "learn.analysis.progress": "Analysed {done} of {total} decisions",
    "learn.analysis.stop": "Stop",
    "learn.analysis.stopped": "Analysis stopped after {done} of {total} decisions.",
    "learn.analysis.resume": "Continue the analysis",
    "learn.analysis.done": "Analysis done: {total} decisions.",
    "learn.analysis.none": "No decision found where the strong computer player expects more.",
    "learn.analysis.close": "Close the analysis",
    "learn.analysis.agreed": "{name} made the strong computer player's choice in {same} of "
    "{total} decisions.",
    "learn.miss.one": "{when}: {choice} would have made about {n} more point, +/- {error}, than "
    "{played} ({name}).",
    "learn.miss.other": "{when}: {choice} would have made about {n} more points, +/- {error}, "
    "than {played} ({name}).",
    "learn.do.place": "{token} on the {space} ({position})",
    "learn.do.pick": "asking for {requirement}",
    "learn.do.weather": "the weather token of slot {slot}",
    "learn.do.weather_at": "the weather token of slot {slot} ({weather}) on the {space} "
    "({position})",
    "learn.do.weather_down_at": "the face-down weather token of slot {slot} on the {space} "
    "({position})",
    "learn.do.start": "starting the weather ring at the {space} ({position})",
    "learn.do.start_token": "starting token {token} on the {space} ({position}), the other one "
    "in the middle",
    "learn.do.reveal": "turning over slot {slot}",
    # hints
    "learn.hints.menu_off": "Hints: off",
    "learn.hints.menu_on": "Hints: on",
    "learn.hint": "Hint",
    "learn.hint.label": "Hint: show the strong computer player's choice",
    "learn.hint.text": "Hint: the strong computer player would choose: {move}",
    "learn.hint.used": "Hints were used in this game.",
    "learn.pct": "{n}%",
    "learn.odds.both": "Chance of taking the square: {suggested} with the suggestion, {played} "
    "with the move played.",
    "learn.odds.suggested": "Chance of taking the square with the suggestion: {suggested}.",
    "learn.odds.played": "Chance of taking the square with the move played: {played}.",
}

FR = {
    "learn.replay": "Revoir",
    "learn.replay_label": "Revoir la partie de {players}",
    "learn.replay.title": "Revoir la partie",
    "learn.replay.position": "Coup {n} sur {total}",
    "learn.replay.start": "Début de la partie",
    "learn.replay.first": "Au début",
    "learn.replay.prev": "Coup précédent",
    "learn.replay.next": "Coup suivant",
    "learn.replay.last": "À la fin",
    "learn.replay.slider": "Numéro du coup",
    "learn.replay.jump": "Aller à",
    "learn.replay.viewer": "Vue de {name} : ce qui lui était caché le reste.",
    "learn.replay.close": "Fermer",
    "learn.replay.note": "Rien ne se joue ici : avancez coup par coup ou touchez un coup du "
    "journal.",
    "log.show": "{move} (coup {n} : voir le plateau après lui)",
    "learn.position.title": "Le plateau après le coup {n}",
    "learn.position.note": "Une position passée : rien ne s'y joue.",
    "learn.position.back": "Retour à la partie",
    "learn.stage.round_turn": "Manche {round}, tour {turn}",
    "learn.stage.round_setup": "Manche {round}, mise en place",
    "learn.stage.round": "Manche {round}",
    "learn.stage.turn": "Tour {turn}",
    "learn.analyse": "Analyser",
    "learn.analysis.title": "Analyse",
    "learn.analysis.intro": "Pour chaque décision, le choix de l'ordinateur fort et combien de "
    "points de plus il estime qu'il aurait rapportés en fin de partie par rapport au coup joué.",
    "learn.analysis.progress": "{done} décisions analysées sur {total}",
    "learn.analysis.stop": "Arrêter",
    "learn.analysis.stopped": "Analyse arrêtée après {done} décisions sur {total}.",
    "learn.analysis.resume": "Reprendre l'analyse",
    "learn.analysis.done": "Analyse terminée : {total} décisions.",
    "learn.analysis.none": "Aucune décision où l'ordinateur fort attend davantage.",
    "learn.analysis.close": "Fermer l'analyse",
    "learn.analysis.agreed": "{name} a fait le choix de l'ordinateur fort dans {same} décisions "
    "sur {total}.",
    "learn.miss.one": "{when} : {choice} aurait rapporté environ {n} point de plus, à {error} "
    "près, que {played} ({name}).",
    "learn.miss.other": "{when} : {choice} aurait rapporté environ {n} points de plus, à {error} "
    "près, que {played} ({name}).",
    "learn.do.place": "{token} sur la case {space} ({position})",
    "learn.do.pick": "demander {requirement}",
    "learn.do.weather": "le jeton météo de l'emplacement {slot}",
    "learn.do.weather_at": "le jeton météo de l'emplacement {slot} ({weather}) sur la {space} "
    "({position})",
    "learn.do.weather_down_at": "le jeton météo face cachée de l'emplacement {slot} sur la "
    "{space} ({position})",
    "learn.do.start": "commencer l'anneau météo sur la {space} ({position})",
    "learn.do.start_token": "le jeton de départ {token} sur la {space} ({position}), "
    "l'autre au centre",
    "learn.do.reveal": "retourner l'emplacement {slot}",
    "learn.hints.menu_off": "Conseils : non",
    "learn.hints.menu_on": "Conseils : oui",
    "learn.hint": "Conseil",
    "learn.hint.label": "Conseil : montrer le choix de l'ordinateur fort",
    "learn.hint.text": "Conseil : l'ordinateur fort choisirait : {move}",
    "learn.hint.used": "Des conseils ont été utilisés dans cette partie.",
    "learn.pct": "{n}\u202f%",
    "learn.odds.both": "Chances de prendre la case\u00a0: {suggested} avec la suggestion, "
    "{played} avec le coup joué.",
    "learn.odds.suggested": "Chances de prendre la case avec la suggestion\u00a0: {suggested}.",
    "learn.odds.played": "Chances de prendre la case avec le coup joué\u00a0: {played}.",
}


def install() -> None:
    """Add these texts to the catalogues (again: no change)."""
    i18n.add_texts(EN, FR)
