"""Predict, then look: the predictions a student records before an experiment, and the
«¿Acertaste?» answers a lesson shows only once the prediction is in (predict-observe-explain).

A lesson's «Predice» section has one cell per question, `predice(1, "el 7")`; its output carries
the prediction as JSON (`MIME`), so a saved notebook holds what the student predicted and a
gradebook can show the class's predictions. Each «¿Acertaste?» cell calls the lesson's
`acertaste(1)` (a `Respuestas` built in `kit.lessons.respuestas.<lesson>`), which shows the
answer beside the prediction, or, while there is none, how to record it. Nothing here raises on
a blank prediction: «Run All» in a fresh copy runs to the end.

The students' copies (`kit classroom`) blank every prediction and strip the outputs of the cells
tagged `ACERTASTE` and `RESULTADO`, so the answer is not on the screen before the prediction.
"""

from __future__ import annotations

import ast
import numbers
from collections.abc import Callable, Mapping
from fractions import Fraction
from html import escape
from typing import Any

from kit.messages import PlainError, t
from kit.table import format_count

MIME = "application/vnd.kit.prediccion+json"
PREDICCION, ACERTASTE, RESULTADO = "prediccion", "acertaste", "resultado"  # the cells' tags
FUNCION = "predice"  # the name students call, as it stands in a prediction cell
LARGO = 300  # a prediction longer than this is cut when shown (it is kept whole)

_anotadas: dict[int, str] = {}


def _numero(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise PlainError("predicciones.bad_number", value=repr(n)[:40])
    return n


def como_texto(valor: object) -> str:
    """A prediction as the student would write it: text as typed, numbers in Spanish format
    (1/6, 1500, 0,5)."""
    if isinstance(valor, str):
        return valor.strip()
    if isinstance(valor, bool):
        return t("number.yes") if valor else t("number.no")
    if isinstance(valor, int):
        return format_count(valor)
    if isinstance(valor, Fraction):
        return str(valor)
    if isinstance(valor, numbers.Real):
        return format(float(valor), "g").replace(".", t("number.decimal"))
    return str(valor)


class _Salida:
    """Something a cell shows: plain text, and Markdown for JupyterLab, Voilà and JupyterLite."""

    def __init__(self, texto: str, markdown: str, datos: dict[str, Any] | None = None) -> None:
        self.texto, self.markdown, self.datos = texto, markdown, datos

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle: dict[str, Any] = {"text/plain": self.texto, "text/markdown": self.markdown}
        if self.datos is not None:
            bundle[MIME] = self.datos
        return bundle

    def __repr__(self) -> str:
        return self.texto

    def __str__(self) -> str:
        return self.texto


def _corta(texto: str) -> str:
    return texto if len(texto) <= LARGO else texto[: LARGO - 1] + "…"


def predice(n: int, prediccion: object = ...) -> _Salida:
    """Record prediction `n` (kept in this kernel and in the cell's saved output). A blank one
    (`...` or empty text) is not recorded: the cell says what to write instead."""
    n = _numero(n)
    texto = como_texto(prediccion) if prediccion is not ... and prediccion is not None else ""
    if not texto:
        _anotadas.pop(n, None)
        aviso = t("predicciones.blank", n=n)
        return _Salida(aviso, f"✎ {escape(aviso)}")
    _anotadas[n] = texto
    dicho = t("predicciones.recorded", n=n, prediccion=_corta(texto))
    return _Salida(dicho, f"✎ {escape(dicho)}", {"n": n, "prediccion": texto})


def anotada(n: int) -> str | None:
    """Prediction `n` as recorded in this kernel, or None."""
    return _anotadas.get(n)


def olvida() -> None:
    """Forget every prediction of this kernel (a fresh start, as after a restart)."""
    _anotadas.clear()


class Respuestas:
    """A lesson's «¿Acertaste?» answers: {question: a function that writes its Markdown from
    computed values}. Calling it with a question's number shows that answer once its
    prediction is recorded."""

    def __init__(self, respuestas: Mapping[int, Callable[[], str]]) -> None:
        self.respuestas = dict(respuestas)

    def texto(self, n: int) -> str:
        """The answer's Markdown, whether or not a prediction is in (for the teacher and tests)."""
        return self.respuestas[self._pregunta(n)]()

    def _pregunta(self, n: object) -> int:
        number = _numero(n)
        if number not in self.respuestas:
            raise PlainError(
                "predicciones.no_question", n=number, numbers=", ".join(map(str, self.respuestas))
            )
        return number

    def __call__(self, n: int) -> _Salida:
        n = self._pregunta(n)
        prediccion = anotada(n)
        if prediccion is None:
            aviso = t("predicciones.locked", n=n)
            return _Salida(aviso, f"🔒 {escape(aviso)}")
        dicho = t("predicciones.yours", prediccion=_corta(prediccion))
        respuesta = self.texto(n)
        return _Salida(f"{dicho}\n\n{respuesta}", f"*{escape(dicho)}*\n\n{respuesta}")


# -- the students' copies ----------------------------------------------------------------------


def en_blanco(source: str) -> str:
    """A prediction cell with every `predice(N, …)`'s prediction replaced by `...`: what a
    student's copy holds. The rest of the cell (comments, layout) is kept as written."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    spans = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == FUNCION
            and len(node.args) >= 2
        ):
            spans.append(node.args[1])
    lines = source.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    for arg in sorted(spans, key=lambda a: (a.lineno, a.col_offset), reverse=True):
        begin = starts[arg.lineno - 1] + _offset(lines[arg.lineno - 1], arg.col_offset)
        end = starts[arg.end_lineno - 1] + _offset(lines[arg.end_lineno - 1], arg.end_col_offset)  # type: ignore[operator, index]
        source = source[:begin] + "..." + source[end:]
    return source


def _offset(line: str, utf8_offset: int | None) -> int:
    """ast's column offsets count UTF-8 bytes; the string's count characters."""
    return len(line.encode("utf-8")[: utf8_offset or 0].decode("utf-8"))
