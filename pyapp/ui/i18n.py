"""Interface strings: ``t(key, **params)`` in the current language.

``EN`` is the English catalogue, keyed by stable dotted keys; placeholders use ``{name}``
(``str.format``). Another language is a dict with the same keys in ``strings_<code>.py``
(``strings_fr.FR``): it is picked up here when the module is present, and any key it lacks falls
back to English. Features may also add their own keys with ``add_strings(lang, mapping)``.
A key missing everywhere is shown as the key itself (never an exception in the middle of a game).
"""

from __future__ import annotations

EN: dict[str, str] = {
    # ------------------------------------------------------------------ frame
    "app.title": "Caldera Park",
    "app.ready": "Ready",
    "menu.label": "Menu",
    "menu.new": "New game",
    "menu.more": "More",  # phones: the header's other entries
    "box.label": "Games in the box",
    "box.players": "{n} players",
    "box.coming": "coming soon",
    "menu.rules": "Rules",
    "menu.saves": "Saved games",
    "list.sep": ", ",
    "list.or": " or ",
    "list.and": " and ",
    "error.illegal": "That move is not allowed: {reason}.",
    # ------------------------------------------------------------------ new game
    "setup.title": "New game",
    "setup.variant": "Game",
    "variant.base": "Base game",
    "variant.base.help": "2 to 4 players on the river side of the park.",
    "variant.solo": "Solo challenge",
    "variant.solo.help": "One player; the action tokens come from a shuffled stack.",
    "variant.geyser": "Storm warning in Geyser Park",
    "variant.geyser.help": "1 to 4 players on the geyser side, with two starting weather "
    "tokens and a forecast from two face-up tokens.",
    "setup.players": "Players",
    "setup.seat_name": "Player {n} name",
    "setup.seat_kind": "Played by",
    "setup.default_name": "Player {n}",
    "seat.human": "A person",
    "seat.bot": "Computer: {bot}",
    "bot.random": "random",
    "bot.greedy": "greedy",
    "bot.strong": "strong",
    "setup.seed": "Seed (optional, for a game you can replay)",
    "setup.seed_placeholder": "random",
    "setup.start": "Start the game",
    "setup.preview": "The park of this game: {park}",
    "park.name.river": "the river side",
    "park.name.geyser": "the geyser side",
    "setup.continue": "Back to the game",
    "setup.error.name_empty": "Player {n} needs a name.",
    "setup.error.name_long": "The name of player {n} is longer than 40 characters.",
    "setup.error.seed": "The seed is a number or a text of up to 64 characters.",
    # ------------------------------------------------------------------ hand-over
    "handover.title": "{name}'s turn",
    "handover.pass": "Pass the device to {name}, then tap the button when ready.",
    "handover.ready": "I am {name}: show my park",
    "handover.recent": "Since your last turn",
    # ------------------------------------------------------------------ status and prompts
    "status.round": "Round {round} of {rounds}",
    "status.turn": "action turn {turn} of {turns}",
    "status.forecast": "weather forecast",
    "status.setup": "setting up",
    "status.fast": "Faster bots",
    "prompt.bot": "{name} is thinking…",
    "prompt.weather_setup": "{name}: choose one of your weather tokens, then the weather space "
    "where it starts.",
    "prompt.start": "{name}: choose the weather space of your second starting weather token.",
    "prompt.start_choice": "{name}: choose which starting weather token goes on a ring space "
    "(the other goes on the middle one), then its ring space.",
    "prompt.reveal": "{name}: turn one of your face-down weather tokens face up.",
    "prompt.weather": "{name}: choose this round's weather token; it goes on the next weather "
    "space clockwise.",
    "prompt.weather_geyser": "{name}: choose one of your two face-up weather tokens for the "
    "next weather space clockwise.",
    "prompt.pick": "{name} holds the marmot: choose an action token, then a free terrain space.",
    "prompt.pick_solo": "{name}: the action stack shows the {action} token; choose a free "
    "terrain space for it.",
    "prompt.place": "{name}: place {requirement}.",
    "prompt.token_fallback": "No token in the display shows {feature}, so any token may be "
    "placed this time.",
    "prompt.space_fallback": "No free space is left for \u201c{terrain}\u201d, so any free "
    "landscape space may be used this time.",
    "notice.choose_token": "Now choose a token from your display.",
    "notice.choose_weather_token": "Now choose one of your weather tokens.",
    "notice.choose_start_token": "Now choose which starting token goes on that ring space.",
    "notice.choose_action": "Choose an action token first.",
    "notice.terrain_not_free": "That terrain space cannot take this action token.",
    "turn.confirm": "Confirm",
    "turn.undo": "Take back",
    # ------------------------------------------------------------------ requirements
    "req.text": "a token showing {feature} on {terrain}",
    "req.forest": "a forest space",
    "req.prairie": "a prairie space",
    "req.mountain": "a mountain space",
    "req.river": "a river space",
    "req.waterfall": "a waterfall space",
    "req.geyser": "a space beside a geyser",
    "req.any": "any free space",
    "reason.no_feature": "it does not show {feature}, and another token does",
    "feature.eagle": "an eagle",
    "feature.elk": "an elk",
    "feature.goat": "a mountain goat",
    "feature.bear": "a bear",
    "feature.bison": "a bison",
    "feature.wolf": "a wolf",
    "feature.water": "a watering hole",
    "action.water": "watering hole",
    # ------------------------------------------------------------------ species
    "species.eagle.one": "eagle",
    "species.eagle.other": "eagles",
    "species.eagle.letter": "E",
    "species.elk.one": "elk",
    "species.elk.other": "elks",
    "species.elk.letter": "K",
    "species.goat.one": "mountain goat",
    "species.goat.other": "mountain goats",
    "species.goat.letter": "G",
    "species.bear.one": "bear",
    "species.bear.other": "bears",
    "species.bear.letter": "B",
    "species.bison.one": "bison",
    "species.bison.other": "bison",
    "species.bison.letter": "S",
    "species.wolf.one": "wolf",
    "species.wolf.other": "wolves",
    "species.wolf.letter": "W",
    "token.water": "at a watering hole",
    "token.disabled": "{token} (not allowed: {reason})",
    # ------------------------------------------------------------------ spaces
    "terrain.forest": "forest",
    "terrain.prairie": "prairie",
    "terrain.mountain": "mountain",
    "space.with_river": "{terrain} with river",
    "space.with_waterfall": "{terrain} with waterfall",
    "space.with_river_waterfall": "{terrain} with river and waterfall",
    "space.geyser": "geyser",
    "space.volcano": "volcano",
    "space.weather": "weather space",
    "space.position": "row {row}, space {col}",
    "space.free": "free",
    "space.holds": "holds {token}",
    "space.flipped": "{token}, driven away by bad weather",
    "space.pending": "{token} placed, not confirmed",
    "space.next_weather": "next weather space",
    "space.last": "placed last",
    # ------------------------------------------------------------------ weather
    "weather.title": "Weather display",
    "weather.sun": "sun",
    "weather.hurricane": "hurricane",
    "weather.hailstorm": "hailstorm",
    "weather.downpour": "downpour",
    "weather.snowstorm": "snowstorm",
    "weather.heatwave": "heatwave",
    "weather.fog": "fog",
    "weather.thunderstorm.one": "thunderstorm with 1 cloud",
    "weather.thunderstorm.other": "thunderstorm with {n} clouds",
    "weather.unknown": "a weather token",
    "weather.face_down": "face-down weather token",
    "weather.label": "{name} ({effect})",
    "weather.effect.sun": "joins every neighbouring family",
    "weather.effect.bad": "drives away tokens showing {features}",
    "weather.effect.thunder.one": "drives away tokens with exactly 1 animal",
    "weather.effect.thunder.other": "drives away tokens with exactly {n} animals",
    "weather.slot": "slot {n}: {token}",
    "weather.slot_empty": "slot {n}: empty",
    "weather.choose_place": "Choose {token}",
    "weather.choose_reveal": "Turn face up: {token}",
    "weather.start_token": "Second starting token: {token}",
    "weather.start_tokens": "Starting weather tokens: one goes on the middle space, the other on "
    "a ring space of your choice.",
    "weather.start_ring": "{token} on a ring space (the other on the middle space)",
    "weather.guide": "What each weather does",
    "legend.title": "Letters on the tokens",
    # ------------------------------------------------------------------ table
    "park.of": "{name}'s park",
    "park.bot_name": "{name} (computer)",
    "park.open": "Open {name}'s park, {score} points so far",
    "park.others": "All parks",
    "park.score": "{score} points so far",
    "park.score_short": "{score} pts",
    "park.back": "Back",
    "space.flipped_by": "driven away by {weather}",
    "end.you_won_by": "You beat {name} by {n} points!",
    "end.you_won_tiebreak": "You beat {name} on the tie-break!",
    "end.you_lost_by": "You lost to {name} by {n} points.",
    "end.you_lost_tiebreak": "You lost to {name} on the tie-break.",
    "end.you_shared": "You share the victory with {names}!",
    "pass.banner": "{name}'s turn",
    "setup.hide_between": "Hide the screen between players (a hand-over screen when the turn "
    "passes to another person)",
    "notice.taken_back": "Move taken back.",
    "turn.takeback_help": "Take back your last confirmed move",
    "families.show": "Show families",
    "preview.label": "placing it here: {total} points (families {families}, coverage {coverage}, "
    "geysers {geysers})",
    "space.near_weather": "beside {weather}",
    "display.title": "Animal display",
    "display.reserve": " · {n} in reserve",
    "display.disabled_hint": "Greyed tokens do not show {feature}.",
    "board.title": "Action board",
    "board.marmot": "{name} holds the marmot",
    "board.selection": "Selection row",
    "board.terrain": "Terrain selection",
    "board.stack": "Action stack: {n} left",
    "board.taken": "{terrain}: taken by the {action} token",
    "log.title": "What happened",
    "log.empty": "Nothing yet.",
    "log.place": "{name} placed {token} on {space}.",
    "log.pick": "{name} chose {requirement}.",
    "log.reveal": "{name} turned up a weather token: {weather}.",
    "log.weather": "{name} placed a weather token: {weather}.",
    "log.start": "{name} placed the starting weather tokens: {ring} on a ring space, {middle} "
    "on the middle space.",
    # ------------------------------------------------------------------ end
    "end.announce": "The game is over: here is the scoring pad.",
    "end.winner": "{name} wins!",
    "end.shared": "{names} share the victory!",
    "end.solo_title": "Your score: {score} points",
    "end.rule.total": "Decided by the most points.",
    "end.rule.river": "A tie on points, decided by the most river spaces covered.",
    "end.rule.flipped": "A tie on points and river spaces, decided by the fewest tokens "
    "driven away.",
    "end.rule.shared": "A tie on points, river spaces and tokens driven away.",
    "end.park_label.one": "{name}'s park at the end: 1 token driven away (crossed out)",
    "end.park_label.other": "{name}'s park at the end: {n} tokens driven away (crossed out)",
    "end.park_caption.one": "{name}: {score} points, 1 token driven away",
    "end.park_caption.other": "{name}: {score} points, {n} tokens driven away",
    "end.rematch": "Rematch",
    "end.new": "New game",
    # the solo challenge's rating: the same words on the end screen and in the rules reference
    "solo.bear": "Legendary.",
    "solo.envy": "Outstanding.",
    "solo.eagle": "An expert tracker.",
    "solo.goat": "A seasoned ranger.",
    "solo.natural": "A capable ranger.",
    "solo.better": "Getting there.",
    "solo.again": "Room to grow.",
    "solo.bottom": "A shaky start.",
    "solo.band.low": "Under {n}",
    "solo.band.range": "{low} to {high}",
    "solo.band.high": "{n} or more",
    "pad.title": "Scoring pad",
    "pad.category": "Category",
    "pad.total": "Total",
    "pad.flipped.one": "1 token driven away (no points)",
    "pad.flipped.other": "{n} tokens driven away (no points)",
    "pad.river_covered": "River spaces covered (tie-break)",
    "cat.bad_weather": "Bad weather",
    "cat.waterfalls": "Waterfalls",
    "cat.mountains": "Mountains",
    "cat.prairie": "Prairie",
    "cat.forest": "Forest",
    "cat.river": "River",
    "cat.geysers": "Geysers",
    "cat.goat": "Mountain goats",
    "cat.bear": "Bears",
    "cat.wolf": "Wolves",
    "cat.elk": "Elks",
    "cat.eagle": "Eagles",
    "cat.bison": "Bison",
}

CATALOGUES: dict[str, dict[str, str]] = {"en": EN}

try:  # the French catalogue (another engineer's module), if present
    from .strings_fr import FR as _FR_CATALOGUE
except ImportError:  # pragma: no cover - depends on which files are installed
    _FR_CATALOGUE = None
if _FR_CATALOGUE is not None:
    CATALOGUES["fr"] = _FR_CATALOGUE

LANGUAGES: tuple[str, ...] = tuple(CATALOGUES)
_current = "en"


class _Params(dict):
    def __missing__(self, key):  # a placeholder without a value stays visible, never raises
        return "{" + key + "}"


def t_in(lang: str, key: str, **params) -> str:
    """The text of ``key`` in ``lang`` (English if that language lacks it)."""
    text = CATALOGUES.get(lang, EN).get(key)
    if text is None:
        text = EN.get(key)
    if text is None:
        return key
    if not params:
        return text
    return text.format_map(_Params(params))


def t(key: str, **params) -> str:
    """The text of ``key`` in the current language, placeholders filled from ``params``."""
    return t_in(_current, key, **params)


def plural(key: str, n: int | str, **params) -> str:
    """The text of ``key`` for a count ``n``: ``key.one`` for 1, else ``key.other`` (also for a
    count not known, "?"), so that no sentence says "(s)"; ``{n}`` in it is the count."""
    return t(f"{key}.{'one' if n == 1 else 'other'}", n=n, **params)


def set_language(lang: str) -> None:
    global _current
    if lang not in CATALOGUES:
        raise ValueError(f"unknown language {lang!r}: expected one of {', '.join(CATALOGUES)}")
    _current = lang


def language() -> str:
    return _current


def add_strings(lang: str, mapping: dict[str, str]) -> None:
    """Add (or override) keys of a language: a feature's own strings."""
    global LANGUAGES
    CATALOGUES.setdefault(lang, {}).update(mapping)
    LANGUAGES = tuple(CATALOGUES)


def add_texts(en: dict[str, str], fr: dict[str, str]) -> None:
    """Add a feature's texts in English and French, the French typeset as the shell's own
    (``strings_fr.typeset``). Adding the same texts again changes nothing."""
    from .strings_fr import typeset

    add_strings("en", en)
    add_strings("fr", {k: typeset(v) for k, v in fr.items()})
