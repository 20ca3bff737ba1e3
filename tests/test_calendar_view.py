"""The Día de Paga calendar's view model: plain JSON that follows the engine, buttons that are its
legal actions, and a payday read line by line off the engine's states (DDP-12)."""

from __future__ import annotations

import json
from random import Random

import pytest

import kit
from kit.games.core import action_to_dict
from kit.games.dia_de_paga.actions import (
    ANYTIME,
    Deposit,
    EndPayday,
    KeepInsurance,
    Roll,
    TakeLoan,
)
from kit.games.dia_de_paga.bots import cautious_saver, gambler
from kit.games.dia_de_paga.game import MAIL
from kit.messages import set_language, t
from kit.theme import BLUE, INK, PAPER
from kit.widgets.calendar_view import (
    ANYTIME_KINDS,
    PLAYER_COLOURS,
    PLAYER_SHAPES,
    calendar_view,
    entry_lines,
    marks,
    money,
    payday_lines,
)


@pytest.fixture(autouse=True)
def spanish():
    set_language("es")
    yield
    set_language("es")


def start(players: int = 3, months: int = 1):
    """A state past the set-up, every deck in printed order."""
    return kit.load("dia_de_paga", players=players, months=months).start_state()


def test_the_month_is_31_days_monday_first_with_payday_on_31():
    view = calendar_view(start())
    days = view["days"]
    assert [d["day"] for d in days] == list(range(1, 32))
    assert days[30]["kind"] == "payday" and days[30]["label"] == "Día de paga"
    sundays = [d["day"] for d in days if d["kind"] == "quiet"]
    assert sundays == [7, 14, 21, 28]
    assert {days[k - 1]["column"] for k in sundays} == {6}  # Domingo: the last column
    assert (days[30]["row"], days[30]["column"]) == (4, 2)
    assert view["weekdays"][0] == "Lun" and len(view["weekdays"]) == 7
    json.dumps(view)  # plain JSON only


def test_each_day_says_its_kind_and_instruction_from_the_rule_set():
    rules = start().game.rules
    days = calendar_view(start())["days"]
    for day, square in zip(days, rules.days, strict=True):
        assert day["kind"] == square.kind
        assert day["instruction"]
        if square.kind == "mail":  # DDP-03: ×1, ×2 or ×3 mail cards
            assert day["label"] == f"Correo ×{square.count}"
        if square.kind == "pay":
            assert str(square.amount) in day["label"]
    counts = {d["label"] for d in days if d["kind"] == "mail"}
    assert counts == {"Correo ×1", "Correo ×2", "Correo ×3"}
    assert any(d["label"] == "¿Qué hay de nuevo?" for d in days)
    lottery = next(d for d in days if d["kind"] == "lottery")
    assert str(rules.lottery_stake) in lottery["instruction"]  # DDP-06


def test_tokens_share_a_day_and_start_on_salida():
    state = start(players=4)
    view = calendar_view(state)
    assert view["start_tokens"] == [0, 1, 2, 3]  # DDP-10: every month starts on Salida
    assert all(d["tokens"] == [] for d in view["days"])
    state.pos = [5, 5, 31, 0]
    view = calendar_view(state)
    assert view["days"][4]["tokens"] == [0, 1]
    assert view["days"][30]["tokens"] == [2]
    assert view["start_tokens"] == [3]
    players = view["players"]
    assert [p["shape"] for p in players] == list(PLAYER_SHAPES[:4])
    assert [p["colour"] for p in players] == list(PLAYER_COLOURS[:4])
    assert [p["mark"] for p in players] == ["J1", "J2", "J3", "J4"]  # «Jugador 1» … share a J


def decisions(seed: int, steps: int = 400):
    """The states of a seeded game of bots where a player decides (for comparing buttons)."""
    state = kit.load("dia_de_paga", players=3, months=2).new_state()
    rng = Random(seed)
    out = []
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        out.append(state.copy())
        bot = gambler if state.actor() == 0 else cautious_saver
        state.apply(bot(state, rng))
    return out


def test_buttons_are_exactly_the_engines_legal_answers_and_forms_its_anytime_actions():
    states = decisions(seed=11)
    phases = {s.phase for s in states}
    assert {"turn", "buy", "lottery"} <= phases
    for state in states:
        view = calendar_view(state)
        legal = state.legal_actions()
        answers = [action_to_dict(a) for a in legal if not isinstance(a, ANYTIME)]
        assert [b["action"] for b in view["buttons"]] == answers
        assert all(b["label"] for b in view["buttons"])
        offered = {type(a).__name__ for a in legal if isinstance(a, ANYTIME)}
        forms = {f["kind"]: f for f in view["forms"]}
        assert list(forms) == list(ANYTIME_KINDS)  # always there: the engine says why not
        assert {k for k, f in forms.items() if f["offered"]} == offered
        assert view["to_act"] == state.actor()


def test_a_bot_seat_s_buttons_and_forms_are_greyed_out_and_the_line_says_why():
    """Issue 14, point 7: on a bot's turn its answers are shown, greyed out, and the line next
    to them names the bot (its title in class): it plays by itself."""
    from kit.games.registry import game_type
    from kit.messages import t

    state = start()
    person = calendar_view(state)
    assert person["waiting"] == ""
    assert all(b["enabled"] for b in person["buttons"] + person["forms"])
    view = calendar_view(state, bots={0: "gambler"})
    assert view["to_act"] == 0 and view["to_act_is_bot"]
    assert [b["action"] for b in view["buttons"]] == [b["action"] for b in person["buttons"]]
    assert view["buttons"] and not any(b["enabled"] for b in view["buttons"])
    assert len(view["forms"]) == len(ANYTIME_KINDS)
    assert not any(f["enabled"] for f in view["forms"])
    title = game_type("dia_de_paga").bot_title("gambler")
    assert view["waiting"] == t("calendar.wait_bot", name=state.game.names[0], bot=title)
    assert view["players"][0]["bot"] == "gambler"


def test_at_the_end_the_forms_are_greyed_out_and_the_line_says_the_game_is_over():
    from kit.messages import t

    state = start(players=2)
    state.phase = "over"
    view = calendar_view(state)
    assert view["buttons"] == [] and not any(f["enabled"] for f in view["forms"])
    assert view["waiting"] == t("calendar.wait_over")


def test_the_books_follow_deposits_and_loans():
    state = start()
    state.apply(TakeLoan(3000))  # DDP-16: two loan cards
    state.apply(Deposit(2000))  # DDP-17
    me = calendar_view(state)["players"][0]
    assert (me["cash"], me["savings"], me["loans"], me["loan_cards"]) == (2500, 2000, 3000, 2)
    assert me["cash_text"] == "2500"
    assert me["fortune"] == 2500 + 2000 - 3000
    assert me["loans_text"] == t("calendar.loan_cards", amount=money(3000), cards=2)


def mail_index(state, card_id: str) -> int:
    return state.game.mail_index[card_id]


def payday_at_hand():
    """Player 0 on day 30 with savings, loans, insurance and four letters; player 1 on day 1.
    A roll of 1 takes him to day 31."""
    state = start()
    m = lambda card: mail_index(state, card)  # noqa: E731
    state.pos = [30, 1, 1]
    state.cash = [1000, 1500, 1500]
    state.savings = [1235, 0, 0]
    state.loans = [3000, 0, 0]
    state.insured[0] = [m("m63")]  # health insurance: the doctor's bill is covered (DDP-14)
    for c in ("m17", "m47", "m77", "m01"):
        state.piles[MAIL].remove(m(c))
        state.mail[0].append(m(c))
    state.piles[MAIL].remove(m("m63"))
    return state


def test_a_payday_line_by_line_in_the_engines_order():
    state = payday_at_hand()
    state.apply(Roll())
    before = state.copy()
    state.apply_chance(1)  # day 31: payday opens and waits for the repayment decision
    assert [slip["player"] for slip in state.payslips] == [0]  # the engine's payslip
    running = payday_lines(state, state.payslips[-1])
    assert running["running"]
    state.apply(EndPayday())
    done = payday_lines(state, state.payslips[-1])
    assert not done["running"]
    lines = [(x["label"], x["amount"], x["account"]) for x in done["lines"]]
    assert lines == [
        ("Sueldo", 1500, "cash"),  # DDP-12
        ("Intereses de la libreta (10\u00a0% de 1235 €)", 124, "savings"),  # DDP-17
        ("Correo: Premio de un concurso de la radio: cobra 200 €", 200, "cash"),
        ("Factura: Factura de la luz", -75, "cash"),
        ("Cubierta por el seguro: Honorarios médicos: consulta", 0, "cash"),  # DDP-14
        # DDP-12 reading: loan interest once the mail is paid, then the repayment (DDP-16)
        ("Intereses de los préstamos (10\u00a0% de 3000 €)", -300, "cash"),
        (t("calendar.line_harmless_one", count=1), 0, "cash"),  # one card: «1 carta»
    ]
    # the lines add up to what the engine did
    assert done["cash_change"] == state.cash[0] - before.cash[0] == 1500 - 300 + 200 - 75
    assert state.savings[0] == before.savings[0] + 124
    assert "1235 € → 1359 €" in done["book_text"]


def test_the_log_tells_the_engines_events_of_a_move_in_spanish():
    """«Lo último que ha pasado»: one line for the roll, then the payday's lines (DDP-12)."""
    state = payday_at_hand()
    state.apply(Roll())
    events = list(state.events)
    state.apply_chance(1)
    events += state.events
    entry = {"player": 0, "action": action_to_dict(Roll()), "events": events}
    assert entry_lines(state, entry) == [
        "Jugador 1 saca un 1: Día 31 · Día de paga",
        "Día de paga de Jugador 1",
        "Jugador 1 · Sueldo: +1500 €",
        "Jugador 1 · Intereses de la libreta: +124 €",
        "Jugador 1 · Correo: Premio de un concurso de la radio: cobra 200 €: +200 €",
        "Jugador 1 · Factura: Factura de la luz: −75 €",
        "Jugador 1 · Intereses de los préstamos: −300 €",
    ]
    deposit = {"player": 1, "action": action_to_dict(Deposit(100)), "events": []}
    assert entry_lines(state, deposit) == ["Jugador 2: Ingresar 100 € en la libreta"]
    mail = start()
    mail.pos[0] = 11
    mail.apply(Roll())
    mail.apply_chance(1)  # day 12: three mail cards (DDP-03), told in one line
    entry = {"player": 0, "action": action_to_dict(Roll()), "events": mail.events}
    assert entry_lines(mail, entry) == [
        "Jugador 1 saca un 1: Día 12 · Correo ×3",
        t("calendar.ev_mail_drawn", name="Jugador 1", count=3),
    ]


def test_every_kind_of_event_of_seeded_bot_games_is_told_in_words():
    """Each event kind the engine declares (but a shuffle and what the action's line says) gets
    a sentence of calendar.toml in some seeded game, in Spanish and in English."""
    from kit.games.dia_de_paga import EVENT_KINDS
    from kit.games.dia_de_paga.bots import BOTS
    from kit.widgets.calendar_view import NOT_TOLD, event_text

    events = []
    policies = list(BOTS.values())
    for seed in range(12):
        state = kit.load("dia_de_paga", players=4, months=2).new_state()
        rng = Random(seed)
        while not state.is_terminal():
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
            else:
                state.apply(policies[state.current_player()](state, rng))
            events += state.events
    for language in ("es", "en"):
        set_language(language)
        told = {e["kind"]: event_text(state, e) for e in events if event_text(state, e)}
        missing = set(EVENT_KINDS) - NOT_TOLD - set(told) - {"lottery_empty"}  # bots all stake
        assert not missing, language
        assert "{" not in "".join(told.values())


def test_numbers_read_in_the_class_language():
    state = payday_at_hand()
    set_language("en")
    view = calendar_view(state)
    assert view["weekdays"][0] == "Mon"
    assert view["buttons"][0]["label"] == "Roll the die"
    assert view["players"][0]["cash_text"] == "1,000"
    assert view["status"] == "Jugador 1 to play"


def test_game_over_names_the_winner():
    state = start(players=2)
    state.phase = "over"
    state.cash = [3000, 100]
    view = calendar_view(state)
    assert view["to_act"] is None and view["buttons"] == []
    assert view["status"] == "Fin de la partida · Gana Jugador 1"


def test_insurance_kept_on_payday_covers_the_garage_bill():
    """DDP-14: the premium is paid and the garage bill of the same payday is covered."""
    state = start()
    m = lambda card: mail_index(state, card)  # noqa: E731
    state.pos = [30, 1, 1]
    for c in ("m67", "m55"):  # car insurance (200 €) and a garage bill (90 €)
        state.piles[MAIL].remove(m(c))
        state.mail[0].append(m(c))
    state.apply(Roll())
    before = state.copy()
    state.apply_chance(1)
    kinds = [x["kind"] for x in payday_lines(state, state.payslips[-1])["lines"]]
    assert kinds == ["salary", "savings_interest", "insurance_pending"]  # the bill waits
    state.apply(KeepInsurance("m67"))
    done = payday_lines(state, state.payslips[-1])
    assert not done["running"]  # no loans: no repayment to decide
    assert [(x["kind"], x["amount"]) for x in done["lines"]] == [
        ("salary", 1500),
        ("savings_interest", 0),
        ("insurance_kept", -200),
        ("covered", 0),
    ]
    assert done["cash_change"] == state.cash[0] - before.cash[0] == 1300


# -- issue 15: tokens readable from the back row, counts in the singular for 1 ----------------


def test_tokens_carry_the_players_initial_and_a_contrasting_ink():
    assert marks(["Ana", "Luis", "Bot 1", "Bot 2"]) == ["A", "L", "B3", "B4"]
    assert marks(["ana", "¡Eva!"]) == ["A", "E"]
    view = calendar_view(kit.load("dia_de_paga", players=["Ana", "Luis", "Bot"]).start_state())
    assert [p["mark"] for p in view["players"]] == ["A", "L", "B"]
    for p in calendar_view(start(players=6))["players"]:  # dark ink on all but the blue
        assert p["ink"] == (PAPER if p["colour"] == BLUE else INK)


def test_one_loan_card_one_mail_card_are_said_in_the_singular():
    state = start()
    assert calendar_view(state)["players"][0]["loans_text"] == money(0) + " €"
    state.apply(TakeLoan(1500))
    me = calendar_view(state)["players"][0]
    assert me["loans_text"] == t("calendar.loan_cards_one", amount=money(1500), cards=1)
    assert "tarjetas" not in me["loans_text"]
    days = calendar_view(state)["days"]
    one = next(d for d in days if d["kind"] == "mail" and "×1" in d["label"])
    assert one["instruction"] == t("calendar.do_mail_one", count=1)
    many = next(d for d in days if d["kind"] == "mail" and "×1" not in d["label"])
    assert "cartas" in many["instruction"] and "carta(s)" not in many["instruction"]
