"""Audit: the hash-chained append-only log, verification, the review pack, OpenTelemetry.

Importing this package stays cheap (no typer, rich or OpenTelemetry): the proxy imports it on
start-up. ``cordon.audit.commands`` and ``cordon.audit.report`` are imported by the CLI only.
"""

from cordon.audit.log import (
    GENESIS,
    MAX_ARG_BYTES,
    AuditLog,
    VerifyResult,
    chain_files,
    default_audit_path,
    iter_records,
    record_for_call,
    sanitize,
    verify,
)

__all__ = [
    "GENESIS",
    "MAX_ARG_BYTES",
    "AuditLog",
    "VerifyResult",
    "chain_files",
    "default_audit_path",
    "iter_records",
    "record_for_call",
    "sanitize",
    "verify",
]
