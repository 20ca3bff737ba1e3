"""The engines explain a refusal in the class language (Spanish by default, `kit.set_language`),
and every message key they ask for is in the catalogue, in both languages.

The other engine tests read the English messages (tests/games/conftest.py sets English); these
ask for the `spanish` fixture, the class default.
"""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest
from conftest import fresh, give, roll, sq_of
from test_dia_de_paga_play import at
from test_illegal import CASES
from test_palabra_helpers import deal, game, ids

from kit.games.core import IllegalAction, action_from_dict
from kit.games.dia_de_paga.actions import ACTIONS as DDP_ACTIONS
from kit.games.dia_de_paga.actions import (
    Buy as DdpBuy,
)
from kit.games.dia_de_paga.actions import (
    Deposit,
    Gamble,
    Repay,
    Roll,
    Stake,
    TakeLoan,
    Withdraw,
)
from kit.games.dia_de_paga.game import BUY, DEBT, INSURANCE, LOTTERY, REPAY, SELL, TURN
from kit.games.palabra.actions import Build as PlbBuild
from kit.games.palabra.actions import Exchange, Word
from kit.games.palabra.cards import COLOURS
from kit.games.palabra.scoring import PLAY_KINDS
from kit.games.property.actions import ACTIONS as PROPERTY_ACTIONS
from kit.games.property.actions import Build, Buy, EndTurn, Mortgage, UseJailCard
from kit.messages import catalogue, set_language

KIT_GAMES = Path(__file__).resolve().parents[2] / "kit" / "games"
ENGLISH_WORDS = re.compile(r"\b(the|is|not|may|now|cannot|has|only|first|allowed)\b")


def refusal(state, action) -> str:
    """The IllegalAction message for ``action``; the state is left exactly as it was."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert state.to_json() == before
    return str(err.value)


def both(make_state, action) -> tuple[str, str]:
    """The refusal of ``action`` in Spanish and in English, each on a fresh state."""
    set_language("es")
    es = refusal(make_state(), action)
    set_language("en")
    en = refusal(make_state(), action)
    set_language("es")
    return es, en


# ------------------------------------------------------------------ the property games
def test_property_refusals_are_spanish_by_default_with_names_and_spanish_terms(spanish):
    s = fresh("el_pale")
    give(s, 0, 1)
    give(s, 1, 3)
    title = s.game.titles[sq_of(s, 1)]
    msg = refusal(s, Build(1))  # PROP-10: houses need the whole group
    assert msg.startswith(f"Edificar en {title.name}: ")
    assert f"necesitas todos los títulos del grupo {title.group}" in msg
    assert "Jugador 1 puede ahora: " in msg and "tirar los dados" in msg
    assert not ENGLISH_WORDS.search(msg), msg
    msg = refusal(s, Mortgage(3))
    assert f"{s.game.titles[sq_of(s, 3)].name} es de Jugador 2, no de Jugador 1" in msg
    assert "no está en la Cárcel" in refusal(s, UseJailCard())
    assert "primero hay que tirar los dados" in refusal(s, EndTurn())


def test_la_ruta_speaks_of_castles_el_pale_of_hotels(spanish):
    """RUT-09: La Ruta builds castillos; PROP-11: none left in the bank, no building."""
    words = {}
    for name in ("la_ruta_del_tesoro", "el_pale"):
        s = fresh(name)
        give(s, 0, 1, 3)
        s.level[sq_of(s, 1)] = s.level[sq_of(s, 3)] = 4
        s.hotels = 0
        words[name] = refusal(s, Build(1))
    assert "a la banca no le quedan castillos" in words["la_ruta_del_tesoro"]
    assert "a la banca no le quedan hoteles" in words["el_pale"]


def test_a_refusal_follows_set_language(spanish):
    def at_buy():
        s = fresh("superpoly")
        roll(s, 1, 2)
        return s

    es, en = both(at_buy, Buy(5))
    place = fresh("superpoly").game.rules.squares[5].name
    assert en.startswith(f"Buy {place} is not allowed now: Jugador 1 stands on square 3")
    assert "Jugador 1 está en " in es and "puede ahora: comprar, " in es
    assert not ENGLISH_WORDS.search(es), es


@pytest.mark.parametrize(
    ("setup", "action", "words", "key"), CASES, ids=[repr(c[1]) for c in CASES]
)
def test_every_property_refusal_has_a_spanish_text(setup, action, words, key, spanish):
    """The same illegal actions as test_illegal.py, in Spanish: no English sentence left."""
    es, en = both(lambda: setup("el_pale"), action)
    assert es != en and "puede ahora: " in es
    assert not ENGLISH_WORDS.search(es), es


# ------------------------------------------------------------------ Día de Paga
def test_dia_de_paga_refusals_are_spanish(spanish):
    s = at(BUY)
    s.cash[0] = 0
    s.taken_in += 1500
    msg = refusal(s, DdpBuy())  # DDP-04: buying needs the cash; a loan first is allowed
    assert "Jugador 1 no puede comprar por" in msg and "pide antes un préstamo" in msg
    msg = refusal(at(TURN), TakeLoan(1000))  # DDP-16: loans in whole cards of 1500 €
    assert msg == "el préstamo: tiene que ser un múltiplo de 1500 € (DDP-16), no 1000 €"
    s = at(TURN)
    s.pos[0] = s.game.rules.last_deposit_day + 1
    msg = refusal(s, Deposit(100))  # DDP-17
    assert "libreta de ahorro hasta el día 23 incluido" in msg
    assert "«En caso de necesidad»" in refusal(at(TURN), Gamble(100))  # DDP-15


BAD = [TakeLoan(1000), TakeLoan("100"), Deposit(0), Withdraw(10**9), Gamble(100), Repay(7)]


@pytest.mark.parametrize("phase", [TURN, BUY, SELL, LOTTERY, INSURANCE, REPAY, DEBT])
def test_every_dia_de_paga_refusal_has_a_spanish_text(phase, spanish):
    s = at(phase)
    tried = [*BAD, *(cls() for cls in DDP_ACTIONS.values() if not fields(cls))]
    tried += [Stake(9), Stake(1), Roll(), "Roll"]
    refused = 0
    for action in tried:
        set_language("en")
        en = s.why_not(action)
        set_language("es")
        es = s.why_not(action)
        assert (es is None) == (en is None), action
        if es is not None:
            refused += 1
            assert es != en, (action, es)
            assert not ENGLISH_WORDS.search(es), es
    assert refused >= 8


# ------------------------------------------------------------------ Palabra
def test_palabra_refusals_are_spanish(spanish):
    g = game(2)
    h0 = ids(g, ["C red/blue", "A red", "S red", "A blue"])
    s = deal(g, {0: h0})
    msg = refusal(s, Word((h0[1], h0[0], h0[2])))  # PLB-03: the word must be in the dictionary
    assert msg.startswith("Palabra: ACS no está en el diccionario de la clase (lista de palabras)")
    assert refusal(s, Exchange(())) == "Cambiar: elige al menos una carta para cambiar (o pasa)"


def test_palabra_colour_lock_names_the_colour_in_spanish(spanish):
    """PLB-13: a colour-locked word is built on only with its colour."""
    g = game(2)
    h0 = ids(g, ["T green", "O green"])
    h1 = ids(g, ["P red", "P green/yellow", "S red"], avoid=h0)
    s = deal(g, {0: h0, 1: h1})
    s.apply(Word(tuple(h0)))
    msg = refusal(s, PlbBuild(0, after=(h1[0],)))
    assert msg.startswith("Ampliar: TO tiene bloqueo de color (verde);")
    set_language("en")
    assert "colour-locked in green" in refusal(s, PlbBuild(0, after=(h1[0],)))


def test_an_unknown_action_is_refused_in_spanish(spanish):
    with pytest.raises(ValueError, match=r"acción desconocida 'Fly'; las acciones de este juego"):
        action_from_dict({"type": "Fly"}, PROPERTY_ACTIONS)


# ------------------------------------------------------------------ the catalogue
def _sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(KIT_GAMES.rglob("*.py")))


def _property_phases() -> list[str]:
    from kit.games.property import game as property_game

    names = ("ORDER", "SHUFFLE", "DEAL", "TURN", "DICE", "BUY", "AUCTION", "CLAIM", "AFTER")
    names += ("DEBT", "TRADE", "REDEEM", "OVER")
    return [getattr(property_game, n) for n in names]


def _dia_de_paga_phases() -> list[str]:
    from kit.games.dia_de_paga import game as ddp

    names = ("SHUFFLE", "TURN", "MOVE", "BUY", "SELL", "COMMISSION", "LOTTERY", "DRAW")
    return [
        getattr(ddp, n) for n in (*names, "NECESSITY", "INSURANCE", "REPAY", "DEBT", "OVER", "RUN")
    ]


def _palabra_phases() -> list[str]:
    from kit.games.palabra import game as plb

    return [plb.CUT, plb.SHUFFLE, plb.TURN, plb.PLAY, plb.OVER]


def _dynamic_keys(source: str) -> dict[str, list[str]]:
    """Every family of keys the engines build with an f-string, with all the names it takes."""
    from kit.games.dia_de_paga.game import DECKS
    from kit.games.palabra.actions import ACTIONS as PLB_ACTIONS

    what = re.findall(r'own_refusal\(\w+, \w+, \w+, "(\w+)"\)', source)
    amounts = re.findall(r'_amount_problem\([^)]*"(\w+)"', source)
    return {
        "rules_property.phase_": _property_phases(),
        "rules_property.do_": list(PROPERTY_ACTIONS),
        "rules_property.may_": list(PROPERTY_ACTIONS),
        "rules_property.kind_": ["station", "utility"],
        "rules_property.": [*what, "hotel", "hotels", "castle", "castles"],
        "rules_dia_de_paga.phase_": _dia_de_paga_phases(),
        "rules_dia_de_paga.deck_": list(DECKS),
        "rules_dia_de_paga.do_": list(DDP_ACTIONS),
        "rules_dia_de_paga.may_": list(DDP_ACTIONS),
        "rules_dia_de_paga.what_": amounts,
        "rules_palabra.what_": list(PLB_ACTIONS),
        "rules_palabra.phase_": _palabra_phases(),
        "rules_palabra.colour_": list(COLOURS),
        "rules_palabra.kind_": list(PLAY_KINDS),
        "rules_palabra.can_": ["wild", "vowel"],
    }


def test_every_message_key_the_engines_use_is_in_the_catalogue():
    """A missing key would be a KeyError in a student's face: each one is checked here."""
    source = _sources()
    literal = set(re.findall(r'(?<![\w{])"(rules_\w+\.\w+)"', source))
    assert len(literal) > 150  # the refusals of three engines
    families = _dynamic_keys(source)
    in_source = {m for m in re.findall(r'f"(rules_\w+\.\w*)\{', source)}
    assert in_source == set(families), "a new family of keys: list its names in _dynamic_keys"
    keys = literal | {prefix + name for prefix, names in families.items() for name in names}
    for language, texts in catalogue().items():
        missing = sorted(k for k in keys if k not in texts)
        assert not missing, (language, missing)


def test_every_rules_entry_is_used():
    """No dead entry in the rules_* areas: each one is a message some engine can give."""
    source = _sources()
    used = set(re.findall(r'"(rules_\w+\.\w+)"', source))
    used |= {p + n for p, ns in _dynamic_keys(source).items() for n in ns}
    unused = sorted(k for k in catalogue()["es"] if k.startswith("rules_") and k not in used)
    assert not unused
