"""Caledea's in-app rules reference, in English and French, written by the team in its own words.

The facts come from the published rules page (version 1.1) and ../shared/rules/caledea-NOTES.md
(the rulings and the data this edition designed); no sentence of the rules page is reproduced.
``sections(lang)`` gives the sections the shell's rules screen draws as text (same shape as
Caldera Park's: ``{"id", "title", "intro", "items"}``, ``items`` being ``(term, text)`` pairs,
``term`` ``None`` for a plain paragraph). The first section says plainly that the kingdoms and
the board are reconstructed for this edition.
"""

from __future__ import annotations

from ..strings_fr import typeset

_EN = [
    {
        "id": "edition",
        "title": "About this edition",
        "intro": "The kingdoms and the board of this edition are reconstructed. The original "
        "kingdom cards and board were printed material that could not be found, so we designed "
        "nine kingdoms and a board within the published rules, and tuned their figures by "
        "letting computer players fight thousands of games. Xonavia and Talaq keep the costs "
        "known from the original.",
        "items": [],
    },
    {
        "id": "goal",
        "title": "The aim",
        "intro": "Each player leads a kingdom. You win by taking the capital of your rival, by "
        "leaving an opponent with no unit on the board, or by ringing your capital with five "
        "castles (a fortified city).",
        "items": [
            (
                None,
                "With three or four players, a kingdom is knocked out when its capital is taken "
                "or when its last unit is lost. Whoever beat it (the taker of the capital, or "
                "the other side of the battle or bombard that cost the last unit) gets three "
                "infantry on the beaten capital's square, even if that last unit fell on that "
                "very square; every piece of the beaten kingdom leaves the board. The last "
                "kingdom standing wins.",
            ),
            (
                None,
                "An army never holds more than 20 units, the count of the box (a ruling of this "
                "edition's notes): a new infantry that would be the 21st is simply not placed, "
                "while the claim or the victory that brought it still counts.",
            ),
            (
                None,
                "In this app a game stops after 100 rounds; the kingdom holding the most claimed "
                "squares then wins (then the most units).",
            ),
        ],
    },
    {
        "id": "board",
        "title": "The board",
        "intro": "Every square shows two of five resources: forest, mountain, river, cattle and "
        "grain. The board wraps around: leaving one edge brings you in on the opposite edge, "
        "left and right as well as top and bottom. The epic setup joins two boards side by "
        "side (20 by 10 squares). On the screen, the arrows under the board (or dragging it) "
        "turn it round, so that any edge can be brought into the middle.",
        "items": [
            (
                "Your resource squares",
                "The squares showing both resources of your kingdom. They are the only squares "
                "you can claim, and your capital stands on one of them.",
            ),
            (
                "Strong land",
                "When a fight happens on a square showing one of your resources, each of your "
                "units rolls one more die; on one of your resource squares, two more.",
            ),
        ],
    },
    {
        "id": "setup",
        "title": "Getting ready",
        "intro": "Each player picks a kingdom (or lets the app pick). In turn order everyone "
        "places their capital on one of their own resource squares, puts their starting "
        "infantry there and claims it, which gives the first gold piece.",
        "items": [],
    },
    {
        "id": "turn",
        "title": "Your turn",
        "intro": "Your kingdom has a number of moves a turn (2 to 4). Each of these counts as one "
        "move: moving units, upgrading a unit, building a tower or turning a tower into a "
        "castle. Powers are not moves.",
        "items": [
            (
                "Moving",
                "One move takes one or more units, from one square or several, into the same "
                "square. Units step at right angles only (a diagonal costs two steps), through "
                "empty squares and squares holding only your own units, never through enemy "
                "units or enemy structures. Each unit moves once a turn.",
            ),
            (
                "Ranks",
                "Infantry steps 1 square and rolls 1 die; cavalry up to 2 squares and 2 dice; "
                "a general up to 3 squares and 3 dice. You may have one general at a time.",
            ),
            (
                "Upgrading",
                "Infantry becomes cavalry, cavalry becomes a general, one move and its gold "
                "each. A unit that moved this turn cannot be upgraded, and an upgraded unit "
                "cannot move this turn.",
            ),
            (
                "Claiming",
                "Ending a move on one of your unclaimed resource squares claims it: your marker "
                "goes down, you gain a gold piece and a new infantry appears there, ready to act "
                "this very turn.",
            ),
            (
                "Salting",
                "Ending a move on a square marked by an opponent salts it: a black marker "
                "replaces theirs and they lose a gold piece. Reclaiming your own salted square "
                "gives the gold back, but no new unit.",
            ),
        ],
    },
    {
        "id": "gold",
        "title": "Gold",
        "intro": "Your gold equals the squares you hold claimed. At the start of each turn all of "
        "it is available; paying for an upgrade, a structure or a power sets those pieces aside "
        "until your next turn. Gold you gain during the turn can be spent at once. Each kingdom "
        "has its own prices.",
        "items": [],
    },
    {
        "id": "combat",
        "title": "Combat",
        "intro": "Moving into a square holding enemy units starts a fight there, made of "
        "one-to-one battles until one side has no unit left in the square.",
        "items": [
            (
                "A battle",
                "Both units roll their dice (rank, plus strong land, plus structures for the "
                "defender). Compare the highest dice; if equal, the next highest, and so on. A "
                "unit that runs out of dice first loses; a complete tie is rolled again. The "
                "loser leaves the board.",
            ),
            (
                "Pairings",
                "The defender chooses, before each battle, which of their units meets which "
                "attacker.",
            ),
            (
                "Withdrawing",
                "After winning a battle, the attacker may send that unit back to its starting "
                "square or keep it fighting.",
            ),
            (
                "Taking the square",
                "The attackers enter only once every defender is gone, then claim or salt as "
                "after any move.",
            ),
            (
                "Towers and castles",
                "A defender gets one more die on a square with a tower, two with a castle. An "
                "undefended enemy structure is attacked by one unit at a time with its rank's "
                "dice only: a 5 or 6 breaks a tower, a 6 breaks a castle. When units of "
                "different kinds attack it together, you pick which one tries next. The first "
                "that breaks it goes in, along with every unit of that move still waiting its "
                "turn; those that failed are back on their starting squares.",
            ),
        ],
    },
    {
        "id": "build",
        "title": "Towers and castles",
        "intro": "You may build only on your capital and the four squares beside it (north, "
        "south, east, west), one structure per square, never on a square holding enemy units. "
        "A tower comes first; a later move turns it into a castle. Five castles there make a "
        "fortified city and win the game.",
        "items": [],
    },
    {
        "id": "powers",
        "title": "Powers",
        "intro": "Each kingdom has one power. It costs gold every time, is not a move, works "
        "only in your own turn and can be used as often as you can pay.",
        "items": [
            (
                "Bombard",
                "One of your units fights one battle against an enemy unit on a square beside "
                "it, without risk: a loss costs nothing, a win takes the enemy unit off the "
                "board. The bombarding unit stays put and counts as having moved.",
            ),
            (
                "Ambush",
                "One attacking unit rolls three more dice in one battle. Decide before the "
                "defender chooses the pairing.",
            ),
            (
                "Transport",
                "One unit that has not moved jumps to any square holding another of your units "
                "that has not moved. It may still move afterwards, and rolls one more die if it "
                "attacks this turn. A unit upgraded this turn cannot be carried: the upgrade "
                "used up its move.",
            ),
        ],
    },
    {
        "id": "app",
        "title": "Playing in the app",
        "intro": "Choose a unit of yours on the board (or several, one after the other), then "
        "one of the highlighted squares: the app shows the path and what the move will do "
        "before you confirm. Buttons beside the board upgrade, build and use your power; they "
        "are enabled only when the move is allowed and you can pay. In a fight, the app asks "
        "the defender for each pairing and the attacker whether to withdraw, and which unit "
        "tries an enemy tower or castle next, showing each one's chance to break it. Games "
        "saved with the first two editions of the kingdoms keep their older rulings: only a "
        "capital's taker gains infantry, the strongest unit tries a structure first, and an "
        "upgraded unit may still be transported.",
        "items": [],
    },
]

_FR = [
    {
        "id": "edition",
        "title": "À propos de cette édition",
        "intro": "Les royaumes et le plateau de cette édition sont reconstitués. Les cartes de "
        "royaume et le plateau d'origine étaient imprimés et restent introuvables : nous avons "
        "donc conçu neuf royaumes et un plateau dans le cadre des règles publiées, puis réglé "
        "leurs valeurs en faisant jouer des milliers de parties à l'ordinateur. Xonavia et "
        "Talaq gardent les coûts connus de l'original.",
        "items": [],
    },
    {
        "id": "goal",
        "title": "Le but",
        "intro": "Chaque joueur dirige un royaume. On gagne en prenant la capitale adverse, en "
        "ne laissant plus aucune unité à un adversaire, ou en entourant sa capitale de cinq "
        "châteaux (une cité fortifiée).",
        "items": [
            (
                None,
                "À trois ou quatre joueurs, un royaume est éliminé quand sa capitale est prise "
                "ou quand il perd sa dernière unité. Son vainqueur (celui qui a pris la "
                "capitale, ou l'autre camp du duel ou de la bombarde qui lui a coûté sa "
                "dernière unité) reçoit trois fantassins sur la case de la capitale vaincue, "
                "même si cette dernière unité est tombée sur cette case ; toutes les pièces du "
                "royaume vaincu quittent le plateau. Le dernier royaume en lice gagne.",
            ),
            (
                None,
                "Une armée ne compte jamais plus de 20 unités, le nombre de la boîte (une règle "
                "des notes de cette édition) : un nouveau fantassin qui serait le 21e n'est "
                "pas posé, mais la revendication ou la victoire qui l'apportait compte.",
            ),
            (
                None,
                "Dans l'application, une partie s'arrête après 100 tours ; le royaume qui tient "
                "le plus de cases revendiquées gagne alors (puis celui qui a le plus d'unités).",
            ),
        ],
    },
    {
        "id": "board",
        "title": "Le plateau",
        "intro": "Chaque case montre deux des cinq ressources : forêt, montagne, rivière, bétail "
        "et blé. Le plateau se referme sur lui-même : sortir par un bord fait entrer par le "
        "bord opposé, à gauche et à droite comme en haut et en bas. La partie épique réunit "
        "deux plateaux côte à côte (20 cases sur 10). À l'écran, les flèches sous le plateau "
        "(ou le faire glisser) le font tourner, pour amener n'importe quel bord au milieu.",
        "items": [
            (
                "Vos cases ressources",
                "Les cases qui montrent les deux ressources de votre royaume. Ce sont les seules "
                "que vous pouvez revendiquer, et votre capitale est sur l'une d'elles.",
            ),
            (
                "Terre favorable",
                "Lors d'un combat sur une case qui montre l'une de vos ressources, chacune de "
                "vos unités lance un dé de plus ; sur l'une de vos cases ressources, deux de "
                "plus.",
            ),
        ],
    },
    {
        "id": "setup",
        "title": "Mise en place",
        "intro": "Chaque joueur choisit un royaume (ou laisse l'application le tirer). À tour de "
        "rôle, chacun pose sa capitale sur l'une de ses cases ressources, y met ses fantassins "
        "de départ et la revendique, ce qui rapporte la première pièce d'or.",
        "items": [],
    },
    {
        "id": "turn",
        "title": "Votre tour",
        "intro": "Votre royaume dispose d'un nombre de coups par tour (2 à 4). Chacune de ces "
        "actions compte pour un coup : déplacer des unités, promouvoir une unité, bâtir une "
        "tour ou changer une tour en château. Les pouvoirs ne comptent pas comme des coups.",
        "items": [
            (
                "Déplacer",
                "Un coup mène une ou plusieurs unités, d'une ou de plusieurs cases, vers une "
                "même case. Les unités avancent à angle droit (une diagonale coûte deux pas), "
                "par des cases vides ou ne portant que vos unités, jamais à travers des unités "
                "ou des constructions ennemies. Chaque unité se déplace une fois par tour.",
            ),
            (
                "Grades",
                "Un fantassin avance d'une case et lance 1 dé ; un cavalier jusqu'à 2 cases et "
                "2 dés ; un général jusqu'à 3 cases et 3 dés. Un seul général à la fois.",
            ),
            (
                "Promouvoir",
                "Le fantassin devient cavalier, le cavalier devient général : un coup et son "
                "prix en or chacun. Une unité déplacée ce tour ne peut pas être promue, et une "
                "unité promue ne peut plus se déplacer ce tour.",
            ),
            (
                "Revendiquer",
                "Finir un coup sur l'une de vos cases ressources libres la revendique : votre "
                "marqueur y est posé, vous gagnez une pièce d'or et un nouveau fantassin y "
                "apparaît, prêt à agir dès ce tour.",
            ),
            (
                "Saler",
                "Finir un coup sur une case marquée par un adversaire la sale : un marqueur noir "
                "remplace le sien et il perd une pièce d'or. Revendiquer à nouveau votre case "
                "salée rend la pièce d'or, mais pas d'unité.",
            ),
        ],
    },
    {
        "id": "gold",
        "title": "L'or",
        "intro": "Votre or est égal au nombre de cases que vous tenez revendiquées. Au début de "
        "chaque tour, tout est disponible ; payer une promotion, une construction ou un pouvoir "
        "met ces pièces de côté jusqu'à votre prochain tour. L'or gagné pendant le tour se "
        "dépense aussitôt. Chaque royaume a ses propres prix.",
        "items": [],
    },
    {
        "id": "combat",
        "title": "Le combat",
        "intro": "Entrer dans une case occupée par des unités ennemies déclenche un combat, fait "
        "de duels un contre un jusqu'à ce qu'un camp n'ait plus d'unité sur la case.",
        "items": [
            (
                "Un duel",
                "Les deux unités lancent leurs dés (grade, terre favorable, et constructions "
                "pour le défenseur). On compare les plus hauts dés ; en cas d'égalité, les "
                "suivants, et ainsi de suite. L'unité à court de dés la première perd ; une "
                "égalité complète se relance. Le perdant quitte le plateau.",
            ),
            (
                "Les duels",
                "Avant chaque duel, le défenseur choisit laquelle de ses unités affronte quel "
                "attaquant.",
            ),
            (
                "Se retirer",
                "Après un duel gagné, l'attaquant peut ramener cette unité sur sa case de "
                "départ, ou la laisser dans le combat.",
            ),
            (
                "Prendre la case",
                "Les attaquants n'entrent qu'une fois tous les défenseurs éliminés, puis "
                "revendiquent ou salent comme après tout déplacement.",
            ),
            (
                "Tours et châteaux",
                "Le défenseur lance un dé de plus sur une case avec une tour, deux avec un "
                "château. Une construction ennemie sans défenseur s'attaque avec une unité à la "
                "fois, avec les seuls dés de son grade : un 5 ou un 6 abat une tour, un 6 un "
                "château. Quand des unités de sortes différentes l'attaquent ensemble, vous "
                "choisissez laquelle tente sa chance. La première qui l'abat entre, avec toutes "
                "les unités de ce coup qui attendaient encore ; celles qui ont échoué sont "
                "revenues sur leur case de départ.",
            ),
        ],
    },
    {
        "id": "build",
        "title": "Tours et châteaux",
        "intro": "On ne bâtit que sur sa capitale et les quatre cases voisines (nord, sud, est, "
        "ouest), une construction par case, jamais sur une case occupée par l'ennemi. On bâtit "
        "d'abord une tour ; un coup suivant en fait un château. Cinq châteaux à ces places "
        "forment une cité fortifiée et gagnent la partie.",
        "items": [],
    },
    {
        "id": "powers",
        "title": "Les pouvoirs",
        "intro": "Chaque royaume a un pouvoir. Il coûte de l'or à chaque usage, ne compte pas "
        "comme un coup, ne sert que pendant votre tour et s'utilise autant de fois que vous "
        "pouvez payer.",
        "items": [
            (
                "Bombarde",
                "L'une de vos unités livre un duel contre une unité ennemie d'une case voisine, "
                "sans risque : si elle perd, elle reste ; si elle gagne, l'unité ennemie est "
                "retirée. Elle ne bouge pas et cela consomme son déplacement.",
            ),
            (
                "Embuscade",
                "Une unité attaquante lance trois dés de plus pendant un duel. À décider avant "
                "que le défenseur choisisse le duel.",
            ),
            (
                "Transport",
                "Une unité qui n'a pas bougé saute sur n'importe quelle case portant une autre "
                "de vos unités qui n'a pas bougé. Elle peut encore se déplacer ensuite et lance "
                "un dé de plus si elle attaque ce tour. Une unité promue ce tour ne peut pas "
                "être transportée : la promotion a pris son déplacement.",
            ),
        ],
    },
    {
        "id": "app",
        "title": "Jouer dans l'application",
        "intro": "Choisissez une de vos unités sur le plateau (ou plusieurs, l'une après "
        "l'autre), puis l'une des cases en surbrillance : l'application montre le chemin et "
        "l'effet du coup avant que vous confirmiez. Les boutons près du plateau promeuvent, "
        "bâtissent et utilisent votre pouvoir ; ils ne sont actifs que si le coup est permis "
        "et payable. En combat, l'application demande au défenseur chaque duel et à "
        "l'attaquant s'il se retire, et quelle unité tente d'abattre une tour ou un château "
        "ennemi, avec la chance de chacune. Les parties enregistrées avec les deux premières "
        "éditions des royaumes gardent leurs anciennes règles : seul le preneur d'une capitale "
        "reçoit des fantassins, l'unité la plus forte tente une construction en premier, et une "
        "unité promue peut encore être transportée.",
        "items": [],
    },
]


def _typeset_fr(sections: list[dict]) -> list[dict]:
    out = []
    for s in sections:
        out.append(
            {
                "id": s["id"],
                "title": typeset(s["title"]),
                "intro": typeset(s["intro"]),
                "items": [(typeset(a) if a else a, typeset(b)) for a, b in s["items"]],
            }
        )
    return out


def sections(lang: str) -> list[dict]:
    """The rules reference in ``lang`` (English for any language without a translation)."""
    return _typeset_fr(_FR) if lang == "fr" else list(_EN)
