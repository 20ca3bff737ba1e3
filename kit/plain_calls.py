"""Every kit call a student types fails in one plain sentence (issue 24, point 5).

A lesson module ends with ``wrap_module(globals(), "pl")``: each public function it shows is
replaced by a wrapper (``functools.wraps``, so ``help()`` and ``inspect.signature`` read as
before) that turns a slip into a ``PlainError`` naming the call and how to write it:

- a wrong number of data, an unknown or repeated keyword → «pl.palabra(...) ...: se escribe
  pl.palabra(*nombres)»;
- a datum of the wrong kind where the annotation is simple (int, float, Fraction, str, bool,
  a sequence, a kit class) → the parameter, what it expects and what was written;
- a KeyError, AttributeError, IndexError, ValueError or TypeError raised inside by bad input →
  one sentence with the call as written and its usage.

Why a wrapper and not checks in every function: one rule, one catalogue (kit/data/messages/
calls.toml), and the success path stays the function's own. The checks run only on the call a
student makes: a wrapped function called from inside another wrapped call goes straight to the
original (``_depth``), so the lessons' own loops pay one integer test, and the engines, which
never see the wrappers, pay nothing. Signatures are read once, on the first call.

Below ``kit.table`` in the floors: the standard library and ``kit.messages`` only.
"""

from __future__ import annotations

import functools
import inspect
import operator
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from numbers import Number
from typing import Any

from kit.messages import PlainError, t, typed

__all__ = [
    "Lookup",
    "PlainAttributeError",
    "PlainIndexError",
    "PlainKeyError",
    "choose",
    "in_range",
    "one_of",
    "plain",
    "ranged",
    "shown_names",
    "wrap_module",
]


class PlainKeyError(PlainError, KeyError):
    """A PlainError that code catching KeyError still catches (``d.get``, ``in``…)."""

    __str__ = ValueError.__str__  # the sentence, not KeyError's quoted repr


class PlainAttributeError(PlainError, AttributeError):
    """A PlainError that ``hasattr`` and ``getattr(x, name, default)`` still understand."""


class PlainIndexError(PlainError, IndexError):
    """A PlainError that loops ending on IndexError still understand."""


# -- how a datum is shown -----------------------------------------------------------------------


def shown(value: Any, limit: int = 40) -> str:
    """A datum as the student wrote it, cut short: '"M ★★★ rojo"', 300, [1, 2]."""
    if isinstance(value, str):
        text = '"' + value + '"'
    else:
        try:
            text = repr(value)
        except Exception:  # a student's object whose repr fails
            text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def listed(options: Iterable[Any], limit: int = 12) -> str:
    """«"el_pale", "superpoly" o "la_ruta_del_tesoro"» (in the class language)."""
    items = [shown(o) for o in options]
    if len(items) > limit:
        items = [*items[:limit], "…"]
    if len(items) <= 1:
        return "".join(items)
    return t("calls.list", items=", ".join(items[:-1]), last=items[-1])


# -- what a parameter expects -------------------------------------------------------------------


def _is_int(x: Any) -> bool:
    if isinstance(x, str | bytes):
        return False
    try:
        operator.index(x)
        return True
    except TypeError:
        pass
    if isinstance(x, float | Fraction):
        return x == x and abs(x) != float("inf") and x == int(x)
    return False


def _is_number(x: Any) -> bool:
    if isinstance(x, str | bytes | list | tuple | dict | set) or x is None:
        return False
    return isinstance(x, Number) or hasattr(x, "__float__")


def _is_text(x: Any) -> bool:
    return isinstance(x, str)


def _is_bool(x: Any) -> bool:
    return isinstance(x, bool) or (isinstance(x, int) and x in (0, 1))


def _is_sequence(x: Any) -> bool:
    return not isinstance(x, str | bytes | Number) and hasattr(x, "__iter__")


_SIMPLE: dict[str, tuple[Callable[[Any], bool], str]] = {
    "int": (_is_int, "calls.expects_int"),
    "float": (_is_number, "calls.expects_number"),
    "Fraction": (_is_number, "calls.expects_number"),
    "Real": (_is_number, "calls.expects_number"),
    "str": (_is_text, "calls.expects_text"),
    "bool": (_is_bool, "calls.expects_bool"),
}
_SEQUENCES = {"Sequence", "list", "tuple", "Iterable", "Collection", "set", "frozenset"}
_CLASS_WORDS = {  # kit classes a student passes, as the lessons call them
    "Table": "calls.expects_table",
    "Card": "calls.expects_card",
    "Jugada": "calls.expects_play",
    "Dist": "calls.expects_dist",
    "Tournament": "calls.expects_tournament",
}


def _split_union(text: str) -> list[str]:
    """«int | str» → ["int", "str"], not splitting inside brackets."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c == "[":
            depth += 1
        elif c == "]":
            depth -= 1
        elif c == "|" and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return parts


def _checker(annotation: Any, where: Mapping[str, Any]) -> tuple[Callable | None, tuple]:
    """(a test of a datum, the expectation's catalogue keys) for an annotation; (None, ()) when
    it is not simple enough to check (Any, a callable, an alias…): then the function decides."""
    if annotation is inspect.Parameter.empty:
        return None, ()
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    tests: list[Callable[[Any], bool]] = []
    keys: list[str] = []
    for part in _split_union(text):
        head = part.split("[", 1)[0].strip().rsplit(".", 1)[-1]
        if head == "None":
            tests.append(lambda x: x is None)
        elif head in _SIMPLE:
            test, key = _SIMPLE[head]
            tests.append(test)
            keys.append(key)
        elif head in _SEQUENCES:
            tests.append(_is_sequence)
            keys.append("calls.expects_sequence")
        else:
            kind = where.get(head)
            if not isinstance(kind, type) or head not in _CLASS_WORDS:
                return None, ()  # something the function checks itself
            tests.append(lambda x, kind=kind: isinstance(x, kind))
            keys.append(_CLASS_WORDS[head])
    if not keys:
        return None, ()
    if len(tests) == 1:
        return tests[0], tuple(keys)
    return (lambda x: any(test(x) for test in tests)), tuple(keys)


class _Spec:
    """What a function's call looks like, read once: its signature, its usage line, and the
    tests of the parameters whose annotation is simple."""

    __slots__ = ("any", "most", "named", "positional", "signature", "usage", "varargs")

    def __init__(self, func: Callable, call: str, usage: str | None, method: bool) -> None:
        self.signature = inspect.signature(func)
        where = getattr(inspect.unwrap(func), "__globals__", {})
        params = list(self.signature.parameters.values())
        self.positional: list[tuple[str, Any, tuple]] = []
        self.named: dict[str, tuple[str, Any, tuple]] = {}
        self.varargs: tuple[str, Any, tuple] | None = None
        for p in params:
            test, keys = _checker(p.annotation, where)
            entry = (p.name, test, keys)
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
                self.positional.append(entry)
            if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
                self.named[p.name] = entry
            if p.kind is p.VAR_POSITIONAL:
                self.varargs = entry
        self.any = any(e[1] is not None for e in (*self.positional, *self.named.values()))
        self.any = self.any or bool(self.varargs and self.varargs[1])
        self.most = len(self.positional) if self.varargs is None else None  # data by position
        shown_params = params[1:] if method else params
        self.usage = usage or f"{call}({', '.join(_param_text(p) for p in shown_params)})"


def _param_text(p: inspect.Parameter) -> str:
    if p.kind is p.VAR_POSITIONAL:
        return f"{p.name}…"
    if p.kind is p.VAR_KEYWORD:
        return f"{p.name}=…"
    if p.default is p.empty:
        return p.name
    return f"{p.name}={shown(p.default, 24)}"


def _written(call: str, args: tuple, kwargs: dict, method: bool) -> str:
    """The call as the student wrote it: pl.palabra("M ★★★ rojo", "O rojo")."""
    items = [shown(a, 24) for a in (args[1:] if method else args)]
    items += [f"{k}={shown(v, 24)}" for k, v in kwargs.items()]
    text = f"{call}({', '.join(items)})"
    return text if len(text) <= 90 else text[:89] + "…)"


def _count(n: int) -> str:
    return t("calls.datum_one" if n == 1 else "calls.datum_many", n=n)


def _expects(keys: tuple) -> str:
    words = [t(k) for k in dict.fromkeys(keys)]
    return words[0] if len(words) == 1 else t("calls.either", items=", ".join(words[:-1]),
                                               last=words[-1])  # fmt: skip


def _refuse_type(spec: _Spec, call: str, entry: tuple, value: Any) -> PlainError:
    return PlainError(
        "calls.bad_type",
        call=call,
        name=entry[0],
        expects=_expects(entry[2]),
        given=shown(value),
        usage=spec.usage,
    )


def _check(spec: _Spec, call: str, args: tuple, kwargs: dict) -> None:
    positional = spec.positional
    for i, value in enumerate(args):
        if i < len(positional):
            entry = positional[i]
        elif spec.varargs is not None:
            entry = spec.varargs
        else:
            return  # too many: the call itself says so
        if entry[1] is not None and not entry[1](value):
            raise _refuse_type(spec, call, entry, value)
    for name, value in kwargs.items():
        entry = spec.named.get(name)
        if entry is not None and entry[1] is not None and not entry[1](value):
            raise _refuse_type(spec, call, entry, value)


def _binding_error(spec: _Spec, call: str, args: tuple, kwargs: dict, method: bool) -> PlainError:
    """Why the call does not fit the signature: an unknown keyword, too many data, a datum
    given twice, or the data missing (in that order: the first slip a student can fix)."""
    params = spec.signature.parameters
    has_var_kw = any(p.kind is p.VAR_KEYWORD for p in params.values())
    names = [p.name for p in params.values() if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    if method and names:
        names = names[1:]
    if not has_var_kw:
        for name in kwargs:
            if name not in names:
                return PlainError(
                    "calls.unknown_keyword",
                    call=call,
                    name=name,
                    names=listed(names) if names else t("calls.no_names"),
                    usage=spec.usage,
                )
    positional = [e[0] for e in spec.positional]
    if spec.varargs is None and len(args) > len(positional):
        skip = 1 if method else 0
        return PlainError(
            "calls.too_many",
            call=call,
            most=_count(len(positional) - skip),
            given=_count(len(args) - skip),
            usage=spec.usage,
        )
    for name in positional[: len(args)]:
        if name in kwargs:
            return PlainError("calls.twice", call=call, name=name, usage=spec.usage)
    missing = [
        p.name
        for p in params.values()
        if p.default is p.empty
        and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        and p.name not in kwargs
        and p.name not in positional[: len(args)]
    ]
    return PlainError(
        "calls.missing",
        call=call,
        need=_count(len(missing)),
        missing=listed(missing) if missing else "…",
        usage=spec.usage,
    )


# -- the wrapper ----------------------------------------------------------------------------------

_depth = 0  # > 0 while a wrapped call runs: the calls it makes are the kit's own, not checked


Check = Callable[[Any, Mapping[str, Any]], None]
"""A check of one datum a student gives: ``check(value, arguments)`` raises a PlainError when the
value would give nonsense or a deep error (an unknown game, a fifth house…)."""


def plain(
    func: Callable,
    call: str,
    *,
    usage: str | None = None,
    method: bool = False,
    checks: Mapping[str, Check] | None = None,
    kinds: bool = True,
    own_refusals: bool = False,
) -> Callable:
    """``func`` as a student calls it (``call``: "pl.palabra", "tabla.columna"): every slip one
    sentence. ``usage`` overrides the line «se escribe …»; ``method`` drops ``self`` from it;
    ``checks`` maps a parameter's name to a check of the value given (only when given);
    ``kinds=False`` leaves the kinds of the data to the function (it says them itself);
    ``own_refusals=True`` lets the function's own ValueErrors through (an engine function whose
    refusals already say exactly what is wrong), translating only the call's shape."""
    if getattr(func, "__plain__", None) is not None:
        return func
    spec: list[_Spec] = []
    if checks:
        names = inspect.signature(func).parameters
        checks = {k: v for k, v in checks.items() if k in names}

    def read() -> _Spec:
        if not spec:
            spec.append(_Spec(func, call, usage, method))
        return spec[0]

    @functools.wraps(func)
    def calling(*args: Any, **kwargs: Any) -> Any:
        global _depth
        if _depth:
            return func(*args, **kwargs)
        s = spec[0] if spec else read()
        if s.most is not None and len(args) > s.most:  # before the kinds: say the count first
            raise _binding_error(s, call, args, kwargs, method)
        if kinds and s.any:
            _check(s, call, args, kwargs)
        _depth += 1  # the checks' own calls (a game's rules…) are the kit's, not the student's
        try:
            if checks:
                _run_checks(s, checks, args, kwargs)
            return func(*args, **kwargs)
        except PlainError:
            raise
        except TypeError:
            try:
                s.signature.bind(*args, **kwargs)
            except TypeError:
                raise _binding_error(s, call, args, kwargs, method) from None
            raise _bad_input(s, call, args, kwargs, method) from None
        except ValueError:
            if own_refusals:
                raise
            raise _bad_input(s, call, args, kwargs, method) from None
        except (KeyError, AttributeError, IndexError):
            raise _bad_input(s, call, args, kwargs, method) from None
        finally:
            _depth -= 1

    calling.__plain__ = call  # type: ignore[attr-defined]
    return calling


def _run_checks(spec: _Spec, checks: Mapping[str, Check], args: tuple, kwargs: dict) -> None:
    arguments = {entry[0]: value for entry, value in zip(spec.positional, args, strict=False)}
    arguments.update(kwargs)  # a call that does not bind is refused by the call itself
    for name, check in checks.items():
        if name in arguments:
            check(arguments[name], arguments)


def _bad_input(spec: _Spec, call: str, args: tuple, kwargs: dict, method: bool) -> PlainError:
    return PlainError(
        "calls.bad_input", written=_written(call, args, kwargs, method), usage=spec.usage
    )


def _is_callable_function(value: Any) -> bool:
    """A function of the kit (plain, or cached with functools.cache), not a class."""
    return (
        callable(value)
        and not isinstance(value, type)
        and getattr(value, "__module__", "").startswith("kit.")
        and hasattr(value, "__name__")
    )


def shown_names(namespace: Mapping[str, Any]) -> list[str]:
    """What a lesson module shows: ``__all__``, else its own public functions, those it
    re-exports from other lesson modules, and every alias it gives another kit function
    (``euros = format_euros``), the aliases first (so a slip reads «paga.apuesta», not
    «paga.bet»)."""
    if namespace.get("__all__"):
        return list(namespace["__all__"])
    here = namespace.get("__name__")
    aliases, own = [], []
    for name, value in sorted(namespace.items()):
        if name.startswith("_") or not _is_callable_function(value):
            continue
        if name != value.__name__:
            aliases.append(name)
        elif value.__module__ == here or value.__module__.startswith("kit.lessons."):
            own.append(name)  # its own, or a lesson helper it re-exports (paga.tournament)
    return aliases + own


def wrap_module(
    namespace: dict[str, Any],
    prefix: str,
    names: Iterable[str] | None = None,
    *,
    usages: Mapping[str, str] | None = None,
    checks: Mapping[str, Mapping[str, Check]] | None = None,
) -> list[str]:
    """Wrap the public functions of a lesson module in place (``wrap_module(globals(), "pl")``):
    ``names``, by default ``shown_names(namespace)``. One wrapper per function object, named
    after its first name, so aliases (``apuesta = bet``) stay one object. ``checks`` maps a
    function's name (or "*", every function) to its ``{parameter: check}``. Returns the names
    wrapped."""
    checks = checks or {}
    done: dict[int, Callable] = {}
    wrapped = []
    for name in shown_names(namespace) if names is None else names:
        value = namespace.get(name)
        if name.startswith("_") or not _is_callable_function(value):
            continue
        if id(value) not in done:
            usage = (usages or {}).get(name)
            mine = {**checks.get("*", {}), **checks.get(name, {})}
            done[id(value)] = plain(value, f"{prefix}.{name}", usage=usage, checks=mine)
        namespace[name] = done[id(value)]
        wrapped.append(name)
    return wrapped


# -- names and ranges the functions check themselves --------------------------------------------


def choose(value: Any, options: Mapping[str, Any] | Iterable[str], what: str) -> Any:
    """The option a student named (as typed: case and accents aside), else one sentence listing
    them. ``options`` maps every accepted spelling to what it means (or lists the names);
    ``what`` is the catalogue key of the noun («juego», «bot»…)."""
    table = options if isinstance(options, Mapping) else {o: o for o in options}
    if isinstance(value, str):
        if value in table:
            return table[value]
        wanted = typed(value).replace(" ", "")
        for key, meaning in table.items():
            if typed(key).replace(" ", "") == wanted:
                return meaning
    raise PlainError("calls.unknown_name", what=t(what), value=shown(value), options=listed(table))


def in_range(value: Any, low: int, high: int, what: str) -> int:
    """A whole number from ``low`` to ``high``, else one sentence (``what``: the catalogue key
    of the datum's name, as the sentence starts: «La apuesta (en euros)»)."""
    if not _is_int(value) or not low <= int(value) <= high:
        raise PlainError("calls.out_of_range", what=t(what), low=low, high=high, given=shown(value))
    return int(value)


class Lookup(dict):
    """A dict a student reads by key (``a_la_larga[tablero.PRESO]``): a key it does not have is
    one sentence saying what its keys are (``keys``: a text, or the keys listed)."""

    __slots__ = ("keys_key",)

    def __init__(self, data: Mapping, keys_key: str | None = None) -> None:
        super().__init__(data)
        self.keys_key = keys_key  # a catalogue key saying what the keys are, or None: listed

    def __missing__(self, key: Any) -> Any:
        keys = t(self.keys_key) if self.keys_key else listed(self)
        raise PlainKeyError("calls.no_key", name=shown(key), keys=keys)

    def __reduce__(self) -> tuple:
        return (Lookup, (dict(self), self.keys_key))


def one_of(options: Iterable[Any], what: str) -> Check:
    """A check: the value is one of ``options`` (``what``: the catalogue key of its noun)."""
    options = tuple(options)

    def check(value: Any, arguments: Mapping[str, Any]) -> None:
        try:
            if value in options and not isinstance(value, bool):
                return
        except TypeError:  # an unhashable or odd value: refused below
            pass
        raise PlainError(
            "calls.unknown_name", what=t(what), value=shown(value), options=listed(options)
        )

    return check


def ranged(low: int, high: int, what: str) -> Check:
    """A check: a whole number from ``low`` to ``high`` (``what``: the catalogue key of the
    datum's name)."""

    def check(value: Any, arguments: Mapping[str, Any]) -> None:
        in_range(value, low, high, what)

    return check
