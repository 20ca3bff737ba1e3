"""Starting the class game's server (`kit play`, `kit voila`): Voilà for one page, on this
computer only, behind a secret token.

Kept out of kit/cli.py because it is one job of its own (a token, a port, the URL, the server
process) and cli.py was near its size limit. The server itself is kit/voila_app.py, run as
`python -m kit.voila_app` in a process of its own; this module imports nothing of Voilà, so a
missing Voilà is one plain sentence (`cli.not_installed`), not an ImportError.
"""

from __future__ import annotations

import importlib.util
import os
import secrets
import socket
import subprocess
import sys
from pathlib import Path

from kit.messages import t

TOKEN_VARIABLE = "KIT_VOILA_TOKEN"  # the token reaches the server in its environment, not in
# its command line (which any user of the computer can list)
HOST = "127.0.0.1"
DEFAULT_PORT = 8866  # Voilà's own; another free port when it is taken


def new_token() -> str:
    """A secret for the page's URL: a web page that does not know it starts nothing."""
    return secrets.token_urlsafe(24)


def free_port(preferred: int = DEFAULT_PORT) -> int:
    """`preferred` if nothing listens there on this computer, else a port the system picks."""
    for port in (preferred, 0):
        with socket.socket() as sock:
            try:
                sock.bind((HOST, port))
            except OSError:
                continue
            return sock.getsockname()[1]
    raise OSError(t("cli.no_port"))


def page_url(port: int, token: str) -> str:
    """The address the teacher opens: the server's root (its one notebook) with the token."""
    return f"http://{HOST}:{port}/?token={token}"


def server_args(target: Path | str, port: int) -> list[str]:
    """`python -m` arguments of the server on `target` (a notebook, or a folder for the tests):
    this computer only, one port (the one printed), and errors shown (a kit refusal is one
    sentence, PlainError)."""
    return [
        "kit.voila_app",
        str(target),
        f"--Voila.ip={HOST}",
        f"--port={port}",
        "--Voila.port_retries=0",
        "--show_tracebacks=True",
    ]


def serve(notebook: Path) -> int:
    """Run the class game's server on `notebook` until it is stopped; print the page's URL
    first (the server opens it in the browser)."""
    if importlib.util.find_spec("voila") is None:
        raise ValueError(t("cli.not_installed", program="voila"))
    token, port = new_token(), free_port()
    print(t("cli.serving", url=page_url(port, token)), flush=True)
    env = {**os.environ, TOKEN_VARIABLE: token}
    return subprocess.call([sys.executable, "-m", *server_args(notebook, port)], env=env)
