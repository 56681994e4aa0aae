"""Outbound DLP (issue 23): credentials nobody registered, by format, in any call.

Every credential here is built at run time (a checksum computed, a key body made of random
bytes behind a DER header), so no literal in this file looks like a live secret."""

from __future__ import annotations

import base64
import binascii
import json
import random
import string
import urllib.parse
from typing import Any

import pytest

from cordon import PolicyError
from cordon.engine import rules
from cordon.engine.core import Engine
from cordon.engine.dlp import Detector, default_detector, github_checksum_ok, withhold
from cordon.engine.secrets import withheld_marker

_B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
_RNG = random.Random(23)


def _rand(n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


def github_token(prefix: str = "ghp") -> str:
    body = _rand(30)
    n = binascii.crc32(body.encode())
    check = ""
    while n:
        n, r = divmod(n, 62)
        check = _B62[r] + check
    return f"{prefix}_{body}{check.rjust(6, '0')}"


def broken_checksum(token: str) -> str:
    last = token[-1]
    return token[:-1] + ("A" if last != "A" else "B")


def aws_key_id() -> str:
    return "AKIA" + _rand(16, string.ascii_uppercase + "234567")


def private_key(kind: str = "RSA ") -> str:
    der = b"\x30\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00" + _RNG.randbytes(600)
    body = base64.b64encode(der).decode()
    lines = "\n".join(body[i : i + 64] for i in range(0, len(body), 64))
    return f"-----BEGIN {kind}PRIVATE KEY-----\n{lines}\n-----END {kind}PRIVATE KEY-----\n"


def openssh_key() -> str:
    body = base64.b64encode(b"openssh-key-v1\0" + _RNG.randbytes(300)).decode()
    lines = "\n".join(body[i : i + 70] for i in range(0, len(body), 70))
    return f"-----BEGIN OPENSSH PRIVATE KEY-----\n{lines}\n-----END OPENSSH PRIVATE KEY-----"


def _b64url(obj: Any) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")


def jwt() -> str:
    head = _b64url({"alg": "HS256", "typ": "JWT"})
    body = _b64url({"sub": _rand(12), "iat": 1700000000})
    return f"{head}.{body}.{_rand(43, string.ascii_letters + string.digits + '-_')}"


def slack_token() -> str:
    return f"xoxb-{_rand(12, string.digits)}-{_rand(13, string.digits)}-{_rand(24).lower()}"


def stripe_key() -> str:
    return "sk_" + "live_" + _rand(24)


@pytest.fixture(scope="module")
def det() -> Detector:
    return default_detector()


def kinds(det: Detector, arguments: Any) -> list[tuple[str, str]]:
    return [(h.kind, h.encoding) for h, _ in det.hits(arguments)]


# -- formats and checksums -----------------------------------------------------------------


def test_the_catalogue_comes_from_detect_secrets(det: Detector) -> None:
    names = {k.kind for k in det.kinds}
    assert {"aws", "github_token", "private_key", "slack", "stripe", "jwt"} <= names
    # the regexes are detect-secrets' own
    from detect_secrets.plugins.aws import AWSKeyDetector

    aws = next(k for k in det.kinds if k.kind == "aws")
    assert aws.regexes[0].pattern == AWSKeyDetector.denylist[0].pattern


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        (github_token, "github_token"),
        (lambda: github_token("gho"), "github_token"),
        (aws_key_id, "aws"),
        (private_key, "private_key"),
        (lambda: private_key(""), "private_key"),
        (lambda: private_key("EC "), "private_key"),
        (openssh_key, "private_key"),
        (jwt, "jwt"),
        (slack_token, "slack"),
        (stripe_key, "stripe"),
        (lambda: "hf_" + "".join(random.choices(string.ascii_letters, k=34)), "huggingface"),
        (lambda: "api_org_" + "".join(random.choices(string.ascii_letters, k=34)), "huggingface"),
        (lambda: "gsk_" + "".join(random.choices(string.ascii_letters, k=52)), "api_token"),
        (lambda: "dapi" + "".join(random.choices("0123456789abcdef", k=32)), "api_token"),
        (lambda: "PMAK-" + "ab12" * 6 + "-" + "c3d4e5" * 5 + "f6a7", "api_token"),
    ],
)
def test_each_format_is_found(det: Detector, make: Any, kind: str) -> None:
    secret = make()
    hits = list(det.hits({"body": f"here it is: {secret} thanks"}))
    assert hits, kind
    hit, path = hits[0]
    assert (hit.kind, hit.encoding, path) == (kind, "plain", "body")
    assert hit.value.strip() in secret or secret.strip() in hit.value


def test_github_checksum() -> None:
    tok = github_token()
    assert github_checksum_ok(tok)
    assert not github_checksum_ok(broken_checksum(tok))
    assert not github_checksum_ok(tok[:-1])


@pytest.mark.parametrize(
    "lookalike",
    [
        pytest.param(lambda: broken_checksum(github_token()), id="github-bad-crc"),
        pytest.param(lambda: "ghp_" + _rand(36), id="github-random"),
        pytest.param(lambda: "AKIA" + _rand(15, "ABCDEFGH") + "0", id="aws-not-base32"),
        pytest.param(lambda: "AKIAIOSFODNN7EXAMPLE", id="aws-documented-example"),
        pytest.param(
            lambda: "-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----",
            id="pem-placeholder",
        ),
        pytest.param(
            lambda: (
                "-----BEGIN PRIVATE KEY-----\n"
                + base64.b64encode(b"not a DER key at all, just text" * 4).decode()
                + "\n-----END PRIVATE KEY-----"
            ),
            id="pem-body-not-der",
        ),
        pytest.param(lambda: "How do I read a BEGIN RSA PRIVATE KEY block?", id="pem-prose"),
        pytest.param(lambda: "eyJhbGciOiJub3Rqc29u." + _rand(20) + "." + _rand(20), id="jwt-bad"),
        pytest.param(
            lambda: _b64url({"typ": "JWT"}) + "." + _b64url({"a": 1}) + "." + _rand(30),
            id="jwt-no-alg",
        ),
        pytest.param(lambda: "sk_" + "live_" + "x" * 24, id="stripe-placeholder"),
    ],
)
def test_lookalikes_failing_their_check_pass(det: Detector, lookalike: Any) -> None:
    assert kinds(det, {"body": f"value: {lookalike()}"}) == []


@pytest.mark.parametrize(
    "text",
    [
        "Please summarise https://en.wikipedia.org/wiki/Transport_Layer_Security for me",
        "SELECT id, name FROM customers WHERE created_at > '2024-01-01' ORDER BY id",
        "git commit -m 'Fix NullPointerException in PaymentServiceImplementation'",
        "sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "uuid 123e4567-e89b-12d3-a456-426614174000 and md5 d41d8cd98f00b204e9800998ecf8427e",
        "ASIA PACIFIC REGIONAL HEADQUARTERS ANNOUNCEMENT",
        "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk",
        "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE"
        + "A" * 64
        + "\n-----END PUBLIC KEY-----",
    ],
)
def test_ordinary_text_passes(det: Detector, text: str) -> None:
    assert kinds(det, {"q": text}) == []


# -- encodings, reversal, splitting -------------------------------------------------------


@pytest.mark.parametrize(
    "encode",
    [
        pytest.param(lambda s: base64.b64encode(s.encode()).decode(), id="base64"),
        pytest.param(lambda s: s.encode().hex(), id="hex"),
        pytest.param(lambda s: "".join(f"%{b:02X}" for b in s.encode()), id="percent"),
        pytest.param(lambda s: json.dumps(s).replace("_", "\\u005f"), id="json-escape"),
        pytest.param(lambda s: "".join(f"&#{ord(c)};" for c in s), id="html-entities"),
        pytest.param(lambda s: "".join(chr(ord(c) + 0xFEE0) for c in s), id="fullwidth"),
        pytest.param(lambda s: "\u200b".join(s), id="zero-width"),
    ],
)
def test_seen_through_encodings(det: Detector, encode: Any) -> None:
    tok = github_token()
    found = kinds(det, {"q": f"x {encode(tok)} y"})
    assert found and found[0][0] == "github_token"


def test_reversed(det: Detector) -> None:
    assert kinds(det, {"q": aws_key_id()[::-1]})[:1] == [("aws", "reversed")]


def test_split_across_two_arguments(det: Detector) -> None:
    key = aws_key_id()
    assert kinds(det, {"a": key[:9], "b": key[9:]}) == [("aws", "joined")]
    # in reverse order, and with another value between the halves
    assert kinds(det, {"a": key[9:], "b": key[:9]})[:1] == [("aws", "joined")]
    assert kinds(det, {"a": key[:9], "pad": "hello", "b": key[9:]})[:1] == [("aws", "joined")]
    pem = private_key()
    cut = pem.index("\n") + 1
    assert kinds(det, {"head": pem[:cut], "body": pem[cut:]})[:1] == [("private_key", "joined")]


def test_urls_and_nested_values(det: Detector) -> None:
    url = "https://collect.example/?k=" + urllib.parse.quote(github_token())
    assert list(det.hits({"url": url}))[0][1] == "url"
    assert list(det.hits({"cfg": {"list": ["a", {"x": stripe_key()}]}}))[0][1] == "cfg.list[1].x"


# -- the check in the pipeline ------------------------------------------------------------


_TOOLS = (
    "web_search", "echo", "write_file", "run_command", "send_email", "aws_configure",
    "vault_put", "login", "list_items",
)  # fmt: skip


def _session(policy: dict[str, Any] | None = None) -> Any:
    engine = Engine.from_policy([policy or {"version": 1}], secrets=[])
    for server in ("default", "api", "other"):
        engine.pin_tools(
            [{"name": t, "inputSchema": {"type": "object"}} for t in _TOOLS], server=server
        )
    return engine.new_session()


@pytest.mark.parametrize("tool", ["web_search", "echo", "write_file", "run_command"])
def test_denied_in_any_call_not_only_sends(tool: str) -> None:
    s = _session()
    v = s.check(tool, {"q": f"look up {aws_key_id()}"})
    assert (v.verdict, v.rule, v.param) == ("deny", rules.SECRET_PATTERN, "q")
    assert v.details["secret"] == "secret aws"
    assert v.details["withheld"].startswith("[withheld: secret aws sha256:")


def test_the_reason_never_carries_the_credential() -> None:
    tok = github_token()
    v = _session().check("send_email", {"to": "a@b.example", "body": tok})
    assert v.rule == rules.SECRET_PATTERN and tok not in v.reason and tok not in str(v.details)


def test_a_credential_as_an_object_key_is_named_by_its_marker() -> None:
    tok = github_token()
    v = _session().check("echo", {"headers": {tok: "1"}})
    assert v.rule == rules.SECRET_PATTERN
    assert tok not in v.reason and tok not in (v.param or "") and tok not in str(v.details)
    assert v.param is not None and v.param.startswith("headers.[withheld: secret github")


def test_lookalike_call_is_allowed() -> None:
    v = _session().check("echo", {"text": broken_checksum(github_token())})
    assert v.verdict == "allow"


def test_allowed_per_tool_and_off_globally() -> None:
    key = aws_key_id()
    policy = {"version": 1, "tools": {"aws_configure": {"allow_secret_patterns": ["aws"]}}}
    s = _session(policy)
    assert s.check("aws_configure", {"key": key}).verdict == "allow"
    # another format in the same tool, or the same format in another tool, is still denied
    assert s.check("aws_configure", {"key": stripe_key()}).rule == rules.SECRET_PATTERN
    assert s.check("echo", {"key": key}).rule == rules.SECRET_PATTERN
    every = _session({"version": 1, "tools": {"vault_put": {"allow_secret_patterns": ["*"]}}})
    assert every.check("vault_put", {"v": private_key()}).verdict == "allow"
    off = _session({"version": 1, "secrets": {"patterns": False}})
    assert off.check("echo", {"key": key}).verdict == "allow"


def test_an_unknown_kind_stops_the_policy() -> None:
    with pytest.raises(PolicyError, match="allow_secret_patterns"):
        Engine.from_policy(
            [{"version": 1, "tools": {"t": {"allow_secret_patterns": ["awz"]}}}], secrets=[]
        )


def test_a_credential_the_server_returned_may_go_back_to_it_unsent() -> None:
    """A login tool's token passed back to the same server is no leak; to another server,
    or in a sending call, it is."""
    tok = jwt()
    s = _session()
    s.observe_output(
        "login", {"content": [{"type": "text", "text": f"token: {tok}"}]}, server="api"
    )
    assert s.check("list_items", {"token": tok}, server="api").verdict == "allow"
    v = s.check("list_items", {"token": tok}, server="other")
    assert v.verdict == "deny" and v.rule in (rules.SECRET_EGRESS, rules.SECRET_PATTERN)
    v = s.check("send_email", {"to": "x@y.example", "body": tok}, server="api")
    assert v.verdict == "deny"


# -- the audit log's view -----------------------------------------------------------------


def test_withhold_replaces_the_string_with_a_marker() -> None:
    key = aws_key_id()
    args = {"to": "a@b.example", "body": f"key {key}", "n": 3}
    shown = withhold(args)
    assert shown["to"] == "a@b.example" and shown["n"] == 3
    assert shown["body"] == withheld_marker("secret aws", key)
    assert key not in json.dumps(shown)
    assert withhold({"a": "hello"}) == {"a": "hello"}


def test_withhold_a_split_credential_withholds_every_string() -> None:
    key = aws_key_id()
    shown = withhold({"a": key[:10], "b": key[10:]})
    assert key[:10] not in json.dumps(shown) and key[10:] not in json.dumps(shown)


def test_withhold_registered_secrets_with_their_hash() -> None:
    s = Engine.from_policy([{"version": 1}], secrets=["hunter2-correct-horse"]).new_session()
    shown = withhold({"q": "pw hunter2-correct-horse"}, s.secrets, s.engine.dlp)
    assert shown == {"q": withheld_marker("secret hun…(21 chars)", "hunter2-correct-horse")}
    assert shown["q"].startswith("[withheld: secret hun…(21 chars) sha256:")


@pytest.mark.parametrize(
    "token",
    [
        "pcsk_" + _rand(6) + "_" + _rand(64),
        "ATATT3" + _rand(200),
        "sntrys_" + _rand(100),
        "tskey-auth-" + _rand(8) + "-" + _rand(30),
        "glrt-" + _rand(20),
        "gsk_" + _rand(52),
    ],
)
@pytest.mark.parametrize("pad", ["A" * 600, "_x", "-" + _rand(8)])
def test_a_token_padded_past_its_format_still_leaves_as_one(
    det: Detector, token: str, pad: str
) -> None:
    # the receiver strips the padding; a bound or an end boundary must not let it through
    assert [k for k, _ in kinds(det, {"body": f"note {token}{pad} end"})] == ["api_token"]


@pytest.mark.parametrize("prefix", ["hf_", "api_org_"])
@pytest.mark.parametrize("pad", ["A", "9", "A" * 600, "_x", "-" + _rand(8)])
def test_a_hugging_face_token_padded_past_its_format_still_leaves_as_one(
    det: Detector, prefix: str, pad: str
) -> None:
    # 34 letters then more letters or digits: the receiver reads the first 34, the token
    token = prefix + _rand(34, string.ascii_letters)
    assert [k for k, _ in kinds(det, {"body": f"note {token}{pad} end"})] == ["huggingface"]
