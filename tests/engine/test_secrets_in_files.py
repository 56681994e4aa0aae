"""Credentials read from configuration files in the forms they are written there: a
password in a connection URL's userinfo (``secret.url_password``) and a base64 value, as a
Kubernetes Secret's ``data`` holds it (:func:`cordon.engine.secrets.base64_plain`). Each,
once seen in one server's output, is refused in a call to another server, plain or
decoded."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from cordon import Engine
from cordon.engine.secrets import base64_plain

PASSWORD = "".join(("Rk4mWq9z", "Lp2Xv7Tn"))
ENCODED = base64.b64encode(PASSWORD.encode()).decode()
#: HTTP Basic's user:password, as a Docker config's "auth" holds it
BASIC = base64.b64encode(f"bot:{PASSWORD}".encode()).decode()
SEND = [{"name": "send_note", "description": "Send a note.", "inputSchema": {"type": "object"}}]


def _session(output: str) -> Any:
    engine = Engine.from_policy([{"version": 1}])
    engine.pin_tools(SEND, server="notes")
    s = engine.new_session()
    s.observe_output("read_text_file", output, server="files")
    return s


@pytest.mark.parametrize(
    "output",
    [
        f"DATABASE_URL=postgres://app:{PASSWORD}@db.internal:5432/app\n",
        f"CACHE=redis://:{PASSWORD}@cache:6379/0\n",
        f"apiVersion: v1\nkind: Secret\nmetadata: {{name: db}}\ndata:\n  password: {ENCODED}\n",
        f"machine api.example.com login bot password {PASSWORD}\n",  # .netrc
        f"db.internal:5432:app:app:{PASSWORD}\n",  # .pgpass
        f'{{"auths": {{"registry.example.com": {{"auth": "{BASIC}"}}}}}}',  # Docker config
        f"GET /v1/me\nAuthorization: Bearer {PASSWORD}\n",
        f"curl -u admin:{PASSWORD} https://api.example.com/deploy\n",
    ],
)
def test_a_credential_read_from_a_file_never_reaches_another_server(output: str) -> None:
    s = _session(output)
    v = s.check("send_note", {"body": f"the password is {PASSWORD}"}, server="notes")
    assert (v.verdict, v.rule) == ("deny", "secret.egress")
    assert PASSWORD not in v.reason
    assert s.check("send_note", {"body": "the build is green"}, server="notes").verdict == "allow"


@pytest.mark.parametrize(
    "line",
    [
        f"MYAPP_API_KEY={PASSWORD}",
        f"STRIPE_SECRET={PASSWORD}",
        f"SENTRY_AUTH_TOKEN={PASSWORD}",
        f"aws_secret_access_key: {ENCODED}",  # a Kubernetes Secret's data under any name
        f'"dbPassword": "{PASSWORD}"',
    ],
)
def test_a_name_holding_a_credential_keyword_marks_its_value(line: str) -> None:
    """.env and manifest names put the keyword inside a longer name (detect-secrets'
    KeywordDetector reads them so): the value is a credential seen in output."""
    s = _session(line + "\n")
    v = s.check("send_note", {"body": f"note {PASSWORD}"}, server="notes")
    assert (v.verdict, v.rule) == ("deny", "secret.egress")


@pytest.mark.parametrize(
    "output",
    [
        "secretName: my-tls-secret1\npassword_file: /run/secrets/db1\napi_key_id: abc123def456",
        "nextToken: abc123def456ghi\ntoken_type: bearer123abc\nOLDPWD=/home/user1",
        "postgresql://scott:tiger@localhost/test",  # the SQLAlchemy docs' example
        "https://user:password@example.com/",
        "see http://example.com:8080/a@b",
    ],
)
def test_documented_examples_register_nothing(output: str) -> None:
    s = _session(output)
    assert len(s.secrets) == 0


@pytest.mark.parametrize(
    ("value", "plain"),
    [
        (ENCODED, PASSWORD),
        (base64.b64encode(b"user:S3cretPass").decode(), "user:S3cretPass"),  # HTTP Basic
        ("ghp_R8x2Kq9Lm4Tz7Vb1Nc6Hd3Fj5Gs0Pw8Ya2Ue", None),  # not base64 (underscore)
        ("Tr0ub4dor&3x", None),
        (base64.b64encode(b"\x00\x01binary-key-bytes").decode(), None),  # not text
        (base64.b64encode(b"short").decode(), None),  # decodes below the minimum length
        ("QUJDREVGR0g", None),  # unpadded: not whole base64
    ],
)
def test_base64_plain(value: str, plain: str | None) -> None:
    assert base64_plain(value) == plain
