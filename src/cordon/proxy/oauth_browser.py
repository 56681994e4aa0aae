"""Where an OAuth login's browser step can happen, for :mod:`cordon.proxy.oauth`.

A ``cordon run --url`` started by a client has no terminal of its own: its stdin and stdout
are the client's MCP pipe. When the server asks for a login and no stored token is left, the
authorization URL must open in a graphical browser on this machine, or the login cannot
happen there at all. On a machine where no browser can open (no ``DISPLAY`` or
``WAYLAND_DISPLAY`` on Linux and the BSDs, an SSH session, CI, no graphical browser found), the
request fails at once (:func:`headless_message`: run ``cordon auth login URL`` in a terminal)
instead of waiting minutes on a browser that never comes back.

``CORDON_OAUTH_BROWSER`` overrides the guess: ``1`` opens the browser and waits (an SSH
session with a forwarded display, a ``BROWSER`` helper that opens it elsewhere); ``0`` never
opens one. Only graphical browsers count (a console one has no terminal here), and the browser
is started with none of cordon's stdio, which is the client's MCP pipe.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import threading
import webbrowser

__all__ = ["BROWSER_ENV", "gui_browser", "headless_message", "headless_reason", "open_browser"]

BROWSER_ENV = "CORDON_OAUTH_BROWSER"
_YES = frozenset({"1", "yes", "true", "on"})
_NO = frozenset({"0", "no", "false", "off"})
#: how long to wait for the browser command to say whether it opened (seconds)
_OPEN_WAIT_S = 5.0


def gui_browser() -> webbrowser.BaseBrowser | None:
    """The browser :func:`webbrowser.open` would use, if it is a graphical one: not a console
    browser found on the PATH (``www-browser``, ``links``, ``lynx``, ``w3m``, ``elinks``); a
    command the user named in ``BROWSER`` (``wslview``, an IDE's helper) counts."""
    try:
        browser = webbrowser.get()
    except webbrowser.Error:
        return None
    named = os.environ.get("BROWSER", "").split(os.pathsep)
    if type(browser) is webbrowser.GenericBrowser and browser.name not in named:
        return None
    if isinstance(browser, webbrowser.UnixBrowser) and not browser.background:
        return None
    return browser


#: run by :func:`open_browser` in a child process whose stdin and stdout are not cordon's:
#: the browser :func:`gui_browser` saw, only (``webbrowser.open`` would go on to every other
#: one registered when it fails, console ones included, however long each takes)
_OPENER = "import sys, webbrowser\nsys.exit(0 if webbrowser.get().open(sys.argv[1], 1) else 1)"


def _set(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", *_NO)


def headless_reason() -> str | None:
    """Why no browser can be opened for a login here, or None when one can."""
    forced = os.environ.get(BROWSER_ENV, "").strip().lower()
    if forced in _YES:
        return None
    if forced in _NO:
        return f"{BROWSER_ENV}={forced}"
    if _set("SSH_CONNECTION") or _set("SSH_CLIENT") or _set("SSH_TTY"):
        return "an SSH session"
    if _set("CI"):
        return "CI"
    if sys.platform not in ("darwin", "win32") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return "no DISPLAY or WAYLAND_DISPLAY"
    if gui_browser() is None:
        return "no graphical browser found"
    return None


def headless_message(url: str, reason: str) -> str:
    """One line for a client's failed request and cordon's stderr: what to run, where."""
    return (
        f"{url} needs an OAuth login and no browser can be opened here ({reason}): "
        f"run `cordon auth login {url}` in a terminal on this machine, then restart this "
        f"server in your client ({BROWSER_ENV}=1 opens the browser anyway)"
    )


async def open_browser(url: str) -> bool:
    """Open ``url`` in the browser; False when it says it could not. A browser command that
    has not answered within a few seconds is taken as opening.

    :mod:`webbrowser` runs in a child process with no stdin, stdout or stderr: cordon's are
    the client's MCP pipe, and a browser launched from it may print to stdout ("Opening in
    existing browser session.") or, a console one, read stdin."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[bool] = loop.create_future()

    def answer(ok: bool) -> None:
        if not done.done():
            done.set_result(ok)

    def go() -> None:
        ok = False
        with contextlib.suppress(Exception):
            child = subprocess.Popen(  # noqa: S603 - this Python, a fixed script, the URL
                [sys.executable, "-c", _OPENER, url],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            ok = child.wait() == 0
        with contextlib.suppress(RuntimeError):  # the loop is gone: nobody waits
            loop.call_soon_threadsafe(answer, ok)

    # a daemon thread: a browser command that does not return never holds cordon's exit
    threading.Thread(target=go, name="cordon-browser", daemon=True).start()
    try:
        return await asyncio.wait_for(asyncio.shield(done), _OPEN_WAIT_S)
    except TimeoutError:
        return True
