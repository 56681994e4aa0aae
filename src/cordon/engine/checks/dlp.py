"""``secret.pattern``: a credential in a known format that nobody registered (an AWS key id, a
GitHub token, a private key block...) in any argument of any call is denied, never approvable
(issue 23). The formats, their checksums and the encodings seen through are
:mod:`cordon.engine.dlp`'s.

Every call is read, not only sending ones: any call reaches a server, which can pass what it
is given anywhere. Two exceptions: a format the tool's ``allow_secret_patterns`` names (or
``secrets.patterns: off``), and, in a call that does not send, a credential this very server
returned earlier (it has it already; sending it back discloses nothing), except in an image
or embed URL of a tool that ``renders`` (fact ``rendered``), which goes to that URL's host.
"""

from __future__ import annotations

import itertools

from cordon._types import Verdict
from cordon.engine import rules
from cordon.engine.checks._base import PASS, Check, Context, Facts, Result, with_dests
from cordon.engine.checks.rendered import as_arguments
from cordon.engine.secrets import withheld_marker
from cordon.engine.walk import call_walk

#: the memo key (:attr:`Context.memo`) set when the DLP's first test found that no string of
#: the call can hold a credential in a known format (:meth:`cordon.engine.dlp.Detector.quiet`)
FORMAT_QUIET = "format_quiet"

_HOW = {
    "plain": "",
    "decoded": " (found after decoding)",
    "reversed": " (reversed)",
    "joined": " (split across arguments)",
}


def run(ctx: Context, facts: Facts) -> Result:
    session = ctx.session
    if not ctx.tv.secret_patterns:
        return PASS
    allowed = ctx.tv.allow_secret_patterns
    if "*" in allowed:
        return PASS
    walked = call_walk(ctx)
    if not facts.rendered and session.engine.dlp.quiet(walked):
        ctx.memo[FORMAT_QUIET] = True  # (the audit copy of the arguments reads it: Session)
        return PASS  # (no string of the call can hold a known format: the usual call)
    sending = facts.legs.external or facts.sending
    # a rendered URL goes to its host, not back to the server: read first, none passed over
    rendered = (
        ((hit, path, True) for hit, path in session.engine.dlp.hits(as_arguments(facts.rendered)))
        if facts.rendered
        else ()
    )
    found = ((hit, path, False) for hit, path in session.engine.dlp.hits(ctx.arguments, walked))
    for hit, path, to_host in itertools.chain(rendered, found):
        if hit.kind in allowed:
            continue
        if not (sending or to_host) and session.secrets.seen_only_from(hit.value, ctx.server):
            continue
        label = f"secret {hit.kind}"
        marker = withheld_marker(label, hit.value)
        # an object key may be the credential itself: the path names it by its marker
        path = path.replace(hit.value, marker)
        where = f"argument '{path}'" if path else "the call's arguments"
        v = Verdict(
            verdict="deny",
            rule=rules.SECRET_PATTERN,
            reason=(
                f"{where} carries a credential in a known format ({hit.secret_type})"
                f"{_HOW.get(hit.encoding, '')}; secrets never leave"
            ),
            param=path or None,
            details={"secret": label, "encoding": hit.encoding, "withheld": marker},
        )
        return Result(deny=with_dests(v, facts.taint.destinations))
    return PASS


CHECK = Check("dlp", run, (rules.SECRET_PATTERN,))
