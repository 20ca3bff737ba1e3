"""Día de Paga played: illegal actions change nothing, random play keeps the invariants, the bots
finish games, a golden playthrough replays identically, and the engine stays light.

KIT_LONG=1 plays many more random games (the count of steps checked is printed with -s).
Regenerate the golden file after a deliberate rule change with
KIT_REGOLD=1 pytest tests/games/test_dia_de_paga_play.py (and say why in the commit).
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
from pathlib import Path
from random import Random

import pytest

from kit.games.core import IllegalAction, play
from kit.games.dia_de_paga.actions import (
    ACTIONS,
    Buy,
    Deposit,
    DropInsurance,
    EndPayday,
    Gamble,
    KeepAll,
    KeepInsurance,
    NoStake,
    Pass,
    Repay,
    Roll,
    Sell,
    Stake,
    TakeLoan,
    Withdraw,
    action_from_dict,
    action_to_dict,
)
from kit.games.dia_de_paga.bots import (
    BOTS,
    borrower,
    cautious_saver,
    do_nothing,
    gambler,
    play_game,
    policy_named,
    random_legal,
)
from kit.games.dia_de_paga.game import (
    ACQUISITIONS,
    BUY,
    DEBT,
    EVENTS,
    INSURANCE,
    LOTTERY,
    MAIL,
    REPAY,
    SELL,
    TURN,
    DiaDePagaGame,
    DiaDePagaState,
    Holding,
)
from kit.games.dia_de_paga.load import load_rules

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden" / "dia_de_paga.json"
RULES = load_rules()
LONG = os.environ.get("KIT_LONG") == "1"
STEPS_CHECKED = {"random": 0}


def fresh(players: int = 3, months: int = 1) -> DiaDePagaState:
    return DiaDePagaGame(RULES, players, months=months).start_state()


def conserved(s: DiaDePagaState) -> bool:
    return s.money_in_play() == s.game.start_total + s.paid_out - s.taken_in


def refused(s: DiaDePagaState, action) -> IllegalAction:
    """`action` is refused and changes nothing; the refusal (a message key, values) is returned."""
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    assert s.to_json() == before, f"{action!r} changed the state"
    key = err.value.key  # the game's own reason, or a value of the wrong type (rules_core)
    assert (
        key.startswith(("rules_dia_de_paga.", "rules_core.bad_value")) and len(str(err.value)) > 20
    )
    return err.value


def at(phase: str) -> DiaDePagaState:
    """A state waiting for a decision of kind ``phase``."""
    s = fresh(3)
    day = {d.kind: d.day for d in reversed(RULES.days)}
    if phase == TURN:
        return s
    if phase == BUY:
        s.pos[0] = day["acquisition"] - 1
    elif phase == SELL:
        s.piles[ACQUISITIONS].remove(0)
        s.owned[0].append(Holding(card=0, bought=1))
        s.pos[0] = day["sell"] - 1
    elif phase == LOTTERY:
        s.pos[0] = day["lottery"] - 1
    elif phase in (INSURANCE, REPAY, DEBT):
        ins = s.game.mail_index["m63"]
        s.piles[MAIL].remove(ins)
        s.mail[0].append(ins)
        s.apply(TakeLoan(1500))
        s.pos[0] = 30
        if phase == DEBT:
            for c in [i for i, c in enumerate(RULES.mail) if c.kind in ("bill", "doctor")]:
                s.piles[MAIL].remove(c)
                s.mail[0].append(c)
    s.apply(Roll())
    s.apply_chance(1)
    if phase in (REPAY, DEBT):
        s.apply(DropInsurance("m63"))
    assert s.phase == phase, (phase, s.phase)
    return s


BAD_AMOUNTS = (-1500, 0, 1.5, "100", True, None, 10**9)


@pytest.mark.parametrize("phase", [TURN, BUY, SELL, LOTTERY, INSURANCE, REPAY, DEBT])
def test_illegal_actions_of_every_kind_change_nothing(phase):
    s = at(phase)
    legal = s.legal_actions()
    assert legal and all(s.why_not(a) is None for a in legal)
    wrong_kind = [
        Roll(),
        Buy(),
        Pass(),
        Sell("a01"),
        Sell("nope"),
        KeepAll(),
        Stake(3),
        NoStake(),
        KeepInsurance("m63"),
        DropInsurance("m64"),
        Repay(1500),
        EndPayday(),
    ]
    kinds_refused = set()
    for a in wrong_kind:
        if a not in legal and s.why_not(a) is not None:
            refused(s, a)
            kinds_refused.add(type(a))
    for amount in BAD_AMOUNTS:
        for kind in (TakeLoan, Deposit, Withdraw, Gamble, Repay, Stake):
            a = kind(amount)
            if s.why_not(a) is not None:
                refused(s, a)
                kinds_refused.add(kind)
    assert len(kinds_refused) >= 12  # (of the 15 kinds; the rest are legal here)
    refused(s, TakeLoan(1000))  # not a multiple of 1500
    refused(s, Gamble(100))  # no "En caso de necesidad" card
    refused(s, "Roll")  # not an action at all
    refused(s, Stake(7) if phase == LOTTERY else Roll() if phase != TURN else Buy())


def test_illegal_stake_and_sell_messages_say_what_is_allowed():
    s = at(LOTTERY)
    s.apply(Stake(4))
    taken = refused(s, Stake(4))
    assert taken.key == "rules_dia_de_paga.lottery_taken" and 4 not in taken.values["free"]
    assert refused(s, Stake(0)).key == "rules_dia_de_paga.lottery_number"
    t = at(SELL)
    not_owned = refused(t, Sell("a02"))
    assert not_owned.key == "rules_dia_de_paga.sell_not_owned"
    assert not_owned.values["owned"] == "a01"
    u = at(TURN)
    wrong = refused(u, Buy())
    assert wrong.key == "rules_dia_de_paga.refused"
    assert "allowed: Roll" in str(wrong)  # the words of what is allowed, written when read


def test_a_refusal_is_words_only_when_read_in_the_language_of_that_moment():
    """refusal() builds no sentence: its nested words (the action, the phase, what is allowed)
    are written when the error is read, so one refusal reads in Spanish, then in English."""
    import pickle

    from kit.messages import set_language

    s = at(TURN)
    problem = s.refusal(Buy())
    assert problem.key == "rules_dia_de_paga.refused" and s.is_legal(Roll())
    try:
        set_language("es")
        assert str(problem).startswith("Comprar la adquisición: ahora no se puede")
        set_language("en")
        assert "allowed: Roll (and at any time: TakeLoan, Deposit)" in str(problem)
        assert str(pickle.loads(pickle.dumps(problem))) == str(problem)  # dask workers
    finally:
        set_language("en")


def test_every_action_class_round_trips():
    samples = {Sell: ("a03",), Stake: (2,), KeepInsurance: ("m63",), DropInsurance: ("m64",)}
    for name, cls in ACTIONS.items():
        args = samples.get(cls, (1500,) if "amount" in cls.__slots__ else ())
        if cls is Gamble:
            args = (100,)
        a = cls(*args)
        assert action_from_dict(action_to_dict(a)) == a and repr(a).startswith(name)


# ------------------------------------------------------------------ invariant run
def check(s: DiaDePagaState) -> None:
    g = s.game
    assert conserved(s), "money not conserved"
    assert min(s.cash) >= 0 and min(s.savings) >= 0 and s.kitty >= 0 and s.pot >= 0, "negative"
    assert all(x % g.rules.loan_unit == 0 and x >= 0 for x in s.loans), "loans"
    held = [
        c for p in range(g.n) for c in (*s.mail[p], *s.opened[p], *s.necessity[p], *s.insured[p])
    ]
    assert sorted(s.piles[MAIL] + held) == list(range(80)), "mail cards lost"
    owned = [held.card for p in range(g.n) for held in s.owned[p]]
    assert sorted(s.piles[ACQUISITIONS] + owned) == list(range(len(RULES.acquisitions))), (
        "acquisitions lost"
    )
    assert sorted(s.piles[EVENTS]) == list(range(16)), "event cards lost"
    assert all(0 <= x <= 31 for x in s.pos)
    text = s.to_json()
    assert DiaDePagaState.from_json(text, g).to_json() == text, "JSON round trip"


@pytest.mark.parametrize("players,months", [(2, 1), (3, 2), (4, 2), (6, 1)])
def test_invariants_hold_under_random_legal_play(players, months):
    g = DiaDePagaGame(RULES, players, months=months)
    games = 200 if LONG else 20
    cap = 60_000
    for seed in range(games):
        rng = Random(1000 * players + seed)
        s = g.new_state()
        steps = 0
        while not s.is_terminal():
            if s.is_chance():
                s.apply_chance(s.sample_chance(rng))
            else:
                actions = s.legal_actions()
                # roll more often than not, so that a game ends in a reasonable number of steps
                first = actions[0]
                a = first if rng.random() < 0.5 else rng.choice(actions)
                s.apply(a)
            check(s)
            steps += 1
            assert steps < cap, "the game did not end"
        assert s.winner() is None or s.winner() in range(players)
        STEPS_CHECKED["random"] += steps
    print(f"\n{STEPS_CHECKED['random']} steps checked so far")


def test_bots_finish_games_with_only_legal_actions():
    bots = list(BOTS.values())
    assert set(BOTS) == {"cautious_saver", "borrower", "gambler", "do_nothing"}
    g = DiaDePagaGame(RULES, 4, months=3)
    for seed in range(6 if not LONG else 60):
        rng = Random(seed)
        s = g.new_state()
        steps = 0
        while not s.is_terminal():
            if s.is_chance():
                s.apply_chance(s.sample_chance(rng))
            else:
                a = bots[s.current_player()](s, rng)
                assert s.why_not(a) is None, (a, s.phase)
                s.apply(a)
            steps += 1
            assert steps < 20_000
        assert conserved(s) and min(s.cash) >= 0
    # the plain runner of kit.games.core also drives them
    s = play(g.new_state(), [do_nothing, gambler, borrower, cautious_saver], Random(7), 50_000)
    assert s.is_terminal()


def test_play_game_caps_the_number_of_steps():
    g = DiaDePagaGame(RULES, 3, months=2)
    s = play_game(g, [random_legal, gambler, cautious_saver], seed=5)
    assert s.is_terminal() and conserved(s)
    with pytest.raises(RuntimeError, match="did not end"):
        play_game(g, [do_nothing] * 3, seed=5, max_steps=50)
    with pytest.raises(ValueError, match="policies"):
        play_game(g, [do_nothing], seed=5)


def test_bots_by_name():
    assert policy_named("gambler") is gambler and policy_named("random") is random_legal
    with pytest.raises(ValueError, match="cautious_saver"):
        policy_named("banker")


def test_the_saver_saves_and_the_borrower_borrows():
    g = DiaDePagaGame(RULES, 4, months=3)
    seen = {"saved": 0, "borrowed": 0, "bought": 0, "gambled": 0}

    def watch(policy, what):
        def watched(state, rng):
            a = policy(state, rng)
            if type(a) in what:
                seen[what[type(a)]] += 1
            return a

        return watched

    seats = [
        watch(cautious_saver, {Deposit: "saved"}),
        watch(borrower, {TakeLoan: "borrowed", Buy: "bought"}),
        watch(gambler, {Gamble: "gambled"}),
        do_nothing,
    ]
    for seed in range(4):
        assert play(g.new_state(), seats, Random(seed), 50_000).is_terminal()
    assert all(seen.values()), seen
    t = g.start_state()
    assert type(cautious_saver(t, Random(0))) is Deposit
    assert type(borrower(t, Random(0))) is Roll


# ------------------------------------------------------------------ events
def test_seeded_bot_games_record_every_declared_kind_of_event():
    """The registration's events tuple is exactly what the engine records (the lottery nobody
    joins is tested on its own: the bots always stake); each event is JSON data whose
    "player" is a seat; a new list per call."""
    from kit.games.dia_de_paga import EVENT_KINDS

    seen = set()
    for seed in range(12):
        s = DiaDePagaGame(RULES, 4, months=2).new_state()
        rng = Random(seed)
        while not s.is_terminal():
            before = s.events
            if s.is_chance():
                s.apply_chance(s.sample_chance(rng))
            else:
                s.apply(list(BOTS.values())[s.current_player()](s, rng))
            assert s.events is not before
            for event in s.events:
                assert json.loads(json.dumps(event)) == event
                assert event.get("player") is None or 0 <= event["player"] < 4
                seen.add(event["kind"])
    assert seen | {"lottery_empty"} == set(EVENT_KINDS)
    assert s.events[-1]["kind"] == "game_over" and s.events[-1]["fortunes"] == s.fortunes()


# ------------------------------------------------------------------ golden playthrough
SEED = 2026
SEATS = [cautious_saver, borrower, gambler, do_nothing]


def record() -> dict:
    g = DiaDePagaGame(RULES, ["Ana", "Luis", "Marta", "Pablo"], months=2)
    rng = Random(SEED)
    s = g.new_state()
    steps = []
    while not s.is_terminal():
        if s.is_chance():
            outcome = s.sample_chance(rng)
            steps.append(["chance", list(outcome) if isinstance(outcome, tuple) else outcome])
            s.apply_chance(outcome)
        else:
            action = SEATS[s.current_player()](s, rng)
            steps.append(["action", action_to_dict(action)])
            s.apply(action)
    return {
        "rules": "dia_de_paga",
        "seed": SEED,
        "players": g.names,
        "months": g.months,
        "bots": [b.__name__ for b in SEATS],
        "final_sha256": hashlib.sha256(s.to_json().encode()).hexdigest(),
        "fortunes": s.fortunes(),
        "winner": s.winner(),
        "steps": steps,
    }


def dump(data: dict) -> str:
    """One step a line, so that a diff shows where two playthroughs part."""
    head = {k: v for k, v in data.items() if k != "steps"}
    lines = [json.dumps(step, separators=(",", ":"), ensure_ascii=False) for step in data["steps"]]
    text = json.dumps(head, indent=1, ensure_ascii=False)[:-2]
    text += ',\n "steps": [\n' + ",\n".join(lines) + "\n]}\n"
    assert json.loads(text) == data
    return text


def test_golden_playthrough_replays_identically():
    if os.environ.get("KIT_REGOLD") == "1" or not GOLDEN.exists():
        GOLDEN.write_text(dump(record()), encoding="utf-8")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    g = DiaDePagaGame(RULES, golden["players"], months=golden["months"])
    s = g.new_state()
    for kind, item in golden["steps"]:
        if kind == "chance":
            s.apply_chance(tuple(item) if isinstance(item, list) else item)
        else:
            s.apply(action_from_dict(item))
        assert conserved(s)
    assert s.is_terminal()
    assert hashlib.sha256(s.to_json().encode()).hexdigest() == golden["final_sha256"]
    assert s.fortunes() == golden["fortunes"] and s.winner() == golden["winner"]
    assert record()["steps"] == golden["steps"]  # the bots and the seed still agree


# ------------------------------------------------------------------ a light core
def test_the_engine_runs_with_numpy_pandas_matplotlib_sympy_blocked(run_light):
    """DESIGN 'A light core': only the standard library, kit.prob and kit.games.core."""
    done, modules = run_light(
        """
        from random import Random
        from kit.games.core import play
        from kit.games.dia_de_paga.game import DiaDePagaGame
        from kit.games.dia_de_paga.bots import BOTS
        game = DiaDePagaGame(players=4, months=1)
        s = play(game.new_state(), list(BOTS.values()), Random(1), 50000)
        print(s.is_terminal())
        print(sorted(m for m in sys.modules if m.startswith("kit")))
        """
    )
    assert done == "True"
    kit_modules = ast.literal_eval(modules)
    allowed = {
        "kit",
        "kit.prob",
        "kit.games",
        "kit.games.core",
        "kit.games.registry",
        "kit.messages",
        "kit.plain_calls",  # standard library only: the refusals of the calls students type
    }
    assert {m for m in kit_modules if not m.startswith("kit.games.dia_de_paga")} <= allowed
