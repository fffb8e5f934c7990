"""The game flow of Caldera Park: setup, rounds, action turns, legality and the end.

A game state is plain JSON-safe data::

    {"format": 2, "options": {...},            # how the game was set up (seed included)
     "G": {"players": [...], "row": [...], "terrain": [...]},   # what is on the table
     "ctx": {"round", "turn", "phase", "marmot", "pending", ...},  # whose decision it is
     "secret": {"rng", "reserves", "forecast", "stack"},          # hidden from every player
     "log": [[player, "action text"], ...]}

Everything a player may see lives outside ``secret``; ``observation`` simply leaves it out.
Spaces are indexed as in the park file; boards hold token ids (-1 = free), weather lists hold
weather ids (-1 = none). One decision is open at a time: ``decision(state)`` names it.

Rulings where the rule book and NOTES.md are silent:

* Seat 0 holds the marmot first (option ``first``); it passes left (to the next seat) after each
  action turn, across rounds too.
* Simultaneous choices (weather, placement) are taken one after another, starting with the marmot
  holder and going left; no choice depends on another player's, so this changes nothing.
* The sun starts in slot 0 of the weather display, the five face-down tokens in slots 1-5.
* Geyser Park: the two starting tokens drawn from the four left out lie face up
  (``start_tokens``); the player chooses which of them goes on the middle space and on which ring
  space the other goes (``start K at q,r``: token K on the ring, the other in the middle); the
  forecast continues clockwise around the ring from there. The geyser side has its river and
  waterfalls like the river side, and no volcano.
* A single player always uses the solo action stack (also in Geyser Park); the marmot stays put.
  Only the solo challenge (the river side) is rated by the rule book's solo table.
* Weather display slots keep their positions; a used slot becomes empty (``None``).

Versions: ``options["park_version"]`` names the version of the park data (``park.PARK_FILES``);
it is left out for version 1. Games of Geyser Park saved before issue 12 (format 1, no
``park_version``) play on on the first geyser side and with its setup: the first drawn starting
token went on the middle space by itself and the player chose the ring space of the second
(``start q,r``; the player's ``start_token``).
"""

from __future__ import annotations

from ..core.actions import action_text
from ..core.errors import IllegalActionError, OptionsError
from ..core.options import check_names, check_seed
from ..core.rng import Rng
from .actions import ChooseWeather, Pick, Place, RevealWeather, StartWeather, parse
from .components import ACTIONS, SUN, TERRAIN_SPACES, TOKEN_BY_NAME, TOKENS, solo_rating
from .park import LATEST_VERSION, Park, ParkError, load_park, park_file
from .scoring import rank, score_board
from .variants import VARIANTS

FORMAT = 2  # 2: park versions, the Geyser Park setup choice (issue 12)
ROUNDS = 5
TURNS = 7
DISPLAY_SIZE = 7
_TERRAIN_INDEX = {t: i for i, t in enumerate(TERRAIN_SPACES)}
_WATER_SPACE = TERRAIN_SPACES.index("any")


# --------------------------------------------------------------------------- setup


def normalise_options(
    players=2,
    seed=1,
    variant="base",
    names=None,
    first=0,
    park_version=None,
    late_draws=False,
    **extra,
) -> dict:
    """Check the options of a game and return them as the plain dict kept in the state.

    ``park_version`` defaults to the latest version of the variant's park (a new game); it is
    kept in the options unless it is 1, so options without it are those of version 1 (see
    ``record.replay`` for games saved before versions existed)."""
    if extra:
        raise OptionsError(f"unknown option {sorted(extra)[0]!r}")
    if variant not in VARIANTS:
        raise OptionsError(f"unknown variant {variant!r}: expected base, solo or geyser")
    v = VARIANTS[variant]
    if type(players) is not int or not v.min_players <= players <= v.max_players:
        if v.min_players == v.max_players:
            span = f"exactly {v.min_players} player" + ("s" if v.min_players > 1 else "")
        else:
            span = f"{v.min_players}-{v.max_players} players"
        raise OptionsError(f"the {variant} game takes {span}, not {players!r}")
    check_seed(seed)
    names = check_names(names, players)
    if type(first) is not int or not 0 <= first < players:
        raise OptionsError(f"the first marmot holder is a seat from 0 to {players - 1}")
    if park_version is None:
        park_version = LATEST_VERSION[v.park]
    try:
        if type(park_version) is not int:
            raise ParkError(f"a park version is a whole number, not {park_version!r}")
        park_file(v.park, park_version)
    except ParkError as e:
        raise OptionsError(str(e)) from None
    options = {
        "variant": variant,
        "players": players,
        "seed": seed,
        "names": names,
        "first": first,
    }
    if park_version != 1:
        options["park_version"] = park_version
    if late_draws is not False:  # kept only when set: the options of every earlier game hold
        if late_draws is not True:
            raise OptionsError("late_draws is true or false")
        options["late_draws"] = True
    return options


def new_game(
    players=2, seed=1, variant="base", names=None, first=0, park_version=None, late_draws=False
) -> dict:
    """Set up a game: shuffled reserves, displays of 7, weather displays, the action board.

    With ``late_draws`` (games played by link) the order of the reserves and which weather token
    lies face down where are not kept from the setup: each token is drawn from the generator
    when it comes to the display or is turned up (``_late_face``), so that the generator
    reseeded by ``core.link`` decides it then."""
    options = normalise_options(players, seed, variant, names, first, park_version, late_draws)
    v = VARIANTS[variant]
    park = load_park(v.park, park_version_of(options))
    choose_start = _start_choice(options)
    rng = Rng.from_seed(seed)
    n_spaces = len(park)
    players_g, reserves, forecasts, left = [], [], [], []
    for p in range(players):
        order = list(range(len(TOKENS)))
        rng.shuffle(order)
        others = list(range(1, 10))
        rng.shuffle(others)
        face_down, left_out = others[:5], others[5:]
        player = {
            "name": options["names"][p],
            "display": order[:DISPLAY_SIZE],
            "reserve_count": len(order) - DISPLAY_SIZE,
            "board": [-1] * n_spaces,
            "weather": [-1] * n_spaces,
            "forecast": [{"up": True, "id": SUN}] + [{"up": False} for _ in face_down],
            "next_weather": None,
            "last": -1,
        }
        if v.weather_rule == "geyser" and choose_start:
            player["start_tokens"] = left_out[:2]  # face up: the player chooses their spaces
        elif v.weather_rule == "geyser":  # the first geyser side: the first drawn in the middle
            player["weather"][park.middle] = left_out[0]
            player["start_token"] = left_out[1]
        players_g.append(player)
        reserves.append(order[DISPLAY_SIZE:])
        forecasts.append([-1, *face_down])
        # the tokens left out that nobody sees: drawn from with the face-down ones (late draws)
        shown = "start_tokens" in player or "start_token" in player
        left.append(left_out[2:] if shown else left_out)
    stack = []
    if players == 1:
        stack = list(ACTIONS)
        rng.shuffle(stack)
    state = {
        "format": FORMAT,
        "options": options,
        "G": {
            "players": players_g,
            "row": [] if players == 1 else list(ACTIONS),
            "terrain": [None] * len(TERRAIN_SPACES),
        },
        "ctx": {
            "round": 1,
            "turn": 0,
            "phase": "setup",
            "marmot": first,
            "pending": _order(first, players),
            "requirement": None,
            "revealed": None,
            "stack_count": len(stack),
        },
        "secret": {"rng": rng.hex(), "reserves": reserves, "forecast": forecasts, "stack": stack},
        "log": [],
    }
    if late_draws:
        state["secret"]["left"] = left
    return state


def _order(start: int, n: int) -> list[int]:
    return [(start + i) % n for i in range(n)]


def park_version_of(options: dict) -> int:
    """The version of the park data a game plays on (1 when the options do not say)."""
    return options.get("park_version", 1)


def _start_choice(options: dict) -> bool:
    """Geyser Park since park version 2: the player places both starting weather tokens."""
    return park_version_of(options) >= 2


def park_of(state: dict) -> Park:
    return load_park(variant_of(state).park, park_version_of(state["options"]))


def variant_of(state: dict):
    return VARIANTS[state["options"]["variant"]]


# --------------------------------------------------------------------------- decisions


def to_move(state: dict) -> int | None:
    """The player who must decide now, or ``None`` when the game is over."""
    pending = state["ctx"]["pending"]
    return pending[0] if pending else None


def decision(state: dict) -> dict | None:
    """``{"player": p, "kind": ...}`` for the open decision; kinds: weather, start, reveal,
    pick, place. ``None`` once the game is over."""
    ctx = state["ctx"]
    if not ctx["pending"]:
        return None
    p = ctx["pending"][0]
    phase = ctx["phase"]
    if phase == "setup":
        kind = "start" if variant_of(state).weather_rule == "geyser" else "weather"
    elif phase == "forecast":
        kind = "weather"
        if variant_of(state).weather_rule == "geyser":
            slots = state["G"]["players"][p]["forecast"]
            up = sum(1 for s in slots if s is not None and s["up"])
            down = sum(1 for s in slots if s is not None and not s["up"])
            if up < 2 and down:
                kind = "reveal"
    else:
        kind = phase
    return {"player": p, "kind": kind}


def is_over(state: dict) -> bool:
    return state["ctx"]["phase"] == "over"


def placement_options(state: dict, player: int):
    """What ``player`` may place now: (token ids, space indices, token fallback, space fallback).

    Tokens showing the required feature, else (fallback) any display token; free landscape
    spaces meeting the terrain requirement, else (fallback) any free landscape space.
    """
    action, terrain = state["ctx"]["requirement"]
    pl = state["G"]["players"][player]
    display = pl["display"]
    tokens = [t for t in display if TOKENS[t].shows(action)]
    token_fallback = not tokens
    if token_fallback:
        tokens = list(display)
    park = park_of(state)
    board = pl["board"]
    spaces = [i for i in park.requirement[terrain] if board[i] < 0]
    space_fallback = not spaces
    if space_fallback:
        spaces = [i for i in park.landscape if board[i] < 0]
    return tokens, spaces, token_fallback, space_fallback


def _free_weather_spaces(state: dict, player: int) -> list[int]:
    """Free weather spaces of the clockwise order (the ring, in Geyser Park)."""
    park = park_of(state)
    wx = state["G"]["players"][player]["weather"]
    return [i for i in park.weather_order if wx[i] < 0]


def _pick_terrains(state: dict, action: str) -> list[str]:
    taken = state["G"]["terrain"]
    if action == "water":
        return ["any"] if taken[_WATER_SPACE] is None else []
    return [t for i, t in enumerate(TERRAIN_SPACES) if i != _WATER_SPACE and taken[i] is None]


def _pick_actions(state: dict) -> list[str]:
    revealed = state["ctx"]["revealed"]
    return [revealed] if revealed else list(state["G"]["row"])


def legal_actions(state: dict, player: int | None = None) -> list:
    """Every legal action of ``player`` (default: whoever decides now); empty if not theirs.

    Works on a state or on an observation: it reads nothing hidden.
    """
    d = decision(state)
    if d is None or (player is not None and player != d["player"]):
        return []
    p, kind = d["player"], d["kind"]
    park = park_of(state)
    pl = state["G"]["players"][p]
    slots = pl["forecast"]
    if kind == "weather":
        if state["ctx"]["phase"] == "setup":
            spaces = _free_weather_spaces(state, p)
            return [
                ChooseWeather(i, park.at(w))
                for i, s in enumerate(slots)
                if s is not None
                for w in spaces
            ]
        geyser = variant_of(state).weather_rule == "geyser"
        return [
            ChooseWeather(i)
            for i, s in enumerate(slots)
            if s is not None and (s["up"] or not geyser)
        ]
    if kind == "start":
        ring = _free_weather_spaces(state, p)
        if not _start_choice(state["options"]):
            return [StartWeather(park.at(w)) for w in ring]
        return [StartWeather(park.at(w), k) for k in (0, 1) for w in ring]
    if kind == "reveal":
        return [RevealWeather(i) for i, s in enumerate(slots) if s is not None and not s["up"]]
    if kind == "pick":
        return [Pick(a, t) for a in _pick_actions(state) for t in _pick_terrains(state, a)]
    tokens, spaces, _, _ = placement_options(state, p)
    return [Place(TOKENS[t].name, park.at(i)) for t in tokens for i in spaces]


def why_illegal(state: dict, action, player: int | None = None) -> str | None:
    """``None`` when ``action`` is legal now, else the reason in plain English."""
    d = decision(state)
    if d is None:
        return "the game is over"
    p = d["player"]
    names = state["options"]["names"]
    if player is not None and player != p:
        return f"it is {names[p]}'s turn, not {names[player]}'s"
    kind = d["kind"]
    if getattr(action, "kind", None) != kind:
        want = {
            "weather": "choose a weather token",
            "start": "place the two starting weather tokens ('start K at q,r': token K on "
            "ring space q,r, the other on the middle space)",
            "reveal": "reveal a face-down weather token",
            "pick": "choose an action token and a terrain space",
            "place": "place an animal token",
        }[kind]
        if kind == "start" and not _start_choice(state["options"]):
            want = "choose the weather space of the second starting token ('start q,r')"
        return f"{names[p]} must {want} now"
    park = park_of(state)
    pl = state["G"]["players"][p]
    if kind in ("weather", "reveal"):
        slots = pl["forecast"]
        if not 0 <= action.slot < len(slots) or slots[action.slot] is None:
            return f"slot {action.slot} of the weather display is empty"
        slot = slots[action.slot]
        if kind == "reveal":
            return "that weather token is already face up" if slot["up"] else None
        if state["ctx"]["phase"] == "setup":
            if action.at is None:
                return "the first weather token needs a weather space: 'weather N at q,r'"
            return _check_weather_space(state, p, park, action.at)
        if action.at is not None:
            return "forecast tokens go on the next free weather space clockwise: leave out 'at'"
        if variant_of(state).weather_rule == "geyser" and not slot["up"]:
            return "in Geyser Park only one of the two face-up weather tokens can be placed"
        return None
    if kind == "start":
        if not _start_choice(state["options"]):
            if action.token is not None:
                return "in this game the middle token is set: choose only a space ('start q,r')"
        elif action.token not in (0, 1):
            return "say which starting token goes on the ring: 'start 0 at q,r' or 'start 1 at q,r'"
        return _check_weather_space(state, p, park, action.at)
    if kind == "pick":
        allowed = _pick_actions(state)
        if action.action not in allowed:
            if state["ctx"]["revealed"]:
                return f"the revealed action token is {state['ctx']['revealed']}"
            return f"the {action.action} action token is not in the selection row any more"
        if action.terrain not in _TERRAIN_INDEX:  # "any" (the watering hole's space) is in it
            return f"there is no terrain space called {action.terrain!r}"
        if action.action == "water" and action.terrain != "any":
            return "the watering hole only goes on the rightmost terrain space"
        if action.terrain == "any" and action.action != "water":
            return "only the watering hole may take the rightmost terrain space"
        if state["G"]["terrain"][_TERRAIN_INDEX[action.terrain]] is not None:
            return f"the {action.terrain} terrain space is already taken this round"
        return None
    # place
    token = TOKEN_BY_NAME.get(action.token)
    if token is None:
        return f"there is no animal token called {action.token!r}"
    if token.id not in pl["display"]:
        return f"{action.token} is not in {names[p]}'s display"
    tokens, spaces, token_fallback, space_fallback = placement_options(state, p)
    req_action, req_terrain = state["ctx"]["requirement"]
    if token.id not in tokens:
        return f"{action.token} does not show {req_action}, and the display has a token that does"
    i = park.index.get(tuple(action.at))
    if i is None:
        return f"there is no space {action.at[0]},{action.at[1]} in this park"
    if park.spaces[i].kind != "landscape":
        return f"animal tokens only go on landscape spaces, not on the {park.spaces[i].kind}"
    if pl["board"][i] >= 0:
        return f"space {action.at[0]},{action.at[1]} is already covered"
    if i not in spaces:
        return (
            f"space {action.at[0]},{action.at[1]} does not meet the requirement "
            f"({req_terrain}) and free spaces that do remain"
        )
    return None


def _check_weather_space(state, p, park: Park, at) -> str | None:
    i = park.index.get(tuple(at))
    where = f"{at[0]},{at[1]}"
    if i is None or park.spaces[i].kind != "weather":
        return f"space {where} is not a weather space"
    if i == park.middle:
        if not _start_choice(state["options"]):
            return "the middle weather space already holds a starting token"
        return "the middle weather space takes the other starting token: choose a ring space"
    if state["G"]["players"][p]["weather"][i] >= 0:
        return f"weather space {where} is already taken"
    return None


# --------------------------------------------------------------------------- applying


def play(state: dict, action, player: int | None = None) -> dict:
    """Checked move for the interface: parse (if text), validate, apply. Returns ``state``.

    Raises MalformedActionError for unreadable text and IllegalActionError (state untouched)
    for a move the rules do not allow now.

    An action object is rebuilt from its text first, so a hand-made one with a bad field (an
    unknown token, coordinates given as a JSON list) is read or refused like text, and never
    fails halfway through ``apply``.
    """
    action = parse(action_text(action))
    reason = why_illegal(state, action, player)
    if reason is not None:
        raise IllegalActionError(reason)
    return apply(state, action)


def apply(state: dict, action) -> dict:
    """Unchecked fast move for search and simulation: ``action`` must be legal.

    Mutates ``state`` in place and returns it.
    """
    ctx, g = state["ctx"], state["G"]
    p = ctx["pending"][0]
    pl = g["players"][p]
    kind = action.kind
    state["log"].append([p, str(action)])
    if kind == "place":
        park = park_of(state)
        tid = TOKEN_BY_NAME[action.token].id
        i = park.index[action.at]
        pl["display"].remove(tid)
        pl["board"][i] = tid
        pl["last"] = i
        ctx["pending"].pop(0)
        if not ctx["pending"]:
            _end_turn(state)
    elif kind == "pick":
        g["terrain"][_TERRAIN_INDEX[action.terrain]] = action.action
        if ctx["revealed"]:
            ctx["revealed"] = None
        else:
            g["row"].remove(action.action)
        ctx["requirement"] = [action.action, action.terrain]
        ctx["phase"] = "place"
        ctx["pending"] = _order(ctx["marmot"], len(g["players"]))
    elif kind == "reveal":
        if "late_draws" in state["options"]:
            _late_face(state, p, action.slot)
        secret = state["secret"]["forecast"][p]
        pl["forecast"][action.slot] = {"up": True, "id": secret[action.slot]}
        secret[action.slot] = -1
    elif kind == "weather":
        park = park_of(state)
        slot = pl["forecast"][action.slot]
        if slot["up"]:
            wid = slot["id"]
        else:
            if "late_draws" in state["options"]:
                _late_face(state, p, action.slot)
            wid = state["secret"]["forecast"][p][action.slot]
            state["secret"]["forecast"][p][action.slot] = -1
        pl["forecast"][action.slot] = None
        if action.at is not None:
            i = park.index[action.at]
            k = park.weather_order.index(i)
        else:
            k = pl["next_weather"]
            i = park.weather_order[k]
        pl["weather"][i] = wid
        pl["next_weather"] = (k + 1) % len(park.weather_order)
        _next_player(state)
    else:  # start
        park = park_of(state)
        i = park.index[action.at]
        if action.token is None:  # the first geyser side: the middle one was placed at setup
            pl["weather"][i] = pl.pop("start_token")
        else:
            tokens = pl.pop("start_tokens")
            pl["weather"][i] = tokens[action.token]
            pl["weather"][park.middle] = tokens[1 - action.token]
        pl["next_weather"] = (park.weather_order.index(i) + 1) % len(park.weather_order)
        _next_player(state)
    return state


def _late_face(state: dict, p: int, slot: int) -> None:
    """Late draws: the face of a face-down weather slot is drawn now, from every token of that
    player nobody has seen (the other face-down ones and those left out), by swapping."""
    secret = state["secret"]
    faces = secret["forecast"][p]
    left = secret["left"][p] if "left" in secret else []  # none in a bot's guessed state
    pool = [("slot", i) for i, f in enumerate(faces) if f >= 0] + [
        ("left", i) for i in range(len(left))
    ]
    rng = Rng.from_hex(secret["rng"])
    where, i = pool[rng.below(len(pool))]
    secret["rng"] = rng.hex()
    if where == "slot":
        faces[slot], faces[i] = faces[i], faces[slot]
    else:
        faces[slot], left[i] = left[i], faces[slot]


def _next_player(state: dict) -> None:
    ctx = state["ctx"]
    ctx["pending"].pop(0)
    if ctx["pending"]:
        return
    if ctx["phase"] == "setup":
        ctx["phase"] = "forecast"
        ctx["pending"] = _order(ctx["marmot"], len(state["G"]["players"]))
    else:
        _start_turn(state)


def _start_turn(state: dict) -> None:
    ctx = state["ctx"]
    ctx["turn"] += 1
    ctx["phase"] = "pick"
    ctx["requirement"] = None
    ctx["pending"] = [ctx["marmot"]]
    stack = state["secret"]["stack"]
    if stack:
        ctx["revealed"] = stack.pop()
        ctx["stack_count"] = len(stack)


def _end_turn(state: dict) -> None:
    ctx, g = state["ctx"], state["G"]
    late = "late_draws" in state["options"]
    rng = Rng.from_hex(state["secret"]["rng"]) if late else None
    for pl, reserve in zip(g["players"], state["secret"]["reserves"], strict=True):
        if late and len(pl["display"]) < DISPLAY_SIZE:
            rng.shuffle(reserve)  # drawn now, from the generator as it stands
        while len(pl["display"]) < DISPLAY_SIZE and reserve:
            pl["display"].append(reserve.pop(0))
        pl["reserve_count"] = len(reserve)
    if late:
        state["secret"]["rng"] = rng.hex()
    n = len(g["players"])
    ctx["marmot"] = (ctx["marmot"] + 1) % n
    ctx["requirement"] = None
    if ctx["turn"] < TURNS:
        _start_turn(state)
        return
    g["terrain"] = [None] * len(TERRAIN_SPACES)
    if ctx["round"] == ROUNDS:
        ctx["phase"] = "over"
        ctx["pending"] = []
        return
    ctx["round"] += 1
    ctx["turn"] = 0
    ctx["phase"] = "forecast"
    ctx["pending"] = _order(ctx["marmot"], n)
    if n == 1:
        rng = Rng.from_hex(state["secret"]["rng"])
        stack = list(ACTIONS)
        rng.shuffle(stack)
        state["secret"]["stack"] = stack
        state["secret"]["rng"] = rng.hex()
        ctx["stack_count"] = len(stack)
    else:
        g["row"] = list(ACTIONS)


# --------------------------------------------------------------------------- views and results


def observation(state: dict, player: int) -> dict:
    """What ``player`` may see: everything but the hidden part (reserve order, face-down
    weather faces, the solo stack, the generator). A read-only view sharing the state's lists:
    copy it (``copy_state``) before changing anything."""
    if type(player) is not int or not 0 <= player < len(state["G"]["players"]):
        raise ValueError(f"no player {player!r} in this game")
    view = {k: v for k, v in state.items() if k != "secret"}
    # the seed would let anyone recompute the reserve order, the weather faces and the solo stack
    view["options"] = {k: v for k, v in state["options"].items() if k != "seed"}
    view["viewer"] = player
    return view


def copy_state(state: dict) -> dict:
    """A deep copy of a state or observation, faster than ``copy.deepcopy`` for this shape."""
    g, ctx = state["G"], state["ctx"]
    out = {
        "format": state["format"],
        "options": state["options"],  # never mutated by the engine
        "G": {
            "players": [
                {
                    **pl,
                    "display": pl["display"][:],
                    "board": pl["board"][:],
                    "weather": pl["weather"][:],
                    "forecast": [None if s is None else dict(s) for s in pl["forecast"]],
                }
                for pl in g["players"]
            ],
            "row": g["row"][:],
            "terrain": g["terrain"][:],
        },
        "ctx": {**ctx, "pending": ctx["pending"][:]},
        "log": state["log"][:],
    }
    if "secret" in state:
        s = state["secret"]
        out["secret"] = {
            "rng": s["rng"],
            "reserves": [r[:] for r in s["reserves"]],
            "forecast": [f[:] for f in s["forecast"]],
            "stack": s["stack"][:],
        }
        if "left" in s:
            out["secret"]["left"] = [x[:] for x in s["left"]]
    if "viewer" in state:
        out["viewer"] = state["viewer"]
    return out


def score_player(state: dict, player: int) -> dict:
    """The score sheet of one player's park as it stands (flipping applied)."""
    pl = state["G"]["players"][player]
    return score_board(park_of(state), pl["board"], pl["weather"])


def final_scores(state: dict) -> dict:
    """Score sheets of every player, winners and the deciding rule; solo rating for one player."""
    sheets = []
    for p, pl in enumerate(state["G"]["players"]):
        sheet = score_player(state, p)
        sheet["name"] = pl["name"]
        sheets.append(sheet)
    winners, rule = rank(sheets)
    result = {"players": sheets, "winners": winners, "tiebreak": rule}
    if variant_of(state).rated:  # the solo challenge only, on the river side (NOTES.md)
        result["solo_rating"] = solo_rating(sheets[0]["total"])
    return result
