"""The app's composition: the one place that lists the shell's features, in order
(``feature.Shell`` asks them in this order: for the header's entries, input, what is drawn over
the table, after every move, and at the start).

1. the message banner (``features/banner.py``), drawn above the table, posted to by the others;
2. the saved games (``features/saved_games.py``): autosave, the list, export and import, other
   tabs; at the start it resumes the last game;
3. the rules reference (``features/rules.py``);
4. the language (``features/language.py``): at the start, after the resume, the one chosen
   before (or the browser's);
5. statistics and the daily park (``features/stats.py``), after the autosave of a finished game;
6. each game's own features (``pyapp/ui/<game>/features.py`` where a game has one: Caldera
   Park's guided first game), in the registry's order;
7. replay, analysis and hints (``features/learn.py``);
8. play with friends by link (``features/link_play.py``): its overlays come after every other
   one (the waiting screen covers a linked game only while nothing else is open);
9. sound and touch (``features/sound.py``): the mute switch, the sounds of each change.

``compose`` is pure Python: the page (``app.py``) hands it the browser's storage and platform,
the tests hand it fakes. Adding a feature is one class speaking ``feature.Feature`` and one line
here; adding a game's feature is its ``features.py``, with no line here.
"""

from __future__ import annotations

import importlib
import importlib.util

from pyapp import games

from .box import Box
from .feature import Feature, Shell
from .features.banner import Banner
from .features.language import Language
from .features.learn import Learn
from .features.link_play import LinkPlay
from .features.rules import Rules
from .features.saved_games import SavedGames
from .features.sound import Sound
from .features.stats import Stats
from .saves import SaveStore


def game_features(tables, storage) -> list[Feature]:
    """The features of every game of the registry whose screens package has a ``features``
    module (its ``features(tables, storage)``)."""
    found: list[Feature] = []
    for game_id in games.GAME_IDS:
        name = f"pyapp.ui.{game_id}.features"
        if importlib.util.find_spec(name) is not None:
            found += importlib.import_module(name).features(tables, storage=storage)
    return found


def compose(
    storage=None,
    platform=None,
    reduced_motion: bool = False,
    seed_source=None,
    clock=None,
) -> Box:
    """The box of games with the app's features: ``storage`` is localStorage (or a fake, or
    None where the browser refuses it), ``platform`` the page's services (downloads, files,
    languages, sharing; None in a test without a page), ``clock`` milliseconds since the epoch
    (the statistics' days). The features are reached through ``box.shell``; nothing is started
    yet (``box.shell.start(box.table)``)."""
    shell = Shell()
    box = Box(storage, reduced_motion=reduced_motion, seed_source=seed_source, shell=shell)
    store = SaveStore(storage) if clock is None else SaveStore(storage, clock=clock)
    banner = Banner()
    saves = SavedGames(box, store, platform, banner, shell)
    shell.add(
        banner,
        saves,
        Rules(),
        Language(store, platform, box),
        Stats(box, storage, saves, platform, clock),
        *game_features(box, storage),
        Learn(box, storage, store.open_game),
        LinkPlay(box, storage, banner, platform),
        Sound(storage, platform),
    )
    return box
