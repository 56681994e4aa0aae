"""A session whose history is incomplete (a result could not be fully recorded) refuses every
send: taint and secrets can no longer be checked against all it has seen (fail closed)."""

from __future__ import annotations

from cordon._types import Verdict
from cordon.engine import rules
from cordon.engine.checks._base import PASS, Check, Context, Facts, Result, with_dests


def run(ctx: Context, facts: Facts) -> Result:
    if not (facts.legs.external or facts.sending):
        return PASS
    if ctx.session.degraded is None:
        return PASS
    return Result(
        deny=with_dests(
            Verdict(
                verdict="deny",
                rule=rules.SESSION_DEGRADED,
                reason=(
                    f"session history is incomplete ({ctx.session.degraded}): sends are refused"
                ),
            ),
            facts.taint.destinations,
        )
    )


CHECK = Check("degraded", run, (rules.SESSION_DEGRADED,))
