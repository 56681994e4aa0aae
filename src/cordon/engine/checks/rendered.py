"""Rendered resources: an image or embed URL in content a ``renders`` tool writes (a wiki
page, an issue, a comment; declared so, or unset and named so:
:func:`cordon.engine.rendered.renders_by_name`) is fetched by every viewer's client with no
click, so it is judged as a destination the call sends to, whatever the tool's other flags
say. The markdown-image exfiltration class (EchoLeak, CVE-2025-32711; CamoLeak); the URL
forms are :mod:`cordon.engine.rendered`'s.

This check finds the URLs (fact ``rendered``) and asks about each one whose host was first
seen in untrusted output (or with history lost) and that the user's text, a directory or an
earlier approval does not vouch for (``taint.rendered_resource``): an injected "add this
image" is how the beacon gets its host. A URL whose host cannot be read is asked about too.
The later checks read the fact: ``egress`` judges each URL's host (a metadata or private
address is denied, a host outside the allowlist asked about), ``secrets`` and ``dlp`` deny a
secret or a known-format credential in one, whichever server it came from (the URL goes to
its host, not back to the server). A tool declared local (``exfiltrating: false``,
``egress: false``) is read here all the same: the text is stored by the platform, which
renders it.

An embed set that copies one earlier output's URLs on its hosts whole, as written, in
order and as often (a README rewritten with the badges it was read with) carries nothing
that output did not hold, so it is not asked about for its hosts' taint; a URL with anything
added or changed, or a choice among the output's URLs (a subset, another order, a repeat:
CamoLeak's one pre-made URL per character) is (:mod:`cordon.taint._verbatim`). A tool
declared ``renders: files`` (a local file writer: the filesystem and Desktop Commander
packs) is read only when a path it writes is of a kind a viewer renders
(:data:`._rendered_writes.RENDERED_EXTENSIONS`: an editor's markdown preview, GitHub's file
view after a push, a browser). The same files written otherwise are read too
(:mod:`._rendered_writes`): the embeds in what a shell command writes into one, in any tool
whose arguments hold a command (``echo '![](...)' > x.md``), and a move or copy that makes
one from a file of another kind (a ``.txt`` moved onto a ``.md``), which is asked about.

A tool declared ``unfurls: true`` (a chat post: Slack, Teams, Discord) has every link in
what it writes read as such a URL too: the platform's own servers fetch each link to build
its preview with no click (Slack's link unfurling; ``chat.postMessage`` unfurls media by
default), so the link's query reaches its host as an image's does (the link-unfurling
exfiltration class). The ask names the whole link, so an approval covers that link only,
not another query on its host (the ``links`` check, which keys a link by host and path, let
``?d=...`` through after one approval).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cordon._types import Verdict
from cordon.engine import provenance as _prov
from cordon.engine import rules
from cordon.engine.checks._base import PASS, Check, Context, Facts, Result
from cordon.engine.checks._rendered_writes import (
    command_writes,
    made_from_other,
    rendered_name,
)
from cordon.engine.checks.links import forwarded_link
from cordon.engine.rendered import fetched_key, plain_texts, rendered_urls, renders_by_name
from cordon.taint._verbatim import Token, url_host, url_tokens


def run(ctx: Context, facts: Facts) -> Result:
    unfurled: tuple[tuple[str, str], ...] = ()
    found: tuple[tuple[str, str], ...] = ()
    asked: list[Verdict] = []
    if ctx.tv.unfurls is True:
        found = tuple(rendered_urls(ctx.arguments))
        unfurled = _links(ctx, {url for _, url in found})
        found += unfurled
    elif _renders(ctx) and (ctx.tv.renders != "files" or _rendered_target(ctx)):
        # (the path tests of a local file writer, renders: files; the others render all)
        made = made_from_other(ctx) if ctx.tv.renders == "files" else None  # (notes.txt->.md)
        if made is not None:
            asked.append(made)
        if not _plain(ctx):
            found = tuple(rendered_urls(ctx.arguments))
    # a command writing a rendered file (echo '![](...)' > x.md), in any tool whose
    # arguments hold one: its embeds judged as a writer's (checks._rendered_writes)
    written, made_asks = command_writes(ctx)
    if written:
        found += tuple(pair for pair in written if pair not in found)
    asked.extend(made_asks)
    if not found:
        return Result(asks=tuple(asked)) if asked else PASS
    tainted: list[tuple[str, str, Verdict]] = []
    for path, url in found:
        how = _UNFURLED if (path, url) in unfurled else _VIEWED
        if not _prov.forwarded_links(url):
            asked.append(_ask(path, None, "a resource whose host cannot be read", how))
            continue
        seen = forwarded_link(ctx, path, url)
        if seen is None:
            continue
        if how is _UNFURLED:
            # a link a chat unfurls is also clicked by the channel: a planted link relayed
            # to colleagues is asked about even as written
            asked.append(_tainted(path, url, seen, how))
        else:
            tainted.append((path, url, seen))
    # embeds that copy one earlier output's URLs on their hosts whole, as written, in order
    # (a README rewritten with its badges kept) carry nothing that output did not hold:
    # not asked for their hosts' taint. Anything added or changed (?d=..., another path)
    # or chosen (a subset, another order: CamoLeak's one URL per character) still is; the
    # later checks judge a secret in any URL (cordon.taint._verbatim)
    if tainted and not _copied(ctx, [url for _, url, _ in tainted]):
        asked.extend(_tainted(path, url, seen, _VIEWED) for path, url, seen in tainted)
    return Result(asks=tuple(asked), facts={"rendered": found})


def _copied(ctx: Context, urls: list[str]) -> bool:
    """Whether the call's embeds ``urls`` (to tainted hosts) copy one earlier output's URLs
    on those hosts (:meth:`cordon.taint._verbatim.VerbatimURLs.copied`): the URL tokens of
    its strings as written, in order and with repeats, are that output's; and with those
    tokens cut out its arguments embed nothing on those hosts (nor any URL whose host cannot
    be read), so no repeat spelled otherwise (a character reference, a CSS escape, no
    slashes), which the extractor reads once whatever the count, carries a choice."""
    hosts = {url_host(u) for u in urls}
    written: list[Token] = []
    cut = _cut(ctx.arguments, hosts, written)
    if cut is _OVER or not ctx.session.taint.urls.copied(urls, written):
        return False
    return all(url_host(u) not in hosts | {None} for _, u in rendered_urls(cut))


_OVER = object()


def _cut(value: Any, hosts: set[str | None], written: list[Token]) -> Any:
    """``value`` with every URL token on ``hosts`` in its strings replaced by a space, each
    string's tokens appended to ``written``; :data:`_OVER` past the tokens' cap."""
    if isinstance(value, str):
        found = url_tokens(value)
        if found is None:
            return _OVER
        written.extend(found)
        out: list[str] = []
        end = 0
        for host, _, (start, stop) in found:
            if host in hosts:
                out += (value[end:start], " ")
                end = stop
        return "".join(out) + value[end:] if out else value
    if isinstance(value, dict):
        items = {k: _cut(v, hosts, written) for k, v in value.items()}
        return _OVER if any(v is _OVER for v in items.values()) else items
    if isinstance(value, (list, tuple)):
        seq = [_cut(v, hosts, written) for v in value]
        return _OVER if any(v is _OVER for v in seq) else seq
    return value


def _tainted(path: str, url: str, seen: Verdict, how: str) -> Verdict:
    what = "a resource from a host first seen in untrusted tool output"
    # the whole URL is the destination asked about: its query and fragment are what the
    # beacon carries, so an approval covers this URL only, not the host's others (one
    # approved pixel would otherwise carry any data after it: ?d=...)
    details = {**seen.details, "host": seen.destination}
    return _ask(path, url, what, how, details)


_VIEWED = "every viewer's client fetches it without a click"
_UNFURLED = "the platform fetches every link to preview it, without a click"


def _links(ctx: Context, known: set[str]) -> tuple[tuple[str, str], ...]:
    """Every link written in an argument of an ``unfurls`` tool (as the ``links`` check
    finds them: :func:`cordon.engine.provenance.forwarded_links`) that is not in ``known``,
    under that argument's name: the platform fetches each one to preview it."""
    out: list[tuple[str, str]] = []
    for name, value in ctx.arguments.items():
        if type(value) is str and not _prov.may_link(value):
            continue
        for dest in _prov.forwarded_links(value):
            if dest.raw not in known:
                known.add(dest.raw)
                out.append((name, dest.raw))
    return tuple(out)


def _plain(ctx: Context) -> bool:
    """A call whose arguments are all scalars, none named as a fetched member, and whose
    strings hold no markup (the usual send: an address and a sentence): nothing to read,
    decided without the extractor's walk (the same answer, a few microseconds sooner)."""
    texts: list[str] = []
    for key, value in ctx.arguments.items():
        if type(value) is str:
            if fetched_key(key):
                return False
            texts.append(value)
        elif value is not None and type(value) not in (int, float, bool):
            return False  # (an object or array: the extractor reads it)
    return plain_texts(texts)


def _rendered_target(ctx: Context) -> bool:
    """For a tool declared ``renders: files`` (a local file writer): whether a path it
    writes names a file a viewer renders (:data:`._rendered_writes.RENDERED_EXTENSIONS`, any case;
    trailing dots and spaces dropped, as Windows drops them). A file of another kind (a
    ``.txt``, a ``.py``) is shown as text, its URLs fetched by no one. No path to read (the
    argument missing, not a string; no ``path_params``): judged, fail closed. Another
    ``renders`` tool writes to a platform that renders whatever it stores: judged."""
    names = ctx.tv.path_params
    if ctx.tv.renders != "files" or not names:
        return True
    paths: list[str] = []
    for name in names:
        value = ctx.arguments.get(name)
        values: list[Any] = value if isinstance(value, list) else [value]
        if not values or not all(type(v) is str for v in values):
            return True
        paths.extend(str(v) for v in values)
    if not paths:
        return True
    return any(rendered_name(path) for path in paths)


def _renders(ctx: Context) -> bool:
    """The policy's ``renders``; unset, the tool's name (:func:`renders_by_name`), unless
    its server marks it ``readOnlyHint`` (MCP 2025-06-18: it does not modify anything)."""
    renders = ctx.tv.renders
    if renders is not None:
        return bool(renders)
    if not renders_by_name(ctx.tool):
        return False
    return ctx.session._annotation(ctx.server, ctx.tool, "readOnlyHint") is not True


def as_arguments(rendered: Sequence[tuple[str, str]]) -> dict[str, str]:
    """The fact ``rendered`` as call arguments for the later checks: each URL under its
    argument's path (a second URL in one argument under ``path#2``...)."""
    out: dict[str, str] = {}
    for path, url in rendered:
        key, n = path, 1
        while key in out:
            n += 1
            key = f"{path}#{n}"
        out[key] = url
    return out


def _ask(
    path: str,
    destination: str | None,
    what: str,
    how: str = _VIEWED,
    details: dict[str, Any] | None = None,
) -> Verdict:
    return Verdict(
        verdict="ask",
        rule=rules.TAINT_RENDERED_RESOURCE,
        reason=f"'{path}' embeds {what}; {how}",
        param=path,
        destination=destination,
        details=details or {},
    )


#: no ``applies``: a command string, in any tool's arguments (a ``command`` parameter:
#: :data:`cordon.engine.commands.SHELL_PARAMS`), may write a rendered file
CHECK = Check("rendered", run, (rules.TAINT_RENDERED_RESOURCE,))
