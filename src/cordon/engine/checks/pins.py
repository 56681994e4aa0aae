"""Pinning: a call names a tool of the pinned tools/list, listed once, unchanged and not
poisoned.

Rug pull and tool poisoning: a tool that changed after the list was pinned, or whose
definition carries instructions, is refused before anything else looks at the call.
"""

from __future__ import annotations

from cordon._types import Verdict
from cordon.engine import rules
from cordon.engine.checks._base import PASS, Check, Context, Facts, Result
from cordon.engine.pins import duplicate_reason


def run(ctx: Context, facts: Facts) -> Result:
    eng = ctx.session.engine
    tool, server = ctx.tool, ctx.server
    ps = eng.pins.get(server)
    if ps is None or not ps.complete:
        return Result(
            deny=Verdict(
                verdict="deny",
                rule=rules.PIN_UNKNOWN_TOOL,
                reason="no pinned tool list yet: list the tools before calling them",
            )
        )
    if tool in ps.duplicated:
        return Result(
            deny=Verdict(
                verdict="deny", rule=rules.PIN_DUPLICATE_TOOL, reason=duplicate_reason(tool)
            )
        )
    if tool in eng.changed.get(server, {}):
        fields = eng.changed[server][tool]
        return Result(
            deny=Verdict(
                verdict="deny",
                rule=rules.PIN_CHANGED,
                reason=f"tool '{tool}' changed after pinning ({', '.join(fields)})",
                details={"changed_fields": fields},
            )
        )
    if tool not in ps.prints:
        return Result(
            deny=Verdict(
                verdict="deny",
                rule=rules.PIN_UNKNOWN_TOOL,
                reason=f"tool '{tool}' is not in the pinned tool list",
            )
        )
    if tool in eng.poisoned.get(server, {}):
        found = sorted({f.rule for f in eng.poisoned[server][tool]})
        return Result(
            deny=Verdict(
                verdict="deny",
                rule=rules.CONTENT_POISONED_DEFINITION,
                reason=f"tool '{tool}' definition carries {', '.join(found)}",
            )
        )
    return PASS


CHECK = Check(
    "pins",
    run,
    (
        rules.PIN_UNKNOWN_TOOL,
        rules.PIN_DUPLICATE_TOOL,
        rules.PIN_CHANGED,
        rules.CONTENT_POISONED_DEFINITION,
    ),
)
