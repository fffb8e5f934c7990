"""Texts of the sound switch (``features/sound.py``), in English and French (added to the
catalogue with ``i18n.add_texts``, which typesets the French)."""

from __future__ import annotations

# the header's entry says the sounds' state, as the hints' entry does (pressing it switches)
EN_SOUND = {
    "menu.sound.on": "Sound: on",
    "menu.sound.off": "Sound: off",
}

FR_SOUND = {
    "menu.sound.on": "Son : oui",
    "menu.sound.off": "Son : non",
}


def register() -> None:
    """Add these texts to the interface's catalogues (each module using them calls it)."""
    from . import i18n

    i18n.add_texts(EN_SOUND, FR_SOUND)
