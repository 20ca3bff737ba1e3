"""The board's view model: plain JSON that follows the engine, and buttons that are its actions."""

from __future__ import annotations

import json
from fractions import Fraction
from random import Random

import pytest

import kit
from kit.games.core import action_to_dict
from kit.games.property import Build, Buy, EndTurn, PropertyState
from kit.games.property.refusals import Refused
from kit.messages import CATALOGUE, set_language, t
from kit.widgets.board_view import (
    GROUP_COLOURS,
    PLAYER_COLOURS,
    PLAYER_SHAPES,
    action_label,
    board_view,
    heat_colour,
    heat_scale,
    money,
    money_text,
    told_refusal,
)
from kit.widgets.game_log import event_text

GAMES = ("el_pale", "la_ruta_del_tesoro", "superpoly")


@pytest.fixture(autouse=True)
def spanish():
    set_language("es")
    yield
    set_language("es")


def greedy(state: PropertyState):
    """Buy and build whenever possible; otherwise move the game on."""
    actions = state.legal_actions()
    for kind in (Buy, Build):
        for action in actions:
            if type(action) is kind:
                return action
    for action in actions:
        if type(action).__name__ in (
            "RollDice",
            "EndTurn",
            "PassBid",
            "KeepMortgaged",
            "PayJailFine",
            "DeclareBankruptcy",
            "RejectTrade",
            "Decline",
        ):
            return action
    return actions[0]


def seeded_game(name: str = "superpoly", players: int = 2, seed: int = 1):
    """Yield (state, action, view before) for each decision of a seeded greedy game."""
    state = kit.load(name, players=players).new_state()
    rng = Random(seed)
    for _ in range(3000):
        if state.is_terminal():
            return
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        action = greedy(state)
        before = board_view(state)
        state.apply(action)
        yield state, action, before


def test_after_buying_the_owner_shows_and_cash_drops():
    for state, action, before in seeded_game():
        if isinstance(action, Buy):
            after = board_view(state)
            square, buyer = after["squares"][action.square], before["to_act"]
            assert before["squares"][action.square]["owner"] is None
            assert square["owner"] == buyer
            price = square["price"]
            assert after["players"][buyer]["cash"] == before["players"][buyer]["cash"] - price
            assert action.square in after["players"][buyer]["titles"]
            return
    pytest.fail("nobody bought anything")


def test_after_building_the_houses_show_and_the_bank_has_one_fewer():
    for state, action, before in seeded_game():
        if isinstance(action, Build):
            after = board_view(state)
            assert after["squares"][action.square]["houses"] == (
                before["squares"][action.square]["houses"] + 1
            )
            assert after["bank"]["houses"] == before["bank"]["houses"] - 1
            return
    pytest.fail("nobody built anything")


def test_a_hotel_shows_as_a_hotel_and_la_ruta_calls_it_a_castle():
    state = kit.load("la_ruta_del_tesoro", players=2).start_state()
    state.owner[0] = 0
    state.level[0] = 5
    view = board_view(state)
    square = view["squares"][state.game.t_square[0]]
    assert (square["hotel"], square["houses"]) == (True, 0)
    assert view["hotel_word"] == "castillo"
    assert "castillos" in view["bank"]["text"]
    assert board_view(kit.load("superpoly", players=2).start_state())["hotel_word"] == "hotel"


def test_mortgaged_titles_are_marked():
    state = kit.load("el_pale", players=2).start_state()
    state.owner[0] = 1
    state.mortgaged[0] = True
    square = board_view(state)["squares"][state.game.t_square[0]]
    assert square["mortgaged"] and square["owner"] == 1


@pytest.mark.parametrize("name", GAMES)
def test_the_buttons_are_exactly_the_engines_legal_actions(name):
    steps = 0
    for state, _action, _before in seeded_game(name, players=3, seed=4):
        if state.is_chance() or state.is_terminal():
            continue
        view = board_view(state)
        legal = [
            action_to_dict(a) for a in state.legal_actions() if type(a).__name__ != "ProposeTrade"
        ]
        assert [b["action"] for b in view["buttons"]] == legal
        assert all(b["label"] and b["kind"] == b["action"]["type"] for b in view["buttons"])
        assert view["to_act"] == state.current_player()
        steps += 1
        if steps == 300:
            break
    assert steps > 50


@pytest.mark.parametrize("name", GAMES)
def test_forty_squares_with_names_kinds_and_group_colours(name):
    state = kit.load(name, players=4).start_state()
    view = board_view(state)
    assert len(view["squares"]) == 40
    assert [s["index"] for s in view["squares"]] == list(range(40))
    assert view["squares"][0]["name"] == "Salida"
    lot_colours = {s["colour"] for s in view["squares"] if s["kind"] == "lot"}
    assert lot_colours == set(GROUP_COLOURS)
    letters = {s["group"]: s["letter"] for s in view["squares"] if s["group"]}
    assert len(set(letters.values())) == len(letters), "every group has its own letter"
    assert view["squares"][0]["tokens"] == [0, 1, 2, 3]  # several tokens on one square
    assert [p["colour"] for p in view["players"]] == list(PLAYER_COLOURS[:4])
    assert [p["shape"] for p in view["players"]] == list(PLAYER_SHAPES[:4])
    assert [p["mark"] for p in view["players"]] == ["1", "2", "3", "4"]


def test_players_cards_and_jail_are_shown():
    state = kit.load("superpoly", players=3).start_state()
    state.jail[1] = 1
    state.pos[1] = 10
    state.held[2] = [state.game.card_ref(state.game.decks[0].name, state.game.decks[0].cards[0].id)]
    view = board_view(state)
    assert view["players"][1]["in_jail"] and view["players"][1]["jail_turns"] == 1
    assert "Prisión" in view["players"][1]["jail_text"]
    assert view["players"][2]["cards"] == 1
    assert 1 in view["squares"][10]["tokens"]


def test_json_serialisable_and_deterministic():
    states = [s.copy() for s, _a, _b in seeded_game(seed=3)][::25]
    assert states
    for state in states:
        view = board_view(state, selected=5, heat=list(range(40)), message="hola")
        text = json.dumps(view, sort_keys=True, allow_nan=False)
        assert json.loads(text) == view
        assert board_view(state, selected=5, heat=list(range(40)), message="hola") == view


def test_a_selected_square_shows_its_title_deed():
    state = kit.load("superpoly", players=2).start_state()
    deed = board_view(state, selected=39)["deed"]
    assert deed["name"] == "Calvo Sotelo"
    values = dict(deed["lines"])
    assert values["Precio"] == "80\u202f000"
    assert values["Con hotel"] == "400\u202f000"
    assert values["Cada casa"] == "40\u202f000"
    assert values["Hipoteca"] == "40\u202f000"
    assert board_view(state, selected=4)["deed"]["lines"] == [["Paga 40\u202f000 al banco", ""]]
    assert board_view(state)["deed"] is None
    assert board_view(state, selected=99)["deed"] is None
    for bad in (99, -1, True, "3", 2.0):
        view = board_view(state, selected=bad)
        assert view["deed"] is None and view["selected"] is None
        assert not any(square["selected"] for square in view["squares"])


def test_heat_colours_every_square_and_gives_a_legend():
    state = kit.load("el_pale", players=2).start_state()
    heat = {i: Fraction(i, 39) for i in range(40)}
    view = board_view(state, heat=heat, heat_label="Probabilidad")
    legend = view["heat"]
    assert (legend["min"], legend["max"], legend["label"]) == (0.0, 1.0, "Probabilidad")
    assert view["squares"][0]["heat_colour"] == heat_colour(0) == legend["colours"][0]
    assert view["squares"][39]["heat_colour"] == heat_colour(1) == legend["colours"][-1]
    assert view["squares"][39]["heat_ink"] == "#FFFFFF"  # white on dark purple
    partial = board_view(state, heat={5: 3, 7: 3})
    assert partial["squares"][6]["heat_colour"] is None
    assert partial["squares"][5]["heat_colour"] == heat_colour(0.5)  # all equal: the middle
    assert board_view(state)["heat"] is None


@pytest.mark.parametrize("bad", [[1, 2, 3], ["a"] * 40, [True] * 40])
def test_bad_heat_is_refused(bad):
    state = kit.load("el_pale", players=2).start_state()
    with pytest.raises(ValueError):
        board_view(state, heat=bad)


def test_english_labels():
    state = kit.load("superpoly", players=2).start_state()
    set_language("en")
    view = board_view(state)
    assert view["language"] == "en"
    assert view["buttons"][0]["label"] == CATALOGUE["en"]["action.RollDice"]
    assert view["status"] == "Jugador 1 to play"


def test_every_action_has_a_label_in_both_languages():
    from kit.games.property.actions import ACTIONS

    for code in ("es", "en"):
        assert {f"action.{name}" for name in ACTIONS} <= set(CATALOGUE[code])


@pytest.mark.parametrize("name", ["el_pale", "la_ruta_del_tesoro", "superpoly"])
def test_every_square_clicked_says_what_happens_there(name):
    """Issue 14, point 7: a click on any square, Salida and the Cárcel included, shows its deed
    or what happens on it; never an empty panel."""
    state = kit.load(name).new_state()
    for square in range(len(state.game.rules.squares)):
        deed = board_view(state, selected=square)["deed"]
        assert deed["lines"] and all(line[0] for line in deed["lines"]), (name, square)


def test_a_chance_step_is_named_in_words_not_by_the_engines_phase():
    """The status line at the opening roll reads «Azar: sorteo de quién empieza», not «order»."""
    state = kit.load("el_pale").new_state()
    assert state.is_chance() and state.phase == "order"
    assert board_view(state)["status"] == "Azar: sorteo de quién empieza"


def test_a_bots_turn_greys_the_buttons_out_and_says_why():
    """Issue 14, point 7: on a bot's turn the buttons are its legal actions, greyed out, and the
    line next to them names the bot (its title in class) and says it plays by itself."""
    from kit.games.registry import game_type
    from kit.messages import t

    state = kit.load("superpoly", players=2).start_state()
    me = state.current_player()
    person = board_view(state)
    assert person["waiting"] == "" and all(b["enabled"] for b in person["buttons"])
    view = board_view(state, bots={me: "build_asap"})
    assert view["to_act_is_bot"] and view["buttons"]
    assert [b["action"] for b in view["buttons"]] == [b["action"] for b in person["buttons"]]
    assert not any(b["enabled"] for b in view["buttons"])
    title = game_type("superpoly").bot_title("build_asap")
    assert view["waiting"] == t("board.wait_bot", name=state.game.names[me], bot=title)
    assert title in view["waiting"]
    other = board_view(state, bots={1 - me: "build_asap"})  # a bot at the table, not to act
    assert other["waiting"] == "" and all(b["enabled"] for b in other["buttons"])


def test_at_the_end_and_while_chance_decides_no_button_is_live_and_the_line_says_why():
    from kit.messages import t

    state = kit.load("el_pale").new_state()
    assert state.is_chance()
    view = board_view(state)
    phase = t("rules_property.phase_order")
    assert view["buttons"] == [] and view["waiting"] == t("board.wait_chance", phase=phase)
    state = kit.load("el_pale", players=2).start_state()
    state.phase = "over"
    assert state.is_terminal()
    view = board_view(state)
    assert view["buttons"] == [] and view["waiting"] == t("board.wait_over")


def started(name: str = "superpoly") -> PropertyState:
    state = kit.load(name, players=3).start_state()
    rng = Random(4)
    while state.is_chance():
        state.apply_chance(state.sample_chance(rng))
    return state


def test_a_refusal_is_plain_words_with_money_formatted_and_the_rule_apart():
    """No «PROP-12» and no 300000 in the sentence beside the buttons (issue 15, point 3)."""
    state = started()
    square = state.game.t_square[0]
    problem = Refused("rules_property.build_cost", title="X", cost=300_000, name="Ana", cash=12_000)
    told = told_refusal(state, Build(square), problem)
    shown = {"cost": money_text(state, 300_000), "cash": money_text(state, 12_000)}
    reason = t("rules_property.build_cost", title="X", name="Ana", **shown)
    assert told == {
        "text": t("board.refused", label=action_label(state, Build(square)), reason=reason),
        "rule": "",
    }
    assert "300000" not in told["text"] and money(300_000) + " pesetas" in told["text"]
    grouped = told_refusal(state, Build(square), Refused("rules_property.whole_group", group="A"))
    assert grouped["rule"] == "PROP-10"
    assert "PROP" not in grouped["text"] and "(" not in grouped["text"]


def test_the_engines_own_refusal_reads_without_its_list_of_actions():
    state = started()
    problem = state.refusal(EndTurn())  # the dice first
    told = told_refusal(state, EndTurn(), problem)
    assert told["text"] == t(
        "board.refused",
        label=action_label(state, EndTurn()),
        reason=t(problem.key, **problem.values),
    )


def test_a_sentence_of_its_own_is_refused_as_it_is():
    state = started()
    told = told_refusal(state, EndTurn(), "Le toca a un bot")
    assert told == {"text": t("board.not_allowed", reason="Le toca a un bot"), "rule": ""}


def test_the_bank_counts_agree_with_their_nouns():
    state = started()
    state.houses, state.hotels = 1, 1
    assert board_view(state)["bank"]["text"] == t(
        "board.bank", houses=f"1 {t('board.house')}", hotels=f"1 {t('board.hotel')}"
    )
    state.houses, state.hotels = 2, 0
    assert board_view(state)["bank"]["text"] == t(
        "board.bank", houses=f"2 {t('board.houses')}", hotels=f"0 {t('board.hotels')}"
    )


def test_the_heat_scale_leaves_out_one_square_far_above_the_rest():
    values = [2.0] * 40
    values[5] = 3.0
    values[10] = 6.2  # the Cárcel
    assert heat_scale(values) == (2.0, 3.0, [10], [])
    values[10] = 4.0  # not further from the next than the others spread: on the scale
    assert heat_scale(values) == (2.0, 4.0, [], [])
    values[30] = 0.0  # the square that sends you to the Cárcel: no turn ends there
    values[10] = 6.2
    assert heat_scale(values) == (2.0, 3.0, [10], [30])
    assert heat_scale([v + 1 for v in range(40)]) == (1, 40, [], [])  # evenly spread: all on it
    assert heat_scale([0, 0, *range(1, 39)]) == (0, 38, [], [])  # two 0s: not a lone one
    view = board_view(started(), heat={10: 6.2, 5: 3.0, 1: 2.0, 2: 2.5})
    assert view["squares"][10]["heat_over"] and not view["squares"][5]["heat_over"]
    assert view["squares"][10]["heat_colour"] == view["squares"][5]["heat_colour"]  # the top
    lines = [t("board.heat_off_scale"), t("board.heat_over", squares="Prisión 6,20")]
    assert view["heat"]["over_text"] == "\n".join(lines)


def test_no_trade_waits_outside_the_trade_phase():
    assert board_view(started())["trade"] is None


def test_three_doubles_and_a_card_are_told_with_the_boards_own_names():
    state = started("superpoly")
    jail = state.game.rules.squares[state.game.rules.jail.square].name
    assert jail == "Prisión"
    line = event_text(state, {"kind": "jailed", "player": 0, "reason": "three_doubles"})
    assert line == t("log.jailed_three_doubles", jail=t("log.the_jail", jail=jail))
    assert "Cárcel" not in line and jail in line
    galeras = started("la_ruta_del_tesoro")  # a plural name: «a las Galeras»
    line = event_text(galeras, {"kind": "jailed", "player": 0, "reason": "three_doubles"})
    assert line == t("log.jailed_three_doubles", jail=t("log.the_jails", jail="Galeras"))
    card = {"kind": "card", "deck": "sorpresa", "title": "Sorpresa", "text": "Ve a la Salida"}
    assert event_text(state, card) == t("log.card", deck="Sorpresa", text="Ve a la Salida")


def test_the_long_run_heat_map_shows_the_differences_between_the_other_squares():
    """El Palé's long run (lesson 02): the Cárcel's 6 % and the 0 of the square that sends
    you there are off the scale, so the other squares span it from end to end."""
    from kit.lessons.tablero import game, heat

    state = game("el_pale").start_state()
    view = board_view(state, heat=heat("el_pale"))
    jail, sends = state.game.rules.jail.square, 30
    assert view["heat"]["over"] == [jail] and view["heat"]["under"] == [sends]
    others = [sq for sq in view["squares"] if sq["index"] not in (jail, sends)]
    colours = {sq["heat_colour"] for sq in others}
    assert heat_colour(0) in colours and heat_colour(1) in colours  # both ends used
    assert len(colours) >= 20
