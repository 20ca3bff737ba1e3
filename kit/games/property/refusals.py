"""How the property engine says no: lazy sentences and the one legality predicate.

`refusal(action)` sends the action to its group's check (`moves`, `auctions`, `building`,
`trading`, `debts`), which tests that action with plain yes/no questions and returns None or a
`Refused`: an `IllegalAction` whose key is the rule's reason ("rules_property.belongs") and whose
sentence, built only when someone reads it, also says what was tried and what the player may do
now. `legal_actions()` asks each group for its offers, by phase.
"""

from __future__ import annotations

from typing import Any

from kit.games.core import IllegalAction, value_refusal
from kit.games.property.actions import ACTIONS, Bid, PayWithTitles
from kit.games.property.state import AFTER, BANK, CHANCE_PHASES, OVER, TURN
from kit.messages import Say
from kit.messages import t as t_

_ACTION_TYPES = tuple(ACTIONS.values())


class Label:
    """An action in words (a button's words, square names and all), written when read."""

    __slots__ = ("action", "squares")

    def __init__(self, state: Any, action: Any) -> None:
        self.action = action
        self.squares = state.game.rules.squares

    def _place(self, sq: Any) -> str:
        squares = self.squares
        return squares[sq].name if type(sq) is int and 0 <= sq < len(squares) else repr(sq)

    def __str__(self) -> str:
        action = self.action
        if not isinstance(action, _ACTION_TYPES):
            return t_("rules_property.do_other", action=repr(action))
        values: dict[str, Any] = {}
        if hasattr(action, "square"):
            values["square"] = self._place(action.square)
        if isinstance(action, Bid):
            values["amount"] = repr(action.amount)
        if isinstance(action, PayWithTitles):
            given = action.squares if isinstance(action.squares, tuple | list) else ()
            values["squares"] = ", ".join(self._place(sq) for sq in given) or repr(action.squares)
        return t_(f"rules_property.do_{type(action).__name__}", **values)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class Allowed:
    """What the player to act may do now, listed when read (from a copy of the state)."""

    __slots__ = ("state",)

    def __init__(self, state: Any) -> None:
        self.state = state.copy()

    def __str__(self) -> str:
        s = self.state
        kinds = {type(a).__name__ for a in s.legal_actions()}
        if s.phase in (TURN, AFTER):
            kinds.add("ProposeTrade")
        return ", ".join(sorted(t_(f"rules_property.may_{k}") for k in kinds))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class Refused(IllegalAction):
    """A rule's reason for a refusal (``key``, ``values``). The group checks return it bare (cheap
    enough for `legal_actions` to ask); `refusal` then adds what was tried and a copy of the
    state, and the sentence reads "Build Calle Mayor is not allowed now: <reason>. Ana may now:
    RollDice, ..." (written only when read)."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key, **values)
        self.label: Label | None = None
        self.allowed: Allowed | None = None

    def told(self, state: Any, action: Any) -> Refused:
        """This reason, to be told as the refusal of ``action`` in ``state`` (as it is now)."""
        self.label = Label(state, action)
        self.allowed = Allowed(state)
        return self

    def __str__(self) -> str:
        reason = t_(self.key, **self.values)
        if self.allowed is None:
            return reason
        p = self.allowed.state.current_player()
        names = self.allowed.state.game.names
        who = names[p] if p >= 0 else t_("rules_property.nobody")
        return t_(
            "rules_property.refused",
            label=self.label,
            reason=reason,
            who=who,
            allowed=self.allowed,
        )


def refused_phase(state: Any, action: Any) -> IllegalAction:
    """The action is not one of this phase's (no more particular reason applies)."""
    p = state.current_player()
    return IllegalAction(
        "rules_property.refused_phase",
        label=Label(state, action),
        phase=Say(f"rules_property.phase_{state.phase}"),
        who=state.game.names[p] if p >= 0 else Say("rules_property.nobody"),
        allowed=Allowed(state),
    )


def owner_words(state: Any, owner: int) -> Any:
    return Say("rules_property.bank") if owner == BANK else state.game.names[owner]


def square_refusal(state: Any, sq: Any) -> Refused:
    """A square with no title deed (or no square at all)."""
    if type(sq) is int and 0 <= sq < state.game.nsq:
        return Refused("rules_property.no_deed", square=sq)
    return Refused("rules_property.no_square", square=repr(sq))


def own_refusal(state: Any, p: int, t: int, what: str) -> Refused | None:
    """Whose the title is, when not ``p``'s; ``what`` names the refused deed (a key)."""
    o = state.owner[t]
    if o == p:
        return None
    g = state.game
    return Refused(
        "rules_property.belongs",
        what=Say(f"rules_property.{what}"),
        title=g.titles[t].name,
        owner=owner_words(state, o),
        name=g.names[p],
    )


def title_of(state: Any, sq: Any) -> int:
    """The title index on square ``sq``, or -1 (also for anything that is not a square)."""
    g = state.game
    return g.sq_title[sq] if type(sq) is int and 0 <= sq < g.nsq else -1


class Refusals:
    """The predicate and the offers, dispatched to the action groups by type and phase."""

    __slots__ = ()

    def refusal(self, action: Any) -> IllegalAction | None:
        bad = value_refusal(action)  # first: every sentence below may show the action's values
        if bad is not None:
            return bad
        ph = self.phase  # type: ignore[attr-defined]
        if ph == OVER:
            return IllegalAction("rules_property.game_over", label=Label(self, action))
        if ph in CHANCE_PHASES:
            return IllegalAction(
                "rules_property.chance_now",
                phase=Say(f"rules_property.phase_{ph}"),
                label=Label(self, action),
            )
        check = CHECKS.get(type(action))
        if check is None:
            return refused_phase(self, action)
        problem = check(self, action)
        if type(problem) is Refused:
            problem.told(self, action)
        return problem

    def is_legal(self, action: Any) -> bool:
        """The same checks as `refusal`, as a plain yes or no: nothing is kept for a sentence
        (the bots ask it often, about actions that are mostly refused)."""
        if self.phase == OVER or self.phase in CHANCE_PHASES:  # type: ignore[attr-defined]
            return False
        check = CHECKS.get(type(action))
        return check is not None and value_refusal(action) is None and check(self, action) is None

    def legal_actions(self) -> list[Any]:
        out: list[Any] = []
        offer = OFFERS.get(self.phase)  # type: ignore[attr-defined]
        if offer is not None:
            offer(self, out)
        return out


# filled in by game.py from the action groups: type -> check(state, action), phase -> offer
CHECKS: dict[type, Any] = {}
OFFERS: dict[str, Any] = {}
