"""cordon's own HTTP Basic credential (``cordon run --url ... --header "Authorization: Basic
..."``) with a password shorter than :data:`cordon.engine.secrets.MIN_SECRET_LENGTH`: the
credential as configured (the header value, its base64, ``user:password``) is refused in
any call, the short password alone is not (a known gap, kept so by choice: see the comment
on ``MIN_SECRET_LENGTH`` and the README's limits)."""

from __future__ import annotations

import base64

import pytest

from cordon.engine.core import Engine, Session
from cordon.policy import load_policy
from cordon.urlcreds import server_credentials

PAIR = "alice:hunt3r"  # a 6-character password
HEADER = "Basic " + base64.b64encode(PAIR.encode()).decode()


def _session() -> Session:
    engine = Engine(load_policy([]), secrets=server_credentials([HEADER], None))
    engine.pin_tools([{"name": "note", "inputSchema": {"type": "object"}}])
    return engine.new_session()


@pytest.mark.parametrize("sent", [HEADER, HEADER.split()[1], PAIR, f"login with {PAIR} now"])
def test_the_credential_as_configured_is_refused(sent: str) -> None:
    v = _session().check("note", {"text": sent})
    assert (v.verdict, v.rule) == ("deny", "secret.egress"), v


@pytest.mark.xfail(strict=True, reason="known gap: a password under 8 characters is not registered")
def test_known_gap_the_short_password_alone() -> None:
    v = _session().check("note", {"text": "the password is hunt3r"})
    assert v.verdict == "deny"
