"""Egress: SSRF-shaped destinations (metadata endpoints, private addresses, odd schemes, DNS
tunnels) are denied; in allowlist mode, a host outside ``egress.allow`` is asked about."""

from __future__ import annotations

from cordon.engine import rules
from cordon.engine.checks._base import Check, Context, Facts, Result, deny_or_ask
from cordon.engine.commands import command_egress
from cordon.engine.egress import check_egress
from cordon.engine.walk import call_walk


def run(ctx: Context, facts: Facts) -> Result:
    v = check_egress(ctx.arguments, ctx.session.engine.egress, scalars=call_walk(ctx).scalars)
    if v is None or v.verdict != "deny":
        # hosts and URLs of network commands in exec tools' command strings
        found = command_egress(ctx)
        if found is not None and (v is None or found.verdict == "deny"):
            v = found
    return deny_or_ask(v)


CHECK = Check(
    "egress",
    run,
    (
        rules.EGRESS_METADATA,
        rules.EGRESS_PRIVATE_ADDRESS,
        rules.EGRESS_SCHEME,
        rules.EGRESS_DNS_TUNNEL,
        rules.EGRESS_NOT_ALLOWLISTED,
    ),
)
