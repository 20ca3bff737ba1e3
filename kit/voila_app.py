"""The class game's server, in a process of its own (`python -m kit.voila_app`, which kit.serve
starts): Voilà that serves its page to the teacher's browser and to no other web page.

Voilà as the kit first ran it (no token, XSRF checks off, any Host header) let any web page the
teacher's browser opened start kernels with a plain GET, and such a kernel took the class game
from the teacher's page (issue 22). Here:

- a secret token (kit.serve draws it, `secrets`) is in the URL kit prints and opens; a request
  without it, or without the login cookie the page gets from it, goes to the login page and
  starts no kernel;
- Voilà's XSRF checks stay on. A page that closes or reloads must still shut its kernel down,
  so the class game is freed: Voilà's page sends that request with the `_xsrf` cookie, which
  Voilà's notebook page never set (so it was refused and the old kernel kept the game);
  `only_its_page` sets it with the page;
- a Host header other than localhost or 127.0.0.1 is refused (DNS rebinding);
- a page of another site, or of another port of this computer (cookies do not tell ports
  apart), that makes the browser load the game with the login cookie but not the token starts
  no kernel either (the browser's Sec-Fetch-Site header says where a request comes from).
"""

from __future__ import annotations

import html
import os
import tempfile
import threading
import webbrowser
from pathlib import Path
from typing import Any

import tornado.web
from voila.app import Voila

from kit.serve import TOKEN_VARIABLE, new_token, page_url

FOREIGN = ("cross-site", "same-site")  # Sec-Fetch-Site of a request another page made
REDIRECT = (  # the page that sends the browser on to the game's URL
    '<!DOCTYPE html><meta http-equiv="refresh" content="0;url={url}"><a href="{url}">{url}</a>'
)


def only_its_page(handler: tornado.web.RequestHandler, notebook: Any, cwd: str) -> None:
    """Voilà's prelaunch hook, before a page's kernel starts: refuse a request another page
    made without the token; give the page the `_xsrf` cookie its shutdown request sends back."""
    site = handler.request.headers.get("Sec-Fetch-Site", "none")
    if site in FOREIGN and not getattr(handler, "token_authenticated", False):
        raise tornado.web.HTTPError(403, "a page of another site or port may not open the game")
    handler.xsrf_token  # noqa: B018  (reading it sets the cookie, with the page's headers)


class ClassroomVoila(Voila):
    """Voilà with a token always, XSRF checks, a Host check and `only_its_page`."""

    def initialize(self, argv: Any = None) -> None:
        super().initialize(argv)
        if not self.token:  # never without one, even started by hand
            self.token = os.environ.get(TOKEN_VARIABLE) or new_token()
        configured = self.voila_configuration.prelaunch_hook

        def hook(handler: tornado.web.RequestHandler, notebook: Any, cwd: str) -> Any:
            only_its_page(handler, notebook, cwd)
            return configured(handler, notebook=notebook, cwd=cwd) if configured else None

        self.voila_configuration.prelaunch_hook = hook

    def init_settings(self) -> dict[str, Any]:
        """Voilà's settings, but a request's Host must name this computer (Voilà allows any)."""
        settings = super().init_settings()
        settings.update(allow_remote_access=False, local_hostnames=["localhost"])
        return settings

    def launch_browser(self) -> None:
        """Open the page with its token, through a file of this user's as Voilà and Jupyter do,
        so that the token is not in the browser's command line."""
        try:
            browser = webbrowser.get(self.browser or None)
        except webbrowser.Error as err:
            self.log.warning("No web browser found: %s.", err)
            return
        handle, name = tempfile.mkstemp(suffix=".html")
        with open(handle, "w", encoding="utf-8") as file:
            file.write(REDIRECT.format(url=html.escape(page_url(self.port, self.token))))
        opening = {"new": self.webbrowser_open_new}
        threading.Thread(
            target=browser.open, args=(Path(name).as_uri(),), kwargs=opening, daemon=True
        ).start()


if __name__ == "__main__":
    ClassroomVoila.launch_instance()
