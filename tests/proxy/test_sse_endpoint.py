"""Where ``cordon run --sse`` posts: only a message endpoint on the URL's own origin
(:meth:`cordon.proxy.sse.SseUpstream._endpoint`), so cordon's headers never go elsewhere."""

from __future__ import annotations

import pytest

from cordon.proxy.sse import SseUpstream

URL = "https://mcp.example.com/v1/sse?team=a"


@pytest.mark.parametrize(
    ("data", "target"),
    [
        (b"/messages/?session_id=4f2a", "/messages/?session_id=4f2a"),
        (b"message?sessionId=1", "/v1/message?sessionId=1"),  # relative to the stream's URL
        (b"https://mcp.example.com/m?s=1", "/m?s=1"),
        (b" /m \n", "/m"),
        (b"https://mcp.example.com:8443/m", None),  # another port
        (b"http://mcp.example.com/m", None),  # another scheme (plain text)
        (b"https://evil.example/m", None),
        (b"//evil.example/m", None),  # scheme-relative: another host
        (b"https://mcp.example.com@evil.example/m", None),  # userinfo: the host is evil
        (b"/m\xff", None),  # not UTF-8
        (b"/\xc3\xa9", None),  # not ASCII: no request line can carry it as sent
        (b"javascript:alert(1)", None),
        (b"/m x HTTP/1.1", None),  # a space would split the request line
        (b"/m\x0bx", None),  # a control byte
        (b"/a%20b?x=%0d%0a", "/a%20b?x=%0d%0a"),  # percent-encoded: as sent, one token
        (b"/m?s=" + b"a" * 8187, "/m?s=" + "a" * 8187),  # 8 KiB: the longest taken
        (b"/m?s=" + b"a" * 8188, None),  # longer: in every POST's request line
    ],
)
def test_only_an_endpoint_on_the_urls_origin_is_taken(data: bytes, target: str | None) -> None:
    assert SseUpstream(URL)._endpoint(data) == target


def test_no_endpoint_event_is_no_endpoint() -> None:
    assert SseUpstream(URL)._endpoint(None) is None
