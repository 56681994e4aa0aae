"""Secrets never leave: a registered secret in any call, or a secret seen in output in a sending
call or a call to another server than the one it came from, is denied, even after an approval
(invariant 7). Search queries, URLs and command strings are read too, and a secret split
across two arguments of one call.

"Another server" spans processes: a credential another cordon process of the same client
saw in its server's output is published to the client's shared store, hashed
(:mod:`cordon.engine.shared_secrets`), and refused here in any call; this process then keeps
it as a registered secret (the audit log withholds it, later calls find it without the
store). One this process saw itself is passed over only in a call to its own server that
sends nothing, and only when that server produced it (:mod:`cordon.engine.relayed`).
"""

from __future__ import annotations

from cordon._types import Verdict
from cordon.engine import rules
from cordon.engine.checks._base import PASS, Check, Context, Facts, Result, with_dests
from cordon.engine.checks.rendered import as_arguments
from cordon.engine.secrets import SecretSet, check_secrets, withheld_marker
from cordon.engine.shared_secrets import find_shared, mentions

#: the label of a credential another process of the client saw
SHARED_NAME = "seen by another server"


def run(ctx: Context, facts: Facts) -> Result:
    session = ctx.session
    sending = facts.legs.external or facts.sending
    # a call that does not send may carry back what its own server returned
    skip = None if sending else ctx.server
    asks: tuple[Verdict, ...] = ()
    if facts.rendered:
        # an image URL goes to its host, not back to the server: no secret passes over
        v = _in_rendered(ctx, facts)
        if v is not None:
            return Result(deny=with_dests(v, facts.taint.destinations))
    if len(session.secrets):
        v = check_secrets(dict(ctx.arguments), session.secrets, sending=True, skip_origin=skip)
        if v is not None and v.verdict == "deny":
            return Result(deny=with_dests(v, facts.taint.destinations))
        if v is not None:  # a compressed stream past the cap (secret.unreadable)
            asks = (with_dests(v, facts.taint.destinations),)
    shared = session.engine.shared_secrets
    if shared is None:
        return Result(asks=asks) if asks else PASS
    secrets = session.secrets
    hit = find_shared(
        dict(ctx.arguments),
        shared,
        skip=None if skip is None else (lambda core: secrets.seen_only_from(core, skip)),
    )
    if hit is None:
        return Result(asks=asks) if asks else PASS
    v = _shared_deny(secrets, *hit)
    return Result(deny=with_dests(v, facts.taint.destinations))


def _shared_deny(secrets: SecretSet, core: str, path: str, to: str = "") -> Verdict:
    """``secret.egress`` for a credential another process of the client saw (``core``, found
    at ``path``; ``to``: where the call takes it), kept from now on as a registered secret.
    The label names it, never the value: a path that holds it is withheld too."""
    secrets.add(core, name=SHARED_NAME)
    label = secrets.label(core)
    marker = withheld_marker(label, core)
    if path and mentions(path, core):  # an object key carries it: the path is withheld too
        path = marker
    where = f"argument '{path}'" if path else "the call (split across arguments)"
    return Verdict(
        verdict="deny",
        rule=rules.SECRET_EGRESS,
        reason=f"{where} carries a {label}{to}; secrets never leave",
        param=path or None,
        details={"secret": label, "encoding": "shared", "withheld": marker},
    )


def _in_rendered(ctx: Context, facts: Facts) -> Verdict | None:
    """A deny when a URL of the fact ``rendered`` carries a registered secret, one seen in
    any server's output, or one another process of the client saw."""
    session = ctx.session
    urls = as_arguments(facts.rendered)
    if len(session.secrets):
        v = check_secrets(urls, session.secrets, sending=True)
        if v is not None and v.verdict == "deny":
            return v
    shared = session.engine.shared_secrets
    hit = None if shared is None else find_shared(dict(urls), shared)
    if hit is None:
        return None
    return _shared_deny(session.secrets, *hit, to=" to the host of a rendered resource")


CHECK = Check("secrets", run, (rules.SECRET_EGRESS, rules.SECRET_UNREADABLE))
