"""The texts of Caledea's guided first game (``guide.py``), in English and French (keys
``cal.guide.*``), added to the catalogues when the guide is first imported."""

from __future__ import annotations

from .. import i18n

EN = {
    "cal.guide.label": "Guide",
    "cal.guide.offer.title": "New to Caledea? Play a guided first game",
    "cal.guide.offer.text": "A short game as Xonavia against the computer (Brannoch), with a tip "
    "at every step: claiming squares and gold, a fight with its odds, and how to win.",
    "cal.guide.offer.start": "Start the guided game",
    "cal.guide.stop": "Stop the guide",
    "cal.guide.bot": "{name}, the computer player, is playing its turn. Watch the board: its "
    "last move is marked.",
    "cal.guide.deviated": "You played another move than the guide's: fine. The guide goes on "
    "from the board as it is now (the win is no longer certain).",
    "cal.guide.capital": "You play Xonavia: your resources are forest and mountain, and the "
    "highlighted squares show both. Your capital goes on one of them, with your {n} infantry; "
    "its square counts as claimed. If an enemy enters your capital when no defender is left, "
    "you lose. Put it on {square}.",
    "cal.guide.win_ways": "Ways to win: take the enemy capital; build castles on your capital "
    "and the four squares around it (five castles); remove the enemy's last unit; or, after "
    "round 100, hold the most claimed squares.",
    "cal.guide.march": "March on {enemy}'s capital, {square}, {n} squares away. An infantry "
    "steps one square a turn, and each unit moves once a turn.",
    "cal.guide.march_again": "March on {enemy}'s capital, {square}: {n} squares from these units.",
    "cal.guide.guard": "Leave two units at home to guard your capital.",
    "cal.guide.claim": "Gold comes from claimed squares: each square with your marker gives "
    "one gold every turn. Ending a move on an unclaimed square of your two resources claims "
    "it, and a new infantry appears there. Send one unit to {square}.",
    "cal.guide.claim_again": "Claim {square} too: one more gold every turn, and a new infantry.",
    "cal.guide.gold_now.one": "You hold 1 claimed square now: 1 gold a turn.",
    "cal.guide.gold_now.other": "You hold {n} claimed squares now: {n} gold a turn.",
    "cal.guide.upgrade": "You have {gold} gold this turn. Gold buys a cavalry ({cavalry} gold: "
    "it steps two squares and rolls two dice), a general ({general}), a tower ({tower}) or a "
    "castle ({castle}). Unspent gold is not kept: spend it now. Make the infantry on {square} "
    "a cavalry (a unit upgraded does not move this turn).",
    "cal.guide.upgrade_again": "You have {gold} gold this turn: spend it. Make the infantry "
    "on {square} a cavalry too (cavalry {cavalry}, general {general}, tower {tower}, castle "
    "{castle}).",
    "cal.guide.fight": "A fight: your {units} against the {defenders} on {square}. Each unit "
    "rolls dice (one per rank, more on land of its resources); the highest dice are compared "
    "one by one. Your chance to take the square: {take}; your first battle: {first}. Good "
    "odds: attack.",
    "cal.guide.attack_capital": "Take {enemy}'s capital on {square}: your {units} against its "
    "{defenders}. Your chance to take it: {take} (first battle: {first}). Taking the enemy "
    "capital wins the game.",
    "cal.guide.walk_in": "{enemy}'s capital on {square} has no defender left: move your "
    "{units} in. Taking the enemy capital wins the game.",
    "cal.guide.pair": "{square} is attacked: you defend, so you choose which of your units "
    "fights which attacker. The guide's choice wins its battle with {first}.",
    "cal.guide.stay": "Your unit won its battle. Stay in the fight: your attack still takes "
    "the square with {take}.",
    "cal.guide.withdraw": "Your unit won its battle, but the attack now takes the square with "
    "only {take}: withdraw it.",
    "cal.guide.ambush": "No ambush this time: keep your gold.",
    "cal.guide.end": "Nothing more is worth a move this turn: end it (moves not used are lost).",
    "cal.guide.do.square": "Tap the square {square}.",
    "cal.guide.do.choose": "Tap {square} to choose its units.",
    "cal.guide.do.leave": "Tap the chip “{unit}” to leave that unit behind.",
    "cal.guide.do.take": "Tap the chip “{unit}” to take that unit along.",
    "cal.guide.do.dest": "Tap the square {square}.",
    "cal.guide.do.confirm": "Tap Confirm.",
    "cal.guide.do.undo": "Tap Take back, then follow the tip.",
    "cal.guide.do.end": "Tap End the turn.",
    "cal.guide.do.upgrade": "Tap Upgrade.",
    "cal.guide.do.defender": "Tap “{unit}” to choose your defender.",
    "cal.guide.do.attacker": "Tap the attacker your unit fights ({unit}).",
    "cal.guide.do.stay": "Tap Stay in the fight.",
    "cal.guide.do.withdraw": "Tap Withdraw.",
    "cal.guide.do.noambush": "Tap No ambush.",
    "cal.guide.won": "You won in round {rounds}: you took the enemy capital.",
    "cal.guide.lost": "The computer won in round {rounds}. Start the guided game again from "
    "the new-game screen and follow each tip.",
}

FR = {
    "cal.guide.label": "Guide",
    "cal.guide.offer.title": "Nouveau venu à Caledea ? Jouez une première partie guidée",
    "cal.guide.offer.text": "Une courte partie avec Xonavia contre l'ordinateur (Brannoch), "
    "avec un conseil à chaque étape : revendiquer des cases et l'or, un combat et ses chances, "
    "et comment gagner.",
    "cal.guide.offer.start": "Commencer la partie guidée",
    "cal.guide.stop": "Arrêter le guide",
    "cal.guide.bot": "{name}, le joueur ordinateur, joue son tour. Regardez le plateau : son "
    "dernier coup y est marqué.",
    "cal.guide.deviated": "Vous avez joué un autre coup que celui du guide : pas de souci. Le "
    "guide reprend depuis le plateau tel qu'il est (la victoire n'est plus assurée).",
    "cal.guide.capital": "Vous jouez Xonavia : vos ressources sont la forêt et la montagne, et "
    "les cases en surbrillance montrent les deux. Votre capitale se pose sur l'une d'elles, "
    "avec vos {n} fantassins ; sa case compte comme revendiquée. Si un ennemi entre dans votre "
    "capitale sans défenseur, vous perdez. Posez-la en {square}.",
    "cal.guide.win_ways": "Pour gagner : prendre la capitale ennemie ; bâtir des châteaux sur "
    "votre capitale et les quatre cases autour (cinq châteaux) ; éliminer la dernière unité "
    "ennemie ; ou, après le tour 100, tenir le plus de cases revendiquées.",
    "cal.guide.march": "Marchez sur la capitale de {enemy}, en {square}, à {n} cases. Un "
    "fantassin avance d'une case par tour, et chaque unité se déplace une fois par tour.",
    "cal.guide.march_again": "Marchez sur la capitale de {enemy}, en {square} : à {n} cases "
    "de ces unités.",
    "cal.guide.guard": "Laissez deux unités garder votre capitale.",
    "cal.guide.claim": "L'or vient des cases revendiquées : chaque case à votre marqueur "
    "rapporte un or à chaque tour. Finir un coup sur une case libre de vos deux ressources la "
    "revendique, et un nouveau fantassin y apparaît. Envoyez une unité en {square}.",
    "cal.guide.claim_again": "Revendiquez aussi {square} : un or de plus à chaque tour, et un "
    "nouveau fantassin.",
    "cal.guide.gold_now.one": "Vous tenez 1 case revendiquée : 1 or par tour.",
    "cal.guide.gold_now.other": "Vous tenez {n} cases revendiquées : {n} or par tour.",
    "cal.guide.upgrade": "Vous avez {gold} or ce tour-ci. L'or achète un cavalier ({cavalry} "
    "or : il avance de deux cases et lance deux dés), un général ({general}), une tour "
    "({tower}) ou un château ({castle}). L'or non dépensé est perdu : dépensez-le. Faites du "
    "fantassin en {square} un cavalier (une unité promue ne se déplace pas ce tour-ci).",
    "cal.guide.upgrade_again": "Vous avez {gold} or ce tour-ci : dépensez-le. Faites aussi du "
    "fantassin en {square} un cavalier (cavalier {cavalry}, général {general}, tour {tower}, "
    "château {castle}).",
    "cal.guide.fight": "Un combat : vos {units} contre les {defenders} en {square}. Chaque "
    "unité lance des dés (un par rang, plus sur les terres de ses ressources) ; les plus hauts "
    "dés sont comparés un à un. Vos chances de prendre la case : {take} ; votre première "
    "bataille : {first}. Bonnes chances : attaquez.",
    "cal.guide.attack_capital": "Prenez la capitale de {enemy} en {square} : vos {units} "
    "contre ses {defenders}. Vos chances de la prendre : {take} (première bataille : {first}). "
    "Prendre la capitale ennemie gagne la partie.",
    "cal.guide.walk_in": "La capitale de {enemy} en {square} n'a plus de défenseur : entrez-y "
    "avec vos {units}. Prendre la capitale ennemie gagne la partie.",
    "cal.guide.pair": "{square} est attaquée : vous défendez, donc vous choisissez quelle "
    "unité combat quel assaillant. Le choix du guide gagne sa bataille à {first}.",
    "cal.guide.stay": "Votre unité a gagné sa bataille. Restez au combat : votre attaque prend "
    "encore la case à {take}.",
    "cal.guide.withdraw": "Votre unité a gagné sa bataille, mais l'attaque ne prend plus la "
    "case qu'à {take} : retirez-la.",
    "cal.guide.ambush": "Pas d'embuscade cette fois : gardez votre or.",
    "cal.guide.end": "Plus rien ne vaut un coup ce tour-ci : finissez-le (les coups non joués "
    "sont perdus).",
    "cal.guide.do.square": "Touchez la case {square}.",
    "cal.guide.do.choose": "Touchez {square} pour choisir ses unités.",
    "cal.guide.do.leave": "Touchez la puce « {unit} » pour laisser cette unité.",
    "cal.guide.do.take": "Touchez la puce « {unit} » pour emmener cette unité.",
    "cal.guide.do.dest": "Touchez la case {square}.",
    "cal.guide.do.confirm": "Touchez Confirmer.",
    "cal.guide.do.undo": "Touchez Reprendre, puis suivez le conseil.",
    "cal.guide.do.end": "Touchez Finir le tour.",
    "cal.guide.do.upgrade": "Touchez Promouvoir.",
    "cal.guide.do.defender": "Touchez « {unit} » pour choisir votre défenseur.",
    "cal.guide.do.attacker": "Touchez l'assaillant que combat votre unité ({unit}).",
    "cal.guide.do.stay": "Touchez Rester au combat.",
    "cal.guide.do.withdraw": "Touchez Se retirer.",
    "cal.guide.do.noambush": "Touchez Pas d'embuscade.",
    "cal.guide.won": "Vous avez gagné au tour {rounds} : vous avez pris la capitale ennemie.",
    "cal.guide.lost": "L'ordinateur a gagné au tour {rounds}. Relancez la partie guidée depuis "
    "l'écran de nouvelle partie et suivez chaque conseil.",
}


def install() -> None:
    """Add these texts to the catalogues (again: no change)."""
    i18n.add_texts(EN, FR)
