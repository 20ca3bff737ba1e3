"""The class-game table without a browser: panels drawn from the session, clicks through it.

Board clicks go through `_handle_custom_msg`, the handler a browser's messages reach; panel
buttons through their `click()`, as ipywidgets does for a browser click.
"""

from __future__ import annotations

import json
import os
from html import escape

import pytest

from kit.games.property.actions import Bid, ProposeTrade, action_from_dict
from kit.games.registry import game_type
from kit.messages import set_language, t
from kit.save_check import read_save
from kit.session import Session
from kit.widgets.board_view import action_label, money, money_text
from kit.widgets.game_log import entry_text, log_lines
from kit.widgets.table import BOT_BURST, PropertyTable


@pytest.fixture(autouse=True)
def spanish():
    set_language("es")
    yield
    set_language("es")


def press(table: PropertyTable, kind: str) -> None:
    button = next(b for b in table.board.view["buttons"] if b["kind"] == kind)
    table.board._handle_custom_msg({"type": "act", "action": button["action"]}, [])


def kinds(table: PropertyTable) -> list[str]:
    return [b["kind"] for b in table.board.view["buttons"]]


def until(
    table: PropertyTable, wanted: str, prefer: tuple[str, ...] = (), moves: int = 200
) -> None:
    """Press buttons (the preferred kinds first, else roll / end the turn / decline) until
    a button of kind `wanted` is offered."""
    for _ in range(moves):
        if wanted in kinds(table):
            return
        offered = kinds(table)
        kind = next(
            (k for k in (*prefer, "RollDice", "EndTurn", "Decline", "PassBid") if k in offered),
            offered[0],
        )
        press(table, kind)
    raise AssertionError(f"no {wanted} button in {moves} moves")


def table_of(tmp_path, **start) -> PropertyTable:
    start.setdefault("humans", ["Ana", "Luis"])
    return PropertyTable.resume_or_start(tmp_path / "partida.json", "superpoly", seed=2026, **start)


def test_the_players_panel_shows_what_the_engine_holds(tmp_path):
    table = table_of(tmp_path)
    until(table, "Buy")
    press(table, "Buy")
    state = table.session.state
    buyer = next(p for p in range(2) if any(o == p for o in state.owner))
    square = state.game.t_square[state.owner.index(buyer)]
    html = table.players.value
    assert state.game.rules.squares[square].name in html
    assert money(state.cash[buyer]) in html
    assert "Ana" in html and "Luis" in html


def test_every_click_is_saved_and_a_new_kernel_resumes_it(tmp_path):
    table = table_of(tmp_path)
    until(table, "Buy")
    press(table, "Buy")
    assert read_save(tmp_path / "partida.json").log == table.session.log
    again = table_of(tmp_path, humans=["Otros", "Nombres"])  # the notebook's cell, run again
    assert again.session.state.to_json() == table.session.state.to_json()
    assert again.players.value == table.players.value
    assert again.game_log.value == table.game_log.value


def test_the_auction_panel_bids_any_amount_the_rules_allow(tmp_path):
    table = table_of(tmp_path)
    assert table.auction.layout.display == "none"
    until(table, "Decline")
    press(table, "Decline")
    state = table.session.state
    assert state.phase == "auction" and table.auction.layout.display == ""
    bidder = state.current_player()
    amount = state.min_bid() + 1  # not one of the board's three suggested bids
    assert amount not in [b["action"].get("amount") for b in table.board.view["buttons"]]
    table.bid_amount.value = amount
    table.bid_button.click()
    assert state.auction.high == amount and state.auction.bidder == bidder


def test_a_refused_bid_says_why_and_changes_nothing(tmp_path):
    table = table_of(tmp_path)
    until(table, "Decline")
    press(table, "Decline")
    before = table.session.state.to_json()
    saved = (tmp_path / "partida.json").read_bytes()
    table.bid_amount.value = 1  # below the opening bid
    table.bid_button.click()
    state = table.session.state
    low = money_text(state, state.min_bid())  # «20 000 pesetas», not 20000
    label = action_label(state, Bid(state.current_player(), 1))
    reason = t("rules_property.bid_low", amount=low)
    said = table.auction_said.value  # under the bid buttons that were clicked
    assert escape(t("board.refused", label=label, reason=reason)) in said
    assert "20000" not in said and table.message.value == ""
    assert table.session.state.to_json() == before
    assert (tmp_path / "partida.json").read_bytes() == saved


def test_a_trade_is_proposed_in_the_dialog_and_answered_on_the_board(tmp_path):
    table = table_of(tmp_path)
    for _ in range(12):  # until both players have bought something
        until(table, "Buy")
        press(table, "Buy")
        if all(p in table.session.state.owner for p in (0, 1)):
            break
    until(table, "RollDice")
    state = table.session.state
    me = state.current_player()
    partner = 1 - me
    assert table.trade.layout.display == ""
    table.trade_with.value = partner
    mine = table._titles_of(me)
    theirs = table._titles_of(partner)
    assert mine and theirs
    table.trade_give.value = (mine[0][1],)
    table.trade_take.value = (theirs[0][1],)
    table.trade_money.value = 0
    table.trade_button.click()
    assert state.phase == "trade", table.message.value
    assert {"AcceptTrade", "RejectTrade"} <= set(kinds(table))
    names = state.game.names
    terms = t("log.trade_terms", give=mine[0][0], take=theirs[0][0], money="")
    offer = t("board.trade_offer", name=names[me], to=names[partner], terms=terms)
    assert table.board.view["trade"] == offer  # the terms, for the player who must answer
    press(table, "AcceptTrade")
    assert table.board.view["trade"] is None
    said = t("log.trade_accepted", name=names[partner], proposer=names[me])
    assert table.board.message.startswith(t("log.line", name=names[partner], what=said))
    assert escape(said) in table.game_log.value
    assert state.owner[state.game.sq_title[theirs[0][1]]] == me


def test_the_saved_line_counts_one_move_in_the_singular(tmp_path):
    table = table_of(tmp_path)
    press(table, "RollDice")
    assert escape(t("table.saved_one", path="partida.json")) in table.saved.value


def test_a_bots_moves_after_a_click_are_told_on_the_board_line_by_line(tmp_path):
    """The human ends the turn; the bot plays several moves: the message says each of them."""
    table = table_of(tmp_path, humans=["Ana"], bots=["build_asap"])
    session = table.session
    until(table, "EndTurn", prefer=("Decline", "PassBid"))
    start = len(session.log)
    press(table, "EndTurn")
    moves = session.log[start:]
    assert len(moves) > 2  # the click, then the bot's own moves
    lines = table.board.message.split("\n")
    assert lines == [entry_text(session.state, entry) for entry in moves][-5:]
    assert table.board.view["message"] == table.board.message


def test_a_trade_the_rules_refuse_changes_nothing(tmp_path):
    table = table_of(tmp_path)
    until(table, "RollDice")
    before = table.session.state.to_json()
    state = table.session.state
    himself = ProposeTrade(to_player=state.current_player())
    problem = state.refusal(himself)
    table.act(himself)
    label = action_label(state, himself)
    reason = t(problem.key, **problem.values)
    assert escape(t("board.refused", label=label, reason=reason)) in table.message.value
    assert table.session.state.to_json() == before


def test_a_table_of_bots_is_watched_move_by_move(tmp_path):
    table = table_of(tmp_path, humans=[], bots=["build_asap", "cash_reserve"])
    assert table.bots.layout.display == ""
    table.step_button.click()
    table.burst_button.click()
    assert len(table.session.log) == 1 + 26  # the opening roll, one move, 25 moves
    assert "<li>" in table.game_log.value


def test_the_log_speaks_the_class_language(tmp_path):
    table = table_of(tmp_path)
    until(table, "Buy")
    press(table, "Buy")
    state, log = table.session.state, table.session.log
    spanish = log_lines(state, log)
    assert any("saca" in line for line in spanish) and any("pasa a" in line for line in spanish)
    set_language("en")
    english = log_lines(state, log)
    assert any("rolls" in line for line in english) and any("goes to" in line for line in english)
    table.refresh()
    assert "What happened" in table.game_log.value
    assert escape(english[-1]) in table.game_log.value
    assert table.panels.titles == (t("table.trade"),)


def test_the_engine_s_events_tell_a_purchase_its_price_and_the_dice():
    session = Session.start("el_pale", humans=["Ana", "Luis"], seed=9)
    for _ in range(100):
        if any(type(a).__name__ == "Buy" for a in session.state.legal_actions()):
            break
        session.act(session.state.legal_actions()[0])
    state = session.state
    buy = next(a for a in state.legal_actions() if type(a).__name__ == "Buy")
    buyer = state.current_player()
    price = state.game.rules.title_at(buy.square).price
    state.apply(buy)
    found = state.events
    assert {"kind": "bought", "player": buyer, "square": buy.square, "price": price} in found
    paid = {"kind": "cash", "player": buyer, "to": None, "amount": price, "reason": "price"}
    assert paid in found
    rolls = [
        e for e in (entry["events"] for entry in session.log) for e in e if e["kind"] == "rolled"
    ]
    assert rolls and all(1 <= d <= 6 for e in rolls for d in e["dice"])


def test_the_saved_notebook_gets_the_board_picture(tmp_path):
    table = table_of(tmp_path)
    data, _ = table._repr_mimebundle_()
    assert data["image/svg+xml"].startswith("<svg")
    # where the widget cannot be drawn (an untrusted notebook, JupyterLite before the cells
    # run), the class reads what it is and what to do, not the code's repr
    assert data["text/plain"] == t("widget.run_to_play", game="Superpoly")
    assert repr(table) == "PropertyTable(Session('superpoly': Ana, Luis; seed 2026))"


def test_not_a_property_session():
    with pytest.raises(TypeError, match=r"PropertyTable plays a kit\.Session"):
        PropertyTable(Session.start("palabra", humans=["Ana", "Luis"]))


def test_the_log_tells_every_kind_of_event_the_engine_declares():
    from kit.games.registry import game_type
    from kit.widgets.game_log import _TELLERS

    assert set(game_type("el_pale").events) == set(_TELLERS)


def test_the_log_tells_a_scarce_house_auction_prop_11():
    from kit.widgets.game_log import entry_text

    state = Session.start("el_pale", humans=["Ana", "Luis"], seed=9).state
    events = [
        {"kind": "auction_opened", "square": 1, "building": "house", "bidders": [0, 1]},
    ]
    line = entry_text(
        state, {"player": 0, "action": {"type": "Build", "square": 1}, "events": events}
    )
    assert f"sale a subasta una casa en {state.game.rules.squares[1].name}" in line
    won = {"kind": "auction", "square": 1, "building": "hotel", "player": 1, "price": 5000}
    line = entry_text(
        state, {"player": 1, "action": {"type": "PassBid", "player": 0}, "events": [won]}
    )
    place = state.game.rules.squares[1].name
    assert f"subasta: un hotel en {place} para Luis por 5" in line


def test_a_log_saved_before_the_engine_s_events_still_reads():
    from kit.widgets.game_log import entry_text

    state = Session.start("el_pale", humans=["Ana", "Luis"], seed=9).state
    old = [
        {"kind": "jailed", "player": 0},
        {"kind": "cash", "player": 0, "amount": -50_000, "cash": 1_450_000},
    ]
    line = entry_text(state, {"player": 0, "action": {"type": "RollDice"}, "events": old})
    jail = state.game.rules.squares[state.game.rules.jail.square].name
    assert (
        t("log.jailed_square", jail=t("log.the_jail", jail=jail)) in line
        and f"Ana −{money(50_000)} (tiene {money(1_450_000)})" in line
    )


def test_prop_01_the_opening_roll_is_one_line_of_the_log_ties_included():
    """Who starts, told once: every player's roll, a tie and its re-roll, who starts."""
    seeds = (
        seed
        for seed in range(200)
        if any(
            e["kind"] == "roll_off"
            for e in Session.start("el_pale", humans=["Ana", "Luis", "Marta"], seed=seed).log[0][
                "events"
            ]
        )
    )
    session = Session.start("el_pale", humans=["Ana", "Luis", "Marta"], seed=next(seeds))
    first = log_lines(session.state, session.log)[0]
    assert first.startswith("Para ver quién empieza, cada uno tira los dos dados: Ana (")
    assert "empate entre" in first and "vuelven a tirar: " in first
    assert first.endswith(f"empieza {session.names[session.state.cur]}")
    assert first.count("para ver quién empieza") == 0  # said once, capitalised


# -- issue 14, point 7: only what a click may do, and why not ------------------------------------


def test_a_table_of_bots_greys_every_move_button_out_and_stays_watchable(tmp_path):
    table = table_of(tmp_path, humans=[], bots=["build_asap", "cash_reserve"])
    session = table.session
    for _ in range(40):  # until a bot's turn shows the trade dialog (greyed out)
        if table.trade.layout.display == "":
            break
        table.step_button.click()
    seat = session.to_act()
    title = game_type("superpoly").bot_title(session.seat_bots[seat])
    line = t("board.wait_bot", name=session.names[seat], bot=title)
    assert table.board.view["waiting"] == line
    assert not any(b["enabled"] for b in table.board.view["buttons"])
    assert table.trade.layout.display == ""
    assert table.trade_button.disabled and table.trade_with.disabled
    assert escape(line) in table.trade_wait.value
    assert not table.step_button.disabled and not table.burst_button.disabled  # still watchable
    assert escape(t("table.bots_help", n=BOT_BURST)) in table.bots_wait.value
    table.step_button.click()
    assert len(session.log) > 1


def test_a_click_on_a_bots_turn_is_refused_with_the_sessions_reason_and_changes_nothing(
    tmp_path,
):
    table = table_of(tmp_path, humans=[], bots=["build_asap", "cash_reserve"])
    session = table.session
    before, log = session.state.to_json(), json.dumps(session.log)
    saved = (tmp_path / "partida.json").read_bytes()
    action = action_from_dict(table.board.view["buttons"][0]["action"])
    table.act(action)
    reason = t("session.bot_to_act", name=session.names[session.to_act()])
    assert escape(t("table.refused", reason=reason)) in table.message.value
    press(table, table.board.view["buttons"][0]["kind"])  # the board's own button: the same
    assert table.board.message == t("board.not_allowed", reason=reason)
    assert session.state.to_json() == before and json.dumps(session.log) == log
    assert (tmp_path / "partida.json").read_bytes() == saved


def test_a_table_of_bots_at_the_end_greys_its_buttons_out_and_says_so(tmp_path):
    table = table_of(tmp_path, humans=[], bots=["build_asap", "cash_reserve"])
    table.session.play_bots(100_000)
    table.board.refresh()  # the board's new view redraws the panels
    assert table.session.state.is_terminal()
    assert table.bots.layout.display == ""  # still shown, with why it is over
    assert table.step_button.disabled and table.burst_button.disabled
    assert escape(t("board.wait_over")) in table.bots_wait.value
    assert table.board.view["waiting"] == t("board.wait_over")
    before = table.session.state.to_json()
    table._play_bots(1)  # a click that arrives anyway says why nothing happened
    assert escape(t("board.wait_over")) in table.message.value
    assert table.session.state.to_json() == before


def test_people_s_buttons_are_live_and_a_bots_move_button_says_a_person_plays(tmp_path):
    table = table_of(tmp_path)
    until(table, "RollDice")
    assert table.board.view["waiting"] == ""
    assert all(b["enabled"] for b in table.board.view["buttons"])
    assert not table.trade_button.disabled and table.trade_wait.value == ""
    before = table.session.state.to_json()
    table._play_bots(1)  # no bot at this table: the bots wait for the person to act
    name = table.session.names[table.session.to_act()]
    assert escape(t("table.bots_person", name=name)) in table.message.value
    assert table.session.state.to_json() == before


def test_a_trade_with_nobody_chosen_says_so(tmp_path):
    table = table_of(tmp_path)
    until(table, "RollDice")
    table.trade_with.value = None
    before = table.session.state.to_json()
    table.trade_button.click()
    assert escape(t("table.trade_no_partner")) in table.trade_said.value
    assert table.session.state.to_json() == before


def test_a_save_that_fails_is_shown_where_saved_was_and_the_next_good_save_clears_it(tmp_path):
    table = table_of(tmp_path)
    path = tmp_path / "partida.json"
    assert "Guardado" in table.saved.value
    os.remove(path)
    os.mkdir(path)
    press(table, "RollDice")
    error = table.session.save_error
    assert error is not None
    assert escape(error) in table.saved.value and escape(t("table.warning")) in table.saved.value
    assert table.board.warning == error  # and on the board, next to its message
    assert "Guardado" not in table.saved.value
    assert "No se puede" not in table.message.value  # the move counts: not a refusal
    os.rmdir(path)
    press(table, table.board.view["buttons"][0]["kind"])
    assert table.session.save_error is None and table.board.warning == ""
    assert "Guardado" in table.saved.value


def test_a_refused_proposal_is_said_under_the_dialogs_button_with_its_rule_apart(tmp_path):
    table = table_of(tmp_path)
    until(table, "RollDice")
    state = table.session.state
    loan = ProposeTrade(to_player=1 - state.current_player(), money=100)
    problem = state.refusal(loan)
    table.trade_with.value = loan.to_player
    table.trade_money.value = 100
    table.trade_button.click()
    said = table.trade_said.value
    reason = t(problem.key, **problem.values).replace(" (PROP-12)", "")
    assert escape(t("board.refused", label=action_label(state, loan), reason=reason)) in said
    assert "<details" in said and escape(t("board.rule", rule="PROP-12")) in said
    assert "(PROP-12)" not in said.split("<details")[0]


def test_the_players_panel_calls_each_bot_by_its_title(tmp_path):
    """Issue 15: «Bot 1 (bot: build_asap)» was the code's name; the class reads the bot's
    title in its language, as in the waiting line («Constructora»)."""
    table = table_of(tmp_path, humans=["Ana"], bots=["build_asap", "cash_reserve"])
    kind = game_type(table.session.state.game)
    for name in ("build_asap", "cash_reserve"):
        assert escape(kind.bot_title(name)) in table.players.value
        assert kind.bot_title(name) != name
        assert f": {name})" not in table.players.value


def test_issue_22_the_bots_button_of_a_retired_table_says_why_and_plays_nothing(tmp_path):
    """The game opened again (another cell): the old table's bots button shows the refusal
    sentence (session.reopened) instead of playing moves that would be lost."""
    table = table_of(tmp_path, humans=[], bots=["build_asap", "cash_reserve"])
    newer = Session.resume(tmp_path / "partida.json")
    before = (table.session.state.to_json(), len(table.session.log))
    table._play_bots(BOT_BURST)
    sentence = t("session.reopened", path=tmp_path / "partida.json")
    assert escape(sentence) in table.message.value
    assert (table.session.state.to_json(), len(table.session.log)) == before
    assert table.session.save_error is None
    assert newer.play_bots(1) == 1
