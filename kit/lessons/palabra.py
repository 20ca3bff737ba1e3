"""Lesson 05 (Palabra): the cards, plays and tables its cells show, in a few short calls.

    >>> from kit.lessons import palabra as pl
    >>> casa = pl.palabra("C★★ amarillo", "A amarillo", "S★★ amarillo", "A amarillo")
    >>> casa                                  # the cards, then the score factor by factor
    >>> casa.total                            # 48 (PLB-03)

Every score is the engine's (`kit.games.palabra.scoring.score`, PLB-03..PLB-11), and the steps
are the table widget's own (`kit.widgets.hand_view.score_steps`, in the class language), so the
lesson states no rule again. Cards are named as a student reads them: the letter, its stars
(★★ or ★★★) and its colour in Spanish («rojo/azul» for a two-colour card). Light core: the
standard library and the kit; the widget modules are imported only to draw.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any
from xml.sax.saxutils import escape

from kit.analysis.scoring import deck_cards
from kit.games.palabra import Card, Play, Score, best_play, score, score_shave
from kit.games.palabra.rules import (
    HAND_SIZE,
    LOCK_FACTOR,
    MIN_FLUSH,
    MIN_STRAIGHT,
    PALABRA_BONUS,
    VOWEL_SCORES,
)
from kit.games.registry import game_type
from kit.messages import PlainError
from kit.plain_calls import shown, wrap_module
from kit.table import Table, format_count

__all__ = [
    "COLORES",
    "Jugada",
    "afeitar",
    "ampliar",
    "baraja",
    "cartas",
    "diccionario",
    "en_diccionario",
    "en_orden",
    "jugada",
    "mano",
    "marcador",
    "mejor_jugada",
    "mesa_de_la_clase",
    "palabra",
    "pasos",
    "primera_mano",
    "reglas",
    "titulo_bot",
    "vocales",
]

# Spanish colour names (both genders: «una A amarilla», «el color amarillo») -> the deck's names
COLORES = {
    "rojo": "red", "roja": "red", "azul": "blue", "verde": "green",
    "amarillo": "yellow", "amarilla": "yellow",
}  # fmt: skip
STAR_SIGNS = {"": 0, "★★": 2, "★★★": 3, "**": 2, "***": 3}


def baraja() -> tuple[Card, ...]:
    """The 122 playable cards of one real deck (kit/data/palabra.toml, PLB-13)."""
    return deck_cards()


def _parse(name: str) -> tuple[str, int, frozenset[str]]:
    """«C★★ amarillo» -> ("C", 2, {"yellow"}); «Z rojo/azul» -> ("Z", 0, {"red", "blue"}).
    «M ★★★ rojo», the stars apart from the letter as the exercises print them, reads the same."""
    words = str(name).split()
    if len(words) > 2 and len(words[0]) == 1 and words[1] in STAR_SIGNS:
        words = [words[0] + words[1], *words[2:]]
    head, colour = (words[0], " ".join(words[1:])) if words else ("", "")
    letter, signs = head[:1].upper(), head[1:]
    if not letter.isalpha() or signs not in STAR_SIGNS:
        raise PlainError("calls.card_unread", name=shown(name))
    try:
        colours = frozenset(COLORES[c.strip().lower()] for c in colour.split("/"))
    except KeyError:
        raise PlainError("calls.card_colour", name=shown(name)) from None
    return letter, STAR_SIGNS[signs], colours


def cartas(*nombres: str) -> tuple[Card, ...]:
    """The deck's cards so named, each a different copy (two «A amarillo» are both yellow A's).

    Refused in plain words when the deck has no such card, or not so many copies of it."""
    used: set[int] = set()
    out = []
    for name in nombres:
        letter, stars, colours = _parse(name)
        found = None
        for card in baraja():
            if card.id in used or card.kind != "letter":
                continue
            if card.letter == letter and card.stars == stars and card.colours == colours:
                found = card
                break
        if found is None:
            raise PlainError("calls.card_none", name=shown(name))
        used.add(found.id)
        out.append(found)
    return tuple(out)


def _special(kind: str) -> Card:
    return next(c for c in baraja() if c.kind == kind)


def pasos(puntos: Score) -> list[str]:
    """The score as the table widget shows it: the sum, each star, the lock, the bonus."""
    from kit.widgets.hand_view import score_steps

    return [step["text"] for step in score_steps(puntos)]


@dataclass(frozen=True)
class Jugada:
    """Cards laid as one play and the engine's score of it; shows the cards and the steps."""

    cartas: tuple[Card, ...]
    puntos: Score
    letras: str = ""  # what the cards spell ("" = their printed letters)

    @property
    def texto(self) -> str:
        """What the play spells: its letters (a wild or vowel card shows what it stands for)."""
        return self.letras or "".join(c.letter or "?" for c in self.cartas)

    @property
    def total(self) -> int:
        return self.puntos.total

    @property
    def multiplicador(self) -> int:
        """The product of the star factors and the colour lock (1 when there are none)."""
        return self.puntos.multiplier

    @property
    def titulo(self) -> str:
        """«SAQUE (ampliación)»: what the play spells and its kind, in the class language."""
        from kit.messages import t

        return f"{self.texto} ({t(f'hand.kind_{self.puntos.kind}')})"

    def __repr__(self) -> str:
        return "\n".join([f"{self.titulo}:", *pasos(self.puntos)])

    def _repr_html_(self) -> str:
        from kit.render.hand import cards_svg
        from kit.widgets.hand_view import card_view

        drawing = cards_svg([card_view(c) for c in self.cartas]) if self.cartas else ""
        lines = "<br>".join([f"<b>{escape(self.titulo)}</b>", *map(escape, pasos(self.puntos))])
        return f'<div>{drawing}</div><p style="font-size:1.15em">{lines}</p>'


TIPOS = {"escalera": "straight", "color": "flush", "vocales": "vowels", "ampliar": "build"}
"""The Spanish names of the plays (the engine's "palabra" is already the ¡Palabra! of PLB-08)."""


def jugada(cards: Sequence[Card], tipo: str = "word", nuevas: Sequence[bool] | None = None):
    """A play of these cards: "word", "escalera" ("straight"), "color" ("flush"), "palabra"
    (¡Palabra!), "vocales" ("vowels") or "ampliar" ("build")."""
    new = tuple(nuevas) if nuevas is not None else None
    kind = TIPOS.get(tipo, tipo)
    return Jugada(tuple(cards), score(Play(kind, tuple(cards), new=new)))


def palabra(*nombres: str) -> Jugada:
    """A word of the named cards (PLB-03), e.g. palabra("M★★★ rojo", "O rojo", "R rojo")."""
    return jugada(cartas(*nombres))


def vocales(*nombres: str) -> Jugada:
    """A vowel play of the named cards (PLB-07: six score 20, seven 40, stars or not)."""
    return jugada(cartas(*nombres), "vowels")


def ampliar(base: Sequence[Card], antes: Sequence[Card] = (), despues: Sequence[Card] = ()):
    """PLB-06: extend `base` (a word on the table) with new cards before and after it. The whole
    word's values count; only the NEW star cards multiply; the lock if the whole is one colour."""
    whole = (*antes, *base, *despues)
    new = (True,) * len(antes) + (False,) * len(base) + (True,) * len(despues)
    return jugada(whole, "build", new)


def afeitar(jugada_anterior: Jugada, posiciones: Iterable[int] | str) -> Jugada:
    """PLB-11: shave letters of the prior play: their values times that play's own star and
    colour multipliers move to the shaver. Name the letters as a student reads them,
    `afeitar(pera, "E")` (a repeated letter is taken from the left), or give their positions
    as numbers (the first is 0, as exercises written for that still do)."""
    if isinstance(posiciones, str):
        where = _posiciones_de(jugada_anterior, posiciones)
    else:
        where = sorted(set(posiciones))
        if not where or where[0] < 0 or where[-1] >= len(jugada_anterior.cartas):
            raise PlainError("calls.positions", last=len(jugada_anterior.cartas) - 1)
    shaved = tuple(jugada_anterior.cartas[i] for i in where)
    s = jugada_anterior.puntos
    return Jugada(shaved, score_shave([c.value for c in shaved], s.stars, s.lock))


def _posiciones_de(jugada_anterior: Jugada, letras: str) -> list[int]:
    """Where the letters are in the play (each card once, from the left)."""
    texto = jugada_anterior.texto.upper()
    usadas: set[int] = set()
    for letra in letras.upper().replace(" ", ""):
        libres = [i for i, x in enumerate(texto) if x == letra and i not in usadas]
        if not libres:
            raise PlainError("calls.no_letter", word=jugada_anterior.texto, letter=letra)
        usadas.add(libres[0])
    if not usadas:
        raise PlainError("calls.shave_what")
    return sorted(usadas)


# -- the rule's numbers, in one table --------------------------------------------------------


def reglas() -> Table:
    """Every number of Palabra's scoring, read from the engine's rules (PLB-03..PLB-08)."""
    rows = [
        ("Carta ★★ en una palabra o escalera", "× 2", "PLB-03"),
        ("Carta ★★★ en una palabra o escalera", "× 3", "PLB-03"),
        ("Bloqueo de color (todas las cartas de un color)", f"× {LOCK_FACTOR}", "PLB-03"),
        ("Escalera: letras seguidas, como mínimo", f"{MIN_STRAIGHT} cartas", "PLB-04"),
        ("Color: cartas de un color, como mínimo (solo la suma)", f"{MIN_FLUSH} cartas", "PLB-05"),
        ("Ampliar: multiplican solo las cartas ★ nuevas", "—", "PLB-06"),
        ("Seis vocales", f"{VOWEL_SCORES[6]} puntos", "PLB-07"),
        ("Siete vocales", f"{VOWEL_SCORES[7]} puntos", "PLB-07"),
        (f"¡Palabra! (las {HAND_SIZE} cartas de la mano)", f"+ {PALABRA_BONUS} puntos", "PLB-08"),
    ]
    return Table(rows, columns=["jugada", "número", "regla"], title="Los números de la regla")


def en_orden(suma: int, factores: Sequence[int]) -> Table:
    """The same product in every order of its factors: the running totals differ, the end not.

    Why the order of ×2 and ×3 does not matter (multiplication is commutative and associative)."""
    rows = []
    for order in dict.fromkeys(permutations(factores)):
        running, steps = suma, [str(suma)]
        for f in order:
            running *= f
            steps.append(f"× {f} = {format_count(running)}")
        rows.append((" ".join(steps), running))
    return Table(rows, columns=["en este orden", "total"], title=f"Suma {suma}, en cada orden")


# -- the class game ----------------------------------------------------------------------------


def en_diccionario(diccionario: Any, palabras: Sequence[str]) -> Table:
    """Which of these words the class dictionary accepts (accents do not count; no Ñ)."""
    rows = [(w, "sí" if w in diccionario else "no") for w in palabras]
    return Table(rows, columns=["palabra", "¿vale?"])


def titulo_bot(nombre: str) -> str:
    """What the class calls a Palabra bot: «Ambiciosa» (greedy), «Principiante» (beginner)."""
    kind = game_type("palabra")
    return kind.bot_title(kind.bot_key(nombre))


def primera_mano(
    humanos: Sequence[str], bots: Sequence[str], seed: int, idioma: str, comunes: int | None
) -> Any:
    """The first position a human sees in the class game (a fresh session, nothing saved): the
    same deal as `Session.resume_or_start` with the same seats and seed before anyone plays."""
    from kit.session import Session

    return Session.start(
        "palabra", humans=humanos, bots=list(bots), seed=seed, language=idioma, common=comunes
    ).state


def mejor_jugada(state: Any) -> Jugada | None:
    """The highest-scoring play of the hand to act (the exact finder, PLB-03..PLB-08)."""
    best = best_play(state)
    if best is None:
        return None
    action = best.action
    letters = getattr(action, "letters", "")
    ids = getattr(action, "cards", None)
    if ids is None:  # a build: the whole word on the table, with the new cards
        base = state.table[action.target]
        ids = (*action.before, *base["cards"], *action.after)
        cut = len(action.before)
        letters = letters[:cut] + base["letters"] + letters[cut:] if letters else ""
    return Jugada(tuple(state.card(i) for i in ids), best.score, letters)


def mano(state: Any, jugador: int | None = None) -> Jugada:
    """The hand of `jugador` (default: the one to act) as cards, scored as if laid as a word."""
    who = state.cur if jugador is None else jugador
    cards = tuple(state.hand_cards(who))
    return Jugada(cards, score(Play("word", cards)))


def marcador(mesa: Any) -> Table:
    """Who is winning: each player's points as the table shows them."""
    rows = [(p["name"], p["score"]) for p in mesa.view["players"]]
    return Table(rows, columns=["jugador", "puntos"])


def mesa_de_la_clase(
    humanos: Sequence[str],
    bots: Sequence[str],
    semilla: int = 2026,
    idioma: str = "es",
    comunes: int | None = 3000,
    archivo: str = "partida_palabra.json",
) -> Any:
    """The class's Palabra table: `humanos` first, then `bots`, saved to `archivo` after every
    play (a Session), so a restarted kernel goes on where it was."""
    from kit.session import Session
    from kit.widgets import PalabraTable

    partida = Session.resume_or_start(
        archivo, "palabra", humans=humanos, bots=bots, seed=semilla, language=idioma, common=comunes
    )
    return PalabraTable(partida)


def diccionario(idioma: str = "es", comunes: int | None = 3000) -> Any:
    """The class dictionary: the bundled word list of `idioma`, only its `comunes` commonest
    words (None: all of them)."""
    from kit.games.palabra import Dictionary

    return Dictionary.bundled(idioma, common=comunes)


# Every call a student types fails in one plain sentence (kit/plain_calls.py, issue 24).
PLAIN_CALLS = wrap_module(
    globals(),
    "pl",
    usages={
        "palabra": 'pl.palabra("M★★★ rojo", "O rojo", …)',
        "cartas": 'pl.cartas("S★★ amarillo", "A verde", …)',
        "vocales": 'pl.vocales("A rojo", "E azul", …)',
    },
)
