"""The class dictionary: which letter strings are words (PLB-03: "spelling a word").

Words are what the class dictionary says they are. The bundled lists are pyspellchecker's word
frequency lists (``spellchecker/resources/es.json.gz`` and ``en.json.gz``: word -> count in a
large text corpus), read directly with gzip + json the first time they are needed, so importing
the kit stays light and offline.

    >>> d = Dictionary.bundled("es")                  # every word of the Spanish list
    >>> d = Dictionary.bundled("en", common=5000)      # classroom filter: the 5000 most frequent
    >>> d = Dictionary.from_file("palabras_clase.txt") # a teacher's own list, one word a line
    >>> "casa" in d, d.normalize("canción")            # (True, 'CANCION')

Spelling with the cards (the kit's choice, documented in docs/rules.md): Palabra's deck has only
the 26 letters A-Z. A word is matched in capitals with its accents stripped (CANCIÓN is spelt
C-A-N-C-I-O-N, PINGÜINO P-I-N-G-U-I-N-O). Words with Ñ are left out rather than spelt with N,
because N is a different letter (AÑO "year" would become ANO, another word). Words with anything
other than letters (apostrophes, hyphens, digits) are left out. A word has at least
``min_length`` letters (2 by default: a single card is not a word).
"""

from __future__ import annotations

import gzip
import json
import unicodedata
from collections.abc import Iterable, Iterator
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path

from kit.messages import t

__all__ = ["LANGUAGES", "Dictionary", "normalize"]

LANGUAGES = ("es", "en")
_ASCII = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def normalize(word: str) -> str | None:
    """The word as Palabra's cards spell it (A-Z capitals), or None if the cards cannot spell it."""
    w = word.strip()
    if not w or "ñ" in w or "Ñ" in w:
        return None
    w = "".join(ch for ch in unicodedata.normalize("NFD", w) if not unicodedata.combining(ch))
    w = w.upper()
    if not all(ch in _ASCII for ch in w):
        return None
    return w


def _resource(language: str) -> Path:
    spec = find_spec("spellchecker")  # found, not imported: the kit reads the data itself
    if spec is None or not spec.submodule_search_locations:
        raise ImportError(
            "the bundled word lists come from the 'pyspellchecker' package: pip install "
            "pyspellchecker (or give PalabraGame a Dictionary of your own)"
        )
    return Path(next(iter(spec.submodule_search_locations))) / "resources" / f"{language}.json.gz"


@lru_cache(maxsize=4)
def _frequencies(language: str) -> tuple[tuple[str, int], ...]:
    """(WORD, count) for the bundled list, most frequent first (ties alphabetical)."""
    if language not in LANGUAGES:
        raise ValueError(f"the bundled dictionaries are {list(LANGUAGES)}, not {language!r}")
    with gzip.open(_resource(language), "rt", encoding="utf-8") as f:
        raw = json.load(f)
    best: dict[str, int] = {}
    for word, count in raw.items():
        w = normalize(word)
        if w is not None and count > best.get(w, -1):
            best[w] = count
    return tuple(sorted(best.items(), key=lambda x: (-x[1], x[0])))


FOREIGN_RATIO = 30  # a word this many times more frequent in the other language is a guest


@lru_cache(maxsize=4)
def _foreign(language: str) -> frozenset[str]:
    """Words of the other bundled language that the subtitles corpus lets into this one (Spanish
    "MY", "IN", "SO", "BE"): their share of the other corpus is FOREIGN_RATIO times their share
    of this one. Only the classroom filter drops them; the full list keeps everything."""
    other = next(code for code in LANGUAGES if code != language)
    here, there = dict(_frequencies(language)), dict(_frequencies(other))
    total_here, total_there = sum(here.values()), sum(there.values())
    return frozenset(
        w
        for w, count in here.items()
        if there.get(w, 0) * total_here > FOREIGN_RATIO * count * total_there
    )


class Dictionary:
    """A set of words in Palabra's spelling, with an anagram index for the best-play finder."""

    def __init__(
        self,
        words: Iterable[str],
        name: str = "custom",
        language: str | None = None,
        min_length: int = 2,
    ):
        self.name = name
        self.language = language
        self.min_length = min_length
        kept = set()
        for word in words:
            w = normalize(word)
            if w is not None and len(w) >= min_length:
                kept.add(w)
        self.words: frozenset[str] = frozenset(kept)
        self._index: dict[str, tuple[str, ...]] | None = None

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def bundled(
        cls, language: str = "es", common: int | None = None, min_length: int = 2
    ) -> Dictionary:
        """pyspellchecker's list for ``language``; ``common=N`` keeps only the N most frequent.

        The classroom filter ranks words by their corpus frequency (after spelling them with the
        cards): ``common=3000`` is a good "words every student knows" list.
        """
        ranked = _frequencies(language)
        words = [w for w, _ in ranked if len(w) >= min_length]
        if common is not None:
            if common < 1:
                raise ValueError(f"common must be a number of words >= 1, not {common!r}")
            foreign = _foreign(language)
            words = [w for w in words if w not in foreign][:common]
        name = (
            t("rules_palabra.common_words", language=language, common=common)
            if common
            else language
        )
        return cls(words, name=name, language=language, min_length=min_length)

    @classmethod
    def from_file(cls, path: str | Path, min_length: int = 2) -> Dictionary:
        """A teacher's word list: one word per line (UTF-8); '#' starts a comment."""
        p = Path(path)
        if not p.exists():
            raise FileNotFoundError(f"{p}: no such word-list file")
        words = []
        for line in p.read_text(encoding="utf-8").splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                words.append(line)
        return cls(words, name=p.name, min_length=min_length)

    # -- queries --------------------------------------------------------------------------------
    normalize = staticmethod(normalize)

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        w = normalize(word)
        return w is not None and w in self.words

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self.words))

    def __repr__(self) -> str:
        return f"<Dictionary {self.name}: {len(self.words)} words>"

    @property
    def index(self) -> dict[str, tuple[str, ...]]:
        """Anagram index: sorted letters -> the words spelt with exactly those letters."""
        if self._index is None:
            idx: dict[str, list[str]] = {}
            for w in self.words:
                idx.setdefault("".join(sorted(w)), []).append(w)
            self._index = {k: tuple(sorted(v)) for k, v in idx.items()}
        return self._index

    def anagrams(self, letters: str) -> tuple[str, ...]:
        """The words that use exactly these letters (in any order)."""
        return self.index.get("".join(sorted(letters.upper())), ())
