"""What a Día de Paga tournament counts along the way that the final state does not keep."""

from __future__ import annotations

from typing import Any


class DiaDePagaLog:
    """Euros borrowed during the game and kitty wins, seen move by move.

    A loan is a ``TakeLoan`` action of its actor. The kitty (DDP-11) goes to the player who rolls
    a six for a move (phase ``move``, the player to move) or on an "En caso de necesidad" bet
    (phase ``necessity``), when there is money in it.
    """

    __slots__ = ("borrowed", "kitty_wins", "kitty_won")

    def __init__(self, players: int):
        self.borrowed = [0] * players
        self.kitty_wins = [0] * players
        self.kitty_won = [0] * players  # euros

    def __call__(self, state: Any, move: Any, chance: bool) -> None:
        if chance:
            if move == 6 and state.kitty and state.phase in ("move", "necessity"):
                p = state.task["p"] if state.phase == "necessity" else state.cur
                self.kitty_wins[p] += 1
                self.kitty_won[p] += state.kitty
        elif type(move).__name__ == "TakeLoan":
            self.borrowed[state.actor()] += move.amount


def result(state: Any, log: DiaDePagaLog) -> dict[str, Any]:
    """A finished game's tournament columns."""
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
