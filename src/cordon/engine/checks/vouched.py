"""``vouched_names`` and ``vouched_params``: an action's object, or a name in its text, that
neither the user nor a directory listing gave (injected recipients and objects)."""

from __future__ import annotations

from cordon.engine import provenance as _prov
from cordon.engine import rules
from cordon.engine.checks import _vouching
from cordon.engine.checks._base import Check, Context, Facts, Result, asks


def run(ctx: Context, facts: Facts) -> Result:
    s, tp, server = ctx.session, ctx.tp, ctx.server
    by_names = by_params = None
    if tp.vouched_names:
        listed = s.directory.get(server, set())
        by_names = _prov.unvouched_names(
            ctx.arguments,
            tp.vouched_names,
            listed,
            s._trusted_norm(),
            s.trusted_words,
            (
                s.directory_plain.get(server, listed),
                s._trusted_norm(plain=True),
                s.trusted_plain_words,
            ),
        )
    if tp.vouched_params:
        listed = s.directory.get(server, set())
        by_params = _prov.check_vouched(
            ctx.arguments,
            tp.vouched_params,
            listed,
            s._trusted_norm(),
            lambda leaf: _vouching.spelled(s, leaf, server),
            (s.directory_plain.get(server, listed), s._trusted_norm(plain=True)),
        )
    return asks(by_names, by_params)


CHECK = Check("vouched", run, (rules.TAINT_UNVOUCHED_VALUE,))
