"""The review pack from a real session: the mailbox server behind the real `cordon run`."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from mcp import Client
from typer.testing import CliRunner

from cordon.audit.log import verify
from cordon.audit.report import build_report, render_markdown
from cordon.cli import app
from tests.conftest import Harness, cordon_exe, fs_server, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_report_from_real_session(harness: Harness, tmp_path: Path) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    policy = harness.policy(
        {
            "version": 1,
            "trusted_destinations": ["ops@example.com"],
            "tools": {"send_email": {"exfiltrating": True, "sink_params": ["to"]}},
        }
    )
    params = harness.cordon(
        mailbox_server(), policies=[policy], env={"MAILBOX_DIR": str(box)}, name="mail"
    )
    async with Client(params, mode="legacy", cache=None) as client:  # type: ignore[arg-type]
        await client.list_tools()
        ok = await client.call_tool("send_email", {"to": "ops@example.com", "body": "status"})
        assert not ok.is_error, text_of(ok)
        unknown = await client.call_tool("no_such_tool", {})
        assert unknown.is_error
        await client.call_tool("rug_pull", {})
        await client.list_tools()
        denied = await client.call_tool("send_email", {"to": "ops@example.com", "body": "again"})
        assert denied.is_error and "pin.changed" in text_of(denied)

    assert verify(harness.audit).ok
    data = build_report(audit=harness.audit, policies=[policy])
    md = render_markdown(data)
    assert data.chain.ok
    assert data.starts and data.starts[0]["server"] == "mail"
    assert data.verdict_counts.get("allow", 0) >= 2  # send_email, rug_pull
    rules = {(r, v) for r, v, _ in data.rule_counts}
    assert ("pin.unknown_tool", "deny") in rules
    assert ("pin.changed", "deny") in rules
    assert data.rug_pulls and data.rug_pulls[0]["tool"] == "send_email"
    assert data.rug_pulls[0]["changed_fields"] == ["description"]
    # the policy given is the one the log's start record names: no mismatch finding
    assert not any("not the one in the log" in f for f in data.findings)
    assert (
        "| mail | send_email | listed, called | sending tool (sinks: to; no tool allowlist) |" in md
    )
    assert "LLM03:2025 Supply Chain" in md and "`pin.` x" in md

    out = tmp_path / "pack.md"
    result = CliRunner().invoke(
        app, ["report", "--audit", str(harness.audit), "--policy", str(policy), "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "## 2. Audit summary" in out.read_text()


README_POLICY = """\
version: 1
packs: [filesystem]
allowed_path_prefixes: [{root}]
trusted_destinations: [ops@example.com, "@example.com", "*.example.org"]
content: {{mode: warn, block_at: high}}
tools:
  write_file: {{path_params: [path], allowed_path_prefixes: [{root}/out], max_calls: 20}}
  delete_file: {{max_calls: 0}}
  refund: {{max_value: {{amount: 100}}, arg_patterns: {{order_id: "[0-9]{{1,10}}"}}}}
  send_email: {{exfiltrating: true, sink_params: [to, cc, bcc], trusted_destinations: [me@example.com]}}
"""


async def test_report_shows_policy_tools_the_server_did_not_list(
    harness: Harness, tmp_path: Path
) -> None:
    """The README's policy in front of the npm filesystem server: its send_email, refund and
    delete_file entries are not tools of that server; the pack says so and does not show them
    as the server's tools, and labels the real tools by what was listed and called."""
    root = (tmp_path / "project").resolve()
    root.mkdir()
    (root / "a.txt").write_text("hello")
    policy = tmp_path / "policy.yaml"
    policy.write_text(README_POLICY.format(root=root))
    pins = tmp_path / "pins.json"
    params = harness.cordon(
        fs_server(root), policies=[policy], name="files", extra=["--pin-file", str(pins)]
    )
    async with Client(params, mode="legacy", cache=None) as client:  # type: ignore[arg-type]
        await client.list_tools()
        # restricting entries naming no tool, near none of its names: taken for another
        # server's tools (one policy may serve several), warnings only
        ok = await client.call_tool("list_directory", {"path": str(root)})
        assert not ok.is_error, text_of(ok)
    assert {r["tool"] for r in harness.records("policy")} == {"send_email", "refund", "delete_file"}

    md, page = tmp_path / "pack.md", tmp_path / "pack.html"
    args = ["report", "--audit", str(harness.audit), "--policy", str(policy), "-o", str(md)]
    done = subprocess.run(
        [*cordon_exe(), *args, "--html", str(page)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    text = md.read_text()
    findings = [line for line in text.splitlines() if "no server listed" in line]
    assert len(findings) == 1, findings
    finding = findings[0]
    for name in ("delete_file", "refund", "send_email"):
        assert f"{name} (not listed by files)" in finding
        assert f"| files | {name} |" not in text
        assert f"| (policy) | {name} | not listed by files (likely typo) |" in text
    assert "| files | list_directory | called |" in text
    # never called, and the log alone does not say it was listed: not claimed either way
    assert "| (policy) | read_file | not seen in this log |" in text
    assert "no server listed it" not in text
    assert "send_email (not listed by files)" in page.read_text()

    # with the pin file, the pack knows the whole listing
    done = subprocess.run(
        [*cordon_exe(), *args, "--tools", str(pins)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    text = md.read_text()
    assert "| files | read_file | listed |" in text
    assert "| files | list_directory | listed, called |" in text
    assert "| (policy) | send_email | not listed by files (likely typo) |" in text


async def test_report_shows_each_real_server_under_its_own_policy(
    harness: Harness, tmp_path: Path
) -> None:
    """Two servers behind two real `cordon run` processes, each with its own policy, one
    audit log: `cordon report` (no --policy, then mail's) shows each server's tools under the
    policy its start record names, not one policy for both."""
    box, root = harness.tmp / "box", harness.tmp / "root"
    box.mkdir()
    root.mkdir()
    mail = harness.policy(
        {"version": 1, "tools": {"send_email": {"exfiltrating": True, "sink_params": ["to"]}}},
        "mail.yaml",
    )
    files = harness.policy(
        {"version": 1, "packs": ["filesystem"], "tools": {"write_file": {"max_calls": 3}}},
        "files.yaml",
    )
    mail_run = harness.cordon(
        mailbox_server(), policies=[mail], env={"MAILBOX_DIR": str(box)}, name="mail"
    )
    async with Client(mail_run, mode="legacy") as client:
        await client.list_tools()
        await client.call_tool("send_email", {"to": "ops@example.com", "body": "hi"})
    files_run = harness.cordon(fs_server(root), policies=[files], name="files")
    async with Client(files_run, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("write_file", {"path": str(root / "a.txt"), "content": "x"})
        assert not r.is_error, text_of(r)
    out = tmp_path / "pack.md"
    for given in ([], ["--policy", str(mail)]):
        args = ["report", "--audit", str(harness.audit), *given, "-o", str(out)]
        done = subprocess.run([*cordon_exe(), *args], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        text = out.read_text()
        assert "| files | write_file | called | at most 3 calls per cordon run process" in text, (
            given
        )
        assert "| mail | send_email | called | sending tool (sinks: to" in text
        assert "| files | send_email |" not in text
        if not given:  # the header says whose policies the rows show, not just "none"
            assert "each server's own, as its start record names it (files, mail)" in text
