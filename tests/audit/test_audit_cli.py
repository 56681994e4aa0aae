"""`cordon audit verify|tail|show` through the real typer app."""

from __future__ import annotations

from pathlib import Path

import orjson
from typer.testing import CliRunner

from cordon.audit.log import AuditLog, record_for_call
from cordon.cli import app


def _log(path: Path, n: int = 12) -> None:
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="ab" * 32, server="fs", session="s1")
    for i in range(n - 1):
        log.write(
            record_for_call(
                session="s1",
                server="fs",
                tool="write_file" if i % 2 else "read_file",
                arguments={"path": f"/data/{i}"},
                verdict="deny" if i % 3 == 0 else "allow",
                rule="arg.path_prefix" if i % 3 == 0 else "default.allow",
                reason="\x1b[31mred\x1b[0m reason",
            )
        )
    log.close()


def test_verify_ok_and_tampered_line_named(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    _log(path)
    ok = CliRunner().invoke(app, ["audit", "verify", str(path)])
    assert ok.exit_code == 0, ok.output
    assert "12 records verified" in ok.output

    lines = path.read_bytes().splitlines()
    rec = orjson.loads(lines[6])
    assert rec["verdict"] in ("allow", "deny")
    lines[6] = lines[6].replace(b'"/data/5"', b'"/data/6"')
    path.write_bytes(b"\n".join(lines) + b"\n")
    bad = CliRunner().invoke(app, ["audit", "verify", str(path)])
    assert bad.exit_code == 1
    assert "line 7" in bad.output
    assert "line 6" not in bad.output and "line 8" not in bad.output


def test_verify_missing_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["audit", "verify", str(tmp_path / "nope.jsonl")])
    assert result.exit_code == 1


def test_the_log_named_with_audit_as_cordon_run_spells_it(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    _log(path)
    ok = CliRunner().invoke(app, ["audit", "verify", "--audit", str(path)])
    assert ok.exit_code == 0, ok.output
    assert "12 records verified" in ok.output
    shown = CliRunner().invoke(app, ["audit", "show", "--audit", str(path), "--verdict", "deny"])
    assert shown.exit_code == 0 and "arg.path_prefix" in shown.output, shown.output
    tail = CliRunner().invoke(app, ["audit", "tail", "--audit", str(path), "-n", "2"])
    assert tail.exit_code == 0 and "last 2" in tail.output, tail.output
    # two different logs: an error, not one of them picked
    other = tmp_path / "other.jsonl"
    _log(other)
    both = CliRunner().invoke(app, ["audit", "verify", str(other), "--audit", str(path)])
    assert both.exit_code == 2 and "two logs" in both.output, both.output


def test_tail_shows_last_n(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    _log(path)
    result = CliRunner().invoke(
        app, ["audit", "tail", str(path), "-n", "3"], env={"COLUMNS": "250"}
    )
    assert result.exit_code == 0, result.output
    assert "last 3" in result.output
    assert "/data/" not in result.output  # arguments are not a column
    seqs = [int(s) for s in __import__("re").findall(r"│\s*(\d+)\s*│", result.output)]
    assert seqs == [10, 11, 12]
    assert "\x1b[31m" not in result.output  # sanitised on write, never replayed


def test_show_filters(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    _log(path)
    env = {"COLUMNS": "250"}
    deny = CliRunner().invoke(app, ["audit", "show", str(path), "--verdict", "deny"], env=env)
    assert deny.exit_code == 0, deny.output
    assert "4 record(s)" in deny.output and "default.allow" not in deny.output
    tool = CliRunner().invoke(
        app, ["audit", "show", str(path), "--tool", "write_file", "--verdict", "allow"], env=env
    )
    assert "arg.path_prefix" not in tool.output and "write_file" in tool.output
    future = CliRunner().invoke(app, ["audit", "show", str(path), "--since", "2999-01-01"], env=env)
    assert "0 record(s)" in future.output
    recent = CliRunner().invoke(app, ["audit", "show", str(path), "--since", "1h"], env=env)
    assert "12 record(s)" in recent.output
    past = CliRunner().invoke(app, ["audit", "show", str(path), "--until", "2000-01-01"], env=env)
    assert "0 record(s)" in past.output
    bad = CliRunner().invoke(app, ["audit", "show", str(path), "--since", "soon"], env=env)
    assert bad.exit_code != 0


def test_verify_expect_catches_a_log_cut_back_before_a_kept_hash(tmp_path: Path) -> None:
    """A log cut back to its first records still chains; the hash an earlier verify printed
    (kept elsewhere, as the README says) is what shows the cut."""
    path = tmp_path / "audit.jsonl"
    _log(path)
    lines = path.read_bytes().splitlines(keepends=True)
    kept = orjson.loads(lines[-1])["hash"]
    earlier = orjson.loads(lines[5])["hash"]
    assert kept in CliRunner().invoke(app, ["audit", "verify", str(path)]).output
    ok = CliRunner().invoke(app, ["audit", "verify", str(path), "--expect", kept])
    assert ok.exit_code == 0, ok.output
    # the log grew since an earlier hash was kept: still fine
    grown = CliRunner().invoke(app, ["audit", "verify", str(path), "--expect", earlier])
    assert grown.exit_code == 0, grown.output
    path.write_bytes(b"".join(lines[:8]))  # cut back: the chain itself still verifies
    assert CliRunner().invoke(app, ["audit", "verify", str(path)]).exit_code == 0
    cut = CliRunner().invoke(app, ["audit", "verify", str(path), "--expect", kept])
    assert cut.exit_code == 1 and "BROKEN" in cut.output and kept in cut.output, cut.output
    bad = CliRunner().invoke(app, ["audit", "verify", str(path), "--expect", "not-a-hash"])
    assert bad.exit_code == 1


def test_verify_refuses_a_log_whose_first_records_were_cut(tmp_path: Path) -> None:
    """The session's start record and the verdicts after it cut off the top of the log (``sed
    -i 1,3d``): the chain that is left links to records not in the log; verify said OK."""
    path = tmp_path / "audit.jsonl"
    _log(path)
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[3:]))
    bad = CliRunner().invoke(app, ["audit", "verify", str(path)])
    assert bad.exit_code == 1, bad.output
    assert "BROKEN" in bad.output and "line 1" in bad.output
