"""The French catalogue of the interface: ``FR`` has a text for every key of ``i18n.EN``.

Written with plain spaces; ``typeset`` then applies French typography: a no-break space before
":" and inside « », a narrow no-break space before ";", "!" and "?", so a line never breaks
before them. Placeholders (``{name}``) are the English ones; numbers are formatted by
``format_number`` (a narrow no-break space between thousands in French).
"""

from __future__ import annotations

import re

NBSP = "\u00a0"
NNBSP = "\u202f"

_BEFORE = re.compile(r" ([:;!?»])")
_AFTER = re.compile(r"« ")


def typeset(text: str) -> str:
    """French spacing around high punctuation and guillemets (idempotent)."""
    if not text:
        return text

    def space(m: re.Match) -> str:
        mark = m.group(1)
        return (NBSP if mark in ":»" else NNBSP) + mark

    return _AFTER.sub("«" + NBSP, _BEFORE.sub(space, text))


def typeset_sections(sections: list[dict]) -> list[dict]:
    """A rules reference (``rules_ref`` sections) with every text typeset for French."""
    return [
        {
            **s,
            "title": typeset(s["title"]),
            "intro": typeset(s["intro"]),
            "items": [(typeset(t) if t else None, typeset(x)) for t, x in s["items"]],
        }
        for s in sections
    ]


def format_number(n: int, lang: str) -> str:
    """``1234`` as "1,234" in English and "1 234" (narrow no-break space) in French."""
    text = f"{n:,}"
    return text.replace(",", NNBSP) if lang == "fr" else text


# The game screens' keys (i18n.EN); written with plain spaces, typeset below.
_FR_GAME = {
    # ------------------------------------------------------------------ frame
    "app.title": "Caldera Park",
    "app.ready": "Prêt",
    "menu.label": "Menu",
    "menu.new": "Nouvelle partie",
    "menu.more": "Plus",
    "box.label": "Les jeux de la boîte",
    "box.players": "{n} joueurs",
    "box.coming": "bientôt",
    "menu.rules": "Règles",
    "menu.saves": "Parties enregistrées",
    "list.sep": ", ",
    "list.or": " ou ",
    "list.and": " et ",
    "error.illegal": "Ce coup n'est pas permis : {reason}.",
    # ------------------------------------------------------------------ new game
    "setup.title": "Nouvelle partie",
    "setup.variant": "Jeu",
    "variant.base": "Jeu de base",
    "variant.base.help": "De 2 à 4 joueurs, sur la face rivière du parc.",
    "variant.solo": "Défi solo",
    "variant.solo.help": "Un seul joueur ; les jetons Action sortent d'une pile mélangée.",
    "variant.geyser": "Alerte tempête à Geyser Park",
    "variant.geyser.help": "De 1 à 4 joueurs, sur la face geysers, avec deux jetons Météo de "
    "départ et une météo choisie parmi deux jetons visibles.",
    "setup.players": "Joueurs",
    "setup.seat_name": "Nom du joueur {n}",
    "setup.seat_kind": "Joué par",
    "setup.default_name": "Joueur {n}",
    "setup.preview": "Le parc de cette partie : {park}",
    "park.name.river": "la face rivière",
    "park.name.geyser": "la face geysers",
    "seat.human": "Une personne",
    "seat.bot": "Ordinateur : {bot}",
    "bot.random": "au hasard",
    "bot.greedy": "gourmand",
    "bot.strong": "fort",
    "setup.seed": "Graine (facultative, pour pouvoir rejouer la même partie)",
    "setup.seed_placeholder": "au hasard",
    "setup.start": "Commencer la partie",
    "setup.continue": "Retour à la partie",
    "setup.error.name_empty": "Le joueur {n} a besoin d'un nom.",
    "setup.error.name_long": "Le nom du joueur {n} dépasse 40 caractères.",
    "setup.error.seed": "La graine est un nombre ou un texte de 64 caractères au plus.",
    # ------------------------------------------------------------------ hand-over
    "handover.title": "Au tour de {name}",
    "handover.pass": "Passez l'appareil à {name}, puis touchez le bouton quand vous êtes prêt.",
    "handover.ready": "Je suis {name} : montrer mon parc",
    "handover.recent": "Depuis votre dernier tour",
    # ------------------------------------------------------------------ status and prompts
    "status.round": "Manche {round} sur {rounds}",
    "status.turn": "tour d'action {turn} sur {turns}",
    "status.forecast": "météo",
    "status.setup": "mise en place",
    "status.fast": "Ordinateurs plus rapides",
    "prompt.bot": "{name} réfléchit…",
    "prompt.weather_setup": "{name} : choisissez l'un de vos jetons Météo, puis la case Météo "
    "où il commence.",
    "prompt.start": "{name} : choisissez la case Météo de votre second jeton Météo de départ.",
    "prompt.start_choice": "{name} : choisissez lequel de vos jetons Météo de départ va sur une "
    "case de l'anneau (l'autre va au milieu), puis cette case.",
    "prompt.reveal": "{name} : retournez face visible l'un de vos jetons Météo cachés.",
    "prompt.weather": "{name} : choisissez le jeton Météo de cette manche ; il va sur la case "
    "Météo suivante dans le sens des aiguilles d'une montre.",
    "prompt.weather_geyser": "{name} : choisissez l'un de vos deux jetons Météo visibles pour "
    "la case Météo suivante dans le sens des aiguilles d'une montre.",
    "prompt.pick": "{name} a la marmotte : choisissez un jeton Action, puis une case de "
    "terrain libre.",
    "prompt.pick_solo": "{name} : la pile désigne le jeton {action} ; choisissez-lui une case "
    "de terrain libre.",
    "prompt.place": "{name} : posez {requirement}.",
    "prompt.token_fallback": "Tous les jetons du présentoir sont sans {feature} : n'importe "
    "lequel peut donc être posé cette fois.",
    "prompt.space_fallback": "Il ne reste aucune case libre pour « {terrain} » : n'importe "
    "quelle case de paysage libre convient cette fois.",
    "notice.choose_token": "Choisissez maintenant un jeton de votre présentoir.",
    "notice.choose_weather_token": "Choisissez maintenant l'un de vos jetons Météo.",
    "notice.choose_start_token": "Choisissez maintenant le jeton de départ qui va sur cette "
    "case de l'anneau.",
    "notice.choose_action": "Choisissez d'abord un jeton Action.",
    "notice.terrain_not_free": "Cette case de terrain ne peut pas recevoir ce jeton Action.",
    "turn.confirm": "Confirmer",
    "turn.undo": "Reprendre",
    # ------------------------------------------------------------------ requirements
    "req.text": "un jeton {feature} sur {terrain}",
    "req.forest": "une case Forêt",
    "req.prairie": "une case Prairie",
    "req.mountain": "une case Montagne",
    "req.river": "une case Rivière",
    "req.waterfall": "une case Chute d'eau",
    "req.geyser": "une case voisine d'un geyser",
    "req.any": "n'importe quelle case libre",
    "reason.no_feature": "sans {feature}, alors qu'un autre jeton en a",
    "feature.eagle": "aigle",
    "feature.elk": "élan",
    "feature.goat": "chèvre",
    "feature.bear": "ours",
    "feature.bison": "bison",
    "feature.wolf": "loup",
    "feature.water": "point d'eau",
    "action.water": "point d'eau",
    # ------------------------------------------------------------------ species
    "species.eagle.one": "aigle",
    "species.eagle.other": "aigles",
    "species.eagle.letter": "A",
    "species.elk.one": "élan",
    "species.elk.other": "élans",
    "species.elk.letter": "É",
    "species.goat.one": "chèvre",
    "species.goat.other": "chèvres",
    "species.goat.letter": "C",
    "species.bear.one": "ours",
    "species.bear.other": "ours",
    "species.bear.letter": "O",
    "species.bison.one": "bison",
    "species.bison.other": "bisons",
    "species.bison.letter": "B",
    "species.wolf.one": "loup",
    "species.wolf.other": "loups",
    "species.wolf.letter": "L",
    "token.water": "avec un point d'eau",
    "token.disabled": "{token} (non permis : {reason})",
    # ------------------------------------------------------------------ spaces
    "terrain.forest": "forêt",
    "terrain.prairie": "prairie",
    "terrain.mountain": "montagne",
    "space.with_river": "{terrain} avec rivière",
    "space.with_waterfall": "{terrain} avec chute d'eau",
    "space.with_river_waterfall": "{terrain} avec rivière et chute d'eau",
    "space.geyser": "geyser",
    "space.volcano": "volcan",
    "space.weather": "case Météo",
    "space.position": "rangée {row}, case {col}",
    "space.free": "libre",
    "space.holds": "occupée par {token}",
    "space.flipped": "{token}, chassé par le mauvais temps",
    "space.pending": "{token} posé, pas encore confirmé",
    "space.next_weather": "prochaine case Météo",
    "space.last": "dernière pose",
    # ------------------------------------------------------------------ weather
    "weather.title": "Présentoir météo",
    "weather.sun": "soleil",
    "weather.hurricane": "ouragan",
    "weather.hailstorm": "grêle",
    "weather.downpour": "averse",
    "weather.snowstorm": "blizzard",
    "weather.heatwave": "canicule",
    "weather.fog": "brouillard",
    "weather.thunderstorm.one": "orage à 1 nuage",
    "weather.thunderstorm.other": "orage à {n} nuages",
    "weather.unknown": "un jeton Météo",
    "weather.face_down": "jeton Météo face cachée",
    "weather.label": "{name} ({effect})",
    "weather.effect.sun": "relie toutes les familles voisines",
    "weather.effect.bad": "chasse les jetons avec {features}",
    "weather.effect.thunder.one": "chasse les jetons d'exactement 1 animal",
    "weather.effect.thunder.other": "chasse les jetons d'exactement {n} animaux",
    "weather.slot": "emplacement {n} : {token}",
    "weather.slot_empty": "emplacement {n} : vide",
    "weather.choose_place": "Choisir {token}",
    "weather.choose_reveal": "Retourner : {token}",
    "weather.start_token": "Second jeton de départ : {token}",
    "weather.start_tokens": "Jetons Météo de départ : l'un va sur la case du milieu, l'autre sur "
    "une case de l'anneau de votre choix.",
    "weather.start_ring": "{token} sur une case de l'anneau (l'autre au milieu)",
    "weather.guide": "Ce que fait chaque météo",
    "legend.title": "Lettres des jetons",
    # ------------------------------------------------------------------ table
    "park.of": "Parc de {name}",
    "park.bot_name": "{name} (ordinateur)",
    "park.open": "Ouvrir le parc de {name}, {score} points pour l'instant",
    "park.others": "Tous les parcs",
    "park.score": "{score} points pour l'instant",
    "park.score_short": "{score} pts",
    "park.back": "Retour",
    "space.flipped_by": "chassé par {weather}",
    "end.you_won_by": "Vous battez {name} de {n} points !",
    "end.you_won_tiebreak": "Vous battez {name} au départage !",
    "end.you_lost_by": "Vous perdez contre {name} de {n} points.",
    "end.you_lost_tiebreak": "Vous perdez contre {name} au départage.",
    "end.you_shared": "Vous partagez la victoire avec {names} !",
    "pass.banner": "Au tour de {name}",
    "setup.hide_between": "Cacher l'écran entre les joueurs (un écran de passage quand le tour "
    "passe à une autre personne)",
    "notice.taken_back": "Coup repris.",
    "turn.takeback_help": "Reprendre votre dernier coup confirmé",
    "families.show": "Voir les familles",
    "preview.label": "posé ici : {total} points (familles {families}, couverture {coverage}, "
    "geysers {geysers})",
    "space.near_weather": "à côté de {weather}",
    "display.title": "Présentoir d'animaux",
    "display.reserve": " · {n} en réserve",
    "display.disabled_hint": "Les jetons grisés sont sans {feature}.",
    "board.title": "Plateau Action",
    "board.marmot": "{name} a la marmotte",
    "board.selection": "Rangée de sélection",
    "board.terrain": "Choix du terrain",
    "board.stack": "Pile d'actions : encore {n}",
    "board.taken": "{terrain} : prise par le jeton {action}",
    "log.title": "Ce qui s'est passé",
    "log.empty": "Rien pour l'instant.",
    "log.place": "{name} a posé {token} sur une case {space}.",
    "log.pick": "{name} a choisi {requirement}.",
    "log.reveal": "{name} a retourné un jeton Météo : {weather}.",
    "log.weather": "{name} a posé un jeton Météo : {weather}.",
    "log.start": "{name} a posé ses jetons Météo de départ : {ring} sur une case de l'anneau, "
    "{middle} sur la case du milieu.",
    # ------------------------------------------------------------------ end
    "end.announce": "La partie est finie : voici la feuille de score.",
    "end.winner": "{name} gagne !",
    "end.shared": "{names} se partagent la victoire !",
    "end.solo_title": "Votre score : {score} points",
    "end.rule.total": "Départagé par le plus de points.",
    "end.rule.river": "Égalité aux points, départagée par le plus de cases Rivière couvertes.",
    "end.rule.flipped": "Égalité aux points et aux cases Rivière, départagée par le moins de "
    "jetons chassés.",
    "end.rule.shared": "Égalité aux points, aux cases Rivière et aux jetons chassés.",
    "end.park_label.one": "Parc de {name} à la fin : 1 jeton chassé (barré)",
    "end.park_label.other": "Parc de {name} à la fin : {n} jetons chassés (barrés)",
    "end.park_caption.one": "{name} : {score} points, 1 jeton chassé",
    "end.park_caption.other": "{name} : {score} points, {n} jetons chassés",
    "end.rematch": "Revanche",
    "end.new": "Nouvelle partie",
    "solo.bear": "Légendaire.",
    "solo.envy": "Remarquable.",
    "solo.eagle": "Un pisteur expert.",
    "solo.goat": "Un garde chevronné.",
    "solo.natural": "Un garde compétent.",
    "solo.better": "Ça se précise.",
    "solo.again": "Une belle marge de progression.",
    "solo.bottom": "Des débuts hésitants.",
    "solo.band.low": "Moins de {n}",
    "solo.band.range": "De {low} à {high}",
    "solo.band.high": "{n} ou plus",
    "pad.title": "Feuille de score",
    "pad.category": "Catégorie",
    "pad.total": "Total",
    "pad.flipped.one": "1 jeton chassé (sans points)",
    "pad.flipped.other": "{n} jetons chassés (sans points)",
    "pad.river_covered": "Cases Rivière couvertes (départage)",
    "cat.bad_weather": "Mauvais temps",
    "cat.waterfalls": "Chutes d'eau",
    "cat.mountains": "Montagnes",
    "cat.prairie": "Prairie",
    "cat.forest": "Forêt",
    "cat.river": "Rivière",
    "cat.geysers": "Geysers",
    "cat.goat": "Chèvres",
    "cat.bear": "Ours",
    "cat.wolf": "Loups",
    "cat.elk": "Élans",
    "cat.eagle": "Aigles",
    "cat.bison": "Bisons",
}

_FR = {
    # ------------------------------------------------------------------ saved games
    "saves.title": "Parties enregistrées",
    "saves.empty": "Aucune partie enregistrée pour l'instant.",
    "saves.continue": "Reprendre",
    "saves.continue_label": "Reprendre la partie de {players}",
    "saves.export": "Exporter cette partie",
    "saves.export_one": "Exporter",
    "saves.export_label": "Exporter la partie de {players} dans un fichier",
    "saves.delete": "Supprimer",
    "saves.delete_label": "Supprimer la partie de {players}",
    "saves.delete_damaged": "Supprimer la partie enregistrée illisible",
    "saves.delete_confirm": "Supprimer la partie de {players} ? Elle ne pourra pas être récupérée.",
    "saves.delete_damaged_confirm": "Supprimer cette partie enregistrée illisible ? Elle ne "
    "pourra pas être récupérée.",
    "saves.delete_yes": "Oui, la supprimer",
    "saves.delete_no": "Non, la garder",
    "saves.deleted": "La partie a été supprimée.",
    "saves.shown": "Les {shown} dernières parties jouées sur {total} sont affichées.",
    "saves.more": "En afficher {count} de plus",
    "saves.import": "Importer un fichier de partie",
    "saves.imported": "Partie importée : {players}, manche {round}.",
    "saves.imported_game": "Partie importée : {players} ({game}).",
    "saves.moves_label": "Coups",
    "saves.exported": "Fichier de la partie enregistré : {filename}",
    "saves.back": "Retour",
    "saves.dismiss": "Fermer ce message",
    "saves.variant_label": "Jeu",
    "saves.round_label": "Manche",
    "saves.last_played_label": "Dernière partie jouée",
    "saves.round_value": "{round} sur 5",
    "saves.over_value": "terminée",
    "saves.running": "C'est la partie en cours sur la table.",
    "saves.problem_item": "Une partie enregistrée ne peut pas être lue : {reason}",
    "saves.persist_denied": "Ce navigateur peut effacer les parties enregistrées s'il manque "
    "de place : exportez celles que vous tenez à garder.",
    "saves.error.damaged": "Cette partie enregistrée est endommagée et ne peut pas être "
    "ouverte. Vos autres parties ne sont pas touchées.",
    "saves.error.foreign": "Ces données ne sont pas une partie de cette application. Vos autres "
    "parties ne sont pas touchées.",
    "saves.error.too_new": "Cette partie a été enregistrée par une version plus récente de "
    "l'application (format {version}). Mettez l'application à jour pour l'ouvrir.",
    "saves.error.quota": "Le stockage du navigateur est plein : le dernier coup n'a pas pu être "
    "enregistré. La partie continue en mémoire ; exportez-la pour la garder, ou supprimez "
    "d'anciennes parties.",
    "saves.error.unavailable": "Ce navigateur ne permet pas d'enregistrer (navigation privée "
    "ou stockage bloqué). La partie continue en mémoire ; exportez-la pour la garder.",
    "saves.error.missing": "Cette partie n'est plus enregistrée dans ce navigateur.",
    "saves.error.current_missing": "La dernière partie jouée n'est plus enregistrée dans ce "
    "navigateur : elle a été effacée hors de l'application. Vos autres parties sont sous "
    "Parties enregistrées.",
    "saves.conflict.newer": "Cette partie a continué dans un autre onglet ou une autre fenêtre "
    "depuis son ouverture ici. Reprenez cette partie plus récente, ou gardez la partie telle "
    "qu'elle est ici comme copie séparée.",
    "saves.conflict.deleted": "Cette partie a été supprimée dans un autre onglet ou une autre "
    "fenêtre : elle n'est plus enregistrée. Gardez la partie telle qu'elle est ici comme copie "
    "séparée, ou fermez ce message pour l'abandonner.",
    "saves.conflict.removed": "Cette partie n'est plus dans le stockage de ce navigateur : elle "
    "a été effacée hors de l'application (par exemple quand les données du site ont été "
    "supprimées). Gardez la partie telle qu'elle est ici comme copie séparée, ou fermez ce "
    "message pour l'abandonner.",
    "saves.conflict.take": "Reprendre la partie plus récente",
    "saves.conflict.copy": "Garder la mienne comme copie",
    "saves.conflict.copied": "Votre partie est gardée comme copie séparée dans les parties "
    "enregistrées.",
    "saves.reason.damaged": "elle est endommagée.",
    "saves.reason.foreign": "ce n'est pas une partie de cette application.",
    "saves.reason.too_new": "elle vient d'une version plus récente de l'application.",
    "saves.import.not_json": "Ce fichier n'est pas un fichier de partie (ce n'est pas du JSON).",
    "saves.import.not_game": "Ce fichier n'est pas un fichier de partie : il contient des "
    "données, mais aucune partie.",
    "saves.import.too_deep": "Ce fichier ne peut pas être une partie de cette application : ses "
    "données sont imbriquées bien plus profondément que dans tout fichier de partie.",
    "saves.import.too_deep_game": "Ce fichier ne peut pas être une partie de {game} : ses "
    "données sont imbriquées bien plus profondément que dans tout fichier de partie.",
    "saves.import.foreign": "Ce fichier n'est pas une partie de cette application.",
    "saves.import.too_new": "Ce fichier de {game} vient d'une version plus récente de "
    "l'application (format {version}). Mettez l'application à jour pour l'ouvrir.",
    "saves.import.damaged": "Ce fichier de {game} est endommagé : ses coups ne respectent pas "
    "les règles.",
    "saves.import.broken": "Ce fichier de {game} est endommagé : une partie du jeu manque ou "
    "est illisible.",
    "saves.import.bad_seed": "La graine de ce fichier de {game} n'est pas valable : une graine "
    "est un nombre entier de 0 à 9223372036854775807 ou un texte de 1 à 64 caractères.",
    "saves.import.bad_names": "Les noms des joueurs de ce fichier de {game} ne sont pas "
    "valables : chaque joueur a un nom de 1 à 40 caractères.",
    "saves.import.bad_options": "Les réglages de ce fichier de {game} ne sont pas valables (le "
    "nombre de joueurs, la variante ou un autre choix de la nouvelle partie).",
    "saves.import.too_large": "Ce fichier est trop gros pour être une partie de cette application.",
    "saves.import.too_large_game": "Ce fichier est trop gros pour être une partie de {game}.",
    "saves.import.read_failed": "Le fichier n'a pas pu être lu.",
    # ------------------------------------------------------------------ language
    "lang.switch": "English",
    "lang.switch.lang": "en",
    # ------------------------------------------------------------------ rules reference
    "rules.title": "Aide-mémoire des règles",
    "rules.close": "Retour à la partie",
    "rules.contents": "Sommaire",
}

FR = {k: typeset(v) for k, v in {**_FR_GAME, **_FR}.items()}
