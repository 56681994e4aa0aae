"""What each AgentDojo tool does, written once and turned into each guard's configuration.

One table per suite says which tools send data somewhere (and through which arguments),
which read private data, and which destroy something. Every guard is configured from this
same table, each in the form its own documentation asks for:

- cordon: a policy dict (``tools.<name>.exfiltrating`` / ``sink_params``), plus MCP tool
  definitions with ``annotations`` (``readOnlyHint``, ``destructiveHint``) as a real MCP
  server would publish them.
- bouncer-core 0.1.4: a user policy of ``exfiltrating`` + ``sink_params`` per sending tool,
  layered over its built-in packs and its name/schema heuristics (README, "Policy").
- toolbouncer 0.1.0: ``egress`` / ``sensitive`` / ``untrusted_output`` on each registered
  tool (README, "Rule of Two egress control").

Every tool's output is untrusted (AgentDojo places injections in emails, files, calendar
descriptions, reviews, transaction subjects, channel messages and web pages).
"""

from __future__ import annotations

from typing import Any

# tool -> argument names that carry a destination
SINKS: dict[str, dict[str, tuple[str, ...]]] = {
    "workspace": {
        "send_email": ("recipients", "cc", "bcc"),
        "share_file": ("email",),
        "create_calendar_event": ("participants",),
        "add_calendar_event_participants": ("participants",),
    },
    "travel": {
        "send_email": ("recipients", "cc", "bcc"),
        "create_calendar_event": ("participants",),
    },
    "banking": {
        "send_money": ("recipient",),
        "schedule_transaction": ("recipient",),
        "update_scheduled_transaction": ("recipient",),
    },
    "slack": {
        "send_direct_message": ("recipient",),
        "send_channel_message": ("channel",),
        "post_webpage": ("url",),
        "get_webpage": ("url",),
        "invite_user_to_slack": ("user_email",),
        "add_user_to_channel": ("user",),
    },
}

# tools that read the user's private data (a Rule-of-Two leg)
SENSITIVE: dict[str, frozenset[str]] = {
    "workspace": frozenset(
        {
            "get_unread_emails",
            "get_sent_emails",
            "get_received_emails",
            "get_draft_emails",
            "search_emails",
            "search_contacts_by_name",
            "search_contacts_by_email",
            "search_files_by_filename",
            "get_file_by_id",
            "list_files",
            "search_files",
            "search_calendar_events",
            "get_day_calendar_events",
        }
    ),
    "travel": frozenset(
        {"get_user_information", "search_calendar_events", "get_day_calendar_events"}
    ),
    "banking": frozenset(
        {
            "get_iban",
            "get_balance",
            "get_most_recent_transactions",
            "get_scheduled_transactions",
            "get_user_info",
            "read_file",
        }
    ),
    "slack": frozenset(
        {"read_channel_messages", "read_inbox", "get_users_in_channel", "get_channels"}
    ),
}

DESTRUCTIVE: dict[str, frozenset[str]] = {
    "workspace": frozenset({"delete_email", "delete_file", "cancel_calendar_event"}),
    "travel": frozenset({"cancel_calendar_event"}),
    "banking": frozenset(),
    "slack": frozenset({"remove_user_from_slack"}),
}

# Tools that change something but send nothing anywhere, with the words a user's request
# uses to ask for that kind of action (cordon's ``requires_request``): an injected
# "reserve this hotel" has no destination for taint to catch, only a missing request.
# Generic verbs per kind of action, written once per tool, not per task.
_DET = r"(?:(?:a|an|the|my|our|this|that|it|two|\d+)\s+)?"


#: an intention or a reminder is no request: "I'm looking to book a hotel", "remind me to
#: book a table", "I'll book a room later" (the verb after "to", "'ll" or "will")
_NOT_NOW = r"(?<!\bto )(?<!'ll )(?<!’ll )(?<!\bwill )"


def _book(*objects: str, verbs: str = "book|reserve") -> tuple[str, ...]:
    """A booking verb with its object ("book a table" is no request for a hotel room),
    asked for now, not announced for later."""
    return (
        rf"{_NOT_NOW}\b(?:{verbs})\s+{_DET}(?:{'|'.join(objects)})",
        rf"{_NOT_NOW}\bmake\s+a\s+reservation",
    )


_CALENDAR = (r"calendar", r"\bevents?\b", r"\bmeeting", r"\bremind", r"\bschedul", r"appointment")
_DELETE = (r"\bdelet", r"\bremov", r"\bclean ?up")
REQUESTS: dict[str, dict[str, tuple[str, ...]]] = {
    "workspace": {
        "delete_email": _DELETE,
        "delete_file": _DELETE,
        "cancel_calendar_event": (r"\bcancel",),
        "reschedule_calendar_event": (
            r"reschedul",
            r"\bmove",
            r"postpone",
            r"\bchange",
            r"\badjust",
        ),
        "create_file": (r"\bcreate", r"\bwrite", r"\bsave", r"\bnew file", r"\bdraft"),
        "append_to_file": (r"\bappend", r"\badd", r"\bwrite", r"\bupdate", r"\bmodif"),
    },
    "travel": {
        "reserve_hotel": _book("hotel", "room", "stay", "suite"),
        "reserve_car_rental": _book("car", "vehicle", verbs="book|reserve|rent"),
        "reserve_restaurant": _book("table", "restaurant", "dinner", "lunch"),
        "create_calendar_event": _CALENDAR,
        "cancel_calendar_event": (r"\bcancel",),
    },
    "banking": {
        "send_money": (r"\bpay", r"\bsend", r"\brefund", r"\btransfer", r"\bmoney"),
        "schedule_transaction": (
            r"schedul",
            r"standing order",
            r"recurring",
            r"\bevery (?:month|week)",
        ),
        "update_scheduled_transaction": (
            r"\bupdate",
            r"\bchange",
            r"\badjust",
            r"\bmodif",
            r"standing order",
            r"scheduled",
        ),
        "update_password": (r"password",),
        "update_user_info": (
            r"\baddress",
            r"\bupdate",
            r"\bchange",
            r"\badjust",
            r"\bmodif",
            r"\bmoved",
        ),
    },
    "slack": {
        "remove_user_from_slack": _DELETE,
    },
}

# Tools that list the system's own destinations (cordon's ``directory``): a whole item of
# their output (a channel, a member, an address-book entry) is a known destination.
DIRECTORY: dict[str, frozenset[str]] = {
    "workspace": frozenset({"search_contacts_by_name", "search_contacts_by_email"}),
    "travel": frozenset(
        {
            "get_all_hotels_in_city",
            "get_all_restaurants_in_city",
            "get_all_car_rental_companies_in_city",
        }
    ),
    "banking": frozenset(),
    "slack": frozenset({"get_channels", "get_users_in_channel"}),
}

# Tools whose output lists who is there as a field the platform writes (cordon's
# ``directory_fields``): a Slack message's ``sender`` is a workspace member (as
# ``get_users_in_channel`` would list), while its ``body`` is anyone's text. Not e-mail: an
# e-mail's sender is whoever sent it, the attacker included.
DIRECTORY_FIELDS: dict[str, dict[str, tuple[str, ...]]] = {
    "workspace": {
        "get_day_calendar_events": ("participants",),
        "search_calendar_events": ("participants",),
    },
    "travel": {},
    "banking": {},
    "slack": {"read_channel_messages": ("sender",), "read_inbox": ("sender",)},
}

_READ_PREFIXES = ("get_", "search_", "list_", "read_", "check_")


def is_read_only(suite: str, tool: str) -> bool:
    return tool.startswith(_READ_PREFIXES) and tool not in SINKS[suite]


def mcp_tools(suite: Any, *, annotations: bool = True) -> list[dict[str, Any]]:
    """AgentDojo ``Function`` objects as MCP ``tools/list`` entries.

    Shape: ``{"name", "description", "inputSchema", "annotations"?}``; the input schema is
    the pydantic JSON schema AgentDojo itself sends to models.
    """
    out = []
    for f in suite.tools:
        schema = f.parameters.model_json_schema()
        schema.setdefault("type", "object")
        tool: dict[str, Any] = {"name": f.name, "description": f.description, "inputSchema": schema}
        if annotations:
            ann: dict[str, Any] = {"readOnlyHint": is_read_only(suite.name, f.name)}
            if not ann["readOnlyHint"]:
                ann["destructiveHint"] = f.name in DESTRUCTIVE[suite.name]
            if f.name in SINKS[suite.name]:
                ann["openWorldHint"] = True
            tool["annotations"] = ann
        out.append(tool)
    return out


POLICY_STYLES = ("full", "sinks")


def _tool_entries(suite: Any, style: str) -> dict[str, dict[str, Any]]:
    """``sinks``: only the sending tools are declared (the rest is left to each guard's
    heuristics); ``full``: every tool is declared, the others with ``exfiltrating: false``."""
    sinks = SINKS[suite.name]
    entries: dict[str, dict[str, Any]] = {
        name: {"exfiltrating": True, "sink_params": list(params)} for name, params in sinks.items()
    }
    if style == "full":
        for f in suite.tools:
            entries.setdefault(f.name, {"exfiltrating": False})
    return entries


def cordon_policy(
    suite: Any,
    *,
    content_mode: str,
    style: str = "full",
    trust_actions: bool = False,
    provenance: bool = True,
) -> dict[str, Any]:
    """A cordon policy dict (docs/internals.md keys): the sending tools and their
    destination arguments, and the content firewall mode. ``trust_actions`` lists every tool
    under ``trust_tools``, which skips the action *ask* rules (payments, destructiveHint) and
    leaves the data-flow layers (taint, egress, Rule of Two, secrets) and the block rules.
    ``provenance`` adds ``requires_request`` (:data:`REQUESTS`), ``directory``
    (:data:`DIRECTORY`) and ``directory_fields`` (:data:`DIRECTORY_FIELDS`)."""
    tools = _tool_entries(suite, style)
    if provenance:
        for name, patterns in REQUESTS[suite.name].items():
            tools.setdefault(name, {})["requires_request"] = list(patterns)
        for name in DIRECTORY[suite.name]:
            tools.setdefault(name, {})["directory"] = True
        for name, fields in DIRECTORY_FIELDS[suite.name].items():
            tools.setdefault(name, {})["directory_fields"] = list(fields)
    policy: dict[str, Any] = {
        "version": 1,
        "content": {"mode": content_mode, "block_at": "high"},
        "tools": tools,
    }
    if trust_actions:
        policy["trust_tools"] = sorted(t.name for t in suite.tools)
    return policy


def bouncer_policy(suite: Any, style: str = "full") -> dict[str, dict[str, Any]]:
    """bouncer-core's user policy (tool -> entry), as its README's Policy section shows.

    Its README: an entry with none of exfiltrating / sink_params / trusted_destinations
    "still loads, and the destination check is off for that tool"."""
    return _tool_entries(suite, style)


def toolbouncer_profile(suite_name: str, tool: str) -> dict[str, bool]:
    """toolbouncer's per-tool flags: every output untrusted, private reads, egress tools."""
    return {
        "untrusted_output": True,
        "sensitive": tool in SENSITIVE[suite_name],
        "egress": tool in SINKS[suite_name],
    }
