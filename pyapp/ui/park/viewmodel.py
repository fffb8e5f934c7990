"""What the screens show, in words and choices, computed from a game state (pure Python).

Every choice offered comes from the engine (``legal_actions``, ``placement_options``); this
module only groups it for drawing: which display tokens are enabled and why the others are not,
which spaces are highlighted, which action/terrain pairs the marmot holder may take, and the
accessible names of tokens, spaces and log entries (all through ``t``).
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from pyapp.core.errors import GameError
from pyapp.park.actions import parse
from pyapp.park.components import FEATURE_BIT, FEATURES, TOKEN_BY_NAME, TOKENS, WEATHER
from pyapp.park.game import decision, legal_actions, park_of, placement_options, variant_of
from pyapp.park.scoring import score_board

from ..i18n import plural, t
from .explain import move_spaces

# --------------------------------------------------------------------------- names


def species_name(s: str, count: int = 1) -> str:
    return plural(f"species.{s}", count)


def feature_name(f: str) -> str:
    """A species or the watering hole, as a requirement reads it ("a bear", "a watering
    hole")."""
    return t(f"feature.{f}")


def token_label(tid: int) -> str:
    """E.g. "bear, bear, at a watering hole"."""
    token = TOKENS[tid]
    parts = [species_name(s) for s in token.animals]
    if token.water:
        parts.append(t("token.water"))
    return t("list.sep").join(parts)


def token_label_by_name(name: str) -> str:
    return token_label(TOKEN_BY_NAME[name].id)


# one token of each kind of weather, in the order the guides show them (the table's weather
# guide, the rules reference's pictures)
WEATHER_SHOWN = (
    "sun",
    "hurricane",
    "hailstorm",
    "downpour",
    "snowstorm",
    "heatwave",
    "fog",
    "thunderstorm1",
    "thunderstorm2",
    "thunderstorm3",
)


def weather_name(wid: int) -> str:
    w = WEATHER[wid]
    if w.kind == "thunderstorm":
        return plural("weather.thunderstorm", w.clouds)
    return t(f"weather.{w.kind}")


def weather_effect(wid: int) -> str:
    """What a weather token drives away, in words."""
    w = WEATHER[wid]
    if w.kind == "sun":
        return t("weather.effect.sun")
    if w.kind == "thunderstorm":
        return plural("weather.effect.thunder", w.clouds)
    feats = [feature_name(f) for f in FEATURES if w.mask & FEATURE_BIT[f]]
    return t("weather.effect.bad", features=t("list.or").join(feats))


def weather_label(wid: int) -> str:
    return t("weather.label", name=weather_name(wid), effect=weather_effect(wid))


def space_name(park, i: int) -> str:
    s = park.spaces[i]
    if s.kind != "landscape":
        return t(f"space.{s.kind}")
    base = t(f"terrain.{s.terrain}")
    if s.river and s.waterfall:
        return t("space.with_river_waterfall", terrain=base)
    if s.river:
        return t("space.with_river", terrain=base)
    if s.waterfall:
        return t("space.with_waterfall", terrain=base)
    return base


@cache
def _grid(park) -> tuple[tuple[int, int], ...]:
    """(row, column) of every space, from 1 (rows from the top, spaces from the left); computed
    once per park (parks are immutable)."""
    rows = sorted({s.at[1] for s in park.spaces})
    in_row = {r: sorted(s.at[0] for s in park.spaces if s.at[1] == r) for r in rows}
    return tuple(
        (rows.index(r) + 1, in_row[r].index(q) + 1) for q, r in (s.at for s in park.spaces)
    )


def space_position(park, i: int) -> str:
    """ "row 3, space 2" (rows from the top, spaces from the left)."""
    row, col = _grid(park)[i]
    return t("space.position", row=row, col=col)


def terrain_space_name(terrain: str) -> str:
    """A terrain-selection space: "forest", "river", "beside a geyser", "any free space"."""
    return t(f"req.{terrain}")


def requirement_text(action: str, terrain: str) -> str:
    return t("req.text", feature=feature_name(action), terrain=terrain_space_name(terrain))


def action_token_name(a: str) -> str:
    return t("action.water") if a == "water" else species_name(a)


# --------------------------------------------------------------------------- choices


class PlaceChoices(NamedTuple):
    tokens: list[int]  # enabled display tokens
    spaces: list[tuple[int, int]]  # legal spaces
    reasons: dict[int, str]  # disabled token -> why
    token_fallback: bool
    space_fallback: bool
    requirement: tuple[str, str]


def place_choices(obs: dict, p: int) -> PlaceChoices:
    """The placement choices of player ``p`` from the engine's ``placement_options``."""
    tokens, spaces, token_fb, space_fb = placement_options(obs, p)
    park = park_of(obs)
    action, terrain = obs["ctx"]["requirement"]
    display = obs["G"]["players"][p]["display"]
    reasons = {
        tid: t("reason.no_feature", feature=feature_name(action))
        for tid in display
        if tid not in tokens
    }
    return PlaceChoices(
        list(tokens), [park.at(i) for i in spaces], reasons, token_fb, space_fb, (action, terrain)
    )


class PickChoices(NamedTuple):
    actions: list[str]  # action tokens that have at least one free terrain space
    terrains: list[str]  # terrain spaces allowed for the selected action
    revealed: str | None  # solo: the action token from the stack


def pick_choices(obs: dict, p: int, selected: str | None) -> PickChoices:
    legal = legal_actions(obs, p)
    revealed = obs["ctx"]["revealed"]
    actions = []
    for a in legal:
        if a.action not in actions:
            actions.append(a.action)
    current = revealed or selected
    terrains = [a.terrain for a in legal if a.action == current]
    return PickChoices(actions, terrains, revealed)


class WeatherChoices(NamedTuple):
    slots: list[int]  # display slots that may be chosen (placed or revealed)
    spaces: list[tuple[int, int]]  # weather spaces that may be chosen (setup / start)
    next_space: tuple[int, int] | None  # the forecast's next clockwise weather space
    starts: list[int] = []  # Geyser Park setup: starting tokens that may go on the ring


def weather_choices(obs: dict, p: int) -> WeatherChoices:
    legal = legal_actions(obs, p)
    kind = decision(obs)["kind"]
    slots, spaces, starts = [], [], []
    for a in legal:
        slot = getattr(a, "slot", None)
        if slot is not None and slot not in slots:
            slots.append(slot)
        at = getattr(a, "at", None)
        if at is not None and at not in spaces:
            spaces.append(at)
        if a.kind == "start" and a.token is not None and a.token not in starts:
            starts.append(a.token)
    nxt = None
    pl = obs["G"]["players"][p]
    if kind in ("weather", "reveal") and obs["ctx"]["phase"] == "forecast":
        park = park_of(obs)
        k = pl["next_weather"]
        if k is not None:
            nxt = park.at(park.weather_order[k])
    return WeatherChoices(slots, spaces, nxt, starts)


# --------------------------------------------------------------------------- log


def _log_faces(state: dict) -> list[int | None]:
    """For every log entry that places or reveals a weather token, the token's face."""
    park = park_of(state)
    players = state["G"]["players"]
    n_players = len(players)
    nxt: list[int | None] = [None] * n_players
    faces: list[int | None] = [None] * len(state["log"])
    reveal_at: dict[tuple[int, int], int] = {}  # (player, slot) -> log index of the reveal
    for n, (p, text) in enumerate(state["log"]):
        try:
            a = parse(text)
        except GameError:
            continue
        wx = players[p]["weather"]
        if a.kind == "start":
            k = park.weather_order.index(park.index[a.at])
            faces[n] = wx[park.index[a.at]]
            nxt[p] = (k + 1) % len(park.weather_order)
        elif a.kind == "weather":
            if a.at is not None:
                i = park.index[a.at]
                k = park.weather_order.index(i)
            else:
                k = nxt[p] if nxt[p] is not None else 0
                i = park.weather_order[k]
            faces[n] = wx[i] if wx[i] >= 0 else None
            nxt[p] = (k + 1) % len(park.weather_order)
            r = reveal_at.pop((p, a.slot), None)
            if r is not None:
                faces[r] = faces[n]
        elif a.kind == "reveal":
            reveal_at[(p, a.slot)] = n
            slot = players[p]["forecast"][a.slot]
            if slot is not None and slot.get("up"):
                faces[n] = slot["id"]
    return faces


def log_gains(state: dict, first: int = 0) -> dict[int, tuple[int, int]]:
    """For every log entry from ``first`` that put a token or a weather token in its player's
    park: (what it changed in that park's score as it stood, the score after it). The parks
    are walked back from the state: each move's space emptied again (``explain.move_spaces``),
    scored with the engine's ``score_board`` before and after."""
    park = park_of(state)
    players = state["G"]["players"]
    boards = [list(pl["board"]) for pl in players]
    weathers = [list(pl["weather"]) for pl in players]
    spaces = move_spaces(state)
    out: dict[int, tuple[int, int]] = {}
    for m in range(len(state["log"]) - 1, max(first, 0) - 1, -1):
        p, text = state["log"][m]
        sp = spaces[m]
        if sp is None or not text.startswith(("place ", "weather ")):
            continue
        after = score_board(park, boards[p], weathers[p])["total"]
        if text.startswith("place "):
            boards[p][sp] = -1
        else:
            weathers[p][sp] = -1
        before = score_board(park, boards[p], weathers[p])["total"]
        out[m] = (after - before, after)
    return out


def gain_text(gain: tuple[int, int]) -> str:
    delta, total = gain
    sign = "+" if delta > 0 else ("±" if delta == 0 else "−")
    key = {0: "log.gain.zero", 1: "log.gain.one"}.get(abs(delta), "log.gain.other")
    return t(key, delta=f"{sign}{abs(delta)}", total=total)


def describe_action(
    state: dict, p: int, text: str, face: int | None = None, gain: tuple[int, int] | None = None
) -> str:
    """One log entry in words, e.g. "Lin placed bear, bear on forest with river. +3 points,
    21 in all." (``gain``: what the move changed in the park's score, ``log_gains``)."""
    said = _describe(state, p, text, face)
    return f"{said} {gain_text(gain)}" if gain is not None else said


def _describe(state: dict, p: int, text: str, face: int | None = None) -> str:
    name = state["G"]["players"][p]["name"]
    try:
        a = parse(text)
    except GameError:
        return f"{name}: {text}"
    park = park_of(state)
    if a.kind == "place":
        return t(
            "log.place",
            name=name,
            token=token_label_by_name(a.token),
            space=space_name(park, park.index[a.at]),
        )
    if a.kind == "pick":
        return t("log.pick", name=name, requirement=requirement_text(a.action, a.terrain))
    if a.kind == "start" and a.token is not None:  # both starting tokens, face up for good
        wx = state["G"]["players"][p]["weather"]
        ring, middle = wx[park.index[a.at]], wx[park.middle]
        if ring >= 0 and middle >= 0:
            return t("log.start", name=name, ring=weather_name(ring), middle=weather_name(middle))
    what = weather_name(face) if face is not None else t("weather.unknown")
    if a.kind == "reveal":
        return t("log.reveal", name=name, weather=what)
    return t("log.weather", name=name, weather=what)


def log_lines(state: dict, last: int | None = None) -> list[tuple[int, str]]:
    """(player, text) of the log entries, newest first (the ``last`` ones if given)."""
    faces = _log_faces(state)
    entries = list(enumerate(state["log"]))
    if last is not None:
        entries = entries[-last:] if last > 0 else []
    gains = log_gains(state, entries[0][0]) if entries else {}
    return [
        (p, describe_action(state, p, text, faces[n], gains.get(n)))
        for n, (p, text) in reversed(entries)
    ]


def describe_log_entry(state: dict, p: int, text: str) -> str:
    faces = _log_faces(state)
    n = len(state["log"]) - 1
    gain = log_gains(state, n).get(n) if n >= 0 else None
    return describe_action(state, p, text, faces[-1] if faces else None, gain)


# --------------------------------------------------------------------------- prompts


def prompt_text(ctrl) -> str:
    """What the player to move must do now, in words (also announced to screen readers)."""
    state = ctrl.state
    d = decision(state)
    if d is None:
        return t("end.announce")
    p, kind = d["player"], d["kind"]
    name = state["G"]["players"][p]["name"]
    if not ctrl.is_human(p):
        return t("prompt.bot", name=name)
    geyser = variant_of(state).weather_rule == "geyser"
    if kind == "weather" and state["ctx"]["phase"] == "setup":
        return t("prompt.weather_setup", name=name)
    if kind == "start":
        choice = "start_tokens" in state["G"]["players"][p]
        return t("prompt.start_choice" if choice else "prompt.start", name=name)
    if kind == "reveal":
        return t("prompt.reveal", name=name)
    if kind == "weather":
        return t("prompt.weather_geyser" if geyser else "prompt.weather", name=name)
    if kind == "pick":
        revealed = state["ctx"]["revealed"]
        if revealed:
            return t("prompt.pick_solo", name=name, action=action_token_name(revealed))
        return t("prompt.pick", name=name)
    # place
    choices = place_choices(state, p)
    action, terrain = choices.requirement
    parts = [t("prompt.place", name=name, requirement=requirement_text(action, terrain))]
    if choices.token_fallback:
        parts.append(t("prompt.token_fallback", feature=feature_name(action)))
    if choices.space_fallback:
        parts.append(t("prompt.space_fallback", terrain=terrain_space_name(terrain)))
    return " ".join(parts)
