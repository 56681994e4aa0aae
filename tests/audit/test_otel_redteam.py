"""OpenTelemetry spans carry names the adversary wrote (a fooled agent calls any tool name,
planted text names a destination): each attribute is bounded, so one call cannot put
hundreds of kilobytes on every span a collector stores, and what does not show as itself
(a control, a format character) is written as an escape in a trace viewer."""

from __future__ import annotations

from pathlib import Path

import pytest

from cordon.audit.log import AuditLog, record_for_call


def test_span_attributes_are_bounded(tmp_path: Path) -> None:
    sdk = pytest.importorskip("opentelemetry.sdk.trace")
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    exporter = InMemorySpanExporter()
    provider = sdk.TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    log = AuditLog(tmp_path / "a.jsonl", tracer=provider.get_tracer("test"))
    name = "x" * 200_000 + "_END"
    rec = record_for_call(
        session="s1",
        server="fs",
        tool=name,
        arguments={},
        verdict="deny",
        rule="pin.unknown_tool",
        reason="not listed",
    )
    log.write({**rec, "destination": "a" * 100_000 + "\u200b.attacker.example"})
    (span,) = exporter.get_finished_spans()
    attrs = dict(span.attributes or {})
    assert max(len(str(v)) for v in attrs.values()) <= 512, {
        k: len(str(v)) for k, v in attrs.items()
    }
    assert str(attrs["cordon.tool"]).endswith("_END")  # the end is kept
    assert str(attrs["cordon.destination"]).endswith(".attacker.example")
    assert "\u200b" not in str(attrs["cordon.destination"])
