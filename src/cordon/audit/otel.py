"""OpenTelemetry: every verdict becomes a ``cordon.verdict`` span (issue 7, "OpenTelemetry").

Active only when the ``otel`` extra is installed *and* the standard environment asks for traces:
``OTEL_EXPORTER_OTLP_ENDPOINT``, ``OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`` or
``OTEL_TRACES_EXPORTER`` (``otlp`` or ``console``; ``none`` turns it off), and
``OTEL_SDK_DISABLED`` is not ``true``. Otherwise :func:`maybe_tracer` returns None without
importing OpenTelemetry, so the proxy pays nothing.

Span attributes: ``cordon.tool``, ``cordon.verdict``, ``cordon.rule``, ``cordon.server``,
``cordon.session``, ``mcp.method.name`` (OpenTelemetry MCP semantic conventions: ``tools/call``,
or the client request decided: ``resources/read``, ``prompts/get`` ...) and, for a call,
``gen_ai.tool.name`` (GenAI semantic conventions) for collectors that group by it,
``cordon.destination`` when the verdict names one, and ``cordon.audit.seq``: the ``seq`` of the
audit record the span stands for (``cordon explain SEQ``). Argument values are never put on
spans.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping
from typing import Any

__all__ = ["SPAN_NAME", "emit_verdict_span", "maybe_tracer", "otel_requested"]

SPAN_NAME = "cordon.verdict"
_log = logging.getLogger("cordon.audit")
_provider: Any = None  # the TracerProvider we installed, if any


def otel_requested(env: Mapping[str, str] | None = None) -> bool:
    """True when the OTEL_* environment asks for traces (see the module docstring)."""
    env = os.environ if env is None else env
    if env.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return False
    exporter = env.get("OTEL_TRACES_EXPORTER", "").strip().lower()
    if exporter == "none":
        return False
    return bool(
        exporter
        or env.get("OTEL_EXPORTER_OTLP_ENDPOINT")
        or env.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
    )


def _make_exporter(kind: str) -> Any:
    if kind == "console":
        from opentelemetry.sdk.trace.export import ConsoleSpanExporter

        # stderr: `cordon run`'s stdout is the JSON-RPC stream the client reads, and an
        # indented span between its frames is a line the client cannot parse
        return ConsoleSpanExporter(out=sys.stderr)
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

    return OTLPSpanExporter()  # reads OTEL_EXPORTER_OTLP_* itself


def maybe_tracer(env: Mapping[str, str] | None = None) -> Any | None:
    """Return an OpenTelemetry ``Tracer`` for cordon, or None when not configured.

    Uses the global tracer provider when the application already set one; otherwise installs
    an SDK ``TracerProvider`` with a batch processor and the exporter named by
    ``OTEL_TRACES_EXPORTER`` (``otlp`` by default, or ``console``). A missing package is
    logged once and gives None: telemetry never stops the proxy.
    """
    global _provider
    env = os.environ if env is None else env
    if not otel_requested(env):
        return None
    try:
        from opentelemetry import trace
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor
    except ImportError:
        _log.warning(
            "OTEL_* is set but the otel extra is not installed: pip install mcp-cordon[otel]"
        )
        return None
    current = trace.get_tracer_provider()
    if _provider is None and not isinstance(current, TracerProvider):
        kind = env.get("OTEL_TRACES_EXPORTER", "otlp").split(",")[0].strip().lower() or "otlp"
        try:
            exporter = _make_exporter(kind)
        except ImportError:
            _log.warning("the OTLP exporter is not installed: pip install mcp-cordon[otel]")
            return None
        resource = Resource.create({"service.name": env.get("OTEL_SERVICE_NAME", "cordon")})
        _provider = TracerProvider(resource=resource)
        _provider.add_span_processor(BatchSpanProcessor(exporter))
        trace.set_tracer_provider(_provider)
    from cordon import __version__

    return trace.get_tracer("cordon", __version__)


#: the most characters of one span attribute: a tool's name and a destination are the
#: adversary's text (a fooled agent calls any name), and a collector stores every span
_MAX_ATTR = 512


def _attr(value: Any) -> str:
    """``value`` as a span attribute: at most :data:`_MAX_ATTR` characters, its start and
    its end (a destination's registered domain is its end), every character that would not
    show as itself in a trace viewer (a control, a zero-width or bidi character) escaped."""
    from cordon.approvals.display import clipped

    return clipped(str(value), _MAX_ATTR - 64)  # (room for the note of the cut)


def emit_verdict_span(tracer: Any, record: Mapping[str, Any]) -> None:
    """Record one finished ``cordon.verdict`` span for a verdict record (no arguments)."""
    attrs: dict[str, str | int] = {
        "cordon.tool": _attr(record.get("tool", "")),
        "cordon.verdict": _attr(record.get("verdict", "")),
        "cordon.rule": _attr(record.get("rule", "")),
        "cordon.server": _attr(record.get("server", "")),
        "cordon.session": _attr(record.get("session", "")),
        "mcp.method.name": _attr(record.get("method") or "tools/call"),
    }
    if not record.get("method"):  # a client request that is not a call names no tool
        attrs["gen_ai.tool.name"] = attrs["cordon.tool"]
    if record.get("destination"):
        attrs["cordon.destination"] = _attr(record["destination"])
    seq = record.get("seq")
    if isinstance(seq, int) and not isinstance(seq, bool):
        # the audit record the span stands for: a trace's deny leads to `cordon explain SEQ`
        # and to the hash-chained record, the evidence (the span is not)
        attrs["cordon.audit.seq"] = seq
    span = tracer.start_span(SPAN_NAME, attributes=attrs)
    span.end()


def flush() -> None:
    """Flush spans of the provider :func:`maybe_tracer` installed (no-op otherwise)."""
    if _provider is not None:
        _provider.force_flush()
