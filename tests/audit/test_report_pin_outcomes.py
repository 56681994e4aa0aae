"""The review pack says what a pin record did, what the secrets block covers, and what is
left uncovered as cordon is now.

* every ``kind: pin`` record counted as "hidden", a ``pin.shadowed_tool`` record too, though
  the shadowing tool stays listed (its calls asked about, or only reported for another
  instance of the same program);
* "known secrets: 0 env var(s)" left out the credentials of cordon's own environment that
  ``secrets.env_credentials`` (on by default) adds;
* "Does not cover" named remote HTTP/SSE entries, which ``cordon init`` wraps
  (``cordon run --url``).
"""

from __future__ import annotations

from pathlib import Path

from cordon.audit.log import AuditLog
from cordon.audit.report import build_report, render_html, render_markdown


def _pin(rule: str, tool: str, **kw: object) -> dict[str, object]:
    return {"kind": "pin", "session": "s1", "server": "remote", "tool": tool, "rule": rule, **kw}


def _log(path: Path) -> Path:
    log = AuditLog(path)
    log.start(version="0.1.0", policy_hash="0" * 64, server="remote", session="s1")
    log.write(_pin("pin.shadowed_tool", "echo", shadows="everything", asked=True))
    log.write(_pin("pin.shadowed_tool", "get-sum", shadows="everything", asked=True))
    log.write(_pin("pin.shadowed_tool", "list", shadows="remote2", asked=False))
    log.write(_pin("pin.changed", "send", reason="changed", details={"changed_fields": ["x"]}))
    log.write(_pin("pin.unknown_tool", "new_tool", reason="new"))
    log.close()
    return path


def _policy(tmp: Path, text: str) -> Path:
    p = tmp / "policy.yaml"
    p.write_text("version: 1\n" + text, "utf-8")
    return p


def test_a_shadowing_record_is_not_counted_as_hidden(tmp_path: Path) -> None:
    data = build_report(audit=_log(tmp_path / "audit.jsonl"))
    counts = {(r, v): n for r, v, n in data.rule_counts}
    assert counts[("pin.shadowed_tool", "asked")] == 2
    assert counts[("pin.shadowed_tool", "reported")] == 1
    assert counts[("pin.changed", "hidden")] == 1
    assert counts[("pin.unknown_tool", "hidden")] == 1
    assert not any(r == "pin.shadowed_tool" and v == "hidden" for r, v, _ in data.rule_counts)
    assert "| pin.shadowed_tool | asked | 2 |" in render_markdown(data)
    # the chart of deny and ask counts leaves the reported-only row out
    html = render_html(data)
    chart = html[html.index('aria-label="deny and ask counts by rule"') :]
    chart = chart[: chart.index("</svg>")]
    assert "pin.shadowed_tool (asked)" in chart and "(reported)" not in chart


def test_known_secrets_name_the_environments_credentials(tmp_path: Path) -> None:
    log = _log(tmp_path / "audit.jsonl")
    on = build_report(audit=log, policies=[_policy(tmp_path, "secrets: {env: [GITHUB_TOKEN]}\n")])
    line = next(c for c in on.global_controls if c.startswith("known secrets"))
    assert line.startswith("known secrets: 1 env var(s) named, 0 file(s)"), line
    assert "*_TOKEN" in line and "env_credentials on" in line, line
    off = build_report(
        audit=log, policies=[_policy(tmp_path, "secrets: {env_credentials: false}\n")]
    )
    line = next(c for c in off.global_controls if c.startswith("known secrets"))
    assert "env_credentials off" in line and "*_TOKEN" not in line, line


def test_remote_entries_are_not_listed_as_uncovered(tmp_path: Path) -> None:
    md = render_markdown(build_report(audit=_log(tmp_path / "audit.jsonl")))
    covers = md[md.index("## 4. What cordon covers") : md.index("## 5.")]
    assert "remote HTTP/SSE entries, or" not in covers
    assert "`cordon run --url`" in covers and "`cordon init`" in covers
