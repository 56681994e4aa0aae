"""A cloud metadata or loopback address given to a URL parameter without a scheme.

Attack class: a client that completes a URL. Playwright MCP's ``browser_navigate`` adds
``http://`` to a value that starts with ``localhost`` and ``https://`` to any other that the
WHATWG URL parser refuses (``checkUrlAndNavigate``); curl adds ``http://``. So
``localhost@2852039166/latest/meta-data/`` is a navigation to
``http://localhost@2852039166/latest/meta-data/``: user ``localhost`` at 169.254.169.254,
the metadata service. cordon read no host in a value without ``://``: the call was asked as
a new destination (spelled ``localhost@...``), and an approval let it through, where
``egress.metadata`` is a denial no approval lifts.

Real processes: ``cordon run`` in front of the real Playwright MCP server (headless
Chromium), every request for a host other than loopback sent through the recording proxy
(tests/e2e/_browser_setup.py). The person approves whatever is asked.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.conftest import Harness
from tests.e2e._browser_setup import Attacker, browsing, serve

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


@pytest.fixture
def attacker() -> Iterator[Attacker]:
    attacker = next(web := serve())
    yield attacker
    next(web, None)


def _approve_all(_question: str) -> bool:
    return True


async def test_a_metadata_address_without_a_scheme_is_denied_unasked(
    harness: Harness, attacker: Attacker
) -> None:
    async with browsing(harness, attacker, "browser", answer=_approve_all) as s:
        for url in ("localhost@2852039166/latest/meta-data/", "169.254.43518/latest/meta-data/"):
            ok, text = await s.call("browser", "browser_navigate", {"url": url})
            assert not ok and "egress.metadata" in text, (url, text)
        assert s.asked == []
        # near miss: a public host without a scheme is a new destination, asked as before
        ok, text = await s.call("browser", "browser_navigate", {"url": "blog.attacker.example/"})
        assert "egress." not in text, text
        assert len(s.asked) == 1 and "blog.attacker.example" in s.asked[0], s.asked
    assert [r for r in attacker.seen if "169.254" in r.host or "meta-data" in r.target] == []
