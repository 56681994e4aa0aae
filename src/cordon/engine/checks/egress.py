"""Egress: SSRF-shaped destinations (metadata endpoints, private addresses, odd schemes, DNS
tunnels) are denied; in allowlist mode, a host outside ``egress.allow`` is asked about."""

from __future__ import annotations

from cordon.engine import rules
from cordon.engine.checks._base import Check, Context, Facts, Result, deny_or_ask
from cordon.engine.egress import check_egress


def run(ctx: Context, facts: Facts) -> Result:
    return deny_or_ask(check_egress(dict(ctx.arguments), ctx.session.engine.egress))


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
