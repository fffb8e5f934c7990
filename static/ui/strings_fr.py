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


def format_number(n: int, lang: str) -> str:
    """``1234`` as "1,234" in English and "1 234" (narrow no-break space) in French."""
    text = f"{n:,}"
    return text.replace(",", NNBSP) if lang == "fr" else text


_FR = {
    # ------------------------------------------------------------------ saved games
    "saves.title": "Parties enregistrées",
    "saves.open": "Parties enregistrées",
    "saves.empty": "Aucune partie enregistrée pour l'instant.",
    "saves.continue": "Reprendre",
    "saves.delete": "Supprimer",
    "saves.delete_confirm": "Supprimer la partie de {players} ? Elle ne pourra pas être récupérée.",
    "saves.deleted": "Partie supprimée.",
    "saves.export": "Exporter la partie",
    "saves.import": "Importer une partie",
    "saves.imported": "Partie importée : {players}, manche {round}.",
    "saves.exported": "Fichier de la partie enregistré : {filename}",
    "saves.back": "Retour",
    "saves.item_label": "{players} — {variant}, manche {round}, jouée {when}",
    "saves.item_over": "{players} — {variant}, terminée, jouée {when}",
    "saves.players_label": "Joueurs",
    "saves.variant_label": "Variante",
    "saves.round_label": "Manche",
    "saves.last_played_label": "Dernière partie",
    "saves.round_value": "{round} sur 5",
    "saves.over_value": "terminée",
    "saves.problem_item": "Une partie enregistrée ne peut pas être lue ({reason}).",
    "saves.resumed": "Partie reprise là où elle s'était arrêtée.",
    "saves.not_saved": "La partie en cours n'est pas enregistrée dans ce navigateur : "
    "exportez-la pour la garder.",
    "saves.error.damaged": "Cette partie enregistrée est endommagée et ne peut pas être "
    "ouverte. Les autres parties ne sont pas touchées.",
    "saves.error.foreign": "Ces données ne sont pas une partie de Caldera Park. Les autres "
    "parties ne sont pas touchées.",
    "saves.error.too_new": "Cette partie a été enregistrée par une version plus récente du "
    "jeu (format {version}). Mettez l'application à jour pour l'ouvrir.",
    "saves.error.quota": "Le stockage du navigateur est plein : ce coup n'a pas pu être "
    "enregistré. La partie continue en mémoire ; exportez-la pour ne pas la perdre, ou "
    "supprimez d'anciennes parties.",
    "saves.error.unavailable": "Ce navigateur ne permet pas d'enregistrer (navigation privée "
    "ou stockage bloqué). La partie continue en mémoire ; exportez-la pour la garder.",
    "saves.error.missing": "Cette partie n'existe plus dans ce navigateur.",
    "saves.import.not_json": "Ce fichier n'est pas un fichier de partie (ce n'est pas du JSON).",
    "saves.import.foreign": "Ce fichier n'est pas une partie de Caldera Park.",
    "saves.import.too_new": "Ce fichier vient d'une version plus récente du jeu (format "
    "{version}). Mettez l'application à jour pour l'ouvrir.",
    "saves.import.damaged": "Ce fichier de partie est endommagé : ses coups ne respectent pas "
    "les règles.",
    "saves.import.too_large": "Ce fichier est trop gros pour être une partie de Caldera Park.",
    "saves.import.read_failed": "Le fichier n'a pas pu être lu.",
    "saves.persist_denied": "Le navigateur peut effacer les parties enregistrées s'il manque "
    "de place ; exportez celles que vous tenez à garder.",
    "variant.base": "jeu de base",
    "variant.solo": "défi solo",
    "variant.geyser": "Geyser Park",
    # ------------------------------------------------------------------ language
    "lang.label": "Langue",
    "lang.en": "English",
    "lang.fr": "Français",
    # ------------------------------------------------------------------ rules reference
    "rules.open": "Règles",
    "rules.title": "Aide-mémoire des règles",
    "rules.close": "Retour à la partie",
    "rules.contents": "Sommaire",
}

FR = {k: typeset(v) for k, v in _FR.items()}
