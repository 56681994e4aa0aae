"""Credentials printed in encodings only the secret rules decode (:mod:`cordon.content._encoded`:
hex, base32, gzip in base64, base64 wrapped onto indented lines) and every credential of a
text, past the finding list's per-rule cap (:func:`cordon.content.find_secrets`). Hits and near
misses: a digest, random bytes and ordinary indented text decode to nothing."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import random
import zlib

import pytest

from cordon.content import evaluate_result, find_secrets, scan_text
from cordon.content._encoded import BOMB_INFLATED, MAX_RUN, inflate_budget
from cordon.content.scanner import MAX_HITS_PER_RULE


def _token(i: int) -> str:
    return "ghp_" + f"Q8w3Ez7Rt5Yu1Io9Pa4Sd6Fg2Hj0Kl8m{i:04d}"


def _b64(data: bytes | str) -> str:
    return base64.b64encode(data.encode() if isinstance(data, str) else data).decode()


def _secret_rules(text: str) -> list[str]:
    return [f.rule for f in scan_text(text) if f.category == "secrets"]


def _k8s_secret(values: dict[str, str]) -> str:
    data = "\n".join(f"  {k}: {v}" for k, v in values.items())
    return f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\ntype: Opaque\ndata:\n{data}\n"


def test_a_hex_key_in_an_environment_dump_is_found_and_spans_its_run() -> None:
    hexed = f"token={_token(1)}".encode().hex()
    text = f"HOME=/root\nGH_TOKEN_HEX={hexed}\nPATH=/usr/bin\n"
    assert _token(1) in find_secrets(text)
    start = text.index(hexed)
    spans = [f.span for f in scan_text(text) if f.category == "secrets"]
    assert (start, start + len(hexed)) in spans


def test_a_hex_run_with_a_character_glued_in_front_is_read_at_the_other_alignment() -> None:
    hexed = f"token={_token(2)}".encode().hex()
    assert _token(2) in find_secrets(f"value: f{hexed}\n")


def test_a_base32_token_is_found() -> None:
    enc = base64.b32encode(f"otp token {_token(3)}".encode()).decode()
    assert _token(3) in find_secrets(f"seed: {enc}\n")


def test_a_helm_release_secret_is_found() -> None:
    """``kubectl get secret sh.helm.release.v1.app.v1 -o yaml``: data.release is base64 (by
    Kubernetes) of base64 (by Helm) of gzip of the release JSON."""
    release = {"name": "app", "config": {"github": {"token": _token(4)}}, "manifest": "x" * 4000}
    inner = _b64(gzip.compress(json.dumps(release).encode()))
    text = _k8s_secret({"release": _b64(inner)})
    assert _token(4) in find_secrets(text)
    assert _secret_rules(text)


def test_gzip_in_base64_once_is_found() -> None:
    blob = _b64(gzip.compress(f"GITHUB_TOKEN={_token(5)}\n".encode()))
    assert _token(5) in find_secrets(f"payload: {blob}\n")


@pytest.mark.parametrize("indent", [2, 4, 24])
def test_base64_in_an_indented_block_scalar_is_found(indent: int) -> None:
    """Indented deeper than the whitespace fold (16) too: read before the fold."""
    enc = _b64(f"password for the registry, token={_token(6)}, do not share")
    pad = " " * indent
    lines = "\n".join(pad + enc[i : i + 40] for i in range(0, len(enc), 40))
    text = f"data:\n  creds: |\n{lines}\n  other: value\n"
    assert _token(6) in find_secrets(text)


def test_every_credential_in_a_kubernetes_secret_of_hex_and_base64_values() -> None:
    values = {f"k{i}": f"token={_token(i)}".encode().hex() for i in range(150)}
    values |= {f"b{i}": _b64(f"token={_token(1000 + i)}") for i in range(150)}
    found = find_secrets(_k8s_secret(values))
    assert [i for i in range(150) if _token(i) not in found] == []
    assert [i for i in range(150) if _token(1000 + i) not in found] == []


def test_every_plain_credential_of_one_string_while_findings_stay_capped() -> None:
    text = "\n".join(f"token {_token(i)}" for i in range(MAX_HITS_PER_RULE * 3))
    assert len([v for v in find_secrets(text) if v.startswith("ghp_")]) == MAX_HITS_PER_RULE * 3
    by_rule: dict[str, int] = {}
    for rule in _secret_rules(text):
        by_rule[rule] = by_rule.get(rule, 0) + 1
    assert max(by_rule.values()) <= MAX_HITS_PER_RULE


def test_every_credential_of_one_decoded_layer() -> None:
    """One base64 run holding three tokens: the finding list keeps one hit for the run, the
    registration all three."""
    run = _b64(" ".join(f"token={_token(i)}" for i in (7, 8, 9)))
    assert {_token(7), _token(8), _token(9)} <= set(find_secrets(f"blob {run}\n"))


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(f"sha256:{hashlib.sha256(b'x').hexdigest()}\n", id="sha256-digest"),
        pytest.param(f"key: {hashlib.sha512(b'k').hexdigest()}\n", id="random-hex-key"),
        pytest.param(f"commit {'ab12' * 10}\n", id="hex-of-no-text"),
        pytest.param(
            f"seed: {base64.b32encode(hashlib.sha1(b's').digest()).decode()}\n", id="totp-seed"
        ),
        pytest.param("HELLO WORLD THIS IS A CONSTANT NAME LIST\n", id="upper-words"),
        pytest.param(
            "spec:\n  containers:\n    - name: web\n      image: nginx\n" * 20, id="indented-yaml"
        ),
        pytest.param(f"data: {_b64('token=not-a-real-credential-value')}\n", id="base64-no-token"),
        pytest.param(
            f"x: {_b64(gzip.compress(b'nothing secret in here at all'))}\n", id="gzip-no-token"
        ),
    ],
)
def test_near_misses_find_no_credential(text: str) -> None:
    assert find_secrets(text) == []
    assert _secret_rules(text) == []
    assert "content.cap_exceeded" not in [f.rule for f in scan_text(text)]


def test_a_hex_encoded_text_without_a_credential_is_no_finding() -> None:
    hexed = b"just an ordinary sentence about nothing".hex()
    assert scan_text(f"note {hexed}\n") == []


def test_a_gzip_bomb_is_capped_and_fails_closed() -> None:
    """A stream that inflates past the cap cannot be cleared: ``content.cap_exceeded`` over
    its run (warn and block withhold the result), and memory stays at the cap."""
    bomb = _b64(gzip.compress(b"\0" * (BOMB_INFLATED + (4 << 20)), compresslevel=9))
    text = f"release: {bomb}\n"
    assert len(bomb) < 128 * 1024
    caps = [f for f in scan_text(text) if f.rule == "content.cap_exceeded"]
    assert caps and caps[0].span == (text.index(bomb), text.index(bomb) + len(bomb))
    assert find_secrets(text) == []


@pytest.mark.parametrize("mode", ["warn", "block"])
@pytest.mark.parametrize("layers", [1, 2])
def test_a_gzip_bomb_withholds_the_result(mode: str, layers: int) -> None:
    """In the text or in a base64 layer of it (Helm's double base64): withheld, as a result
    past the scan's caps is."""
    bomb = _b64(gzip.compress(b"\0" * (BOMB_INFLATED + (4 << 20)), compresslevel=9))
    for _ in range(layers - 1):
        bomb = _b64(bomb)
    result = {"content": [{"type": "text", "text": f"release: {bomb}\n"}]}
    ev = evaluate_result(result, mode=mode)
    assert ev.action == "block"
    assert bomb not in json.dumps(ev.result)


def test_a_text_of_many_small_streams_stops_at_its_inflate_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each stream is under the per-stream cap; together they pass the text's budget, and
    those past it fail closed (the budget made small: the real one is 128 MiB)."""
    monkeypatch.setattr("cordon.content._encoded.MAX_INFLATED_TEXT", 8 << 20)
    one = _b64(gzip.compress(b"a" * (1 << 20), compresslevel=9))
    n = 10
    text = "\n".join(f"v{i}: {one}" for i in range(n))
    assert inflate_budget(len(text)) < n << 20
    assert "content.cap_exceeded" in [f.rule for f in scan_text(text)]


def test_a_block_scalar_with_crlf_line_ends_is_found() -> None:
    """A manifest written on Windows (or by a tool that prints CRLF): the same block scalar,
    each line ending in CR LF."""
    enc = _b64(f"password for the registry, token={_token(10)}, do not share")
    lines = "\r\n".join("    " + enc[i : i + 40] for i in range(0, len(enc), 40))
    assert _token(10) in find_secrets(f"data:\r\n  creds: |\r\n{lines}\r\n  other: value\r\n")


def test_a_second_gzip_member_is_read() -> None:
    """RFC 1952 section 2.2: a gzip file is a series of members, and gunzip prints them all;
    a benign first member must not hide the credential in the second."""
    two = gzip.compress(b"build log, nothing secret in here\n" * 4)
    two += gzip.compress(f"GITHUB_TOKEN={_token(11)}\n".encode())
    assert _token(11) in find_secrets(f"artifact: {_b64(two)}\n")


def test_hex_wrapped_as_xxd_plain_prints_it_is_found() -> None:
    """``xxd -p`` prints 60 hex digits a line: a token longer than 30 bytes is cut in two."""
    hexed = f"GITHUB_TOKEN={_token(12)}\n".encode().hex()
    lines = "\n".join(hexed[i : i + 60] for i in range(0, len(hexed), 60))
    assert _token(12) in find_secrets(f"$ xxd -p token.txt\n{lines}\n$ \n")


def test_lower_case_base32_is_found() -> None:
    """RFC 4648 section 6's decoders accept either case (``base32 -d``, Python's casefold):
    the same token printed lower-case."""
    enc = base64.b32encode(f"token={_token(13)}".encode()).decode().lower()
    assert _token(13) in find_secrets(f"seed: {enc}\n")


@pytest.mark.parametrize("level", [1, 6, 9])
def test_zlib_in_base64_is_found(level: int) -> None:
    """RFC 1950: ``zlib.compress`` at each level's header (``78 01``, ``78 9c``, ``78 da``)."""
    blob = _b64(zlib.compress(f"GITHUB_TOKEN={_token(14)}\n".encode(), level))
    assert _token(14) in find_secrets(f"payload: {blob}\n")


def test_base64_text_that_starts_like_zlib_is_read_as_text() -> None:
    """``x^`` is ``78 5e``, a valid zlib header: base64 of such text starts ``eF`` and is
    read as the text it is once it does not inflate."""
    enc = _b64(f"x^2 + y^2 = 1, token {_token(16)} for the deploy bot")
    assert enc.startswith("eF")
    assert _token(16) in find_secrets(f"value: {enc}\n")
    assert scan_text(f"value: {_b64(b'x' + b'plain words only, nothing else here' * 2)}\n") == []


@pytest.mark.xfail(
    strict=True,
    reason="base64 inside base64 inside base64: decoded layers are read two deep "
    "(cordon.content.scanner.MAX_LAYER_DEPTH), the third holds the credential",
)
def test_three_nested_base64_layers_are_found() -> None:
    run = _b64(_b64(_b64(f"token={_token(15)}")))
    assert _token(15) in find_secrets(f"blob: {run}\n")


def test_a_key_in_byte_escapes_is_found() -> None:
    """``\\xHH`` escapes (C, Python's bytes repr, JavaScript): the escape reading decodes
    them as it decodes ``\\n`` and ``\\u0041``; a text holding only them was not read so."""
    escaped = "".join(f"\\x{b:02x}" for b in f"token={_token(17)}".encode())
    assert _token(17) in find_secrets(f"data = b'{escaped}'\n")


@pytest.mark.parametrize("kind", ["gzip", "hex"])
def test_a_run_past_the_read_cap_fails_closed(kind: str) -> None:
    """A run is read by its first :data:`MAX_RUN` characters: a key after them (3 MiB of
    incompressible padding first) was delivered unmasked and unregistered."""
    tail = f"\nGITHUB_TOKEN={_token(18)}\n".encode()
    if kind == "gzip":
        pad = random.Random(18).randbytes(MAX_RUN * 3 // 4 + 4096)
        run = _b64(gzip.compress(pad + tail, 1))
    else:
        run = (b"x" * (MAX_RUN // 2 + 4096) + tail).hex()
    assert len(run) > MAX_RUN
    result = {"content": [{"type": "text", "text": f"artifact: {run}\n"}]}
    ev = evaluate_result(result, mode="warn")
    assert ev.action == "block"
    assert "content.cap_exceeded" in [f.rule for f in ev.findings]
    assert run not in json.dumps(ev.result)
