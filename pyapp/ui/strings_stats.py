"""Texts of the statistics, the daily park and the guided first game, in English and French
(``stats`` and ``guide`` add them to the catalogue with ``i18n.add_strings``)."""

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
    "guide.skip": "Skip the guide",
    "guide.again": "Play the guided game",
    "guide.offer.title": "New to Caldera Park?",
    "guide.offer.text": "Play a guided first game against the greedy bot: each step is "
    "explained when it comes up.",
    "guide.offer.start": "Play the guided game",
    "guide.offer.no": "No thanks",
    "guide.setup": "Before the first round, everyone puts a weather token of their display on "
    "a weather space of their park. The sun helps the animals around it; the other tokens are "
    "bad weather that drives animals away at the end. Choose a token, then a space.",
    "guide.forecast": "The forecast: each round starts with one weather token from your display "
    "on the next weather space clockwise. Think about the animals that will live next to it.",
    "guide.marmot": "You hold the marmot: you choose this turn's action. Move an action token "
    "(a species or a watering hole) onto a free terrain space. Then everyone places a token "
    "showing that feature on that terrain.",
    "guide.bot_marmot": "{name} holds the marmot and chooses the action of this turn.",
    "guide.bot_chose": "{name} held the marmot and chose {requirement}. Now you place a token "
    "of your display showing that feature on a free space of that terrain.",
    "guide.place": "Place {requirement}: choose a token of your display, then a lit space of "
    "your park, and confirm. Families of the same species score together.",
    "guide.fallback_token": "No token of your display shows the feature: this is the first "
    "fallback. You may place any token of your display instead.",
    "guide.fallback_space": "Every space of that terrain is covered: this is the second "
    "fallback. You may place on any free landscape space instead.",
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
    "guide.skip": "Passer le guide",
    "guide.again": "Jouer la partie guidée",
    "guide.offer.title": "Nouveau à Caldera Park ?",
    "guide.offer.text": "Jouez une première partie guidée contre le robot glouton : chaque étape "
    "est expliquée au moment où elle arrive.",
    "guide.offer.start": "Jouer la partie guidée",
    "guide.offer.no": "Non merci",
    "guide.setup": "Avant la première manche, chacun pose un jeton Météo de son présentoir sur une "
    "case Météo de son parc. Le soleil aide les animaux autour ; les autres jetons sont des "
    "intempéries qui chassent des animaux à la fin. Choisissez un jeton, puis une case.",
    "guide.forecast": "La prévision : chaque manche commence par un jeton Météo de votre "
    "présentoir posé sur la case Météo suivante, dans le sens horaire. Pensez aux animaux "
    "qui vivront à côté.",
    "guide.marmot": "Vous avez la marmotte : vous choisissez l'action du tour. Posez un jeton "
    "Action (une espèce ou un point d'eau) sur une case de terrain libre. Puis chacun pose un "
    "jeton montrant cet élément sur ce terrain.",
    "guide.bot_marmot": "{name} a la marmotte et choisit l'action de ce tour.",
    "guide.bot_chose": "{name} avait la marmotte et a choisi {requirement}. À vous de poser un "
    "jeton de votre présentoir montrant cet élément sur une case libre de ce terrain.",
    "guide.place": "Posez {requirement} : choisissez un jeton de votre présentoir, puis une case "
    "éclairée de votre parc, et confirmez. Les familles d'une même espèce marquent ensemble.",
    "guide.fallback_token": "Aucun jeton de votre présentoir ne montre cet élément : c'est le "
    "premier recours. Vous pouvez poser n'importe quel jeton de votre présentoir.",
    "guide.fallback_space": "Toutes les cases de ce terrain sont couvertes : c'est le second "
    "recours. Vous pouvez poser sur n'importe quelle case de paysage libre.",
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

    i18n.add_strings("en", EN_STATS)
    i18n.add_strings("fr", FR_STATS)
