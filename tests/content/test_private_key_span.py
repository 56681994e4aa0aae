"""``secret.private_key`` covers the whole PEM block, BEGIN line through END line.

Before, the match stopped after the header and two base64 lines: of a 2048-bit RSA key only
the first 162 of 1,675 characters were masked in warn mode and 24 of 27 lines reached the
agent. The keys here are shaped as ``openssl genrsa`` / ``ssh-keygen`` write them.
"""

from __future__ import annotations

import base64
import json
import random
import subprocess
from pathlib import Path

from cordon.content import evaluate_result, find_secrets, scan_text
from cordon.content.rules.secrets import PEM_BODY_CAP
from tests.conftest import cordon_exe

_RNG = random.Random(7)


def _pem(kind: str, der: bytes, width: int = 64) -> str:
    body = base64.b64encode(der).decode()
    lines = "\n".join(body[i : i + width] for i in range(0, len(body), width))
    return f"-----BEGIN {kind}PRIVATE KEY-----\n{lines}\n-----END {kind}PRIVATE KEY-----"


def rsa_2048() -> str:
    return _pem("RSA ", b"\x30\x82\x04\xa3\x02\x01\x00\x02\x82\x01\x01\x00" + _RNG.randbytes(1179))


def ed25519() -> str:
    return _pem("OPENSSH ", b"openssh-key-v1\0" + _RNG.randbytes(219), width=70)


def _key_spans(text: str) -> list[tuple[int, int]]:
    return [f.span for f in scan_text(text) if f.rule == "secret.private_key"]


def test_span_covers_the_whole_block_of_rsa_and_openssh_keys() -> None:
    for key in (rsa_2048(), ed25519(), _pem("", _RNG.randbytes(1200)), _pem("EC ", b"0" * 90)):
        text = f"Here is the file:\n{key}\n\nDone."
        start = text.index("-----BEGIN")
        assert _key_spans(text) == [(start, start + len(key))], key[:40]


def test_warn_mode_masks_every_line_of_the_key() -> None:
    key = rsa_2048()
    assert len(key.splitlines()) == 27
    ev = evaluate_result({"content": [{"type": "text", "text": key + "\n"}]}, mode="warn")
    delivered = json.dumps(ev.result)
    leaked = [line for line in key.splitlines()[1:-1] if line in delivered]
    assert leaked == []


def test_find_secrets_returns_the_whole_block() -> None:
    key = ed25519()
    assert key in find_secrets(f"cat id_ed25519\n{key}\n")


def test_json_escaped_key_is_found_and_covered() -> None:
    key = rsa_2048()
    doc = json.dumps({"type": "service_account", "private_key": key + "\n"})
    escaped = json.dumps(key)[1:-1]
    start = doc.index(escaped)
    # the escaped text itself; a decoded layer of the JSON may report the whole string too
    assert (start, start + len(escaped)) in _key_spans(doc)


def test_without_an_end_line_the_span_ends_with_the_base64_run() -> None:
    key = rsa_2048()
    cut = key[: key.index("-----END")].rstrip("\n")
    text = f"{cut}\nThat was only part of it."
    assert _key_spans(text) == [(0, len(cut) + len("\nThat"))]


def test_body_is_capped() -> None:
    head = "-----BEGIN PRIVATE KEY-----\n"
    body = "\n".join(["QUJD" * 16] * 600)  # 39 KB of base64 lines, no END line
    text = head + body
    ((a, b),) = _key_spans(text)
    assert a == 0
    assert len(head) + 2 * 65 + PEM_BODY_CAP - 2 <= b <= len(head) + 2 * 65 + PEM_BODY_CAP + 1


def test_placeholders_and_certificates_are_not_keys() -> None:
    assert _key_spans("-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----") == []
    cert = rsa_2048().replace("RSA PRIVATE KEY", "CERTIFICATE")
    assert _key_spans(cert) == []


def test_cordon_scan_reports_one_span_over_the_key(tmp_path: Path) -> None:
    key = rsa_2048()
    pem = tmp_path / "id_rsa"
    pem.write_text(key + "\n")
    p = subprocess.run(
        [*cordon_exe(), "scan", "--json", str(pem)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    found = json.loads(p.stdout)["findings"]
    assert [(f["rule"], f["span"]) for f in found] == [("secret.private_key", [0, len(key)])]
