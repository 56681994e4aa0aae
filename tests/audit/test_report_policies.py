"""``cordon report`` on a log whose server ran under several policies: the finding names
each policy (its hash, the files its start records name, how many calls it decided, when it
started) and the one the controls are shown under, so a reader knows which calls the
controls describe. It gave the hashes alone and said the controls were shown "under one of
them". Unit tests on build_report, and one through the real ``cordon run`` (two sessions
under two policies, driven by the SDK client) and the real ``cordon report``."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp import Client

from cordon.audit.log import AuditLog, record_for_call
from cordon.audit.report import build_report
from cordon.policy import load_policy, policy_hash
from tests.conftest import Harness, mailbox_server, run_cordon

LOOSE = "version: 1\n"
STRICT = "version: 1\ntools:\n  echo: {max_calls: 1}\n"


def _policy(tmp_path: Path, name: str, text: str) -> tuple[Path, str]:
    p = tmp_path / name
    p.write_text(text)
    return p, policy_hash(load_policy([p]))


def _log(tmp_path: Path) -> tuple[Path, str, str, Path, Path]:
    loose, loose_h = _policy(tmp_path, "loose.yaml", LOOSE)
    strict, strict_h = _policy(tmp_path, "strict.yaml", STRICT)
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    for n, (pol, ph, calls) in enumerate(((loose, loose_h, 3), (strict, strict_h, 1))):
        log.start(version="0.1.0", policy_hash=ph, server="files", session=f"s{n}",
                  policy_files=[str(pol)])  # fmt: skip
        for _ in range(calls):
            rec = record_for_call(
                session=f"s{n}", server="files", tool="echo", arguments={}, verdict="allow",
                rule="default.allow", reason="no rule objected",
            )  # fmt: skip
            log.write(rec)
    log.close()
    return path, loose_h, strict_h, loose, strict


def _several(findings: tuple[str, ...] | list[str]) -> str:
    found = [f for f in findings if "ran under 2 policies" in f]
    assert len(found) == 1, findings
    return found[0]


def test_each_policy_is_named_with_its_calls_and_files(tmp_path: Path) -> None:
    path, loose_h, strict_h, loose, strict = _log(tmp_path)
    said = _several(build_report(audit=path).findings)
    assert f"hash {loose_h[:12]} ({loose}; 3 call(s) decided" in said, said
    assert f"hash {strict_h[:12]} ({strict}; 1 call(s) decided" in said, said
    assert said.index(loose_h[:12]) < said.index(strict_h[:12]), said  # the latest last
    assert f"shown under its latest (hash {strict_h[:12]}" in said, said


def test_the_policy_given_is_named_as_the_one_shown(tmp_path: Path) -> None:
    path, loose_h, _, loose, _ = _log(tmp_path)
    said = _several(build_report(audit=path, policies=[loose]).findings)
    assert f"shown under the policy given (hash {loose_h[:12]})" in said, said


def test_one_policy_is_no_finding(tmp_path: Path) -> None:
    loose, loose_h = _policy(tmp_path, "loose.yaml", LOOSE)
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    for n in range(2):
        log.start(version="0.1.0", policy_hash=loose_h, server="files", session=f"s{n}",
                  policy_files=[str(loose)])  # fmt: skip
    log.close()
    assert not [f for f in build_report(audit=path).findings if "ran under" in f]


def test_cordon_serve_calls_are_not_counted_as_none(tmp_path: Path) -> None:
    """cordon serve's checks carry their callers' session ids, not its start's: its
    policies' calls are said not to be counted, never '0 call(s) decided'."""
    loose, loose_h = _policy(tmp_path, "loose.yaml", LOOSE)
    strict, strict_h = _policy(tmp_path, "strict.yaml", STRICT)
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    for n, (pol, ph) in enumerate(((loose, loose_h), (strict, strict_h))):
        log.start(version="0.1.0", policy_hash=ph, server="serve", session=f"serve-{n}",
                  policy_files=[str(pol)])  # fmt: skip
        rec = record_for_call(
            session=f"caller-{n}", server="files", tool="echo", arguments={}, verdict="allow",
            rule="default.allow", reason="no rule objected",
        )  # fmt: skip
        log.write({**rec, "via": "serve"})
    log.close()
    said = _several(build_report(audit=path).findings)
    assert "not counted by policy" in said and "0 call(s)" not in said, said


@pytest.mark.anyio
@pytest.mark.e2e
async def test_through_the_real_cordon_run_and_report(harness: Harness) -> None:
    env = {"MAILBOX_DIR": str(harness.tmp)}
    loose, loose_h = _policy(harness.tmp, "loose.yaml", LOOSE)
    strict, strict_h = _policy(harness.tmp, "strict.yaml", STRICT)
    for pol, calls in ((loose, 3), (strict, 1)):
        params = harness.cordon(mailbox_server(), policies=[pol], env=env, name="files")
        async with Client(params, mode="legacy") as client:
            await client.list_tools()
            for _ in range(calls):
                await client.call_tool("echo", {"text": "hi"})
    out = harness.tmp / "pack.md"
    done = run_cordon(harness.home, "report", "--audit", str(harness.audit), "-o", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    said = _several([line for line in out.read_text().splitlines() if "ran under" in line])
    assert f"hash {loose_h[:12]} ({loose.resolve()}; 3 call(s) decided" in said, said
    assert f"hash {strict_h[:12]} ({strict.resolve()}; 1 call(s) decided" in said, said
    assert f"shown under its latest (hash {strict_h[:12]}" in said, said
