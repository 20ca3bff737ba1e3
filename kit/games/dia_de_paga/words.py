"""Words of a refusal that are written only when someone reads it.

An `IllegalAction` keeps a message key and its values; some values are themselves words of the
catalogue (the action tried, the phase, what is allowed). They are `Say` objects: a key and its
values, formatted in the class language when the sentence is formatted, so refusing an action
(a bot asking ``is_legal``) builds no text at all.
"""

from __future__ import annotations

from typing import Any

from kit.messages import Joined, Say

__all__ = ["Joined", "Say", "action_words", "phase_words"]

ANSWER_FIELDS = ("card", "amount", "number", "stake")  # the fields an action's words show


def action_words(action: Any, actions: dict[str, type]) -> Say:
    """The action tried, in its button's words ("Pedir un préstamo de 1500 €")."""
    kind = type(action).__name__
    if actions.get(kind) is not type(action):
        return Say("rules_dia_de_paga.do_other", action=repr(action))
    values = {f: str(getattr(action, f)) for f in ANSWER_FIELDS if hasattr(action, f)}
    return Say(f"rules_dia_de_paga.do_{kind}", **values)


def phase_words(phase: str) -> Say:
    """A phase's name ('buy' in English, 'comprar o no la adquisición' in Spanish)."""
    return Say(f"rules_dia_de_paga.phase_{phase}")


def allowed_words(answers: list[str], anytime: list[str]) -> Say | Joined:
    """What the player to act may do: the answers to the decision, then the any-time actions."""
    said = Joined([Say(f"rules_dia_de_paga.may_{k}") for k in answers])
    if not answers:
        said = Say("rules_dia_de_paga.only_anytime")
    if not anytime:
        return said
    extra = Joined([Say(f"rules_dia_de_paga.may_{k}") for k in anytime])
    return Say("rules_dia_de_paga.allowed_and_anytime", allowed=said, extra=extra)
