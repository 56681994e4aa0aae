"""`cordon report`: the review pack from an audit log (synthetic and from a real session)."""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cordon.audit.log import AuditLog, record_for_call
from cordon.audit.report import build_report, render_html, render_markdown
from cordon.cli import app

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
SECTIONS = [
    "## 1. Controls in force",
    "## 2. Audit summary",
    "### Verdict counts by rule",
    "### Denied destinations",
    "### Asks and how they were answered",
    "### Rug pulls",
    "### Content findings",
    "## 3. Findings",
    "## 4. What cordon covers and what it does not",
    "## 5. OWASP Top 10 for LLM Applications (2025)",
    "## 6. AIUC-1",
]


def _v(tool: str, verdict: str, rule: str, **kw: object) -> dict[str, object]:
    return record_for_call(
        session="s1",
        server="mail",
        tool=tool,
        arguments={"to": "x"},
        verdict=verdict,
        rule=rule,
        reason="r",
        **kw,  # type: ignore[arg-type]
    )


def _write_log(path: Path) -> None:
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="0" * 64, server="mail", session="s1")
    log.write(_v("send_email", "allow", "default.allow"))
    log.write(_v("send_email", "allow", "default.allow"))
    log.write(
        _v(
            "send_email",
            "deny",
            "taint.seen_in_output",
            destination="evil@attacker.example",
            destinations=["evil@attacker.example"],
        )
    )
    log.write(_v("send_email", "ask", "taint.unverified_destination", destination="new@x.example"))
    log.write(
        {
            "kind": "approval",
            "session": "s1",
            "server": "mail",
            "tool": "send_email",
            "rule": "taint.unverified_destination",
            "channel": "elicitation",
            "answer": "decline",
        }
    )
    log.write(_v("nope", "deny", "pin.unknown_tool"))
    log.write(
        {
            "kind": "pin",
            "session": "s1",
            "server": "mail",
            "tool": "send_email",
            "rule": "pin.changed",
            "reason": "changed",
            "details": {"changed_fields": ["description"]},
        }
    )
    log.write(
        {
            "kind": "content",
            "session": "s1",
            "server": "mail",
            "where": "result",
            "tool": "read_inbox",
            "action": "sanitize",
            "rules": ["inj.override"],
            "max_severity": "high",
        }
    )
    log.write({"kind": "frame_refused", "session": "s1", "server": "mail", "reason": "batch"})
    log.close()


def _policy(tmp: Path, *, trusted: bool) -> Path:
    p = tmp / ("trusted.yaml" if trusted else "policy.yaml")
    extra = "trusted_destinations: [ops@example.com]\n" if trusted else ""
    p.write_text(
        "version: 1\n" + extra + "tools:\n"
        "  send_email: {exfiltrating: true, sink_params: [to]}\n"
        "  delete_file: {max_calls: 0}\n"
    )
    return p


def test_report_sections_and_numbers(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    _write_log(log)
    data = build_report(audit=log, policies=[_policy(tmp_path, trusted=False)])
    md = render_markdown(data)
    positions = [md.index(s) for s in SECTIONS]
    assert positions == sorted(positions)
    assert data.chain.ok
    assert data.verdict_counts == {"allow": 2, "deny": 2, "ask": 1}
    assert ("default.allow", "allow", 2) in data.rule_counts
    assert data.denied_destinations == (("evil@attacker.example", 1, "taint.seen_in_output"),)
    assert ("send_email", "taint.unverified_destination", "decline (elicitation)", 1) in data.asks
    assert data.rug_pulls[0]["changed_fields"] == ["description"]
    assert data.content_findings == (("result", "read_inbox", "inj.override", "sanitize", 1),)
    assert data.frames_refused == 1
    # controls per server and tool
    assert (
        "| mail | send_email | listed, called | sending tool (sinks: to; no tool allowlist) |" in md
    )
    assert "| (policy) | delete_file | not seen in this log | forbidden (max_calls 0) |" in md
    # findings
    assert any("Sending tool 'send_email' has no destination allowlist" in f for f in data.findings)
    assert any("no per-tool controls" in f and "read_inbox" in f for f in data.findings)
    # the log's one server ran with another version of it: shown, with a finding
    assert any("ran with another policy than the one given" in f for f in data.findings)
    # mappings with evidence and operator duties
    for item in [f"LLM{n:02d}:2025" for n in range(1, 11)] + ["D003", "E015", "B006"]:
        assert item in md
    assert "`pin.` x2" in md  # pin.unknown_tool deny + pin.changed hidden
    assert "not DLP" in md and "not a sandbox" in md and "private IP" in md


def test_allowlist_removes_sending_finding(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    _write_log(log)
    data = build_report(audit=log, policies=[_policy(tmp_path, trusted=True)])
    assert not any("Sending tool" in f for f in data.findings)  # near miss


def test_time_window_and_broken_chain(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    _write_log(log)
    lines = log.read_bytes().splitlines()
    lines[3] = lines[3].replace(b'"deny"', b'"allow"')
    log.write_bytes(b"\n".join(lines) + b"\n")
    data = build_report(audit=log, since="2999-01-01T00:00:00.000Z")
    assert data.total_records == 0
    assert not data.chain.ok
    assert data.findings[0].startswith("Audit chain does not verify")
    assert "line 4" in data.findings[0]


def test_html_is_self_contained(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    _write_log(log)
    page = render_html(build_report(audit=log, policies=[_policy(tmp_path, trusted=False)]))
    assert page.count("<svg") == 3
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<script" not in page
    assert "evil@attacker.example" in page


def test_report_escapes_hostile_values(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    AuditLog(log).write(_v("<script>alert(1)</script>", "deny", "x|y", destination="a|b"))
    data = build_report(audit=log)
    assert "<script>alert" not in render_html(data)
    assert "a\\|b" in render_markdown(data)


def _png_is_nontrivial(png: bytes) -> bool:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    width = height = 0
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind = png[pos + 4 : pos + 8]
        chunk = png[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", chunk[:8])
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    return width >= 1000 and height >= 1000 and len(set(raw[:2_000_000])) > 20


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def test_html_renders_in_headless_chromium(tmp_path: Path) -> None:
    chromium = _chromium()
    if chromium is None:
        if os.environ.get("CORDON_REQUIRE_CHROMIUM"):
            pytest.fail("chromium is required (CORDON_REQUIRE_CHROMIUM is set) but not installed")
        pytest.skip("chromium not installed")
    log = tmp_path / "audit.jsonl"
    _write_log(log)
    html_path = tmp_path / "pack.html"
    html_path.write_text(
        render_html(build_report(audit=log, policies=[_policy(tmp_path, trusted=False)])),
        encoding="utf-8",
    )
    ARTIFACTS.mkdir(exist_ok=True)
    png = ARTIFACTS / "report.png"
    png.unlink(missing_ok=True)
    subprocess.run(
        [
            chromium,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            f"--user-data-dir={tmp_path / 'profile'}",
            f"--screenshot={png}",
            "--window-size=1200,2000",
            html_path.as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=90,
    )
    assert png.exists() and png.stat().st_size > 20_000
    assert _png_is_nontrivial(png.read_bytes())


def test_report_cli_writes_both(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    _write_log(log)
    md, page = tmp_path / "pack.md", tmp_path / "pack.html"
    tools = tmp_path / "tools.json"
    tools.write_text('{"server": "mail", "tools": [{"name": "fetch", "inputSchema": {}}]}')
    result = CliRunner().invoke(
        app,
        [
            "report",
            "--audit",
            str(log),
            "--policy",
            str(_policy(tmp_path, trusted=False)),
            "--tools",
            str(tools),
            "--since",
            "1d",
            "-o",
            str(md),
            "--html",
            str(page),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "chain OK" in result.output
    text = md.read_text()
    assert "| mail | fetch | listed |" in text  # from tools.json
    assert page.read_text().startswith("<!DOCTYPE html>")
    bad = CliRunner().invoke(
        app, ["report", "--audit", str(log), "--since", "yesterday-ish", "-o", str(md)]
    )
    assert bad.exit_code == 2


def test_report_cli_fails_on_a_broken_chain_and_still_writes(tmp_path: Path) -> None:
    """A CI job running ``cordon report`` on a tampered log must not pass: exit 1, as
    ``cordon audit verify`` exits, with the pack written and saying so."""
    log = tmp_path / "audit.jsonl"
    _write_log(log)
    lines = log.read_bytes().splitlines()
    lines[3] = lines[3].replace(b'"deny"', b'"allow"')
    log.write_bytes(b"\n".join(lines) + b"\n")
    md = tmp_path / "pack.md"
    result = CliRunner().invoke(app, ["report", "--audit", str(log), "-o", str(md)])
    assert result.exit_code == 1, result.output
    assert "CHAIN BROKEN" in result.output
    assert "Audit chain does not verify" in md.read_text()


def test_an_ask_answered_with_a_code_reads_as_issued_then_used(tmp_path: Path) -> None:
    """A one-time-code ask leaves a verdict record (the call refused, ``answer: deny``) and,
    when the code is used, an approval record: the asks table says which is which, so the
    refusal pending approval does not read as a person's denial."""
    log = AuditLog(tmp_path / "audit.jsonl")
    log.write(_v("send_email", "ask", "r2.trifecta", asked="code", answer="deny", code="K7Q"))
    log.write(_v("send_email", "ask", "r2.trifecta", asked="elicitation", answer="deny"))
    log.write(
        {
            "kind": "approval",
            "session": "s1",
            "server": "mail",
            "tool": "send_email",
            "rule": "r2.trifecta",
            "channel": "code",
            "answer": "accept",
        }
    )
    asks = build_report(audit=tmp_path / "audit.jsonl").asks
    assert set(asks) == {
        ("send_email", "r2.trifecta", "code issued, call refused until approved", 1),
        ("send_email", "r2.trifecta", "deny", 1),
        ("send_email", "r2.trifecta", "accept (code)", 1),
    }


def test_the_egress_control_line_reads_as_words(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    _write_log(log)
    lines = {}
    for allow in (False, True):
        p = tmp_path / f"egress-{allow}.yaml"
        p.write_text(f"version: 1\negress: {{mode: open, allow_private: {str(allow).lower()}}}\n")
        data = build_report(audit=log, policies=[p])
        lines[allow] = next(c for c in data.global_controls if c.startswith("egress:"))
    assert lines[False] == "egress: mode open, allow none, private addresses denied"
    assert lines[True] == "egress: mode open, allow none, private addresses allowed"


def test_report_cli_on_no_log_says_so_not_a_broken_chain(tmp_path: Path) -> None:
    """A home no cordon run wrote to yet has no log: said as that (exit 2, no pack), not as
    a tampered chain."""
    md = tmp_path / "pack.md"
    result = CliRunner().invoke(
        app, ["report", "--audit", str(tmp_path / "audit.jsonl"), "-o", str(md)]
    )
    assert result.exit_code == 2, result.output
    assert "no audit log at" in result.output and "CHAIN BROKEN" not in result.output
    assert not md.exists()


def test_provenance_keys_are_listed_as_controls(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    _write_log(log)
    p = tmp_path / "prov.yaml"
    p.write_text(
        "version: 1\ntools:\n"
        "  reserve_hotel: {requires_request: ['\\bbook']}\n"
        "  get_channels: {directory: true}\n"
    )
    md = render_markdown(build_report(audit=log, policies=[p]))
    assert "asked unless the user's request matches: \\bbook" in md
    assert "directory: its listed names are known destinations" in md
    assert not re.search(r"no per-tool controls[^\n]*reserve_hotel", md)


def _policy_record(server: str, tool: str) -> dict[str, object]:
    return {
        "kind": "policy",
        "session": "s1",
        "server": server,
        "rule": "policy.unknown_tool",
        "tool": tool,
    }


def test_unknown_policy_tools_are_a_finding_not_server_tools(tmp_path: Path) -> None:
    """policy.unknown_tool records name tools a server did NOT list: never shown as its tools.
    With two servers under one policy, each reports the other's entries; only an entry no
    server listed is a finding, and a server's listing is inferred from what it did not
    report."""
    from cordon.policy import load_policy, policy_hash

    policy = tmp_path / "policy.yaml"
    policy.write_text(
        "version: 1\ntools:\n"
        "  read_file: {max_calls: 5}\n"
        "  send_email: {exfiltrating: true, sink_params: [to]}\n"
        "  sned_email: {max_calls: 0}\n"
    )
    log_path = tmp_path / "audit.jsonl"
    log = AuditLog(log_path)
    ph = policy_hash(load_policy([policy]))
    log.start(version="0.1.0", policy_hash=ph, server="files", session="s1")
    for tool in ("send_email", "sned_email"):
        log.write(_policy_record("files", tool))
    for tool in ("read_file", "sned_email"):
        log.write(_policy_record("mail", tool))
    log.close()
    data = build_report(audit=log_path, policies=[policy])
    md = render_markdown(data)
    strays = [f for f in data.findings if "no server listed" in f]
    assert strays == [
        "Policy entries for tools no server listed (a likely typo: the real tool is left "
        "uncontrolled): sned_email (not listed by files, mail)"
    ]
    assert "| files | read_file | listed | at most 5 calls per cordon run process |" in md
    assert "| mail | send_email | listed |" in md
    assert "| files | send_email |" not in md and "| mail | read_file |" not in md
    assert "| (policy) | sned_email | not listed by files, mail (likely typo) |" in md
    assert "sned_email (not listed by files, mail)" in render_html(data)


def test_a_call_refused_as_an_unknown_tool_does_not_make_a_policy_entry_real(
    tmp_path: Path,
) -> None:
    """Newcomer trial: the README's example policy on the filesystem server; the
    client tried delete_file, denied ``pin.unknown_tool``, and the pack took the call as a
    sign that the server has the tool, dropping it from the likely-typo finding."""
    log_path = tmp_path / "audit.jsonl"
    log = AuditLog(log_path)
    log.start(version="0.1.0", policy_hash="0" * 64, server="files", session="s1")
    for tool in ("delete_file", "refund"):
        log.write(_policy_record("files", tool))
    log.write(
        {
            "kind": "verdict",
            "session": "s1",
            "server": "files",
            "tool": "delete_file",
            "verdict": "deny",
            "rule": "pin.unknown_tool",
        }
    )
    log.close()
    policy = tmp_path / "policy.yaml"
    policy.write_text(
        "version: 1\ntools:\n  delete_file: {max_calls: 0}\n  refund: {max_value: {amount: 100}}\n"
    )
    data = build_report(audit=log_path, policies=[policy])
    (strays,) = [f for f in data.findings if "no server listed" in f]
    assert (
        "delete_file (not listed by files)" in strays and "refund (not listed by files)" in strays
    )


def test_pin_file_as_tools_file(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    _write_log(log)
    pins = tmp_path / "pins.json"
    pins.write_text(
        '{"servers": {"mail": {"tools": {"read_inbox": {"name": "read_inbox"}}, "pending": {}},'
        ' "files": {"tools": {"read_file": {"name": "read_file"}}}}}'
    )
    data = build_report(audit=log, policies=[_policy(tmp_path, trusted=False)], tools_file=pins)
    md = render_markdown(data)
    assert "| files | read_file | listed |" in md
    assert "| mail | read_inbox | listed, called |" in md
    # a tools file is a whole listing: a policy entry in none of them is a finding
    assert any("no server listed" in f and "delete_file" in f for f in data.findings)
    bad = tmp_path / "bad.json"
    bad.write_text('{"tools": 3}')
    with pytest.raises(ValueError, match="pin file"):
        build_report(audit=log, tools_file=bad)


def test_a_server_that_ran_with_another_policy_is_named(tmp_path: Path) -> None:
    """A server whose start record names another policy is a finding that names it (and
    only it), and the given policy's controls are not shown for it."""
    from cordon.policy import load_policy, policy_hash

    given = _policy(tmp_path, trusted=False)
    other = _policy(tmp_path, trusted=True)
    log_path = tmp_path / "audit.jsonl"
    log = AuditLog(log_path)
    log.start(version="0.1.0", policy_hash=policy_hash(load_policy([given])), server="mail",
              session="s1")  # fmt: skip
    log.start(version="0.1.0", policy_hash=policy_hash(load_policy([other])), server="files",
              session="s2")  # fmt: skip
    log.close()
    findings = build_report(audit=log_path, policies=[given]).findings
    named = [f for f in findings if "ran with another policy" in f]
    assert len(named) == 1 and "'files'" in named[0], findings
    assert not any("not the one in the log's start records" in f for f in findings)
    # given the other file, the mail server is the one named
    findings = build_report(audit=log_path, policies=[other]).findings
    named = [f for f in findings if "ran with another policy" in f]
    assert len(named) == 1 and "'mail'" in named[0], findings


def _two_policies_log(tmp_path: Path, *, named: bool = False) -> tuple[Path, Path, Path]:
    """mail ran with a policy naming send_email, files with one naming write_file; each
    server called its tool; ``named``: the start records name the policy files (as cordon
    run writes them; older logs do not). Returns (log, mail's policy, files' policy)."""
    from cordon.policy import load_policy, policy_hash

    mail = tmp_path / "mail.yaml"
    mail.write_text("version: 1\ntools:\n  send_email: {exfiltrating: true, sink_params: [to]}\n")
    files = tmp_path / "files.yaml"
    files.write_text("version: 1\ntools:\n  write_file: {max_calls: 3}\n")
    log_path = tmp_path / "audit.jsonl"
    log = AuditLog(log_path)
    for server, pol, tool in (("mail", mail, "send_email"), ("files", files, "write_file")):
        ph = policy_hash(load_policy([pol]))
        files_named = [str(pol)] if named else None
        log.start(
            version="0.1.0", policy_hash=ph, server=server, session=server, policy_files=files_named
        )
        log.write({**_v(tool, "allow", "default.allow"), "server": server, "session": server})
    log.close()
    return log_path, mail, files


def test_each_server_is_shown_under_its_own_policy_only(tmp_path: Path) -> None:
    """The given policy is one server's: the other server's rows do not claim its controls
    (they said 'no per-tool controls' for write_file, under mail's policy), and say how to
    report them; --server names the server a policy is for."""
    log_path, mail, files = _two_policies_log(tmp_path)
    data = build_report(audit=log_path, policies=[mail])
    md = render_markdown(data)
    assert "| mail | send_email | called | sending tool (sinks: to; no tool allowlist) |" in md
    assert "| files | write_file | called | not shown: another policy (hash " in md
    assert "--policy ITS_FILE --server files" in md
    assert "applies to server(s) mail" in md
    assert not any("no per-tool controls" in f for f in data.findings), data.findings
    named = [f for f in data.findings if "ran with another policy" in f]
    assert len(named) == 1 and "'files'" in named[0] and "not shown" in named[0]

    md = render_markdown(build_report(audit=log_path, policies=[files], servers=["files"]))
    assert "| files | write_file | called | at most 3 calls per cordon run process |" in md
    assert "| mail | send_email | called | not shown: another policy" in md
    assert "applies to server(s) files (--server)" in md


def test_report_cli_server_option(tmp_path: Path) -> None:
    """The real `cordon report --policy FILE --server NAME`."""
    from tests.conftest import cordon_exe

    log_path, _, files = _two_policies_log(tmp_path)
    out = tmp_path / "pack.md"
    args = ["report", "--audit", str(log_path), "--policy", str(files), "-o", str(out)]
    done = subprocess.run(
        [*cordon_exe(), *args, "--server", "files"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    text = out.read_text()
    assert "| files | write_file | called | at most 3 calls per cordon run process |" in text
    assert "| mail | send_email | called | not shown: another policy" in text


def test_each_server_is_shown_under_the_policy_its_start_record_names(tmp_path: Path) -> None:
    """cordon run names its --policy files in the start record: the report shows each server
    under its own policy, with or without --policy; a file edited since (another hash) is not
    shown as in force."""
    log_path, mail, files = _two_policies_log(tmp_path, named=True)
    for given in ([], [mail]):
        data = build_report(audit=log_path, policies=given)
        md = render_markdown(data)
        assert "| files | write_file | called | at most 3 calls per cordon run process |" in md, (
            given
        )
        assert "| mail | send_email | called | sending tool (sinks: to; no tool allowlist) |" in md
        assert f"server files: its own policy, {files}" in md
        assert not any("no per-tool controls" in f for f in data.findings)
    files.write_text("version: 1\ntools:\n  write_file: {max_calls: 30}\n")
    md = render_markdown(build_report(audit=log_path, policies=[mail]))
    assert "| files | write_file | called | not shown: another policy" in md
    assert "at most 30 calls" not in md


def test_the_server_hint_quotes_the_server_name(tmp_path: Path) -> None:
    """'report it with --policy ITS_FILE --server NAME' is a command line to copy: a server
    named with a space or shell syntax is quoted in it (it ran as two words, or ran $(...))."""
    from cordon.policy import load_policy, policy_hash

    mail = tmp_path / "mail.yaml"
    mail.write_text("version: 1\ntools:\n  send_email: {exfiltrating: true, sink_params: [to]}\n")
    other = tmp_path / "other.yaml"
    other.write_text("version: 1\ntools:\n  write_file: {max_calls: 3}\n")
    log_path = tmp_path / "audit.jsonl"
    log = AuditLog(log_path)
    name = "my files $(id)"
    for server, pol, tool in (("mail", mail, "send_email"), (name, other, "write_file")):
        log.start(
            version="0.1.0", policy_hash=policy_hash(load_policy([pol])), server=server,
            session=server,
        )  # fmt: skip
        log.write({**_v(tool, "allow", "default.allow"), "server": server, "session": server})
    log.close()
    data = build_report(audit=log_path, policies=[mail])
    hinted = [f for f in data.findings if "--server" in f]
    assert hinted and all("--server 'my files $(id)'" in f for f in hinted), hinted
    assert "--server 'my files $(id)'" in render_markdown(data)


def _policy_file(tmp_path: Path, name: str, text: str) -> tuple[Path, str]:
    from cordon.policy import load_policy, policy_hash

    p = tmp_path / name
    p.write_text(text)
    return p, policy_hash(load_policy([p]))


def test_a_server_that_ran_under_two_policies_is_a_finding(tmp_path: Path) -> None:
    """files ran loose (three write_file calls), then under max_calls: 1 (one): the report
    showed every call under the latest policy's 'at most 1 call per session', with no word
    that the earlier calls ran under another."""
    loose, loose_h = _policy_file(tmp_path, "loose.yaml", "version: 1\n")
    strict, strict_h = _policy_file(
        tmp_path, "strict.yaml", "version: 1\ntools:\n  write_file: {max_calls: 1}\n"
    )
    log_path = tmp_path / "audit.jsonl"
    log = AuditLog(log_path)
    for n, (pol, ph) in enumerate(((loose, loose_h), (strict, strict_h))):
        s = f"s{n}"
        log.start(version="0.1.0", policy_hash=ph, server="files", session=s,
                  policy_files=[str(pol)])  # fmt: skip
        for _ in range(3 - 2 * n):
            log.write(
                {**_v("write_file", "allow", "default.allow"), "server": "files", "session": s}
            )
    log.close()
    findings = build_report(audit=log_path).findings
    several = [f for f in findings if "ran under 2 policies in this window" in f]
    assert len(several) == 1 and "'files'" in several[0], findings
    assert "the latest last" in several[0], several
    assert several[0].index(loose_h[:12]) < several[0].index(strict_h[:12]), several


def test_since_after_the_start_records_uses_the_policy_in_force(tmp_path: Path) -> None:
    """Two long-running cordon run processes started before the window (--since): their start
    records are outside it, and the given mail policy was shown for files too; the start in
    force when the window began is used, so files is shown under its own policy."""
    import time

    from cordon.audit.log import iter_records

    mail, mail_h = _policy_file(
        tmp_path, "mail.yaml", "version: 1\ntools:\n  send_email: {exfiltrating: true}\n"
    )
    files, files_h = _policy_file(
        tmp_path, "files.yaml", "version: 1\ntools:\n  write_file: {max_calls: 3}\n"
    )
    log_path = tmp_path / "audit.jsonl"
    log = AuditLog(log_path)
    for server, pol, ph in (("mail", mail, mail_h), ("files", files, files_h)):
        log.start(version="0.1.0", policy_hash=ph, server=server, session=server,
                  policy_files=[str(pol)])  # fmt: skip
    time.sleep(0.01)  # the window starts after both start records (millisecond timestamps)
    for server, tool in (("mail", "send_email"), ("files", "write_file")):
        log.write({**_v(tool, "allow", "default.allow"), "server": server, "session": server})
    log.close()
    since = next(str(r["ts"]) for r in iter_records(log_path) if r.get("kind") != "start")
    data = build_report(audit=log_path, policies=[mail], since=since)
    md = render_markdown(data)
    assert "| files | write_file | called | at most 3 calls per cordon run process |" in md, md
    assert "applies to server(s) mail (the others ran with another policy)" in md
    assert "| mail | send_email | called | sending tool" in md
    md = render_markdown(build_report(audit=log_path, since=since))
    assert "| files | write_file | called | at most 3 calls per cordon run process |" in md, md


def test_the_header_says_how_many_starts_it_leaves_out(tmp_path: Path) -> None:
    log_path = tmp_path / "audit.jsonl"
    log = AuditLog(log_path)
    for i in range(8):
        log.start(version="0.1.0", policy_hash=f"{i}" * 64, server=f"srv{i}", session=f"s{i}")
    text = render_markdown(build_report(audit=log_path))
    assert "- Starts: 8, the last 5 below" in text
    assert "server srv2," not in text and "server srv3," in text
    few = tmp_path / "few.jsonl"
    AuditLog(few).start(version="0.1.0", policy_hash="0" * 64, server="one", session="s")
    assert "- Starts:" not in render_markdown(build_report(audit=few))
