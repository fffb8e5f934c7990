"""Every point explained and every move marked, on Caldera Park's table (issue 23), in pure
Python (no DOM).

* The scoring pad's rows (at the end, and live on demand: "Score so far") are buttons: one
  chosen (``Controller.explain``: category and player) lights up, on that player's park, the
  spaces that scored it and says how. Both come from ``scoring.explain_board``, which counts
  with the engine's own scoring helpers.
* The moves the table marks (``TableController.marked_moves``: every other player's move since
  the viewer's own last one, or a replay's position) are drawn on their parks: the spaces where
  their tokens went (``marked_spaces``) and, in the status area, what each did.
"""

from __future__ import annotations

from pyapp.core.errors import GameError
from pyapp.park.actions import parse
from pyapp.park.components import SPECIES
from pyapp.park.game import park_of
from pyapp.park.scoring import CATEGORIES, COVERAGE_POINTS, explain_board

from ..i18n import add_texts, plural, t
from ..vdom import E, h

EN = {
    "explain.toggle": "Score so far",
    "explain.hint": "Tap a category: what scored it lights up on the park.",
    "explain.live": "{name}'s score so far, by category",
    "explain.row": "{category}: {points}. Show what scored it",
    "explain.line": "{category}: {detail}",
    "explain.who": "{name}, {text}",
    "explain.points.one": "1 point",
    "explain.points.other": "{n} points",
    "explain.zero": "0 points",
    "explain.count": "{n} {what}",
    "explain.water.one": "1 watering hole",
    "explain.water.other": "{n} watering holes",
    "explain.family": "{animals} in one family with {water}, {a} × {w} = {points}",
    "explain.no_family": "no family of {species} with a watering hole yet, 0 points",
    "explain.cover_full": "all {n} spaces covered, {points}",
    "explain.cover_part": "{covered} of {needed} spaces covered, {missing} missing, 0 points",
    "explain.cover_none": "none in this park, 0 points",
    "explain.geysers.one": "1 geyser surrounded × 4 = {points}",
    "explain.geysers.other": "{n} geysers surrounded × 4 = {points}",
    "explain.geysers_none": "none of the {total} geysers surrounded yet, 0 points",
    "explain.geysers_park_none": "none in this park, 0 points",
    "explain.flipped.one": "1 token driven away, in no family",
    "explain.flipped.other": "{n} tokens driven away, in no family",
    "explain.flipped_none": "no token driven away",
    "explain.space": "scored it",
    "explain.space_missing": "still free for it",
    "marks.title": "Since your last move",
    "marks.view": "Show {name}'s park",
    "marks.space": "new, {name}'s move",
    "log.gain.zero": "±0 points, {total} in all.",
    "log.gain.one": "{delta} point, {total} in all.",
    "log.gain.other": "{delta} points, {total} in all.",
}

FR = {
    "explain.toggle": "Score en cours",
    "explain.hint": "Touchez une catégorie : ce qui l'a marquée s'allume sur le parc.",
    "explain.live": "Score en cours de {name}, par catégorie",
    "explain.row": "{category} : {points}. Montrer ce qui l'a marqué",
    "explain.line": "{category} : {detail}",
    "explain.who": "{name}, {text}",
    "explain.points.one": "1 point",
    "explain.points.other": "{n} points",
    "explain.zero": "0 point",
    "explain.count": "{n} {what}",
    "explain.water.one": "1 point d'eau",
    "explain.water.other": "{n} points d'eau",
    "explain.family": "{animals} dans une même famille avec {water}, {a} × {w} = {points}",
    "explain.no_family": "pas encore de famille de {species} avec un point d'eau, 0 point",
    "explain.cover_full": "les {n} cases couvertes, {points}",
    "explain.cover_part": "{covered} cases couvertes sur {needed}, il en manque {missing}, 0 point",
    "explain.cover_none": "aucune dans ce parc, 0 point",
    "explain.geysers.one": "1 geyser entouré × 4 = {points}",
    "explain.geysers.other": "{n} geysers entourés × 4 = {points}",
    "explain.geysers_none": "aucun des {total} geysers encore entouré, 0 point",
    "explain.geysers_park_none": "aucun dans ce parc, 0 point",
    "explain.flipped.one": "1 jeton chassé, d'aucune famille",
    "explain.flipped.other": "{n} jetons chassés, d'aucune famille",
    "explain.flipped_none": "aucun jeton chassé",
    "explain.space": "a marqué",
    "explain.space_missing": "encore libre pour cela",
    "marks.title": "Depuis votre dernier coup",
    "marks.view": "Voir le parc de {name}",
    "marks.space": "nouveau, coup de {name}",
    "log.gain.zero": "±0 point, {total} au total.",
    "log.gain.one": "{delta} point, {total} au total.",
    "log.gain.other": "{delta} points, {total} au total.",
}

add_texts(EN, FR)


# --------------------------------------------------------------------------- explanations


def points_text(n: int) -> str:
    return t("explain.zero") if n == 0 else plural("explain.points", n)


def explain_detail(cat: str, e: dict) -> str:
    """How category ``cat`` scored (``e``: its entry of ``explain_board``), in words."""
    if cat == "bad_weather":
        n = e["flipped"]
        return plural("explain.flipped", n) if n else t("explain.flipped_none")
    if cat in COVERAGE_POINTS:
        if e["needed"] == 0:
            return t("explain.cover_none")
        if e["points"]:
            return t("explain.cover_full", n=e["needed"], points=points_text(e["points"]))
        return t(
            "explain.cover_part",
            covered=e["covered"],
            needed=e["needed"],
            missing=len(e["missing"]),
        )
    if cat == "geysers":
        if e["geysers"] == 0:
            return t("explain.geysers_park_none")
        if e["surrounded"] == 0:
            return t("explain.geysers_none", total=e["geysers"])
        return plural("explain.geysers", e["surrounded"], points=points_text(e["points"]))
    # a species
    if not e["points"]:
        return t("explain.no_family", species=plural(f"species.{cat}", 2))
    a, w = e["animals"], e["water"]
    return t(
        "explain.family",
        animals=t("explain.count", n=a, what=plural(f"species.{cat}", a)),
        water=plural("explain.water", w),
        a=a,
        w=w,
        points=points_text(e["points"]),
    )


def explain_text(cat: str, e: dict) -> str:
    """E.g. "Bears: 3 bears in one family with 2 watering holes: 3 × 2 = 6 points"."""
    return t("explain.line", category=t(f"cat.{cat}"), detail=explain_detail(cat, e))


def explanation_of(state: dict, p: int) -> dict[str, dict]:
    pl = state["G"]["players"][p]
    return explain_board(park_of(state), pl["board"], pl["weather"])


def explained_spaces(ctrl, p: int) -> tuple[set[int], set[int]]:
    """(spaces that scored the chosen category, spaces still free for it) on player ``p``'s
    park; empty when nothing of ``p``'s is chosen."""
    chosen = getattr(ctrl, "explain", None)
    if chosen is None or chosen[1] != p or ctrl.state is None:
        return set(), set()
    e = explanation_of(ctrl.state, p)[chosen[0]]
    return set(e["spaces"]), set(e.get("missing", ()))


def explain_note(ctrl) -> E:
    """What the chosen row means, said in words (a live region: said when it changes)."""
    chosen = getattr(ctrl, "explain", None)
    text = ""
    if chosen is not None and ctrl.state is not None:
        cat, p = chosen
        e = explanation_of(ctrl.state, p)[cat]
        text = explain_text(cat, e)
        if len(ctrl.state["G"]["players"]) > 1:
            text = t("explain.who", name=ctrl.state["G"]["players"][p]["name"], text=text)
    return h(
        "p",
        {
            "class": "explain-note" + (" shown" if text else ""),
            "data-key": "explain-note",
            "role": "status",
            "aria-live": "polite",
            "data-cat": chosen[0] if chosen else None,
            "data-player": str(chosen[1]) if chosen else None,
        },
        text or t("explain.hint"),
    )


def row_attrs(ctrl, cat: str, p: int, points: int, shown: str | None = None) -> dict:
    """The attributes that make a pad cell a button choosing (``cat``, ``p``); its name starts
    with what it shows (``shown``, the bad weather's "✕3") when that is not its points."""
    chosen = getattr(ctrl, "explain", None) == (cat, p)
    return {
        "role": "button",
        "tabindex": "0",
        "data-action": "explain",
        "data-cat": cat,
        "data-player": str(p),
        "data-key": f"explain-{cat}-{p}",
        "aria-pressed": "true" if chosen else "false",
        "aria-label": t(
            "explain.row",
            category=t(f"cat.{cat}"),
            points=f"{shown}, {points_text(points)}" if shown else points_text(points),
        ),
        "class": "explainable" + (" chosen" if chosen else ""),
    }


def live_pad(ctrl, p: int, icons) -> E:
    """ "Score so far": each category's running score of player ``p``, each a button."""
    exp = explanation_of(ctrl.state, p)
    chips = []
    for cat in CATEGORIES:
        e = exp[cat]
        value = f"✕{e['flipped']}" if cat == "bad_weather" else str(e["points"])
        attrs = row_attrs(ctrl, cat, p, e["points"])
        attrs["class"] += " score-chip" + (" zero" if not e["points"] else "")
        attrs["title"] = t(f"cat.{cat}")
        # named by its words (the picture's letters are not read: the name holds all it shows)
        said = attrs.pop("aria-label")
        if cat == "bad_weather":
            said = t("explain.row", category=t("cat.bad_weather"), points=value)
        chips.append(
            h(
                "span",
                attrs,
                h("span", {"class": "chip-pic", "aria-hidden": "true"}, icons(cat)),
                h("span", {"class": "chip-n", "aria-hidden": "true"}, value),
                h("span", {"class": "sr-only"}, said),
            )
        )
    name = ctrl.state["G"]["players"][p]["name"]
    return h(
        "div",
        {"class": "live-pad", "data-key": "live-pad", "data-player": str(p)},
        h(
            "div",
            {"class": "score-chips", "role": "group", "aria-label": t("explain.live", name=name)},
            chips,
        ),
        explain_note(ctrl),
    )


def species_of(cat: str) -> bool:
    return cat in SPECIES


# --------------------------------------------------------------------------- marks


def move_spaces(state: dict) -> list[int | None]:
    """For every log entry, the space of its player's park that the move filled (a token or
    a weather token placed; the ring space of the starting tokens), else None."""
    park = park_of(state)
    players = state["G"]["players"]
    nxt: list[int | None] = [None] * len(players)
    out: list[int | None] = [None] * len(state["log"])
    for n, entry in enumerate(state["log"]):
        p, text = entry
        try:
            a = parse(text)
        except GameError:
            continue
        if a.kind == "place":
            out[n] = park.index.get(tuple(a.at))
        elif a.kind == "start":
            i = park.index[tuple(a.at)]
            out[n] = i
            nxt[p] = (park.weather_order.index(i) + 1) % len(park.weather_order)
        elif a.kind == "weather":
            if a.at is not None:
                i = park.index[tuple(a.at)]
                k = park.weather_order.index(i)
            else:
                k = nxt[p] if nxt[p] is not None else 0
                i = park.weather_order[k]
            out[n] = i
            nxt[p] = (k + 1) % len(park.weather_order)
    return out


def marked_spaces(ctrl) -> dict[int, dict[int, int]]:
    """Player -> {space index: the player who moved there} of the moves the table marks."""
    marks = ctrl.marked_moves()
    if not marks:
        return {}
    # one render asks for every park's (the park, its tab, the thumbnails): read the log once
    state = ctrl.state
    key = (id(state), state["options"].get("seed"), len(state["log"]), tuple(marks))
    kept = getattr(ctrl, "_marked_memo", None)
    if kept is not None and kept[0] == key:
        return kept[1]
    spaces = move_spaces(ctrl.state)
    out: dict[int, dict[int, int]] = {}
    for i, p, _ in marks:
        if p is not None and i < len(spaces) and spaces[i] is not None:
            out.setdefault(p, {})[spaces[i]] = p
    ctrl._marked_memo = (key, out)
    return out


def marked_picks(ctrl) -> list[tuple[str, str]]:
    """(action, terrain) of the picks among the marked moves (the action taken)."""
    out = []
    for _, _, text in ctrl.marked_moves():
        try:
            a = parse(text)
        except GameError:
            continue
        if a.kind == "pick":
            out.append((a.action, a.terrain))
    return out
