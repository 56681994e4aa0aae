"""The review pack: ``cordon report`` (issue 7, "Review pack").

:func:`build_report` reads an audit log (streaming, following rotation), the policy file(s) and
optionally a saved ``tools/list`` result, and returns a :class:`ReportData`;
:func:`render_markdown` and :func:`render_html` turn it into the pack. The HTML is
self-contained (inline CSS and SVG charts; no scripts, fonts or CDN).

Record shapes read (written by ``cordon.proxy.relay`` through :class:`~cordon.audit.AuditLog`):
``kind`` = ``start`` (version, policy_hash), ``verdict`` (tool, verdict, rule, destination(s),
``answer`` when an ask was answered), ``approval`` (tool, rule, channel, answer), ``pin``
(rule ``pin.changed`` with ``details.changed_fields``), ``content`` (where, tool, rules,
action, max_severity) and ``frame_refused``.

The OWASP list is the "OWASP Top 10 for LLM Applications 2025" (LLM01:2025 .. LLM10:2025,
genai.owasp.org). AIUC-1 control ids and titles are as published on aiuc-1.com (A003, A004,
B002, B005, B006, B009, D003, E015); the mapping is ours and says where it is unsure.
"""

from __future__ import annotations

import html
import math
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson

from cordon.audit.log import VerifyResult, iter_records, verify
from cordon.audit.query import filter_records

__all__ = [
    "AIUC1_MAP",
    "OWASP_LLM_2025",
    "ControlRow",
    "MapItem",
    "ReportData",
    "build_report",
    "render_html",
    "render_markdown",
]


# -- mappings --------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class MapItem:
    """One framework item and how cordon relates to it.

    Attributes:
        id: e.g. ``LLM01:2025`` or ``D003``.
        title: the framework's title for the item.
        coverage: ``partial``, ``supporting`` or ``not covered`` (never "full": a proxy cannot
            fully address any of these on its own).
        controls: what cordon does about it.
        evidence: rule-id prefixes and record kinds whose counts in the log are evidence.
        operator: what is left to the operator.
        unsure: a note when the mapping is a judgement call.
    """

    id: str
    title: str
    coverage: str
    controls: str
    evidence: tuple[str, ...]
    operator: str
    unsure: str = ""


OWASP_LLM_2025: tuple[MapItem, ...] = (
    MapItem(
        id="LLM01:2025",
        title="Prompt Injection",
        coverage="partial",
        controls="Tool results and tool descriptions are scanned for injection patterns; values "
        "seen in untrusted output cannot reach a sending parameter without approval (taint); "
        "the Rule of Two gate; pinning stops a definition from changing after approval.",
        evidence=("content.", "kind:content", "taint.", "trifecta.", "rule_of_two.", "pin."),
        operator="cordon cannot stop the model from being persuaded; it limits what a persuaded "
        "model can do through MCP. Pattern detection can be worded around. Keep tools "
        "least-privilege and review asks carefully.",
    ),
    MapItem(
        id="LLM02:2025",
        title="Sensitive Information Disclosure",
        coverage="partial",
        controls="Known secrets (from env vars and files named in the policy) are matched in "
        "outgoing arguments; sending tools are held to destination allowlists; egress policy.",
        evidence=("secret.", "secrets.", "egress.", "taint.", "sink."),
        operator="cordon is not DLP: unknown secrets, personal data and data sent to an allowed "
        "destination pass. Data the model provider sees is out of scope.",
    ),
    MapItem(
        id="LLM03:2025",
        title="Supply Chain",
        coverage="partial",
        controls="Tool definitions are pinned (SHA-256 over canonical JSON) and a changed or new "
        "tool is hidden and denied (rug pull); descriptions are scanned for poisoning.",
        evidence=("pin.", "kind:pin", "content.poisoned_definition"),
        operator="Vet and pin server packages (exact versions), review what `cordon pin accept` "
        "re-approves, and keep packs checked against live servers.",
    ),
    MapItem(
        id="LLM04:2025",
        title="Data and Model Poisoning",
        coverage="not covered",
        controls="None: training and fine-tuning data are outside an MCP proxy's view.",
        evidence=(),
        operator="Entirely the operator's and model provider's.",
    ),
    MapItem(
        id="LLM05:2025",
        title="Improper Output Handling",
        coverage="partial",
        controls="Model-produced tool arguments are validated before they reach a tool: path "
        "prefixes (symlinks resolved), full-match argument patterns, numeric caps, SSRF/egress "
        "checks, option-injection checks for tools that run programs.",
        evidence=("arg.", "args.", "path.", "egress.", "action."),
        operator="Only arguments of MCP tool calls are checked; other places that consume model "
        "output (rendered HTML, shell, SQL outside MCP) need their own validation.",
    ),
    MapItem(
        id="LLM06:2025",
        title="Excessive Agency",
        coverage="partial",
        controls="Unknown tools denied; per-tool call budgets (0 forbids a tool); argument rules; "
        "destructive and sending actions ask a person; every verdict logged.",
        evidence=("pin.unknown_tool", "budget.", "arg.", "action.", "scope.", "kind:approval"),
        operator="Give servers least-privilege credentials; decide which tools need asks; an "
        "agent with a shell or raw network access is not contained by cordon.",
    ),
    MapItem(
        id="LLM07:2025",
        title="System Prompt Leakage",
        coverage="supporting",
        controls="Server instructions are scanned; secrets listed in the policy are caught in "
        "outgoing arguments.",
        evidence=("secret.", "secrets.", "kind:content"),
        operator="cordon never sees the client's system prompt; keep secrets out of prompts.",
        unsure="Only indirectly related: cordon guards tool traffic, not the prompt.",
    ),
    MapItem(
        id="LLM08:2025",
        title="Vector and Embedding Weaknesses",
        coverage="not covered",
        controls="None beyond scanning retrieval results returned through MCP tools.",
        evidence=("kind:content",),
        operator="Access control and provenance in the vector store.",
    ),
    MapItem(
        id="LLM09:2025",
        title="Misinformation",
        coverage="not covered",
        controls="None.",
        evidence=(),
        operator="Entirely the operator's.",
    ),
    MapItem(
        id="LLM10:2025",
        title="Unbounded Consumption",
        coverage="partial",
        controls="Per-session call budgets, numeric caps on arguments, message size and nesting "
        "caps on every frame.",
        evidence=("budget.", "kind:frame_refused"),
        operator="Token and cost limits, rate limits over time and across sessions.",
    ),
)

AIUC1_MAP: tuple[MapItem, ...] = (
    MapItem(
        id="D003",
        title="Restrict unsafe tool calls",
        coverage="partial",
        controls="Tool allowlist by pinning, parameter validation before execution, per-tool "
        "call caps, human approval for sensitive operations, a log of every tool call.",
        evidence=("pin.", "arg.", "budget.", "action.", "kind:approval"),
        operator="Rate limits over time, periodic review of tool permissions, retiring unused "
        "tools.",
    ),
    MapItem(
        id="B006",
        title="Prevent unauthorized AI agent actions",
        coverage="partial",
        controls="Calls outside the pinned tool set or outside argument rules are denied; "
        "required scopes; asks for destructive actions.",
        evidence=("pin.unknown_tool", "scope.", "arg.", "action."),
        operator="Identity and access management of the agent and its servers.",
    ),
    MapItem(
        id="E015",
        title="Log AI system activity",
        coverage="partial",
        controls="Append-only JSON Lines log, SHA-256 hash chain across rotated files, a start "
        "record naming version and policy hash, approval records with their answers.",
        evidence=("kind:start", "kind:verdict", "kind:approval"),
        operator="Retention, access control and an off-host copy of the log (and of its last "
        "hash: cutting lines off the end is not detectable from the file alone). Tool "
        "outputs are not logged in full.",
    ),
    MapItem(
        id="B002",
        title="Detect adversarial input",
        coverage="partial",
        controls="Pattern-based detection of injection in tool results and definitions.",
        evidence=("content.", "kind:content"),
        operator="User prompts are not scanned; detection is pattern-based and can be evaded.",
        unsure="AIUC-1 frames this around inputs to the AI system; tool output is one such "
        "input, user prompts are another that cordon does not see.",
    ),
    MapItem(
        id="B005",
        title="Implement real-time input filtering",
        coverage="supporting",
        controls="Content findings in tool results can be blocked or sanitised in real time "
        "(content mode warn/block).",
        evidence=("kind:content",),
        operator="Moderation of user input (violence, hate, self-harm) is not in scope.",
        unsure="The control is about moderation tools; cordon's rules target injection and "
        "exfiltration, not harmful content categories.",
    ),
    MapItem(
        id="A003",
        title="Limit AI agent data collection (contextual data safeguards)",
        coverage="supporting",
        controls="Path prefixes and sensitive-path rules limit what file tools can read.",
        evidence=("arg.", "path.", "sensitive."),
        operator="Role-based access to data sources; task-scoped credentials.",
        unsure="Partial at best: cordon limits tool arguments, not the data a tool returns.",
    ),
    MapItem(
        id="A004",
        title="Protect IP and trade secrets",
        coverage="supporting",
        controls="Known secrets caught in outgoing arguments; destination allowlists on sending "
        "tools.",
        evidence=("secret.", "secrets.", "taint."),
        operator="cordon is not DLP; classification of IP is the operator's.",
    ),
    MapItem(
        id="B009",
        title="Limit output over-exposure",
        coverage="not covered",
        controls="None: cordon does not filter what the model shows users.",
        evidence=(),
        operator="Output filtering in the client or application.",
        unsure="Listed so the gap is explicit.",
    ),
)

COVERS: tuple[str, ...] = (
    "Every tools/call through `cordon run` is decided (allow, deny, ask) before it is "
    "forwarded; a denied call never reaches the server.",
    "Tool pinning: unknown, added or changed tools (rug pulls) are hidden and denied.",
    "Argument rules: path prefixes with symlinks resolved, full-match patterns, numeric caps, "
    "call budgets.",
    "Taint: values seen in untrusted tool output cannot be sent to a sink without approval "
    "or an allowlist entry; the Rule of Two.",
    "Content rules on tool results, tool descriptions and server instructions.",
    "A hash-chained audit log of every verdict and every answer to an ask.",
)

DOES_NOT: tuple[str, ...] = (
    "cordon is not a sandbox: an agent with a shell, code execution or raw network access "
    "can go around any MCP proxy.",
    "cordon is not DLP: secrets it was not told about, personal data and data sent to an "
    "allowed destination are not caught.",
    "A hostname that resolves to a private IP address is not caught (no DNS look-ups decide "
    "verdicts, by design: verdicts are deterministic).",
    "Content detection is pattern-based and can be worded around; treat findings as signals, "
    "not proof of absence.",
    "Servers not launched through `cordon run` (remote HTTP/SSE entries, or entries not "
    "wrapped by `cordon init`) are not covered.",
    "The audit chain has no secret key: someone who can rewrite the whole file, or cut lines "
    "off its end, is caught only against an externally recorded last hash.",
)


# -- data --------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class ControlRow:
    """Controls in force for one tool.

    Attributes:
        server: the server that listed or was called with the tool, or ``(policy)`` for a
            policy entry no server in the log is known to have listed or been called with.
        tool: the tool name.
        controls: human descriptions of the tool's policy controls (empty: none).
        seen: how the log knows the tool: ``listed`` (a tools/list named it: pin, definition
            or ``policy.unknown_tool`` records, or the tools file), ``called``, ``listed,
            called``; for ``(policy)`` rows ``not listed by S (likely typo)`` or ``not seen
            in this log`` (the log does not record whole tools/list results).
    """

    server: str
    tool: str
    controls: tuple[str, ...]
    seen: str = ""


@dataclass(frozen=True, kw_only=True, slots=True)
class ReportData:
    """Everything the pack shows; built by :func:`build_report`. Counts are record counts."""

    generated: str
    audit_path: Path
    since: str | None
    until: str | None
    chain: VerifyResult
    total_records: int
    first_ts: str | None
    last_ts: str | None
    sessions: int
    starts: tuple[dict[str, Any], ...]
    verdict_counts: dict[str, int]
    rule_counts: tuple[tuple[str, str, int], ...]  # (rule, verdict, count), most first
    denied_destinations: tuple[tuple[str, int, str], ...]  # (destination, count, rules)
    asks: tuple[tuple[str, str, str, int], ...]  # (tool, rule, answer, count)
    rug_pulls: tuple[dict[str, Any], ...]
    content_findings: tuple[tuple[str, str, str, str, int], ...]  # where, tool, rules, action, n
    frames_refused: int
    timeline: tuple[tuple[str, int, int, int], ...]  # (bucket start ts, allow, deny, ask)
    bucket_seconds: int
    policy_files: tuple[str, ...]
    policy_note: str
    global_controls: tuple[str, ...]
    controls: tuple[ControlRow, ...]
    findings: tuple[str, ...]
    evidence: dict[str, int] = field(default_factory=dict)  # evidence key -> count

    def evidence_for(self, item: MapItem) -> list[tuple[str, int]]:
        """``(evidence key, count)`` for an item's keys that occur in the log."""
        return [(k, self.evidence[k]) for k in item.evidence if self.evidence.get(k)]


def _ts_epoch(ts: str) -> float | None:
    try:
        return datetime.fromisoformat(ts[:23]).replace(tzinfo=UTC).timestamp()
    except (ValueError, TypeError):
        return None


def _fmt_ts(t: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


_NICE_BUCKETS = (1, 5, 15, 60, 300, 900, 1800, 3600, 6 * 3600, 86400, 7 * 86400, 30 * 86400)


def _timeline(points: list[tuple[float, str]]) -> tuple[tuple[tuple[str, int, int, int], ...], int]:
    if not points:
        return (), 0
    lo = min(p[0] for p in points)
    hi = max(p[0] for p in points)
    span = max(hi - lo, 1.0)
    size = next((b for b in _NICE_BUCKETS if span / b <= 48), _NICE_BUCKETS[-1])
    start = math.floor(lo / size) * size
    n = int((hi - start) // size) + 1
    buckets = [[0, 0, 0] for _ in range(n)]
    index = {"allow": 0, "deny": 1, "ask": 2}
    for t, verdict in points:
        if verdict in index:
            buckets[int((t - start) // size)][index[verdict]] += 1
    return (
        tuple((_fmt_ts(start + i * size), a, d, k) for i, (a, d, k) in enumerate(buckets)),
        size,
    )


def _load_tools(path: Path) -> list[tuple[str, list[str]]]:
    """Read a saved tools/list or a ``--pin-file`` of ``cordon run``.

    A tools/list is ``{"tools": [...]}``, ``{"result": {"tools": [...]}}`` or a list; a pin
    file is ``{"servers": {server: {"tools": {name: definition}}}}`` (the first complete
    tools/list of each server, as pinned).

    Returns:
        ``[(server label, tool names), ...]``: for a tools/list one pair whose label is
        ``server`` in the file or the file's stem; for a pin file one pair per server.

    Raises:
        ValueError: the file is neither shape (or not JSON).
    """
    data = orjson.loads(path.read_bytes())
    server = path.stem
    if isinstance(data, dict) and isinstance(data.get("servers"), dict):
        return [
            (str(name), [str(t) for t in (entry.get("tools") or {})])
            for name, entry in data["servers"].items()
            if isinstance(entry, dict) and isinstance(entry.get("tools") or {}, dict)
        ]
    if isinstance(data, dict):
        server = str(data.get("server", server))
        if isinstance(data.get("result"), dict):
            data = data["result"]
        data = data.get("tools", [])
    if not isinstance(data, list):
        raise ValueError(f"{path}: expected a tools/list result or a cordon pin file")
    names = [str(t["name"]) for t in data if isinstance(t, dict) and "name" in t]
    return [(server, names)]


def _describe_tool(tp: Any) -> list[str]:
    """Human descriptions of one ToolPolicy's (or raw dict's) controls."""
    get = (lambda k: tp.get(k)) if isinstance(tp, dict) else (lambda k: getattr(tp, k, None))
    out: list[str] = []
    if get("max_calls") is not None:
        mc = get("max_calls")
        out.append("forbidden (max_calls 0)" if mc == 0 else f"at most {mc} calls per session")
    if get("path_params"):
        if get("allowed_path_prefixes"):
            prefixes = ", ".join(get("allowed_path_prefixes"))
            out.append(f"paths in {', '.join(get('path_params'))} confined under {prefixes}")
        else:
            out.append(
                f"paths in {', '.join(get('path_params'))} resolved (relative ones refused) "
                "but NOT confined: no allowed_path_prefixes"
            )
    if get("base_dir"):
        out.append(f"relative paths resolve in {get('base_dir')}")
    if get("arg_patterns"):
        out.append("patterns on " + ", ".join(sorted(get("arg_patterns"))))
    if get("max_value"):
        out.append("caps: " + ", ".join(f"{k} <= {v:g}" for k, v in get("max_value").items()))
    if get("exfiltrating") or get("sink_params"):
        sinks = ", ".join(get("sink_params") or ()) or "auto-detected"
        allow = ", ".join(get("trusted_destinations") or ()) or "no tool allowlist"
        out.append(f"sending tool (sinks: {sinks}; {allow})")
    if get("required_scopes"):
        out.append("scopes: " + ", ".join(get("required_scopes")))
    legs = [k for k in ("sensitive", "untrusted_output", "egress") if get(k)]
    if legs:
        out.append("Rule of Two legs: " + ", ".join(legs))
    if get("executes"):
        out.append("runs programs (option-injection rules)")
    if get("destructive"):
        out.append("destructive (asks)")
    if get("requires_request"):
        out.append("asked unless the user's request matches: " + ", ".join(get("requires_request")))
    if get("vouched_params"):
        out.append(
            "values of "
            + ", ".join(get("vouched_params"))
            + " must come from the user or a listing"
        )
    if get("directory"):
        out.append("directory: its listed names are known destinations")
    if get("directory_fields"):
        out.append(
            "directory fields: names under "
            + ", ".join(get("directory_fields"))
            + " are known destinations"
        )
    if get("directory_text_fields"):
        out.append(
            "member text: links and addresses written in "
            + ", ".join(get("directory_text_fields"))
            + " are known destinations, as spelled"
        )
    if get("vouched_names"):
        out.append(
            "names in " + ", ".join(get("vouched_names")) + " must come from the user or a listing"
        )
    if get("owned_fields"):
        out.append(
            "owned records: names under "
            + ", ".join(get("owned_fields"))
            + " of a record the user owns are known destinations"
        )
    if get("delegable"):
        out.append("delegable: a source the user delegates to by name may request actions")
    if get("address_source"):
        out.append(
            "address source: the one e-mail address in a source the user points at "
            "is a known destination, as spelled"
        )
    if get("private_values"):
        out.append("private record: its ID numbers are asked about before they are sent")
    return out


def _load_policy_any(files: Sequence[Path]) -> tuple[Any, str]:
    """Load with ``cordon.policy.load_policy``; fall back to raw YAML if that module is absent."""
    try:
        from cordon.policy import load_policy
    except ImportError:  # pragma: no cover - the policy package ships with cordon
        import yaml

        merged: dict[str, Any] = {"tools": {}}
        for f in files:
            data = yaml.safe_load(Path(f).read_text("utf-8")) or {}
            tools = data.pop("tools", {}) or {}
            merged.update(data)
            merged["tools"].update(tools)
        return merged, "read as raw YAML (cordon.policy was not available): not validated"
    return load_policy(list(files)), "validated with cordon.policy.load_policy"


def _pget(policy: Any, key: str, default: Any = None) -> Any:
    if isinstance(policy, dict):
        return policy.get(key, default)
    return getattr(policy, key, default)


def _global_controls(policy: Any) -> list[str]:
    out = ["tool pinning (always on): unknown, added and changed tools are hidden and denied"]
    trusted = _pget(policy, "trusted_destinations") or ()
    out.append("global trusted destinations: " + (", ".join(trusted) if trusted else "none"))
    identities = _pget(policy, "user_identities") or ()
    if identities:
        out.append("the user's identities (owners for owned_fields): " + ", ".join(identities))
    egress = _pget(policy, "egress")
    if egress is not None:
        mode = _pget(egress, "mode", "open")
        allow = ", ".join(_pget(egress, "allow", ()) or ()) or "none"
        out.append(f"egress: mode {mode}, allow {allow}, private {_pget(egress, 'allow_private')}")
    content = _pget(policy, "content")
    if content is not None:
        out.append(
            f"content rules: mode {_pget(content, 'mode')}, block at {_pget(content, 'block_at')}"
        )
    secrets = _pget(policy, "secrets")
    if secrets is not None:
        n_env, n_files = (
            len(_pget(secrets, "env", ()) or ()),
            len(_pget(secrets, "files", ()) or ()),
        )
        out.append(f"known secrets: {n_env} env var(s), {n_files} file(s)")
    sens = _pget(policy, "sensitive_paths") or ()
    if sens:
        out.append("sensitive paths: " + ", ".join(sens))
    packs = _pget(policy, "packs") or ()
    if packs:
        out.append("built-in packs: " + ", ".join(packs))
    return out


def _pack_tools_unchecked(packs: Iterable[str]) -> list[str]:
    try:
        from cordon.policy import load_pack
    except ImportError:  # pragma: no cover
        return []
    out = []
    for pack in packs:
        try:
            data = load_pack(pack)
        except Exception:  # noqa: BLE001 - a broken pack is reported, not fatal to the report
            out.append(f"pack {pack!r} could not be loaded")
            continue
        for tool, tp in (data.get("tools") or {}).items():
            if not (tp or {}).get("checked_live"):
                out.append(f"{pack}:{tool}")
    return out


def _evidence_counts(
    rule_verdicts: Counter[tuple[str, str]], kinds: Counter[str], items: Iterable[MapItem]
) -> dict[str, int]:
    keys = {k for item in items for k in item.evidence}
    out: dict[str, int] = {}
    for key in keys:
        if key.startswith("kind:"):
            out[key] = kinds.get(key[5:], 0)
        else:
            out[key] = sum(
                n
                for (rule, verdict), n in rule_verdicts.items()
                if rule.startswith(key) and verdict != "allow"
            )
    return out


def build_report(
    *,
    audit: Path | str,
    policies: Sequence[Path | str] = (),
    tools_file: Path | str | None = None,
    since: str | None = None,
    until: str | None = None,
) -> ReportData:
    """Aggregate an audit log, policies and a tools list into a :class:`ReportData`.

    ``since``/``until`` are audit timestamp strings (see
    :func:`cordon.audit.query.parse_time_bound`). The log is streamed once; memory grows with
    the number of distinct rules, tools and destinations, plus one float per verdict for the
    timeline. The chain is verified over the whole log regardless of the time window.

    ``tools_file`` is a saved tools/list or a ``cordon run --pin-file``: what each server
    listed. The log itself names listed tools only through pin, definition and
    ``policy.unknown_tool`` records, so without it a policy tool never called shows as "not
    seen in this log". A ``policy.unknown_tool`` entry no server is known to list or to have
    been called with is a finding (a likely typo).

    Raises:
        OSError: a file cannot be read.
        ValueError: the tools file is neither a tools/list result nor a pin file.
        cordon.PolicyError: a policy file is invalid.
    """
    audit = Path(audit)
    chain = (
        verify(audit)
        if audit.exists()
        else VerifyResult(
            ok=False, records=0, first_bad_line=None, message=f"{audit}: no such file"
        )
    )
    verdicts: Counter[str] = Counter()
    rule_verdicts: Counter[tuple[str, str]] = Counter()
    kinds: Counter[str] = Counter()
    denied: dict[str, Counter[str]] = defaultdict(Counter)
    asks: Counter[tuple[str, str, str]] = Counter()
    content: Counter[tuple[str, str, str, str]] = Counter()
    rug: list[dict[str, Any]] = []
    starts: list[dict[str, Any]] = []
    sessions: set[str] = set()
    listed: dict[str, set[str]] = defaultdict(set)  # server -> tools a tools/list named
    called: dict[str, set[str]] = defaultdict(set)  # server -> tools a call named
    unlisted: dict[str, set[str]] = defaultdict(set)  # server -> policy.unknown_tool entries
    points: list[tuple[float, str]] = []
    total = 0
    first_ts: str | None = None
    last_ts: str | None = None
    records = iter_records(audit) if audit.exists() else iter(())
    for rec in filter_records(records, since=since, until=until):
        total += 1
        ts = str(rec.get("ts", ""))
        first_ts = first_ts or ts
        last_ts = ts
        kind = str(rec.get("kind", "verdict" if "verdict" in rec else "?"))
        kinds[kind] += 1
        if rec.get("session"):
            sessions.add(str(rec["session"]))
        server, tool = str(rec.get("server", "?")), rec.get("tool")
        if isinstance(tool, str):
            # a policy.unknown_tool record names a tool the server did NOT list
            if kind == "policy" and rec.get("rule") == "policy.unknown_tool":
                unlisted[server].add(tool)
            elif kind == "pin" or (
                kind == "content" and rec.get("where", "definition") == "definition"
            ):
                listed[server].add(tool)  # a definition hidden or flagged in a tools/list
            elif kind == "verdict" and rec.get("rule") == "pin.unknown_tool":
                pass  # a call to a tool the server does not list: no sign that it exists
            elif kind in ("verdict", "approval", "content"):
                called[server].add(tool)
        if kind == "start":
            starts.append(rec)
        elif kind == "verdict":
            v, rule = str(rec.get("verdict", "?")), str(rec.get("rule", "?"))
            verdicts[v] += 1
            rule_verdicts[(rule, v)] += 1
            epoch = _ts_epoch(ts)
            if epoch is not None:
                points.append((epoch, v))
            if v == "deny":
                dests = list(rec.get("destinations") or ())
                if rec.get("destination") and rec["destination"] not in dests:
                    dests.append(rec["destination"])
                for d in dests:
                    denied[str(d)][rule] += 1
            if v == "ask" or "answer" in rec:
                asks[(str(tool), rule, str(rec.get("answer", "asked (see approval records)")))] += 1
        elif kind == "approval":
            asks[
                (str(tool), str(rec.get("rule")), f"{rec.get('answer')} ({rec.get('channel')})")
            ] += 1
        elif kind == "pin" and str(rec.get("rule", "")).startswith("pin.changed"):
            details = rec.get("details") or {}
            rug.append(
                {
                    "ts": ts,
                    "server": server,
                    "tool": tool,
                    "changed_fields": list(details.get("changed_fields") or []),
                }
            )
        elif kind == "content":
            rules = rec.get("rules") or ([rec["rule"]] if rec.get("rule") else [])
            content[
                (
                    str(rec.get("where", "?")),
                    str(tool or "-"),
                    ", ".join(map(str, rules)),
                    str(rec.get("action", rec.get("max_severity", "-"))),
                )
            ] += 1
        if kind == "pin":
            rule_verdicts[(str(rec.get("rule")), "hidden")] += 1

    # policy and controls
    policy_files = tuple(str(p) for p in policies)
    findings: list[str] = []
    global_controls: list[str] = []
    rows: list[ControlRow] = []
    policy: Any = None
    if policies:
        policy, note = _load_policy_any([Path(p) for p in policies])
        global_controls = _global_controls(policy)
    else:
        note = "no policy file given: controls per tool cannot be shown"
        findings.append("No policy file was given to the report; controls are unknown.")
    if tools_file is not None:
        for label, names in _load_tools(Path(tools_file)):
            listed[label].update(names)
    tool_policies: dict[str, Any] = dict(_pget(policy, "tools", {}) or {}) if policy else {}
    pack_names_: set[str] = set()
    for _pack in (_pget(policy, "packs") or ()) if policy is not None else ():
        try:
            from cordon.policy import load_pack

            pack_names_.update((load_pack(_pack).get("tools") or {}).keys())
        except Exception:  # noqa: BLE001 - an unknown pack is reported by the policy loader
            pass
    # A server that wrote policy.unknown_tool records compared its whole first tools/list
    # with the policy's own (non-pack) entries: every other such entry was in that list.
    for server, names in unlisted.items():
        listed[server].update(set(tool_policies) - names - pack_names_)
    known = {t for d in (listed, called) for ts_ in d.values() for t in ts_}
    for server in sorted(set(listed) | set(called)):
        for tool in sorted(listed[server] | called[server]):
            tp = tool_policies.get(tool)
            how = [w for w, d in (("listed", listed), ("called", called)) if tool in d[server]]
            rows.append(
                ControlRow(
                    server=server,
                    tool=tool,
                    controls=tuple(_describe_tool(tp)) if tp else (),
                    seen=", ".join(how),
                )
            )
    not_listed_by: dict[str, list[str]] = defaultdict(list)
    for server in sorted(unlisted):
        for tool in unlisted[server]:
            if tool in tool_policies and tool not in known:
                not_listed_by[tool].append(server)
    strays = set(not_listed_by)
    if tools_file is not None:
        strays |= set(tool_policies) - known - pack_names_
    if strays:
        findings.append(
            "Policy entries for tools no server listed (a likely typo: the real tool is left "
            "uncontrolled): "
            + ", ".join(
                f"{t} (not listed by {', '.join(not_listed_by[t])})" if t in not_listed_by else t
                for t in sorted(strays)
            )
        )
    unconfined = sorted(
        t
        for t, tp in tool_policies.items()
        if _pget(tp, "path_params") and not _pget(tp, "allowed_path_prefixes") and t in known
    )
    if unconfined:
        findings.append(
            "Tools whose path parameters are not confined to any prefix: " + ", ".join(unconfined)
        )
    for tool in sorted(set(tool_policies) - known):
        rows.append(
            ControlRow(
                server="(policy)",
                tool=tool,
                controls=tuple(_describe_tool(tool_policies[tool])),
                seen=(
                    f"not listed by {', '.join(not_listed_by[tool])} (likely typo)"
                    if tool in not_listed_by
                    else "not seen in this log"
                ),
            )
        )
    if policy is not None:
        bare = sorted({r.tool for r in rows if not r.controls})
        if bare:
            findings.append(
                "Tools with no per-tool controls (pinning and global rules only): "
                + ", ".join(bare)
            )
        global_trusted = _pget(policy, "trusted_destinations") or ()
        egress_mode = (
            _pget(_pget(policy, "egress"), "mode", "open") if _pget(policy, "egress") else "open"
        )
        for tool, tp in sorted(tool_policies.items()):
            sending = _pget(tp, "exfiltrating") or _pget(tp, "sink_params") or _pget(tp, "egress")
            if (
                sending
                and not (_pget(tp, "trusted_destinations") or global_trusted)
                and (egress_mode == "open")
            ):
                findings.append(
                    f"Sending tool {tool!r} has no destination allowlist (tool or global) and "
                    "egress is open: every destination not proven safe is asked or denied."
                )
        unchecked = _pack_tools_unchecked(_pget(policy, "packs") or ())
        if unchecked:
            findings.append(
                "Pack entries not checked against a live server's tools/list: "
                + ", ".join(unchecked)
            )
        try:
            from cordon.policy import policy_hash

            ph = policy_hash(policy)
            logged = {str(s.get("policy_hash")) for s in starts}
            if logged and ph not in logged:
                findings.append(
                    f"The policy given here (hash {ph[:12]}) is not the one in the log's start "
                    f"records ({', '.join(sorted(h[:12] for h in logged))}): the controls shown "
                    "may differ from those in force."
                )
        except (ImportError, TypeError, AttributeError):
            pass
    if not chain.ok:
        findings.insert(0, f"Audit chain does not verify: {chain.message}")
    if not starts and total:
        findings.append("No start record in the selected window: version and policy unknown.")
    if rug:
        findings.append(f"{len(rug)} tool definition change(s) (rug pulls) were caught and denied.")

    timeline, bucket = _timeline(points)
    rule_counts = tuple(
        sorted(((r, v, n) for (r, v), n in rule_verdicts.items()), key=lambda x: (-x[2], x[0]))
    )
    denied_rows = tuple(
        sorted(
            ((d, sum(c.values()), ", ".join(sorted(c))) for d, c in denied.items()),
            key=lambda x: (-x[1], x[0]),
        )
    )
    return ReportData(
        generated=_fmt_ts(time.time()),
        audit_path=audit,
        since=since,
        until=until,
        chain=chain,
        total_records=total,
        first_ts=first_ts,
        last_ts=last_ts,
        sessions=len(sessions),
        starts=tuple(starts),
        verdict_counts=dict(verdicts),
        rule_counts=rule_counts,
        denied_destinations=denied_rows,
        asks=tuple((t, r, a, n) for (t, r, a), n in sorted(asks.items())),
        rug_pulls=tuple(rug),
        content_findings=tuple((w, t, r, a, n) for (w, t, r, a), n in sorted(content.items())),
        frames_refused=kinds.get("frame_refused", 0),
        timeline=timeline,
        bucket_seconds=bucket,
        policy_files=policy_files,
        policy_note=note,
        global_controls=tuple(global_controls),
        controls=tuple(rows),
        findings=tuple(findings),
        evidence=_evidence_counts(rule_verdicts, kinds, (*OWASP_LLM_2025, *AIUC1_MAP)),
    )


# -- Markdown ----------------------------------------------------------------------------------


def _md(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _md_table(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> list[str]:
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(_md(c) for c in row) + " |" for row in rows]
    return out


def _evidence_text(data: ReportData, item: MapItem) -> str:
    ev = data.evidence_for(item)
    if ev:
        return "; ".join(f"`{k}` x{n}" for k, n in ev)
    return "no matching records in this log" if item.evidence else "n/a"


def render_markdown(data: ReportData) -> str:
    """The review pack as Markdown (sections 1-6, numbered as in the HTML)."""
    lines: list[str] = ["# cordon review pack", ""]
    window = f"{data.since or 'start'} .. {data.until or 'end'}"
    lines += [
        f"- Generated: {data.generated}",
        f"- Audit log: `{data.audit_path}` (window {window}; records {data.first_ts or '-'} .. "
        f"{data.last_ts or '-'})",
        f"- Hash chain: {'verifies' if data.chain.ok else 'BROKEN'}: {_md(data.chain.message)}",
        f"- Records: {data.total_records}; sessions: {data.sessions}",
        f"- Policy: {', '.join(f'`{p}`' for p in data.policy_files) or 'none'} "
        f"({data.policy_note})",
    ]
    for s in data.starts[-5:]:
        lines.append(
            f"- Start {s.get('ts')}: cordon {s.get('version')}, server {s.get('server')}, "
            f"policy hash `{str(s.get('policy_hash'))[:16]}`"
        )
    lines += ["", "## 1. Controls in force", ""]
    lines += [f"- {c}" for c in data.global_controls] or ["- (no policy given)"]
    lines.append("")
    lines += _md_table(
        ["server", "tool", "seen", "controls"],
        (
            (
                r.server,
                r.tool,
                r.seen or "-",
                "; ".join(r.controls) or "none (pinning and global rules only)",
            )
            for r in data.controls
        ),
    )
    lines += ["", "## 2. Audit summary", "", "### Verdicts", ""]
    vc = data.verdict_counts
    lines += _md_table(
        ["allow", "deny", "ask", "frames refused"],
        [(vc.get("allow", 0), vc.get("deny", 0), vc.get("ask", 0), data.frames_refused)],
    )
    lines += ["", "### Verdict counts by rule", ""]
    lines += (
        _md_table(["rule", "verdict", "count"], data.rule_counts) if data.rule_counts else ["None."]
    )
    lines += ["", "### Denied destinations", ""]
    lines += (
        _md_table(["destination", "denials", "rules"], data.denied_destinations)
        if data.denied_destinations
        else ["None."]
    )
    lines += ["", "### Asks and how they were answered", ""]
    lines += _md_table(["tool", "rule", "answer", "count"], data.asks) if data.asks else ["None."]
    lines += ["", "### Rug pulls (tool definitions changed after pinning)", ""]
    lines += (
        _md_table(
            ["time", "server", "tool", "changed fields"],
            (
                (r["ts"], r["server"], r["tool"], ", ".join(r["changed_fields"]))
                for r in data.rug_pulls
            ),
        )
        if data.rug_pulls
        else ["None."]
    )
    lines += ["", "### Content findings", ""]
    lines += (
        _md_table(["where", "tool", "rules", "action", "count"], data.content_findings)
        if data.content_findings
        else ["None."]
    )
    lines += ["", "## 3. Findings", ""]
    lines += [f"- {f}" for f in data.findings] or ["- None."]
    lines += ["", "## 4. What cordon covers and what it does not", "", "Covers:", ""]
    lines += [f"- {c}" for c in COVERS]
    lines += ["", "Does not cover:", ""]
    lines += [f"- {c}" for c in DOES_NOT]
    for title, items in (
        ("## 5. OWASP Top 10 for LLM Applications (2025)", OWASP_LLM_2025),
        ("## 6. AIUC-1", AIUC1_MAP),
    ):
        lines += ["", title, ""]
        if items is AIUC1_MAP:
            lines += [
                "Control ids and titles as published on aiuc-1.com; the mapping is cordon's own "
                "reading, not an attestation. Items marked 'unsure' are judgement calls.",
                "",
            ]
        lines += _md_table(
            [
                "item",
                "coverage",
                "what cordon does",
                "evidence in this log",
                "left to the operator",
            ],
            (
                (
                    f"{i.id} {i.title}",
                    i.coverage + (f" (unsure: {i.unsure})" if i.unsure else ""),
                    i.controls,
                    _evidence_text(data, i),
                    i.operator,
                )
                for i in items
            ),
        )
    lines.append("")
    return "\n".join(lines)


# -- HTML --------------------------------------------------------------------------------------

_COLORS = {"allow": "#2e7d32", "deny": "#c62828", "ask": "#f9a825"}


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _svg_counts(counts: dict[str, int]) -> str:
    keys = ["allow", "deny", "ask"]
    top = max([counts.get(k, 0) for k in keys] + [1])
    w, h, bar = 360, 200, 70
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" role="img" '
        'aria-label="verdict counts" class="chart">'
    ]
    for i, k in enumerate(keys):
        n = counts.get(k, 0)
        bh = int((h - 50) * n / top)
        x = 30 + i * (bar + 40)
        y = h - 30 - bh
        parts.append(f'<rect x="{x}" y="{y}" width="{bar}" height="{bh}" fill="{_COLORS[k]}"/>')
        parts.append(f'<text x="{x + bar / 2}" y="{y - 5}" text-anchor="middle">{n}</text>')
        parts.append(f'<text x="{x + bar / 2}" y="{h - 10}" text-anchor="middle">{k}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _svg_timeline(data: ReportData) -> str:
    tl = data.timeline
    w, h, pad = 1000, 260, 40
    if not tl:
        return "<p>No verdicts in the window.</p>"
    top = max(max(a + d + k for _, a, d, k in tl), 1)
    bw = (w - 2 * pad) / len(tl)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" role="img" '
        'aria-label="verdict timeline" class="chart">'
    ]
    parts.append(f'<line x1="{pad}" y1="{h - pad}" x2="{w - pad}" y2="{h - pad}" stroke="#555"/>')
    parts.append(f'<text x="{pad}" y="{pad - 10}">max {top} per {data.bucket_seconds}s</text>')
    for i, (ts, a, d, k) in enumerate(tl):
        x = pad + i * bw
        y = h - pad
        for n, key in ((a, "allow"), (d, "deny"), (k, "ask")):
            if n:
                bh = (h - 2 * pad) * n / top
                y -= bh
                parts.append(
                    f'<rect x="{x + 1:.1f}" y="{y:.1f}" width="{max(bw - 2, 1):.1f}" '
                    f'height="{bh:.1f}" fill="{_COLORS[key]}"><title>{_e(ts)} {key}: {n}'
                    "</title></rect>"
                )
    parts.append(f'<text x="{pad}" y="{h - 15}">{_e(tl[0][0])}</text>')
    parts.append(f'<text x="{w - pad}" y="{h - 15}" text-anchor="end">{_e(tl[-1][0])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _svg_rules(data: ReportData) -> str:
    rows = [r for r in data.rule_counts if r[1] != "allow"][:12]
    if not rows:
        return "<p>No deny or ask verdicts.</p>"
    top = max(n for _, _, n in rows)
    w, rowh, label = 1000, 26, 330
    h = rowh * len(rows) + 10
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" role="img" '
        'aria-label="deny and ask counts by rule" class="chart">'
    ]
    for i, (rule, verdict, n) in enumerate(rows):
        y = 5 + i * rowh
        bw = (w - label - 60) * n / top
        color = _COLORS.get(verdict, "#6a1b9a")
        parts.append(
            f'<text x="{label - 8}" y="{y + 17}" text-anchor="end">{_e(rule)} '
            f"({_e(verdict)})</text>"
        )
        parts.append(
            f'<rect x="{label}" y="{y + 3}" width="{bw:.1f}" height="{rowh - 8}" fill="{color}"/>'
        )
        parts.append(f'<text x="{label + bw + 6:.1f}" y="{y + 17}">{n}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _html_table(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body or ''}</tbody></table>"


_CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2rem;color:#222;
max-width:1100px}
h1{border-bottom:3px solid #333}h2{margin-top:2rem;border-bottom:1px solid #ccc}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem;font-size:.9rem}
th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f0f0f0}.ok{color:#2e7d32;font-weight:bold}.bad{color:#c62828;font-weight:bold}
.chart text{font-size:12px;fill:#222}.legend span{display:inline-block;width:12px;height:12px;
margin:0 4px 0 12px}ul.findings li{margin:.2rem 0}
"""


def render_html(data: ReportData) -> str:
    """The review pack as one self-contained HTML page with inline SVG charts."""
    vc = data.verdict_counts
    chain_cls = "ok" if data.chain.ok else "bad"
    legend = "".join(f'<span style="background:{c}"></span>{k}' for k, c in _COLORS.items())
    parts = [
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
        "<title>cordon review pack</title>",
        f"<style>{_CSS}</style></head><body>",
        "<h1>cordon review pack</h1>",
        "<ul>",
        f"<li>Generated: {_e(data.generated)}</li>",
        f"<li>Audit log: <code>{_e(data.audit_path)}</code> ({_e(data.first_ts or '-')} .. "
        f"{_e(data.last_ts or '-')})</li>",
        f'<li>Hash chain: <span class="{chain_cls}">'
        f"{'verifies' if data.chain.ok else 'BROKEN'}</span>: {_e(data.chain.message)}</li>",
        f"<li>Records: {data.total_records}; sessions: {data.sessions}</li>",
        f"<li>Policy: {_e(', '.join(data.policy_files) or 'none')} ({_e(data.policy_note)})</li>",
        "</ul>",
        "<h2>1. Controls in force</h2><ul>",
        "".join(f"<li>{_e(c)}</li>" for c in data.global_controls) or "<li>(no policy given)</li>",
        "</ul>",
        _html_table(
            ["server", "tool", "seen", "controls"],
            (
                (
                    r.server,
                    r.tool,
                    r.seen or "-",
                    "; ".join(r.controls) or "none (pinning and global rules only)",
                )
                for r in data.controls
            ),
        ),
        "<h2>2. Audit summary</h2>",
        f'<div class="legend">{legend}</div>',
        "<h3>Verdict counts</h3>",
        _svg_counts(vc),
        "<h3>Verdict timeline</h3>",
        _svg_timeline(data),
        "<h3>Deny and ask verdicts by rule</h3>",
        _svg_rules(data),
        _html_table(["rule", "verdict", "count"], data.rule_counts),
        "<h3>Denied destinations</h3>",
        _html_table(["destination", "denials", "rules"], data.denied_destinations),
        "<h3>Asks and how they were answered</h3>",
        _html_table(["tool", "rule", "answer", "count"], data.asks),
        "<h3>Rug pulls</h3>",
        _html_table(
            ["time", "server", "tool", "changed fields"],
            (
                (r["ts"], r["server"], r["tool"], ", ".join(r["changed_fields"]))
                for r in data.rug_pulls
            ),
        ),
        "<h3>Content findings</h3>",
        _html_table(["where", "tool", "rules", "action", "count"], data.content_findings),
        f"<p>Frames refused: {data.frames_refused}</p>",
        '<h2>3. Findings</h2><ul class="findings">',
        "".join(f"<li>{_e(f)}</li>" for f in data.findings) or "<li>None.</li>",
        "</ul>",
        "<h2>4. What cordon covers and what it does not</h2><h3>Covers</h3><ul>",
        "".join(f"<li>{_e(c)}</li>" for c in COVERS),
        "</ul><h3>Does not cover</h3><ul>",
        "".join(f"<li>{_e(c)}</li>" for c in DOES_NOT),
        "</ul>",
    ]
    for title, items in (
        ("5. OWASP Top 10 for LLM Applications (2025)", OWASP_LLM_2025),
        ("6. AIUC-1", AIUC1_MAP),
    ):
        parts.append(f"<h2>{_e(title)}</h2>")
        if items is AIUC1_MAP:
            parts.append(
                "<p>Control ids and titles as published on aiuc-1.com; the mapping is cordon's "
                "own reading, not an attestation.</p>"
            )
        parts.append(
            _html_table(
                [
                    "item",
                    "coverage",
                    "what cordon does",
                    "evidence in this log",
                    "left to operator",
                ],
                (
                    (
                        f"{i.id} {i.title}",
                        i.coverage + (f" (unsure: {i.unsure})" if i.unsure else ""),
                        i.controls,
                        _evidence_text(data, i),
                        i.operator,
                    )
                    for i in items
                ),
            )
        )
    parts.append("</body></html>\n")
    return "".join(parts)
