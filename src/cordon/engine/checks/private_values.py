"""``private_values``: an identifier from the user's private record (a passport or card
number a ``private_values`` tool returned) in a sending call is asked about, unless the user's
request gives it. Matched like secrets, through encodings."""

from __future__ import annotations

from cordon._types import Verdict
from cordon.engine import provenance as _prov
from cordon.engine import rules
from cordon.engine.checks._base import PASS, Check, Context, Facts, Result


def run(ctx: Context, facts: Facts) -> Result:
    private = ctx.session.private
    if not (facts.external or facts.sending) or not len(private):
        return PASS
    # as written, then with separators dropped and numbers as text: a card recorded with
    # dashes and sent with spaces, or sent as a JSON number
    hit = private.locate(dict(ctx.arguments)) or private.locate(
        _prov.compact_view(dict(ctx.arguments))
    )
    if hit is None:
        return PASS
    return Result(
        asks=(
            Verdict(
                verdict="ask",
                rule=rules.TAINT_PRIVATE_VALUE,
                reason=(
                    f"argument '{hit[2]}' carries a value from the user's private "
                    "record that the user's request does not give"
                ),
                param=hit[2] or None,
            ),
        )
    )


CHECK = Check("private_values", run, (rules.TAINT_PRIVATE_VALUE,))
