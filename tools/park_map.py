"""Draw a park file as text and check it: a help for designing the park maps.

    python tools/park_map.py [river | geyser | geyser-v1 | path/to/park.json ...]

For each park: a drawing (rows of hexes; F, P, M = forest, prairie, mountain in capitals on the
river, lower case off it; ``*`` after a waterfall; ``S`` marks the river sign; G geyser, V
volcano, W weather, ``@`` the middle weather space), the counts NOTES.md fixes (terrains, river
length, waterfalls, geysers and their landscape neighbours, weather spaces) and the verdict of
the validator (strict for ``river`` and ``geyser``, as the game loads them). Exit status 1 when a
park is refused. The JSON files are the data; this tool only reads them.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyapp.park.parkcheck import OFFSETS, ParkError, check_park  # noqa: E402

PARKS = ROOT / "pyapp" / "park" / "parks"


def load(arg: str) -> tuple[str, dict]:
    path = Path(arg) if arg.endswith(".json") else PARKS / f"{arg}.json"
    return path.stem, json.loads(path.read_text(encoding="utf-8"))


def cell(space: dict, data: dict) -> str:
    at = space["at"]
    if space["kind"] == "landscape":
        letter = space["terrain"][0]
        text = letter.upper() if space.get("river") else letter
        text += "*" if space.get("waterfall") else ""
        return ("S" if at == data.get("river_sign") else "") + text
    if space["kind"] == "weather" and at == data.get("middle"):
        return "@"
    return {"geyser": "G", "volcano": "V", "weather": "W"}[space["kind"]]


def drawing(data: dict) -> list[str]:
    """Rows of hexes, each row shifted by half a hex: column ``2q + r``."""
    spaces = {tuple(s["at"]): s for s in data["spaces"]}
    left = min(2 * q + r for q, r in spaces)
    lines = []
    for row in sorted({r for _, r in spaces}):
        line = [" "] * 80
        for (q, r), s in sorted(spaces.items()):
            if r == row:
                x = (2 * q + r - left) * 2
                line[x : x + 4] = cell(s, data).ljust(4)
        lines.append(f"r{row:<3}" + "".join(line).rstrip())
    return lines


def counts(data: dict) -> list[str]:
    spaces = {tuple(s["at"]): s for s in data["spaces"]}
    kinds = Counter(s["kind"] for s in spaces.values())
    terrains = Counter(s["terrain"] for s in spaces.values() if s["kind"] == "landscape")
    river = [at for at, s in spaces.items() if s.get("river")]
    falls = [at for at, s in spaces.items() if s.get("waterfall")]
    crossed = sorted({spaces[at]["terrain"] for at in river})
    geysers = []
    for (q, r), s in spaces.items():
        if s["kind"] == "geyser":
            around = [(q + dq, r + dr) for dq, dr in OFFSETS]
            geysers.append(sum(spaces.get(n, {}).get("kind") == "landscape" for n in around))
    return [
        "terrains: " + ", ".join(f"{t} {terrains[t]}" for t in ("forest", "prairie", "mountain")),
        f"river: {len(river)} spaces across {', '.join(crossed) or 'nothing'}; "
        f"waterfalls: {len(falls)}",
        f"geysers: {kinds['geyser']} (landscape neighbours {sorted(geysers)}); "
        f"volcano: {kinds['volcano']}; weather spaces: {kinds['weather']}",
    ]


def main(argv: list[str]) -> int:
    status = 0
    for arg in argv or ["river", "geyser"]:
        name, data = load(arg)
        print(f"== {name}")
        print("\n".join(drawing(data)))
        print("\n".join(counts(data)))
        strict = data.get("name") in ("river", "geyser") and not name.endswith("-v1")
        try:
            check_park(data, strict=strict)
            print(f"valid ({'strict' if strict else 'well-formed only'})\n")
        except ParkError as e:
            print(f"REFUSED: {e}\n")
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
