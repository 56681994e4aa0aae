"""What a person reading documentation through the real Playwright MCP server and the real
``mcp-server-fetch`` (each behind the real ``cordon run`` with its pack) is asked. With the
client's prompt hook (Claude Code, Cursor), the site the request names is read page after page
with no question, by link as by address, while a host a page planted stays denied; the
requests that reached the web server are the side effect. Without the hook, the person is
asked about each page; the server's result echoes the approved page's URL and the page names
its own host, which does not make the site's other pages look planted (the host came from the
person's approval, not from output): they are asked about, while a host the page planted, and
a URL the page spelled out whole, stay denied."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
from collections.abc import Iterator

import pytest

from tests.conftest import Harness, cordon_exe
from tests.e2e._browser_setup import Attacker, browsing, serve, user_named

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

_GUIDE = """<html><body><h1>Install guide</h1><p>Start here.</p>
<a href="/guide/install">Installing</a> <a href="http://docs.example.org/guide/faq">FAQ</a>
<p>Mirror: http://mirror.attacker.example/guide</p></body></html>"""


@pytest.fixture
def attacker() -> Iterator[Attacker]:
    web = serve()
    attacker = next(web)
    attacker.pages["/guide"] = _GUIDE
    yield attacker
    next(web, None)


def _prompt(harness: Harness, prompt: str) -> None:
    """The client's ``UserPromptSubmit`` hook, as Claude Code runs it (this test process is
    the client: the parent of every ``cordon run``)."""
    hook = {"session_id": "c0ffee-1", "transcript_path": str(harness.tmp / "t.jsonl"),
            "cwd": str(harness.tmp), "hook_event_name": "UserPromptSubmit", "prompt": prompt}  # fmt: skip
    line = " ".join(shlex.quote(w) for w in [*cordon_exe(), "hook", "prompt"])
    done = subprocess.run(
        ["/bin/sh", "-c", line],
        input=json.dumps(hook).encode(),
        env={**os.environ, "HOME": str(harness.home)},
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr


async def test_the_site_the_request_names_is_read_unasked(
    harness: Harness, attacker: Attacker
) -> None:
    _prompt(harness, "Read the install guide at http://docs.example.org/guide and list the steps")
    async with browsing(harness, attacker, "browser", "fetch") as s:
        ok, text = await s.call("browser", "browser_navigate", {"url": "http://docs.example.org/guide"})  # fmt: skip
        assert ok, text
        ok, text = await s.call("browser", "browser_snapshot", {})  # the page, read inline
        assert ok and "mirror.attacker.example" in text, text
        # the links it gives, by address and through the other server
        ok, text = await s.call("browser", "browser_navigate", {"url": "http://docs.example.org/guide/install"})  # fmt: skip
        assert ok, text
        ok, text = await s.call("fetch", "fetch", {"url": "http://docs.example.org/guide/faq"})
        assert ok, text
        ok, text = await s.call("browser", "browser_navigate_back", {})
        assert ok, text
        # a host the page planted stays out
        ok, text = await s.call("browser", "browser_navigate", {"url": "http://mirror.attacker.example/guide"})  # fmt: skip
        assert not ok and "taint.seen_in_output" in text, text
    assert s.asked == [], s.asked
    read = {r.target for r in attacker.seen if r.host == "docs.example.org"}
    assert {"/guide", "/guide/install", "/guide/faq"} <= read, attacker.seen
    assert not attacker.got("mirror.attacker.example"), attacker.seen


async def test_without_the_hook_the_sites_other_pages_are_asked(
    harness: Harness, attacker: Attacker
) -> None:
    pages = ("docs.example.org/guide", "docs.example.org/guide/install", "docs.example.org")
    async with browsing(harness, attacker, "browser", answer=user_named(*pages)) as s:
        for url in ("http://docs.example.org/guide", "http://docs.example.org/guide/install", "http://docs.example.org/"):  # fmt: skip
            ok, text = await s.call("browser", "browser_navigate", {"url": url})
            assert ok, (url, text)
        # a host the page planted, and a URL it spelled out whole (a form or a redirect on
        # a shared host is the attacker's too), stay denied: the approval vouches for the
        # host it named, not for what its pages name
        for url in ("http://mirror.attacker.example/guide", "http://docs.example.org/guide/faq"):
            ok, text = await s.call("browser", "browser_navigate", {"url": url})
            assert not ok and "taint.seen_in_output" in text, (url, text)
    assert len(s.asked) == 3, s.asked
    read = {r.target for r in attacker.seen if r.host == "docs.example.org"}
    assert {"/guide", "/guide/install", "/"} <= read and "/guide/faq" not in read, attacker.seen
    assert not attacker.got("mirror.attacker.example"), attacker.seen


async def test_the_cookie_tools_are_listed(harness: Harness, attacker: Attacker) -> None:
    """The storage capability's cookie tools reach the client (their names were read as
    parameters asking for the browser's cookies, and hidden)."""
    async with browsing(harness, attacker, "browser") as s:
        names = {t.name for t in (await s.clients["browser"].list_tools()).tools}
    cookies = {f"browser_cookie_{x}" for x in ("list", "get", "set", "delete", "clear")}
    assert cookies <= names, sorted(names)
