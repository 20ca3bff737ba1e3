"""Saved property games written before the engine's records (issue 12) still load.

Such a save held the bank as owner and creditor -1, debts as [debtor, creditor, amount], the
auction as [title, high, bidder, bidders, index] beside a ``house_auction`` [opening, lots], kept
cards as deck × 100 + card, and had no opening roll-off. `upgrade` rewrites its fields as
`StateBase.to_dict` writes them today, so a class game saved last week resumes where it stopped.
"""

from __future__ import annotations

from typing import Any

from kit.games.property.state import BANK, ORDER

OLD_BANK = -1


def is_old(data: dict[str, Any]) -> bool:
    return "house_auction" in data and "roll_off" not in data


def _bank(who: int) -> int:
    return BANK if who == OLD_BANK else who


def _card(code: Any) -> list[int]:
    return list(divmod(int(code), 100))


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """The fields of an old save as the engine saves them now (a new dict)."""
    new = dict(data)
    new["owner"] = [_bank(o) for o in data["owner"]]
    new["debts"] = [[d, _bank(c), amount, "debt"] for d, c, amount in data["debts"]]
    new["held"] = [[_card(code) for code in hand] for hand in data["held"]]
    building = new.pop("house_auction")
    auction = data["auction"]
    if auction is not None:
        title, high, bidder, bidders, turn = auction
        opening, lots = building if building is not None else (0, [])
        new["auction"] = [
            title,
            bidders,
            high,
            bidder,
            turn,
            "house" if building else "",
            opening,
            lots,
        ]
    trade = data["trade"]
    if trade is not None:
        terms = dict(trade[1])
        for side in ("give_cards", "take_cards"):
            terms[side] = [_card(code) for code in terms.get(side, [])]
        new["trade"] = [trade[0], terms]
    new["roll_off"] = list(range(len(data["players"]))) if data["phase"] == ORDER else []
    new["roll_off_dice"] = []
    return new
