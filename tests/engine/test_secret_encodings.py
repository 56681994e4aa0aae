"""A secret sent base85 (three alphabets), rot13, as re-cased base64, or gzip/zlib-compressed
in base64 is refused (``secret.egress``); near misses (random strings in those alphabets,
other secrets' encodings, a random blob that starts like a compressed stream) pass; a stream
that inflates past the cap is asked about (``secret.unreadable``), never let out unseen."""

from __future__ import annotations

import base64
import codecs
import gzip
import random
import zlib
from typing import Any

import pytest

from cordon import Engine
from cordon.engine._secret_forms import MAX_INFLATED, b85_cores, inflate_runs
from cordon.engine._secret_forms import Budget as InflateBudget
from cordon.engine.secrets import SecretSet, check_secrets

GH = "ghp_" + "a1B2c3D4e5F6g7H8i9J0" + "k1L2m3N4o5P6q7R8"
AWS = "AKIA" + "IOSFODNN7" + "EXAMPLE"
OTHER = "ghp_" + "Zz9Yy8Xx7Ww6Vv5Uu4Tt" + "3Ss2Rr1Qq0Pp9Oo8"  # not registered


@pytest.fixture
def secrets() -> SecretSet:
    s = SecretSet()
    s.add(GH, name="GITHUB_TOKEN")
    s.add(AWS)
    return s


def _z85(raw: bytes) -> str:
    b85 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~"
    z85 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"
    return base64.b85encode(raw).decode().translate(str.maketrans(b85, z85))


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def _gzip(raw: bytes) -> bytes:
    return gzip.compress(raw, mtime=0)


PAD = [b"", b"x", b"xy", b"xyz"]  # every byte offset of a 4-byte group
ENCODINGS: dict[str, Any] = {
    **{
        f"base85-offset{len(p)}": (lambda p: lambda r: base64.b85encode(p + r + b"tail").decode())(
            p
        )
        for p in PAD
    },
    **{
        f"ascii85-offset{len(p)}": (
            lambda p: lambda r: "<~" + base64.a85encode(p + r, wrapcol=20).decode() + "~>"
        )(p)
        for p in PAD
    },
    **{f"z85-offset{len(p)}": (lambda p: lambda r: _z85(p + r + b"1234"))(p) for p in PAD},
    "rot13": lambda r: "token: " + codecs.encode(r.decode(), "rot13"),
    "rot13-upper": lambda r: codecs.encode(r.decode(), "rot13").upper(),
    "base64-swapcase": lambda r: _b64(r).swapcase(),
    "base64-upper-offset1": lambda r: "blob " + _b64(b"\x00" + r + b"\xff").upper(),
    "base64-lower": lambda r: _b64(b"ab" + r).lower(),
    "base64-of-upper-cased": lambda r: _b64(b"key: " + r.upper() + b"\n"),
    "base64-of-lower-cased": lambda r: _b64(r.lower()),
    "gzip-base64": lambda r: _b64(_gzip(b"notes\n" + r + b"\nend")),
    "gzip-base64-urlsafe": lambda r: base64.urlsafe_b64encode(_gzip(r)).decode().rstrip("="),
    "gzip-base64-mime-lines": lambda r: base64.encodebytes(_gzip(b"x" * 50 + r)).decode(),
    "zlib-base64": lambda r: "data=" + _b64(zlib.compress(b"key=" + r, 9)),
    "zlib-base64-level1": lambda r: _b64(zlib.compress(r, 1)),
    "gzip-of-base64": lambda r: _b64(_gzip(base64.b64encode(r))),
    "gzip-of-gzip": lambda r: _b64(_gzip(_b64(_gzip(r)).encode())),
    "gzip-behind-padding": lambda r: _b64(_gzip(b"\0" * (MAX_INFLATED - 100) + r)),
}


@pytest.mark.parametrize("encoding", sorted(ENCODINGS))
@pytest.mark.parametrize("secret", [GH, AWS], ids=["github", "aws"])
def test_a_secret_in_each_new_encoding_is_denied(
    secrets: SecretSet, encoding: str, secret: str
) -> None:
    payload = {"body": {"text": ENCODINGS[encoding](secret.encode())}}
    v = check_secrets(payload, secrets, sending=True)
    assert v is not None and (v.verdict, v.rule) == ("deny", "secret.egress"), (encoding, v)
    assert v.param == "body.text"
    assert secret not in v.reason
    # the audit log withholds the string as it does any other carrying a secret
    assert secrets.redact(payload)["body"]["text"].startswith("[withheld: ")


def test_the_encoding_is_named(secrets: SecretSet) -> None:
    def enc(text: str) -> Any:
        v = check_secrets({"b": text}, secrets, sending=True)
        return v and v.details["encoding"]

    assert enc(base64.b85encode(GH.encode()).decode()) == "base85"
    assert enc(base64.a85encode(GH.encode()).decode()) == "ascii85"
    assert enc(_z85(GH.encode())) == "z85"
    assert enc(codecs.encode(GH, "rot13")) == "rot13"
    assert enc(_b64(GH.encode()).swapcase()) == "base64 (re-cased)"
    assert enc(_b64(GH.encode())) == "base64"  # a plain base64 hit stays "base64"
    assert enc(_b64(_gzip(GH.encode()))) == "compressed"


_rnd = random.Random(1234)
NEAR_MISSES = [
    # random strings in each alphabet, of a secret's length and longer
    base64.b85encode(_rnd.randbytes(400)).decode(),
    base64.a85encode(_rnd.randbytes(400)).decode(),
    _z85(_rnd.randbytes(400)),
    _b64(_rnd.randbytes(300)).swapcase(),
    # another secret's encodings
    base64.b85encode(OTHER.encode()).decode(),
    codecs.encode(OTHER, "rot13"),
    _b64(OTHER.encode()).upper(),
    _b64(_gzip(OTHER.encode())),
    # a secret's encoding cut short of a whole 8-character core
    base64.b85encode(GH.encode()).decode()[:7],
    # blobs that start like a compressed stream but are not one, or not valid base64
    "eJ" + _b64(_rnd.randbytes(200)),
    "H4sI" + _b64(_rnd.randbytes(200)),
    "H4sI" + "!" * 30,
    "eJ" + "A" * 40,
    # prose and code
    "Meeting notes: rot13 is a toy cipher; base85 packs 4 bytes in 5 characters.",
    "def f(x): return {'k': x ** 2, 'h': hash(x)} # e.g. <~87cURD]i,\"Ebo80~>",
]


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_near_misses_pass(secrets: SecretSet, text: str) -> None:
    assert check_secrets({"body": text}, secrets, sending=True) is None


def test_b85_cores_cover_every_offset() -> None:
    raw = GH.encode()
    cores = [c for c, e in b85_cores(raw, 8) if e == "base85"]
    assert len(cores) == 4
    for pad in PAD:
        enc = base64.b85encode(pad + raw + b"\x00\x01\x02").decode()
        assert any(c in enc for c in cores), pad


def test_a_stream_past_the_cap_is_asked_about_not_let_out(secrets: SecretSet) -> None:
    bomb = _b64(_gzip(b"\0" * (MAX_INFLATED + 10) + GH.encode()))
    assert len(bomb) < 5000  # a megabyte of zeros is a few kilobytes of gzip
    v = check_secrets({"files": [{"content": bomb}]}, secrets, sending=True)
    assert v is not None and (v.verdict, v.rule) == ("ask", "secret.unreadable"), v
    assert v.param == "files[0].content"
    # a real secret elsewhere in the call is still denied, whatever order
    both = {"a": bomb, "b": codecs.encode(GH, "rot13")}
    v = check_secrets(both, secrets, sending=True)
    assert v is not None and (v.verdict, v.rule) == ("deny", "secret.egress"), v
    # redaction and find_in see no secret in it (nothing was found)
    assert secrets.find_in({"a": bomb}) is None
    assert secrets.redact({"a": bomb}) == {"a": bomb}


def test_the_inflation_budget_is_per_call(secrets: SecretSet) -> None:
    # nine streams of 1 MiB each: past the call's 8 MiB, the last is unreadable
    one = _b64(_gzip(b"\0" * MAX_INFLATED))
    v = check_secrets({f"k{i}": one for i in range(9)}, secrets, sending=True)
    assert v is not None and v.rule == "secret.unreadable", v
    # one of them alone is read whole
    assert check_secrets({"k": one}, secrets, sending=True) is None


def test_a_corrupt_stream_is_read_up_to_the_break(secrets: SecretSet) -> None:
    good = _gzip(b"notes " + GH.encode() + b" " + bytes(_rnd.randbytes(3000)))
    broken = good[: len(good) // 2] + b"\xff" * 64 + good[len(good) // 2 :]
    v = check_secrets({"b": _b64(broken)}, secrets, sending=True)
    assert v is not None and v.rule == "secret.egress", v
    # a truncated stream: what it holds is read
    v = check_secrets({"b": _b64(good[:200])}, secrets, sending=True)
    assert v is not None and v.rule == "secret.egress", v
    # a corrupt stream without a secret before the break: opaque, not asked about
    clean = _gzip(b"nothing here " * 50)
    assert check_secrets({"b": _b64(clean[:30] + b"\xff" * 40)}, secrets, sending=True) is None


def test_inflate_runs_is_bounded() -> None:
    budget = InflateBudget()
    runs = " ".join(_b64(_gzip(f"part {i}".encode())) for i in range(20))
    out, over = inflate_runs(runs, budget)
    assert len(out) == 8 and not over  # at most 8 runs per string


def test_no_secrets_no_inflation() -> None:
    empty = SecretSet()
    bomb = _b64(_gzip(b"\0" * (MAX_INFLATED + 10)))
    assert check_secrets({"a": bomb}, empty, sending=True) is None


def test_through_the_engine_the_unreadable_stream_is_an_approvable_ask() -> None:
    tool = {
        "name": "create_gist",
        "description": "Create a gist.",
        "inputSchema": {"type": "object", "properties": {"content": {"type": "string"}}},
    }
    engine = Engine.from_policy([{"version": 1, "tools": {"create_gist": {"exfiltrating": False}}}])
    engine.pin_tools([tool])
    s = engine.new_session(trusted=["make a gist of the logs"])
    s.register_secret(GH)
    bomb = _b64(_gzip(b"\0" * (MAX_INFLATED + 10) + GH.encode()))
    v = s.check("create_gist", {"content": bomb})
    assert (v.verdict, v.rule) == ("ask", "secret.unreadable"), v
    s.approve(v, tool="create_gist", arguments={"content": bomb})
    assert s.check("create_gist", {"content": bomb}).verdict == "allow"
    v = s.check("create_gist", {"content": _b64(_gzip(GH.encode()))})
    assert (v.verdict, v.rule) == ("deny", "secret.egress"), v


@pytest.mark.xfail(strict=True, reason="known gap: base64 of a re-cased secret among binary bytes")
def test_known_gap_recased_secret_among_binary_bytes(secrets: SecretSet) -> None:
    text = _b64(b"\xfe\xff" + GH.upper().encode() + b"\x01")
    assert check_secrets({"b": text}, secrets, sending=True) is not None
