"""OpenTelemetry: verdicts become `cordon.verdict` spans; nothing is imported when unconfigured."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cordon.audit.log import AuditLog, record_for_call
from cordon.audit.otel import SPAN_NAME, maybe_tracer, otel_requested


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, False),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://localhost:4318"}, True),
        ({"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://localhost:4318/v1/traces"}, True),
        ({"OTEL_TRACES_EXPORTER": "console"}, True),
        ({"OTEL_TRACES_EXPORTER": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://x"}, False),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://x", "OTEL_SDK_DISABLED": "true"}, False),
        ({"OTEL_SERVICE_NAME": "cordon"}, False),  # near miss: not a request for traces
    ],
)
def test_otel_requested(env: dict[str, str], expected: bool) -> None:
    assert otel_requested(env) is expected


def test_no_import_when_unconfigured(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_")}
    code = (
        "import sys\n"
        "from cordon.audit.log import AuditLog\n"
        f"log = AuditLog({str(tmp_path / 'a.jsonl')!r})\n"
        "log.write({'kind': 'verdict', 'tool': 't', 'verdict': 'allow', 'rule': 'r'})\n"
        "assert log._tracer is None\n"
        "assert not any(m.startswith('opentelemetry') for m in sys.modules), 'imported otel'\n"
    )
    src = str(Path(__file__).resolve().parents[2] / "src")
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    subprocess.run([sys.executable, "-c", code], check=True, env=env, timeout=30)


def test_maybe_tracer_none_without_env() -> None:
    assert maybe_tracer({}) is None


def test_verdicts_become_spans(tmp_path: Path) -> None:
    sdk = pytest.importorskip("opentelemetry.sdk.trace")
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    exporter = InMemorySpanExporter()
    provider = sdk.TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    log = AuditLog(tmp_path / "a.jsonl", tracer=provider.get_tracer("test"))
    log.start(version="0.1.0", policy_hash="0" * 64, server="fs", session="s1")
    log.write(
        record_for_call(
            session="s1",
            server="fs",
            tool="write_file",
            arguments={"path": "/etc/passwd", "content": "x"},
            verdict="deny",
            rule="arg.path_prefix",
            reason="outside",
        )
    )
    log.write({"kind": "content", "tool": "read_file", "rules": ["inj.override"]})  # not a verdict
    spans = exporter.get_finished_spans()
    assert [s.name for s in spans] == [SPAN_NAME]
    attrs = dict(spans[0].attributes or {})
    assert attrs["cordon.tool"] == "write_file"
    assert attrs["cordon.verdict"] == "deny"
    assert attrs["cordon.rule"] == "arg.path_prefix"
    assert attrs["cordon.server"] == "fs"
    assert (attrs["mcp.method.name"], attrs["gen_ai.tool.name"]) == ("tools/call", "write_file")
    assert "/etc/passwd" not in str(attrs)  # arguments never go on spans


def test_a_decided_client_request_is_a_span_of_its_method(tmp_path: Path) -> None:
    sdk = pytest.importorskip("opentelemetry.sdk.trace")
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    exporter = InMemorySpanExporter()
    provider = sdk.TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    log = AuditLog(tmp_path / "a.jsonl", tracer=provider.get_tracer("test"))
    log.start(version="0.1.0", policy_hash="0" * 64, server="docs", session="s1")
    uri = "https://x.evil.example/page?d=notes"
    log.write(
        record_for_call(
            session="s1",
            server="docs",
            tool="resources/read",
            arguments={"uri": uri},
            verdict="deny",
            rule="taint.seen_in_output",
            reason="seen in output",
            method="resources/read",
        )
    )
    attrs = dict(exporter.get_finished_spans()[0].attributes or {})
    assert attrs["mcp.method.name"] == "resources/read"
    assert "gen_ai.tool.name" not in attrs  # not a tool
    assert uri not in str(attrs)


def test_console_exporter_from_env(tmp_path: Path) -> None:
    pytest.importorskip("opentelemetry.sdk.trace")
    env = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_")}
    env["OTEL_TRACES_EXPORTER"] = "console"
    code = (
        "from cordon.audit.log import AuditLog\n"
        f"log = AuditLog({str(tmp_path / 'a.jsonl')!r})\n"
        "log.write({'kind': 'verdict', 'tool': 'echo', 'verdict': 'allow', 'rule': 'r.x'})\n"
        "log.close()\n"
    )
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2] / "src")
    out = subprocess.run(
        [sys.executable, "-c", code],
        check=True,
        env=env,
        timeout=30,
        capture_output=True,
        text=True,
    )
    # on stderr: `cordon run`'s stdout is the JSON-RPC stream
    assert '"name": "cordon.verdict"' in out.stderr
    assert '"cordon.tool": "echo"' in out.stderr
    assert "cordon.verdict" not in out.stdout
