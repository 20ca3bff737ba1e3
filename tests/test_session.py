"""A class game's session: seats, bots, seeded chance, autosave after every action, resume."""

from __future__ import annotations

import json
from random import Random

import pytest

from kit.games import game_names
from kit.games.core import IllegalAction
from kit.games.property.actions import Buy, EndTurn, RollDice
from kit.messages import t
from kit.save_check import read_save
from kit.save_file import SaveConflict
from kit.session import Session

GAMES = game_names()

PROPERTY = ("el_pale", "la_ruta_del_tesoro", "superpoly")


def play_randomly(session: Session, moves: int, seed: int) -> None:
    """A person choosing at random among the legal actions, `moves` times (or to the end)."""
    rng = Random(seed)
    for _ in range(moves):
        if session.state.is_terminal():
            return
        session.act(rng.choice(session.state.legal_actions()))


@pytest.mark.parametrize("ruleset", GAMES)
def test_a_resumed_game_goes_on_exactly_as_the_uninterrupted_one(ruleset, tmp_path):
    """The saved file holds state, dice generator and log: after a 'kernel restart' the same
    choices give the same game, move for move."""
    start = dict(humans=["Ana"], bots=["random"], seed=11)
    whole = Session.start(ruleset, save_to=tmp_path / "whole.json", **start)
    play_randomly(whole, 30, seed=1)
    play_randomly(whole, 30, seed=2)

    first = Session.start(ruleset, save_to=tmp_path / "cut.json", **start)
    play_randomly(first, 30, seed=1)
    del first  # the kernel dies
    resumed = Session.resume(tmp_path / "cut.json")
    play_randomly(resumed, 30, seed=2)

    assert resumed.state.to_json() == whole.state.to_json()
    assert resumed.log == whole.log
    assert resumed.rng.getstate() == whole.rng.getstate()


def test_every_action_is_saved_at_once(tmp_path):
    path = tmp_path / "partida.json"
    session = Session.start("superpoly", humans=["Ana", "Luis"], save_to=path, seed=3)
    session.act(RollDice())
    saved = read_save(path)
    assert saved.log == session.log and len(saved.log) == 2
    assert Session.resume(path).state.to_json() == session.state.to_json()


@pytest.mark.parametrize("ruleset", ["superpoly", "palabra"])
def test_the_set_up_is_the_first_entry_of_the_log_prop_01_plb_01(ruleset):
    """Who starts is chance before anyone acts (the opening roll, the cut): the log tells it."""
    session = Session.start(ruleset, humans=["Ana", "Luis"], seed=3)
    setup = session.log[0]
    assert setup["by"] == "chance" and setup["action"] is None and setup["player"] is None
    kinds = {event["kind"] for event in setup["events"]}
    assert kinds & {"starts", "first"}, kinds
    assert all(entry["by"] != "chance" for entry in session.log[1:])


@pytest.mark.parametrize("ruleset", PROPERTY)
def test_bots_play_until_a_person_must_choose(ruleset, tmp_path):
    session = Session.start(ruleset, humans=["Ana"], bots=["build_asap", "build_asap"], seed=4)
    for _ in range(40):
        assert session.state.is_terminal() or session.human_to_act()
        if session.state.is_terminal():
            break
        session.act(session.state.legal_actions()[0])
    assert {entry["by"] for entry in session.log} == {"chance", "human", "bot"}


def test_an_illegal_action_changes_nothing_not_even_the_file(tmp_path):
    path = tmp_path / "partida.json"
    session = Session.start("el_pale", humans=["Ana", "Luis"], save_to=path, seed=5)
    before, saved = session.state.to_json(), path.read_bytes()
    with pytest.raises(IllegalAction):
        session.act(EndTurn())  # PROP: roll first
    with pytest.raises(IllegalAction):
        session.act(Buy(1))
    assert session.state.to_json() == before and path.read_bytes() == saved
    assert [entry["by"] for entry in session.log] == ["chance"]  # the opening roll only


def test_a_table_of_bots_waits_to_be_told_and_then_plays(tmp_path):
    session = Session.start("superpoly", humans=[], bots=["build_asap"] * 3, seed=6)
    assert [entry["by"] for entry in session.log] == ["chance"]  # nobody watching would see
    # the game vanish in one cell: only the opening roll is played
    assert session.play_bots(10) == 10 and len(session.log) == 1 + 10


def test_resume_or_start_starts_once_then_resumes(tmp_path):
    path = tmp_path / "partida.json"
    first = Session.resume_or_start(path, "superpoly", humans=["Ana", "Luis"], seed=7)
    first.act(RollDice())
    again = Session.resume_or_start(path, "superpoly", humans=["Otra", "Gente"], seed=99)
    assert again.names == ["Ana", "Luis"] and again.log == first.log
    with pytest.raises(ValueError, match="guarda una partida de superpoly, no de el_pale"):
        Session.resume_or_start(path, "el_pale", humans=["Ana", "Luis"])


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (None, "ninguna partida guardada"),
        ("{", "no es JSON"),
        ('{"format": "something else"}', "no es una partida guardada del kit"),
        ('{"format": "kit-session", "version": 99}', "otra versión"),
    ],
)
def test_a_file_that_is_not_a_saved_game_is_named_plainly(tmp_path, content, problem):
    path = tmp_path / "partida.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(ValueError, match=problem):
        Session.resume(path)


@pytest.mark.parametrize(
    ("start", "problem"),
    [
        (dict(humans=["Ana", " "]), "necesita un nombre"),
        (dict(humans=["Ana", "Ana"]), "mismo nombre"),
        (dict(humans=["Ana"], bots=["no_such_bot"]), "no_such_bot"),
        (dict(humans=["Ana", "Luis"], seed="x"), "semilla"),
    ],
)
def test_a_bad_table_is_refused_in_plain_words(start, problem):
    with pytest.raises(ValueError, match=problem):
        Session.start("superpoly", **start)


def test_the_save_leaves_no_temporary_file(tmp_path):
    """The file written whole goes through a temporary file put in its place in one step; the
    saves after it append: nothing but the file and its lock is left behind."""
    path = tmp_path / "partida.json"
    session = Session.start("superpoly", humans=["Ana", "Luis"], save_to=path, seed=8)
    session.act(RollDice())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["partida.json", "partida.json.lock"]
    session.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["partida.json"]


def test_prop_16_a_time_limit_is_kept_through_a_save(tmp_path):
    """PROP-16: a game to a fixed number of turns stays so after a resume."""
    path = tmp_path / "partida.json"
    Session.start("el_pale", humans=["Ana"], bots=["build_asap"], save_to=path, time_limit=3)
    resumed = Session.resume(path)
    assert resumed.game.time_limit == 3
    play_randomly(resumed, 500, seed=3)
    assert resumed.state.is_terminal() and resumed.state.turns <= 4


def test_a_session_around_a_game_made_in_code_plays_but_has_no_file():
    """A teacher's own word list is a Python object: the game plays, but cannot be saved."""
    import kit

    game = kit.load("palabra", players=["Ana", "Bot"], dictionary=["casa", "mesa", "sol"])
    session = Session.around(game, [None, "greedy"], seed=4)
    assert session.human_to_act() and session.save() is None
    assert session.names == ["Ana", "Bot"] and session.game is game


def test_session_of_gives_a_widget_its_game_or_says_why_not():
    """One door for every table widget: a session of the right game, or a plain refusal."""
    import kit

    palabra = kit.load("palabra", players=3)
    session = Session.of(palabra, "palabra", seed=1, bots=[None, "greedy", "beginner"])
    assert session.seat_bots == [None, "greedy", "beginner"]
    assert Session.of(session, "palabra") is session
    assert Session.of(palabra, "palabra", bots={2: "greedy"}).seat_bots == [None, None, "greedy"]
    with pytest.raises(TypeError, match="no es una partida de dia_de_paga"):
        Session.of(session, "dia_de_paga")
    with pytest.raises(TypeError, match="no es una partida de property"):
        Session.of("superpoly", "property")
    with pytest.raises(ValueError, match="el asiento 5 no existe"):
        Session.of(palabra, "palabra", bots={5: "greedy"})
    with pytest.raises(ValueError, match="ningún bot llamado 'genius'"):
        Session.of(palabra, "palabra", bots={1: "genius"})
    with pytest.raises(ValueError, match="semilla"):
        Session.of(palabra, "palabra", seed="dos")


def test_a_click_on_a_bots_turn_is_refused_and_changes_nothing(tmp_path):
    """Issue 14, point 7: on a table of bots (which waits for step()), a person's action is
    not played as the bot's move: why_not says whose turn it is, act refuses, nothing changes."""
    from kit.games.property import RollDice

    session = Session.start(
        "superpoly", humans=[], bots=["build_asap", "build_asap"], save_to=tmp_path / "p.json"
    )
    seat = session.to_act()
    assert seat is not None and session.seat_bots[seat] is not None
    before = (session.state.to_json(), len(session.log))
    reason = session.why_not(RollDice())
    assert reason and session.names[seat] in reason and "bot" in reason
    with pytest.raises(ValueError, match="bot"):
        session.act(RollDice())
    assert (session.state.to_json(), len(session.log)) == before
    assert session.step()  # the bot plays its own move


# -- issue 22, point 2: a table that is no longer the game's plays nothing -------------------


def retired(tmp_path, **start) -> tuple[Session, Session]:
    """A game of bots, and the same game opened again in this kernel: (old table, new one)."""
    start = {"humans": [], "bots": ["build_asap", "build_asap"], "seed": 9, **start}
    old = Session.start("superpoly", save_to=tmp_path / "partida.json", **start)
    old.play_bots(3)
    return old, Session.resume(tmp_path / "partida.json")


def test_a_retired_table_refuses_step_play_bots_and_advance_and_changes_nothing(tmp_path):
    """After the game is opened again, the old table's step(), play_bots() and advance() are
    refused as act is, in one sentence (session.reopened), before anything is played."""
    old, new = retired(tmp_path)
    before = (old.state.to_json(), json.dumps(old.log), old.steps)
    saved = (tmp_path / "partida.json").read_bytes()
    for play in (old.step, lambda: old.play_bots(5), old.advance):
        with pytest.raises(SaveConflict) as refused:
            play()
        assert refused.value.key == "session.reopened"
        assert str(refused.value) == t("session.reopened", path=tmp_path / "partida.json")
        assert (old.state.to_json(), json.dumps(old.log), old.steps) == before
    assert (tmp_path / "partida.json").read_bytes() == saved
    assert new.play_bots(2) == 2 and new.save_error is None  # the new table plays on


def test_a_retired_table_of_people_refuses_advance_too(tmp_path):
    old, _new = retired(tmp_path, humans=["Ana"], bots=["build_asap"])
    before = old.state.to_json()
    with pytest.raises(SaveConflict):
        old.advance()
    assert old.state.to_json() == before


def test_a_bot_may_be_named_as_the_class_calls_it():
    """«Ambiciosa» and «apostadora» are the bots the lessons show; the save keeps the code name."""
    partida = Session.start("palabra", humans=["Ana"], bots=["Ambiciosa", "principiante"], seed=1)
    assert partida.seat_bots == [None, "greedy", "beginner"]
    paga = Session.start("dia_de_paga", humans=["Ana"], bots=["apostadora"], seed=1, months=1)
    assert paga.seat_bots == [None, "gambler"]
    with pytest.raises(ValueError, match="Tramposa"):
        Session.start("palabra", humans=["Ana"], bots=["Tramposa"], seed=1)


def test_the_fortunes_table_reads_in_spanish_and_palabra_is_told_plainly():
    partida = Session.start("el_pale", humans=["Ana"], bots=["Constructora"], seed=1)
    tabla = partida.tabla_de_fortunas()
    assert tabla.columna("Jugador") == partida.names
    assert tabla.columna("fortuna") == partida.state.fortunes() == [1_500_000, 1_500_000]
    assert "1 500 000" in tabla.to_text().replace("\u202f", " ")
    palabra = Session.start("palabra", humans=["Ana"], bots=["Ambiciosa"], seed=1)
    with pytest.raises(ValueError, match="no cuenta fortunas"):
        palabra.tabla_de_fortunas()
