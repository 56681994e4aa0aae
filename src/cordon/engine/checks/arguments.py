"""Argument rules: path confinement, ``arg_patterns`` and ``max_value`` (all denies)."""

from __future__ import annotations

from cordon.engine import args as _args
from cordon.engine import rules
from cordon.engine.checks._base import PASS, Check, Context, Facts, Result


def run(ctx: Context, facts: Facts) -> Result:
    v = _args.check_arguments(ctx.arguments, ctx.tp, ctx.session.engine.paths)
    return PASS if v is None else Result(deny=v)


CHECK = Check(
    "arguments",
    run,
    (rules.ARG_PATH_OUTSIDE, rules.ARG_PATH_UNRESOLVABLE, rules.ARG_PATTERN, rules.ARG_MAX_VALUE),
)
