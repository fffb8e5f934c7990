"""The texts of Caldera's guided first game (``guide.py``), in English and French (keys
``pyr.guide.*``), added to the catalogues when the guide is first imported."""

from __future__ import annotations

from .. import i18n

EN = {
    "pyr.guide.label": "Guide",
    "pyr.guide.offer.title": "New to Caldera? Play a guided first game",
    "pyr.guide.offer.text": "A short game against the greedy computer player, with a tip at "
    "every step: quiet moves, an eruption shown before you make it, captures, the Power Play "
    "and how trios win.",
    "pyr.guide.offer.start": "Start the guided game",
    "pyr.guide.stop": "Stop the guide",
    "pyr.guide.you": "You",
    "pyr.guide.greedy": "Greedy",
    "pyr.guide.goal": "The goal: collect three trios, each a small, a medium and a large of "
    "one colour. You collect pieces by making stacks erupt under the black caps.",
    "pyr.guide.quiet": "First a quiet move: the cap on {frm} steps to {to}. Nothing erupts "
    "(the square it leaves is empty, or its first piece would have nowhere to land), so you "
    "move again: up to 40 quiet moves a turn, to bring a cap where its eruption pays.",
    "pyr.guide.quiet_again": "Another quiet move, {frm} to {to}, to set up the eruption.",
    "pyr.guide.erupt": "Now the eruption: the cap on {frm} leaves its stack for {to}. Before "
    "anything happens, the board shows where each piece would land, one square further each, "
    "and which ones you would capture. Nothing is played until you confirm.",
    "pyr.guide.capture": "A piece that lands on a top piece of its own size is captured: it "
    "goes to your collection. This eruption captures: {pieces}.",
    "pyr.guide.no_capture": "This eruption captures nothing, but it ends your turn.",
    "pyr.guide.power": "The Power Play: once a turn, before your eruption, you may put a piece "
    "of your collection back on the board. The {piece} goes on {square}: a flying piece of the "
    "same size will land on it and be captured. You give back a piece you can spare to take "
    "one you need.",
    "pyr.guide.trios": "Your collection: {pieces}. Trios so far: {trios} of the 3 that win.",
    "pyr.guide.trios_none": "Your collection is empty so far: 3 trios win.",
    "pyr.guide.bot": "{name}, the computer player, is playing its turn: it takes the best "
    "capture it can see now. Its moves are marked on the board.",
    "pyr.guide.deviated": "You played another move than the guide's: fine. The guide goes on "
    "from the board as it is now.",
    "pyr.guide.do.cap": "Tap the cap on {square}.",
    "pyr.guide.do.dest": "Tap {square}.",
    "pyr.guide.do.confirm": "Look at the preview on the board, then tap Erupt.",
    "pyr.guide.do.piece": "Tap the {piece} in your collection.",
    "pyr.guide.do.square": "Tap {square} to put it there.",
    "pyr.guide.do.undo": "Tap Cancel to choose again.",
    "pyr.guide.won": "You won with three trios in {turns} turns.",
    "pyr.guide.lost": "The game is over: {name} won this time.",
    "pyr.guide.next": "What next: start a new game from the form (try the strong computer "
    "player, or friends on this device), read the rules in the menu, or replay this game from "
    "its log.",
}

FR = {
    "pyr.guide.label": "Guide",
    "pyr.guide.offer.title": "Nouveau à Caldera ? Jouez une première partie guidée",
    "pyr.guide.offer.text": "Une courte partie contre l'ordinateur glouton, avec un conseil à "
    "chaque étape : coups calmes, éruption montrée avant d'être jouée, captures, coup de force "
    "et trios gagnants.",
    "pyr.guide.offer.start": "Commencer la partie guidée",
    "pyr.guide.stop": "Arrêter le guide",
    "pyr.guide.you": "Vous",
    "pyr.guide.greedy": "Glouton",
    "pyr.guide.goal": "Le but : réunir trois trios, chacun une petite, une moyenne et une "
    "grande pièce d'une couleur. Vous gagnez des pièces en faisant entrer des piles en "
    "éruption sous les chapeaux noirs.",
    "pyr.guide.quiet": "D'abord un coup calme : le chapeau de {frm} va en {to}. Rien n'entre "
    "en éruption (la case quittée est vide, ou sa première pièce n'aurait nulle part où "
    "retomber), vous rejouez donc : jusqu'à 40 coups calmes par tour, pour amener un chapeau "
    "là où son éruption rapporte.",
    "pyr.guide.quiet_again": "Encore un coup calme, de {frm} à {to}, pour préparer l'éruption.",
    "pyr.guide.erupt": "Voici l'éruption : le chapeau de {frm} quitte sa pile pour {to}. Avant "
    "tout, le plateau montre où chaque pièce retomberait, une case plus loin à chaque fois, et "
    "celles que vous captureriez. Rien n'est joué avant votre confirmation.",
    "pyr.guide.capture": "Une pièce qui retombe sur une pièce du dessus de sa taille est "
    "capturée : elle rejoint votre collection. Cette éruption capture : {pieces}.",
    "pyr.guide.no_capture": "Cette éruption ne capture rien, mais elle termine votre tour.",
    "pyr.guide.power": "Le coup de force : une fois par tour, avant votre éruption, vous "
    "pouvez rendre au plateau une pièce de votre collection. La {piece} va en {square} : une "
    "pièce en vol de même taille retombera dessus et sera capturée. Vous rendez une pièce dont "
    "vous pouvez vous passer pour prendre celle qu'il vous faut.",
    "pyr.guide.trios": "Votre collection : {pieces}. Trios : {trios} sur les 3 qui font gagner.",
    "pyr.guide.trios_none": "Votre collection est encore vide : 3 trios font gagner.",
    "pyr.guide.bot": "{name}, l'ordinateur, joue son tour : il prend la meilleure capture "
    "qu'il voit. Ses coups sont marqués sur le plateau.",
    "pyr.guide.deviated": "Vous avez joué un autre coup que celui du guide : pas de souci. Le "
    "guide continue à partir du plateau tel qu'il est.",
    "pyr.guide.do.cap": "Touchez le chapeau en {square}.",
    "pyr.guide.do.dest": "Touchez {square}.",
    "pyr.guide.do.confirm": "Regardez l'aperçu sur le plateau, puis touchez Éruption.",
    "pyr.guide.do.piece": "Touchez la {piece} de votre collection.",
    "pyr.guide.do.square": "Touchez {square} pour l'y poser.",
    "pyr.guide.do.undo": "Touchez Annuler pour choisir à nouveau.",
    "pyr.guide.won": "Vous avez gagné avec trois trios en {turns} tours.",
    "pyr.guide.lost": "La partie est finie : {name} a gagné cette fois.",
    "pyr.guide.next": "Et maintenant : lancez une nouvelle partie depuis le formulaire "
    "(essayez l'ordinateur fort, ou des amis sur cet appareil), lisez les règles dans le menu, "
    "ou revoyez cette partie depuis son historique.",
}


def install() -> None:
    """Add these texts to the catalogues (again: no change)."""
    i18n.add_texts(EN, FR)
