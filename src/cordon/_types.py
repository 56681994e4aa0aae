"""Core value types shared by every layer: calls, verdicts, findings.

All are frozen, keyword-only dataclasses so that the engine stays a pure function
from data to data (docs/internals.md: the engine is pure).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

VerdictKind = Literal["allow", "deny", "ask"]
Severity = Literal["low", "medium", "high", "critical"]

SEVERITY_ORDER: dict[str, int] = {"low": 1, "medium": 2, "high": 3, "critical": 4}


def severity_at_least(severity: str, threshold: str) -> bool:
    """True when ``severity`` ranks at or above ``threshold`` (low < medium < high < critical).

    Raises:
        KeyError: an unknown severity name.
    """
    return SEVERITY_ORDER[severity] >= SEVERITY_ORDER[threshold]


@dataclass(frozen=True, kw_only=True, slots=True)
class Call:
    """One tools/call as cordon sees it.

    Attributes:
        tool: the tool name from ``params.name``.
        arguments: ``params.arguments`` (a JSON object; ``{}`` when absent).
        server: the logical server name (``--name``), used for approvals and cross-server taint.
    """

    tool: str
    arguments: dict[str, Any]
    server: str = "default"


@dataclass(frozen=True, kw_only=True, slots=True)
class Verdict:
    """The engine's answer for one call.

    Attributes:
        verdict: ``"allow"``, ``"deny"`` or ``"ask"``.
        rule: a stable rule id such as ``pin.unknown_tool`` or ``taint.seen_in_output``;
            ``"allow"`` verdicts with no rule use ``"default.allow"``.
        reason: one human sentence; never repeats untrusted payloads verbatim.
        param: the argument name the verdict is about, when there is one.
        destination: the normalised destination the verdict is about, when there is one.
        destinations: every destination found in the call's sink arguments (normalised).
        details: extra structured data for the audit log (changed fields, findings...).
        arguments: the arguments to run the call with, from ``Session.check`` and
            ``Gateway.check`` when the verdict is not a deny: a private JSON copy of those
            checked (the caller's dict may change after the check; the decision does not),
            each relative or ``~`` path the check confined made absolute
            (:mod:`cordon.engine.anchored_paths`). None otherwise. Not in ``repr`` (it may
            hold a secret) nor in equality.
    """

    verdict: VerdictKind
    rule: str
    reason: str
    param: str | None = None
    destination: str | None = None
    destinations: tuple[str, ...] = ()
    details: dict[str, Any] = field(default_factory=dict)
    arguments: dict[str, Any] | None = field(default=None, repr=False, compare=False)

    @property
    def allowed(self) -> bool:
        return self.verdict == "allow"


ALLOW = Verdict(verdict="allow", rule="default.allow", reason="no rule objected")


@dataclass(frozen=True, kw_only=True, slots=True)
class Finding:
    """One content-scanner match.

    Attributes:
        rule: rule id, e.g. ``inj.override``.
        category: ``injection``, ``tool_hijack``, ``exfiltration``, ``secrets``,
            ``obfuscation`` or ``supply_chain``.
        severity: ``low`` .. ``critical``.
        span: ``(start, end)`` character offsets in the *original* text (end exclusive).
        path: JSON-pointer-like location inside a result or definition (``""`` for plain text).
        evidence: a masked, neutralised excerpt safe to show a model or log.
    """

    rule: str
    category: str
    severity: Severity
    span: tuple[int, int]
    path: str = ""
    evidence: str = ""
