"""``cordon report --expect HASH``: the pack's integrity lines say, as ``cordon audit verify
--expect`` does, when the log no longer holds the kept hash's record (cut back or replaced:
the shortened chain verifies on its own) and exit 1; when it does, which record the kept hash
is and how many follow it (the chain has no secret key: they are counted, not vouched for).
A pack built from a truncated log said "Hash chain: verifies", and a reviewer reading only
the pack was misled."""

from __future__ import annotations

import html
import re
from pathlib import Path

import orjson
from typer.testing import CliRunner

from cordon.audit.log import AuditLog
from cordon.cli import app

N = 8
KEPT = 6  # the line (1-based) whose hash was kept elsewhere


def _log(tmp_path: Path) -> tuple[Path, str, int]:
    """A log of N records from the real writer; the hash and seq of its KEPT-th record."""
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="0" * 64, server="mail", session="s1")
    for i in range(N - 1):
        log.write({"kind": "verdict", "tool": "send_email", "verdict": "deny", "n": i})
    log.close()
    lines = path.read_bytes().splitlines()
    assert len(lines) == N
    rec = orjson.loads(lines[KEPT - 1])
    return path, rec["hash"], rec["seq"]


def _report(tmp_path: Path, path: Path, *extra: str) -> tuple[int, str, str, str]:
    """``cordon report`` through the CLI: exit code, console output, Markdown, the HTML's
    text (its tags left out)."""
    md, page = tmp_path / "pack.md", tmp_path / "pack.html"
    got = CliRunner(env={"COLUMNS": "400"}).invoke(
        app, ["report", "--audit", str(path), "-o", str(md), "--html", str(page), *extra]
    )
    assert md.exists() and page.exists(), got.output
    said = " ".join(got.output.split())
    text = html.unescape(re.sub(r"<[^>]+>", "", page.read_text()))
    return got.exit_code, said, md.read_text(), text


def test_a_log_cut_back_before_the_kept_hash_is_broken_in_the_pack(tmp_path: Path) -> None:
    path, kept, _ = _log(tmp_path)
    # cut back to before the kept record: what is left still verifies on its own
    path.write_bytes(b"".join(path.read_bytes().splitlines(keepends=True)[: KEPT - 2]))
    verify = CliRunner().invoke(app, ["audit", "verify", str(path)])
    assert verify.exit_code == 0, verify.output
    code, said, md, page = _report(tmp_path, path, "--expect", kept)
    assert code == 1, said
    assert "CHAIN BROKEN: no record with hash" in said, said
    missing = f"no record with hash {kept} (the log was cut back, or replaced, after that hash"
    assert f"- Hash chain: BROKEN: {missing}" in md, md
    assert "Audit chain does not hold the kept hash" in md
    assert "Hash chain: BROKEN: " + missing in page, page
    assert 'Hash chain: <span class="bad">BROKEN' in (tmp_path / "pack.html").read_text()
    for text in (md, page):
        assert "Hash chain: verifies" not in text
        assert "Chain end" not in text  # a broken chain vouches for nothing


def test_an_intact_log_names_the_kept_record_and_counts_those_after(tmp_path: Path) -> None:
    path, kept, seq = _log(tmp_path)
    code, said, md, page = _report(tmp_path, path, "--expect", kept)
    assert code == 0 and "chain OK" in said, said
    after = N - KEPT
    note = (
        f"the kept hash is record {seq}'s; the {after} record(s) after it ({seq + 1} to "
        f"{seq + after}) were written since it was kept: the chain has no secret key, so it "
        "cannot tell them from records forged since"
    )
    assert "- Hash chain: verifies: " in md and f"- Chain end: {note}" in md, md
    assert f"Chain end: {note}" in page, page
    # the same words as verify's
    verify = CliRunner(env={"COLUMNS": "400"}).invoke(
        app, ["audit", "verify", str(path), "--expect", kept]
    )
    assert note in " ".join(verify.output.split()), verify.output


def test_the_kept_hash_of_the_last_record(tmp_path: Path) -> None:
    path, _, _ = _log(tmp_path)
    last = orjson.loads(path.read_bytes().splitlines()[-1])
    code, said, md, _page = _report(tmp_path, path, "--expect", last["hash"])
    assert code == 0, said
    assert f"- Chain end: the kept hash is record {last['seq']}'s, the log's last" in md


def test_without_expect_the_pack_says_a_cut_end_cannot_show(tmp_path: Path) -> None:
    path, _, _ = _log(tmp_path)
    code, said, md, page = _report(tmp_path, path)
    assert code == 0 and "chain OK" in said, said
    last = orjson.loads(path.read_bytes().splitlines()[-1])["hash"]
    assert f"- Hash chain: verifies: {N} records verified across 1 file(s); last hash {last}" in md
    note = (
        "records cut from its end leave a chain that verifies: keep the last hash elsewhere "
        "and check with --expect HASH"
    )
    assert f"- Chain end: {note}" in md and f"Chain end: {note}" in page
    assert "kept hash" not in md and "kept hash" not in page


def test_a_broken_chain_with_expect_names_its_break(tmp_path: Path) -> None:
    path, kept, _ = _log(tmp_path)
    lines = path.read_bytes().splitlines(keepends=True)
    del lines[2]  # a record removed from the middle: the chain itself breaks
    path.write_bytes(b"".join(lines))
    code, said, md, _page = _report(tmp_path, path, "--expect", kept)
    assert code == 1 and "CHAIN BROKEN" in said, said
    assert "- Hash chain: BROKEN: " in md and "no record with hash" not in md
