"""What the review pack maps cordon to: OWASP Top 10 for LLM Applications 2025 and AIUC-1.

The OWASP list is the "OWASP Top 10 for LLM Applications 2025" (LLM01:2025 .. LLM10:2025,
genai.owasp.org). AIUC-1 control ids and titles are as published on aiuc-1.com (A003, A004,
B002, B005, B006, B009, D003, E015); the mapping is ours and says where it is unsure.
:data:`COVERS` and :data:`DOES_NOT` are the pack's plain statement of scope.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["AIUC1_MAP", "COVERS", "DOES_NOT", "OWASP_LLM_2025", "MapItem"]


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
        evidence=("pin.", "kind:pin", "kind:listing", "content.poisoned_definition"),
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
    "Servers the client reaches without `cordon run` are not covered: entries `cordon init` "
    "was not run on, left alone or added since, and entries unwrapped with `--undo` "
    "(remote HTTP and SSE entries are covered once wrapped: `cordon run --url`).",
    "The audit chain has no secret key: someone who can rewrite the whole file, or cut lines "
    "off its end, is caught only against an externally recorded last hash.",
)
