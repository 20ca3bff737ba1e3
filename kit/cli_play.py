"""`kit play`: a class game's notebook and its save file in one folder, then Voilà on it.

The seed goes with the save (`--seed` must agree with a saved game's; `--new` draws one and
keeps the old game under a numbered name), and the table is tried before anything is written.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
from pathlib import Path
from typing import Any

from kit.messages import language, t

GAMES = Path("classroom") / "partidas"  # its notebooks and saved games (classroom/ is ignored)
DEFAULT_SEED = 2026  # a first game's seed: the same dice as the lessons


PLAY_OPTIONS = {"edition": "property", "time_limit": "property", "months": "dia_de_paga"}


def _play_options(ns: argparse.Namespace, family: str) -> dict[str, Any]:
    """The game's options from the command line; one for another game is refused."""
    options: dict[str, Any] = {}
    for option, owner in PLAY_OPTIONS.items():
        value = getattr(ns, option)
        if value is None:
            continue
        if owner != family:
            flag = "--" + option.replace("_", "-")
            raise ValueError(t("cli.not_an_option", option=flag, game=ns.ruleset))
        options[option] = value
    if family == "palabra":  # the dictionary is the class language's
        options["language"] = language()
    return options


def _saved_seed(path: Path) -> int | None:
    """The seed in the header of the save file at `path`, or None without one."""
    try:
        with path.open(encoding="utf-8") as file:
            header = json.loads(file.readline())
    except (OSError, ValueError):
        return None
    seed = header.get("seed") if isinstance(header, dict) else None
    return seed if isinstance(seed, int) else None


def _kept(folder: Path, ruleset: str) -> int:
    """How many earlier games of `ruleset` are kept beside the current one (partida_X-k.json)."""
    k = 0
    while (folder / f"partida_{ruleset}-{k + 1}.json").exists():
        k += 1
    return k


def _open_by(save: Path) -> int | None:
    """The process of this computer that holds the game in `save` now (its lock), or None."""
    try:
        pid = json.loads(save.with_name(save.name + ".lock").read_text(encoding="utf-8"))["pid"]
        os.kill(pid, 0)  # signal 0 only asks whether the process is there
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return pid if pid != os.getpid() else None


def _play_seed(ns: argparse.Namespace, save: Path) -> int:
    """--seed wins; --new draws a new one; else the saved game's, or the first game's."""
    saved = None if ns.new else _saved_seed(save)
    if ns.seed is not None:
        if saved is not None and saved != ns.seed:
            raise ValueError(t("cli.other_seed", path=save, saved=saved, seed=ns.seed))
        return ns.seed
    if ns.new:
        return 10_000 + secrets.randbelow(90_000)  # five digits a class can read out
    return saved if saved is not None else DEFAULT_SEED


def play_command(ns: argparse.Namespace) -> int:
    """kit play: the class game's notebook and save file, then Voilà on it (see the README)."""
    from kit.games.registry import game_type
    from kit.play import DEFAULT_BOTS, write_app_notebook
    from kit.session import Session

    names = play_games()
    if ns.ruleset not in names:
        raise ValueError(t("cli.play_games", name=ns.ruleset, games=", ".join(names)))
    kind = game_type(ns.ruleset)
    options = _play_options(ns, kind.family)
    default = list(DEFAULT_BOTS) if kind.family == "property" else [kind.default_bot]
    bots = ns.bots if ns.bots is not None else default
    folder = ns.folder
    if folder.exists() and not folder.is_dir():
        raise ValueError(t("cli.not_a_folder", path=folder))
    save = folder / f"partida_{ns.ruleset}.json"
    seed = _play_seed(ns, save)
    if ns.new and (pid := _open_by(save)) is not None:  # a kernel plays it: do not pull it away
        raise ValueError(t("cli.play_open", path=save, pid=pid))
    # the table as the notebook will set it up, tried first: a wrong seat, bot or edition is
    # refused here, with nothing written
    Session.start(ns.ruleset, humans=ns.humans, bots=bots, seed=seed, **options)
    folder.mkdir(parents=True, exist_ok=True)
    kept = _kept(folder, ns.ruleset)
    if ns.new and save.exists():  # never lose a game: keep it under a new name
        save.with_name(save.name + ".lock").unlink(missing_ok=True)  # its kernel has gone
        kept += 1
        save.rename(folder / f"partida_{ns.ruleset}-{kept}.json")
        print(t("cli.play_kept", path=folder / f"partida_{ns.ruleset}-{kept}.json"))
    notebook = write_app_notebook(
        folder,
        ns.ruleset,
        humans=ns.humans,
        bots=bots,
        seed=seed,
        save_as=save.name,
        number=kept + 1,
        options=options,
    )
    print(t("cli.play_wrote", notebook=notebook, save=save, seed=seed))
    if ns.no_voila:
        return 0
    from kit.serve import serve

    return serve(notebook)


def play_games() -> list[str]:
    """The games kit play plays: every registered one."""
    from kit.games.registry import game_names

    return list(game_names())
