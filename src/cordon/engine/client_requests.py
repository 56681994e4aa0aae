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
* Any other resource URI (``file://``, ``git://``, a server's own scheme), ``prompts/get``
  arguments and ``completion/complete`` values reach the server only. The server names what
  they address, so there is no destination to gate; a credential in them still must not
  leave (invariant 7: a template variable or a prompt argument is sent to the server like any
  call argument) (:data:`cordon.engine.checks.VALUES_PIPELINE`).

:func:`request_values` says, per method, which values are checked and by which pipeline;
the engine decides them as it decides a call (:meth:`cordon.engine.core.Session.check`),
under the method's name. Requests that carry nothing the agent chose (``ping``, the list
methods, whose ``cursor`` is the server's own opaque value) are not decided.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cordon.engine.checks import FETCH_PIPELINE, VALUES_PIPELINE, Check

__all__ = ["DECIDED_METHODS", "NETWORK_SCHEMES", "request_values"]

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
    return {"uri": uris}, FETCH_PIPELINE if network == {True} else VALUES_PIPELINE


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
        return {"uri": uri}, FETCH_PIPELINE if _network(uri) else VALUES_PIPELINE
    if method == "prompts/get":
        name = params.get("name")
        if not isinstance(name, str):
            raise ValueError("prompts/get needs params.name (a string)")
        return {"name": name, "arguments": params.get("arguments") or {}}, VALUES_PIPELINE
    # completion/complete: the prompt or resource template it completes for, the value typed
    # so far and the arguments already filled in
    values = {k: params[k] for k in ("ref", "argument", "context") if k in params}
    return values, VALUES_PIPELINE
