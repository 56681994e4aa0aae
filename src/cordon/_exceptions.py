"""cordon's exception hierarchy.

::

    CordonError
    ├── PolicyError          a policy file is invalid (carries file, line, key; every problem)
    ├── ProtocolError        a JSON-RPC frame cordon refuses (carries a JSON-RPC code)
    │   ├── FramingError     not a single JSON object: batch, bad JSON, bad UTF-8
    │   ├── OversizeError    over the size or nesting-depth cap
    │   └── DuplicateKeyError  a JSON object repeats a key
    ├── UpstreamError        the upstream server died or misbehaved
    ├── ApprovalError        the approval store or an approval flow failed
    ├── AuditError           the audit log cannot be written or does not verify
    └── Blocked              a library-API call was denied or not approved (carries rule, reason)

A deny in the engine is a :class:`cordon.Verdict`, not an exception; ``Blocked`` is raised
only by the library gateway, which runs handlers on allow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


class CordonError(Exception):
    """Base class of every error cordon raises on purpose."""


@dataclass(frozen=True)
class PolicyProblem:
    """One problem of a policy: its message and, when known, its file, line and key."""

    message: str
    file: str | None = None
    line: int | None = None
    key: str | None = None

    def __str__(self) -> str:
        where = ":".join(str(p) for p in (self.file, self.line) if p is not None)
        prefix = f"{where}: " if where else ""
        keypart = f"{self.key}: " if self.key else ""
        return f"{prefix}{keypart}{self.message}"


class PolicyError(CordonError):
    """A policy is invalid. ``file``, ``line`` and ``key`` locate the problem when known.

    ``problems`` lists every problem found, in file order and by line within a file (one for
    most errors: a YAML syntax error or an unreadable file stops there). With several,
    ``file``, ``line`` and ``key`` are the first one's, and ``message`` (and ``str()``) is a
    count, then one line per problem, each ``FILE:LINE: KEY: MESSAGE``.
    """

    problems: tuple[PolicyProblem, ...]

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        key: str | None = None,
    ) -> None:
        self.file, self.line, self.key, self.message = file, line, key, message
        self.problems = (PolicyProblem(message, file, line, key),)
        super().__init__(str(self.problems[0]))

    @classmethod
    def of(cls, problems: Sequence[PolicyProblem]) -> PolicyError:
        """One error for ``problems`` (at least one), listing every one of them."""
        if not problems:
            raise ValueError("a PolicyError needs at least one problem")
        first = problems[0]
        if len(problems) == 1:
            return cls(first.message, file=first.file, line=first.line, key=first.key)
        files = list(dict.fromkeys(p.file for p in problems if p.file is not None))
        where = f" in {files[0]}" if len(files) == 1 else f" in {len(files)} files"
        text = f"{len(problems)} errors{where if files else ''}:" + "".join(
            f"\n  {p}" for p in problems
        )
        exc = cls(text)
        exc.file, exc.line, exc.key = first.file, first.line, first.key
        exc.problems = tuple(problems)
        return exc


class ProtocolError(CordonError):
    """A frame cordon refuses. ``code`` is the JSON-RPC error code to answer with."""

    code: int = -32600

    def __init__(self, message: str, *, code: int | None = None) -> None:
        if code is not None:
            self.code = code
        super().__init__(message)


class FramingError(ProtocolError):
    """Not exactly one JSON object per line (batch array, malformed JSON, invalid UTF-8)."""


class OversizeError(ProtocolError):
    """A frame over the size cap or the nesting-depth cap."""


class DuplicateKeyError(ProtocolError):
    """A JSON object repeats a key; parsers disagree on which wins, so cordon refuses it."""


class UpstreamError(CordonError):
    """The upstream MCP server exited or sent something cordon cannot relay."""


class ApprovalError(CordonError):
    """The approval store is unreadable, or an approval flow cannot complete."""


class AuditError(CordonError):
    """The audit log cannot be written, or its hash chain does not verify."""


class Blocked(CordonError):  # noqa: N818 - the name reads as the outcome, by design
    """Raised by the library gateway when a call is denied or an ask is not approved."""

    def __init__(self, rule: str, reason: str) -> None:
        self.rule, self.reason = rule, reason
        super().__init__(f"{rule}: {reason}")
