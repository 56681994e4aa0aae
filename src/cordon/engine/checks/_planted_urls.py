"""A URL output spelled out on a host the user's text names: the user named the host, the
output chose the place on it.

A URL sink compares a destination by its host (``cordon.taint``, "Matching"), so the user's
text naming any URL of a host vouches for every URL of it. On a shared host that is not
the user's choice of place: anyone can make a Google Form (``docs.google.com/forms/d/e/ID/
formResponse?entry.N=...`` records a GET's query as a response), a gist, a public issue
form, an Apps Script web app (``script.google.com/macros/s/ID/exec?d=...``) or a bucket
path under the same host as the user's document. An injection in the document the user
asked about plants such a URL and has the agent append what it read: with the user's host
named, the send was allowed unasked, and the Rule of Two exempted it as a destination the
user named. The same URL on a host the person approved is denied
(:func:`cordon.engine.checks.taint._own_host_state`: "a form or a redirect on a shared host is the attacker's
as much as a host is"), and so is one on an allowlisted host that does not beat taint.

:func:`planted` says when the user's naming of the host does not clear such a URL: untrusted
output named a path of it (the URL's host and path, or a path it extends: the agent appends
``/formResponse``) longer than any path of it the user's text names, and the call's URL is
not one output held whole, as written, nor that very host and path with no query or
fragment (following a link the output gave carries nothing the output did not hold: reading
a named site page after page by its own links, through either server, stays unasked).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cordon._types import Verdict
from cordon.engine import rules
from cordon.taint import Destination

if TYPE_CHECKING:
    from cordon.engine.checks._base import Context
    from cordon.engine.core import Session

__all__ = ["check", "planted"]


def check(
    ctx: Context, dest: Destination, param: str, named: bool, plain: bool, texts: Sequence[str]
) -> Verdict | None:
    """The deny for ``dest`` when the user's text is what clears it (``named``: names it, in
    this spelling, and the policy lets the user's text beat taint) and it is a place output
    chose on that host (:func:`planted`); ``texts``: the sink argument's strings, as the
    call writes them (each held whole in output: links followed)."""
    if not (named and ctx.tv.trusted_text_beats_taint and planted(ctx.session, dest, plain)):
        return None
    # (every string of the argument: which of a list's strings gave ``dest`` is not kept)
    if all(ctx.session.taint.urls.held(t.strip()) for t in texts) or _bare_link(
        ctx.session, dest, texts
    ):
        return None
    return Verdict(
        verdict="deny",
        rule=rules.TAINT_SEEN_IN_OUTPUT,
        reason=f"URL in '{param}' is a place on the host your request names that untrusted "
        "tool output spelled out, not one your request gives",
        param=param,
        destination=dest.key,
    )


def _bare_link(s: Session, dest: Destination, texts: Sequence[str]) -> bool:
    """The call's URL is a link output named, its host and path exactly, with no query or
    fragment: it carries nothing the output did not hold (spelled in other case, or read
    through another server of the client, whose output's spellings this process does not
    keep: only its keys). A query, a fragment or a path added is where data goes."""
    return s.taint.contains_key(dest.key) and not any("?" in t or "#" in t for t in texts)


def _path_keys(key: str) -> list[str]:
    """``host/a/b/c`` -> ``["host/a", "host/a/b", "host/a/b/c"]``: the host and path keys
    (:func:`cordon.taint.url_keys`) of the URL's path and of each path it extends, shortest
    first; none for a host alone."""
    host, sep, path = key.partition("/")
    if not sep:
        return []
    out: list[str] = []
    at = len(host)
    while True:
        nxt = key.find("/", at + 1)
        if nxt == -1:
            out.append(key)
            return out
        if nxt > at + 1:  # (an empty segment, ``a//b``, is no path of its own)
            out.append(key[:nxt])
        at = nxt


def planted(s: Session, dest: Destination, plain: bool) -> bool:
    """True when ``dest`` (a URL in a URL sink, whose host the user's text names) is a place
    untrusted output chose on that host: output named its path, or a path it extends, longer
    than any the user's text names (whether output held the call's URL whole is
    :func:`check`'s)."""
    if dest.kind != "url" or not dest.host:
        return False
    keys = _path_keys(dest.key)
    if not keys:
        return False
    user = s.trusted_plain if plain else s.trusted
    short = s.taint.min_length
    for key in reversed(keys):  # longest first: the first the user names settles it
        if user.contains_key(key):
            return False
        if len(key) >= short and s.taint.contains_key(key):
            return True
    return False
