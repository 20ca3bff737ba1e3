"""The view model of a Palabra table: one pure function from an engine state to plain JSON.

    >>> from kit.widgets.hand_view import hand_view
    >>> view = hand_view(state, selected=(12, 40, 3))    # dicts, lists, str, int, bool, None only
    >>> [s["text"] for s in view["selection"]["steps"]]   # the score, factor by factor
    >>> view["buttons"][0]["action"]                      # action_to_dict data to send back

Everything the live table (kit/widgets/hand.py) and the static SVG (`kit.render.hand.hand_svg`)
show comes from here, so the browser holds no rule. The scores are the engine's:
`kit.games.palabra.scoring.score` gives the breakdown (values, star factors, colour lock, bonus)
and each button is tried on a copy of the state (`state.copy().apply`), so its points and its
"allowed or not, and why" are what the engine would do. Colour is never the only cue: every
colour also has its shape (circle red, triangle blue, diamond green, square yellow, as in the
deck data), and the special cards are drawn apart (wild, joker, vowel).
Standard library only; the same state and arguments always give the same view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kit.games.core import IllegalAction, action_to_dict
from kit.games.palabra import (
    Build,
    Exchange,
    Flush,
    Joker,
    Palabra,
    Pass,
    Shave,
    Straight,
    Vowels,
    Word,
    action_from_dict,
    best_play,
)
from kit.games.palabra.cards import COLOURS, SYMBOLS, Card
from kit.games.palabra.scoring import Play, Score, score, score_shave
from kit.messages import language, t

# Okabe-Ito colours for the four card colours; the shape of each colour says the same thing.
CARD_COLOURS = {"red": "#D55E00", "blue": "#0072B2", "green": "#009E73", "yellow": "#F0E442"}
LOG_LINES = 6  # how many lines of the game log the view keeps
HAND_SIZE = 7


# -- cards ----------------------------------------------------------------------------------


def colour_names(colours: Sequence[str]) -> str:
    """'rojo/azul' in the class language."""
    return "/".join(t(f"hand.colour_{c}") for c in colours)


def card_view(card: Card, order: int | None = None, shaved: bool = False) -> dict[str, Any]:
    """One card as plain data: what is printed on it, its colours and their shapes."""
    colours = [c for c in COLOURS if c in card.colours]
    if card.kind == "letter":
        face = card.letter
        stars = t("hand.card_stars", n=card.stars) if card.stars else ""
        text = t(
            "hand.card_text",
            letter=card.letter,
            value=card.value,
            stars=stars,
            colours=colour_names(colours),
        )
    else:
        face = ""
        text = t(f"hand.card_{card.kind}")
    return {
        "id": card.id,
        "kind": card.kind,
        "letter": card.letter,
        "face": face,
        "value": card.value,
        "stars": card.stars,
        "colours": colours,
        "fills": [CARD_COLOURS[c] for c in colours],
        "shapes": [SYMBOLS[c] for c in colours],
        "name": "" if card.kind == "letter" else t(f"hand.card_{card.kind}"),
        "text": text,
        "order": order,
        "selected": order is not None,
        "shaved": shaved,
    }


# -- the score, factor by factor --------------------------------------------------------------


def _step(factor: str, text: str, total: int) -> dict[str, Any]:
    return {"factor": factor, "text": text, "total": total}


def score_steps(s: Score) -> list[dict[str, Any]]:
    """The engine's breakdown as lines, each with the running total: the sum of the values, each
    star factor, the colour lock, the bonus. The last total is the engine's `Score.total`."""
    if s.kind == "vowels":
        return [_step("vowels", t("hand.step_vowels", n=len(s.values), total=s.total), s.total)]
    if s.kind == "joker":
        return [_step("joker", t("hand.step_joker", total=s.total), s.total)]
    terms = " + ".join(map(str, s.values)) or "0"
    first = "hand.step_shave" if s.kind == "shave" else "hand.step_values"
    steps = [_step("sum", t(first, terms=terms, total=s.sum), s.sum)]
    if s.kind == "flush":
        return [*steps, _step("flush", t("hand.step_flush", total=s.total), s.total)]
    running = s.sum
    for f in s.stars:
        running *= f
        steps.append(_step(f"star{f}", t("hand.step_star", factor=f, total=running), running))
    if s.lock != 1:
        running *= s.lock
        colour = colour_names(s.colour.split("/")) if s.colour else ""
        steps.append(_step("lock", t("hand.step_lock", colour=colour, total=running), running))
    if s.bonus:
        running += s.bonus
        text = t("hand.step_bonus", bonus=s.bonus, total=running)
        steps.append(_step("bonus", text, running))
    return steps


def spell(cards: Sequence[Card], letters: str) -> tuple[str, str]:
    """What the cards spell, and the `letters` an action needs ("" when all are letter cards).

    The student's `letters` fill the wild and vowel cards in order; a joker or a missing letter
    shows as "?" (the engine then says what is wrong).
    """
    fill = iter(letters.upper())
    shown = []
    blanks = False
    for c in cards:
        if c.kind == "letter":
            shown.append(c.letter)
        else:
            blanks = blanks or c.kind != "joker"
            shown.append(next(fill, "?") if c.kind != "joker" else "?")
    word = "".join(shown)
    return word, (word if blanks and "?" not in word else "")


def action_score(state: Any, action: Any) -> Score | None:
    """The engine's breakdown of `action` for the player to act (None for Exchange and Pass).

    It uses the engine's own `score`/`score_shave` on the cards the action lays; whether the
    action is allowed is a separate question (`try_action`)."""
    cards_of = state.game.cards
    ids = getattr(action, "cards", ())
    cards = tuple(cards_of[c] for c in ids if _is_id(c, cards_of))
    letters = getattr(action, "letters", "") or "".join(c.letter for c in cards)
    if isinstance(action, Word | Palabra | Straight):
        kind = "straight" if isinstance(action, Straight) else "word"
        hand = state.hands[state.cur]
        if kind == "word" and len(cards) == HAND_SIZE == len(hand):
            kind = "palabra"
        return score(Play(kind, cards, letters))
    if isinstance(action, Flush | Vowels):
        return score(Play("flush" if isinstance(action, Flush) else "vowels", cards))
    base = _table_play(state, getattr(action, "target", None))
    if isinstance(action, Build) and base is not None:
        before = [cards_of[c] for c in action.before if _is_id(c, cards_of)]
        after = [cards_of[c] for c in action.after if _is_id(c, cards_of)]
        whole = (*before, *(cards_of[c] for c in base["cards"]), *after)
        new = (True,) * len(before) + (False,) * len(base["cards"]) + (True,) * len(after)
        return score(Play("build", whole, "", new))
    if isinstance(action, Joker) and base is not None:
        return Score("joker", (), base["points"], (), 1, 0, base["points"])
    if isinstance(action, Shave):
        play = _table_play(state, state.prior)
        if play is None:
            return None
        size = len(play["cards"])
        values = [cards_of[play["cards"][i]].value for i in action.positions if 0 <= i < size]
        return score_shave(values, play["stars"], play["lock"])
    return None


def _is_id(cid: Any, cards: Sequence[Card]) -> bool:
    return isinstance(cid, int) and not isinstance(cid, bool) and 0 <= cid < len(cards)


def _table_play(state: Any, seat: Any) -> dict[str, Any] | None:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.game.n:
        return state.table[seat]
    return None


def try_action(state: Any, action: Any) -> tuple[bool, str, int | None]:
    """Would the engine take `action`? Tried on a copy: (allowed, the engine's reason, points).

    The points are the engine's own: what the turn's event records for the player's move."""
    trial = state.copy()
    me = state.cur
    try:
        trial.apply(action)
    except IllegalAction as error:
        return False, str(error), None
    earlier = len(state.last) if state.phase == "play" else 0  # a pre-play's event stays
    points = None
    for event in trial.last[earlier:]:
        if event.get("player") == me and event.get("kind") != "penalty":
            points = event.get("points", points)
    return True, "", points


# -- buttons ----------------------------------------------------------------------------------


def _base_name(state: Any, seat: int) -> tuple[str, str]:
    play = state.table[seat]
    return play["letters"] or t(f"hand.kind_{play['kind']}"), state.game.names[seat]


def _shave_positions(state: Any, cards: Sequence[Card]) -> tuple[int, ...]:
    """For each chosen card, a free letter of the prior play it matches (else a free one, so the
    engine can say why not): the student picks cards, the widget finds where they go."""
    play = state.table[state.prior]
    free = [i for i in range(len(play["cards"])) if i not in play["shaved"]]
    letters = play["letters"].ljust(len(play["cards"]))  # a flush or vowels spell nothing
    out: list[int] = []
    for c in cards:
        match = next((i for i in free if i not in out and c.can_be(letters[i])), None)
        if match is None:
            match = next((i for i in free if i not in out), None)
        if match is None:
            match = len(out)
        out.append(match)
    return tuple(out)


def _builds_around(
    state: Any, seat: int, ids: tuple[int, ...], word: str, spelt: str
) -> list[tuple[str, Any]]:
    """Builds at both ends at once: the first k selected cards in front, the rest behind. There
    are many ways to cut a selection, so only those the engine takes are offered."""
    base, name = _base_name(state, seat)
    out = []
    for k in range(1, len(ids)):
        action = Build(seat, ids[:k], ids[k:], spelt)
        if try_action(state, action)[0]:
            label = t("hand.btn_build_around", base=base, name=name, before=word[:k],
                      after=word[k:])  # fmt: skip
            out.append((label, action))
    return out


def candidate_actions(state: Any, selected: Sequence[int], letters: str) -> list[tuple[str, Any]]:
    """The plays a student can try with the selected cards, labelled: each kind of the eight plays
    and the two pre-plays that these cards could make (the engine decides if they may)."""
    cards = [state.game.cards[c] for c in selected]
    ids = tuple(selected)
    out: list[tuple[str, Any]] = []
    if ids:
        word, spelt = spell(cards, letters)
        me = state.cur
        full = len(ids) == HAND_SIZE == len(state.hands[me])
        if full:
            out.append((t("hand.btn_Palabra", letters=word), Palabra(ids, spelt)))
        else:
            out.append((t("hand.btn_Word", letters=word), Word(ids, spelt)))
        out.append((t("hand.btn_Straight", letters=word), Straight(ids, spelt)))
        for seat, play in enumerate(state.table):
            if play is None or seat == me:
                continue
            base, name = _base_name(state, seat)
            if play["form"] in ("word", "straight"):
                for end in ("before", "after"):
                    label = t(f"hand.btn_build_{end}", base=base, name=name, letters=word)
                    out.append((label, Build(seat, **{end: ids}, letters=spelt)))
                out += _builds_around(state, seat, ids, word, spelt)
        out.append((t("hand.btn_Flush", n=len(ids)), Flush(ids)))
        out.append((t("hand.btn_Vowels", n=len(ids)), Vowels(ids)))
        jokers = [c.id for c in cards if c.kind == "joker"]
        if jokers:
            for seat, play in enumerate(state.table):
                if play is not None and seat != me:
                    base, name = _base_name(state, seat)
                    out.append((t("hand.btn_Joker", base=base, name=name), Joker(jokers[0], seat)))
        prior = state.prior
        if 0 <= prior != me and state.table[prior] is not None:
            base, name = _base_name(state, prior)
            label = t("hand.btn_Shave", base=base, name=name, letters=word)
            out.append((label, Shave(ids, _shave_positions(state, cards))))
        out.append((t("hand.btn_Exchange", n=len(ids)), Exchange(tuple(sorted(ids)))))
    out.append((t("hand.btn_Pass"), Pass()))
    return out


def _button(state: Any, label: str, action: Any) -> dict[str, Any]:
    legal, reason, points = try_action(state, action)
    shown = t("hand.btn_points", label=label, points=points) if points is not None else label
    return {
        "label": shown,
        "kind": type(action).__name__,
        "action": action_to_dict(action),
        "legal": legal,
        "reason": reason,
        "points": points,
    }


# -- the whole view ---------------------------------------------------------------------------


def _status(state: Any) -> str:
    g = state.game
    if state.is_terminal():
        w = state.winner()
        return (
            t("hand.game_over")
            + " · "
            + (t("hand.winner", name=g.names[w]) if w is not None else t("hand.tie"))
        )
    if state.is_chance():
        return t("hand.dealing")
    return t("hand.to_act", name=g.names[state.cur]) + " · " + t("hand.turn", n=state.turns + 1)


def _table(state: Any) -> list[dict[str, Any]]:
    g = state.game
    out = []
    for seat, play in enumerate(state.table):
        if play is None:
            continue
        kind = t(f"hand.kind_{play['kind']}")
        out.append(
            {
                "seat": seat,
                "name": g.names[seat],
                "kind": play["kind"],
                "kind_text": kind,
                "letters": play["letters"],
                "points": play["points"],
                "text": t(
                    "hand.play_of",
                    name=g.names[seat],
                    kind=kind,
                    letters=play["letters"],
                    points=play["points"],
                ),
                "cards": [
                    card_view(g.cards[c], shaved=i in play["shaved"])
                    for i, c in enumerate(play["cards"])
                ],
                "prior": seat == state.prior and seat != state.cur,
                "mine": seat == state.cur,
            }
        )
    return out


def _selection(state: Any, selected: Sequence[int], letters: str, buttons: list) -> dict:
    """The selected cards and the score of the best play they make (the word if none)."""
    cards = [state.game.cards[c] for c in selected]
    word, _ = spell(cards, letters)
    plays = [b for b in buttons if b["legal"] and b["points"] is not None and b["kind"] != "Joker"]
    chosen = max(plays, key=lambda b: b["points"], default=None)  # the first of the best
    kind = chosen["kind"] if chosen else ("Word" if cards else None)
    s = None
    if chosen is not None:
        s = action_score(state, action_from_dict(chosen["action"]))
    elif cards:
        s = action_score(state, Word(tuple(selected), spell(cards, letters)[1]))
    steps = score_steps(s) if s is not None else []
    blanks = [c.id for c in cards if c.kind in ("wild", "vowel")]
    return {
        "cards": list(selected),
        "word": word,
        "letters": letters,
        "needs_letters": bool(blanks),
        "kind": kind,
        "legal": chosen is not None,
        "steps": steps,
        "total": s.total if s is not None else None,
        "total_text": t("hand.step_total", total=s.total) if s is not None else "",
    }


def _best(state: Any) -> dict[str, Any] | None:
    found = best_play(state)
    if found is None:
        return {"found": False, "title": t("hand.best_none"), "cards": [], "steps": [],
                "total": 0, "action": None}  # fmt: skip
    action = found.action
    ids = getattr(action, "cards", None) or (*action.before, *action.after)
    letters = getattr(action, "letters", "")
    return {
        "found": True,
        "kind": found.kind,
        "title": t("hand.best_title", kind=t(f"hand.kind_{found.kind}"), letters=letters),
        "cards": [card_view(state.game.cards[c]) for c in ids],
        "steps": score_steps(found.score),
        "total": found.total,
        "action": action_to_dict(action),
    }


def hand_view(
    state: Any,
    *,
    selected: Sequence[int] = (),
    letters: str = "",
    show_best: bool = False,
    message: str = "",
    log: Sequence[str] = (),
    bots: Sequence[int] = (),
) -> dict[str, Any]:
    """The hand of the player to act, the table, the scores and the buttons, as plain JSON.

    `selected`: card ids of that hand in the order clicked (others are dropped). `letters`: what
    the selected wild and vowel cards stand for. `show_best`: add the finder's best play.
    `message`: the last thing that happened, or why a click was refused. `log`: the game log
    (the last lines are kept). `bots`: the seats bots play.
    """
    g = state.game
    acting = state.phase in ("turn", "play")
    me = state.cur
    hand_ids = list(state.hands[me]) if not state.is_chance() else []
    chosen = [c for c in dict.fromkeys(selected) if c in hand_ids] if acting else []
    order = {c: i + 1 for i, c in enumerate(chosen)}
    buttons = [_button(state, label, a) for label, a in candidate_actions(state, chosen, letters)]
    buttons = buttons if acting else []
    players = [
        {
            "seat": p,
            "name": g.names[p],
            "score": state.scores[p],
            "bot": p in bots,
            "to_act": acting and p == me,
            "cards": len(state.hands[p]),
        }
        for p in range(g.n)
    ]
    return {
        "language": language(),
        "phase": state.phase,
        "turn": state.turns,
        "status": _status(state),
        "over": state.is_terminal(),
        "to_act": me if acting else None,
        "deck": len(state.deck),
        "deck_text": t("hand.deck", n=len(state.deck)),
        "players": players,
        "hand_title": t("hand.hand_of", name=g.names[me]),
        "hand": [card_view(g.cards[c], order.get(c)) for c in hand_ids],
        "table": _table(state),
        "selection": _selection(state, chosen, letters, buttons),
        "buttons": buttons,
        "best": _best(state) if show_best and acting else None,
        "message": message,
        "log": list(log)[-LOG_LINES:],
        "labels": {
            key: t(f"hand.{key}")
            for key in (
                "title",
                "scores",
                "table",
                "empty_table",
                "selection",
                "pick_cards",
                "letters_prompt",
                "actions",
                "log",
                "bot",
                "prior",
                "shaved",
                "not_legal",
                "btn_best",
                "btn_play_best",
                "btn_clear",
            )
        },
    }
