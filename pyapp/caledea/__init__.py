"""Caledea (Milosevich & Brown, 2007), reconstructed for this edition.

``cards`` loads and validates the designed data (board and kingdoms, ``data/*.json``),
``actions`` holds the action values and their text, ``engine`` the rules, ``protocol`` the
box's game protocol (``GAME``), ``bots`` the computer players and ``balance`` the kingdom arena.
"""
