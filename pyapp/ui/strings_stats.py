"""Texts of the statistics, the daily park and the guided first game, in English and French
(``stats`` and ``guide`` add them to the catalogue with ``i18n.add_texts``, which typesets
the French)."""

from __future__ import annotations

EN_STATS = {
    "menu.stats": "Statistics",
    "stats.title": "Statistics",
    "stats.empty": "No finished game yet: the statistics start with your first.",
    "stats.games": "Games played and won",
    "stats.game": "Game",
    "stats.played": "Played",
    "stats.won": "Won",
    "stats.alone": "alone",
    "stats.person": "a person",
    "stats.against": "against {who}",
    "stats.bots_only": "{n} computer players",
    "stats.solo_best": "Best solo score",
    "stats.daily_best": "Best daily park",
    "stats.daily_played": "Daily parks counted",
    "stats.streak": "Daily streak (days)",
    "stats.hints": "Games played with hints",
    "stats.chart": "Solo scores, oldest first (hollow dots: hints used).",
    "stats.chart_label": "Chart of {n} solo scores: first {first}, last {last}, best {best}.",
    "stats.categories": "Average points per category (Caldera Park, {n} score sheets)",
    "stats.rebuild": "Count again from the saved games",
    "stats.error.damaged": "The statistics could not be read. They are kept as they are; "
    "counting again from the saved games keeps a copy of them aside.",
    "stats.error.too_new": "These statistics were written by a newer version of the app. "
    "They are kept as they are.",
    "stats.error.write": "The statistics could not be stored (the storage is full or "
    "refused). Your saved games still hold your results.",
    "stats.error.import": "The statistics in that file could not be read; the game itself "
    "was imported.",
    # daily park
    "daily.title": "Daily park · {date}",
    "daily.note.new": "Today's deal is the same for everyone. Your first try of the day counts.",
    "daily.note.started": "Your counted try of today is started: continue it from the saved games.",
    "daily.note.done": "Today's try counted: {score} points. Play again for practice.",
    "daily.play": "Play today's park",
    "daily.replay": "Play today's park again (not counted)",
    "daily.streak": "Streak: {n} days in a row",
    "daily.counted": "This is your counted try of the day.",
    "daily.not_counted": "Practice: only the first try of the day counts.",
    "daily.share": "Share the result",
    "daily.share.head": "Caldera Park · daily park {date}",
    "daily.share.score": "{score} points.",
    "daily.share.weather": "Bad weather: {points}",
    "daily.share.practice": "(practice try)",
    "daily.shared.shared": "Shared.",
    "daily.shared.copied": "The result was copied: paste it where you like.",
    "daily.shared.failed": "It could not be shared nor copied: select the text above to copy it.",
    # guided first game
    "guide.bot_name": "Greedy bot",
    "guide.label": "Guide",
    "guide.ok": "Got it",
    "guide.put_away": "Got it: that tip will not come back.",
    "guide.skipped": "Guide skipped: the game goes on.",
    "guide.skip": "Skip the guide",
    "guide.again": "Play the guided game",
    "guide.offer.title": "New to Caldera Park?",
    "guide.offer.text": "Play a guided first game against the greedy bot: each step is "
    "explained when it comes up.",
    "guide.offer.start": "Play the guided game",
    "guide.offer.no": "No thanks",
    "guide.setup": "First put a weather token on a weather space of your park. The sun helps its "
    "neighbours; bad weather drives some away at the end.",
    "guide.forecast": "The forecast: each round, one of your weather tokens goes on the next "
    "weather space, clockwise. Mind its neighbours.",
    "guide.marmot": "You hold the marmot: move an action token (species or watering hole) to a "
    "free terrain. Everyone then places a token showing it there.",
    "guide.bot_marmot": "{name} holds the marmot and chooses the action of this turn.",
    "guide.bot_chose": "{name} held the marmot and chose this action. Your turn: a token of your "
    "display, then a lit space.",
    "guide.place": "Choose a token of your display, then a lit space, then Confirm. Animals of one "
    "species side by side score as a family.",
    "guide.fallback_token": "That is the first fallback of the rules: nobody is ever stuck.",
    "guide.fallback_space": "That is the second fallback of the rules: nobody is ever stuck.",
    "guide.weather_effect": "The weather's effect: before scoring, each bad weather token drove "
    "away the animals next to it that it affects; {n} of your tokens were turned face down. "
    "They still cover their spaces but count in no family.",
    "guide.scoring": "The scoring pad adds the landscapes, the river, the geysers and each "
    "family of animals. The most points wins.",
    "guide.done": "That is the whole game. Start a new one whenever you like.",
}

FR_STATS = {
    "menu.stats": "Statistiques",
    "stats.title": "Statistiques",
    "stats.empty": "Aucune partie terminée : les statistiques commencent avec la première.",
    "stats.games": "Parties jouées et gagnées",
    "stats.game": "Jeu",
    "stats.played": "Jouées",
    "stats.won": "Gagnées",
    "stats.alone": "en solo",
    "stats.person": "une personne",
    "stats.against": "contre {who}",
    "stats.bots_only": "{n} joueurs de l'ordinateur",
    "stats.solo_best": "Meilleur score en solo",
    "stats.daily_best": "Meilleur parc du jour",
    "stats.daily_played": "Parcs du jour comptés",
    "stats.streak": "Série de parcs du jour (jours)",
    "stats.hints": "Parties jouées avec des conseils",
    "stats.chart": "Scores en solo, du plus ancien au plus récent (points creux : conseils "
    "utilisés).",
    "stats.chart_label": "Courbe de {n} scores en solo : premier {first}, dernier {last}, "
    "meilleur {best}.",
    "stats.categories": "Points moyens par catégorie (Caldera Park, {n} feuilles de score)",
    "stats.rebuild": "Recompter à partir des parties enregistrées",
    "stats.error.damaged": "Les statistiques sont illisibles. Elles sont gardées telles "
    "quelles ; recompter à partir des parties enregistrées en garde une copie à part.",
    "stats.error.too_new": "Ces statistiques viennent d'une version plus récente de "
    "l'application. Elles sont gardées telles quelles.",
    "stats.error.write": "Les statistiques n'ont pas pu être enregistrées (stockage plein ou "
    "refusé). Vos parties enregistrées gardent vos résultats.",
    "stats.error.import": "Les statistiques de ce fichier sont illisibles ; la partie a "
    "quand même été importée.",
    "daily.title": "Parc du jour · {date}",
    "daily.note.new": "La donne du jour est la même pour tout le monde. Votre premier essai "
    "du jour compte.",
    "daily.note.started": "Votre essai du jour est commencé : reprenez-le depuis les parties "
    "enregistrées.",
    "daily.note.done": "Essai du jour compté : {score} points. Rejouez pour vous entraîner.",
    "daily.play": "Jouer le parc du jour",
    "daily.replay": "Rejouer le parc du jour (non compté)",
    "daily.streak": "Série : {n} jours d'affilée",
    "daily.counted": "C'est votre essai compté du jour.",
    "daily.not_counted": "Entraînement : seul le premier essai du jour compte.",
    "daily.share": "Partager le résultat",
    "daily.share.head": "Caldera Park · parc du jour {date}",
    "daily.share.score": "{score} points.",
    "daily.share.weather": "Intempéries : {points}",
    "daily.share.practice": "(essai d'entraînement)",
    "daily.shared.shared": "Partagé.",
    "daily.shared.copied": "Le résultat est copié : collez-le où vous voulez.",
    "daily.shared.failed": "Impossible de partager ou de copier : sélectionnez le texte "
    "ci-dessus pour le copier.",
    "guide.bot_name": "Robot glouton",
    "guide.label": "Guide",
    "guide.ok": "Compris",
    "guide.put_away": "Compris : ce conseil ne reviendra pas.",
    "guide.skipped": "Guide passé : la partie continue.",
    "guide.skip": "Passer le guide",
    "guide.again": "Jouer la partie guidée",
    "guide.offer.title": "Nouveau à Caldera Park ?",
    "guide.offer.text": "Jouez une première partie guidée contre le robot glouton : chaque étape "
    "est expliquée au moment où elle arrive.",
    "guide.offer.start": "Jouer la partie guidée",
    "guide.offer.no": "Non merci",
    "guide.setup": "Posez d'abord un jeton Météo sur une case Météo de votre parc. Le soleil aide "
    "ses voisins ; les intempéries en chassent à la fin.",
    "guide.forecast": "La prévision : chaque manche, un de vos jetons Météo va sur la case Météo "
    "suivante, dans le sens horaire. Pensez à ses voisins.",
    "guide.marmot": "Vous avez la marmotte : posez une action (espèce ou point d'eau) sur un "
    "terrain libre. Chacun y pose ensuite un jeton qui la montre.",
    "guide.bot_marmot": "{name} a la marmotte et choisit l'action de ce tour.",
    "guide.bot_chose": "{name} avait la marmotte et a choisi cette action. À vous : un jeton du "
    "présentoir, puis une case éclairée.",
    "guide.place": "Choisissez un jeton du présentoir, puis une case éclairée, et confirmez. Des "
    "animaux voisins de même espèce marquent en famille.",
    "guide.fallback_token": "C'est le premier recours des règles : personne n'est jamais bloqué.",
    "guide.fallback_space": "C'est le second recours des règles : personne n'est jamais bloqué.",
    "guide.weather_effect": "L'effet de la météo : avant le décompte, chaque intempérie a chassé "
    "les animaux voisins qu'elle touche ; {n} de vos jetons ont été retournés. Ils couvrent "
    "toujours leur case mais ne comptent dans aucune famille.",
    "guide.scoring": "Le carnet de score additionne les paysages, la rivière, les geysers et "
    "chaque famille d'animaux. Le plus de points l'emporte.",
    "guide.done": "Vous connaissez tout le jeu. Lancez une nouvelle partie quand vous voulez.",
}


def register() -> None:
    """Add these texts to the interface's catalogues (each module using them calls it)."""
    from . import i18n

    i18n.add_texts(EN_STATS, FR_STATS)
