"""Lesson 01 (probabilidad con dados): the tables, charts and small simulations it shows.

The lesson's cells stay one idea long: the 6×6 table, the frequencies a dice lab saw, the law of
large numbers, the «En caso de necesidad» bet (rule DDP-15) and the kitty (rule DDP-11) are
built here. Everything exact is a `Fraction`; simulations take a seed so a saved notebook shows
the same numbers on every machine. Light core only (the lesson runs in JupyterLite).
"""

from __future__ import annotations

import math
from fractions import Fraction
from random import Random
from typing import Any, NamedTuple

from kit.games import load
from kit.plain_calls import in_range, ranged, wrap_module
from kit.prob import Dist, Turn, dice_sum, die, is_double, two_dice
from kit.render.charts import Chart, bar_chart
from kit.table import Table, format_count, format_decimal, format_euros, format_percent
from kit.widgets.dice import DiceLab

CARAS = range(1, 7)
SUMAS = dice_sum()
PAREJAS = two_dice()
DADO = die()


# -- two dice: the sample space ------------------------------------------------------------------


def tabla_6x6() -> Table:
    """The 36 outcomes of two dice as a 6×6 table of their sums: the picture behind Laplace's
    rule (each cell is one equally likely case)."""
    columnas = ["rojo \\ azul", *(str(azul) for azul in CARAS)]
    filas = [[rojo, *(rojo + azul for azul in CARAS)] for rojo in CARAS]
    return Table(filas, columnas, title="Suma de los dos dados (dado rojo, dado azul)")


def casos_de(suma: int) -> list[tuple[int, int]]:
    """The pairs (rojo, azul) that give `suma`: the favourable cases, listed."""
    return [pareja for pareja in two_dice() if sum(pareja) == suma]


def tabla_de_casos(suma: int) -> Table:
    """The favourable cases of `suma` as a table (dado rojo, dado azul): what `casos_de` lists,
    written for students (no Python list of tuples on screen)."""
    filas = [{"rojo": rojo, "azul": azul} for rojo, azul in casos_de(suma)]
    return Table(
        filas,
        labels={"rojo": "dado rojo", "azul": "dado azul"},
        title=f"Los {len(filas)} casos en que suman {suma}",
    )


def tabla_de_sumas() -> Table:
    """Each sum with its favourable cases out of 36 and its exact probability (Laplace)."""
    filas = [
        {
            "suma": suma,
            "casos": len(casos_de(suma)),
            "P": SUMAS[suma],
            "aprox": SUMAS[suma],
        }
        for suma in SUMAS
    ]
    return Table(
        filas,
        formats={"P": "fraction", "aprox": "percent:1"},
        labels={"casos": "casos favorables (de 36)", "P": "probabilidad", "aprox": "≈"},
    )


def mas_probables() -> Table:
    """The most and the least likely sums, found by comparing probabilities (no `max` on screen)."""
    mayor = max(SUMAS.values())
    menor = min(SUMAS.values())
    filas = [
        {
            "cuál": "la más probable",
            "sumas": _lista(s for s in SUMAS if SUMAS[s] == mayor),
            "P": mayor,
        },
        {
            "cuál": "la menos probable",
            "sumas": _lista(s for s in SUMAS if SUMAS[s] == menor),
            "P": menor,
        },
    ]
    return Table(filas, formats={"P": "fraction"}, labels={"cuál": ""})


def _lista(numeros) -> str:
    """2, 12 → «2 y 12»: Spanish lists for a table cell."""
    textos = [format_count(n) for n in numeros]
    return textos[0] if len(textos) == 1 else ", ".join(textos[:-1]) + " y " + textos[-1]


def acaba_en_la_carcel(turno: Turn) -> bool:
    """A turn that ends with three doubles in a row (rule PROP-03): the token goes to the Cárcel."""
    return turno.jail


# -- what a dice lab saw -------------------------------------------------------------------------


def tabla_de_frecuencias(lab: DiceLab) -> Table:
    """How often each sum came up in `lab`: count and relative frequency (count ÷ rolls)."""
    filas = [
        {"suma": suma, "veces": veces, "frecuencia": Fraction(veces, lab.rolls or 1)}
        for suma, veces in lab.counts_by_sum.items()
    ]
    return Table(
        filas,
        formats={"veces": "count", "frecuencia": "percent:1"},
        labels={"frecuencia": "frecuencia relativa"},
        title=f"{format_count(lab.rolls)} tiradas (semilla {lab.seed})",
    )


def decimal(x: Any, cifras: int = 2) -> str:
    """A number as we write it, with a decimal comma: 1296/671 → «1,93»."""
    return format_decimal(x, cifras)


def euros(x: Any) -> str:
    """Money rounded to cents, as we write it: 1400/3 → «466,67 €»."""
    return format_euros(x)


def porcentaje(p: Any) -> str:
    """A probability as a percentage, as we write it: 671/1296 → «51,8 %»."""
    return format_percent(p)


def frecuencia(parte: int, total: int) -> str:
    """A relative frequency as the lesson writes it: 1691 de 10 000 → «16,9 %»."""
    return format_percent(Fraction(parte, total))


def sumas_tiradas(semilla: int, tiradas: int) -> dict[int, int]:
    """How often each sum comes up in `tiradas` rolls of a dice lab with `semilla`: the same
    draws as `DiceLab(seed=semilla).roll(tiradas)`, without making a widget for each count."""
    rng = Random(semilla)
    vistas = dict.fromkeys(SUMAS, 0)
    for rojo, azul in PAREJAS.samples(rng, tiradas):
        vistas[rojo + azul] += 1
    return vistas


def sietes(semilla: int, tiradas: int) -> int:
    """How many sevens a fresh dice lab with `semilla` shows after `tiradas` rolls."""
    return sumas_tiradas(semilla, tiradas)[7]


TIRADAS = (10, 100, 1_000, 10_000, 100_000)


def frecuencias_del_siete(semilla: int, tiradas: tuple[int, ...] = TIRADAS) -> Table:
    """The law of large numbers, seen: the share of sevens for more and more rolls."""
    filas = []
    for n in tiradas:
        veces = sietes(semilla, n)
        filas.append({"tiradas": n, "sietes": veces, "frecuencia": Fraction(veces, n)})
    return Table(
        filas,
        formats={"tiradas": "count", "sietes": "count", "frecuencia": "percent:1"},
        labels={"frecuencia": "frecuencia relativa del 7"},
        title=f"Cuántos sietes salen (semilla {semilla})",
    )


def grafica_del_siete(semilla: int, tiradas: tuple[int, ...] = TIRADAS) -> Chart:
    """The same shares as bars, with the exact 1/6 as a dashed line to compare against."""
    tabla = frecuencias_del_siete(semilla, tiradas)
    return bar_chart(
        [format_count(n) for n in tabla.column("tiradas")],
        {"frecuencia relativa del 7": tabla.column("frecuencia")},
        title="La frecuencia del 7 se acerca a su probabilidad",
        x_label="tiradas",
        y_format="percent:0",
        reference=(f"probabilidad exacta {SUMAS[7]}", SUMAS[7]),
    )


def media_observada(lab: DiceLab) -> Fraction:
    """The mean of the sums `lab` saw: each sum times how often it came up, over the rolls."""
    total = sum(suma * veces for suma, veces in lab.counts_by_sum.items())
    return Fraction(total, lab.rolls)


def comparar(lab: DiceLab) -> Table:
    """Theory against experiment for the predictions: sums 2, 7 and 12, and doubles."""
    dobles = two_dice().P(is_double)
    filas = [
        {
            "qué": f"suma {s}",
            "P": SUMAS[s],
            "esperadas": SUMAS[s] * lab.rolls,
            "vistas": lab.counts_by_sum[s],
        }
        for s in (2, 7, 12)
    ]
    filas.append(
        {"qué": "dobles", "P": dobles, "esperadas": dobles * lab.rolls, "vistas": lab.doubles}
    )
    return Table(
        filas,
        formats={"P": "fraction", "esperadas": "decimal:1", "vistas": "count"},
        labels={
            "qué": "",
            "P": "probabilidad",
            "esperadas": f"esperadas en {format_count(lab.rolls)}",
            "vistas": "vistas en el laboratorio",
        },
    )


# -- Día de Paga: one die, the bet (DDP-15) and the kitty (DDP-11) -------------------------------


class Apuesta(NamedTuple):
    """The «En caso de necesidad» card as the kit reads DDP-15: stake below `tope`, win on
    `caras`, the bank pays `premio` times the stake on top; the stake is lost either way."""

    tope: int
    caras: tuple[int, ...]
    premio: int


def la_apuesta() -> Apuesta:
    """The bet's numbers from Día de Paga's own rule file (kit/data/dia_de_paga.toml)."""
    reglas = load("dia_de_paga").rules
    return Apuesta(
        reglas.necessity_stake_below, reglas.necessity_faces, reglas.necessity_multiplier
    )


def tabla_de_la_regla() -> Table:
    """The bet's numbers (`la_apuesta`) as a two-column table in Spanish."""
    regla = la_apuesta()
    filas = [
        ("se apuesta menos de", format_euros(regla.tope)),
        ("se gana si sale", _lista(regla.caras).replace(" y ", " o ")),
        ("la banca paga", f"{regla.premio} veces lo apostado"),
    ]
    return Table(
        filas,
        columns=["regla", "valor"],
        labels={"regla": "", "valor": ""},
        formats={"regla": "text", "valor": "text"},
        title="«En caso de necesidad» (regla DDP-15)",
    )


def ganancia(apuesta: int) -> Dist[int]:
    """What a stake of `apuesta` euros wins or loses: premio·apuesta − apuesta, or −apuesta."""
    regla = la_apuesta()
    return DADO.map(
        lambda cara: regla.premio * apuesta - apuesta if cara in regla.caras else -apuesta
    )


def tabla_de_la_apuesta(apuesta: int) -> Table:
    """The bet's two outcomes for a stake: what each face brings and with what probability."""
    regla = la_apuesta()
    juego = ganancia(apuesta)
    gana, pierde = regla.premio * apuesta - apuesta, -apuesta
    filas = [
        {"sale": _lista(regla.caras), "ganancia": gana, "P": juego[gana]},
        {
            "sale": _lista(c for c in CARAS if c not in regla.caras),
            "ganancia": pierde,
            "P": juego[pierde],
        },
    ]
    return Table(
        filas,
        formats={"ganancia": "euros", "P": "fraction"},
        labels={"P": "probabilidad"},
        title=f"«En caso de necesidad» con {format_euros(apuesta)}",
    )


def apuestas_simuladas(semilla: int, veces: int, apuesta: int) -> Table:
    """`veces` seeded bets of `apuesta` euros: how many won and the mean gain (the experiment)."""
    rng = Random(semilla)
    juego = ganancia(apuesta)
    resultados = juego.samples(rng, veces)
    ganadas = sum(1 for r in resultados if r > 0)
    fila = {
        "apuestas": veces,
        "ganadas": ganadas,
        "total": sum(resultados),
        "media": Fraction(sum(resultados), veces),
    }
    return Table(
        [fila],
        formats={"apuestas": "count", "ganadas": "count", "total": "euros", "media": "euros"},
        labels={"total": "ganancia total", "media": "ganancia media por apuesta"},
        title=f"Apuestas simuladas de {format_euros(apuesta)} (semilla {semilla})",
    )


def tiradas_hasta_un_seis(rng: Random) -> int:
    """Roll one die until a 6 comes up; the number of rolls it took (the 6 included)."""
    tiradas = 1
    while DADO.sample(rng) != 6:
        tiradas += 1
    return tiradas


def botes_simulados(semilla: int, botes: int, jugadores: int) -> Table:
    """`botes` seeded kitties: mean rolls and mean rounds until someone rolls a 6. The round in
    which the 6 comes counts whole (a 6 on roll 5 with 4 players is round 2), which is why the
    rounds are not the rolls divided by the players."""
    rng = Random(semilla)
    esperas = [tiradas_hasta_un_seis(rng) for _ in range(botes)]
    vueltas = [math.ceil(espera / jugadores) for espera in esperas]
    fila = {
        "botes": botes,
        "jugadores": jugadores,
        "tiradas": Fraction(sum(esperas), botes),
        "vueltas": Fraction(sum(vueltas), botes),
    }
    return Table(
        [fila],
        formats={"botes": "count", "tiradas": "decimal:2", "vueltas": "decimal:2"},
        labels={
            "botes": "botes simulados",
            "tiradas": "tiradas de media",
            "vueltas": "vueltas de media",
        },
        title=f"Botes simulados (semilla {semilla})",
    )


def p_alguien_saca_un_seis(jugadores: int) -> Fraction:
    """P(at least one 6 in one round of `jugadores` rolls) = 1 − (5/6)^jugadores."""
    return 1 - (1 - DADO.P({6})) ** jugadores


def tabla_de_esperas(tiradas: int = 6) -> Table:
    """P(the first 6 comes on roll k) = (5/6)^(k−1) · 1/6, for the first rolls."""
    p = DADO.P({6})
    filas = [
        {"k": k, "P": (1 - p) ** (k - 1) * p, "aprox": (1 - p) ** (k - 1) * p}
        for k in range(1, tiradas + 1)
    ]
    return Table(
        filas,
        formats={"P": "fraction", "aprox": "percent:1"},
        labels={"k": "el primer 6 sale en la tirada", "P": "probabilidad", "aprox": "≈"},
    )


def tabla_de_vueltas(jugadores: int, vueltas: int = 5) -> Table:
    """P(the kitty is won in round r): (no 6 in r − 1 rounds) · (some 6 in round r)."""
    p = p_alguien_saca_un_seis(jugadores)
    filas = [{"r": r, "P": (1 - p) ** (r - 1) * p} for r in range(1, vueltas + 1)]
    return Table(
        filas,
        formats={"P": "percent:1"},
        labels={"r": "se gana en la vuelta", "P": "probabilidad"},
    )


# -- Ampliación (Bachillerato) ------------------------------------------------------------------


def tabla_de_la_varianza() -> Table:
    """The variance term by term: (s − media)² · P(s), whose total is the variance."""
    media = SUMAS.mean()
    filas = [
        {
            "suma": s,
            "P": SUMAS[s],
            "cuadrado": (s - media) ** 2,
            "producto": (s - media) ** 2 * SUMAS[s],
        }
        for s in SUMAS
    ]
    return Table(
        filas,
        formats={"P": "fraction", "cuadrado": "fraction", "producto": "fraction"},
        labels={"P": "P(s)", "cuadrado": "(s − 7)²", "producto": "(s − 7)² · P(s)"},
    )


def mayor_error(vistas: dict[int, int]) -> float:
    """The largest gap between a sum's relative frequency and its probability."""
    tiradas = sum(vistas.values())
    return max(abs(veces / tiradas - float(SUMAS[suma])) for suma, veces in vistas.items())


def tabla_de_errores(semilla: int, tiradas: tuple[int, ...] = TIRADAS[1:]) -> Table:
    """How far the frequencies stray from the probabilities, for more and more rolls."""
    filas = [{"tiradas": n, "error": mayor_error(sumas_tiradas(semilla, n))} for n in tiradas]
    return Table(
        filas,
        formats={"tiradas": "count", "error": "decimal:4"},
        labels={"error": "error máximo"},
        title=f"Semilla {semilla}",
    )


# -- how far a simulated mean strays (the spread of the bet, DDP-15) ----------------------------


class Dispersion(NamedTuple):
    """How far the mean of `veces` seeded bets of `apuesta` euros is from the expected gain,
    measured in standard errors (the typical distance of such a mean from its expected value)."""

    apuesta: int
    veces: int
    esperada: Fraction  # the expected gain of one bet, exactly
    varianza: Fraction  # the variance of one bet's gain, exactly
    media: Fraction  # the mean of the seeded bets
    ganadas: int

    @property
    def desviacion(self) -> float:
        """The standard deviation of one bet's gain: √varianza."""
        return math.sqrt(self.varianza)

    @property
    def error_tipico(self) -> float:
        """The standard error of the mean of `veces` bets: desviación ÷ √veces."""
        return math.sqrt(self.varianza / self.veces)

    @property
    def distancia(self) -> Fraction:
        """The simulated mean minus the expected gain (negative: below it)."""
        return self.media - self.esperada

    @property
    def en_errores(self) -> float:
        """The distance in standard errors (a z-score)."""
        return float(self.distancia) / self.error_tipico

    def prob_tan_lejos(self) -> Fraction:
        """P(the mean of `veces` bets lands at least as far from the expected gain as this one),
        exactly: the mean fixes the number of wins, which is binomial(veces, P(win))."""
        regla = la_apuesta()
        p = DADO.P(set(regla.caras))
        n = self.veces
        centro = n * p
        lejos = abs(self.ganadas - centro)
        num, den = p.numerator, p.denominator
        otro = [1]  # (den − num)^j, j = 0..n, built by multiplying (fast on big numbers)
        for _ in range(n):
            otro.append(otro[-1] * (den - num))
        total, casos, potencia = 0, 1, 1  # casos = comb(n, k), potencia = num^k
        for k in range(n + 1):
            if abs(k - centro) >= lejos:
                total += casos * potencia * otro[n - k]
            casos = casos * (n - k) // (k + 1)
            potencia *= num
        return Fraction(total, den**n)


def dispersion(semilla: int, veces: int, apuesta: int) -> Dispersion:
    """The spread behind `apuestas_simuladas(semilla, veces, apuesta)`: its mean, the exact
    expected gain and variance of one bet, and the number of bets won."""
    fila = next(iter(apuestas_simuladas(semilla, veces, apuesta)))
    juego = ganancia(apuesta)
    return Dispersion(apuesta, veces, juego.mean(), juego.variance(), fila.media, fila.ganadas)


def tabla_de_la_dispersion(semilla: int, veces: int, apuesta: int) -> Table:
    """The simulated mean against the expected gain, with the yardstick to judge the gap."""
    d = dispersion(semilla, veces, apuesta)
    filas = [
        ("ganancia esperada por apuesta", euros(d.esperada)),
        (f"media de las {format_count(veces)} apuestas simuladas", euros(d.media)),
        ("diferencia", euros(d.distancia)),
        ("desviación típica de una apuesta", euros(d.desviacion)),
        (f"error típico de la media de {format_count(veces)}", euros(d.error_tipico)),
        ("diferencia en errores típicos", decimal(d.en_errores, 1)),
    ]
    return Table(
        filas,
        columns=["qué", "valor"],
        labels={"qué": "", "valor": ""},
        formats={"qué": "text", "valor": "text"},
        title=f"¿Cuánto se apartó la media? (semilla {semilla})",
    )


# -- the kitty in rounds, when it does not start a round ----------------------------------------


def vueltas_si_empieza(jugadores: int, puesto: int) -> Fraction:
    """Mean rounds a kitty touches when its first roll is the `puesto`-th of a round (1 = the
    round's first player): the round it starts in counts whole even if begun halfway.
    P(rounds ≥ r) = q^(jugadores·(r−1) − (puesto−1)) for r ≥ 2, q = 5/6, so the mean is
    1 + q^(jugadores − puesto + 1) / (1 − q^jugadores)."""
    if not 1 <= puesto <= jugadores:
        in_range(puesto, 1, jugadores, "calls.word_seat")
    q = 1 - DADO.P({6})
    return 1 + q ** (jugadores - puesto + 1) / (1 - q**jugadores)


def tabla_segun_quien_empieza(jugadores: int) -> Table:
    """Mean rounds of a kitty by the seat of the round that makes its first roll."""
    filas = [
        {"puesto": puesto, "vueltas": vueltas_si_empieza(jugadores, puesto)}
        for puesto in range(1, jugadores + 1)
    ]
    return Table(
        filas,
        formats={"vueltas": "decimal:2"},
        labels={
            "puesto": "el bote empieza con el jugador",
            "vueltas": "vueltas de media (contando entera la primera)",
        },
    )


def turnos_de_media(jugadores: int) -> Fraction:
    """The roll slots of the mean rounds: jugadores · 1/(1 − (5/6)^jugadores), more than the 6
    rolls the first six takes, because the round of the six counts whole."""
    return jugadores / p_alguien_saca_un_seis(jugadores)


# Every call a student types fails in one plain sentence (kit/plain_calls.py, issue 24).
PLAIN_CALLS = wrap_module(
    globals(),
    "dados",
    checks={
        name: {"suma": ranged(2, 12, "calls.word_sum")} for name in ("casos_de", "tabla_de_casos")
    },
)
