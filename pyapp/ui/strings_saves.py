"""English texts of saved games, the language switch and the rules screen (the French ones are
in ``strings_fr.FR``), added to the catalogue by ``features/saved_games.py``."""

from __future__ import annotations

EN_SAVES = {
    # ------------------------------------------------------------------ saved games
    "saves.title": "Saved games",
    "saves.empty": "No saved games yet.",
    "saves.continue": "Continue",
    "saves.continue_label": "Continue the game of {players}",
    "saves.export": "Export this game",
    "saves.export_one": "Export",
    "saves.export_label": "Export the game of {players} as a file",
    "saves.delete": "Delete",
    "saves.delete_label": "Delete the game of {players}",
    "saves.delete_damaged": "Delete the unreadable saved game",
    "saves.delete_confirm": "Delete the game of {players}? It cannot be brought back.",
    "saves.delete_damaged_confirm": "Delete this unreadable saved game? It cannot be brought back.",
    "saves.delete_yes": "Yes, delete it",
    "saves.delete_no": "No, keep it",
    "saves.deleted": "The game was deleted.",
    "saves.shown": "The {shown} last played of {total} saved games are shown.",
    "saves.more": "Show {count} more",
    "saves.import": "Import a game file",
    "saves.imported": "Game imported: {players}, round {round}.",
    "saves.imported_game": "Game imported: {players} ({game}).",
    "saves.moves_label": "Moves",
    "saves.exported": "Game file saved: {filename}",
    "saves.back": "Back",
    "saves.dismiss": "Close this message",
    "saves.variant_label": "Game",
    "saves.round_label": "Round",
    "saves.last_played_label": "Last played",
    "saves.round_value": "{round} of 5",
    "saves.over_value": "finished",
    "saves.running": "This is the game on the table.",
    "saves.problem_item": "A saved game cannot be read: {reason}",
    "saves.persist_denied": "This browser may clear saved games when it runs short of space: "
    "export the ones you want to keep.",
    "saves.error.damaged": "This saved game is damaged and cannot be opened. Your other saved "
    "games are not affected.",
    "saves.error.foreign": "This stored data is not a game of this app. Your other saved games "
    "are not affected.",
    "saves.error.too_new": "This game was saved by a newer version of the app (format "
    "{version}). Update the app to open it.",
    "saves.error.quota": "The browser's storage is full, so the last move could not be saved. "
    "The game goes on in memory: export it to keep it, or delete old games.",
    "saves.error.unavailable": "This browser does not allow saving (private browsing or "
    "storage blocked). The game goes on in memory: export it to keep it.",
    "saves.error.missing": "This game is no longer stored in this browser.",
    "saves.error.current_missing": "The game you played last is no longer stored in this "
    "browser: it was removed outside the app. Your other saved games are under Saved games.",
    "saves.conflict.newer": "This game was played on in another tab or window since it was "
    "opened here. Continue from that newer game, or keep the game as it is here as a separate "
    "copy.",
    "saves.conflict.deleted": "This game was deleted in another tab or window, so it is no "
    "longer saved. Keep the game as it is here as a separate copy, or close this message to let "
    "it go.",
    "saves.conflict.removed": "This game is no longer in this browser's storage: it was removed "
    "outside the app (for example when the site's data was cleared). Keep the game as it is "
    "here as a separate copy, or close this message to let it go.",
    "saves.conflict.take": "Continue from the newer game",
    "saves.conflict.copy": "Keep mine as a copy",
    "saves.conflict.copied": "Your game is kept as a separate copy in the saved games.",
    "saves.reason.damaged": "it is damaged.",
    "saves.reason.foreign": "it is not a game of this app.",
    "saves.reason.too_new": "it comes from a newer version of the app.",
    "saves.import.not_json": "This file is not a game file (it is not JSON).",
    "saves.import.not_game": "This file is not a game file: it holds data, but no game.",
    "saves.import.too_deep": "This file cannot be a game of this app: its data is nested far "
    "deeper than in any game file.",
    "saves.import.too_deep_game": "This file cannot be a {game} game: its data is nested far "
    "deeper than in any game file.",
    "saves.import.foreign": "This file is not a game of this app.",
    "saves.import.too_new": "This {game} file comes from a newer version of the app (format "
    "{version}). Update the app to open it.",
    "saves.import.damaged": "This {game} file is damaged: its moves do not follow the rules.",
    "saves.import.broken": "This {game} file is damaged: part of the game is missing or "
    "unreadable.",
    "saves.import.bad_seed": "This {game} file's seed is not valid: a seed is a whole number "
    "from 0 to 9223372036854775807 or a text of 1 to 64 characters.",
    "saves.import.bad_names": "This {game} file's player names are not valid: each player needs "
    "a name of 1 to 40 characters.",
    "saves.import.bad_options": "This {game} file's game settings are not valid (the number of "
    "players, the variant or another choice of the new-game form).",
    "saves.import.too_large": "This file is too large to be a game of this app.",
    "saves.import.too_large_game": "This file is too large to be a {game} game.",
    "saves.import.read_failed": "The file could not be read.",
    # ------------------------------------------------------------------ language
    "lang.switch": "Français",
    "lang.switch.lang": "fr",  # the language the switch's label is written in
    # ------------------------------------------------------------------ rules reference
    "rules.title": "Rules reference",
    "rules.close": "Back to the game",
    "rules.contents": "Contents",
}
