"""Client requests other than ``tools/call`` that carry values the agent chose.

``tools/call`` is not the only way an agent's choices reach a server. MCP clients let the
model read a resource by URI (Claude Code's resource tools, ``@`` mentions), fill a prompt's
arguments and ask for completions of them. A fooled agent can use each as a channel:

* ``resources/read`` (and ``resources/subscribe`` / ``resources/unsubscribe``) of a network
  URI is a fetch: MCP (server/resources, "Common URI Schemes") defines ``https://`` as a
  resource on the web, and a server whose resource templates take a URL fetches it. A host
  planted in output, or data in the URI's query, leaves as it would through a fetch tool
  (destination taint, egress, SSRF). The request is decided as a fetch of that URL
  (:data:`cordon.engine.checks.FETCH_PIPELINE`). Network means any scheme whose authority
  is a host on the network (:data:`NETWORK_SCHEMES`: ``ftp``, ``git``, ``ssh``, ``gopher``
  ... as well as the web's): a server that reads a URI with a generic URL library
  (``urllib``'s ``urlopen`` reads ``ftp://``) reaches a metadata endpoint or a planted
  host through them as through ``https://``, and a call argument naming one is judged by
  egress too (``egress.scheme`` denies the smuggling schemes unless allowed).
* ``subscriptions/listen`` (2026-07-28) subscribes to resource URIs too
  (``notifications.resourceSubscriptions``): each is decided as ``resources/subscribe``
  decides its URI.
* Any other resource URI (``file://``, a server's own scheme), ``prompts/get`` arguments and
  ``completion/complete`` values reach the server only. The server names what they address,
  so there is no destination to gate; a credential in them still must not leave (invariant
  7: a template variable or a prompt argument is sent to the server like any call argument)
  (:data:`cordon.engine.checks.VALUES_PIPELINE`).
* A ``file:`` URI names a path on the server's machine (RFC 8089): when the policy has global
  ``allowed_path_prefixes``, it is confined as a path argument is
  (:func:`cordon.engine.args.check_file_url`: ``..``, symlinks, every percent-decoding depth,
  a URL parser's cut at ``?``/``#``; another host or a Windows drive is denied), or the
  prefixes would confine the file tools and leave ``resources/read`` of
  ``file:///home/me/.ssh/id_rsa`` open (:data:`FILES_CHECK`, ``arg.path_outside``). So is a
  ``file:`` URL a URI carries in its path or query (a server that hands it to ``urlopen``
  reads it). The URI the client sends is decided, whichever template the server offered.
  Without global prefixes nothing is confined, as a tool without prefixes is not.
* Unless such a URI carries a network URL after its own scheme (SSRF through a server that
  fetches a URL handed to it in a resource URI, OWASP SSRF Prevention Cheat Sheet: a
  template ``proxy://page?url={url}`` or ``mem://fetch/{+url}``): in its path or query, as
  written or percent-encoded once or twice. Those URLs are decided as a fetch of them
  (:data:`NESTED_FETCH_PIPELINE`), as they are in any call argument; the own scheme's
  authority is not read as a host (``mem://doc`` names no host on the network). So is a
  network URL in a ``prompts/get`` argument: a prompt may fetch what it names (the reference
  fetch server's ``fetch`` prompt fetches its ``url``).

:func:`request_values` says, per method, which values are checked and by which pipeline;
the engine decides them as it decides a call (:meth:`cordon.engine.core.Session.check`),
under the method's name. Requests that carry nothing the agent chose (``ping``, the list
methods, whose ``cursor`` is the server's own opaque value) are not decided.

Every other part of a request's params (:func:`other_params`: ``_meta``, a list's
``cursor``, a task id, a logging level, a key no method defines) reaches the server too, so
it is read for credentials (:meth:`cordon.engine.core.Session.check_params`), whatever the
method (invariant 7: nothing reaches a server unread for secrets). The handshake is not: its
params are the client's description of itself.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from cordon._types import Verdict
from cordon.engine import rules
from cordon.engine.args import check_file_url
from cordon.engine.checks import (
    FETCH_PIPELINE,
    PASS,
    VALUES_PIPELINE,
    Check,
    Context,
    Facts,
    Result,
)
from cordon.engine.dlp import string_leaves
from cordon.textnorm import decode_percent

__all__ = [
    "DECIDED_METHODS",
    "FILES_CHECK",
    "NESTED_FETCH_PIPELINE",
    "NESTED_URI_PIPELINE",
    "NETWORK_SCHEMES",
    "UNDECIDED_METHODS",
    "URI_PIPELINE",
    "other_params",
    "request_values",
]

#: the URI schemes a resource is fetched over the network with (MCP: ``https://`` is a
#: resource on the web; WebSocket and plain HTTP reach a host the same way), and the other
#: schemes whose authority is a network host (IANA URI schemes; the OWASP SSRF cheat sheet's
#: protocol-smuggling schemes): a URI of any of them names where the server connects to. A
#: compound scheme (``git+https``, ``svn+ssh``) is network when any of its parts is.
NETWORK_SCHEMES = frozenset(
    {"http", "https", "ws", "wss"}
    | {"ftp", "ftps", "sftp", "tftp", "ssh", "scp", "git", "svn", "hg", "rsync"}
    | {"gopher", "dict", "telnet", "ldap", "ldaps", "smb", "cifs", "nfs", "webdav", "dav"}
    | {"imap", "imaps", "pop", "pop3", "pop3s", "smtp", "smtps", "irc", "ircs", "xmpp", "nntp"}
    | {"rtsp", "rtmp", "sip", "sips", "mqtt", "mqtts", "amqp", "amqps", "stomp", "coap"}
    | {"grpc", "grpcs", "tcp", "udp"}
)
# Not in it: a data store's own scheme (postgres, mysql, redis, mongodb, s3 ...). A server
# lists its tables or objects under the URL of the store it is configured with, most often
# on localhost, and a fetch's egress would refuse every one; such a URI read as the server
# listed it is the server's own anyway (cordon.proxy.work.SessionWork.decide_request).

_RESOURCE_METHODS = frozenset({"resources/read", "resources/subscribe", "resources/unsubscribe"})
#: MCP 2026-07-28: a stream of notifications, ``resources/updated`` of the URIs it names
_LISTEN = "subscriptions/listen"

#: the client requests decided before they are forwarded
DECIDED_METHODS = _RESOURCE_METHODS | {"prompts/get", "completion/complete", _LISTEN}
#: the client messages of MCP (2025-11-25, 2026-07-28) that carry nothing the agent chose:
#: the handshake, the list methods (their ``cursor`` is the server's), tasks by the server's
#: ids, the client's notifications. The library allows these and denies a method it does not
#: know (:meth:`cordon.engine.core.Session.check_request`: a misspelled ``resources/reed``
#: is not waved through)
UNDECIDED_METHODS = frozenset(
    {"ping", "initialize", "server/discover", "logging/setLevel"}
    | {"tools/list", "resources/list", "resources/templates/list", "prompts/list"}
    | {"tasks/get", "tasks/result", "tasks/list", "tasks/cancel"}
    | {"notifications/initialized", "notifications/cancelled", "notifications/progress"}
    | {"notifications/roots/list_changed"}
)


#: stripped from a URL's ends by a URL parser (WHATWG URL: C0 control or space), and by a
#: server that trims the URI before it parses it (Python's ``str.strip``: Unicode white space,
#: U+0085, U+00A0, U+3000 ...; JavaScript's ``String.prototype.trim``: those and U+FEFF) ...
_LEADING = "".join(map(chr, range(0x21))) + "\x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff"
_LEADING += "".join(map(chr, range(0x2000, 0x200B)))
#: ... and removed from anywhere in it (ASCII tab or newline)
_TAB_OR_NEWLINE = dict.fromkeys(map(ord, "\t\n\r"))


def _scheme(uri: str) -> tuple[str, str]:
    """The URI's scheme, lower-case ('' when it has none), read as a URL parser reads it
    (after any trimming a server may do first: a network URI behind white space is one), and
    what follows its colon."""
    head = uri.lstrip(_LEADING).translate(_TAB_OR_NEWLINE)
    scheme, sep, rest = head.partition(":")
    if sep and scheme[:1].isascii() and scheme[:1].isalpha():
        return scheme.lower(), rest
    return "", head


#: wrapping schemes read at most this deep (``jar:view-source:https://...``)
_NESTED_MAX = 16


def _network(uri: str) -> bool:
    """Whether a URI names a host on the network (:data:`NETWORK_SCHEMES`), itself or through
    a scheme that wraps another URL (``jar:https://host/a.jar!/x``, which Java's URL
    fetches; ``view-source:``, ``feed:``). A wrapped URL is one with a network scheme
    followed by a slash or backslash, so a URN that merely has such a part
    (``urn:ietf:params:https:x``) is not one."""
    scheme, rest = _scheme(uri)
    if any(part in NETWORK_SCHEMES for part in scheme.split("+")):
        return True
    for _ in range(_NESTED_MAX):
        if not scheme:
            return False
        scheme, rest = _scheme(rest)
        wraps = any(part in NETWORK_SCHEMES for part in scheme.split("+"))
        if wraps and rest[:1] in ("/", "\\"):
            return True
    return False


#: a URL nested in a URI: a scheme (not preceded by a scheme character, so ``a.http:`` is
#: the scheme ``a.http``) followed by a slash or backslash, up to white space or ``&`` (the
#: end of a query parameter's value, as the server reading ``?url=...&page=2`` cuts it)
_NESTED_URL_RE = re.compile(r"(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]*):[/\\][^\s&]*")


def _nested_urls(uri: str) -> list[str]:
    """The network URLs a URI that is not one carries after its own scheme (in its
    authority, path or query), as written or percent-decoded once or twice, as the server
    that fills a template variable with them reads them (``proxy://page?url=http%3A%2F%2F...``,
    ``mem://fetch/https://host/c``). As :func:`_network` reads a wrapped URL: a scheme of
    :data:`NETWORK_SCHEMES` (or a compound one with such a part) followed by a slash or
    backslash, so a URN's part named like a scheme (``urn:ietf:params:https:x``) is none."""
    return _urls_in(_scheme(uri)[1])


def _urls_in(text: str) -> list[str]:
    """The network URLs in ``text`` (:func:`_nested_urls`' reading, over the whole text)."""
    once = decode_percent(text)
    found: dict[str, None] = {}
    for view in dict.fromkeys((text, once, decode_percent(once))):
        view = view.translate(_TAB_OR_NEWLINE)  # (a URL parser drops them: ``ht\ttps://``)
        for m in _NESTED_URL_RE.finditer(view):
            if any(part in NETWORK_SCHEMES for part in m[1].lower().split("+")):
                found[m[0]] = None
    return list(found)


def _urls_only(check: Check) -> Check:
    """``check`` reading only the nested URLs of a request (``values["url"]``): egress and
    taint judge where the server would connect, not the own scheme's authority around them
    (``proxy://page`` is no single-label private host)."""

    def run(ctx: Context, facts: Facts) -> Result:
        urls = {"url": ctx.arguments["url"]}
        return check.run(
            Context(ctx.session, ctx.tool, urls, ctx.server, ctx.scopes, ctx.tp), facts
        )

    return Check(check.name, run, check.rules)


#: a request whose URI of a server's own scheme carries network URLs
#: (:func:`_nested_urls`, the values ``{"uri": ..., "url": [...]}``): a fetch of those URLs
#: (:data:`FETCH_PIPELINE` on ``url``), and secrets and dlp on every value, the whole URI too
NESTED_FETCH_PIPELINE: tuple[Check, ...] = tuple(
    c if c in VALUES_PIPELINE else _urls_only(c) for c in FETCH_PIPELINE
)


def _file_urls(uri: str) -> list[str]:
    """The ``file:`` URLs a resource URI is or carries: itself when its scheme is ``file``
    (read as a URL parser reads it, :func:`_scheme`: ``FILE:``, behind white space), and any
    in its path or query, as written or percent-decoded once or twice (:func:`_urls_in`'s
    reading: ``jar:file:///x!/y``, ``proxy://get?url=file%3A%2F%2F%2Fetc%2Fpasswd``, which a
    server handing the URL to ``urllib``'s ``urlopen`` reads)."""
    scheme, rest = _scheme(uri)
    found: dict[str, None] = {}
    if "file" in scheme.split("+"):
        found["file:" + rest] = None
    once = decode_percent(rest)
    for view in dict.fromkeys((rest, once, decode_percent(once))):
        for m in _NESTED_URL_RE.finditer(view.translate(_TAB_OR_NEWLINE)):
            if "file" in m[1].lower().split("+"):
                found["file:" + m[0].partition(":")[2]] = None
    return list(found)


def _confine_files(ctx: Context, facts: Facts) -> Result:
    """:data:`FILES_CHECK`: the first ``file:`` URL of the request's ``uri`` (a string or a
    list) outside the policy's global ``allowed_path_prefixes``, denied. None without such
    prefixes, and none for ``resources/unsubscribe``: it reads nothing, and refusing it would
    only keep a subscription alive."""
    prefixes = ctx.session.engine.policy.allowed_path_prefixes
    if not prefixes or ctx.tool == "resources/unsubscribe":
        return PASS
    uris = ctx.arguments.get("uri")
    for uri in [uris] if isinstance(uris, str) else uris if isinstance(uris, list) else ():
        for url in _file_urls(uri) if isinstance(uri, str) else ():
            why = check_file_url(url, prefixes, ctx.session.engine.paths)
            if why is not None:
                # (the reason does not repeat the URI: a credential in it would be echoed
                # before the secret checks, after this one, could refuse it)
                reason = f"file: resource URI refused: {why[1]} (allowed_path_prefixes)"
                return Result(deny=Verdict(verdict="deny", rule=why[0], reason=reason, param="uri"))
    return PASS


#: the confinement of a request's ``file:`` resource URIs to the policy's global
#: ``allowed_path_prefixes`` (:func:`_confine_files`); the rules of a path argument's
FILES_CHECK = Check("files", _confine_files, (rules.ARG_PATH_OUTSIDE, rules.ARG_PATH_UNRESOLVABLE))
#: a resource request whose URIs reach the server only: its ``file:`` URIs confined
#: (:data:`FILES_CHECK`), and every value read for credentials (:data:`VALUES_PIPELINE`);
#: what ``cordon run`` decides a URI the server listed with too (a listing does not widen
#: the prefixes: a server exposing the home directory lists ``~/.ssh`` as readily)
URI_PIPELINE: tuple[Check, ...] = (FILES_CHECK, *VALUES_PIPELINE)
#: a resource request whose URIs carry network URLs: :data:`NESTED_FETCH_PIPELINE`, its
#: ``file:`` URIs confined first
NESTED_URI_PIPELINE: tuple[Check, ...] = (FILES_CHECK, *NESTED_FETCH_PIPELINE)


def _uri_values(uris: str | list[str]) -> tuple[dict[str, Any], Sequence[Check]]:
    """A resource request's values and pipeline, for URIs that are not network URIs."""
    nested = [u for uri in ([uris] if isinstance(uris, str) else uris) for u in _nested_urls(uri)]
    if nested:
        return {"uri": uris, "url": list(dict.fromkeys(nested))}, NESTED_URI_PIPELINE
    return {"uri": uris}, URI_PIPELINE


def _listen_values(params: Mapping[str, Any]) -> tuple[dict[str, Any], Sequence[Check]] | None:
    """``subscriptions/listen``: the resource URIs it subscribes to (None: it names none).

    One request has one pipeline: network URIs are decided as fetches, and a fetch's egress
    would read a server's own scheme (``mem://doc``) as a host, so a request naming both
    kinds is refused (the client can listen on two streams)."""
    wanted = params.get("notifications")
    uris = wanted.get("resourceSubscriptions") if isinstance(wanted, Mapping) else None
    if uris is None:
        return None
    if not isinstance(uris, list) or not all(isinstance(u, str) for u in uris):
        raise ValueError(f"{_LISTEN} needs notifications.resourceSubscriptions (strings)")
    if not uris:
        return None
    network = {_network(u) for u in uris}
    if len(network) > 1:
        raise ValueError(
            f"{_LISTEN}: network and other resource URIs in one request; listen to each "
            "kind on a stream of its own"
        )
    return ({"uri": uris}, FETCH_PIPELINE) if network == {True} else _uri_values(uris)


def request_values(method: str, params: Any) -> tuple[dict[str, Any], Sequence[Check]] | None:
    """The values of a client request that are decided, and the checks that decide them;
    None for a method that carries nothing the agent chose.

    Raises:
        ValueError: the request lacks what its method needs (``params.uri`` a string for the
            resource methods, ``params.name`` for ``prompts/get``): refused, never forwarded
            unread.
    """
    if method not in DECIDED_METHODS:
        return None
    if not isinstance(params, Mapping):
        raise ValueError(f"{method} needs params (an object)")
    if method == _LISTEN:
        return _listen_values(params)
    if method in _RESOURCE_METHODS:
        uri = params.get("uri")
        if not isinstance(uri, str):
            raise ValueError(f"{method} needs params.uri (a string)")
        return ({"uri": uri}, FETCH_PIPELINE) if _network(uri) else _uri_values(uri)
    if method == "prompts/get":
        name = params.get("name")
        if not isinstance(name, str):
            raise ValueError("prompts/get needs params.name (a string)")
        arguments = params.get("arguments") or {}
        values = {"name": name, "arguments": arguments}
        # a prompt may fetch what an argument names (the reference fetch server's ``fetch``
        # prompt fetches its ``url``): a network URL in an argument is decided as a fetch
        urls = [u for _, v in string_leaves(arguments) for u in _urls_in(v)]
        if urls:
            return {**values, "url": list(dict.fromkeys(urls))}, NESTED_FETCH_PIPELINE
        return values, VALUES_PIPELINE
    # completion/complete: the prompt or resource template it completes for, the value typed
    # so far and the arguments already filled in
    values = {k: params[k] for k in ("ref", "argument", "context") if k in params}
    return values, VALUES_PIPELINE


#: the params of each method that its own checks read: :func:`request_values`' values, and
#: a 2026-07-28 retry's ``inputResponses`` (read for credentials as a client's answer is)
_DECIDED_KEYS: dict[str, frozenset[str]] = {
    "tools/call": frozenset({"name", "arguments", "inputResponses"}),
    **dict.fromkeys(_RESOURCE_METHODS, frozenset({"uri", "inputResponses"})),
    "prompts/get": frozenset({"name", "arguments", "inputResponses"}),
    "completion/complete": frozenset({"ref", "argument", "context"}),
}
_NONE: frozenset[str] = frozenset()
#: the handshake: the client describing itself (``clientInfo``, ``capabilities``), before
#: there is a session to decide anything on
_HANDSHAKE = frozenset({"initialize", "server/discover"})
#: the same description, carried in every 2026-07-28 request's ``_meta`` instead (no
#: ``initialize`` in that era): not read, as the handshake's params are not
_HANDSHAKE_META = frozenset(
    f"io.modelcontextprotocol/{k}" for k in ("protocolVersion", "clientCapabilities", "clientInfo")
)


def other_params(method: str, params: Any) -> dict[str, Any]:
    """The parts of a client request's ``params`` that nothing else reads: every key but
    those its method's checks decide (:data:`_DECIDED_KEYS`; for ``subscriptions/listen``,
    all but ``notifications.resourceSubscriptions``), and for any other method all of them
    (``_meta``, ``cursor``, ``taskId``, ``level``, keys MCP does not define). Empty for the
    handshake and for params that are not an object (a method that needs one refuses it);
    never the handshake's description in a 2026-07-28 ``_meta`` (:data:`_HANDSHAKE_META`)."""
    decided = _DECIDED_KEYS.get(method, _NONE)
    if type(params) is dict and decided.issuperset(params):
        return {}  # (a call's usual params: its name and arguments, nothing else to read)
    if method in _HANDSHAKE or not isinstance(params, Mapping):
        return {}
    rest = {k: v for k, v in params.items() if k not in decided}
    meta = rest.get("_meta")
    if isinstance(meta, Mapping) and not _HANDSHAKE_META.isdisjoint(meta):
        meta = {k: v for k, v in meta.items() if k not in _HANDSHAKE_META}
        if meta:
            rest["_meta"] = meta
        else:
            del rest["_meta"]
    wanted = rest.get("notifications")
    if method == _LISTEN and isinstance(wanted, Mapping):
        others = {k: v for k, v in wanted.items() if k != "resourceSubscriptions"}
        if others:
            rest["notifications"] = others
        else:
            del rest["notifications"]
    return rest
