"""The Día de Paga calendar without a browser: clicks go through the handler the browser's
messages use (`_handle_custom_msg`, where ipywidgets delivers a view's `model.send(...)`)."""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kit
from kit.games.dia_de_paga.actions import Deposit, action_from_dict
from kit.games.dia_de_paga.game import DiaDePagaState
from kit.games.registry import game_type
from kit.messages import set_language, t
from kit.session import Session
from kit.widgets.calendar import PaydayBoard, plain_refusal
from kit.widgets.calendar_view import money, payday_lines

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def spanish():
    set_language("es")
    yield
    set_language("es")


def click(board: PaydayBoard, content: object) -> None:
    """What a click in the view does: a custom message to the kernel."""
    board._handle_custom_msg(content, [])


def press(board: PaydayBoard, kind: str) -> None:
    """Click the first button of this kind, as the browser would: its action data, sent back."""
    button = next(b for b in board.view["buttons"] if b["kind"] == kind)
    click(board, {"type": "act", "action": button["action"]})


def type_amount(board: PaydayBoard, kind: str, amount: object) -> None:
    """Type an amount in a form and press its button."""
    click(board, {"type": "amount", "kind": kind, "amount": amount})


def game(players=("Ana", "Luis", "Bot"), months=1):
    return kit.load("dia_de_paga", players=list(players), months=months)


def play_on(board: PaydayBoard, clicks: int) -> None:
    """Roll, or take the last button (pass, no stake, end the payday …) when there is no roll."""
    for _ in range(clicks):
        kinds = [b["kind"] for b in board.view["buttons"]]
        if not kinds:
            return
        press(board, "Roll" if "Roll" in kinds else kinds[-1])


def test_a_new_game_waits_for_the_first_human_to_roll():
    board = PaydayBoard(game(), bots={2: "cautious_saver"}, seed=1)
    assert not board.state.is_chance()
    assert board.view["to_act"] == 0
    assert [b["kind"] for b in board.view["buttons"]] == ["Roll"]
    assert board.message == ""
    assert ET.fromstring(board.svg).tag.endswith("svg")


def test_roll_moves_the_token_through_the_engine_with_the_boards_seed():
    a = PaydayBoard(game(), bots={2: "gambler"}, seed=7)
    b = PaydayBoard(game(), bots={2: "gambler"}, seed=7)
    for board in (a, b):
        press(board, "Roll")
    assert a.state.to_json() == b.state.to_json()
    assert a.svg == b.svg
    roll = a.state.last_roll
    assert 1 <= roll <= 6
    assert a.message.startswith(f"Ana saca un {roll}: ")
    assert a.view["log"][0] == a.message
    assert a.view["die"] == a.state.last_roll


def test_bots_play_their_seats_after_a_human_acts():
    board = PaydayBoard(
        game(players=("Ana", "Bot 1", "Bot 2")), bots=[None, "gambler", "cautious_saver"]
    )
    press(board, "Roll")
    # the two bots have rolled too: it is Ana's turn again (or a decision of hers)
    assert board.view["to_act"] == 0
    assert board.state.pos[1] != 0 or board.state.pos[2] != 0
    assert any(line.startswith("Bot 1 saca") for line in board.view["log"])
    assert any(line.startswith("Bot 2 saca") for line in board.view["log"])


def test_a_table_of_bots_plays_the_whole_game():
    board = PaydayBoard(game(players=("A", "B")), bots={0: "borrower", 1: "do_nothing"}, seed=3)
    assert board.state.is_terminal()
    assert board.view["buttons"] == [] and "Fin de la partida" in board.view["status"]


def test_a_deposit_typed_in_the_form_goes_into_the_savings_book():
    board = PaydayBoard(game(), bots={2: "cautious_saver"}, seed=2)
    type_amount(board, "Deposit", "400")  # DDP-17
    ana = board.view["players"][0]
    assert (ana["cash"], ana["savings"]) == (1100, 400)
    assert board.state.savings[0] == 400
    assert 'class="kit-savings" data-player="0">400 €<' in board.svg
    assert board.message == "Ana: Ingresar 400 € en la libreta"
    assert board.view["to_act"] == 0  # any-time action: still Ana's turn


def test_a_deposit_after_day_23_is_refused_and_changes_nothing():
    state = game().start_state()
    state.pos = [24, 0, 0]
    board = PaydayBoard(state, bots={2: "cautious_saver"}, seed=2)
    before = board.state.to_json()
    type_amount(board, "Deposit", "100")  # DDP-17: up to and including day 23
    assert board.state.to_json() == before
    assert board.message.startswith("No se puede")
    assert board.view["message"] == board.message
    assert not next(f for f in board.view["forms"] if f["kind"] == "Deposit")["offered"]


@pytest.mark.parametrize("typed", ["abc", "-5", "1.5", "", " ", "٣", True, None, [], 10**12])
def test_a_bad_amount_is_refused_and_changes_nothing(typed):
    board = PaydayBoard(game(), bots={2: "cautious_saver"}, seed=2)
    before = board.state.to_json()
    type_amount(board, "Deposit", typed)
    assert board.state.to_json() == before
    assert board.message


def test_an_amount_the_engine_refuses_says_why():
    board = PaydayBoard(game(), seed=2)
    before = board.state.to_json()
    for kind, amount in (
        ("TakeLoan", "1000"),
        ("Deposit", "99999"),
        ("Withdraw", "10"),
        ("Gamble", "5"),
    ):
        type_amount(board, kind, amount)  # DDP-16: multiples of 1500; DDP-17; DDP-15
        assert board.state.to_json() == before
        assert board.message.startswith("No se puede"), kind
    type_amount(board, "TakeLoan", "3000")
    assert board.state.loans[0] == 3000 and board.view["players"][0]["loan_cards"] == 2


def test_the_payday_panel_adds_up_to_what_the_engine_paid():
    """DDP-12: every payday's lines are the engine's own payslip: replaying the game step by
    step, the cash lines of each payday add up to the cash the player gained or lost in it,
    and the savings and loans lines to the change of his book and his debt."""
    board = PaydayBoard(game(months=2), bots={2: "cautious_saver"}, seed=2026)
    play_on(board, 400)
    assert board.state.is_terminal()
    slips = board.state.payslips
    assert [s["player"] for s in slips if not s["extra"]].count(2) == 2  # two months
    assert len(slips) >= 6
    for slip, lines in zip(slips, board.paydays(), strict=True):
        assert not lines["running"] and lines["lines"][0]["amount"] == 1500
        book = sum(x["amount"] for x in lines["lines"] if x["account"] == "savings")
        book += sum(-x["amount"] for x in lines["lines"] if x["kind"] == "deposit")
        book -= sum(x["amount"] for x in lines["lines"] if x["kind"] == "withdraw")
        assert slip["savings"].start + book == slip["savings"].close
    assert board.view["payday"] == board.paydays()[-1]


def test_a_payday_s_cash_lines_are_the_cash_it_moved():
    """Step by step through seeded bot games: whenever a step writes payslip lines, the
    player's cash moves by exactly their cash amounts (not compared: steps with a debt, as a
    bill he cannot pay yet waits as one, and a roll of six that also won the kitty)."""
    from random import Random

    from kit.games.dia_de_paga.bots import BOTS

    checked = 0
    for seed in range(8):
        state = game(months=2).new_state()
        rng, bots = Random(seed), list(BOTS.values())
        while not state.is_terminal():
            before = state.copy()
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
            else:
                state.apply(bots[state.actor() % len(bots)](state, rng))
            moved: dict[int, int] = {}
            for i, slip in enumerate(state.payslips):
                old = len(before.payslips[i]["lines"]) if i < len(before.payslips) else 0
                for line in slip["lines"][old:]:
                    if line.account == "cash":
                        moved[slip["player"]] = moved.get(slip["player"], 0) + line.amount
            kitty = before.kitty and before.phase == "move" and state.last_roll == 6  # DDP-11
            if state.debts or before.debts or kitty:
                continue
            for p, amount in moved.items():
                assert state.cash[p] - before.cash[p] == amount, (seed, p, state.payslips[-1])
                checked += 1
    assert checked > 50  # the comparison happened, many times


def test_an_illegal_button_changes_nothing_and_says_why():
    board = PaydayBoard(game(), seed=3)
    before = board.state.to_json()
    click(board, {"type": "act", "action": {"type": "Buy"}})
    assert board.state.to_json() == before
    assert board.message.startswith("No se puede")
    assert board.view["refused"]
    press(board, "Roll")
    assert not board.view["refused"]


def test_python_api_and_bad_arguments():
    board = PaydayBoard(game(), seed=1)
    board.act(Deposit(100))
    assert board.state.savings[0] == 100
    with pytest.raises(ValueError):
        board.act(Deposit(10**6))
    with pytest.raises(TypeError):
        PaydayBoard("dia_de_paga")
    with pytest.raises(ValueError):
        PaydayBoard(game(), seed="dos")
    with pytest.raises(ValueError, match="bots"):
        PaydayBoard(game(), bots={1: "genius"})
    with pytest.raises(ValueError, match="asiento"):
        PaydayBoard(game(), bots={5: "gambler"})
    assert "0x" not in repr(board)


def test_mimebundle_has_the_static_svg_and_follows_the_language():
    board = PaydayBoard(game(), seed=1)
    data, _ = board._repr_mimebundle_()
    assert data["image/svg+xml"] == board.svg
    assert "application/vnd.jupyter.widget-view+json" in data
    set_language("en")
    board.refresh()
    assert board.view["buttons"][0]["label"] == "Roll the die"


junk = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(["Roll", "Deposit", "Stake", "Sell", "act", "amount"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)
actions = st.fixed_dictionaries(
    {
        "type": st.sampled_from(
            [
                "Roll",
                "Buy",
                "Pass",
                "Sell",
                "Stake",
                "Repay",
                "TakeLoan",
                "Deposit",
                "Withdraw",
                "Gamble",
                "KeepInsurance",
                "EndPayday",
                "Nope",
            ]
        )
    },
    optional={"amount": junk, "stake": junk, "card": junk, "number": junk},
)
messages = (
    junk
    | st.fixed_dictionaries({"type": st.just("act")}, optional={"action": junk | actions})
    | st.fixed_dictionaries(
        {"type": st.just("amount")},
        optional={
            "kind": junk | st.sampled_from(["Deposit", "TakeLoan", "Gamble"]),
            "amount": junk,
        },
    )
)


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(messages)
def test_garbled_messages_never_raise_and_change_nothing_unless_legal(content):
    board = PaydayBoard(game(), bots={2: "cautious_saver"}, seed=5)
    before = board.state.to_json()
    legal = legal_action(board.state, content)
    click(board, content)
    if not legal:
        assert board.state.to_json() == before
        assert board.message
    DiaDePagaState.from_json(board.state.to_json(), board.state.game)  # still a sound state


def legal_action(state: DiaDePagaState, content: object) -> bool:
    """Whether `content` is a click on an action the rules allow now (checked on a copy)."""
    if not isinstance(content, dict):
        return False
    try:
        if content.get("type") == "act":
            return state.copy().why_not(action_from_dict(content["action"])) is None
        if content.get("type") == "amount":
            amount = content["amount"]
            if isinstance(amount, str):
                amount = (
                    int(amount) if amount.strip().isascii() and amount.strip().isdigit() else None
                )
            field = "stake" if content["kind"] == "Gamble" else "amount"
            data = {"type": content["kind"], field: amount}
            return state.copy().why_not(action_from_dict(data)) is None
    except Exception:
        return False
    return False


def test_a_saved_month_comes_back_after_a_restart(tmp_path):
    """The board over a session with a file: every move is saved, a new kernel finds it."""
    from kit.session import Session

    path = tmp_path / "partida_dia_de_paga.json"
    start = dict(humans=["Ana"], bots=["cautious_saver", "gambler"], seed=7, months=1)
    board = PaydayBoard(Session.resume_or_start(path, "dia_de_paga", **start))
    for _ in range(6):
        board.act(board.state.legal_actions()[0])
    again = PaydayBoard(Session.resume_or_start(path, "dia_de_paga", **start))
    assert again.state.to_json() == board.state.to_json()
    assert again.view["players"] == board.view["players"] and again.view["log"]


# -- issue 14, point 7: only what a click may do, and why not ------------------------------------


def at_a_bots_turn() -> Session:
    """A session waiting on its bot (seat 0): made by hand, chance rolled, no bot move yet."""
    session = Session(
        "dia_de_paga", ["Bot", "Ana"], ["gambler", None], seed=3, options={"months": 1}
    )
    while session.state.is_chance():
        session.step()
    assert session.to_act() == 0
    return session


def test_a_bots_turn_greys_the_buttons_and_forms_out_and_names_the_bot():
    board = PaydayBoard(at_a_bots_turn())
    view = board.view
    assert view["buttons"] and not any(b["enabled"] for b in view["buttons"])
    assert view["forms"] and not any(f["enabled"] for f in view["forms"])
    title = game_type("dia_de_paga").bot_title("gambler")
    assert view["waiting"] == t("calendar.wait_bot", name="Bot", bot=title)
    assert board.waiting() == view["waiting"]


def test_a_click_on_a_bots_turn_is_refused_with_the_sessions_reason_and_changes_nothing():
    session = at_a_bots_turn()
    board = PaydayBoard(session)
    before, log = session.state.to_json(), json.dumps(session.log)
    reason = t("session.bot_to_act", name="Bot")
    press(board, "Roll")
    assert board.message == t("calendar.not_allowed", reason=reason) and board.view["refused"]
    type_amount(board, "Deposit", "100")
    assert board.message == t("calendar.not_allowed", reason=reason)
    assert session.state.to_json() == before and json.dumps(session.log) == log


def test_a_table_of_bots_is_played_out_and_its_buttons_say_the_game_is_over():
    board = PaydayBoard(game(players=("A", "B")), bots={0: "borrower", 1: "do_nothing"}, seed=3)
    assert board.view["waiting"] == t("calendar.wait_over")
    assert not any(f["enabled"] for f in board.view["forms"])


def test_a_late_click_is_refused_instead_of_playing_for_the_next_player():
    board = PaydayBoard(game(), bots={2: "cautious_saver"}, seed=1)
    stamp = board.view["move"]
    roll = {"type": "act", "action": {"type": "Roll"}, "move": stamp}
    click(board, roll)
    assert board.view["move"] != stamp
    before, log = board.state.to_json(), json.dumps(board.session.log)
    click(board, roll)  # a double click: made on the view before the first roll
    assert board.message == t("calendar.late") and board.view["refused"]
    click(board, {"type": "amount", "kind": "Deposit", "amount": "100", "move": stamp})
    assert board.message == t("calendar.late")
    assert board.state.to_json() == before and json.dumps(board.session.log) == log


def test_a_save_that_fails_is_shown_as_a_warning_and_the_next_good_save_clears_it(tmp_path):
    path = tmp_path / "partida.json"
    start = dict(humans=["Ana"], bots=["cautious_saver"], seed=7, months=1)
    board = PaydayBoard(Session.resume_or_start(path, "dia_de_paga", **start))
    assert board.warning == ""
    os.remove(path)
    os.mkdir(path)
    press(board, "Roll")
    error = board.session.save_error
    assert error is not None and board.warning == error == board.view["warning"]
    assert not board.view["refused"] and board.state.last_roll is not None
    os.rmdir(path)
    play_on(board, 1)
    assert board.session.save_error is None and board.warning == ""


def test_what_resuming_had_to_say_is_shown_until_the_first_click():
    session = Session.of(game(), "dia_de_paga", seed=1, bots={2: "cautious_saver"})
    session.notices = ["Se ha retomado la partida que tenía abierta otro ordenador."]
    board = PaydayBoard(session)
    assert board.warning == session.notices[0] == board.view["warning"]
    press(board, "Roll")
    assert board.warning == ""


# -- issue 15: every event told, refusals in plain words, the pieces of one screen -----------


def test_the_log_shows_the_last_several_events_newest_move_first():
    board = PaydayBoard(
        game(players=("Ana", "Bot 1", "Bot 2")), bots=[None, "gambler", "cautious_saver"], seed=5
    )
    press(board, "Roll")
    log, new = board.view["log"], board.view["log_new"]
    assert 3 <= new <= len(log) <= 8  # Ana's roll and both bots' moves, not one line
    assert board.message in log[:new]  # the lines of this click come first, the roll among them
    assert log[0].startswith("Bot 2")  # the newest move first: the last bot's
    play_on(board, 6)
    assert len(board.view["log"]) == 8  # the last eight lines, however many moves back


def test_a_refusal_is_plain_words_with_the_rule_in_a_why_detail():
    board = PaydayBoard(game(), bots={2: "cautious_saver"}, seed=2026)
    type_amount(board, "TakeLoan", "1000")  # DDP-16: loans come in cards of 1 500 €
    assert board.view["refused"] and "DDP" not in board.message
    assert money(1500) in board.message and money(1000) in board.message
    assert board.view["why"] == t("calendar.why_rule", rules="DDP-16")
    type_amount(board, "Withdraw", "300000")
    assert money(300000) in board.message and "300000" not in board.message
    assert board.view["why"] == ""  # that sentence names no rule
    press(board, "Roll")
    assert not board.view["refused"] and board.view["why"] == ""


def test_plain_refusal_formats_the_euros_and_takes_the_rule_ids_out():
    state = game().start_state()
    while state.is_chance():
        state.apply_chance(state.chance_outcomes()[0][0])
    problem = state.refusal(Deposit(10**6))
    sentence, _why = plain_refusal(problem)
    assert money(10**6) in sentence and "DDP" not in sentence
    assert plain_refusal("a plain sentence") == (
        t("calendar.not_allowed", reason="a plain sentence"),
        "",
    )


def test_the_live_board_draws_the_calendar_books_and_paydays_apart():
    board = PaydayBoard(game(players=("A", "B")), bots={0: "borrower", 1: "do_nothing"}, seed=3)
    month, books, paydays = (ET.fromstring(board.pieces[k]) for k in ("month", "books", "paydays"))
    classes = lambda tree: {g.get("class") for g in tree.iter(f"{SVG}g")}  # noqa: E731
    assert "kit-day" in classes(month) and "kit-book" not in classes(month)
    assert "kit-book" in classes(books) and "kit-day" not in classes(books)
    assert "kit-payday" in classes(paydays)
    assert int(month.get("height")) < 800  # beside the buttons at 1280×720 (scaled to width)


def test_the_payday_panel_has_each_players_last_payday():
    board = PaydayBoard(game(players=("A", "B")), bots={0: "borrower", 1: "do_nothing"}, seed=3)
    slips = board.state.payslips
    last = {slip["player"]: slip for slip in slips}
    assert [p["player"] for p in board.view["paydays"]] == sorted(last)
    for shown in board.view["paydays"]:
        assert shown == payday_lines(board.state, last[shown["player"]])
    assert board.view["payday"] == board.paydays()[-1]


def test_issue_22_a_retired_table_of_bots_shows_the_refusal_and_plays_nothing(tmp_path):
    """A calendar of bots plays the game out when shown; given a table that is no longer the
    game's (opened again in another cell), it plays nothing and its warning says why."""
    path = tmp_path / "partida.json"
    old = Session.start("dia_de_paga", humans=[], bots=["gambler", "cautious_saver"], save_to=path)
    Session.resume(path)
    before = old.state.to_json()
    board = PaydayBoard(old)
    assert board.warning == t("session.reopened", path=path)
    assert old.state.to_json() == before and not old.state.is_terminal()
