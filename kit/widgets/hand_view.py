"""The view model of a Palabra table: one pure function from an engine state to plain JSON.

    >>> from kit.widgets.hand_view import hand_view
    >>> view = hand_view(state, selected=(12, 40, 3))    # dicts, lists, str, int, bool, None only
    >>> [s["text"] for s in view["selection"]["steps"]]   # the score, factor by factor
    >>> view["buttons"][0]["action"]                      # action_to_dict data to send back

Everything the live table (kit/widgets/hand.py) and the static SVG (`kit.render.hand.hand_svg`)
show comes from here, so the browser holds no rule. The scores are the engine's:
`state.score_of(action)` gives the breakdown (values, star factors, colour lock, bonus) and
`state.refusal(action)` the "allowed or not, and why" of each button, so no rule is stated here
again. Colour is never the only cue: every colour also has its shape (circle red, triangle blue,
diamond green, square yellow, as in the deck data), and the special cards are drawn apart
(wild, joker, vowel).
Standard library only; the same state and arguments always give the same view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kit.games.core import action_to_dict
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
from kit.games.palabra.rules import can_build_on, is_palabra
from kit.games.palabra.scoring import Score
from kit.messages import language, t
from kit.theme import CARD_COLOURS  # the four card colours; each colour's shape says the same
from kit.widgets.waiting import waiting

LOG_LINES = 6  # how many lines of the game log the view keeps


# -- cards ----------------------------------------------------------------------------------


def colour_names(colours: Sequence[str]) -> str:
    """'rojo/azul' in the class language."""
    return "/".join(t(f"hand.colour_{c}") for c in colours)


def lock_phrase(colours: Sequence[str]) -> str:
    """What a colour lock means, as a sentence that reads right for every colour: «todas las
    cartas son de color amarillo» (the colour names are masculine nouns, never agreed with
    «cartas»); two shared colours: «todas las cartas tienen rojo y azul»."""
    names = [t(f"hand.colour_{c}") for c in colours]
    if len(names) == 1:
        return t("hand.lock_one", colour=names[0])
    return t("hand.lock_many", colours=t("hand.and_join").join(names))


def counted(key: str, n: int, field: str = "n", **values: Any) -> str:
    """`key` with the count `n` in `{field}`: `<key>_one` when n is 1 or -1 («1 carta», never
    «1 cartas»)."""
    return t(f"{key}_one" if abs(n) == 1 else key, **{field: n}, **values)


def card_view(
    card: Card, order: int | None = None, shaved: bool = False, best: int | None = None
) -> dict[str, Any]:
    """One card as plain data: what is printed on it, its colours and their shapes; `order`:
    its place in the selection; `best`: its place in the best play, when that is shown."""
    colours = [c for c in COLOURS if c in card.colours]
    if card.kind == "letter":
        face = card.letter
        stars = counted("hand.card_stars", card.stars) if card.stars else ""
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
        "best": best,
    }


# -- the score, factor by factor --------------------------------------------------------------


def _step(factor: str, text: str, total: int) -> dict[str, Any]:
    return {"factor": factor, "text": text, "total": total}


def score_steps(s: Score) -> list[dict[str, Any]]:
    """The engine's breakdown as lines, each with the running total: the sum of the values, each
    star factor, the colour lock, the bonus. The last total is the engine's `Score.total`."""
    if s.kind == "vowels":
        text = counted("hand.step_vowels", len(s.values), total=s.total)
        return [_step("vowels", text, s.total)]
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
        colour = lock_phrase(s.colour.split("/")) if s.colour else t("hand.lock_some")
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


# the rule each refusal of kit.games.palabra.refusals applies (the «¿por qué?» detail): the key's
# name after "rules_palabra.", by its first word; the rest are PLB-02 (what a turn holds)
RULES = {
    "not_word": "PLB-03", "not_straight": "PLB-04", "not_flush": "PLB-05", "build": "PLB-06",
    "not_vowels": "PLB-07", "palabra": "PLB-08", "exchange": "PLB-09", "joker": "PLB-10",
    "not_joker": "PLB-10", "target_seat": "PLB-10", "own_play": "PLB-10", "no_play": "PLB-10",
    "shave": "PLB-11", "say_letters": "PLB-02", "letters_count": "PLB-02", "cannot_be": "PLB-02",
}  # fmt: skip


def rule_of(problem: Any) -> str:
    """The rule a refusal applies, as the small «¿por qué?» detail («regla PLB-03 del
    reglamento»); "" for a refusal that is no rule of the game (a bot's turn, a late click)."""
    key = str(getattr(problem, "key", ""))
    if not key.startswith("rules_palabra."):
        return ""
    name = key.removeprefix("rules_palabra.")
    rule = RULES.get(name) or RULES.get(name.split("_")[0], "PLB-02")
    return t("hand.why_rule", rule=rule)


def try_action(state: Any, action: Any) -> tuple[bool, str, int | None]:
    """Would the engine take `action`? (allowed, the engine's reason, the points it makes).

    Both answers are the engine's: its `refusal` (nothing is applied) and its `score_of`, the
    points the player's move adds to (a shave moves) or, for a Joker, takes from the target."""
    problem = state.refusal(action)
    if problem is not None:
        return False, str(problem), None
    found = state.score_of(action)
    if found is None:
        return True, "", None
    return True, "", -found.total if isinstance(action, Joker) else found.total


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
        if state.is_legal(action):
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
        if is_palabra(len(ids), len(state.hands[me])):
            out.append((t("hand.btn_Palabra", letters=word), Palabra(ids, spelt)))
        else:
            out.append((t("hand.btn_Word", letters=word), Word(ids, spelt)))
        out.append((t("hand.btn_Straight", letters=word), Straight(ids, spelt)))
        for seat, play in enumerate(state.table):
            if play is None or seat == me:
                continue
            base, name = _base_name(state, seat)
            if can_build_on(play):
                for end in ("before", "after"):
                    label = t(f"hand.btn_build_{end}", base=base, name=name, letters=word)
                    out.append((label, Build(seat, **{end: ids}, letters=spelt)))
                out += _builds_around(state, seat, ids, word, spelt)
        out.append((counted("hand.btn_Flush", len(ids)), Flush(ids)))
        out.append((counted("hand.btn_Vowels", len(ids)), Vowels(ids)))
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
        out.append((counted("hand.btn_Exchange", len(ids)), Exchange(tuple(sorted(ids)))))
    out.append((t("hand.btn_Pass"), Pass()))
    return out


def _button(state: Any, label: str, action: Any) -> dict[str, Any]:
    legal, reason, points = try_action(state, action)
    shown = label if points is None else counted("hand.btn_points", points, "points", label=label)
    return {
        "label": shown,
        "name": label,
        "rule": "" if legal else rule_of(state.refusal(action)),
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
                "text": counted(
                    "hand.play_of",
                    play["points"],
                    "points",
                    name=g.names[seat],
                    kind=kind,
                    letters=play["letters"],
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
    """The selected cards and the engine's score of the best legal play they make, the total
    naming that play; when they make none, no total: the engine's reason the word is refused
    (`reason`, with its rule apart in `rule`)."""
    cards = [state.game.cards[c] for c in selected]
    word, _ = spell(cards, letters)
    plays = [b for b in buttons if b["legal"] and b["points"] is not None and b["kind"] != "Joker"]
    chosen = max(plays, key=lambda b: b["points"], default=None)  # the first of the best
    s = state.score_of(action_from_dict(chosen["action"])) if chosen is not None else None
    refused = buttons[0] if cards and s is None else None  # the word's button
    if s is not None:
        total_text = counted("hand.step_total", s.total, "total", play=chosen["name"])
    elif refused is not None:
        total_text = t("hand.no_play", reason=refused["reason"])
    else:
        total_text = ""
    blanks = [c.id for c in cards if c.kind in ("wild", "vowel")]
    return {
        "cards": list(selected),
        "word": word,
        "letters": letters,
        "needs_letters": bool(blanks),
        "kind": chosen["kind"] if chosen else ("Word" if cards else None),
        "legal": chosen is not None,
        "play": chosen["name"] if chosen else "",
        "steps": score_steps(s) if s is not None else [],
        "total": s.total if s is not None else None,
        "total_text": total_text,
        "reason": refused["reason"] if refused else "",
        "rule": refused["rule"] if refused else "",
    }


def _best(state: Any) -> dict[str, Any] | None:
    found = best_play(state)
    if found is None:
        return {"found": False, "title": t("hand.best_none"), "ids": [], "cards": [],
                "steps": [], "total": 0, "action": None}  # fmt: skip
    action = found.action
    ids = getattr(action, "cards", None) or (*action.before, *action.after)
    letters = getattr(action, "letters", "")
    return {
        "found": True,
        "kind": found.kind,
        "title": t("hand.best_title", kind=t(f"hand.kind_{found.kind}"), letters=letters),
        "ids": list(ids),
        "cards": [card_view(state.game.cards[c], best=i + 1) for i, c in enumerate(ids)],
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
    bots: Sequence[int] | Mapping[int, str] = (),
    warning: str = "",
    why: str = "",
) -> dict[str, Any]:
    """The hand of the player to act, the table, the scores and the buttons, as plain JSON.

    `selected`: card ids of that hand in the order clicked (others are dropped). `letters`: what
    the selected wild and vowel cards stand for. `show_best`: add the finder's best play.
    `message`: the last thing that happened, or why a click was refused. `log`: the game log
    (the last lines are kept). `bots`: the seats bots play, or {seat: bot name}: on a bot's
    turn the buttons are greyed out (`enabled` false) and `waiting` says why, as while the cards
    are dealt or at the end. `warning`: a line to mark apart (a save that failed). `why`: the
    rule behind a refused click (`rule_of`), shown apart as a small «¿por qué?» detail.
    """
    g = state.game
    named = dict(bots) if isinstance(bots, Mapping) else {seat: "" for seat in bots}
    waiting_text = waiting(state, {seat: name or "bot" for seat, name in named.items()}, "hand")
    acting = state.phase in ("turn", "play")
    me = state.cur
    hand_ids = list(state.hands[me]) if not state.is_chance() else []
    chosen = [c for c in dict.fromkeys(selected) if c in hand_ids] if acting else []
    order = {c: i + 1 for i, c in enumerate(chosen)}
    buttons = [_button(state, label, a) for label, a in candidate_actions(state, chosen, letters)]
    buttons = buttons if acting else []
    for button in buttons:
        button["enabled"] = not waiting_text
    best = _best(state) if show_best and acting else None
    marks = {c: i + 1 for i, c in enumerate(best["ids"])} if best else {}
    players = [
        {
            "seat": p,
            "name": g.names[p],
            "score": state.scores[p],
            "bot": p in named,
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
        "waiting": waiting_text,
        "deck": len(state.deck),
        "deck_text": counted("hand.deck", len(state.deck)),
        "players": players,
        "hand_title": t("hand.hand_of", name=g.names[me]),
        "hand": [card_view(g.cards[c], order.get(c), best=marks.get(c)) for c in hand_ids],
        "table": _table(state),
        "selection": _selection(state, chosen, letters, buttons),
        "buttons": buttons,
        "best": best,
        "message": message,
        "why": why,
        "warning": warning,
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
                "prior_how",
                "why",
                "other_plays",
                "best_marked",
                "shaved",
                "not_legal",
                "btn_best",
                "btn_play_best",
                "btn_clear",
                "warning",
            )
        },
    }
