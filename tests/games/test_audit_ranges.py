"""A checked resume (issue 14): nothing that breaks a rule resumes.

`Session.resume` loads a saved game with the engine's `from_json` and resumes it only when the
state's `audit()` is empty. A save edited by hand (money out of nowhere, a token off the board,
a seat or a phase that does not exist, a list of the wrong length, a bool or a float where a
whole number belongs) is therefore either refused by `from_json` (a ValueError, nothing else) or
loaded into a state whose audit names the field in a plain sentence; and the audit itself never
raises, whatever the file holds.

The reproducers of the issue come first, engine by engine; then one property over the three
engines: a real saved state with one field (or one value inside it) replaced by garbage of
every JSON type.
"""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest
from conftest import game_of
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_invariants import random_trade

from kit.games.core import IllegalAction
from kit.games.dia_de_paga import DiaDePagaGame, DiaDePagaState
from kit.games.dia_de_paga import audit as ddp_audit
from kit.games.dia_de_paga.load import load_rules
from kit.games.palabra.game import PHASES as PALABRA_PHASES
from kit.games.palabra.game import PalabraGame, PalabraState
from kit.games.property import audit as property_audit
from kit.games.property.game import PropertyGame, PropertyState
from kit.table import format_count

NAMES = ["Ana", "Luis", "Marta", "Pablo"]
WORDS = ["casa", "sol", "mar", "pan", "luz", "rosa", "gato", "mesa", "pato", "oso", "ala", "eso"]


def _play(state: Any, rng: Random, steps: int, trades: bool = False) -> Any:
    """`steps` random legal steps (fewer if the game ends); now and then a trade proposal."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        if trades and state.phase in ("turn", "after") and rng.random() < 0.1:
            try:
                state.apply(random_trade(state, rng))
                continue
            except IllegalAction:
                pass
        state.apply(rng.choice(state.legal_actions()))
    return state


def _by_phase(games: list[Any], seeds: range, steps: int, trades: bool = False) -> list[str]:
    """Saved states of seeded random games: the first one seen of each phase of each game."""
    seen: dict[tuple[int, int, str], str] = {}
    for k, game in enumerate(games):
        for seed in seeds:
            rng = Random(seed)
            s = game.new_state()
            for _ in range(steps):
                seen.setdefault((k, seed, s.phase), s.to_json())
                if s.is_terminal():
                    break
                _play(s, rng, 1, trades)
    return list(seen.values())


# ---------------------------------------------------------------------- the three engines
@pytest.fixture(scope="module")
def pale() -> PropertyGame:
    return game_of("el_pale", NAMES)


@pytest.fixture(scope="module")
def pale_save(pale) -> dict[str, Any]:
    """El Palé in mid game: past the set-up, titles owned, a card kept or not."""
    return json.loads(_play(pale.start_state(), Random(3), 120).to_json())


@pytest.fixture(scope="module")
def ddp() -> DiaDePagaGame:
    return DiaDePagaGame(load_rules(), NAMES[:3], months=2)


@pytest.fixture(scope="module")
def ddp_save(ddp) -> dict[str, Any]:
    s = _play(ddp.start_state(), Random(5), 60)
    return json.loads(s.to_json())


@pytest.fixture(scope="module")
def palabra() -> PalabraGame:
    return PalabraGame(players=NAMES[:3], dictionary=WORDS)


@pytest.fixture(scope="module")
def palabra_state(palabra) -> PalabraState:
    return _play(palabra.new_state(), Random(2), 12)


def _audit(cls: Any, game: Any, data: dict[str, Any], **changes: Any) -> list[str]:
    """The audit of the saved state `data` with `changes` made to it (it must load)."""
    return cls.from_json(json.dumps({**data, **changes}), game).audit()


def _named(problems: list[str], field: str) -> str:
    """The problem about `field` (each begins with its field's name)."""
    assert problems, f"nothing wrong with {field}?"
    about = [p for p in problems if p.startswith(field + ":") or p.startswith(field + ",")]
    assert about, (field, problems)
    return about[0]


# ---------------------------------------------------------------------- El Palé (PROP-*, PAL-*)
@pytest.mark.parametrize(
    "field,value",
    [
        ("cash", [-(10**9), 0, 0, 0]),  # PROP-14: never below zero
        ("houses", -5),  # the bank's stock (PROP-11)
        ("cur", 99),
        ("first", -1),
        ("pos", [999, 0, 0, 0]),
        ("phase", "dance"),
        ("cash", [1, 2, 3]),  # one entry per player
        ("owner", [-3] * 27),  # one per title
        ("level", [0] * 29),
        ("uneven", [False]),
        ("decks", [[0, 1]]),  # one per deck
        ("held", [[], []]),
        ("turns", True),  # a bool where a whole number belongs
        ("doubles", 1.0),  # a float
        ("cash", [1.5, 0, 0, 0]),
        ("alive", [1, 1, 1, 1]),  # whole numbers where flags belong
        ("jail", [7, -1, -1, -1]),  # PAL-05: three rolls at most
        ("skip", [-1, 0, 0, 0]),
        ("level", [6, *[0] * 27]),  # 0-4 houses, 5 the hotel
        ("owner", [-2, *[-3] * 27]),  # neither the bank nor a seat
        ("doubles", 3),  # PROP-03: the third double jails at once
        ("trades_made", 4),
        ("shuffle_k", 9),
        ("resume", "jump"),
        ("last_roll", [0, 7]),
        ("roll_off", [0, 0]),
        ("paid_out", -1),
    ],
)
def test_el_pale_a_field_out_of_its_range_is_named(pale, pale_save, field, value):
    problem = _named(_audit(PropertyState, pale, pale_save, **{field: value}), field)
    assert len(problem) < 300 and "\n" not in problem  # one plain sentence


def test_el_pale_the_issue_s_sentences_in_spanish(pale, pale_save, spanish):
    def said(**changes: Any) -> list[str]:
        return _audit(PropertyState, pale, pale_save, **changes)

    billion = format_count(-(10**9))  # the kit's Spanish number: -1 000 000 000
    cash = said(cash=[-(10**9), 0, 0, 0])
    assert any(
        p.startswith(f"cash: el dinero de Ana no puede ser negativo ({billion})") for p in cash
    )
    assert said(pos=[0, 999, 0, 0]) == [
        "pos: Luis está en la casilla 999, y el tablero tiene 40 (0 a 39)"
    ]
    assert said(cur=99) == ["cur: el turno es del asiento 99, y hay 4 (0 a 3)"]
    assert _named(said(houses=-5), "houses").startswith("houses: el número de casas del banco")
    assert _named(said(phase="dance"), "phase").startswith('phase: la fase "dance" no existe')


def test_el_pale_what_the_fields_say_together(pale, pale_save):
    """Each field in its range, but not as the rules leave them (PROP-04, PROP-08, ...)."""
    jailed = [*pale_save["jail"]]
    jailed[0] = 0  # in jail...
    pos = [*pale_save["pos"]]
    pos[0] = (pale.rules.jail.square + 1) % pale.nsq  # ... and not on the jail square
    assert "PROP-08" in _named(_audit(PropertyState, pale, pale_save, jail=jailed, pos=pos), "jail")
    assert _named(_audit(PropertyState, pale, pale_save, phase="auction"), "auction")
    assert _named(_audit(PropertyState, pale, pale_save, phase="debt"), "debts")
    assert _named(_audit(PropertyState, pale, pale_save, phase="order"), "roll_off_dice")
    money = [*pale_save["cash"]]
    money[1] += 1  # a euro out of nowhere
    assert "money" in _named(_audit(PropertyState, pale, pale_save, cash=money), "cash")


def test_a_loaded_record_of_the_wrong_length_is_a_value_error_naming_it(pale, pale_save):
    for field, value in (
        ("auction", [1]),
        ("claim", "abc"),
        ("debts", [[0, -3, 5]]),
        ("trade", [0, []]),
        ("trade", [0, {"type": "Dance"}]),
        ("held", [[[0]], [], [], []]),
        ("redeem_queue", 3),
    ):
        with pytest.raises(ValueError, match=f"'{field}'"):
            PropertyState.from_json(json.dumps({**pale_save, field: value}), pale)


# ---------------------------------------------------------------------- Día de Paga (DDP-*)
@pytest.mark.parametrize(
    "field,value",
    [
        ("cash", [-(10**9), 0, 0]),  # DDP-13: a debt, never a negative account
        ("savings", [0, -5, 0]),
        ("loans", [100, 0, 0]),  # DDP-16: whole loan cards of 1500
        ("cur", 99),
        ("pos", [40, 0, 0]),  # Salida (0) and days 1 to 31
        ("month", [0, 1, 1]),
        ("month", [3, 1, 1]),  # a game of two months
        ("phase", "dance"),
        ("phase", "run"),  # the engine's own, never a saved node
        ("cash", [1, 2]),
        ("finished", [False] * 4),
        ("piles", [[], []]),
        ("kitty", True),
        ("pot", 1.5),
        ("month", [1.0, 1, 1]),
        ("finished", [0, 0, 0]),
        ("mail", [[999], [], []]),
        ("owned", [[[99, 1]], [], []]),
        ("agenda", [["fly", 0]]),
        ("task", {"p": 0, "card": 3}),
        ("saved", [["turn", {}]]),  # DDP-15: a bet interrupted nothing
        ("debts", [[0, 9, 100]]),
        ("last_roll", 7),
        ("shuffle_k", 2),
    ],
)
def test_dia_de_paga_a_field_out_of_its_range_is_named(ddp, ddp_save, field, value):
    problem = _named(_audit(DiaDePagaState, ddp, ddp_save, **{field: value}), field)
    assert len(problem) < 400 and "\n" not in problem


def test_dia_de_paga_sentences_in_spanish(ddp, ddp_save, spanish):
    def said(**changes: Any) -> list[str]:
        return _audit(DiaDePagaState, ddp, ddp_save, **changes)

    assert said(pos=[0, 40, 0]) == [
        "pos: Luis está en el día 40, y el mes va de la Salida (0) al día 31"
    ]
    assert said(cur=99) == ["cur: el turno es del asiento 99, y hay 3 (0 a 2)"]
    billion = format_count(-(10**9))
    cash = said(cash=[-(10**9), *ddp_save["cash"][1:]])
    assert cash[0].startswith(f"cash: el dinero de Ana no puede ser negativo ({billion})")


def test_dia_de_paga_a_broken_payslip_is_named(ddp, ddp_save):
    s = DiaDePagaState.from_json(json.dumps(ddp_save), ddp)
    rng = Random(1)
    while not s.payslips:  # to the first payday
        assert not s.is_terminal()
        _play(s, rng, 1)
    data = json.loads(s.to_json())
    data["payslips"][0]["player"] = 7
    assert _named(DiaDePagaState.from_json(json.dumps(data), ddp).audit(), "payslips")
    data = json.loads(s.to_json())
    data["payslips"][0]["lines"][0][0] = "gift"
    assert _named(DiaDePagaState.from_json(json.dumps(data), ddp).audit(), "payslips")


# ---------------------------------------------------------------------- Palabra (PLB-*)
@pytest.mark.parametrize(
    "field,value",
    [
        ("cur", 99),
        ("dealer", -1),
        ("phase", "dance"),
        ("hands", [[], []]),
        ("scores", [0, 0]),
        ("scores", [0.5, 0, 0]),
        ("turns", -3),
        ("idle", True),
        ("swapped", 2.0),
        ("prior", 7),
        ("ended", "bored"),
        ("deck", [999]),
        ("table", [{"owner": 0}, None, None]),
        ("cutters", [5]),
        ("cut", ["Ñ"]),
    ],
)
def test_palabra_a_field_out_of_its_range_is_named(palabra, palabra_state, field, value):
    """`from_json` audits a Palabra save itself: it refuses it, naming the field; the state
    changed in place says the same in its audit."""
    data = json.loads(palabra_state.to_json())
    with pytest.raises(ValueError, match=field):
        PalabraState.from_json(json.dumps({**data, field: value}), palabra)
    s = palabra_state.copy()
    setattr(s, field, value)
    _named(s.audit(), field)


def test_palabra_a_hand_of_eight_is_named_in_spanish(palabra, palabra_state, spanish):
    s = palabra_state.copy()
    s.hands[0].append(s.deck.pop())
    assert s.audit() == ["hands: la mano del jugador 0 tiene 8 cartas; como mucho son 7"]


# ---------------------------------------------------------------------- any garbage, any field
@pytest.fixture(scope="module")
def engines(pale, ddp, palabra) -> dict[str, tuple[Any, Any, list[str]]]:
    """Each engine: its state class, its game and saved states of every phase it reached."""
    claims = game_of("el_pale", NAMES, claims_rent="1/2")  # PROP-06: the claim node
    quick = game_of("la_ruta_del_tesoro", NAMES[:3], abbreviated=True, time_limit=30)
    return {
        "property": (PropertyState, pale, _by_phase([pale], range(2), 400, trades=True)),
        "claims": (PropertyState, claims, _by_phase([claims], range(1), 150)),
        "quick": (PropertyState, quick, _by_phase([quick], range(1), 400)),
        "dia_de_paga": (DiaDePagaState, ddp, _by_phase([ddp], range(2), 900)),
        "palabra": (PalabraState, palabra, _by_phase([palabra], range(2), 300)),
    }


# the saved fields whose value is one entry per player (title, group, deck): a fixed length
FIXED = {
    PropertyState: {"cash", "pos", "alive", "jail", "skip", "loans", "held", "owner", "mortgaged"}
    | {"late", "level", "uneven", "decks"},
    DiaDePagaState: {"cash", "savings", "loans", "pos", "month", "finished", "mail", "opened"}
    | {"necessity", "insured", "owned", "piles"},
    PalabraState: {"hands", "table", "scores"},
}
PHASES = {
    PropertyState: property_audit.PHASES,
    DiaDePagaState: ddp_audit.PHASES,
    PalabraState: PALABRA_PHASES,
}
NULL_OK = {"last_roll"}  # a saved field that may be null or a value, as the rules go
SETTINGS = ("rules", "edition", "players", "abbreviated", "claims_rent", "time_limit", "months")
SETTINGS = (*SETTINGS, "youngest", "game", "language", "rounds", "cards")  # the game's, not fields

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.sampled_from([-5, -3, -1, 0, 1, 2, 3, 6, 7, 31, 40, 99, 999])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=6)
    | st.sampled_from(["turn", "over", "after", "auction", "rent", "house", "land", "A"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)


def _kind(v: Any) -> str:
    return type(v).__name__  # bool, int, float, str, list, dict, NoneType: JSON's kinds


@st.composite
def _mutation(draw: Any, saves: list[str]) -> tuple[dict[str, Any], str, tuple[Any, ...], Any, Any]:
    """A saved state with one value replaced: (the new data, its field, the path into it, the
    value that was there, the value put in its place)."""
    data = json.loads(draw(st.sampled_from(saves)))
    field = draw(st.sampled_from(sorted(k for k in data if k not in SETTINGS)))
    path: tuple[Any, ...] = ()
    value = data[field]
    while isinstance(value, list | dict) and value and draw(st.booleans()):
        key = draw(st.sampled_from(range(len(value)) if isinstance(value, list) else sorted(value)))
        path, value = (*path, key), value[key]
    garbage = draw(JSON | st.sampled_from(_resized(value)))
    if not path:
        data[field] = garbage
    else:
        inner = data[field]
        for key in path[:-1]:
            inner = inner[key]
        inner[path[-1]] = garbage
    return data, field, path, value, garbage


def _resized(value: Any) -> list[Any]:
    """The list one shorter and one longer (or the value itself, if it is not a list)."""
    if not isinstance(value, list) or not value:
        return [value]
    return [value[:-1], [*value, value[-1]]]


def _breaks_a_rule(cls: Any, field: str, path: tuple[Any, ...], was: Any, now: Any) -> bool:
    """A mutation that surely breaks a rule: a value of another JSON kind (not null for a field
    that may be null, nor null inside a field, where some values may be), a whole number below
    -4 for a saved whole number (no field holds one: the bank is -3, "none" -1), a list of one
    entry per player (title ...) of another length, a phase that does not exist."""
    if path:
        return was is not None and now is not None and _kind(was) != _kind(now)
    if _kind(was) != _kind(now):
        return field not in NULL_OK
    if type(was) is int and now <= -5:
        return True
    if field in FIXED[cls] and len(now) != len(was):
        return True
    return field == "phase" and now not in PHASES[cls]


def _check(engine: tuple[Any, Any, list[str]], mutation: Any) -> None:
    cls, game, _ = engine
    data, field, path, was, now = mutation
    try:
        state = cls.from_json(json.dumps(data), game)
    except ValueError:
        event("refused by from_json")
        return  # refused, and nothing else (a KeyError, a TypeError ... fails the test)
    problems = state.audit()
    assert isinstance(problems, list) and all(isinstance(p, str) and p for p in problems)
    _quick_agrees(state)
    if _breaks_a_rule(cls, field, path, was, now):
        assert problems, (field, path, was, now)
    if problems:
        event("named by the audit")
        return
    event("nothing wrong: played on")
    rng = Random(0)  # a state with nothing wrong plays on, and keeps the rules
    for _ in range(15):
        if state.is_terminal():
            break
        _play(state, rng, 1)
        assert state.audit() == [], (field, path, was, now)


def _quick_agrees(state: Any) -> None:
    """An audit tests the common case whole (every number, list and card at once) and looks at
    each item only when that fails: the quick test passes only when the item by item look would
    find nothing (the two write the same ranges twice; this keeps them the same)."""
    if isinstance(state, PropertyState):
        found = property_audit.Findings(state.game.names)
        if property_audit._plain(state, state.game):
            property_audit._numbers(state, state.game, found)
    elif isinstance(state, DiaDePagaState):
        found = ddp_audit.Findings(state.game.names)
        if ddp_audit._plain(state):
            ddp_audit._numbers(state, found)
        if ddp_audit._conserved(state):
            ddp_audit._hands(state, found)
    else:
        return
    assert found.wrong == []


@pytest.mark.parametrize("engine", ["property", "claims", "quick", "dia_de_paga", "palabra"])
@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_garbage_in_one_field_is_refused_or_named_and_the_audit_never_raises(engines, engine, data):
    _check(engines[engine], data.draw(_mutation(engines[engine][2])))
