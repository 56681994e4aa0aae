"""Rule of Two: an external call after the session read untrusted content, when sensitive
data was read earlier or by this very call, is asked about (:mod:`cordon.engine.trifecta`).

Sets the fact ``legs`` (:class:`~cordon.engine.checks._base.Legs`: ``external``,
``sensitive`` and ``steered``, the legs an allowed call adds to the session; ``steered``: the
repository sensitive data is read from, when the user's text does not name it: after that a
destination the user named, other than that repository, no longer clears the ask).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from cordon.engine import rules
from cordon.engine.checks._base import Check, Context, Facts, Legs, Result
from cordon.engine.commands import reads_sensitive
from cordon.engine.provenance import call_repo_pair


def run(ctx: Context, facts: Facts) -> Result:
    s, tv = ctx.session, ctx.tv
    external = facts.sending or bool(tv.egress)
    sensitive = s._sensitive(ctx.tool, ctx.server, tv, ctx.arguments) or reads_sensitive(ctx)
    pair = _pair(ctx)
    steered = pair if sensitive and pair is not None and pair not in s.trusted_repos else None
    legs = _LEGS.get((external, sensitive, steered))
    if legs is None:
        legs = MappingProxyType({"legs": Legs(external, sensitive, steered)})
    cleared = external and facts.taint.cleared
    voided = cleared and s.legs.steered_away(pair)
    if voided:
        cleared = False
    if not s.legs.may_ask(external, sensitive, cleared):
        # no ask: the call's untrusted_output (read only into an ask's details) is not
        # looked up
        return _NO_ASK.get((external, sensitive, steered)) or Result(facts=legs)
    v = s.legs.check(
        external=external,
        sensitive=sensitive,
        untrusted_output=s._untrusted_output(ctx.tool, ctx.server, ctx.tp),
        destination_allowlisted=cleared,
        steered=voided,
    )
    if v is None or v.verdict == "allow":
        return Result(facts=legs)
    if v.verdict == "deny":
        return Result(deny=v, facts=legs)
    return Result(asks=(v,), facts=legs)


#: the legs a call without a steered repository sets, each one read-only object shared by
#: every such call, and the result of such a call that nothing asks about (a result is never
#: edited: the pipeline reads its facts into the call's own ``Facts``)
_LEGS: dict[tuple[bool, bool, tuple[str, str] | None], Mapping[str, object]] = {
    (e, s, None): MappingProxyType({"legs": Legs(e, s, None)})
    for e in (False, True)
    for s in (False, True)
}
_NO_ASK: dict[tuple[bool, bool, tuple[str, str] | None], Result] = {
    key: Result(facts=legs) for key, legs in _LEGS.items()
}


def _pair(ctx: Context) -> tuple[str, str] | None:
    """The repository the call names (``owner`` and ``repo``, case-folded:
    :mod:`cordon.engine.provenance.repos`), ``("", "")`` for a pair it cannot read as one
    (fail closed: it equals no repository), or None without both arguments."""
    arguments = ctx.arguments
    if "owner" not in arguments or "repo" not in arguments:
        return None
    return call_repo_pair(arguments) or ("", "")


CHECK = Check("rule_of_two", run, (rules.R2_TRIFECTA,))
