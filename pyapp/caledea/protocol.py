"""Caledea behind the box's game protocol (``core.protocol.Game``).

Besides the protocol, ``GAME`` offers what the screens need to show consequences without deciding
legality themselves: ``board`` (squares and their resources), ``kingdom_card`` (a player's card
with gold available and moves left), ``destinations`` (where chosen units can go, with paths and
what ending there does) and ``battle_dice`` (the dice two units would roll).
"""

from __future__ import annotations

from ..core.protocol import Game
from ..core.rng import Rng
from . import cards, engine
from .actions import parse


class CaledeaGame(Game):
    id = "caledea"
    record_id = "caledea"
    title = "Caledea"
    format = engine.FORMAT
    min_players = 2
    max_players = 4
    bot_names = ("random", "greedy", "strong")
    #: what the app must say plainly (the printed cards and board were never published in text)
    reconstructed = (
        "The nine kingdoms and the board are reconstructed for this edition: the printed cards "
        "and board of the 2007 game could not be found, so they were designed within the rules "
        "and balanced by measurement."
    )

    def normalise_options(self, options: dict) -> dict:
        return engine.normalise_options(options)

    def new_game(self, options: dict) -> dict:
        return engine.new_game(options)

    def decision(self, state: dict) -> dict | None:
        return engine.decision(state)

    def to_move(self, state: dict) -> int | None:
        return engine.to_move(state)

    def legal_actions(self, state: dict, player: int | None = None) -> list:
        return engine.legal_actions(state, player)

    def parse_action(self, text: str):
        return parse(text)

    def why_illegal(self, state: dict, action, player: int | None = None) -> str | None:
        return engine.why_illegal(state, action, player)

    def apply(self, state: dict, action) -> dict:
        return engine.apply(state, action)

    def observation(self, state: dict, player: int) -> dict:
        return engine.observation(state, player)

    def result(self, state: dict) -> dict | None:
        return engine.result(state)

    def game_length(self, state: dict) -> int:
        """Rounds played (the arena's game length)."""
        return state["round"]

    def make_bot(self, name: str, seed=0):
        from .bots import make_bot

        return make_bot(name, seed)

    def save_summary(self, state: dict) -> dict:
        return {"round": state["round"], "kingdoms": list(state["options"]["kingdoms"])}

    def check_save_summary(self, summary: dict) -> bool:
        names = cards.kingdom_names()
        return (
            type(summary.get("round")) is int
            and 1 <= summary["round"] <= engine.ROUNDS
            and isinstance(summary.get("kingdoms"), list)
            and all(k in names for k in summary["kingdoms"])
        )

    # ------------------------------------------------------------------ play by link

    def chance_state(self, state: dict) -> str | None:
        return state["rng"]

    def reseed(self, state: dict, entropy: bytes) -> None:
        state["rng"] = Rng(int.from_bytes(entropy[:8], "big")).hex()

    def chance_answerer(self, state: dict, action, player: int) -> int | None:
        """The other side of the fight the action starts or goes on with (the defender of an
        attack, the attacker when the defender decides); ``None`` when there is none."""
        c = state.get("combat")
        if c is not None:
            return c["defender"] if player == c["attacker"] else c["attacker"]
        square = getattr(action, "square", None)
        if action.kind not in ("move", "bombard") or square is None:
            return None
        sq = engine.board_of(state).parse(square)
        if sq is None:
            return None
        occ = engine.occupant(state, sq)
        if occ is not None and occ != player:
            return occ
        s = state["structures"][sq]
        return s[0] if s is not None and s[0] != player else None

    # ------------------------------------------------------------------ for the screens

    def board(self, state: dict) -> dict:
        """The board of this game: size and each square's name and two resources."""
        b = engine.board_of(state)
        return {
            "width": b.width,
            "height": b.height,
            "squares": [
                {"name": b.name(sq), "resources": list(cards.pair_resources(b.pairs[sq]))}
                for sq in range(b.n)
            ],
        }

    def kingdoms(self) -> list[dict]:
        """The nine kingdom cards (reconstructed for this edition)."""
        return [dict(k) for k in cards.kingdoms()]

    def kingdom_card(self, state: dict, player: int) -> dict:
        """A player's card as it stands: kingdom figures, gold held and available, moves left,
        resource squares (claimed or not)."""
        k = engine.kingdom_of(state, player)
        b = engine.board_of(state)
        own = [sq for sq in range(b.n) if b.pairs[sq] == k["pair"]]
        return {
            **k,
            "gold": engine.gold(state, player),
            "available": engine.available(state, player),
            "moves_left": state["moves_left"] if state["player"] == player else k["moves"],
            "resource_squares": [b.name(sq) for sq in own],
            "units": sum(1 for u in state["units"] if u["owner"] == player),
            "out": state["out"][player],
        }

    def destinations(self, state: dict, unit_ids) -> list[dict]:
        """Where the player to move can send these units together in one move: each square with
        every unit's path (square names) and what ending there does (``claim``, ``reclaim``,
        ``salt``, ``combat``, ``structure``, ``capital``, ``move``). Empty when the units cannot
        move together (not theirs, moved, upgraded...)."""
        b = engine.board_of(state)
        p = state["player"]
        out = []
        for dest, paths in engine.destinations(state, list(unit_ids)).items():
            out.append(
                {
                    "square": b.name(dest),
                    "paths": {str(i): [b.name(s) for s in path] for i, path in paths.items()},
                    "effect": engine.effect_of_move(state, p, dest),
                }
            )
        return out

    def action_cost(self, state: dict, action) -> dict:
        """What an action of the player to move would cost: ``{"gold": n, "moves": m}`` (the
        screens show it on the buttons; legality stays with ``why_illegal``)."""
        action = self.read_action(action)
        p = state["player"]
        costs = engine.kingdom_of(state, p)["costs"]
        kind = action.kind
        if kind == "upgrade":
            u = engine.unit_by_id(state, action.unit)
            gold = costs["cavalry"] if u is None or u["rank"] == 1 else costs["general"]
            return {"gold": gold, "moves": 1}
        if kind == "build":
            sq = engine.board_of(state).parse(action.square)
            s = state["structures"][sq] if sq is not None else None
            return {"gold": costs["tower"] if s is None else costs["castle"], "moves": 1}
        if kind in ("bombard", "transport") or (kind == "ambush" and action.unit >= 0):
            return {"gold": costs["power"], "moves": 0}
        return {"gold": 0, "moves": 1 if kind == "move" else 0}

    def battle_dice(self, state: dict, attacker: int, defender: int) -> dict | None:
        """The dice an attacking and a defending unit of the open combat would roll."""
        c = state.get("combat")
        a, d = engine.unit_by_id(state, attacker), engine.unit_by_id(state, defender)
        if c is None or a is None or d is None:
            return None
        na, nd = engine.battle_dice(state, c, a, d)
        return {"attacker": na, "defender": nd}


GAME = CaledeaGame()
