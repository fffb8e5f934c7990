"""Caldera Park: rules engine, park data and bots (pure Python, no browser imports)."""

__version__ = "0.1.0"
