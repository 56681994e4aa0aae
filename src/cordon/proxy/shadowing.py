"""Tool shadowing across the servers of one client, as the proxy sees it.

A server that lists a tool under a name another server of the same client listed first
can receive the calls meant for that tool (cross-server tool shadowing). Each ``cordon
run`` shares its server's tool names once (:class:`cordon.store.tool_names.ToolNames`):
a name another server listed first is reported (stderr, a ``pin`` audit record), and calls
to it are asked about (``pin.shadowed_tool``) after the engine's own verdict
(:func:`gate`), unless it is the same definition from the same program (another instance of
it: reported only).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol

from cordon._types import Verdict
from cordon.engine import rules
from cordon.engine.checks import ask_keys
from cordon.engine.pins import fingerprint

__all__ = ["gate", "shadowed_names"]


class _Outcome(Protocol):
    """What a ``tools/list`` page reports (:class:`cordon.proxy.work.ListOutcome`)."""

    problems: list[str]
    records: list[dict[str, Any]]


def shadowed_names(
    tool_names: Any, server: str, listed: list[dict[str, Any]], info: str | None, out: _Outcome
) -> dict[str, str]:
    """Share ``server``'s first complete tools/list (``listed``; ``info``: its
    ``serverInfo`` name) with the client's other cordon processes; each name another
    server listed first is reported in ``out``. Returns the names whose calls are asked
    about, with the server that listed each first (none when the names could not be
    shared: that is said in ``out``)."""
    prints = {str(t.get("name")): fingerprint(t) for t in listed}
    try:
        found = tool_names.register(server, prints, info)
    except OSError as exc:
        out.problems.append(f"tool names not shared with the client's other servers: {exc}")
        return {}
    for tool, (other, same) in sorted(found.items()):
        then = "another instance of it" if same else "calls to it are asked about"
        out.problems.append(
            f"tool {tool!r} of server {server!r} has the name of a tool server "
            f"{other!r} listed first (pin.shadowed_tool): {then}"
        )
        rec = {"kind": "pin", "rule": rules.PIN_SHADOWED_TOOL, "tool": tool, "shadows": other}
        out.records.append({**rec, "asked": not same})
    # the same definition from a server of the same serverInfo name: another instance of
    # that program (two accounts), reported only; anything else is asked about
    return {tool: other for tool, (other, same) in found.items() if not same}


def gate(session: Any, server: str, tool: str, other: str | None, v: Verdict) -> Verdict:
    """The verdict on a call to ``tool`` of ``server`` after the engine's ``v``, when
    ``other`` (a server of the same client) listed a tool of that name first: asked about
    (after the engine's own asks, as one question with them; a deny stays a deny), unless
    a person approved it. A call a session approval covers names that approval, as the
    engine's covered asks do (:func:`cordon.engine.checks._pipeline.resolve`): its rule and
    ``details.approved``: ``session``, never ``default.allow`` ("no rule objected", read as
    if nothing had been asked)."""
    if other is None or v.verdict == "deny":
        return v
    key = (rules.PIN_SHADOWED_TOOL, server, tool)
    why = f"server {other!r} of this client lists a tool named {tool!r} too"
    if key in session.approvals:
        return _covered(v, why)
    if key in session.once:
        session.once.discard(key)
        return v
    if v.verdict == "ask":
        # one question about the whole call (cordon.engine.checks._pipeline._ask): the
        # engine's asks and this one, so one approval (a one-time code) covers them all
        keys = [*(list(k) for k in ask_keys(v)), list(key)]
        return Verdict(
            verdict="ask",
            rule=v.rule,
            reason=f"{v.reason}; and {why}",
            param=v.param,
            destination=v.destination,
            destinations=v.destinations,
            details={**v.details, "approval_keys": keys, "shadows": other},
        )
    return Verdict(
        verdict="ask",
        rule=rules.PIN_SHADOWED_TOOL,
        reason=why,
        details={"approval_key": list(key), "shadows": other},
    )


#: how the pipeline's allow of a call an earlier approval covered begins
#: (:func:`cordon.engine.checks._pipeline._covered`)
_COVERED = "covered by a person's approval earlier in this session: "


def _covered(v: Verdict, why: str) -> Verdict:
    """``v``, an allow or an ask, for a call whose shadowed tool name a person approved for
    the session: an ask stays the engine's ask; an allow names the approval."""
    if v.verdict != "allow":
        return v
    what = f"{rules.PIN_SHADOWED_TOOL} for its tool name ({why})"
    if v.details.get("approved") == "session":  # the engine's covered asks come first
        return replace(v, reason=f"{v.reason}; {what}")
    return replace(
        v,
        rule=rules.PIN_SHADOWED_TOOL,
        reason=_COVERED + what,
        details={**v.details, "approved": "session"},
    )
