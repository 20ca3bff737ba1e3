"""The gradebook as one self-contained page: the class table and a chart of the hardest exercises.

The page needs no network and no JavaScript, so a teacher can open it from a USB stick or mail
it. The chart is inline SVG drawn here (the exercises layer may not import `kit.render`), in
the kit's colours and font (kit.theme), and deterministic like the kit's other drawings: shares
are exact fractions, coordinates have fixed decimals, and there is no date or id in the file, so
the same marks give the same bytes.
Every label comes from the catalogue (`grade.*`), numbers with the class language's decimal mark.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path, PurePath
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

from kit.exercises.gradebook_files import write_safely
from kit.messages import language, t
from kit.theme import FONT, FRAME, GRID, INK, PROBLEM, RIGHT, SERIES, SHADE, WRONG

if TYPE_CHECKING:
    from kit.exercises.grading import Graded

BAR = SERIES[0]  # the first colour of the kit's other charts

_WIDTH = 640
_ROW = 24
_BAR = 16
_TOP = 30
_VALUE_ROOM = 70
_TICKS = (Fraction(0), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(1))

_STYLE = f"""
body {{ font-family: {FONT}; color: {INK}; margin: 2em; }}
table {{ border-collapse: collapse; font-size: 14px; }}
th, td {{ border: 1px solid {FRAME}; padding: 3px 6px; text-align: center; white-space: nowrap; }}
th {{ background: {SHADE}; }}
td.text {{ text-align: left; }}
td.right {{ color: {RIGHT}; font-weight: bold; }}
td.wrong {{ color: {WRONG}; }}
td.problem {{ text-align: left; color: {PROBLEM}; white-space: normal; min-width: 14em; }}
tfoot td, tfoot th {{ font-weight: bold; }}
"""


def _num(x: float) -> str:
    """Coordinates with two decimals and no trailing zeros, identical on every machine."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def format_percent(share: Fraction, digits: int = 1) -> str:
    """A share (0..1) as a percentage in the class language: 66,7 %."""
    value = f"{float(100 * share):.{digits}f}".replace(".", t("number.decimal"))
    return t("number.percent", value=value)


def shares(rows: Sequence[Graded], exercise_ids: Sequence[str]) -> dict[str, Fraction]:
    """The share of right answers per exercise, among the notebooks that have it."""
    result = {}
    for exercise_id in exercise_ids:
        marks = [row.marks[exercise_id] for row in rows if exercise_id in row.marks]
        if marks:
            result[exercise_id] = Fraction(sum(marks), len(marks))
    return result


def hardest_first(share_of: dict[str, Fraction]) -> list[tuple[str, Fraction]]:
    """Exercises from the lowest share right to the highest; ties keep registry order."""
    return sorted(share_of.items(), key=lambda item: item[1])


def chart_svg(bars: Sequence[tuple[str, Fraction]]) -> str:
    """A horizontal bar per exercise: its share right, with the percentage at the bar's end."""
    label_room = 16 + 8 * max((len(exercise_id) for exercise_id, _ in bars), default=4)
    left, right = label_room, _WIDTH - _VALUE_ROOM
    height = _TOP + _ROW * len(bars) + 8

    def x_of(share: Fraction) -> float:
        return left + float(share) * (right - left)

    body = [f"<title>{escape(t('grade.chart_label'))}</title>"]
    for tick in _TICKS:
        x = _num(x_of(tick))
        body.append(
            f'<line x1="{x}" y1="{_TOP - 6}" x2="{x}" y2="{height - 8}" stroke="{GRID}" '
            'stroke-width="1"/>'
        )
        body.append(
            f'<text x="{x}" y="{_TOP - 12}" font-size="12" text-anchor="middle">'
            f"{escape(format_percent(tick, digits=0))}</text>"
        )
    for k, (exercise_id, share) in enumerate(bars):
        y = _TOP + k * _ROW
        middle = _num(y + _ROW / 2 + 4)
        body.append(
            f'<text x="{left - 8}" y="{middle}" font-size="13" text-anchor="end">'
            f"{escape(exercise_id)}</text>"
        )
        body.append(
            f'<rect x="{left}" y="{_num(y + (_ROW - _BAR) / 2)}" width="{_num(x_of(share) - left)}"'
            f' height="{_BAR}" fill="{BAR}"/>'
        )
        body.append(
            f'<text x="{_num(x_of(share) + 6)}" y="{middle}" font-size="12">'
            f"{escape(format_percent(share))}</text>"
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{height}" '
        f'viewBox="0 0 {_WIDTH} {height}" role="img" aria-label={quoteattr(t("grade.chart_label"))}'
        f' font-family="{FONT}" fill="{INK}">' + "".join(body) + "</svg>"
    )


def _mark_cell(row: Graded, exercise_id: str) -> str:
    """✔ or ✘ (with a tooltip saying it in words); empty when the exercise is not the notebook's."""
    if exercise_id not in row.marks:
        return "<td></td>"
    verdict = "right" if row.marks[exercise_id] else "wrong"
    label = quoteattr(t(f"grade.{verdict}_label"))
    return f'<td class="{verdict}" title={label}>{escape(t(f"grade.{verdict}"))}</td>'


def _short_files(rows: Sequence[Graded]) -> list[str]:
    """Each row's file relative to the folder all of them share, so the table fits a screen."""
    parents = [PurePath(row.file).parent for row in rows]
    if not parents:
        return []
    common = parents[0]
    while any(common not in (parent, *parent.parents) for parent in parents):
        common = common.parent
    return [str(PurePath(row.file).relative_to(common)) for row in rows]


def _head(exercise_ids: Sequence[str]) -> str:
    """Two header rows: the notebook's part of each id over the number of each exercise."""
    groups: list[tuple[str, int]] = []
    for exercise_id in exercise_ids:
        group = exercise_id.rsplit("-", 1)[0]
        if groups and groups[-1][0] == group:
            groups[-1] = (group, groups[-1][1] + 1)
        else:
            groups.append((group, 1))
    fixed = [t("grade.column_file"), t("grade.column_name")]
    tail = [t("grade.column_total"), t("grade.column_problem")]
    top = "".join(f'<th rowspan="2">{escape(h)}</th>' for h in fixed)
    top += "".join(f'<th colspan="{n}">{escape(group)}</th>' for group, n in groups)
    top += "".join(f'<th rowspan="2">{escape(h)}</th>' for h in tail)
    numbers = "".join(
        f"<th title={quoteattr(i)}>{escape(i.rsplit('-', 1)[-1])}</th>" for i in exercise_ids
    )
    return f"<thead><tr>{top}</tr><tr>{numbers}</tr>"


def table_html(rows: Sequence[Graded], exercise_ids: Sequence[str]) -> str:
    """The class table: one row per notebook, and a last row with each exercise's share right."""
    lines = ["<table>", _head(exercise_ids)]
    lines.append("</thead><tbody>")
    for row, file in zip(rows, _short_files(rows), strict=True):
        total = t("grade.total_of", right=row.total, of=len(row.marks)) if row.marks else ""
        lines.append(
            "<tr>"
            f'<td class="text" title={quoteattr(row.file)}>{escape(file)}</td>'
            f'<td class="text">{escape(row.name)}</td>'
            + "".join(_mark_cell(row, exercise_id) for exercise_id in exercise_ids)
            + f'<td>{escape(total)}</td><td class="problem">{escape(row.problem)}</td></tr>'
        )
    share_of = shares(rows, exercise_ids)
    cells = "".join(
        f"<td>{escape(format_percent(share_of[i], 0))}</td>" if i in share_of else "<td></td>"
        for i in exercise_ids
    )
    lines.append(
        f'</tbody><tfoot><tr><th colspan="2">{escape(t("grade.row_share"))}</th>{cells}'
        "<td></td><td></td></tr></tfoot>"
    )
    lines.append("</table>")
    return "\n".join(lines)


def page(rows: Sequence[Graded], exercise_ids: Sequence[str]) -> str:
    """The whole page, in the class language."""
    bars = hardest_first(shares(rows, exercise_ids))
    picture = chart_svg(bars) if bars else f"<p>{escape(t('grade.chart_empty'))}</p>"
    summary = t(
        "grade.page_summary",
        notebooks=len(rows),
        exercises=len(exercise_ids),
        problems=sum(1 for row in rows if row.problems),
    )
    title = escape(t("grade.page_title"))
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{language()}">',
            '<head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{title}</title><style>{_STYLE}</style></head>",
            "<body>",
            f"<h1>{title}</h1>",
            f"<p>{escape(summary)}</p>",
            f"<p>{escape(t('grade.page_judged'))}</p>",
            f"<h2>{escape(t('grade.chart_heading'))}</h2>",
            f"<figure>{picture}</figure>",
            f"<h2>{escape(t('grade.table_heading'))}</h2>",
            table_html(rows, exercise_ids),
            "</body>",
            "</html>",
            "",
        ]
    )


def write_html(rows: Sequence[Graded], path: Path, exercise_ids: Sequence[str]) -> None:
    """Write the page to `path` (UTF-8), never through a symbolic link (`write_safely`)."""
    write_safely(Path(path), page(rows, exercise_ids))
