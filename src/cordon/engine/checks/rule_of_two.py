"""Rule of Two: an external call after the session read untrusted content, when sensitive
data was read earlier or by this very call, is asked about (:mod:`cordon.engine.trifecta`).

Sets the facts ``external`` and ``sensitive`` (the legs an allowed call adds to the session).
"""

from __future__ import annotations

from cordon.engine import rules
from cordon.engine.checks._base import Check, Context, Facts, Result
from cordon.engine.commands import reads_sensitive


def run(ctx: Context, facts: Facts) -> Result:
    s, tp = ctx.session, ctx.tp
    external = facts.sending or bool(tp.egress)
    sensitive = s._sensitive(ctx.tool, ctx.server, tp, ctx.arguments) or reads_sensitive(ctx)
    legs = {"external": external, "sensitive": sensitive}
    cleared = external and facts.cleared
    if not s.legs.may_ask(external, sensitive, cleared):
        # no ask: the call's untrusted_output (read only into an ask's details) is not
        # looked up
        return Result(facts=legs)
    v = s.legs.check(
        external=external,
        sensitive=sensitive,
        untrusted_output=s._untrusted_output(ctx.tool, ctx.server, tp),
        destination_allowlisted=cleared,
    )
    if v is None or v.verdict == "allow":
        return Result(facts=legs)
    if v.verdict == "deny":
        return Result(deny=v, facts=legs)
    return Result(asks=(v,), facts=legs)


CHECK = Check("rule_of_two", run, (rules.R2_TRIFECTA,))
