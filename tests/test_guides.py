"""The teacher's guides (docs/guia/): one per lesson, with every section, and never shipped to
students: not in the classroom folder, not in the JupyterLite site's files, not in the wheel.
"""

from __future__ import annotations

import importlib.util
import json
import math
import re
import shutil
import subprocess
import tomllib
import zipfile
from collections import Counter
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from random import Random

import pytest

from kit import prob
from kit.analysis import interest
from kit.classroom import build_classroom
from kit.games.palabra.dictionary import _frequencies
from kit.lessons import dados, paga
from kit.table import format_count, format_decimal, format_euros, format_percent

ROOT = Path(__file__).resolve().parents[1]
GUIDES = ROOT / "docs" / "guia"
STEMS = [path.stem for path in sorted((ROOT / "notebooks").glob("0*.ipynb"))]
SECTIONS = [
    "## Objetivos",
    "## Competencias y criterios de evaluación (LOMLOE)",
    "## Sesiones y tiempos",
    "## Conocimientos previos",
    "## Cómo llevarla a clase",
    "## Errores frecuentes",
    "## Lecturas de las reglas",
    "## Para debatir",
    "## Rúbricas de los «explica»",
    "## Atención a la diversidad",
    "## Solucionario",
]
# What only a guide says: a file that holds it is a guide, whatever its name.
MARK = "## Solucionario"


def headings(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines() if line.startswith("## ")]


def section(text: str, heading: str) -> str:
    """The body of one `## ` section of a guide, up to the next one."""
    start = text.index(heading + "\n") + len(heading)
    end = text.find("\n## ", start)
    return text[start:] if end < 0 else text[start:end]


def guide(stem: str) -> str:
    return (GUIDES / f"{stem}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("stem", STEMS)
def test_every_lesson_has_a_guide_with_every_section(stem):
    guide = GUIDES / f"{stem}.md"
    assert guide.exists(), f"no teacher's guide {guide.relative_to(ROOT)} for notebooks/{stem}"
    text = guide.read_text(encoding="utf-8")
    found = headings(text)
    missing = [section for section in SECTIONS if section not in found]
    assert not missing, (stem, missing)


def test_the_index_links_every_lesson_guide_and_has_the_glossary():
    text = (GUIDES / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\(([\w.]+\.md)\)", text))
    assert {f"{stem}.md" for stem in STEMS} <= linked
    assert "## Glosario" in text
    for command in ("make lab", "kit classroom", "kit play", "make lite", "make worksheets"):
        assert command in text, command


def shipped(folder: Path) -> list[str]:
    """Files under `folder` that are a guide: by name, by place, or by what they say."""
    found = []
    for path in folder.rglob("*"):
        if not path.is_file():
            continue
        rel = path.relative_to(folder)
        named = "guia" in rel.parts or (path.suffix == ".md" and path.stem in STEMS)
        text = path.suffix in (".md", ".ipynb", ".html", ".txt", ".py", ".toml")
        if named or (text and MARK in path.read_text(encoding="utf-8", errors="replace")):
            found.append(rel.as_posix())
    return found


def test_a_guide_is_found_wherever_it_is_copied(tmp_path):
    (tmp_path / "a" / "guia").mkdir(parents=True)
    (tmp_path / "a" / "guia" / "x.md").write_text("x", encoding="utf-8")
    (tmp_path / f"{STEMS[0]}.md").write_text("x", encoding="utf-8")
    (tmp_path / "notas.ipynb").write_text(f'{{"source": "{MARK}"}}', encoding="utf-8")
    assert sorted(shipped(tmp_path)) == sorted(["a/guia/x.md", f"{STEMS[0]}.md", "notas.ipynb"])


def test_the_classroom_folder_has_no_guide(tmp_path):
    out = tmp_path / "classroom"
    build_classroom(ROOT / "notebooks", ROOT / "exercises", out)
    assert (out / "lessons").is_dir() and (out / "exercises").is_dir()
    assert shipped(out) == []


def _lite_build():
    spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_jupyterlite_sites_files_have_no_guide(tmp_path, monkeypatch):
    """lite/build.py's contents() is what the site serves as its files: the classroom layout."""
    lite = _lite_build()
    monkeypatch.chdir(ROOT)  # `kit classroom` there reads notebooks/ and exercises/
    files = lite.contents(tmp_path)
    assert sorted(p.name for p in files.iterdir()) == ["exercises", "lessons"]
    assert shipped(files) == []


def test_the_kits_wheel_has_no_guide(tmp_path):
    uv = shutil.which("uv", path=str(ROOT / ".venv" / "bin")) or shutil.which("uv")
    if uv is None:
        pytest.skip("no uv to build the wheel with (make installs it into .venv)")
    built = subprocess.run(
        [uv, "build", "--quiet", "--wheel", "--offline", "--out-dir", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
    )
    if built.returncode != 0:
        pytest.skip(f"uv could not build the wheel offline: {built.stderr.strip()[-200:]}")
    (wheel,) = tmp_path.glob("kit-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert any(name.startswith("kit/") for name in names)
        guides = [
            name
            for name in names
            if "guia" in name.split("/")
            or MARK in archive.read(name).decode("utf-8", errors="replace")
        ]
    assert guides == []


# -- the assessment: criteria from the decree, a rubric for every «explica», whole sessions -----

DECREE = tomllib.loads((GUIDES / "criterios_rd217.toml").read_text(encoding="utf-8"))
LEVELS = {"3º": "1-3", "4º A": "4A", "4º B": "4B"}
CRITERION_ROW = re.compile(r"^\| \*\*(\d+\.\d+)\*\* \| (.*?) \| (.*) \|$", re.M)
QUOTE = re.compile(r"(3º|4º A|4º B): «([^»]*?)…»")


def _quoted_right(quote: str, text: str) -> bool:
    """A guide quotes the start of the decree's text, literally."""
    return bool(quote) and text.startswith(quote)


def test_the_decree_file_names_its_source_and_every_level_has_the_same_codes():
    source = DECREE["fuente"]
    assert source["boe"] == "https://www.boe.es/buscar/act.php?id=BOE-A-2022-4975"
    assert "217/2022" in source["norma"] and source["transcripcion"].startswith("https://")
    codes = {level: set(criteria) for level, criteria in DECREE["criterios"].items()}
    assert set(codes) == set(LEVELS.values())
    assert codes["1-3"] == codes["4A"] == codes["4B"]
    assert {code.split(".")[0] for code in codes["1-3"]} == set(DECREE["competencias"])


@pytest.mark.parametrize("stem", STEMS)
def test_every_criterion_a_guide_cites_is_one_found_in_the_decree(stem):
    text = guide(stem)
    body = section(text, "## Competencias y criterios de evaluación (LOMLOE)")
    flat = " ".join(body.split())
    assert DECREE["fuente"]["boe"] in flat and "decreto de tu comunidad" in flat
    rows = CRITERION_ROW.findall(body)
    assert rows, f"{stem}: no criterion rows"
    for code, quoted, use in rows:
        assert code in DECREE["criterios"]["1-3"], (stem, code)
        quotes = dict(QUOTE.findall(quoted))
        assert set(quotes) == set(LEVELS), (stem, code, quoted)
        for label, quote in quotes.items():
            assert _quoted_right(quote, DECREE["criterios"][LEVELS[label]][code]), (
                stem,
                code,
                quote,
            )
        assert use.strip(), (stem, code)
    cited = {code.split(".")[0] for code, _, _ in rows}
    competencies = dict(re.findall(r"\*\*CE(\d+)\*\* «([^»]*?)…»", body))
    assert set(competencies) == cited, (stem, sorted(competencies), sorted(cited))
    for number, quote in competencies.items():
        assert _quoted_right(quote, DECREE["competencias"][number]), (stem, number, quote)
    # No code anywhere else in the guide that the decree does not have.
    for code in re.findall(r"[Cc]riterios? (\d+\.\d+)", text):
        assert code in DECREE["criterios"]["1-3"], (stem, code)
    for number in re.findall(r"\bCE(\d+)\b", text):
        assert number in DECREE["competencias"], (stem, number)


def test_a_misquoted_criterion_is_caught():
    right = DECREE["criterios"]["1-3"]["1.1"]
    assert _quoted_right(right.split(" ")[0], right)
    assert not _quoted_right("Resolver problemas", right)
    assert not _quoted_right("", right)


def _master(stem: str) -> list[dict]:
    return json.loads((ROOT / "exercises" / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]


def explica_ids(stem: str) -> list[str]:
    """The «explica» prompts of a lesson's exercise master, as `prefix-N` like its check ids."""
    cells = [c for c in _master(stem) if c["cell_type"] == "code"]
    sources = ["".join(c["source"]) for c in cells]
    prefixes = {
        m.rsplit("-", 1)[0] for s in sources for m in re.findall(r'check\("([\w-]+-\d+)"', s)
    }
    assert len(prefixes) == 1, (stem, prefixes)
    (prefix,) = prefixes
    numbers = []
    for source in sources:
        if "explica(" in source:
            found = re.search(r"explicacion_(\d+)\s*=", source)
            assert found, (stem, source)
            numbers.append(found.group(1))
    return [f"{prefix}-{n}" for n in numbers]


def rubric_entries(text: str) -> dict[str, str]:
    body = section(text, "## Rúbricas de los «explica»")
    parts = re.split(r"^\*\*([\w]+-\d+)\*\*", body, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


@pytest.mark.parametrize("stem", STEMS)
def test_every_explica_of_a_lesson_has_a_rubric_in_its_guide(stem):
    ids = explica_ids(stem)
    assert ids, f"{stem}: the master has no «explica»"
    entries = rubric_entries(guide(stem))
    assert sorted(entries) == sorted(ids), (stem, sorted(entries), ids)
    for exercise, entry in entries.items():
        for level in ("*Completa:*", "*Parcial:*", "*Sin crédito:*"):
            assert level in entry, (stem, exercise, level)


def test_a_missing_rubric_is_caught():
    text = "## Rúbricas de los «explica»\n\n**dados-7** (x)\n- *Completa:* a\n\n## Otra\n"
    assert sorted(rubric_entries(text)) == ["dados-7"]
    assert sorted(rubric_entries(text)) != sorted(explica_ids(STEMS[0]))


SESSION_WORDS = {"Dos": 2, "Tres": 3, "Cuatro": 4}


def session_tables(body: str) -> list[list[int]]:
    """The minutes column of every table in a guide's «Sesiones y tiempos»."""
    tables, rows = [], []
    for line in [*body.splitlines(), ""]:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if cells[-1].isdigit():
                rows.append(int(cells[-1]))
        elif rows:
            tables.append(rows)
            rows = []
    return tables


@pytest.mark.parametrize("stem", STEMS)
def test_every_session_is_a_whole_55_minute_class_and_counts_logging_in(stem):
    body = section(guide(stem), "## Sesiones y tiempos")
    tables = session_tables(body)
    said = re.search(r"\b(Dos|Tres|Cuatro) sesiones de 55 minutos", body)
    assert said, stem
    assert len(tables) == SESSION_WORDS[said.group(1)], (stem, said.group(0), len(tables))
    for minutes in tables:
        assert sum(minutes) == 55, (stem, minutes)
    assert "Entrar y abrir" in body and "JupyterLite" in body and "primera vez" in body


# -- numbers the guides draw conclusions from, recomputed ------------------------------------------


def es(text: str) -> str:
    """Spanish number text as the kit writes it, in the guides' spaces and minus sign."""
    flat = " ".join(text.replace("-", "−").split())  # also joins the lines a paragraph wraps
    return re.sub(r"(?<=\d) (?=\d{3}\b)", "", flat)  # 1500 and 1 500, 3207,64 and 3 207,64 alike


def test_a_turn_has_43_36_rolls_so_three_rivals_roll_about_3_58_times_a_round():
    turns = prob.turn_rolls()
    rolls = turns.expectation(lambda turn: len(turn.rolls))
    assert rolls == 1 + Fraction(1, 6) + Fraction(1, 36) == Fraction(43, 36)
    text = guide("02_tablero")
    assert "43/36" in text and "43/12" in text
    assert f"≈ {format_decimal(3 * rolls, 2)} tiradas" in text
    assert 3 * rolls != 3  # the old «tres veces más por ronda»


def test_the_loan_paid_monthly_has_the_libretas_tae_and_repaying_costs_only_the_fee():
    rules = tomllib.loads((ROOT / "kit" / "data" / "dia_de_paga.toml").read_text(encoding="utf-8"))
    rate = Fraction(rules["loans"]["interest_percent"], 100)
    assert rate == Fraction(rules["savings"]["interest_percent"], 100)
    tae = Fraction(str(interest.effective_annual_rate(rate)))
    assert tae == (1 + rate) ** 12 - 1
    shown = es(format_percent(tae, 2))
    for stem in ("03_dia_de_paga", "04_interes_compuesto"):
        assert shown in es(guide(stem)), (stem, shown)
    card, fee = rules["loans"]["card_value"], rules["savings"]["withdrawal_fee"]
    # Each month's saved interest goes into the libreta and grows until the end: it is worth
    # exactly what the withdrawn card would have earned there, so repaying costs just the fee.
    for months in range(1, 37):
        lost = card * ((1 + rate) ** months - 1)
        saved = sum(card * rate * (1 + rate) ** (months - j) for j in range(1, months + 1))
        assert saved - lost - fee == -fee
    # Kept in cash instead (the lesson's table), repaying loses more with every month left.
    verdicts = [interest.withdrawal_worth_it(1, k) for k in range(1, 7)]
    cash = [v.gain_if_kept_in_cash for v in verdicts]
    assert cash[0] == -fee and all(a > b for a, b in pairwise(cash))
    text = es(guide("04_interes_compuesto"))
    assert f"{es(format_euros(-fee))} queden los meses que queden" in text
    assert es(format_euros(cash[-1])) in text
    paid = card * rate * 12  # the twelve payments of a year, and what they would have become
    grown = sum(card * rate * (1 + rate) ** k for k in range(12))
    assert grown == card * ((1 + rate) ** 12 - 1) > paid
    assert es(format_euros(grown)) in text and es(format_euros(paid)) in text


def test_the_banker_rounds_to_the_nearest_euro_half_up_a_tie_goes_up():
    assert interest.game_round(Fraction(1234, 10)) == 123
    assert interest.game_round(Fraction(1235, 10)) == 124
    assert interest.game_round(Fraction(1236, 10)) == 124  # not «por exceso»: 123,6 → 124 too
    assert interest.game_round(Fraction(1231, 10)) == 123  # 123,1 → 123, never up
    tenths = [Fraction(1230 + k, 10) for k in range(10)]
    bias = sum(interest.game_round(x) - x for x in tenths) / len(tenths)
    assert bias == Fraction(1, 20)
    text = es(guide("04_interes_compuesto"))
    assert f"+{format_decimal(bias, 2)} € al mes" in text
    assert "por exceso" not in text


def test_y_is_the_only_three_star_vowel_and_no_word_is_written_with_three_star_letters():
    deck = tomllib.loads((ROOT / "kit" / "data" / "palabra.toml").read_text(encoding="utf-8"))
    cards = [c for c in deck["letters"] if c["stars"] == 3]
    three = Counter(c["letter"] for c in cards for _ in range(c.get("copies", 1)))
    assert set(three) & set("AEIOUY") == {"Y"}
    words = [w for w, _ in _frequencies("es")]
    spelled = [w for w in words if not Counter(w.upper()) - three]
    assert max(map(len, spelled)) == 2 < 7
    text = guide("06_multiplicadores")
    assert f"lista completa de {es(format_count(len(words)))} palabras" in es(text)
    assert "tienen como mucho dos letras" in text and "no hay vocales ★★★" not in text


@pytest.mark.parametrize("stem", STEMS)
def test_every_guide_says_how_the_class_predicts_before_the_answer_shows(stem):
    body = " ".join(section(guide(stem), "## Cómo llevarla a clase").split())
    for needed in (
        "predice(1,",
        "acertaste(1)",
        "classroom/lessons/",
        ".venv/bin/kit lab notebooks",
    ):
        assert needed in body, (stem, needed)
    index = " ".join((GUIDES / "README.md").read_text(encoding="utf-8").split())
    assert "predice(1," in index and ".venv/bin/kit lab notebooks" in index


def test_a_roll_from_salida_ends_on_the_suerte_square_with_5_48_below_squares_6_and_8():
    board = tomllib.loads((ROOT / "kit" / "data" / "el_pale.toml").read_text(encoding="utf-8"))
    suerte = next(
        d for d in board["decks"] if any(c["id"].startswith("suerte") for c in d["cards"])
    )
    moving = {"move_to", "move_by", "go_to_jail", "move_to_nearest"}
    movers = sum(1 for c in suerte["cards"] if c["effect"] in moving)
    cards = len(suerte["cards"])
    dice = prob.dice_sum(2)
    ends_on_7 = dice[7] * Fraction(cards - movers, cards)
    assert (movers, cards) == (6, 16) and ends_on_7 == Fraction(5, 48) < dice[6] == dice[8]
    text = es(guide("02_tablero"))
    assert f"{movers} de las {cards} cartas de Suerte" in text
    assert f"= {ends_on_7} ≈ {format_decimal(ends_on_7, 4)}" in text
    assert f"({dice[6]} ≈ {format_decimal(dice[6], 4)} cada una)" in text


def test_the_simulated_bets_are_2_6_standard_errors_below_the_expected_gain():
    bet = dados.ganancia(200)
    mean, spread = bet.expectation(), bet.variance()
    bets = 10_000
    sample = bet.samples(Random(2026), bets)  # the lesson's experiment (dados.apuestas_simuladas)
    observed = Fraction(sum(sample), bets)
    error = math.sqrt(spread / bets)
    z = (mean - observed) / error
    text = es(guide("01_dados"))
    assert f"ganancia media {es(format_euros(observed))}" in text
    assert f"unos {es(format_euros(math.sqrt(spread)))}" in text
    assert f"unos {es(format_euros(error))}" in text
    assert f"queda a {format_decimal(z, 1)} de esas unidades" in text
    assert z > 2  # not «cerca»: the guide must not call it close


def test_the_borrower_beats_the_saver_by_the_lottery_not_by_borrowing():
    t = paga.tournament(partidas=200, meses=3, semilla=2026)
    saver, borrower = "cautious_saver", "borrower"
    own = ("libreta", "comisiones", "prestamos", "adquisiciones")
    saver_own = sum(t.mean(saver, a) for a in own)
    borrower_own = sum(t.mean(borrower, a) for a in own)
    assert t.wins[borrower] > t.wins[saver]
    assert borrower_own < 0 < saver_own
    assert t.mean(borrower, "loteria") > 0 == t.mean(saver, "loteria")
    assert borrower_own + t.mean(borrower, "loteria") > saver_own
    text = es(guide("03_dia_de_paga"))
    assert f"({t.wins[borrower]} frente a {t.wins[saver]})" in text
    assert f"+{es(format_euros(t.mean(borrower, 'loteria')))} de media" in text
    assert es(format_euros(-borrower_own)) + " por partida" in text
    assert f"+{es(format_euros(saver_own))} por partida" in text


def test_seventy_classroom_kitties_land_above_1_5_rounds_but_not_on_1_93():
    p = dados.p_alguien_saca_un_seis(4)
    assert p == 1 - Fraction(5, 6) ** 4
    mean, spread = 1 / p, math.sqrt((1 - p) / p**2)  # rounds until the first 6: geometric
    kitties = 70
    error = spread / math.sqrt(kitties)
    low, high = float(mean) - 2 * error, float(mean) + 2 * error
    assert low > 1.5
    text = es(guide("01_dados"))
    assert f"Con siete grupos, {kitties} botes" in text
    each, of_all = format_decimal(spread, 2), format_decimal(error, 2)
    assert f"unas {each} vueltas, la media de {kitties} unas {of_all}" in text
    assert f"entre {format_decimal(low, 2)} y {format_decimal(high, 2)}" in text


def test_the_100_euro_bets_stay_2_6_standard_errors_below_their_mean():
    bet = dados.ganancia(100)
    bets = 10_000
    observed = Fraction(sum(bet.samples(Random(2026), bets)), bets)
    error = math.sqrt(bet.variance() / bets)
    z = (bet.expectation() - observed) / error
    assert observed > 0 and z > 2
    text = es(guide("03_dia_de_paga"))
    assert f"se queda en {es(format_euros(observed))}, a {format_decimal(z, 1)} errores" in text
    assert f"típicos de {es(format_euros(error))}" in text
