"""The texts of Caledea's readable board (coordinates, zoom, the other players' last moves, the
end of a game), in English and French: merged into ``strings.EN`` / ``strings.FR``."""

from __future__ import annotations

EN = {
    "cal.pan.centre": "Back to the selection",
    "cal.zoom.label": "Zoom in on the board",
    "cal.zoom.word": "Zoom",
    "cal.card.bot_tag": "(computer)",
    "cal.recent.title": "Since your last move",
    "cal.recent.item": "{name}: {move}",
    "cal.recent.move": "from {start} to {square}",
    "cal.recent.build": "built on {square}",
    "cal.recent.bombard": "bombarded {square}",
    "cal.recent.fight": "{move}, a fight on {square}",
    "cal.end.announce": "The game is over: here is how it ended, the kingdoms and the board.",
}

FR = {
    "cal.pan.centre": "Revenir à la sélection",
    "cal.zoom.label": "Zoom sur le plateau",
    "cal.zoom.word": "Zoom",
    "cal.card.bot_tag": "(ordinateur)",
    "cal.recent.title": "Depuis votre dernier coup",
    "cal.recent.item": "{name} : {move}",
    "cal.recent.move": "de {start} à {square}",
    "cal.recent.build": "a bâti sur {square}",
    "cal.recent.bombard": "a bombardé {square}",
    "cal.recent.fight": "{move}, un combat sur {square}",
    "cal.end.announce": "La partie est finie : voici comment elle s'est terminée, les royaumes "
    "et le plateau.",
}
