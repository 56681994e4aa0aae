"""``requires_request``: a tool the user's own request must ask for; and, with no such key,
the default for consequential actions (:mod:`._consequential`).

Sets the fact ``requested`` (the user's own words match the tool's ``requires_request``),
which lets the ``taint`` check answer the ``actions`` ask when the request also names every
destination. The default only ever asks: it sets no fact, so it answers nothing.
"""

from __future__ import annotations

from cordon.engine import provenance as _prov
from cordon.engine import rules
from cordon.engine.checks import _consequential
from cordon.engine.checks._base import PASS, Check, Context, Facts, Result


def run(ctx: Context, facts: Facts) -> Result:
    s, tp = ctx.session, ctx.tp
    if not tp.requires_request:
        return _default(ctx)
    v = _prov.check_requested(ctx.tool, tp.requires_request, s.trusted_texts)
    requested = bool(tp.requires_request) and v is None
    fact = {"requested": True} if requested else {}
    return Result(asks=(v,) if v is not None else (), facts=fact)


def _default(ctx: Context) -> Result:
    """The built-in ask for a consequential action the user's request does not ask for;
    nothing without trusted text, and nothing for a tool under ``trust_tools`` (it skips
    the built-in action asks, as in the ``actions`` check)."""
    s, tool = ctx.session, ctx.tool
    if not s.trusted_texts or _consequential.family_of(tool) is None:
        return PASS  # (the common cases first: no request, or not such a tool by name)
    policy = s.engine.policy
    sp = policy.servers.get(ctx.server)
    if tool in policy.trust_tools or (sp is not None and tool in sp.trust_tools):
        return PASS
    read_only = s._annotation(ctx.server, tool, "readOnlyHint") is True
    v = _consequential.check_default(tool, read_only=read_only, trusted_texts=s.trusted_texts)
    return Result(asks=(v,)) if v is not None else PASS


CHECK = Check("requests", run, (rules.ACTION_NOT_REQUESTED,))
