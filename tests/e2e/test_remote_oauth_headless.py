"""An OAuth login on a machine where no browser can open (no display, SSH, CI), through the real
``cordon run --url`` and ``cordon auth login`` processes in front of the mailbox server that
requires OAuth (``MAILBOX_HTTP_OAUTH=1``).

``cordon run`` is started by a client and has no terminal: it must not wait minutes for a
browser that never opens, but answer the handshake at once with the command that logs in.
``cordon auth login`` in a terminal prints the authorization URL and takes the redirect on its
loopback port (a browser elsewhere reaching it through a forwarded port) or as an address
pasted on its stdin. The automated browser step of the other OAuth tests is off here."""

from __future__ import annotations

import os
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import Harness, cordon_exe, first_mcp_error, text_of
from tests.e2e.test_remote_oauth import OAuthSetup

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

#: the handshake's error comes within this (seconds), not after LOGIN_TIMEOUT_S (300): the
#: failure itself takes well under a second; cordon's start-up, on a loaded 2-core machine,
#: up to ~8 s (an unreachable --url's error takes as long there)
FAST = 15.0

_NO_BROWSER = {"DISPLAY": "", "WAYLAND_DISPLAY": "", "CORDON_OAUTH_BROWSER": ""}
_SSH = {"SSH_CONNECTION": "", "SSH_CLIENT": "", "SSH_TTY": "", "CI": ""}


def _headless(harness: Harness, **env: str) -> OAuthSetup:
    s = OAuthSetup(harness)
    del harness.env["CORDON_OAUTH_TEST_AUTOLOGIN"]  # no automated browser step
    harness.env.update({**_NO_BROWSER, **_SSH, **env})
    return s


@pytest.mark.parametrize(
    ("env", "reason"),
    [
        ({}, "no DISPLAY or WAYLAND_DISPLAY"),
        ({"DISPLAY": ":0", "SSH_CONNECTION": "10.0.0.9 50000 10.0.0.2 22"}, "an SSH session"),
        ({"DISPLAY": ":0", "CI": "true"}, "CI"),
        ({"DISPLAY": ":0", "CORDON_OAUTH_BROWSER": "0"}, "CORDON_OAUTH_BROWSER=0"),
    ],
)
async def test_a_headless_initialize_fails_fast_with_the_login_command(
    harness: Harness, env: dict[str, str], reason: str
) -> None:
    s = _headless(harness, **env)
    started = time.monotonic()
    said = await first_mcp_error(s.client())
    assert time.monotonic() - started < FAST  # not LOGIN_TIMEOUT_S on a browser never opened
    assert f"run `cordon auth login {s.url}` in a terminal" in said
    assert f"({reason})" in said
    assert f"cordon auth login {s.url}" in s.stderr()
    assert not s.grants("authorize")  # nothing was authorized, no token stored
    assert not any("tokens" in p.read_text("utf-8") for p in s.oauth_files())


def _login_process(harness: Harness, url: str) -> subprocess.Popen[str]:
    env = {**os.environ, "HOME": str(harness.home), **_NO_BROWSER, **_SSH}
    env.pop("CORDON_OAUTH_TEST_AUTOLOGIN", None)
    return subprocess.Popen(
        [*cordon_exe(), "auth", "login", url, "--timeout", "60"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _authorization_url(proc: subprocess.Popen[str]) -> tuple[str, list[str]]:
    """The URL ``cordon auth login`` prints for a browser elsewhere, and its stderr so far."""
    assert proc.stderr is not None
    seen: list[str] = []
    for line in proc.stderr:
        seen.append(line)
        if "/authorize?" in line:
            return line.strip(), seen
    pytest.fail("no authorization URL printed: " + "".join(seen))


def _browser_elsewhere(auth_url: str) -> str:
    """What a browser on another machine does: the authorization server's consent, then the
    redirect to 127.0.0.1:PORT/callback, which it cannot reach (returned unvisited)."""

    class Stop(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    try:
        urllib.request.build_opener(Stop).open(auth_url, timeout=10)
    except urllib.error.HTTPError as exc:
        assert 300 <= exc.code < 400
        return str(exc.headers["location"])
    pytest.fail("the authorization endpoint did not redirect")


async def _served_headless(harness: Harness, s: OAuthSetup) -> None:
    """A headless ``cordon run`` on the stored login: no browser, no error."""
    harness.env.update({**_NO_BROWSER, **_SSH})
    harness.env.pop("CORDON_OAUTH_TEST_AUTOLOGIN", None)
    async with s.client() as client:
        r = await client.call_tool("echo", {"text": "logged in elsewhere"})
        assert not r.is_error and "logged in elsewhere" in text_of(r)
    assert "needs an OAuth login" not in s.stderr()


@pytest.mark.parametrize("how", ["pasted", "forwarded port"])
async def test_auth_login_on_a_headless_machine_finishes_from_a_browser_elsewhere(
    harness: Harness, how: str
) -> None:
    s = OAuthSetup(harness)
    proc = _login_process(harness, s.url)
    try:
        auth_url, said = _authorization_url(proc)
        callback = _browser_elsewhere(auth_url)
        assert callback.startswith("http://127.0.0.1:") and "code=" in callback
        port = callback.split(":")[2].split("/")[0]
        assert proc.stdin is not None and proc.stderr is not None
        for line in proc.stderr:  # the instructions, up to the paste prompt
            said.append(line)
            if "press Enter" in line:
                break
        assert f"ssh -L {port}:127.0.0.1:{port}" in "".join(said)
        if how == "pasted":
            proc.stdin.write("not a code\n" + callback + "\n")
            proc.stdin.flush()
        else:  # the browser's machine reaches the loopback through `ssh -L`
            with urllib.request.urlopen(callback, timeout=10) as page:  # noqa: S310 - loopback
                assert "logged in" in page.read().decode()
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert f"logged in to {s.url}" in out
    if how == "pasted":
        assert "not the address the browser ended on" in err
    assert len(s.grants("authorize")) == 1
    for tok in s.tokens():
        assert tok not in out and tok not in err
    await _served_headless(harness, s)
    assert len(s.grants("authorize")) == 1  # the run used the stored login


def test_headless_message_names_the_exact_url() -> None:
    from cordon.proxy.oauth_browser import headless_message

    url = "https://mcp.example.com/v1/mcp?tenant=a"
    said = headless_message(url, "an SSH session")
    assert f"cordon auth login {url}`" in said and "(an SSH session)" in said


def test_headless_reason(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from cordon.proxy import oauth_browser as ob

    for k in ("DISPLAY", "WAYLAND_DISPLAY", *_SSH, "CORDON_OAUTH_BROWSER"):
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setattr(ob.sys, "platform", "linux")
    monkeypatch.setattr(ob, "gui_browser", lambda: object())
    assert ob.headless_reason() == "no DISPLAY or WAYLAND_DISPLAY"
    monkeypatch.setenv("CORDON_OAUTH_BROWSER", "1")
    assert ob.headless_reason() is None  # forced
    monkeypatch.setenv("CORDON_OAUTH_BROWSER", "")
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert ob.headless_reason() is None
    monkeypatch.setenv("CI", "false")
    assert ob.headless_reason() is None
    monkeypatch.setenv("SSH_TTY", "/dev/pts/3")
    assert ob.headless_reason() == "an SSH session"
    monkeypatch.delenv("SSH_TTY")
    monkeypatch.setattr(ob, "gui_browser", lambda: None)
    assert ob.headless_reason() == "no graphical browser found"
    monkeypatch.setattr(ob.sys, "platform", "darwin")
    monkeypatch.delenv("WAYLAND_DISPLAY")
    monkeypatch.setattr(ob, "gui_browser", lambda: object())
    assert ob.headless_reason() is None  # macOS: no DISPLAY needed


async def test_a_pasted_address_must_be_this_logins_callback() -> None:
    from cordon.proxy.oauth import Loopback, _free_port

    loop = Loopback(_free_port())
    await loop.start("state-1")
    try:
        back = loop.redirect_uri
        assert "paste the whole address" in (loop.offer("c0de-only-123456") or "")
        assert "no login is waiting" in (loop.offer(f"{back}?code=c1&state=state-2") or "")
        assert loop.offer("  ") is None and loop.result is not None and not loop.result.done()
        assert loop.offer(f"{back}?code=c1&state=state-1\n") is None
        got = await loop.wait(1)
        assert (got.code, got.state) == ("c1", "state-1")
    finally:
        await loop.close()


_FAKE_BROWSER = """#!{python}
import sys, urllib.request
print("Opening in existing browser session.")  # what a real browser may print on stdout
sys.stdout.flush()
if {fail}:
    sys.exit(1)
urllib.request.urlopen(sys.argv[1], timeout=10).read()  # consent, then the loopback callback
"""


def _fake_browser(harness: Harness, fail: bool) -> str:
    import sys

    path = harness.tmp / ("no-browser" if fail else "browser")
    path.write_text(_FAKE_BROWSER.format(python=sys.executable, fail=fail), "utf-8")
    path.chmod(0o755)
    return str(path)


async def test_where_a_browser_opens_cordon_run_logs_in_through_it(harness: Harness) -> None:
    """A display and a browser (the user's BROWSER command): the interactive login of
    ``cordon run`` as before, the browser started with none of cordon's stdio (it prints on
    stdout, which is the client's MCP pipe)."""
    s = _headless(harness, DISPLAY=":0", BROWSER=_fake_browser(harness, fail=False))
    async with s.client() as client:
        r = await client.call_tool("echo", {"text": "via the browser"})
        assert not r.is_error and "via the browser" in text_of(r)
    assert len(s.grants("authorize")) == 1
    assert f"log in to {s.url} in your browser" in s.stderr()
    s.assert_no_token_leaked()


async def test_a_browser_that_does_not_open_fails_fast(harness: Harness) -> None:
    s = _headless(harness, DISPLAY=":0", BROWSER=_fake_browser(harness, fail=True))
    started = time.monotonic()
    said = await first_mcp_error(s.client())
    assert time.monotonic() - started < FAST
    assert f"(the browser did not open): run `cordon auth login {s.url}`" in said
    assert not s.grants("authorize")
