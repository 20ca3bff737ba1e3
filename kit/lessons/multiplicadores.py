"""Lesson 06 (multiplicadores): Palabra's multipliers, in tables a student reads in Spanish.

The numbers come from the engine (``kit.games.palabra.scoring.score``) and from
``kit.analysis.scoring`` (the deck, shaves, probabilities, the mean best play); this module only
lays them out, so a lesson cell holds one idea in a few short lines. It also answers one question
``kit.analysis.scoring`` does not: which multipliers a *legal* play can reach (a word of the class
dictionary, a straight, a build), not just which products of star factors exist (issue 13:
3^7 = 2187 is a product of seven ★★★ factors, but no word or straight takes seven ★★★ cards).

Spanish only on purpose: ``Score.explain()`` is the engine's text; ``cuenta`` is the lesson's
Spanish rendering (bloqueo de color, never «candado»). What a student types is Spanish too: the
deck, a play's points and the chances come by Spanish names from
`kit.lessons.multiplicadores_puntos` (re-exported: ``mx.baraja()``, ``mx.puntos(cartas)``,
``mx.ampliar(...)``, ``mx.p_alguna_estrella(7)``), and `Puntos` reads the engine's `Score` as
suma × multiplicador = total.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import permutations, product
from math import prod
from random import Random
from typing import Any

from kit.analysis import scoring as sa
from kit.games.palabra.cards import ALPHABET, COLOURS, VOWELS, Card, common_colours
from kit.games.palabra.dictionary import Dictionary
from kit.games.palabra.rules import HAND_SIZE, LOCK_FACTOR, MIN_STRAIGHT, PALABRA_BONUS
from kit.games.palabra.scoring import Play, Score, hand_penalty, score
from kit.lessons.multiplicadores_puntos import (  # re-exported: the lesson types mx.…
    JUGADAS,
    Puntos,
    ampliar,
    baraja,
    cartas_de_estrellas,
    decimal,
    distribucion_estrellas,
    mano,
    mesa,
    numero,
    p_alguna_estrella,
    p_bloqueo,
    porcentaje,
    puntos,
    simula_mejor_jugada,
)
from kit.messages import PlainError
from kit.plain_calls import one_of, wrap_module
from kit.table import Table, format_count, format_decimal

__all__ = [
    "COLORES",
    "JUGADAS",
    "PREMIO_PALABRA",
    "JugadaLegal",
    "MejorJugada",
    "Puntos",
    "afeitar_letra",
    "ampliar",
    "baraja",
    "carta",
    "cartas_de_estrellas",
    "cartas_tres_estrellas",
    "cuenta",
    "decimal",
    "diccionario_clase",
    "distribucion_estrellas",
    "estrellas_por_color",
    "letras_tres_estrellas",
    "lista",
    "mano",
    "mano_de_la_leccion",
    "media_simulada",
    "media_y_mediana",
    "mejor_jugada",
    "mesa",
    "multiplicadores_de",
    "multiplicadores_legales",
    "numero",
    "p_alguna_estrella",
    "p_bloqueo",
    "palabras_de_tres_estrellas",
    "paso_a_paso",
    "penalizacion",
    "porcentaje",
    "productos",
    "puntos",
    "racha_tres_estrellas",
    "rejilla_productos",
    "si_o_no",
    "simula_alguna_estrella",
    "simula_bloqueo",
    "simula_mejor_jugada",
    "sin_estrellas_una_a_una",
    "tabla",
    "tabla_afeitar",
    "tabla_bloqueo",
    "tabla_estrellas",
    "tabla_jugadas",
    "tabla_legales",
    "tabla_ordenes",
    "tabla_tramos",
]

COLORES = {"red": "rojo", "blue": "azul", "green": "verde", "yellow": "amarillo"}
_EN_INGLES = {nombre: color for color, nombre in COLORES.items()}
TIPOS = {
    "word": "palabra",
    "straight": "escalera",
    "flush": "color",
    "vowels": "vocales",
    "palabra": "Palabra",
    "build": "ampliar",
    "shave": "afeitar",
    "joker": "joker",
}
SEMILLA_MANO = 142  # the lesson's deal: VEZ, the red/blue Z makes the colour lock
COMUNES = 3000  # the class dictionary: the 3000 commonest Spanish words
PREMIO_PALABRA = PALABRA_BONUS  # PLB-08: added after multiplying


# ------------------------------------------------------------------------------------ cards
def carta(letra: str, color: str, estrellas: int = 0) -> Card:
    """The first card of the real deck with that letter, that colour (in Spanish) and stars."""
    for c in sa.deck_cards():
        if c.letter == letra and _EN_INGLES[color] in c.colours and c.stars == estrellas:
            return c
    raise PlainError("calls.no_such_card", letter=letra, colour=color, stars=estrellas)


def _colores(cols: Iterable[str]) -> str:
    cols = set(cols)
    return "/".join(COLORES[c] for c in COLOURS if c in cols)


def tabla(cartas: Sequence[Card]) -> Table:
    """Cards as a numbered table: letter, value, star factor and colours."""
    filas = []
    for i, c in enumerate(cartas, 1):
        filas.append(
            {
                "nº": i,
                "letra": c.letter or c.kind,
                "valor": c.value,
                "multiplica": f"× {c.stars}" if c.stars else "",
                "colores": _colores(c.colours),
            }
        )
    return Table(filas)


def cuenta(p: Score | Puntos) -> str:
    """A score as the lesson writes it: (sum) × each star × the colour lock + the bonus."""
    p = p.detalle if isinstance(p, Puntos) else p
    if p.kind == "vowels":
        return f"{len(p.values)} vocales = {p.total}"
    texto = f"({' + '.join(map(str, p.values))}) = {p.sum}"
    for factor in p.stars:
        texto += f" × {factor}"
    if p.lock == LOCK_FACTOR:
        texto += f" × {LOCK_FACTOR} (bloqueo de color {_colores(p.colour.split('/'))})"
    if p.bonus:
        texto += f" + {p.bonus} (Palabra)"
    if p.stars or p.lock != 1 or p.bonus:
        texto += f" = {p.total}"
    return texto


def paso_a_paso(p: Score | Puntos) -> str:
    """The score built one factor at a time (the sum first, then each multiplication)."""
    p = p.detalle if isinstance(p, Puntos) else p
    total = p.sum
    lineas = [f"suma de los valores: {' + '.join(map(str, p.values))} = {total}"]
    for factor in p.stars:
        total *= factor
        lineas.append(f"× {factor} (carta de estrellas) → {total}")
    if p.lock == LOCK_FACTOR:
        total *= LOCK_FACTOR
        lineas.append(f"× {LOCK_FACTOR} (bloqueo de color) → {total}")
    if p.bonus:
        total += p.bonus
        lineas.append(f"+ {p.bonus} (premio de Palabra) → {total}")
    return "\n".join(lineas)


# --------------------------------------------------------------------------- the lesson's deal
@lru_cache(maxsize=2)
def diccionario_clase(comunes: int = COMUNES) -> Dictionary:
    """The class dictionary of the lesson: the ``comunes`` commonest Spanish words."""
    return Dictionary.bundled("es", common=comunes)


def mano_de_la_leccion(semilla: int = SEMILLA_MANO) -> Any:
    """A two-player game dealt with ``semilla`` (cut and shuffle), first player to act."""
    import kit  # the registry sits above this module's imports (kit.load)

    juego = kit.load("palabra", players=2, dictionary=diccionario_clase())
    estado = juego.new_state()
    rng = Random(semilla)
    while estado.is_chance():
        estado.apply_chance(estado.sample_chance(rng))
    return estado


def tabla_jugadas(estado: Any, cuantas: int = 6) -> Table:
    """The best ``cuantas`` plays of the hand to act (the kit's finder), counted in Spanish."""
    from kit.games.palabra import find_plays

    filas = []
    for i, j in enumerate(find_plays(estado)[:cuantas], 1):
        letras = getattr(j.action, "letters", "")
        filas.append({"nº": i, "jugada": TIPOS[j.kind], "letras": letras,
                      "cuenta": cuenta(j.score), "puntos": j.total})  # fmt: skip
    return Table(filas)


# ------------------------------------------------------------------------- order (PLB-03)
def tabla_ordenes(cartas: Sequence[Card]) -> Table:
    """The same cards scored in every order: the engine only counts, the points never change."""
    filas = []
    for i, orden in enumerate(permutations(cartas), 1):
        p = score(Play("word", orden))
        letras = "".join(c.letter for c in orden)
        filas.append({"nº": i, "orden": letras, "cuenta": cuenta(p), "puntos": p.total})
    return Table(filas)


# ---------------------------------------------------------------- products of star factors
def productos(max_cartas: int = HAND_SIZE) -> set[int]:
    """Every product 2^a · 3^b with a + b ≤ ``max_cartas`` (no deck, no words: just factors)."""
    return {2**a * 3**b for a in range(max_cartas + 1) for b in range(max_cartas + 1 - a)}


def rejilla_productos(max_cartas: int = HAND_SIZE) -> Table:
    """The grid of 2^a · 3^b: a row per a (★★ cards), a column per b (★★★ cards)."""
    columnas = ["a", *map(str, range(max_cartas + 1))]
    filas = []
    for a in range(max_cartas + 1):
        fila: list[Any] = [a]
        for b in range(max_cartas + 1):
            fila.append(2**a * 3**b if a + b <= max_cartas else "")
        filas.append(fila)
    return Table(filas, columnas, labels={"a": "a (★★) \\ b (★★★)"})


def estrellas_por_color() -> Table:
    """How many ★★ and ★★★ cards can count as each colour (a two-colour card counts for both)."""
    filas = []
    for col in COLOURS:
        fila = {"color": COLORES[col]}
        for f in (2, 3):
            fila["★" * f] = sum(1 for c in sa.deck_cards() if c.stars == f and col in c.colours)
        filas.append(fila)
    return Table(filas)


# ---------------------------------------------------------- multipliers of legal plays
@lru_cache(maxsize=1)
def _pools() -> tuple[dict[str, list[Card]], dict[tuple[str, str | None], int], int, int]:
    """The deck sorted for the search: star cards per letter, cards without stars counted per
    (letter, colour) (colour None: any), and the wild and vowel cards."""
    cards = sa.deck_cards()
    stars = {ch: [c for c in cards if c.letter == ch and c.stars] for ch in ALPHABET}
    plain: dict[tuple[str, str | None], int] = {}
    for ch in ALPHABET:
        sin = [c for c in cards if c.letter == ch and not c.stars]
        plain[ch, None] = len(sin)
        for col in COLOURS:
            plain[ch, col] = sum(1 for c in sin if col in c.colours)
    wild = sum(1 for c in cards if c.kind == "wild")
    vowel = sum(1 for c in cards if c.kind == "vowel")
    return stars, plain, wild, vowel


def _fillable(nuevas: str, base: str, usadas: set[int], color: str | None) -> bool:
    """Can the deck lay these letters without stars (new cards) and the base (any unused card),
    all of ``color`` when given? Wild cards stand for any letter, vowel cards for A E I O U Y."""
    stars, plain, wild, vowel = _pools()
    falta_cons = falta_voc = 0
    for ch in set(nuevas + base):
        extra = 0
        n_base = base.count(ch)
        if n_base:
            extra = sum(
                1 for c in stars[ch] if c.id not in usadas and (color is None or color in c.colours)
            )
        falta = max(0, nuevas.count(ch) + max(0, n_base - extra) - plain[ch, color])
        if ch in VOWELS:
            falta_voc += falta
        else:
            falta_cons += falta
    return falta_cons <= wild and falta_cons + falta_voc <= wild + vowel


def multiplicadores_de(letras: str, nuevas: Sequence[bool] | None = None) -> set[int]:
    """Every multiplier the real deck can give these letters laid as a play (PLB-03, PLB-06).

    Each new position takes a star card of its letter or a card without stars; only the new
    cards' stars multiply; × 2 more when every card (base included) can share one colour.
    """
    stars, _, _, _ = _pools()
    nuevas = tuple(nuevas) if nuevas is not None else (True,) * len(letras)
    opciones = [[None, *stars[ch]] if n else [None] for ch, n in zip(letras, nuevas, strict=True)]
    out: set[int] = set()
    for eleccion in product(*opciones):
        usadas = [c for c in eleccion if c is not None]
        ids = {c.id for c in usadas}
        if len(ids) < len(usadas):
            continue
        trios = zip(letras, eleccion, nuevas, strict=True)
        sin = "".join(ch for ch, c, n in trios if n and c is None)
        base = "".join(ch for ch, n in zip(letras, nuevas, strict=True) if not n)
        m = prod(c.stars for c in usadas)
        if _fillable(sin, base, ids, None):
            out.add(m)
        for col in COLOURS:
            if all(col in c.colours for c in usadas) and _fillable(sin, base, ids, col):
                out.add(m * LOCK_FACTOR)
                break
    return out


@dataclass(frozen=True, slots=True)
class JugadaLegal:
    """A legal play that reaches a multiplier: its kind and its letters."""

    multiplicador: int
    tipo: str  # "palabra" or "escalera"
    letras: str


def _escaleras(longitud_max: int) -> Iterable[str]:
    for n in range(MIN_STRAIGHT, longitud_max + 1):
        for a in range(len(ALPHABET)):
            yield "".join(ALPHABET[(a + i) % 26] for i in range(n))


def _nota(out: dict[int, JugadaLegal], jugada: JugadaLegal) -> None:
    if jugada.multiplicador not in out:
        out[jugada.multiplicador] = jugada


@lru_cache(maxsize=4)
def multiplicadores_legales(comunes: int = COMUNES) -> dict[int, JugadaLegal]:
    """Every multiplier a play from one hand can reach, with the first (shortest) play reaching it.

    Plays: words of the class dictionary and straights (PLB-03, PLB-04) of at most seven cards
    (a hand); a Palabra is a seven-letter word (its 70 are added, not multiplied). The deck's
    real cards limit each choice (one G ★★★, two M ★★★ …). Builds (PLB-06) are not searched
    here: only their new cards multiply (see ``multiplicadores_de`` with ``nuevas``).
    """
    out: dict[int, JugadaLegal] = {}
    palabras = sorted(diccionario_clase(comunes).words, key=lambda w: (len(w), w))
    for w in palabras:
        if len(w) <= HAND_SIZE:
            for m in multiplicadores_de(w):
                _nota(out, JugadaLegal(m, "palabra", w))
    for s in _escaleras(HAND_SIZE):
        for m in multiplicadores_de(s):
            _nota(out, JugadaLegal(m, "escalera", s))
    return dict(sorted(out.items()))


def letras_tres_estrellas() -> str:
    """The letters of the ★★★ cards, in alphabetical order (a letter twice if two cards)."""
    return " ".join(sorted(c.letter for c in sa.deck_cards() if c.stars == 3))


def palabras_de_tres_estrellas(comunes: int | None = COMUNES) -> list[str]:
    """The words of a dictionary (the class one, or with None the full list) that the ★★★
    cards alone can spell, each card once: the only vowel among them is the Y (PLB-07)."""
    from collections import Counter

    cartas = Counter(letras_tres_estrellas().split())
    palabras = diccionario_clase(comunes).words if comunes else _lista_completa().words
    return sorted(w for w in palabras if not Counter(w.upper()) - cartas)


def _lista_completa() -> Dictionary:
    return Dictionary.bundled("es", common=None)


def afeitar_letra(cartas: Sequence[Card], letra: str) -> int:
    """PLB-11: what shaving `letra` off the word of these cards is worth (named by its letter,
    the first from the left if it repeats; no position counted from 0)."""
    letras = [c.letter for c in cartas]
    if letra.upper() not in letras:
        raise PlainError("calls.no_letter", word="".join(letras), letter=letra)
    return sa.shave_value(Play("word", tuple(cartas)), letras.index(letra.upper()))


def si_o_no(respuesta: bool) -> str:
    """A yes/no as the lesson writes it («sí» / «no»), not Python's True / False."""
    return "sí" if respuesta else "no"


def cartas_tres_estrellas() -> list[Card]:
    """The ★★★ cards of the deck, in deck order."""
    return [c for c in sa.deck_cards() if c.stars == 3]


def penalizacion(cartas: Sequence[Card]) -> Puntos:
    """PLB-12: cards left in a hand at the end count against you as if played as a word."""
    return Puntos.de(hand_penalty(cartas))


def tabla_legales(legales: dict[int, JugadaLegal], desde: int = 0) -> Table:
    """The multipliers from ``desde`` up, each with a play that reaches it."""
    filas = []
    for m, j in legales.items():
        if m >= desde:
            filas.append({"multiplicador": m, "jugada": j.tipo, "letras": j.letras})
    return Table(filas)


# ------------------------------------------------------------------------- shaves (PLB-11)
def tabla_afeitar(cartas: Sequence[Card]) -> Table:
    """What shaving each letter of a word is worth: its value × the whole word's multiplier."""
    jugada = Play("word", tuple(cartas))
    m = score(jugada).multiplier
    filas = []
    for i, c in enumerate(cartas):
        filas.append({"nº": i + 1, "letra": c.letter, "valor": c.value, "× multiplicador": m,
                      "vale al afeitarla": sa.shave_value(jugada, i)})  # fmt: skip
    return Table(filas)


# ------------------------------------------------------------------------- star cards in a hand
def sin_estrellas_una_a_una(cartas: int = HAND_SIZE) -> tuple[str, Fraction]:
    """P(no star card in ``cartas`` cards), drawn one at a time: the product along the tree's
    «sin estrella» branch, as a written product and as the exact fraction."""
    n = len(sa.deck_cards())
    sin = n - sum(sa.star_cards().values())
    factores = [Fraction(sin - i, n - i) for i in range(cartas)]
    texto = " · ".join(f"{sin - i}/{n - i}" for i in range(cartas))
    return texto, prod(factores, start=Fraction(1))


def tabla_estrellas(cartas: int = HAND_SIZE) -> Table:
    """The exact chance of 0, 1, 2 … star cards in a hand (the hypergeometric distribution)."""
    d = sa.star_count_distribution(cartas)
    filas = [{"cartas de estrellas": k, "exacta": d[k], "porcentaje": d[k]} for k in d]
    return Table(filas, formats={"exacta": "fraction", "porcentaje": "percent:2"})


def simula_alguna_estrella(repartos: int, semilla: int, cartas: int = HAND_SIZE) -> Fraction:
    """The relative frequency of hands with at least one star card among ``repartos`` deals."""
    rng = Random(semilla)
    baraja = sa.deck_cards()
    con = sum(1 for _ in range(repartos) if any(c.stars for c in rng.sample(baraja, cartas)))
    return Fraction(con, repartos)


# ------------------------------------------------------------------------ colour lock (PLB-03)
def tabla_bloqueo(desde: int = 2, hasta: int = HAND_SIZE) -> Table:
    """P(k random cards share a colour) for k = ``desde`` … ``hasta``: longer, rarer."""
    filas = []
    for k in range(desde, hasta + 1):
        p = sa.p_colour_locked(k)
        filas.append({"cartas": k, "P(bloqueo de color)": p, "porcentaje": p})
    return Table(filas, formats={"P(bloqueo de color)": "fraction", "porcentaje": "percent:2"})


def simula_bloqueo(cartas: int, repartos: int, semilla: int) -> Fraction:
    """The relative frequency of ``cartas`` random cards sharing a colour in ``repartos`` draws."""
    rng = Random(semilla)
    baraja = sa.deck_cards()
    con = sum(1 for _ in range(repartos) if common_colours(rng.sample(baraja, cartas)))
    return Fraction(con, repartos)


# ------------------------------------------------------------------------ the mean best play
TRAMOS = (("0", 0, 0), ("1-10", 1, 10), ("11-20", 11, 20), ("21-40", 21, 40),
          ("41-80", 41, 80), ("más de 80", 81, None))  # fmt: skip


def tabla_tramos(puntos: Sequence[int]) -> Table:
    """How many hands' best play falls in each band of points."""
    filas = []
    for nombre, a, b in TRAMOS:
        n = sum(1 for s in puntos if a <= s and (b is None or s <= b))
        filas.append({"puntos": nombre, "manos": format_count(n)})
    return Table(filas)


def media_y_mediana(puntos: Sequence[int]) -> tuple[Fraction, Fraction]:
    """The exact mean and median of some scores (the median: the middle one, or the mean of two)."""
    orden = sorted(puntos)
    n = len(orden)
    mitad = Fraction(orden[(n - 1) // 2] + orden[n // 2], 2)
    return Fraction(sum(orden), n), mitad


def media_simulada(manos: int, semilla: int) -> str:
    """The simulated mean best play with its standard error, written in Spanish: 25,6 ± 1,4."""
    e = sa.expected_best_play(hands=manos, seed=semilla)
    return f"{format_decimal(e.mean, 1)} ± {format_decimal(e.stderr, 1)} puntos"


@dataclass(frozen=True, slots=True)
class MejorJugada:
    """The best play of a hand: its letters, its cards and its score."""

    letras: str
    cartas: tuple[Card, ...]
    puntos: Puntos


def mejor_jugada(estado: Any) -> MejorJugada:
    """The finder's best play for the player to act (the first of ``find_plays``)."""
    from kit.games.palabra import find_plays

    j = find_plays(estado)[0]
    cartas = tuple(estado.game.cards[i] for i in j.action.cards)
    return MejorJugada(getattr(j.action, "letters", ""), cartas, Puntos.de(j.score))


def racha_tres_estrellas() -> str:
    """The longest run of consecutive letters (A-Z, wrapping) that all have a ★★★ card."""
    letras = {c.letter for c in sa.deck_cards() if c.stars == 3}
    mejor = ""
    for inicio in range(len(ALPHABET)):
        racha = ""
        while len(racha) < len(ALPHABET) and ALPHABET[(inicio + len(racha)) % 26] in letras:
            racha += ALPHABET[(inicio + len(racha)) % 26]
        mejor = max(mejor, racha, key=len)
    return mejor


def lista(numeros: Iterable[int]) -> str:
    """Whole numbers in order, written the Spanish way: '128, 192, 1458'."""
    return ", ".join(format_count(n) for n in sorted(numeros))


# Every call a student types fails in one plain sentence (kit/plain_calls.py, issue 24).
PLAIN_CALLS = wrap_module(
    globals(),
    "mx",
    checks={
        "carta": {
            "color": one_of(_EN_INGLES, "calls.word_colour"),
            "estrellas": one_of((0, 2, 3), "calls.word_stars"),
        },
        "puntos": {"jugada": one_of(JUGADAS, "calls.word_play_kind")},
    },
)
