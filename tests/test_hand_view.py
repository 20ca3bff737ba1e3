"""Palabra's view model: plain JSON that follows the engine; scores are the engine's, factor by
factor; the buttons are the plays the engine takes or refuses (PLB-03..11)."""

from __future__ import annotations

import json
from math import prod
from random import Random

import pytest

import kit
from kit.games.palabra import (
    Flush,
    PalabraGame,
    PalabraState,
    Word,
    action_from_dict,
    best_play,
    find_plays,
    greedy,
)
from kit.games.palabra.cards import COLOURS, SYMBOLS
from kit.games.palabra.scoring import Play, score
from kit.messages import set_language, t
from kit.widgets.hand_view import (
    CARD_COLOURS,
    counted,
    hand_view,
    lock_phrase,
    score_steps,
    try_action,
)

WORDS = ["CASA", "ASA", "SACA", "CAS", "AS", "ESE", "ESA", "MESA", "MES", "SE", "ES", "AL", "LA"]


@pytest.fixture(autouse=True)
def spanish():
    set_language("es")
    yield
    set_language("es")


def dealt(hands: list[list[int]], dealer: int = 0, game=None) -> PalabraState:
    """A Palabra state whose hands are exactly `hands` (card ids), `dealer` to play first."""
    game = game or PalabraGame(players=len(hands), dictionary=WORDS)
    n = len(hands)
    order = [hands[(dealer + 1 + k) % n][k // n] for k in range(7 * n)]
    rest = [c for c in range(len(game.cards)) if c not in order]
    return game.dealt_state(order + rest, dealer)


def ids_of(game: PalabraGame, labels: str, taken: set[int] | None = None) -> list[int]:
    """Card ids for 'A1 S1** C3**' style labels (first free copy of each)."""
    taken = set() if taken is None else taken
    out = []
    for label in labels.split():
        cid = next(c.id for c in game.cards if c.label == label and c.id not in taken)
        taken.add(cid)
        out.append(cid)
    return out


def seeded_states(seeds=range(6), turns=6, players=3):
    """States met in seeded greedy games with the full Spanish dictionary."""
    game = kit.load("palabra", players=players)
    for seed in seeds:
        rng = Random(seed)
        state = game.new_state()
        while state.is_chance():
            state.apply_chance(state.sample_chance(rng))
        for _ in range(turns):
            if state.is_terminal():
                break
            yield state
            state.apply(greedy(state, rng))


def candidate_cards(action) -> tuple[int, ...]:
    """The hand's cards an action lays, in order."""
    if hasattr(action, "card"):  # a Joker
        return (action.card,)
    return getattr(action, "cards", None) or (*action.before, *action.after)


def test_the_view_is_plain_json_deterministic_and_changes_nothing():
    for state in seeded_states(range(2), turns=3):
        before = state.to_json()
        hand = state.hands[state.cur]
        a = hand_view(state, selected=hand[:3], show_best=True, log=["x"])
        assert json.loads(json.dumps(a)) == a
        assert hand_view(state, selected=hand[:3], show_best=True, log=["x"]) == a
        assert state.to_json() == before


def test_every_colour_is_also_a_shape_and_special_cards_are_apart():
    """PLB-13: the deck's colours, each with its symbol; wild, joker and vowel cards drawn apart."""
    game = PalabraGame(players=2, dictionary=WORDS)
    wild, joker, vowel = (
        next(c.id for c in game.cards if c.kind == k) for k in ("wild", "joker", "vowel")
    )
    two = next(c.id for c in game.cards if c.colours == frozenset({"red", "blue"}))
    hand = [wild, joker, vowel, two, *ids_of(game, "A1 S1** C3**")]
    state = dealt([hand, ids_of(game, "E1 E1 E1 I1 I1 I1 O1", set(hand))])
    cards = {c["id"]: c for c in hand_view(state)["hand"]}
    assert [c["id"] for c in hand_view(state)["hand"]] == hand
    for card in cards.values():
        assert card["shapes"] == [SYMBOLS[c] for c in card["colours"]]
        assert card["fills"] == [CARD_COLOURS[c] for c in card["colours"]]
    assert cards[two]["shapes"] == ["circle", "triangle"]
    assert cards[wild]["kind"] == "wild" and len(cards[wild]["shapes"]) == 4
    assert cards[joker]["kind"] == "joker" and cards[joker]["shapes"] == []
    assert cards[vowel]["kind"] == "vowel" and cards[vowel]["name"] == "vocal"
    assert len({cards[c]["name"] for c in (wild, joker, vowel)}) == 3


def test_selection_keeps_click_order_and_drops_cards_not_in_the_hand():
    state = next(seeded_states(range(1), turns=1))
    hand = state.hands[state.cur]
    other = state.hands[(state.cur + 1) % 3][0]
    view = hand_view(state, selected=[hand[4], hand[1], other, hand[4]])
    assert view["selection"]["cards"] == [hand[4], hand[1]]
    orders = {c["id"]: c["order"] for c in view["hand"]}
    assert orders[hand[4]] == 1 and orders[hand[1]] == 2
    assert sum(1 for c in view["hand"] if c["selected"]) == 2


def test_shown_score_is_the_engines_for_every_candidate_play():
    """PLB-03..08, PLB-10, PLB-11: select a finder candidate's cards; the view's total is the
    candidate's score, the matching button's points are what the engine credits when played."""
    checked = 0
    kinds = set()
    for state in seeded_states(range(5), turns=5):
        for cand in find_plays(state)[:12]:
            cards = candidate_cards(cand.action)
            letters = getattr(cand.action, "letters", "")
            blanks = "".join(
                ch for ch, c in zip(letters, (state.card(i) for i in cards), strict=False)
                if c.kind != "letter"
            )  # fmt: skip
            view = hand_view(state, selected=cards, letters=blanks)
            wanted = {k: v for k, v in _dict(cand.action).items() if k != "letters"}
            button = next(
                b for b in view["buttons"]
                if {k: v for k, v in b["action"].items() if k != "letters"} == wanted
                or (cand.kind == "shave" and b["kind"] == "Shave")
            )  # fmt: skip
            assert button["legal"], button["reason"]
            trial = state.copy()
            me = state.cur
            start = trial.scores[me]
            trial.apply(action_from_dict(button["action"]))
            gained = trial.scores[me] - start
            if cand.kind == "joker":
                assert button["points"] == -cand.total
                continue
            assert button["points"] == gained
            if button["action"] == _dict(cand.action):
                assert gained == cand.total
            if view["selection"]["kind"] == button["kind"]:
                assert view["selection"]["total"] == gained
                assert view["selection"]["steps"][-1]["total"] == gained
            kinds.add(cand.kind)
            checked += 1
    assert checked > 50
    assert {"word", "straight"} <= kinds


def _dict(action) -> dict:
    from kit.games.core import action_to_dict

    return action_to_dict(action)


def test_steps_multiply_out_to_the_engines_total():
    """PLB-03: sum × each star factor × colour lock (+ Palabra's 70, PLB-08)."""
    game = PalabraGame(players=2, dictionary=WORDS)
    cards = game.cards
    for cid_set in ([0, 3, 4], [3, 4, 10, 12], [22, 23, 25], list(range(7))):
        cs = tuple(cards[i] for i in cid_set)
        for kind in ("word", "palabra", "flush", "vowels"):
            s = score(Play(kind, cs))
            steps = score_steps(s)
            assert steps[-1]["total"] == s.total
            if kind in ("word", "palabra"):
                assert steps[0]["total"] == sum(c.value for c in cs)
                assert s.total == s.sum * prod(s.stars) * s.lock + s.bonus
                factors = [st["factor"] for st in steps]
                assert factors.count("lock") == (s.lock == 2)
                assert factors.count("bonus") == (kind == "palabra")
    locked = score(Play("word", (cards[0], cards[3])))  # yellow A and yellow C**: locked
    texts = [s["text"] for s in score_steps(locked)]
    lock = t("hand.lock_one", colour=t("hand.colour_yellow"))
    assert texts == [t("hand.step_values", terms="1 + 3", total=4),
                     t("hand.step_star", factor=2, total=8),
                     t("hand.step_lock", colour=lock, total=16)]  # fmt: skip


def test_buttons_are_what_the_engine_takes_and_why_not():
    for state in seeded_states(range(3), turns=4):
        hand = state.hands[state.cur]
        view = hand_view(state, selected=hand[:5])
        assert view["buttons"][-1]["kind"] == "Pass" and view["buttons"][-1]["legal"]
        for b in view["buttons"]:
            ok, reason, _ = try_action(state, action_from_dict(b["action"]))
            assert b["legal"] == ok and b["reason"] == reason
            assert b["legal"] or b["reason"]


def test_an_illegal_word_says_the_engines_reason():
    game = PalabraGame(players=2, dictionary=WORDS)
    hand = ids_of(game, "C3** A1 S1** A1 E1 E1 I1")
    state = dealt([hand, ids_of(game, "E1 I1 I1 O1 O1 T1 N1", set(hand))])
    word = next(b for b in hand_view(state, selected=hand[:4])["buttons"] if b["kind"] == "Word")
    assert word["legal"] and word["label"].startswith("Palabra CASA")
    non_word = hand_view(state, selected=[hand[1], hand[0]])["buttons"][0]
    assert not non_word["legal"] and non_word["reason"]  # the engine says why (not a word)


def test_build_and_joker_buttons_for_the_plays_on_the_table():
    """PLB-06 builds at either end (and both): all the values, only the new stars, the lock of
    the whole (PLB-13: a locked play is built on only in its colour); PLB-10 a joker."""
    game = PalabraGame(players=2, dictionary=WORDS)
    first = ids_of(game, "C3** I1 S1** O1 E1 E1 I1")
    joker = next(c.id for c in game.cards if c.kind == "joker")
    m = next(c.id for c in game.cards if c.label == "M3***" and "yellow" in c.colours)
    second = [m, *ids_of(game, "A1 O1 O1 T1 N1", set(first)), joker]
    state = dealt([first, second])
    state.apply(Word((first[4], first[2]), "ES"))  # player 0: ES, yellow E1 and S1**, locked
    a = second[1]
    front = hand_view(state, selected=[m])
    mes = next(b for b in front["buttons"] if b["kind"] == "Build" and b["action"]["before"])
    assert mes["legal"] and mes["points"] == (3 + 1 + 1) * 3 * 2  # M's ***, the lock; not S's **
    behind = next(b for b in front["buttons"] if b["kind"] == "Build" and b["action"]["after"])
    assert not behind["legal"] and behind["reason"]  # ESM: the engine says why not
    around = hand_view(state, selected=[m, a])
    mesa = next(
        b for b in around["buttons"] if b["kind"] == "Build" and b["action"]["after"] == [a]
    )
    assert mesa["legal"] and mesa["action"]["before"] == [m]
    assert mesa["points"] == (3 + 1 + 1 + 1) * 3 * 2
    assert around["selection"]["total"] == mesa["points"]
    assert [s["factor"] for s in around["selection"]["steps"]] == ["sum", "star3", "lock"]
    trial = state.copy()
    trial.apply(action_from_dict(mesa["action"]))
    assert trial.scores[1] == mesa["points"]
    jok = hand_view(state, selected=[joker])["buttons"]
    jb = next(b for b in jok if b["kind"] == "Joker")
    assert jb["legal"] and jb["points"] == -state.table[0]["points"]
    table = front["table"][0]
    assert table["letters"] == "ES" and table["prior"] and table["seat"] == 0


def test_the_best_play_is_the_finders_with_its_breakdown():
    for state in seeded_states(range(3), turns=3):
        best = best_play(state)
        view = hand_view(state, show_best=True)["best"]
        if best is None:
            assert not view["found"]
            continue
        assert view["total"] == best.total
        assert view["steps"][-1]["total"] == best.total
        assert view["action"] == _dict(best.action)


def test_wild_card_letters_come_from_the_student():
    game = PalabraGame(players=2, dictionary=WORDS)
    wild = next(c.id for c in game.cards if c.kind == "wild")
    hand = [*ids_of(game, "C3** A1 S1**"), wild, *ids_of(game, "E1 I1 O1")]
    state = dealt([hand, ids_of(game, "E1 I1 I1 O1 T1 T1 N1", set(hand))])
    sel = hand[:4]
    missing = hand_view(state, selected=sel)
    assert missing["selection"]["needs_letters"] and missing["selection"]["word"] == "CAS?"
    assert not missing["buttons"][0]["legal"]
    filled = hand_view(state, selected=sel, letters="a")
    assert filled["selection"]["word"] == "CASA"
    assert filled["buttons"][0]["legal"]
    assert filled["buttons"][0]["action"]["letters"] == "CASA"


def test_flush_and_vowels_breakdowns():
    """PLB-05 the sum only; PLB-07 six vowels 20."""
    game = PalabraGame(players=2, dictionary=WORDS)
    yellow = ids_of(game, "B4 E1 G5 I1 N1")
    vowels = ids_of(game, "A1 E1 I1 O1 I1 E1", set(yellow))
    rest = ids_of(game, "T1 T1 N1", set(yellow) | set(vowels))
    state = dealt([[*yellow, *rest[:2]], [*vowels, rest[2]]])
    view = hand_view(state, selected=yellow)
    flush = next(b for b in view["buttons"] if b["kind"] == "Flush")
    assert flush["legal"] and flush["points"] == 12
    assert view["selection"]["kind"] == "Flush" and view["selection"]["total"] == 12
    assert [s["factor"] for s in view["selection"]["steps"]] == ["sum", "flush"]
    state.apply(Flush(tuple(yellow)))
    assert state.scores[0] == 12
    view = hand_view(state, selected=vowels)
    six = next(b for b in view["buttons"] if b["kind"] == "Vowels")
    assert six["legal"] and six["points"] == 20
    assert [s["factor"] for s in view["selection"]["steps"]] == ["vowels"]


def test_language_switch():
    state = next(seeded_states(range(1), turns=1))
    set_language("en")
    view = hand_view(state, selected=state.hands[state.cur][:2])
    assert view["buttons"][-1]["label"] == "Pass"
    assert view["labels"]["btn_best"] == "Show the best play"


def test_a_selection_that_is_no_legal_play_says_so_instead_of_a_total():
    """The total comes from the engine's score_of; cards that make no legal play get the
    engine's reason, not a total of a play that cannot be made."""
    game = PalabraGame(players=2, dictionary=WORDS)
    hand = ids_of(game, "C3** A1 S1** A1 E1 E1 I1")
    state = dealt([hand, ids_of(game, "E1 I1 I1 O1 O1 T1 N1", set(hand))])
    sel = hand_view(state, selected=[hand[1], hand[0]])["selection"]  # AC: nothing
    assert not sel["legal"] and sel["total"] is None and sel["steps"] == []
    reason = state.why_not(Word((hand[1], hand[0])))
    assert sel["total_text"] == t("hand.no_play", reason=reason) and sel["reason"] == reason
    sel = hand_view(state, selected=hand[:4])["selection"]  # CASA
    assert sel["legal"] and sel["total"] == state.score_of(Word(tuple(hand[:4]))).total


def test_a_bots_turn_greys_the_buttons_out_and_says_why():
    """Issue 14, point 7: on a bot's turn the buttons are greyed out and the line next to them
    names the bot (its title in class); a person's turn keeps them live."""
    from kit.games.registry import game_type
    from kit.messages import t

    state = next(seeded_states(seeds=[1], turns=1, players=2))
    me = state.cur
    person = hand_view(state, bots={1 - me: "greedy"})
    assert person["waiting"] == "" and all(b["enabled"] for b in person["buttons"])
    view = hand_view(state, bots={me: "greedy"})
    assert view["buttons"] and not any(b["enabled"] for b in view["buttons"])
    title = game_type("palabra").bot_title("greedy")
    assert view["waiting"] == t("hand.wait_bot", name=state.game.names[me], bot=title)
    assert view["players"][me]["bot"]
    assert hand_view(state, bots=[me])["players"][me]["bot"]  # seats alone, as before


def test_at_the_end_and_at_the_deal_the_line_says_why_no_one_plays():
    from kit.messages import t

    game = kit.load("palabra", players=2)
    assert hand_view(game.new_state())["waiting"] == t("hand.wait_chance")
    state = next(seeded_states(seeds=[2], turns=1, players=2))
    state.phase = "over"
    view = hand_view(state)
    assert view["buttons"] == [] and view["waiting"] == t("hand.wait_over")


# -- issue 15, point 4: the details a class notices -------------------------------------------


def _cards_of(game: PalabraGame, colour: str, k: int = 2) -> tuple:
    """`k` one-colour letter cards of `colour`."""
    found = [c for c in game.cards if c.kind == "letter" and set(c.colours) == {colour}]
    return tuple(found[:k])


@pytest.mark.parametrize("language", ["es", "en"])
@pytest.mark.parametrize("colour", sorted(COLOURS))
def test_every_colours_lock_reads_right(language, colour):
    """«todas amarillo» no more: the lock names the colour as a noun («de color amarillo»),
    which needs no agreement, for every colour and in both languages."""
    set_language(language)
    game = PalabraGame(players=2, dictionary=WORDS)
    locked = score(Play("word", _cards_of(game, colour)))
    assert locked.lock == 2 and locked.colour == colour
    step = next(s for s in score_steps(locked) if s["factor"] == "lock")
    name = t(f"hand.colour_{colour}")
    assert step["text"] == t(
        "hand.step_lock", colour=t("hand.lock_one", colour=name), total=step["total"]
    )
    assert lock_phrase([colour]) in step["text"] and f"todas {name}" not in step["text"]


def test_a_lock_of_two_shared_colours_names_both():
    set_language("es")
    both = t("hand.lock_many", colours=t("hand.colour_red") + " y " + t("hand.colour_blue"))
    assert lock_phrase(["red", "blue"]) == both


def test_the_total_is_shown_only_for_a_legal_play_and_names_it():
    """A total always belongs to a play the engine takes (named in it); otherwise no total and
    no steps, but the engine's reason (its rule apart, for «¿por qué?»)."""
    game = PalabraGame(players=2, dictionary=WORDS)
    hand = ids_of(game, "C3** A1 S1** A1 E1 E1 I1")
    state = dealt([hand, ids_of(game, "E1 I1 I1 O1 O1 T1 N1", set(hand))])
    legal = hand_view(state, selected=hand[:4])["selection"]  # CASA
    button = next(b for b in hand_view(state, selected=hand[:4])["buttons"] if b["kind"] == "Word")
    assert legal["legal"] and legal["play"] == button["name"] and not legal["reason"]
    assert legal["total_text"] == t("hand.step_total", play=button["name"], total=legal["total"])
    for chosen in ([hand[1], hand[0]], [hand[4], hand[6]]):  # AC, EI: no play at all
        sel = hand_view(state, selected=chosen)["selection"]
        assert not sel["legal"] and sel["total"] is None and sel["steps"] == []
        refusal = state.refusal(Word(tuple(chosen)))
        assert sel["total_text"] == t("hand.no_play", reason=str(refusal))
        assert sel["rule"] == t("hand.why_rule", rule="PLB-03")
        assert "PLB-" not in sel["total_text"]


def test_the_best_plays_cards_are_marked_in_the_hand_in_order():
    for state in seeded_states(seeds=range(3), turns=3):
        plain = hand_view(state)
        assert all(c["best"] is None for c in plain["hand"])
        view = hand_view(state, show_best=True)
        best = view["best"]
        marks = {c["id"]: c["best"] for c in view["hand"] if c["best"] is not None}
        assert marks == {card: i + 1 for i, card in enumerate(best["ids"])}
        found = best_play(state)
        if found is not None:
            assert best["ids"] == list(candidate_cards(found.action))


def test_counts_of_one_are_singular():
    """«1 cartas», «carta(s)»: every count the table shows reads right for 1 and for more."""
    for key in ("hand.deck", "hand.btn_Flush", "hand.btn_Vowels", "hand.btn_Exchange",
                "hand.card_stars", "hand.step_vowels", "hand.flush_cards"):  # fmt: skip
        assert counted(key, 1, total=20) == t(f"{key}_one", n=1, total=20)
        assert counted(key, 2, total=20) == t(key, n=2, total=20)
    for key in ("hand.btn_points", "hand.play_of", "hand.log_play", "hand.log_build",
                "hand.log_joker", "hand.log_shave", "hand.log_penalty"):  # fmt: skip
        values = {"label": "X", "name": "Ana", "target": "Luis", "kind": "k", "letters": "AB",
                  "base": "A", "word": "AB"}  # fmt: skip
        assert counted(key, 1, "points", **values) == t(f"{key}_one", points=1, **values)
    set_language("es")
    for language in ("es", "en"):
        set_language(language)
        for key, text in kit.messages.catalogue()[language].items():
            if key.startswith("hand."):
                assert "(s)" not in text and "1 cartas" not in text, key
    set_language("es")


def test_a_one_card_selection_says_carta_not_cartas():
    game = PalabraGame(players=2, dictionary=WORDS)
    hand = ids_of(game, "C3** A1 S1** A1 E1 E1 I1")
    state = dealt([hand, ids_of(game, "E1 I1 I1 O1 O1 T1 N1", set(hand))])
    labels = {b["kind"]: b["label"] for b in hand_view(state, selected=[hand[0]])["buttons"]}
    assert labels["Exchange"].startswith(t("hand.btn_Exchange_one", n=1))
    assert labels["Flush"].startswith(t("hand.btn_Flush_one", n=1))


def test_the_prior_play_says_what_can_be_done_to_it_and_by_whom():
    """«se puede afeitar» no more: the prior play tells the player to act that they may shave
    it, and how (cover its letters with the same cards; those points become theirs)."""
    game = PalabraGame(players=2, dictionary=WORDS)
    hand = ids_of(game, "C3** A1 S1** A1 E1 E1 I1")
    state = dealt([hand, ids_of(game, "E1 I1 I1 O1 O1 T1 N1", set(hand))])
    state.apply(Word(tuple(hand[:4])))
    view = hand_view(state)
    assert [p["prior"] for p in view["table"]] == [True]
    assert view["labels"]["prior"] == t("hand.prior")
    assert view["labels"]["prior_how"] == t("hand.prior_how")
    assert "se puede afeitar" not in view["labels"]["prior"]


def test_no_refusal_sentence_carries_a_rule_id():
    """The rule is the small «¿por qué?» detail (`rule_of`), never inside the sentence."""
    for language in ("es", "en"):
        for key, text in kit.messages.catalogue()[language].items():
            if key.startswith("rules_palabra.") and not key.startswith("rules_palabra.explain"):
                assert "PLB-" not in text, key
