"""How a short text answer is normalised before it is compared.

Students type the same word many ways: "Estación", " estacion ", "ESTACIÓN.". The rules, in order:
Unicode NFC; casefold; accents dropped (they are optional) except that ñ stays ñ, because
"año" and "ano" are different words; surrounding spaces, quotes and punctuation (¿?¡!.,;:)
removed; inner runs of spaces collapsed to one.

`answer_words` also drops the words a student puts in front of the answer itself: «el D»,
«grupo D», «la opción b», «respuesta: retirar» are «d», «d», «b» and «retirar».
"""

from __future__ import annotations

import unicodedata

_EDGE_CHARACTERS = " \t\r\n.,;:!?¡¿\"'«»“”‘’()"
_KEPT_LETTERS = frozenset("ñ")
_LEAD_WORDS = frozenset(
    ("el", "la", "los", "las", "lo", "un", "una", "grupo", "opcion", "letra", "respuesta", "es")
)


def _without_accent(character: str) -> str:
    """One character without its combining marks (á → a), leaving ñ alone."""
    if character in _KEPT_LETTERS:
        return character
    decomposed = unicodedata.normalize("NFD", character)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def normalise_text(text: str) -> str:
    """The form in which two spellings of the same short answer become equal."""
    folded = unicodedata.normalize("NFC", text).casefold()
    plain = "".join(_without_accent(c) for c in folded)
    return " ".join(plain.strip(_EDGE_CHARACTERS).split())


def answer_words(text: str) -> str:
    """`normalise_text`, without the words in front of the answer («el», «grupo», «opción»)."""
    words = normalise_text(text).replace(":", " ").split()
    while len(words) > 1 and words[0] in _LEAD_WORDS:
        words.pop(0)
    return " ".join(words).strip(_EDGE_CHARACTERS)
