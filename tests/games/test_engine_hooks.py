"""The engine's small hooks for analysis: PropertyState.place / nearest, the move_to_nearest card
effect, the bundled reference rule set "classic" (the standard US game), the one table of card
effects, and the events the engine records for the class log."""

from __future__ import annotations

import pytest
from conftest import conserved, fresh, put_on_top

from kit.games.core import IllegalAction
from kit.games.property.actions import PayJailFine, RollDice
from kit.games.property.game import PropertyGame
from kit.games.property.load import BUNDLED, REFERENCE, RuleSetError, bundled_path, load_rules
from kit.games.property.rules import CARD_EFFECTS
from kit.messages import t


def classic(players: int = 2):
    return PropertyGame(load_rules("classic"), players).start_state()


# ------------------------------------------------------------------------- place


def test_place_puts_the_token_without_salary_or_landing():
    s = fresh("fixture")
    p = s.cur
    cash = s.cash[:]
    s.place(p, 30)  # the go-to-jail square: placing does not land
    assert s.pos[p] == 30 and s.jail[p] == -1 and s.phase == "turn" and s.cash == cash
    s.place(p, 7, doubles=2)
    assert s.doubles == 2 and s.again and s.phase == "after"
    s.place(p, 0, jail=1)
    assert s.pos[p] == 10 and s.jail[p] == 1 and s.doubles == 0 and s.phase == "turn"
    assert conserved(s)


def test_prop_03_place_then_a_third_double_goes_to_jail():
    s = fresh("fixture")
    p = s.cur
    s.place(p, 5, doubles=2)
    s.apply(RollDice())
    s.apply_chance((3, 3))
    assert s.pos[p] == 10 and s.jail[p] == 0  # PROP-03: no move, straight to jail


def test_sup_05_place_in_jail_then_the_engine_frees_on_a_double():
    s = fresh("superpoly")
    p = s.cur
    s.place(p, 10, jail=0)
    s.apply(RollDice())
    s.apply_chance((2, 2))
    assert s.jail[p] == -1 and s.pos[p] == 14 and not s.again  # moved, no further roll


def test_place_checks_its_arguments():
    s = fresh("fixture")
    with pytest.raises(IllegalAction):
        s.place((s.cur + 1) % s.game.n, 3)
    with pytest.raises(ValueError):
        s.place(s.cur, 40)
    with pytest.raises(ValueError):
        s.place(s.cur, 3, doubles=3)
    with pytest.raises(ValueError):
        s.place(s.cur, 3, jail=3)
    s.place(s.cur, 10, jail=0)
    s.apply(PayJailFine())
    s.apply(RollDice())
    with pytest.raises(IllegalAction):  # a chance node, not a player's turn
        s.place(s.cur, 3)


# ------------------------------------------------------------------------- move_to_nearest


def test_nearest_goes_round_the_board():
    s = classic()
    assert [s.nearest(sq, "station") for sq in (7, 22, 36, 35)] == [15, 25, 5, 5]
    assert [s.nearest(sq, "utility") for sq in (7, 22, 36)] == [12, 28, 12]
    with pytest.raises(ValueError):
        s.nearest(0, "nowhere")


def test_prop_07_move_to_nearest_card_moves_and_pays_the_salary_when_passing():
    s = classic()
    p = s.cur
    cash = s.cash[p]
    put_on_top(s, "chance", "chance-05")  # nearest railroad
    s.place(p, 33)
    s.apply(RollDice())
    s.apply_chance((1, 2))  # to Chance on 36, then the nearest railroad: Reading (5), past Go
    assert s.pos[p] == 5 and s.phase == "buy"
    assert s.cash[p] == cash + 200  # the salary, passing Go
    assert conserved(s)


def test_move_to_nearest_utility_card():
    s = classic()
    p = s.cur
    cash = s.cash[p]
    put_on_top(s, "chance", "chance-07")
    s.place(p, 3)
    s.apply(RollDice())
    s.apply_chance((1, 3))  # Chance on 7, then Electric Company (12)
    assert s.pos[p] == 12 and s.cash[p] == cash


def test_move_to_nearest_is_a_known_effect_with_a_checked_kind(tmp_path):
    assert CARD_EFFECTS["move_to_nearest"] == ("kind",)
    text = bundled_path("classic").read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('{ kind = "utility" }', '{ kind = "lot" }', 1), encoding="utf-8")
    with pytest.raises(RuleSetError, match=r"params\.kind"):
        load_rules(bad)


# ------------------------------------------------------------------------- classic


def test_classic_is_a_bundled_reference_not_one_of_the_kits_games():
    assert "classic" in REFERENCE and "classic" not in BUNDLED
    rules = load_rules("classic")
    assert rules.name == "classic" and rules.edition == ""
    assert set(rules.sources.values()) == {"published"}
    assert all(s.source == "published" for s in rules.squares)
    assert all(t.source == "published" for t in rules.titles)


def test_classic_board_values_are_the_standard_ones():
    rules = load_rules("classic")
    by_name = {t.name: t for t in rules.titles}
    assert by_name["Illinois Avenue"].square == 24 and by_name["Illinois Avenue"].price == 240
    assert by_name["Boardwalk"].rents == (50, 200, 600, 1400, 1700, 2000)
    assert by_name["Mediterranean Avenue"].rents == (2, 10, 30, 90, 160, 250)
    assert by_name["Reading Railroad"].rents == (25, 50, 100, 200)
    assert by_name["Water Works"].rents == (4, 10)
    assert all(t.mortgage * 2 == t.price for t in rules.titles)
    assert [s.tax for s in rules.squares if s.kind == "tax"] == [200, 100]
    assert rules.start_money == 1500 and rules.salary == 200
    assert sum(v * n for v, n in rules.banknotes) == 1500


def test_classic_cards_and_jail():
    rules = load_rules("classic")
    chance, chest = rules.decks
    assert (chance.name, chest.name) == ("chance", "community_chest")
    assert len(chance.cards) == len(chest.cards) == 16
    moves = [(c.effect, c.params) for c in chance.cards if c.effect.startswith("move")]
    assert sorted(p["square"] for e, p in moves if e == "move_to") == [0, 5, 11, 24, 39]
    assert [p["kind"] for e, p in moves if e == "move_to_nearest"] == [
        "station",
        "station",
        "utility",
    ]
    assert [p["steps"] for e, p in moves if e == "move_by"] == [-3]
    assert [c.effect for c in chance.cards].count("go_to_jail") == 1
    chest_moves = [c for c in chest.cards if c.effect in ("move_to", "move_by", "go_to_jail")]
    assert [(c.effect, c.params.get("square")) for c in chest_moves] == [
        ("move_to", 0),
        ("go_to_jail", None),
    ]
    j = rules.jail
    assert (j.fine, j.max_turns, j.fine_on_forced_exit) == (50, 3, True)


def test_classic_third_failed_jail_roll_pays_50_and_moves():
    s = classic()
    p = s.cur
    cash = s.cash[p]
    s.place(p, 10, jail=2)
    s.apply(RollDice())
    s.apply_chance((1, 2))
    assert s.jail[p] == -1 and s.pos[p] == 13 and s.cash[p] == cash - 50 and not s.again


# ---------------------------------------------------------------- card effects: one table
def test_every_card_effect_the_loader_accepts_has_one_handler():
    from kit.games.property.cards import HANDLERS
    from kit.games.property.rules import CARD_EFFECTS

    assert set(HANDLERS) == set(CARD_EFFECTS)
    moving = {name for name, effect in HANDLERS.items() if effect.moves}
    assert moving == {"move_to", "move_by", "move_to_nearest", "go_to_jail"}


def test_a_card_effect_without_a_handler_fails_loudly_at_import():
    from kit.games.property.cards import HANDLERS, check_handlers
    from kit.games.property.rules import CARD_EFFECTS

    check_handlers(CARD_EFFECTS, HANDLERS)  # as the module does when it is imported
    with pytest.raises(ImportError, match="no handler for \\['earthquake'\\]"):
        check_handlers({**CARD_EFFECTS, "earthquake": ("houses",)}, HANDLERS)
    lacking = {k: v for k, v in HANDLERS.items() if k != "fire"}
    with pytest.raises(ImportError, match="no handler for \\['fire'\\]"):
        check_handlers(CARD_EFFECTS, lacking)


def test_a_game_refuses_a_card_whose_effect_has_no_handler():
    from dataclasses import replace

    from conftest import make_rules

    from kit.games.property.rules import Card, Deck

    rules = make_rules()
    odd = Deck("suerte", "Suerte", (Card("x", "Un terremoto", "earthquake"),))
    with pytest.raises(ValueError, match="unknown effect 'earthquake'"):
        PropertyGame(replace(rules, decks=(odd, rules.decks[1])), 2)


# ---------------------------------------------------------------- events and the class log
def test_prop_03_three_doubles_are_an_event_and_the_log_says_so(spanish):
    from conftest import fresh, roll

    from kit.games.property.actions import RollDice
    from kit.widgets.game_log import entry_text

    s = fresh("el_pale")
    roll(s, 1, 1)
    s.apply(RollDice())
    s.apply_chance((2, 2))
    s.apply(RollDice())
    s.apply_chance((3, 3))
    roll_events = s.events
    assert roll_events == [
        {"kind": "rolled", "player": 0, "dice": [3, 3]},
        {"kind": "jailed", "player": 0, "reason": "three_doubles"},
    ]
    line = entry_text(s, {"player": 0, "action": {"type": "RollDice"}, "events": roll_events})
    jail = s.game.rules.squares[s.game.rules.jail.square].name  # the board's own: «Cárcel»
    told = t("log.jailed_three_doubles", jail=t("log.the_jail", jail=jail))
    assert told in line and jail in told and told.startswith("¡")
    assert t("log.rolled", a=3, b=3, total=6) in line


def test_prop_07_the_card_drawn_is_an_event_with_its_text_and_the_log_tells_it(spanish):
    from conftest import fresh, put_on_top

    from kit.widgets.game_log import entry_text

    s = fresh("el_pale")
    deck = s.game.rules.squares[7].deck
    card = s.game.decks[s.game.deck_index[deck]].cards[0]
    put_on_top(s, deck, card.id)
    s.apply(RollDice())
    s.apply_chance((3, 4))
    drawn = [e for e in s.events if e["kind"] == "card"]
    assert drawn == [
        {
            "kind": "card",
            "player": 0,
            "deck": deck,
            "title": s.game.decks[s.game.deck_index[deck]].title,
            "card": card.id,
            "text": card.text,
            "text_en": card.text_en,
        }
    ]
    line = entry_text(s, {"player": 0, "action": {"type": "RollDice"}, "events": s.events})
    assert card.text in line


def test_events_are_a_new_list_per_apply_and_not_saved():
    from conftest import fresh

    s = fresh("fixture")
    s.apply(RollDice())
    first = s.events
    s.apply_chance((1, 2))
    assert s.events is not first and first == []  # RollDice itself only opens the dice node
    assert "events" not in s.to_json()
    assert type(s).from_json(s.to_json(), s.game).events == []


def test_every_ledger_movement_is_a_cash_event_with_its_reason():
    from conftest import fresh, give

    s = fresh("fixture")
    give(s, 1, 3)
    s.apply(RollDice())
    s.apply_chance((1, 2))  # square 3: rent to seat 1
    rent = s.game.t_rents[s.game.sq_title[3]][0]
    assert {"kind": "cash", "player": 0, "to": 1, "amount": rent, "reason": "rent"} in s.events
