"""Rule of Two: an external call after the session read untrusted content, when sensitive
data was read earlier or by this very call, is asked about (:mod:`cordon.engine.trifecta`).

Sets the facts ``external``, ``sensitive`` and ``steered`` (the legs an allowed call adds to
the session; ``steered``: sensitive data read from a repository the user did not name, after
which a destination the user named no longer clears the ask).
"""

from __future__ import annotations

from cordon.engine import rules
from cordon.engine.checks._base import Check, Context, Facts, Result
from cordon.engine.commands import reads_sensitive
from cordon.engine.provenance import call_repo_pair


def run(ctx: Context, facts: Facts) -> Result:
    s, tp = ctx.session, ctx.tp
    external = facts.sending or bool(tp.egress)
    sensitive = s._sensitive(ctx.tool, ctx.server, tp, ctx.arguments) or reads_sensitive(ctx)
    legs = {"external": external, "sensitive": sensitive, "steered": sensitive and _steered(ctx)}
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


def _steered(ctx: Context) -> bool:
    """The call names a repository (``owner`` and ``repo``) the user's text does not name
    (:mod:`cordon.engine.provenance.repos`): a sensitive read of it was picked by whatever
    the agent read, not by the user (:mod:`cordon.engine.trifecta`). One it cannot read as a
    pair counts too (fail closed)."""
    arguments = ctx.arguments
    if "owner" not in arguments or "repo" not in arguments:
        return False
    pair = call_repo_pair(arguments)
    return pair is None or pair not in ctx.session.trusted_repos


CHECK = Check("rule_of_two", run, (rules.R2_TRIFECTA,))
