"""Secrets never leave: a registered or observed secret in a sending call is denied, even
after an approval (invariant 7)."""

from __future__ import annotations

from cordon.engine import rules
from cordon.engine.checks._base import PASS, Check, Context, Facts, Result, with_dests
from cordon.engine.secrets import check_secrets


def run(ctx: Context, facts: Facts) -> Result:
    if not (facts.external or facts.sending):
        return PASS
    v = check_secrets(dict(ctx.arguments), ctx.session.secrets, sending=True)
    if v is None:
        return PASS
    return Result(deny=with_dests(v, facts.destinations))


CHECK = Check("secrets", run, (rules.SECRET_EGRESS,))
