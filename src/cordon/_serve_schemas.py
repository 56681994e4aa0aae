"""The tools ``cordon serve`` lists: names, descriptions, input and output JSON schemas."""

from __future__ import annotations

from typing import Any

__all__ = ["TOOLS"]

_FINDING_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "rule": {"type": "string"},
        "category": {"type": "string"},
        "severity": {"type": "string", "enum": ["low", "medium", "high", "critical"]},
        "span": {"type": "array", "items": {"type": "integer"}},
        "path": {"type": "string"},
        "evidence": {"type": "string"},
    },
    "required": ["rule", "category", "severity", "span", "path", "evidence"],
}
_SEVERITY = {"type": "string", "enum": ["low", "medium", "high", "critical"]}
_CONTENT = {
    "description": "plain text, or a CallToolResult object",
    "type": ["string", "object"],
}

#: the ``context`` of check_tool_call and check_client_request
_CONTEXT: dict[str, Any] = {
    "type": "object",
    # a key cordon does not read is refused, never ignored (cordon.server._known_keys)
    "additionalProperties": False,
    "properties": {
        "session_id": {"type": "string"},
        "server": {"type": "string"},
        "tools": {"type": "array", "items": {"type": "object"}},
        "outputs": {"type": "array"},
        "trusted": {"type": "array", "items": {"type": "string"}},
        "scopes": {"type": "array", "items": {"type": "string"}},
    },
}
#: the reply of check_tool_call and check_client_request
_VERDICT: dict[str, Any] = {
    "verdict": {"type": "string", "enum": ["allow", "deny", "ask"]},
    "rule": {"type": "string"},
    "reason": {"type": "string"},
    "param": {"type": ["string", "null"]},
    "destinations": {"type": "array", "items": {"type": "string"}},
    "session_id": {"type": "string"},
}
_VERDICT_REQUIRED = ("verdict", "rule", "reason", "destinations", "session_id")

TOOLS: tuple[dict[str, Any], ...] = (
    {
        "name": "check_tool_call",
        "description": (
            "Ask cordon whether a tool call may run. Returns allow, deny or ask with the rule "
            "id and reason, and the arguments to run it with when cordon made a relative path "
            "absolute. Pass prior tool outputs and the server's tool list in context."
        ),
        "inputSchema": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "tool": {"type": "string"},
                "arguments": {"type": "object"},
                "context": _CONTEXT,
            },
            "required": ["tool"],
        },
        "outputSchema": {
            "type": "object",
            "properties": {
                **_VERDICT,
                "pinning": {"type": "string", "enum": ["context", "synthetic"]},
                # what to run an allowed or asked call with when cordon confined a
                # relative path (joined to base_dir); null: the arguments as given
                "arguments": {"type": ["object", "null"]},
            },
            "required": [*_VERDICT_REQUIRED, "pinning", "arguments"],
        },
        "annotations": {"readOnlyHint": True, "openWorldHint": False},
    },
    {
        "name": "check_client_request",
        "description": (
            "Ask cordon whether a client request that is not a tool call may go to a server "
            "(resources/read, resources/subscribe, subscriptions/listen, prompts/get, "
            "completion/complete). Returns allow, deny or ask with the rule id and reason. "
            "Pass prior tool outputs in context."
        ),
        "inputSchema": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "method": {"type": "string"},
                "params": {"type": "object"},
                "context": _CONTEXT,
            },
            "required": ["method"],
        },
        "outputSchema": {
            "type": "object",
            "properties": _VERDICT,
            "required": list(_VERDICT_REQUIRED),
        },
        "annotations": {"readOnlyHint": True, "openWorldHint": False},
    },
    {
        "name": "scan_content",
        "description": "Find injection, hijacking, exfiltration, secrets in text or a tool result.",
        "inputSchema": {
            "type": "object",
            "additionalProperties": False,
            "properties": {"content": _CONTENT, "min_severity": _SEVERITY},
            "required": ["content"],
        },
        "outputSchema": {
            "type": "object",
            "properties": {
                "findings": {"type": "array", "items": _FINDING_SCHEMA},
                "count": {"type": "integer"},
                "max_severity": {"type": ["string", "null"]},
            },
            "required": ["findings", "count", "max_severity"],
        },
        "annotations": {"readOnlyHint": True, "openWorldHint": False},
    },
    {
        "name": "evaluate_tool_result",
        "description": "May a tool result reach the model? Answers deliver, sanitise or block.",
        "inputSchema": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "content": _CONTENT,
                "mode": {"type": "string", "enum": ["monitor", "warn", "block"]},
                "block_at": _SEVERITY,
            },
            "required": ["content"],
        },
        "outputSchema": {
            "type": "object",
            "properties": {
                "action": {"type": "string", "enum": ["deliver", "sanitise", "block"]},
                "findings": {"type": "array", "items": _FINDING_SCHEMA},
                "result": {"type": ["object", "null"]},
            },
            "required": ["action", "findings", "result"],
        },
        "annotations": {"readOnlyHint": True, "openWorldHint": False},
    },
    {
        "name": "describe_policy",
        "description": "The active rules, benchmark figures and known gaps of this cordon.",
        "inputSchema": {"type": "object", "properties": {}, "additionalProperties": False},
        "outputSchema": {
            "type": "object",
            "properties": {
                "version": {"type": "string"},
                "content_rules": {"type": "array", "items": {"type": "object"}},
                "engine_rules": {"type": "array", "items": {"type": "object"}},
                "policy": {"type": "object"},
                "benchmarks": {"type": "array", "items": {"type": "object"}},
                "known_gaps": {"type": "array", "items": {"type": "object"}},
            },
            "required": [
                "version",
                "content_rules",
                "engine_rules",
                "policy",
                "benchmarks",
                "known_gaps",
            ],
        },
        "annotations": {"readOnlyHint": True, "openWorldHint": False},
    },
    {
        "name": "verify_policy",
        "description": "Validate a cordon policy (YAML text); returns valid or the errors, "
        "and the warnings cordon check prints (suspicious but valid settings).",
        "inputSchema": {
            "type": "object",
            "additionalProperties": False,
            "properties": {"yaml": {"type": "string"}},
            "required": ["yaml"],
        },
        "outputSchema": {
            "type": "object",
            "properties": {
                "valid": {"type": "boolean"},
                "errors": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "message": {"type": "string"},
                            "file": {"type": ["string", "null"]},
                            "line": {"type": ["integer", "null"]},
                            "key": {"type": ["string", "null"]},
                        },
                        "required": ["message", "file", "line", "key"],
                    },
                },
                "warnings": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "message": {"type": "string"},
                            "key": {"type": ["string", "null"]},
                        },
                        "required": ["message", "key"],
                    },
                },
            },
            "required": ["valid", "errors", "warnings"],
        },
        "annotations": {"readOnlyHint": True, "openWorldHint": False},
    },
)
