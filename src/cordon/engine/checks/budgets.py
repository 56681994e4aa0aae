"""Budgets and scopes: a tool past its ``max_calls``, or a caller without its scopes.

Cheap and independent of the arguments, so they run before anything reads them.
"""

from __future__ import annotations

from cordon._types import Verdict
from cordon.engine import rules
from cordon.engine.checks._base import PASS, Check, Context, Facts, Result
from cordon.policy import ToolPolicy


def run(ctx: Context, facts: Facts) -> Result:
    tp, tool = ctx.tp, ctx.tool
    if tp.max_calls is not None and ctx.session.counts.get((ctx.server, tool), 0) >= tp.max_calls:
        why = (
            "is forbidden by policy"
            if tp.max_calls == 0
            else f"reached its budget of {tp.max_calls} calls"
        )
        return Result(
            deny=Verdict(verdict="deny", rule=rules.BUDGET_MAX_CALLS, reason=f"tool '{tool}' {why}")
        )
    if tp.required_scopes:
        granted = set(ctx.scopes or ())
        missing = [s for s in tp.required_scopes if s not in granted]
        if missing:
            return Result(
                deny=Verdict(
                    verdict="deny",
                    rule=rules.SCOPE_MISSING,
                    reason=f"missing scope(s): {', '.join(missing)}",
                )
            )
    return PASS


def applies(tool: str, tp: ToolPolicy) -> bool:
    """:func:`run` passes every call of a tool with neither ``max_calls`` nor
    ``required_scopes``."""
    return tp.max_calls is not None or bool(tp.required_scopes)


CHECK = Check("budgets", run, (rules.BUDGET_MAX_CALLS, rules.SCOPE_MISSING), applies)
