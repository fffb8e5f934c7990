"""The in-app rules reference, in English and French, written by the team in its own words.

The facts come from the rule books and ../shared/rules/NOTES.md (component data and rulings);
no sentence of the rule books is reproduced. Pure data plus ``sections(lang)``: the screen that
shows it (any time, over the running game) renders every string with ``textContent``.

A section is ``{"id", "title", "intro", "items"}``; ``items`` is a list of ``(term, text)``
pairs, ``term`` being ``None`` for a plain paragraph.

The solo score bands are built from the engine's table (``components.SOLO_RATINGS``) and the
interface catalogue's ``solo.*`` words, the very words of the end screen: one source for both.

``pictures(lang)`` gives the drawings shown with the sections (the same drawings as the table:
``art.py``): the animals and example tokens under "Getting ready", every weather token under
"Weather".
"""

from __future__ import annotations

from pyapp.park.components import SOLO_RATINGS, SPECIES, TOKENS, WEATHER_BY_NAME

from ..i18n import t_in
from ..strings_fr import typeset_sections
from . import art

# The order of the weather kinds and scoring categories matches pyapp.park.components.WEATHER_KINDS
# and pyapp.park.scoring.CATEGORIES (a test checks it).

_EN = [
    {
        "id": "goal",
        "title": "The aim",
        "intro": "Each player builds a wildlife park of their own. Over five rounds you place "
        "35 animal tokens, gather each species into large families with access to water, "
        "cover whole terrains and keep your animals away from the weather they fear. The "
        "highest total after the thirteen scoring categories wins.",
        "items": [],
    },
    {
        "id": "setup",
        "title": "Getting ready",
        "intro": "",
        "items": [
            (
                None,
                "Everyone has the same 35 animal tokens, shuffled into a hidden reserve. "
                "Seven of them lie face up as your display: you always choose from those.",
            ),
            (
                None,
                "Your weather display holds the sun, face up, and five weather tokens "
                "drawn at random from your other nine, face down. The four left over are not used "
                "(except in Geyser Park).",
            ),
            (
                None,
                "Before the first round, everyone puts one token of their weather display "
                "on any weather space of their park. A hidden token shows its face when it is "
                "placed.",
            ),
            (
                None,
                "The marmot marks the player who chooses the action. It starts with the "
                "first player.",
            ),
        ],
    },
    {
        "id": "round",
        "title": "A round",
        "intro": "The game lasts 5 rounds. Each round has a weather forecast, then 7 action turns.",
        "items": [
            (
                "Forecast",
                "Everyone picks one token from their weather display and puts it on "
                "the first empty weather space after the previous one, in clockwise order.",
            ),
            (
                "1. Choose",
                "The marmot holder moves an action token from the row to a free "
                "terrain space. The token names a feature (one of the six species, or a watering "
                "hole); the space names a terrain: forest, prairie, mountain, river, waterfall or "
                "a space next to a geyser.",
            ),
            (
                "2. Place",
                "Every player puts one token from their display that shows the feature "
                "on a free landscape space of the named terrain.",
            ),
            (
                "3. Refill",
                "Displays are topped up to 7 from the reserves, and the marmot moves "
                "to the next player.",
            ),
            (
                "End of round",
                "After 7 turns every action token has been used: they all go back "
                "to the row for the next round.",
            ),
        ],
    },
    {
        "id": "placing",
        "title": "Placing and fallbacks",
        "intro": "",
        "items": [
            (
                None,
                "The watering-hole action token can only take the rightmost terrain space, "
                "and no other token can: its terrain is any free landscape space.",
            ),
            (
                "No matching token",
                "If nothing in your display shows the feature, you place any "
                "token of your display instead.",
            ),
            (
                "No matching space",
                "If every landscape space of the named terrain is already "
                "covered, you place on any free landscape space instead.",
            ),
            (
                None,
                "Animal tokens only go on landscape spaces: never on a geyser, the volcano "
                "or a weather space.",
            ),
            (
                None,
                "On this table, players who place at the same time take their turns one "
                "after the other, starting with the marmot holder; no choice depends on another.",
            ),
        ],
    },
    {
        "id": "weather",
        "title": "Weather tokens",
        "intro": "When the game ends, before scoring, every bad weather token drives away the "
        "neighbouring animal tokens it affects: they are turned face down. A turned token still "
        "covers its space (terrain, river and geyser categories) but belongs to no family.",
        "items": [
            (
                "Sun",
                "Good weather. It counts as one animal of every species in each family next "
                "to it, and it joins the families of a species that touch it into one.",
            ),
            ("Hurricane", "Drives away tokens showing an eagle, an elk or a watering hole."),
            ("Hailstorm", "Drives away tokens showing a bear, a wolf or a watering hole."),
            ("Downpour", "Drives away tokens showing a mountain goat, a bison or a watering hole."),
            ("Snowstorm", "Drives away tokens showing an elk or a wolf."),
            ("Heatwave", "Drives away tokens showing a mountain goat or a bear."),
            ("Fog", "Drives away tokens showing an eagle or a bison."),
            (
                "Thunderstorm",
                "There are three, with 1, 2 and 3 clouds. Each drives away the "
                "tokens showing exactly as many animals as its clouds, whatever the species.",
            ),
        ],
    },
    {
        "id": "scoring",
        "title": "Scoring: the 13 categories",
        "intro": "The scoring pad is filled category by category, in this order.",
        "items": [
            (
                "Bad weather",
                "First turn face down every token that bad weather drives away "
                "(no points of its own).",
            ),
            ("Waterfalls", "4 points if all 6 waterfall spaces are covered."),
            ("Mountains", "7 points if all 14 mountain spaces are covered."),
            ("Prairie", "7 points if all 14 prairie spaces are covered."),
            ("Forest", "7 points if all 14 forest spaces are covered."),
            ("River", "8 points if every river space is covered."),
            (
                "Geysers",
                "4 points for each geyser whose neighbouring landscape spaces are all covered.",
            ),
            ("Mountain goats", "Your best goat family: animals × watering holes."),
            ("Bears", "Your best bear family: animals × watering holes."),
            ("Wolves", "Your best wolf family: animals × watering holes."),
            ("Elks", "Your best elk family: animals × watering holes."),
            ("Eagles", "Your best eagle family: animals × watering holes."),
            ("Bison", "Your best bison family: animals × watering holes."),
        ],
    },
    {
        "id": "families",
        "title": "Families",
        "intro": "",
        "items": [
            (
                None,
                "A family of a species is a connected group of face-up tokens that each show "
                "one or more animals of that species; what else a token shows does not matter.",
            ),
            (
                None,
                "Its value is the number of animals of that species in the group times the "
                "number of tokens in the group with a watering hole. Without water it is worth 0.",
            ),
            (
                None,
                "Only the best family of each species scores. With all 12 animals of a "
                "species and its 3 watering holes in one family: 12 × 3 = 36 points.",
            ),
            (
                "Winner",
                "The highest total wins. On a tie, the player with more river spaces "
                "covered wins; then the one with fewer tokens turned by the weather; otherwise "
                "the victory is shared.",
            ),
        ],
    },
    {
        "id": "variants",
        "title": "Variants",
        "intro": "",
        "items": [
            (
                "Solo challenge",
                "Alone, the action tokens are shuffled into a hidden stack each "
                "round. Every turn the top token is revealed and you choose its terrain space (the "
                "watering hole still takes the rightmost space). Your total is rated with the "
                "score bands below.",
            ),
            (
                "Storm warning in Geyser Park",
                "For 1 to 4 players, on the geyser side of the "
                "park: the same terrains, river and waterfalls, no volcano, but six geysers, each "
                "with only 3 neighbours, and seven weather spaces. Two of the four spare weather "
                "tokens are drawn and shown face up: you choose which one goes on the middle "
                "weather space and on which ring space the other goes; the forecast goes on "
                "clockwise from there. At each forecast, first turn up one hidden token of your "
                "weather display, then place one of your two face-up tokens. Played alone, it "
                "uses the action stack of the solo challenge but gets no rating.",
            ),
        ],
    },
    {
        "id": "solo",
        "title": "Solo score bands",
        "intro": "How a total of the solo challenge compares:",
        "items": [],  # built from SOLO_RATINGS and the end screen's words (_solo_bands)
    },
]

_FR = [
    {
        "id": "goal",
        "title": "Le but",
        "intro": "Chaque joueur aménage son propre parc naturel. En cinq manches, vous posez "
        "35 jetons Animal, réunissez chaque espèce en grandes familles qui ont accès à l'eau, "
        "couvrez des terrains entiers et tenez vos animaux loin de la météo qu'ils redoutent. "
        "Le plus haut total après les treize catégories de décompte l'emporte.",
        "items": [],
    },
    {
        "id": "setup",
        "title": "Préparation",
        "intro": "",
        "items": [
            (
                None,
                "Chacun a les mêmes 35 jetons Animal, mélangés en une réserve cachée. Sept "
                "d'entre eux sont visibles dans votre présentoir : c'est toujours parmi eux que "
                "vous choisissez.",
            ),
            (
                None,
                "Votre présentoir météo contient le soleil, face visible, et cinq jetons "
                "Météo tirés au hasard parmi les neuf autres, face cachée. Les quatre restants ne "
                "servent pas (sauf à Geyser Park).",
            ),
            (
                None,
                "Avant la première manche, chacun pose un jeton de son présentoir météo sur "
                "la case Météo de son choix. Un jeton caché se révèle au moment où il est posé.",
            ),
            (
                None,
                "La marmotte désigne le joueur qui choisit l'action. Elle commence chez le "
                "premier joueur.",
            ),
        ],
    },
    {
        "id": "round",
        "title": "Une manche",
        "intro": "La partie dure 5 manches. Chaque manche commence par la météo, puis viennent "
        "7 tours d'action.",
        "items": [
            (
                "Météo",
                "Chacun prend un jeton de son présentoir météo et le pose sur la case "
                "Météo libre suivante, dans le sens des aiguilles d'une montre à partir de la "
                "dernière posée.",
            ),
            (
                "1. Choisir",
                "Le joueur qui a la marmotte déplace un jeton Action de la rangée "
                "vers une case de terrain libre. Le jeton désigne un élément (l'une des six "
                "espèces, ou un point d'eau) ; la case désigne un terrain : forêt, prairie, "
                "montagne, rivière, chute d'eau ou case voisine d'un geyser.",
            ),
            (
                "2. Poser",
                "Chaque joueur pose un jeton de son présentoir qui montre cet élément "
                "sur une case de paysage libre du terrain désigné.",
            ),
            (
                "3. Compléter",
                "Les présentoirs sont complétés à 7 depuis les réserves, et la "
                "marmotte passe au joueur suivant.",
            ),
            (
                "Fin de manche",
                "Après 7 tours, tous les jetons Action ont servi : ils retournent "
                "tous dans la rangée pour la manche suivante.",
            ),
        ],
    },
    {
        "id": "placing",
        "title": "Pose et solutions de repli",
        "intro": "",
        "items": [
            (
                None,
                "Le jeton Action point d'eau ne peut aller que sur la case de terrain la "
                "plus à droite, et aucun autre jeton ne peut y aller : son terrain est n'importe "
                "quelle case de paysage libre.",
            ),
            (
                "Aucun jeton qui convient",
                "Si rien dans votre présentoir ne montre l'élément, "
                "vous posez à la place n'importe quel jeton de votre présentoir.",
            ),
            (
                "Aucune case qui convient",
                "Si toutes les cases de paysage du terrain désigné "
                "sont déjà couvertes, vous posez à la place sur n'importe quelle case de paysage "
                "libre.",
            ),
            (
                None,
                "Les jetons Animal ne vont que sur des cases de paysage : jamais sur un "
                "geyser, le volcan ou une case Météo.",
            ),
            (
                None,
                "À cette table, les joueurs qui posent en même temps jouent l'un après "
                "l'autre, en commençant par celui qui a la marmotte ; aucun choix ne dépend d'un "
                "autre.",
            ),
        ],
    },
    {
        "id": "weather",
        "title": "Les jetons Météo",
        "intro": "Quand la partie est finie et avant de compter les points, "
        "chaque jeton de mauvais temps "
        "chasse les jetons Animal voisins qu'il touche : ils sont retournés face cachée. Un "
        "jeton retourné couvre toujours sa case (catégories de terrain, rivière et geysers) "
        "mais n'appartient à aucune famille.",
        "items": [
            (
                "Soleil",
                "Le beau temps. Il compte comme un animal de chaque espèce dans chaque "
                "famille voisine, et il relie en une seule les familles d'une espèce qui le "
                "touchent.",
            ),
            ("Ouragan", "Chasse les jetons qui montrent un aigle, un élan ou un point d'eau."),
            ("Grêle", "Chasse les jetons qui montrent un ours, un loup ou un point d'eau."),
            ("Averse", "Chasse les jetons qui montrent une chèvre, un bison ou un point d'eau."),
            ("Blizzard", "Chasse les jetons qui montrent un élan ou un loup."),
            ("Canicule", "Chasse les jetons qui montrent une chèvre ou un ours."),
            ("Brouillard", "Chasse les jetons qui montrent un aigle ou un bison."),
            (
                "Orage",
                "Il y en a trois, avec 1, 2 et 3 nuages. Chacun chasse les jetons qui "
                "montrent exactement autant d'animaux que de nuages, quelle que soit l'espèce.",
            ),
        ],
    },
    {
        "id": "scoring",
        "title": "Décompte : les 13 catégories",
        "intro": "Le bloc de score se remplit catégorie par catégorie, dans cet ordre.",
        "items": [
            (
                "Mauvais temps",
                "D'abord, retournez tous les jetons que le mauvais temps chasse "
                "(cette catégorie ne rapporte rien en elle-même).",
            ),
            ("Chutes d'eau", "4 points si les 6 cases Chute d'eau sont couvertes."),
            ("Montagnes", "7 points si les 14 cases Montagne sont couvertes."),
            ("Prairie", "7 points si les 14 cases Prairie sont couvertes."),
            ("Forêt", "7 points si les 14 cases Forêt sont couvertes."),
            ("Rivière", "8 points si toutes les cases Rivière sont couvertes."),
            (
                "Geysers",
                "4 points par geyser dont toutes les cases de paysage voisines sont couvertes.",
            ),
            ("Chèvres", "Votre meilleure famille de chèvres : animaux × points d'eau."),
            ("Ours", "Votre meilleure famille d'ours : animaux × points d'eau."),
            ("Loups", "Votre meilleure famille de loups : animaux × points d'eau."),
            ("Élans", "Votre meilleure famille d'élans : animaux × points d'eau."),
            ("Aigles", "Votre meilleure famille d'aigles : animaux × points d'eau."),
            ("Bisons", "Votre meilleure famille de bisons : animaux × points d'eau."),
        ],
    },
    {
        "id": "families",
        "title": "Les familles",
        "intro": "",
        "items": [
            (
                None,
                "Une famille d'une espèce est un groupe d'un seul tenant de jetons visibles "
                "qui montrent chacun au moins un animal de cette espèce ; le reste du jeton ne "
                "compte pas.",
            ),
            (
                None,
                "Elle vaut le nombre d'animaux de cette espèce dans le groupe multiplié par "
                "le nombre de jetons du groupe avec un point d'eau. Sans eau, elle vaut 0.",
            ),
            (
                None,
                "Seule la meilleure famille de chaque espèce marque. Avec les 12 animaux "
                "d'une espèce et ses 3 points d'eau dans une même famille : 12 × 3 = 36 points.",
            ),
            (
                "Vainqueur",
                "Le plus haut total gagne. En cas d'égalité, gagne celui qui a couvert "
                "le plus de cases Rivière, puis celui qui a le moins de jetons retournés par la "
                "météo ; sinon, la victoire est partagée.",
            ),
        ],
    },
    {
        "id": "variants",
        "title": "Variantes",
        "intro": "",
        "items": [
            (
                "Défi solo",
                "Seul, vous mélangez les jetons Action en une pile cachée à chaque "
                "manche. À chaque tour, le jeton du dessus est révélé et vous choisissez "
                "sa case de terrain (le point d'eau prend toujours la case la plus à droite). "
                "Votre total est jugé d'après les paliers ci-dessous.",
            ),
            (
                "Alerte tempête à Geyser Park",
                "De 1 à 4 joueurs, sur la face geysers du parc : "
                "les mêmes terrains, la rivière et ses chutes d'eau, pas de volcan, mais six "
                "geysers, chacun avec seulement 3 voisins, et sept cases Météo. Deux des quatre "
                "jetons Météo restants sont tirés et montrés face visible : vous choisissez "
                "lequel va sur la case Météo du milieu et sur quelle case de l'anneau va l'autre ; "
                "la météo continue dans le sens des aiguilles d'une montre à partir de là. À "
                "chaque météo, retournez d'abord un jeton caché de votre présentoir météo, puis "
                "posez l'un de vos deux jetons visibles. En solitaire, on y joue avec la pile "
                "d'actions du défi solo, mais sans palier.",
            ),
        ],
    },
    {
        "id": "solo",
        "title": "Paliers du défi solo",
        "intro": "Où se situe un total du défi solo :",
        "items": [],  # construits à partir de SOLO_RATINGS et des mots de l'écran de fin
    },
]


def _solo_bands(lang: str) -> list[tuple[str, str]]:
    """(score range, rating) of every band of the solo table, lowest first, in the words of the
    end screen (catalogue keys ``solo.<band>``)."""
    bands = sorted(SOLO_RATINGS)  # (minimum, key), lowest first
    items = []
    for n, (low, key) in enumerate(bands):
        if n == 0:
            term = t_in(lang, "solo.band.low", n=bands[1][0])
        elif n == len(bands) - 1:
            term = t_in(lang, "solo.band.high", n=low)
        else:
            term = t_in(lang, "solo.band.range", low=low, high=bands[n + 1][0] - 1)
        items.append((term, t_in(lang, f"solo.{key}")))
    return items


def _with_solo_bands(sections: list[dict], lang: str) -> list[dict]:
    return [{**s, "items": _solo_bands(lang)} if s["id"] == "solo" else s for s in sections]


RULES = {
    "en": _with_solo_bands(_EN, "en"),
    "fr": typeset_sections(_with_solo_bands(_FR, "fr")),
}


def sections(lang: str) -> list[dict]:
    """The rules reference in ``lang`` ("en" or "fr"; anything else gives English)."""
    return RULES.get(lang, RULES["en"])


# example tokens of the pictures: (animals, watering hole) as the box has them
_EXAMPLE_TOKENS = ((1, True), (2, False), (2, True), (3, False))


def _picture(content) -> object:
    return art.mini_svg(content, 20.0, "mini rules-picture")


def pictures(lang: str) -> dict[str, list[tuple[object, str]]]:
    """The drawings of the rules reference per section id: ``[(svg element, caption)]``, with
    captions in ``lang`` (the language of the screen)."""
    from .viewmodel import WEATHER_SHOWN, token_label, weather_name  # the table's words

    letters = {s: t_in(lang, f"species.{s}.letter") for s in SPECIES}
    setup = [
        (_picture(art.animal_glyph(s, letters[s], 0.0, 0.0, 9.0)), t_in(lang, f"species.{s}.one"))
        for s in SPECIES
    ]
    setup.append((_picture(art.water_drop(1.9, -4.0)), t_in(lang, "action.water")))
    for n, water in _EXAMPLE_TOKENS:
        kind = [t for t in TOKENS if len(t.animals) == n and t.water == water]
        tid = max(kind, key=lambda t: (len(set(t.animals)), -t.id)).id  # mixed if there is one
        setup.append((_picture(art.token_glyph(tid, letters, radius=9.4)), token_label(tid)))
    weather = [
        (_picture(art.weather_glyph(WEATHER_BY_NAME[name].id, radius=9.4)), weather_name(wid))
        for name in WEATHER_SHOWN
        for wid in (WEATHER_BY_NAME[name].id,)
    ]
    weather.append(
        (
            _picture(art.weather_glyph(None, radius=9.4, face_down=True)),
            t_in(lang, "weather.face_down"),
        )
    )
    return {"setup": setup, "weather": weather}
