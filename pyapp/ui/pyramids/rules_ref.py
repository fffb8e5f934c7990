"""The in-app rules of Caldera (the Looney Pyramids game), in English and French, written by the
team in its own words from the how-to-play sheets and their binding notes (eruption geometry,
captures, Power Play, the end and the app's stall guard). Same shape as Caldera Park's
reference: ``sections(lang)`` gives ``{"id", "title", "intro", "items"}`` dicts whose ``items``
are ``(term, text)`` pairs (``term`` None for a plain paragraph)."""

from __future__ import annotations

from ..strings_fr import typeset_sections

_EN = [
    {
        "id": "goal",
        "title": "The aim",
        "intro": "Volcanoes blow their tops on a 5 by 5 board. You never move a coloured piece "
        "yourself: you push the black caps around, and the stacks they uncover spill their pieces "
        "in a line. A spilled piece that lands on a piece of its own size is yours. The first "
        "player to own three one-colour trios (a small, a medium and a large of one colour) wins.",
        "items": [],
    },
    {
        "id": "setup",
        "title": "The board",
        "intro": "",
        "items": [
            (
                None,
                "Every outer square holds a nest: the three pieces of one colour fitted "
                "together, the large covering the medium covering the small. There are six nests "
                "of each of red, yellow, green and blue, and two nests of the same colour never "
                "touch along a side. The centre square, the caldera, starts empty.",
            ),
            (
                None,
                "The six red nests each wear a cap, a small black piece. Caps are the only "
                "pieces players move, and nothing may ever sit on a cap.",
            ),
            (None, "Two or three players; the app draws the first player at random."),
        ],
    },
    {
        "id": "turn",
        "title": "Your turn",
        "intro": "Move caps, one square at a time, until one of your moves makes a stack erupt. "
        "That eruption ends your turn.",
        "items": [
            (
                "Moving a cap",
                "One step in any of the eight directions, onto a stack or an empty square "
                "(the caldera too), but never off the board and never onto another cap.",
            ),
            (
                "Quiet move",
                "If the square the cap left is now empty, or the first piece would have "
                "nowhere to land, nothing happens: move a cap again, the same one or another. "
                "Until your eruption you may take quiet moves back.",
            ),
            (
                "Eruption",
                "Otherwise the pieces the cap was sitting on fly off in the direction of the "
                "move, the top one first. The first lands on the square just past the cap, the "
                "next one square further, and so on: each piece skips what lies between.",
            ),
            (
                "Blocked flow",
                "The flow stops at the first landing square that is off the board or holds "
                "a cap; the pieces that could not fly stay where they were, now uncapped. It "
                "still counts as your eruption.",
            ),
            (
                "Passing",
                "You pass only when no eruption is within your reach this turn, counting the "
                "quiet moves you have left (at most 40 a turn) and your Power Play if you still "
                "have it and hold a piece: a piece put down can give a cap something to erupt.",
            ),
        ],
    },
    {
        "id": "capture",
        "title": "Captures",
        "intro": "Each flying piece is judged on its own as it lands.",
        "items": [
            (
                "Same size",
                "A piece landing on a top piece of its own size is captured: it goes to your "
                "collection at once, so the next piece is judged against what is then on top "
                "of its square.",
            ),
            (
                "Other size or empty square",
                "The piece stays where it landed, on top. The piece it landed on is never "
                "captured.",
            ),
            (
                "In the app",
                "Choose a cap, then a highlighted square. Before an eruption is made, the "
                "board shows where every flying piece will land and which ones you would "
                "capture; confirm to erupt.",
            ),
        ],
    },
    {
        "id": "power",
        "title": "Power Play",
        "intro": "Once per turn, before your eruption, you may give a piece of your collection "
        "back to the board: on any square without a cap, on top of a stack or on an empty "
        "square. It does not end your turn, and you may take it back before you erupt.",
        "items": [],
    },
    {
        "id": "end",
        "title": "The end",
        "intro": "",
        "items": [
            (
                "Trios",
                "Your trios of a colour are the smallest of your counts of smalls, mediums "
                "and larges of that colour; one colour may give several trios.",
            ),
            (
                "Winning",
                "At the end of your turn, if you own three one-colour trios, you win at once.",
            ),
            (
                "Draws",
                "The app calls the game drawn after 30 turns in a row without a capture, or "
                "when the same position comes back for the third time at the start of a turn. "
                "A player may also resign.",
            ),
        ],
    },
]

_FR = [
    {
        "id": "goal",
        "title": "Le but",
        "intro": "Des volcans explosent sur un plateau de 5 cases sur 5. Vous ne déplacez "
        "jamais vous-même une pièce de couleur : vous poussez les chapeaux noirs, et les piles "
        "qu'ils découvrent crachent leurs pièces en ligne. Une pièce projetée qui retombe sur "
        "une pièce de sa taille est à vous. Le premier à posséder trois trios d'une seule "
        "couleur (une petite, une moyenne et une grande de la même couleur) gagne.",
        "items": [],
    },
    {
        "id": "setup",
        "title": "Le plateau",
        "intro": "",
        "items": [
            (
                None,
                "Chaque case du bord porte un nid : les trois pièces d'une couleur "
                "emboîtées, la grande recouvrant la moyenne qui recouvre la petite. Il y a six "
                "nids de chaque couleur (rouge, jaune, vert, bleu), et deux nids de même couleur "
                "ne se touchent jamais par un côté. La case centrale, la caldeira, est vide au "
                "départ.",
            ),
            (
                None,
                "Les six nids rouges portent chacun un chapeau, une petite pièce noire. Les "
                "chapeaux sont les seules pièces que l'on déplace, et rien ne se pose jamais "
                "sur un chapeau.",
            ),
            (None, "Deux ou trois joueurs ; l'application tire au sort qui commence."),
        ],
    },
    {
        "id": "turn",
        "title": "Votre tour",
        "intro": "Déplacez des chapeaux, d'une case à la fois, jusqu'à ce qu'un de vos "
        "déplacements fasse entrer une pile en éruption. Cette éruption termine votre tour.",
        "items": [
            (
                "Déplacer un chapeau",
                "Un pas dans l'une des huit directions, sur une pile ou une case vide (la "
                "caldeira aussi), mais jamais hors du plateau ni sur un autre chapeau.",
            ),
            (
                "Coup calme",
                "Si la case quittée par le chapeau est maintenant vide, ou si la première "
                "pièce n'aurait nulle part où retomber, rien ne se passe : déplacez encore un "
                "chapeau, le même ou un autre. Jusqu'à votre éruption, vous pouvez reprendre "
                "ces coups calmes.",
            ),
            (
                "Éruption",
                "Sinon, les pièces sur lesquelles était le chapeau s'envolent dans le sens du "
                "déplacement, celle du dessus d'abord. La première retombe sur la case juste "
                "après le chapeau, la suivante une case plus loin, et ainsi de suite : chaque "
                "pièce saute par-dessus ce qui se trouve entre les deux.",
            ),
            (
                "Coulée bloquée",
                "La coulée s'arrête à la première case d'arrivée hors du plateau ou occupée "
                "par un chapeau ; les pièces qui n'ont pas pu partir restent sur place, sans "
                "chapeau. C'est tout de même votre éruption.",
            ),
            (
                "Passer",
                "Vous ne passez que si aucune éruption n'est à votre portée ce tour-ci, en "
                "comptant les coups calmes qui vous restent (40 au plus par tour) et votre coup "
                "de force s'il vous reste et que vous avez une pièce : une pièce posée peut "
                "donner à un chapeau de quoi entrer en éruption.",
            ),
        ],
    },
    {
        "id": "capture",
        "title": "Les captures",
        "intro": "Chaque pièce projetée est jugée seule, à son arrivée.",
        "items": [
            (
                "Même taille",
                "Une pièce qui retombe sur une pièce du dessus de sa taille est capturée : "
                "elle rejoint aussitôt votre collection, et la pièce suivante est jugée selon "
                "ce qui se trouve alors au sommet de sa case.",
            ),
            (
                "Autre taille ou case vide",
                "La pièce reste où elle est tombée, au sommet. La pièce sur laquelle elle "
                "tombe n'est jamais capturée.",
            ),
            (
                "Dans l'application",
                "Choisissez un chapeau, puis une case en surbrillance. Avant de faire une "
                "éruption, le plateau montre où chaque pièce va retomber et lesquelles vous "
                "captureriez ; confirmez pour la déclencher.",
            ),
        ],
    },
    {
        "id": "power",
        "title": "Coup de force",
        "intro": "Une fois par tour, avant votre éruption, vous pouvez rendre au plateau une "
        "pièce de votre collection : sur n'importe quelle case sans chapeau, au sommet d'une "
        "pile ou sur une case vide. Cela ne termine pas votre tour, et vous pouvez le reprendre "
        "avant d'entrer en éruption.",
        "items": [],
    },
    {
        "id": "end",
        "title": "La fin",
        "intro": "",
        "items": [
            (
                "Trios",
                "Vos trios d'une couleur sont le plus petit de vos nombres de petites, de "
                "moyennes et de grandes de cette couleur ; une couleur peut donner plusieurs "
                "trios.",
            ),
            (
                "Victoire",
                "À la fin de votre tour, si vous possédez trois trios d'une seule couleur, "
                "vous gagnez aussitôt.",
            ),
            (
                "Nulles",
                "L'application déclare la partie nulle après 30 tours d'affilée sans capture, "
                "ou quand la même position revient pour la troisième fois au début d'un tour. "
                "Un joueur peut aussi abandonner.",
            ),
        ],
    },
]

RULES = {"en": _EN, "fr": typeset_sections(_FR)}


def sections(lang: str) -> list[dict]:
    """The rules in ``lang`` ("en" or "fr"; anything else gives English)."""
    return RULES.get(lang, RULES["en"])
