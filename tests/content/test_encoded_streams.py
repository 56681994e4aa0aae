"""Compressed streams in output read a piece at a time (:mod:`cordon.content._inflate`,
:mod:`cordon.content._encoded`): a repetitive log of any size is read and delivered, a
credential behind padding or across a cut between pieces is found, and a decompression bomb
fails closed at a bounded cost (memory, the result's shared budget)."""

from __future__ import annotations

import base64
import gzip
import json
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from cordon.content import evaluate_result, find_secrets, scan_result, scan_text
from cordon.content._encoded import BOMB_INFLATED, OVERLAP, PIECE_CHARS

_KEY = "ghp_Q8w3Ez7Rt5Yu1Io9Pa4Sd6Fg2Hj0Kl8m4242"
_ROOT = Path(__file__).resolve().parents[2]


def _log(size: int) -> bytes:
    """A CI log that repeats itself (a rollout waited on): it compresses about 150 times."""
    block = "".join(
        f"[INFO] helm upgrade --install web ./chart: waiting for deployment web-{k} "
        f"rollout (replica {k} of 12)\n"
        for k in range(12)
    )
    out: list[str] = []
    n = i = 0
    while n < size:
        chunk = f"--- attempt {i} ---\n{block}"
        out.append(chunk)
        n += len(chunk)
        i += 1
    return "".join(out).encode()[:size]


def _gzip_b64(data: bytes, pad_zeros: int = 0) -> str:
    """``data`` after ``pad_zeros`` zero bytes, gzip in base64 (fed a MiB at a time)."""
    co = zlib.compressobj(9, zlib.DEFLATED, 31)
    parts = [co.compress(b"\0" * min(1 << 20, pad_zeros - i)) for i in range(0, pad_zeros, 1 << 20)]
    parts += [co.compress(data), co.flush()]
    return base64.b64encode(b"".join(parts)).decode()


def _rules(text: str) -> list[str]:
    return [f.rule for f in scan_text(text)]


def test_a_repetitive_log_past_the_old_stream_cap_is_read_and_delivered() -> None:
    """20 MB of log in 180 KB of base64 (about 150:1) was ``content.cap_exceeded`` past 8 MiB
    inflated and withheld in warn and block modes; the same log at 1 MB was delivered. It is
    read whole now: the key at its end is masked and registered, the rest delivered."""
    blob = _gzip_b64(_log(20_000_000) + f"\nGITHUB_TOKEN={_KEY}\n".encode())
    text = f"build artifact: {blob}\n# status: done\n"
    assert "content.cap_exceeded" not in _rules(text)
    assert _KEY in find_secrets(text)
    ev = evaluate_result({"content": [{"type": "text", "text": text}]}, mode="warn")
    assert ev.action != "block"
    shown = json.dumps(ev.result)
    assert blob not in shown and "status: done" in shown
    clean = f"build artifact: {_gzip_b64(_log(20_000_000))}\n"
    assert _rules(clean) == []


def test_a_key_behind_padding_under_the_bomb_cap_is_found() -> None:
    """40 MiB of zeros then a key (about 1000:1): under :data:`BOMB_INFLATED`, read to its
    end (it was withheld unread past 8 MiB)."""
    text = f"artifact: {_gzip_b64(f'GITHUB_TOKEN={_KEY}'.encode(), 40 << 20)}\n"
    assert _KEY in find_secrets(text)
    assert "content.cap_exceeded" not in _rules(text)


@pytest.mark.parametrize("mode", ["warn", "block"])
def test_a_key_behind_a_bomb_past_the_cap_is_withheld(mode: str) -> None:
    """Past both 64 times its compressed size and :data:`BOMB_INFLATED`: not read further,
    ``content.cap_exceeded``, the result withheld."""
    blob = _gzip_b64(f"GITHUB_TOKEN={_KEY}".encode(), BOMB_INFLATED + (8 << 20))
    ev = evaluate_result({"content": [{"type": "text", "text": f"a: {blob}\n"}]}, mode=mode)
    assert ev.action == "block"
    assert "content.cap_exceeded" in [f.rule for f in ev.findings]
    assert blob not in json.dumps(ev.result) and _KEY not in json.dumps(ev.result)


@pytest.mark.parametrize(
    "at",
    [PIECE_CHARS - 20, PIECE_CHARS - OVERLAP - 20, 2 * PIECE_CHARS - OVERLAP - 20],
    ids=["first-cut", "overlap-start", "second-cut"],
)
def test_a_key_across_a_cut_between_pieces_is_found(at: int) -> None:
    """The key straddles where a piece ends or the next begins: the overlap holds it whole."""
    log = _log(3 * PIECE_CHARS)
    body = log[:at] + f" TOKEN={_KEY} ".encode() + log[at:]
    assert _KEY in find_secrets(f"log: {_gzip_b64(body)}\n")


def test_a_private_key_across_a_cut_is_found() -> None:
    """The longest credential form (a PEM block, thousands of characters) across a cut."""
    pem = (
        "-----BEGIN OPENSSH PRIVATE KEY-----\n"
        + "\n".join(
            base64.b64encode(bytes((i + j) % 256 for j in range(48))).decode()
            for i in range(0, 2400, 48)
        )
        + "\n-----END OPENSSH PRIVATE KEY-----\n"
    )
    log = _log(2 * PIECE_CHARS)
    at = PIECE_CHARS - len(pem) // 2
    text = f"log: {_gzip_b64(log[:at] + pem.encode() + log[at:])}\n"
    assert "secret.private_key" in _rules(text)


def test_a_cut_in_a_stretch_the_normaliser_removes_fails_closed() -> None:
    """Past a piece's middle there is nothing but spaces and zero-width characters: no
    overlap can hold a credential whole that the scan of the whole text would find, so the
    stream is unread, as a bomb is."""
    filler = ("\u200b" * 60 + " " * 60) * (PIECE_CHARS // 100)
    body = f"head TOKEN={_KEY}\n{filler}tail\n".encode()
    assert "content.cap_exceeded" in _rules(f"log: {_gzip_b64(body)}\n")


def test_the_strings_of_one_result_share_one_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each string's stream is under every cap of its own; the result's strings together
    pass its budget (made small here: 128 MiB), and those past it fail closed."""
    monkeypatch.setattr("cordon.content._inflate.MAX_INFLATED_TEXT", 16 << 20)
    one = _gzip_b64(b"ok\n", 6 << 20)
    assert "content.cap_exceeded" not in _rules(f"a: {one}\n")
    result = {"content": [{"type": "text", "text": f"v{i}: {one}\n"} for i in range(4)]}
    assert "content.cap_exceeded" in [f.rule for f in scan_result(result)]


def test_a_gigabyte_bomb_costs_bounded_memory() -> None:
    """1 GiB of zeros in 1.4 MB of base64: inflated a piece at a time up to its cap, the
    process's peak memory grows by well under the 64 MiB it reads (in a fresh process)."""
    code = (
        "import base64, resource, zlib\n"
        "from cordon.content import scan_text, warm\n"
        "warm(wait=True)\n"
        "co = zlib.compressobj(9, zlib.DEFLATED, 31)\n"
        "z = b''.join(co.compress(bytes(1 << 20)) for _ in range(1024)) + co.flush()\n"
        "text = 'a: ' + base64.b64encode(z).decode() + '\\n'\n"
        "del z\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "rules = {f.rule for f in scan_text(text)}\n"
        "after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "print(sorted(rules), (after - before) // 1024)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(_ROOT / "src"), "PATH": "/usr/bin:/bin"},
        timeout=300,
    ).stdout.split()
    assert out[0] == "['content.cap_exceeded']"
    assert int(out[1]) < 96, out  # MiB: a few pieces and the scan of one, not the 64 it read


def test_gzip_of_a_long_log_made_by_the_gzip_module_reads_the_same() -> None:
    """``gzip.compress`` (one member, a file name-less header) as ``gzip -c`` writes it."""
    blob = base64.b64encode(
        gzip.compress(_log(PIECE_CHARS + 4096) + f"\nTOKEN={_KEY}\n".encode())
    ).decode()
    assert _KEY in find_secrets(f"x: {blob}\n")


def test_a_long_base64_line_across_a_cut_is_read_from_its_start() -> None:
    """A base64 value longer than the overlap (a chart file in a Helm release) crossing
    where the next piece starts: the piece starts at the line's start, not inside the run
    at an offset that misaligns its 4-character groups."""
    value = base64.b64encode(b"x" * 225_000 + f" token={_KEY}\n".encode()).decode()
    log = _log(2 * PIECE_CHARS)
    at = log.rfind(b"\n", 0, PIECE_CHARS - OVERLAP - 24_000) + 1
    body = log[:at] + f"data: {value}\n".encode() + log[at:]
    assert PIECE_CHARS - 2 * OVERLAP < at < PIECE_CHARS - OVERLAP
    assert at + len(value) > PIECE_CHARS  # not whole in the first piece either
    assert _KEY in find_secrets(f"log: {_gzip_b64(body)}\n")
