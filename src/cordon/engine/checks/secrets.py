"""Secrets never leave: a registered secret in any call, or a secret seen in output in a sending
call or a call to another server than the one it came from, is denied, even after an approval
(invariant 7; issue 23: search queries, URLs and command strings are read too, and a secret
split across two arguments of one call)."""

from __future__ import annotations

from cordon.engine import rules
from cordon.engine.checks._base import PASS, Check, Context, Facts, Result, with_dests
from cordon.engine.secrets import check_secrets


def run(ctx: Context, facts: Facts) -> Result:
    if not len(ctx.session.secrets):
        return PASS
    sending = facts.external or facts.sending
    # a call that does not send may carry back what its own server returned
    skip = None if sending else ctx.server
    v = check_secrets(dict(ctx.arguments), ctx.session.secrets, sending=True, skip_origin=skip)
    if v is None:
        return PASS
    return Result(deny=with_dests(v, facts.destinations))


CHECK = Check("secrets", run, (rules.SECRET_EGRESS,))
