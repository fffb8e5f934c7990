"""Caldera, Kristin Looney's game for Looney Pyramids (2011), in code ``pyramids``.

``board`` (squares, pieces, directions), ``actions`` (moves as text), ``game`` (the rules),
``protocol`` (``GAME``, the box's protocol object), ``bots`` (random, greedy, strong) and
``arena`` (whole-turn timing for the arena and benchmarks).
"""
