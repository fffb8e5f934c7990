"""End-of-game scoring: the 13 categories of the scoring pad, flipping and tie-breaks.

A *position* is a park plus, per space, the face-up animal token (or ``None``) and the weather
token (or ``None``). Scoring first flips every token a neighbouring bad weather token drives away;
flipped tokens still cover their space but belong to no family. The sun counts as one animal of
every species with no water and joins all families of a species that touch it.
"""

from __future__ import annotations

from .components import SPECIES, SUN, TOKENS, WEATHER, make_face
from .park import Park

CATEGORIES = (
    "bad_weather", "waterfalls", "mountains", "prairie", "forest", "river", "geysers",
    "goat", "bear", "wolf", "elk", "eagle", "bison",
)  # fmt: skip
COVERAGE_POINTS = {"waterfalls": 4, "mountains": 7, "prairie": 7, "forest": 7, "river": 8}
_COVERAGE_REQ = {
    "waterfalls": "waterfall",
    "mountains": "mountain",
    "prairie": "prairie",
    "forest": "forest",
    "river": "river",
}
GEYSER_POINTS = 4
_SUN_FACE = make_face(SPECIES, False)  # one animal of each species, no water
_SPECIES_INDEX = {s: i for i, s in enumerate(SPECIES)}


def flipped_spaces(park: Park, faces, weather) -> set[int]:
    """Indices of the animal tokens that bad weather drives away."""
    flipped = set()
    nbrs = park.neighbours
    for w in park.weather_spaces:
        token = weather[w]
        if token is None or not token.bad:
            continue
        for j in nbrs[w]:
            face = faces[j]
            if face is not None and token.drives_away(face):
                flipped.add(j)
    return flipped


def _members(faces, flipped, k: int, suns) -> dict:
    """Space index -> face of every token showing species ``k`` and not flipped, and of the sun
    spaces (the sun: one animal of each species, no water)."""
    members = {
        i: f for i, f in enumerate(faces) if f is not None and f.counts[k] and i not in flipped
    }
    for sun_at in suns:
        members[sun_at] = _SUN_FACE
    return members


def best_family(park: Park, faces, flipped, species: str, suns=()) -> tuple[int, int, int]:
    """(value, animals, water) of the most valuable family of ``species``."""
    k = _SPECIES_INDEX[species]
    members = _members(faces, flipped, k, suns)
    nbrs = park.neighbours
    seen = set()
    best = (0, 0, 0)
    for start in members:
        if start in seen:
            continue
        seen.add(start)
        stack = [start]
        animals = water = 0
        while stack:
            i = stack.pop()
            face = members[i]
            animals += face.counts[k]
            water += face.water
            for j in nbrs[i]:
                if j not in seen and j in members:
                    seen.add(j)
                    stack.append(j)
        if animals * water > best[0]:
            best = (animals * water, animals, water)
    return best


def covered_categories(park: Park, covered: int) -> list[str]:
    """The coverage categories (waterfalls, mountains, ...) whose every space is covered
    (``covered``: a bitmask of the spaces holding a token); a park without such spaces scores
    nothing for it."""
    masks = park.requirement_mask
    out = []
    for cat, req in _COVERAGE_REQ.items():
        mask = masks[req]
        if mask and covered & mask == mask:
            out.append(cat)
    return out


def surrounded_geysers(park: Park, covered: int) -> list[int]:
    """Positions in ``park.geysers`` of the geysers whose every landscape neighbour is covered."""
    return [k for k, m in enumerate(park.geyser_masks) if m and covered & m == m]


def score_position(park: Park, faces, weather) -> dict:
    """Score one park. ``faces``/``weather``: per space index, a Token/Weather or ``None``."""
    flipped = flipped_spaces(park, faces, weather)
    covered = 0
    for i, f in enumerate(faces):
        if f is not None:
            covered |= 1 << i
    cats = dict.fromkeys(CATEGORIES, 0)
    masks = park.requirement_mask
    for cat in covered_categories(park, covered):
        cats[cat] = COVERAGE_POINTS[cat]
    cats["geysers"] = GEYSER_POINTS * len(surrounded_geysers(park, covered))
    suns = [w for w in park.weather_spaces if weather[w] is not None and weather[w].id == SUN]
    for s in SPECIES:
        cats[s] = best_family(park, faces, flipped, s, suns)[0]
    river_mask = masks["river"]
    return {
        "categories": cats,
        "total": sum(cats.values()),
        "flipped": len(flipped),
        "river_covered": (covered & river_mask).bit_count(),
        "flipped_at": sorted(list(park.at(i)) for i in flipped),
    }


def faces_of(board: list[int], weather: list[int]) -> tuple[list, list]:
    """Token and weather faces per space from a game state's ids (-1 = empty)."""
    faces = [TOKENS[t] if t >= 0 else None for t in board]
    wx = [WEATHER[w] if w >= 0 else None for w in weather]
    return faces, wx


def score_board(park: Park, board: list[int], weather: list[int]) -> dict:
    """Score a park stored as in a game state: token ids and weather ids per space, -1 if empty."""
    return score_position(park, *faces_of(board, weather))


def rank(sheets: list[dict]) -> tuple[list[int], str]:
    """Winners (player indices) and the rule that decided: total, river, flipped or shared."""
    best = max(s["total"] for s in sheets)
    tied = [i for i, s in enumerate(sheets) if s["total"] == best]
    if len(tied) == 1:
        return tied, "total"
    most_river = max(sheets[i]["river_covered"] for i in tied)
    tied = [i for i in tied if sheets[i]["river_covered"] == most_river]
    if len(tied) == 1:
        return tied, "river"
    fewest = min(sheets[i]["flipped"] for i in tied)
    tied = [i for i in tied if sheets[i]["flipped"] == fewest]
    if len(tied) == 1:
        return tied, "flipped"
    return tied, "shared"


# --------------------------------------------------------------------------- previews (the UI)


def families(park: Park, faces, flipped, species: str, suns=()) -> list[tuple[int, frozenset]]:
    """Every family of ``species`` as (value, space indices), most valuable first (a family
    worth nothing, one without water, included); the sun spaces count as in ``best_family``."""
    k = _SPECIES_INDEX[species]
    members = _members(faces, flipped, k, suns)
    out = []
    left = set(members)
    while left:
        group = {left.pop()}
        frontier = list(group)
        while frontier:
            for j in park.neighbours[frontier.pop()]:
                if j in left:
                    left.discard(j)
                    group.add(j)
                    frontier.append(j)
        animals = sum(members[i].counts[k] for i in group)
        water = sum(members[i].water for i in group)
        out.append((animals * water, frozenset(group)))
    out.sort(key=lambda fam: (-fam[0], min(fam[1])))
    return out


def score_parts(sheet: dict) -> dict:
    """A score sheet's total in the parts a placement can change: families (the six species),
    coverage (waterfalls, mountains, prairie, forest, river) and geysers."""
    cats = sheet["categories"]
    return {
        "families": sum(cats[s] for s in SPECIES),
        "coverage": sum(cats[c] for c in COVERAGE_POINTS),
        "geysers": cats["geysers"],
        "total": sheet["total"],
    }


def placement_preview(park: Park, board: list[int], weather: list[int], tid: int, i: int) -> dict:
    """What placing token ``tid`` on free space ``i`` changes in the park's score as it stands
    (the weather already placed counts, the weather still to come is not guessed): the
    differences of ``score_parts`` and the spaces of the families the token would belong to."""
    before = score_parts(score_board(park, board, weather))
    after_board = list(board)
    after_board[i] = tid
    faces, wx = faces_of(after_board, weather)
    sheet = score_position(park, faces, wx)
    after = score_parts(sheet)
    diff = {k: after[k] - before[k] for k in before}
    flipped = {park.index[tuple(a)] for a in sheet["flipped_at"]}
    suns = [w for w in park.weather_spaces if wx[w] is not None and wx[w].id == SUN]
    joined: set[int] = set()
    if i not in flipped:
        for s in TOKENS[tid].animals:
            for _, group in families(park, faces, flipped, s, suns):
                if i in group:
                    joined |= group
    diff["family"] = sorted(joined)
    return diff


def placement_previews(park: Park, board, weather, tid: int, spaces) -> dict[int, dict]:
    """``placement_preview`` of token ``tid`` on each of ``spaces``."""
    return {i: placement_preview(park, board, weather, tid, i) for i in spaces}


def driven_away_near(park: Park, weather: list[int]) -> dict[int, list[int]]:
    """For each landscape space next to a placed bad weather token, the ids of the bad weather
    tokens beside it (what they drive away: ``Weather.drives_away``)."""
    out: dict[int, list[int]] = {}
    for w in park.weather_spaces:
        if weather[w] < 0 or not WEATHER[weather[w]].bad:
            continue
        for j in park.neighbours[w]:
            if park.spaces[j].kind == "landscape":
                out.setdefault(j, []).append(weather[w])
    return out


# --------------------------------------------------------------------------- explanations (the UI)


def explain_position(park: Park, faces, weather) -> dict[str, dict]:
    """Every category of the scoring pad with what scored it, counted by the same helpers as
    ``score_position`` (``flipped_spaces``, ``covered_categories``, ``surrounded_geysers``, the
    families of ``_members``): per category ``points`` and ``spaces``, the sorted space indices
    the score counted (none for a category that scores nothing), and the counts that say how:

    * coverage categories: ``covered`` of ``needed`` spaces, ``missing`` (indices still free);
    * ``geysers``: ``surrounded`` geysers of ``geysers``, 4 points each;
    * species: the most valuable family's ``animals`` and ``water`` (points = their product;
      a sun beside it counts as one animal without water, its space is in ``spaces``);
    * ``bad_weather``: the ``flipped`` tokens (``spaces``) and the ``weather`` spaces that drove
      them away (no points: those tokens belong to no family).
    """
    flipped = flipped_spaces(park, faces, weather)
    covered = 0
    for i, f in enumerate(faces):
        if f is not None:
            covered |= 1 << i
    out: dict[str, dict] = {}
    nbrs = park.neighbours
    drivers = sorted(
        w
        for w in park.weather_spaces
        if weather[w] is not None
        and weather[w].bad
        and any(j in flipped and weather[w].drives_away(faces[j]) for j in nbrs[w])
    )
    out["bad_weather"] = {
        "points": 0,
        "spaces": sorted(flipped),
        "flipped": len(flipped),
        "weather": drivers,
    }
    full = set(covered_categories(park, covered))
    for cat, req in _COVERAGE_REQ.items():
        need = park.requirement[req]
        scored = cat in full
        out[cat] = {
            "points": COVERAGE_POINTS[cat] if scored else 0,
            "spaces": sorted(need) if scored else [],
            "covered": sum(1 for i in need if faces[i] is not None),
            "needed": len(need),
            "missing": sorted(i for i in need if faces[i] is None),
        }
    ring = surrounded_geysers(park, covered)
    spaces: set[int] = set()
    for k in ring:
        spaces.add(park.geysers[k])
        spaces.update(park.geyser_neighbours[k])
    out["geysers"] = {
        "points": GEYSER_POINTS * len(ring),
        "spaces": sorted(spaces),
        "surrounded": len(ring),
        "geysers": len(park.geysers),
    }
    suns = [w for w in park.weather_spaces if weather[w] is not None and weather[w].id == SUN]
    for s in SPECIES:
        k = _SPECIES_INDEX[s]
        members = _members(faces, flipped, k, suns)
        fams = families(park, faces, flipped, s, suns)
        best = fams[0][1] if fams and fams[0][0] > 0 else frozenset()
        animals = sum(members[i].counts[k] for i in best)
        water = sum(members[i].water for i in best)
        out[s] = {
            "points": animals * water,
            "spaces": sorted(best),
            "animals": animals,
            "water": water,
            "families": len(fams),
        }
    return out


def explain_board(park: Park, board: list[int], weather: list[int]) -> dict[str, dict]:
    """``explain_position`` of a park stored as in a game state."""
    return explain_position(park, *faces_of(board, weather))
