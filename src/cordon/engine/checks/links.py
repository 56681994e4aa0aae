"""Forwarded links: message text (an argument that is not a sink) of a sending call that
carries a link to a host first seen in untrusted output, which nothing vouches for.

Phishing relayed through the agent: links are compared by host, since any page of a host the
attacker named is theirs. Runs on the facts of the ``taint`` check (a sending call with its
declared sinks; the sink arguments themselves are that check's).
"""

from __future__ import annotations

from typing import Any

from cordon._types import Verdict
from cordon.engine import args as _args
from cordon.engine import provenance as _prov
from cordon.engine import rules
from cordon.engine.checks import _vouching
from cordon.engine.checks._base import PASS, Check, Context, Facts, Result, asks
from cordon.engine.checks._spelling import odd_spelling, plain_keys


def run(ctx: Context, facts: Facts) -> Result:
    sent = facts.taint
    if not facts.sending or sent.fallback:
        return PASS
    found = []
    sink_names, may_link = sent.sink_names, _prov.may_link
    for name, value in ctx.arguments.items():
        if name in sink_names or (type(value) is str and not may_link(value)):
            continue  # (a sink is the taint check's; forwarded_links of the rest finds nothing)
        v = forwarded_link(ctx, name, value)
        if v is not None:
            found.append(v)
    return asks(*found) if found else PASS


def _odd_keys(value: Any) -> set[str]:
    """Keys of the links written with look-alike characters, found per whitespace-separated
    word: an earlier send of the real address vouches for none of them."""
    return {
        d.key
        for leaf in _args.leaves(value)
        if isinstance(leaf, str) and odd_spelling(leaf)
        for word in leaf.split()
        if odd_spelling(word)
        for d in _prov.forwarded_links(word)
    }


def forwarded_link(ctx: Context, name: str, value: Any) -> Verdict | None:
    """An ask when ``value`` carries a link to a host first seen in untrusted output that
    the user's text does not vouch for (rule ``taint.forwarded_link``)."""
    links = _prov.forwarded_links(value)
    if not links:
        return None
    s, server = ctx.session, ctx.server
    by_user, by_directory = _vouching.spelled(s, value, server)
    odd_keys = _odd_keys(value)
    # links written plainly: the user's or a directory's look-alike spelling of the same
    # key vouches for none of them
    plain_set = plain_keys(value, _prov.forwarded_links)
    for dest in links:
        plain = plain_set is None or dest.key in plain_set
        if (
            (by_user and _vouching.user_named(s, dest, plain))
            or (dest.key in s.vouched and dest.key not in odd_keys)
            or (by_directory and _vouching.listed(s, server, dest.key, plain))
        ):
            continue
        if s.taint.lookup(dest, sink_is_url=True) != "clean":
            return Verdict(
                verdict="ask",
                rule=rules.TAINT_FORWARDED_LINK,
                reason=f"'{name}' carries a link first seen in untrusted tool output",
                param=name,
                destination=dest.key,
                # a look-alike link: an approval covers these very arguments, not the
                # folded key a plain link shares
                details={} if plain else {"odd_spelling": True},
            )
    return None


CHECK = Check("links", run, (rules.TAINT_FORWARDED_LINK,))
