"""A small seeded generator (SplitMix64) whose whole state is one integer.

The game keeps this state inside its JSON (as a hex string, safe for any JSON reader), so a saved
game continues with exactly the draws it would have had. Identical on CPython and Pyodide.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, state: int = 0):
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed) -> Rng:
        """Any int or string seed gives a well-mixed starting state."""
        if isinstance(seed, str):
            n = 0
            for ch in seed.encode("utf-8"):
                n = (n * 131 + ch) & _MASK
            seed = n
        rng = cls(int(seed) ^ 0x5DEECE66D)
        rng.next()
        return rng

    @classmethod
    def from_hex(cls, text: str) -> Rng:
        return cls(int(text, 16))

    def hex(self) -> str:
        return format(self.state, "016x")

    def next(self) -> int:
        """The next 64-bit value."""
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in ``range(n)`` (multiply-shift; bias below 2**-58 for game sizes)."""
        return (self.next() * n) >> 64

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
