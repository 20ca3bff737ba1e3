"""A kernel for the race test (tests/test_save_file.py): opens a game when told to, plays.

Run as ``python tests/save_race.py``. It reads one JSON line per round from stdin, {"path",
"moves"}, answers ``ready``, waits for ``go`` (sent to two of these at once, the barrier), then
resumes the game, plays ``moves`` moves (the first legal action each time) and answers one JSON
line: what it played, or what refused it. It closes the game only when told ``end`` (after both
have answered), so the other cannot open it after a close however late it comes.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from kit.messages import PlainError
from kit.session import Session


def one_round(path: str, moves: int) -> tuple[dict[str, Any], Session | None]:
    """Open the game in `path` and play `moves` moves: what happened, as plain JSON, and the
    session (still holding the game) if it opened."""
    try:
        session = Session.resume(path)
    except PlainError as error:
        return {"played": False, "key": error.key, "kind": type(error).__name__}, None
    except Exception as error:  # the failure the race test looks for
        return {"played": False, "key": None, "kind": repr(error)}, None
    errors = []
    for _ in range(moves):
        try:
            session.act(session.state.legal_actions()[0])
        except Exception as error:  # refused after the resume: the lock did not hold
            errors.append(repr(error))
            break
        if session.save_error is not None:
            errors.append(session.save_error)
    result = {"played": True, "log": session.log, "state": session.state.to_json()}
    return {**result, "errors": errors}, session


def main() -> None:
    for line in sys.stdin:
        task = json.loads(line)
        print("ready", flush=True)
        if sys.stdin.readline().strip() != "go":
            return
        result, session = one_round(task["path"], task["moves"])
        print(json.dumps(result), flush=True)
        if sys.stdin.readline().strip() != "end":
            return
        if session is not None:
            session.close()
        print("closed", flush=True)


if __name__ == "__main__":
    main()
