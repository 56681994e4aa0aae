"""A ``cordon.verdict`` span names the audit record it stands for (``cordon.audit.seq``), so
an engineer who finds a deny in a trace can go to that record (``cordon explain SEQ``, the
hash-chained evidence); the span carried server, session, tool and rule only, which many
records share."""

from __future__ import annotations

from pathlib import Path

import pytest

from cordon.audit.log import AuditLog, record_for_call


def test_a_verdict_span_names_its_audit_record(tmp_path: Path) -> None:
    sdk = pytest.importorskip("opentelemetry.sdk.trace")
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    exporter = InMemorySpanExporter()
    provider = sdk.TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    log = AuditLog(tmp_path / "a.jsonl", tracer=provider.get_tracer("test"))
    log.start(version="0.1.0", policy_hash="0" * 64, server="mail", session="s1")
    written = []
    for to in ("a@x.example", "b@x.example"):
        written.append(
            log.write(
                record_for_call(
                    session="s1",
                    server="mail",
                    tool="send_email",
                    arguments={"to": to},
                    verdict="deny",
                    rule="taint.seen_in_output",
                    reason="seen",
                )
            )
        )
    log.close()
    seqs = [dict(s.attributes or {}).get("cordon.audit.seq") for s in exporter.get_finished_spans()]
    assert seqs == [rec["seq"] for rec in written] == [2, 3], (seqs, written)
