"""What a Día de Paga tournament counts along the way that the final state does not keep."""

from __future__ import annotations

from typing import Any

from kit.games.core import Event, EventReader


class DiaDePagaLog(EventReader):
    """Euros borrowed during the game and kitty wins, read from the engine's events.

    A tournament calls the log before every move; it reads the events of the move before (each
    list once: a list already read is skipped), and `result` reads the last move's. A loan is a
    "loan" event; a kitty win (DDP-11) a "kitty_won" event.
    """

    def __init__(self, players: int):
        self.borrowed = [0] * players
        self.kitty_wins = [0] * players
        self.kitty_won = [0] * players  # euros

    def count(self, event: Event) -> None:
        kind = event["kind"]
        if kind == "loan":
            self.borrowed[event["player"]] += event["amount"]
        elif kind == "kitty_won":
            self.kitty_wins[event["player"]] += 1
            self.kitty_won[event["player"]] += event["amount"]


def result(state: Any, log: DiaDePagaLog) -> dict[str, Any]:
    """A finished game's tournament columns."""
    log(state)  # the last move's events
    n = state.game.n
    fortunes = state.fortunes()
    return {
        "months": state.game.months,
        **{f"fortune_{p}": fortunes[p] for p in range(n)},
        **{f"loans_{p}": state.loans[p] for p in range(n)},  # still owed at the end
        **{f"borrowed_{p}": log.borrowed[p] for p in range(n)},  # taken during the game
        **{f"kitty_wins_{p}": log.kitty_wins[p] for p in range(n)},
        **{f"kitty_won_{p}": log.kitty_won[p] for p in range(n)},
    }
