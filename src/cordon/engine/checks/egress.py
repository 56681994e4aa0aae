"""Egress: SSRF-shaped destinations (metadata endpoints, private addresses, odd schemes, DNS
tunnels) are denied; in allowlist mode, a host outside ``egress.allow`` is asked about.

A tool the policy declares local (``exfiltrating: false`` and ``egress: false``: the
filesystem and git packs) reaches nothing off the machine, so the text it stores is not a
destination: a file written with ``listens on 127.0.0.1:8080`` or a commit message with an
intranet URL is no request to that address. Its path and sink parameters, and any value under
a host- or URL-named key, are still judged (a UNC path names a host; a ``url`` argument of a
tool declared local is read as one), and so are the image and embed URLs of a tool that
``renders`` (fact ``rendered``). Declared by the policy only: a server's own
``openWorldHint`` lifts nothing.

A sending tool whose policy names where it sends (``exfiltrating: true`` with
``sink_params``: a chat post, an issue comment, an e-mail) is read the same way: the message
goes to its sink, and an address in its text is data the recipients read, not a request to
that address ("db at 10.2.3.4 is down" posted to the channel the user named was denied, and
no approval could pass it). What the platform itself fetches from that text is still judged:
image and embed URLs of a ``renders`` tool and every link of an ``unfurls`` tool (fact
``rendered``: a self-hosted platform's unfurler runs inside the network). A sending tool
with no declared sinks keeps every string read (fail closed: nothing says which one is the
destination)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from cordon.engine import rules
from cordon.engine.checks._base import Check, Context, Facts, Result, deny_or_ask
from cordon.engine.checks.rendered import as_arguments
from cordon.engine.commands import command_egress
from cordon.engine.egress import DEFAULT_HOST_PARAMS, _key_kind, check_egress
from cordon.engine.walk import call_walk

Leaf = tuple[str, str, Any]


def _under(path: str, names: Collection[str]) -> bool:
    """``path`` (a dotted argument path) is one of ``names`` or inside one. A key holding a
    dot or bracket may match more than it names: more is read, never less."""
    if path in names:
        return True
    for n in names:  # (a loop, not a generator: read for every leaf of every such call)
        if path.startswith(n) and path[len(n) : len(n) + 1] in (".", "["):
            return True
    return False


def _leaves(ctx: Context) -> tuple[Leaf, ...]:
    """The leaves egress reads: all of them, or for a tool the policy declares local or
    sending to its declared sinks (module docstring) those under its path and sink parameters
    or under a host- or URL-named key."""
    scalars = call_walk(ctx).scalars
    tp = ctx.tv
    declared_send = tp.exfiltrating is True and bool(tp.sink_params)
    if not declared_send and (tp.exfiltrating is not False or tp.egress is not False):
        return scalars
    if type(ctx.arguments) is not dict and not isinstance(ctx.arguments, Mapping):
        return scalars  # (no named arguments to tell data from places: every string is read)
    places = tp.egress_places
    kept: list[Leaf] = []
    for leaf in scalars:  # (a loop, not a comprehension: a frame less on every send)
        if _under(leaf[0], places) or (leaf[1] and _key_kind(leaf[1], DEFAULT_HOST_PARAMS)):
            kept.append(leaf)
    return tuple(kept)


def run(ctx: Context, facts: Facts) -> Result:
    policy = ctx.session.engine.egress
    v = check_egress(ctx.arguments, policy, scalars=_leaves(ctx))
    if facts.rendered and (v is None or v.verdict != "deny"):
        # the hosts of image and embed URLs a page fetches (fact ``rendered``), for a tool
        # declared local too: the platform renders what it stores
        seen = check_egress(as_arguments(facts.rendered), policy)
        if seen is not None and (v is None or seen.verdict == "deny"):
            v = seen
    if v is None or v.verdict != "deny":
        # hosts and URLs of network commands in exec tools' command strings
        found = command_egress(ctx)
        if found is not None and (v is None or found.verdict == "deny"):
            v = found
    return deny_or_ask(v)


CHECK = Check(
    "egress",
    run,
    (
        rules.EGRESS_METADATA,
        rules.EGRESS_PRIVATE_ADDRESS,
        rules.EGRESS_SCHEME,
        rules.EGRESS_DNS_TUNNEL,
        rules.EGRESS_NOT_ALLOWLISTED,
    ),
)
