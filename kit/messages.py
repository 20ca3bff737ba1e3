"""One catalogue for every string a student or teacher reads: Spanish by default, English too.

Widgets, checks and errors ask `t(key, **values)` for their text, so a class switches language
with one call, `kit.set_language("en")`, and no label is written twice. The texts live in
`kit/data/messages/<area>.toml`, one file per area ("board.turn" is `[turn]` in board.toml), each
entry with its Spanish and English side by side so a translator sees both at once.
"""

from __future__ import annotations

import errno
import sys
import unicodedata
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

LANGUAGES = ("es", "en")
FOLDER = Path(__file__).parent / "data" / "messages"


def _load() -> dict[str, dict[str, str]]:
    """Every area file, checked: each entry has exactly one text per language."""
    import tomllib  # here, not at the top: `import kit` stays fast until a text is needed

    catalogue: dict[str, dict[str, str]] = {code: {} for code in LANGUAGES}
    folder = FOLDER
    for path in sorted(folder.iterdir(), key=lambda p: p.name):
        if not path.name.endswith(".toml"):
            continue
        area = path.name.removesuffix(".toml")
        for name, entry in tomllib.loads(path.read_text(encoding="utf-8")).items():
            if not isinstance(entry, dict) or sorted(entry) != sorted(LANGUAGES):
                raise ValueError(
                    f"kit/data/messages/{path.name}: [{name}] needs exactly the keys "
                    f"{list(LANGUAGES)}, each a text"
                )
            for code in LANGUAGES:
                catalogue[code][f"{area}.{name}"] = str(entry[code])
    return catalogue


@cache
def catalogue() -> dict[str, dict[str, str]]:
    """{language: {key: text}}, read once, on the first text asked for."""
    return _load()


def __getattr__(name: str) -> object:
    if name == "CATALOGUE":  # the catalogue as a module attribute, still read lazily
        return catalogue()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_language = "es"


def set_language(code: str) -> None:
    """Switch every label, check and message to 'es' (Spanish) or 'en' (English)."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose one of {sorted(LANGUAGES)}")
    global _language
    _language = code


def language() -> str:
    return _language


def typed(name: str) -> str:
    """A name as a student may type it, for matching: «Interés», «interes» and «INTERÉS» are
    the same, and so are «tras el día de paga» and «tras_el_dia_de_paga»."""
    plain = "".join(
        c for c in unicodedata.normalize("NFKD", str(name)) if not unicodedata.combining(c)
    )
    return " ".join(plain.casefold().replace("_", " ").replace("-", " ").split())


def t(key: str, **values: object) -> str:
    """The text for `key` in the current language, with `values` filled in."""
    return catalogue()[_language][key].format(**values)


def os_reason(error: BaseException) -> str:
    """Why the operating system refused a file or folder, in the class language where the kit
    knows the case (a folder in the way, no permission, a full disk…), else in the system's
    own words: said after the path, as «{path}: {reason}»."""
    if not isinstance(error, OSError):
        return str(error)
    texts = catalogue()[_language]
    key = f"os.{errno.errorcode.get(error.errno or 0, '')}"
    if key in texts:
        return texts[key]
    return error.strerror or type(error).__name__


class Say:
    """A message key and its values, written in the class language only when formatted.

    Refusals keep words such as the action tried or a phase's name as `Say` values, so refusing
    (a bot asking `is_legal` thousands of times) writes no sentence, and one refusal reads in
    Spanish or English according to the language when it is read. Picklable (tournament workers).
    """

    __slots__ = ("key", "values")

    def __init__(self, key: str, **values: object) -> None:
        self.key = key
        self.values = values

    def __str__(self) -> str:
        return t(self.key, **self.values)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Say({self.key!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return (_say, (self.key, self.values))


def _say(key: str, values: dict[str, object]) -> Say:
    return Say(key, **values)


class Joined:
    """Words joined when formatted: ``Joined([Say(...), "B"], "/")``."""

    __slots__ = ("items", "sep")

    def __init__(self, items: list[object], sep: str = ", ") -> None:
        self.items = list(items)
        self.sep = sep

    def __str__(self) -> str:
        return self.sep.join(str(item) for item in self.items)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Joined({self.items!r}, {self.sep!r})"


class PlainError(ValueError):
    """A refusal that is one sentence for the class, from the catalogue (``key`` and its
    ``values``, kept for tests): IPython shows the sentence in the cell instead of a traceback
    (``_render_traceback_``), and code still catches a ValueError."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(t(key, **values))
        self.key, self.values = key, values

    def _render_traceback_(self) -> list[str]:
        return [str(self)]


def plain_error_html(sentence: str) -> str:
    """A refusal as the page shows it: the sentence in the kit's type, wrapping between words
    like any paragraph (Voilà's error box is preformatted and cuts a long line mid-word)."""
    from kit import theme

    style = (
        f"font-family:{theme.FONT};font-size:{theme.TEXT_SIZES['text']}px;line-height:1.4;"
        f"color:{theme.INK};background:{theme.NOTE};border-left:6px solid {theme.REFUSED};"
        "padding:10px 14px;margin:4px 0;white-space:normal;overflow-wrap:break-word;"
        "max-width:60em"
    )
    return f'<div class="kit-plain-error" role="alert" style="{style}">⚠ {escape(sentence)}</div>'


def _show_plainly(shell: Any, etype: type, value: BaseException, tb: Any, tb_offset: Any = None):
    """A PlainError in a notebook: the sentence as a paragraph, no traceback. The cell still
    ends in an error, so «Run All» stops there and nbclient reports it."""
    from IPython.display import display

    sentence = str(value)
    display({"text/plain": sentence, "text/html": plain_error_html(sentence)}, raw=True)
    return []


# The kit's one custom exception hook in IPython: {exception type: its handler}. IPython keeps
# a single hook (`set_custom_exc`), so the kit's ones share it: PlainErrors here, the students'
# slips in kit.exercises.slips.
_HOOKED: dict[type, Any] = {}


def _dispatch(shell: Any, etype: type, value: BaseException, tb: Any, tb_offset: Any = None):
    for kind, handler in _HOOKED.items():
        if isinstance(value, kind):
            return handler(shell, etype, value, tb, tb_offset)
    return shell.InteractiveTB.structured_traceback(etype, value, tb, tb_offset=tb_offset)


def hook_in_notebook(kinds: tuple[type, ...], handler: Any, shell: Any = None) -> bool:
    """Show the errors `kinds` with `handler(shell, etype, value, tb, tb_offset)` in this IPython
    (JupyterLab, Voilà, JupyterLite's Pyodide kernel); True if the kit's hook holds them now.
    A program that installed its own hook keeps it: the kit does not take it over."""
    if shell is None:
        ipython = sys.modules.get("IPython")
        shell = ipython.get_ipython() if ipython is not None else None
    if shell is None or not hasattr(shell, "set_custom_exc"):
        return False
    current = tuple(getattr(shell, "custom_exceptions", ()) or ())
    if current and current != tuple(_HOOKED):
        return False  # someone else's hook
    for kind in kinds:
        _HOOKED[kind] = handler
    shell.set_custom_exc(tuple(_HOOKED), _dispatch)
    return True


hook_in_notebook((PlainError,), _show_plainly)
