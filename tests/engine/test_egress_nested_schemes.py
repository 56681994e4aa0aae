"""A denied scheme behind a wrapper scheme, or after leading control characters, is denied
(``egress.scheme``) as the bare scheme is.

Attack class: a local file or a smuggled protocol reached through a URL whose first scheme is
not on the list. Browsers open ``view-source:file:///etc/passwd`` (the file's text, rendered
for the page's reader) and Java's URL parser drops a leading ``url:``; the WHATWG URL parser
(browsers, Node's ``URL``) removes leading C0 control characters and spaces, so
``\\x00file:///etc/passwd`` is ``file:///etc/passwd``."""

from __future__ import annotations

import pytest

from cordon.engine.core import Engine

DENIED = [
    "view-source:file:///etc/passwd",
    "url:file:///etc/passwd",
    "view-source:gopher://127.0.0.1:6379/_INFO",
    "blob:file:///x",
    "filesystem:file:///x",
    "\x00file:///etc/passwd",
    "\x01\x1bfile:///etc/passwd",
    "\x08 dict://cache.example:11211/stats",
]
ALLOWED_SCHEMES = [
    "view-source:https://example.com/",
    "https://example.com/view-source:file",
    "https://example.com/?next=file:///x",
]


def _check(url: str) -> tuple[str, str]:
    eng = Engine.from_policy([{"tools": {"fetch": {"egress": True}}}])
    eng.pin_tools([{"name": "fetch", "inputSchema": {"type": "object"}}])
    v = eng.new_session().check("fetch", {"url": url})
    return v.verdict, v.rule


@pytest.mark.parametrize("url", DENIED)
def test_wrapped_scheme_denied(url: str) -> None:
    assert _check(url) == ("deny", "egress.scheme")


@pytest.mark.parametrize("url", ALLOWED_SCHEMES)
def test_http_behind_a_wrapper_is_not_a_scheme_denial(url: str) -> None:
    assert _check(url)[1] != "egress.scheme"
