"""``requires_request``: a tool the user's own request must ask for; and, with no such key,
the default for consequential actions (:mod:`._consequential`).

Sets the fact ``requested`` (the user's own words match the tool's ``requires_request``),
which lets the ``taint`` check answer the ``actions`` ask when the request also names every
destination. The default only ever asks: it sets no fact, so it answers nothing.

Either way, a booking, rental or calendar entry the request does ask for is also held to the
dates and the object the request gives for it (:mod:`._details`): "book a hotel for May 1st"
does not let an injected booking for May 13th through, nor "book a flight" a hotel room.
"""

from __future__ import annotations

from cordon._types import Verdict
from cordon.engine import provenance as _prov
from cordon.engine import rules
from cordon.engine.checks import _consequential, _details
from cordon.engine.checks._base import PASS, Check, Context, Facts, Result
from cordon.policy import ToolPolicy


def run(ctx: Context, facts: Facts) -> Result:
    s, tp = ctx.session, ctx.tp
    if not tp.requires_request:
        return _default(ctx)
    v = _prov.check_requested(ctx.tool, tp.requires_request, s.trusted_texts)
    if v is None:
        v = _detail(ctx)  # (asked for, but maybe not this one: then not ``requested``)
    fact = {"requested": True} if v is None else {}
    return Result(asks=(v,) if v is not None else (), facts=fact)


def _trusted_tool(ctx: Context) -> bool:
    """The tool is under ``trust_tools`` (which skips the built-in action asks)."""
    policy = ctx.session.engine.policy
    sp = policy.servers.get(ctx.server)
    return ctx.tool in policy.trust_tools or (sp is not None and ctx.tool in sp.trust_tools)


def _detail(ctx: Context) -> Verdict | None:
    """The request asks for this kind of action: an ask when the call's dates or booked
    object are not those it gives (:mod:`._details`)."""
    s = ctx.session
    family = _consequential.family_of(ctx.tool)
    if family is None or family.name not in _details.DATED or _trusted_tool(ctx):
        return None
    if s._annotation(ctx.server, ctx.tool, "readOnlyHint") is True:
        return None
    return _details.check_details(ctx.tool, family, ctx.arguments, s.trusted_texts)


def _default(ctx: Context) -> Result:
    """The built-in ask for a consequential action the user's request does not ask for;
    nothing without trusted text, and nothing for a tool under ``trust_tools`` (it skips
    the built-in action asks, as in the ``actions`` check)."""
    s, tool = ctx.session, ctx.tool
    if not s.trusted_texts or _consequential.family_of(tool) is None:
        return PASS  # (the common cases first: no request, or not such a tool by name)
    if _trusted_tool(ctx):
        return PASS
    read_only = s._annotation(ctx.server, tool, "readOnlyHint") is True
    v = _consequential.check_default(tool, read_only=read_only, trusted_texts=s.trusted_texts)
    if v is None:
        v = _detail(ctx)
    return Result(asks=(v,)) if v is not None else PASS


def applies(tool: str, tp: ToolPolicy) -> bool:
    """:func:`run` passes every call of a tool with no ``requires_request`` whose name gives
    no family of consequential actions (:func:`_default` returns at once for it)."""
    return bool(tp.requires_request) or _consequential.family_of(tool) is not None


CHECK = Check("requests", run, (rules.ACTION_NOT_REQUESTED,), applies)
