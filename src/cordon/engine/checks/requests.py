"""``requires_request``: a tool the user's own request must ask for.

Sets the fact ``requested`` (the user's own words ask for it), which lets the ``taint`` check
answer the ``actions`` ask when the request also names every destination.
"""

from __future__ import annotations

from cordon.engine import provenance as _prov
from cordon.engine import rules
from cordon.engine.checks._base import PASS, Check, Context, Facts, Result


def run(ctx: Context, facts: Facts) -> Result:
    s, tp = ctx.session, ctx.tp
    if not tp.requires_request:
        return PASS  # (no pattern: no ask, no fact)
    v = _prov.check_requested(ctx.tool, tp.requires_request, s.trusted_texts)
    requested = bool(tp.requires_request) and v is None
    fact = {"requested": True} if requested else {}
    return Result(asks=(v,) if v is not None else (), facts=fact)


CHECK = Check("requests", run, (rules.ACTION_NOT_REQUESTED,))
