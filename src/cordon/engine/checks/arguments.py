"""Argument rules: path confinement, ``arg_patterns`` and ``max_value`` (all denies)."""

from __future__ import annotations

from cordon.engine import args as _args
from cordon.engine import rules
from cordon.engine.checks._base import PASS, Check, Context, Facts, Result
from cordon.policy import ToolPolicy


def run(ctx: Context, facts: Facts) -> Result:
    v = _args.check_arguments(ctx.arguments, ctx.tp, ctx.session.engine.paths)
    return PASS if v is None else Result(deny=v)


def applies(tool: str, tp: ToolPolicy) -> bool:
    """:func:`run` passes every call of a tool whose policy has none of ``path_params``,
    ``arg_patterns`` and ``max_value`` (each rule of :func:`cordon.engine.args.check_arguments`
    reads one of them, and returns at once without it)."""
    return bool(tp.path_params or tp.arg_patterns or tp.max_value)


CHECK = Check(
    "arguments",
    run,
    (rules.ARG_PATH_OUTSIDE, rules.ARG_PATH_UNRESOLVABLE, rules.ARG_PATTERN, rules.ARG_MAX_VALUE),
    applies,
)
