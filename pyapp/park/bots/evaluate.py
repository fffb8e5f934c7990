"""Position evaluation shared by the greedy and strong bots: an estimate of a park's final score.

Everything here reads what a player may see (an observation) or a state the bot built itself;
nothing reads ``state["secret"]``. The estimate has three parts:

* **Families.** For each species, the connected groups of face-up tokens showing it (the sun joins
  them) are valued as ``(animals + g * A) * (water + g * W)``, where ``A`` and ``W`` are the
  animals and watering holes of that species still to be placed (display + reserve contents, which
  a player can count) and ``g`` is a growth share that shrinks when the group has few free spaces
  around it. The best group counts, as in the scoring. Tokens beside a weather space still to be
  filled count with their chance of surviving the weather still to come; tokens a placed bad
  weather token drives away count for nothing.
* **Coverage.** Exactly ``free spaces - tokens still to place`` spaces stay empty at the end (7 in
  a normal game). The coverage categories in reach are those a best choice of the spaces left
  empty still allows: the estimate is the largest total of waterfall, terrain, river and geyser
  points that some set of that many free spaces leaves intact.
* **Weather risk.** Each face of an unfilled weather space is a draw from the player's weather
  display (face-up tokens as they are, face-down ones uniform over the non-sun faces not seen yet).

``Evaluator`` analyses one park once and then prices a placement, a weather token or a whole
position quickly, so the greedy bot can score every legal choice and the strong bot can score
many sampled futures.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..components import SPECIES, SUN, TOKENS, WEATHER
from ..game import park_version_of, variant_of
from ..park import Park, load_park
from ..scoring import _COVERAGE_REQ, COVERAGE_POINTS, GEYSER_POINTS

N_TOKENS = len(TOKENS)
N_SPECIES = len(SPECIES)
#: per token: ((species index, animals), ...), water 0/1
TOKEN_SPECIES = tuple(tuple((k, c) for k, c in enumerate(t.counts) if c) for t in TOKENS)
TOKEN_WATER = tuple(int(t.water) for t in TOKENS)
#: HIT[w][t]: weather id w drives token t away
HIT = tuple(tuple(w.bad and w.drives_away(t) for t in TOKENS) for w in WEATHER)
NON_SUN = tuple(w.id for w in WEATHER if w.id != SUN)


@dataclass(frozen=True)
class Params:
    """Weights of the estimate (tuned by self-play; see the README's Bots section)."""

    growth: float = 0.6  # share of the species' remaining animals/water a group may still gain
    room: float = 8.0  # free neighbouring spaces a group needs to grow fully
    fresh: float = 0.45  # growth share of a species with no group yet, relative to ``growth``
    coverage: float = 1.0  # weight of the coverage points in reach


DEFAULT_PARAMS = Params()


class ParkInfo:
    """Per-park tables: neighbour masks, coverage categories and their cheapest empty sets."""

    def __init__(self, park: Park):
        self.park = park
        n = len(park)
        self.n = n
        self.neighbours = park.neighbours
        land = set(park.landscape)
        self.landscape = park.landscape
        self.land_mask = park.landscape_mask
        #: landscape neighbours of a space as a bitmask
        self.nbr_land_mask = tuple(
            sum(1 << j for j in park.neighbours[i] if j in land) for i in range(n)
        )
        wx = set(park.weather_spaces)
        #: weather spaces beside each space
        self.weather_nbrs = tuple(tuple(j for j in park.neighbours[i] if j in wx) for i in range(n))
        # coverage categories: (points, mask) for every one that can score on this park
        masks = park.requirement_mask
        cats = []
        for cat, req in _COVERAGE_REQ.items():
            if masks[req]:
                cats.append((COVERAGE_POINTS[cat], masks[req]))
        for m in park.geyser_masks:
            if m:
                cats.append((GEYSER_POINTS, m))
        self.categories = tuple(cats)
        self.coverage_total = sum(p for p, _ in cats)
        # the categories each space belongs to, as a bitmask over categories
        sig = [0] * n
        for c, (_, m) in enumerate(cats):
            for i in park.landscape:
                if m >> i & 1:
                    sig[i] |= 1 << c
        # for each set of categories given up, the spaces that may stay empty without losing
        # any other category; cheapest first
        options = []
        for subset in range(1 << len(cats)):
            cost = sum(cats[c][0] for c in range(len(cats)) if subset >> c & 1)
            ok = 0
            for i in park.landscape:
                if sig[i] & ~subset == 0:
                    ok |= 1 << i
            options.append((cost, subset, ok))
        options.sort()
        # drop subsets that allow no more empty spaces than a cheaper one
        kept = []
        for cost, _, ok in options:
            if any(ok & ~k_ok == 0 for _, k_ok in kept):
                continue
            kept.append((cost, ok))
        self.empty_options = tuple(kept)

    def coverage(self, free: int, empty: int) -> int:
        """Most coverage points still in reach when ``empty`` of the ``free`` spaces stay empty."""
        if empty <= 0:
            empty = 0
        for cost, ok in self.empty_options:
            if (free & ok).bit_count() >= empty:
                return self.coverage_total - cost
        return 0  # cannot happen: giving up every category allows any space


@cache
def park_info(name: str, version: int | None = None) -> ParkInfo:
    return ParkInfo(load_park(name, version))


def info_of(state: dict) -> ParkInfo:
    return park_info(variant_of(state).park, park_version_of(state["options"]))


def unseen_weather(pl: dict) -> list[int]:
    """Non-sun weather ids the player has not seen (placed or face up in their display)."""
    seen = {w for w in pl["weather"] if w >= 0}
    for s in pl["forecast"]:
        if s is not None and s["up"]:
            seen.add(s["id"])
    if "start_token" in pl:  # the first geyser side
        seen.add(pl["start_token"])
    seen.update(pl.get("start_tokens", ()))
    return [w for w in NON_SUN if w not in seen]


def face_odds(pl: dict) -> list[float]:
    """Chance of each weather id landing on one unfilled weather space, from what the player sees.

    Each remaining display slot is equally likely to go to a given space; a face-down slot is
    uniform over the unseen non-sun faces.
    """
    slots = [s for s in pl["forecast"] if s is not None]
    odds = [0.0] * len(WEATHER)
    if not slots:
        return odds
    unseen = unseen_weather(pl)
    share = 1.0 / len(slots)
    for s in slots:
        if s["up"]:
            odds[s["id"]] += share
        elif unseen:
            each = share / len(unseen)
            for w in unseen:
                odds[w] += each
    return odds


class Evaluator:
    """The final-score estimate of one player's park, with fast prices for single changes.

    ``board``/``weather`` are the player's lists (token / weather id per space, -1 empty);
    ``unplaced`` the ids of the tokens not on the board (display and reserve); ``left`` the number
    of placements still to come; ``odds`` the face chances of an unfilled weather space.
    """

    __slots__ = (
        "info", "p", "board", "weather", "free", "empty", "rem_a", "rem_w", "hitp", "labels",
        "comps", "comp_values", "base", "values", "cov", "cov_after", "total", "suns", "gtab",
        "fresh",
    )  # fmt: skip

    def __init__(self, info: ParkInfo, board, weather, unplaced, left: int, odds, params=None):
        self.info = info
        p = self.p = params or DEFAULT_PARAMS
        self.board = board
        self.weather = weather
        free = 0
        for i in info.landscape:
            if board[i] < 0:
                free |= 1 << i
        self.free = free
        self.empty = free.bit_count() - left
        rem_a = [0] * N_SPECIES
        rem_w = [0] * N_SPECIES
        for t in unplaced:
            wt = TOKEN_WATER[t]
            for k, c in TOKEN_SPECIES[t]:
                rem_a[k] += c
                rem_w[k] += wt
        self.rem_a = rem_a
        self.rem_w = rem_w
        self.hitp = _hit_chances(tuple(odds))
        self.suns = [i for i in info.park.weather_spaces if weather[i] == SUN]
        # growth share by number of free spaces around a group
        self.gtab = _growth_table(p.growth, p.room, info.n)
        self.fresh = p.growth * p.fresh
        self.cov_after = {}
        self._analyse()

    # ------------------------------------------------------------------ analysis

    def survival(self, t: int, i: int) -> float:
        """Chance that token ``t`` on space ``i`` stays face up (0 when bad weather beside it
        already drives it away)."""
        s = 1.0
        weather = self.weather
        for j in self.info.weather_nbrs[i]:
            w = weather[j]
            if w < 0:
                s *= 1.0 - self.hitp[t]
            elif HIT[w][t]:
                return 0.0
        return s

    def _analyse(self) -> None:
        info, board = self.info, self.board
        nbrs = info.neighbours
        nbr_land = info.nbr_land_mask
        n = info.n
        members = [{} for _ in range(N_SPECIES)]  # space -> (animals, water) expected
        for i in info.landscape:
            t = board[i]
            if t < 0:
                continue
            s = self.survival(t, i)
            if s <= 0.0:
                continue
            wt = TOKEN_WATER[t] * s
            for k, c in TOKEN_SPECIES[t]:
                members[k][i] = (c * s, wt)
        for j in self.suns:
            for k in range(N_SPECIES):
                members[k][j] = (1.0, 0.0)
        self.labels = labels = []
        self.comps = comps = []
        self.comp_values = comp_values = []
        self.base = base = []
        self.values = values = []
        free, gtab, g0 = self.free, self.gtab, self.fresh
        for k in range(N_SPECIES):
            lab = [-1] * n
            cs = []  # (animals, water, adjacency mask)
            mk = members[k]
            for start in mk:
                if lab[start] >= 0:
                    continue
                c = len(cs)
                lab[start] = c
                stack = [start]
                a = w = 0.0
                adj = 0
                while stack:
                    i = stack.pop()
                    ai, wi = mk[i]
                    a += ai
                    w += wi
                    adj |= nbr_land[i]
                    for j in nbrs[i]:
                        if lab[j] < 0 and j in mk:
                            lab[j] = c
                            stack.append(j)
                cs.append((a, w, adj))
            ra, rw = self.rem_a[k], self.rem_w[k]
            b = (g0 * ra) * (g0 * rw)
            vs = []
            for a, w, adj in cs:
                g = gtab[(adj & free).bit_count()]
                vs.append((a + g * ra) * (w + g * rw))
            labels.append(lab)
            comps.append(cs)
            comp_values.append(vs)
            base.append(b)
            values.append(max(b, max(vs)) if vs else b)
        self.cov = info.coverage(free, self.empty)
        self.total = sum(values) + self.p.coverage * self.cov

    # ------------------------------------------------------------------ prices

    def place_delta(self, t: int, i: int) -> float:
        """Change of the estimate when token ``t`` goes on free space ``i``."""
        info = self.info
        bit = 1 << i
        free = self.free & ~bit
        gtab = self.gtab
        s = self.survival(t, i)
        wt = TOKEN_WATER[t]
        delta = 0.0
        shown = TOKEN_SPECIES[t]
        in_t = 0
        for k, c in shown:
            in_t |= 1 << k
            comps = self.comps[k]
            ra = self.rem_a[k] - c
            rw = self.rem_w[k] - wt
            g0 = self.fresh
            best = (g0 * ra) * (g0 * rw)
            joined = ()
            if s > 0.0:
                lab = self.labels[k]
                joined = set()
                a = c * s
                w = wt * s
                adj = info.nbr_land_mask[i]
                for j in info.neighbours[i]:
                    cj = lab[j]
                    if cj >= 0 and cj not in joined:
                        joined.add(cj)
                        ca, cw, cadj = comps[cj]
                        a += ca
                        w += cw
                        adj |= cadj
                g = gtab[(adj & free).bit_count()]
                v = (a + g * ra) * (w + g * rw)
                if v > best:
                    best = v
            for c2, (a, w, adj) in enumerate(comps):
                if c2 in joined:
                    continue
                g = gtab[(adj & free).bit_count()]
                v = (a + g * ra) * (w + g * rw)
                if v > best:
                    best = v
            delta += best - self.values[k]
        for k in range(N_SPECIES):
            if in_t >> k & 1:
                continue
            # only the room lost around groups beside the space can matter
            comps = self.comps[k]
            best = None
            for a, w, adj in comps:
                if adj & bit:
                    if best is None:
                        best = self.base[k]
                        for c3, v in enumerate(self.comp_values[k]):
                            if not comps[c3][2] & bit and v > best:
                                best = v
                    ra, rw = self.rem_a[k], self.rem_w[k]
                    g = gtab[(adj & free).bit_count()]
                    v = (a + g * ra) * (w + g * rw)
                    if v > best:
                        best = v
            if best is not None:
                delta += best - self.values[k]
        cov = self.cov_after.get(i)
        if cov is None:
            cov = self.cov_after[i] = info.coverage(free, self.empty)
        return delta + self.p.coverage * (cov - self.cov)


@cache
def _growth_table(growth: float, room: float, n: int) -> tuple[float, ...]:
    return tuple(growth if r >= room else growth * r / room for r in range(n + 1))


_HIT_LISTS = tuple(tuple(t for t in range(N_TOKENS) if HIT[w][t]) for w in range(len(WEATHER)))
_HIT_CACHE: dict = {}


def _hit_chances(odds: tuple) -> list[float]:
    """Per token, the chance that one unfilled weather space with these face odds drives it
    away."""
    out = _HIT_CACHE.get(odds)
    if out is None:
        out = [0.0] * N_TOKENS
        for w, o in enumerate(odds):
            if o:
                for t in _HIT_LISTS[w]:
                    out[t] += o
        if len(_HIT_CACHE) > 4096:
            _HIT_CACHE.clear()
        _HIT_CACHE[odds] = out
    return out


# ---------------------------------------------------------------------- from a game view


def unplaced_tokens(board) -> list[int]:
    """Token ids not on ``board``: the display and the reserve's contents (order unknown)."""
    on = set(board)
    return [t for t in range(N_TOKENS) if t not in on]


def evaluator(view: dict, player: int, params=None, weather=None, forecast=None) -> Evaluator:
    """The estimate of ``player``'s park in a state or observation (never reading ``secret``).

    ``weather``/``forecast`` replace the player's weather list and display, to price a weather
    choice before making it.
    """
    pl = view["G"]["players"][player]
    if weather is not None:
        pl = {**pl, "weather": weather, "forecast": forecast}
    unplaced = unplaced_tokens(pl["board"])
    return Evaluator(
        info_of(view), pl["board"], pl["weather"], unplaced, len(unplaced), face_odds(pl), params
    )


def weather_value(view: dict, player: int, slot: int, space: int, params=None) -> float:
    """Expected estimate after putting display slot ``slot`` on weather space ``space``.

    A face-down slot is averaged over the faces it may show (the non-sun faces not seen yet).
    """
    pl = view["G"]["players"][player]
    s = pl["forecast"][slot]
    forecast = pl["forecast"][:]
    forecast[slot] = None
    faces = [s["id"]] if s["up"] else unseen_weather(pl)
    total = 0.0
    for w in faces:
        weather = pl["weather"][:]
        weather[space] = w
        total += evaluator(view, player, params, weather, forecast).total
    return total / len(faces)
