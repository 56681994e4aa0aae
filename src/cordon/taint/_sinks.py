"""Which tool parameters are destinations ("sinks"), judged from their names.

Issue 3, "Sending tools and their destinations": with no policy or pack entry, a parameter is
a sink when its name is destination-shaped, matched on name tokens so that ``camelCase``,
``snake_case``, ``kebab-case`` and dotted names all count.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["SINK_TOKENS", "URL_SINK_TOKENS", "is_sink_param", "is_url_param", "name_tokens"]

#: A name with any of these tokens is a sink (unless a :data:`_NOT_SINK_TOKENS` token is there).
SINK_TOKENS: frozenset[str] = frozenset(
    {
        "to", "cc", "bcc", "recipient", "recipients", "receiver", "receivers", "addressee",
        "email", "emails", "mail", "url", "urls", "uri", "uris", "href", "link", "webhook",
        "webhooks", "callback", "callbacks", "endpoint", "endpoints", "channel", "channels",
        "chat", "room", "conversation", "phone", "sms", "address", "addresses", "host",
        "hostname", "hosts", "domain", "destination", "destinations", "dest", "share",
        "invite", "invitee", "invitees", "forward", "redirect", "target_url",
    }
)  # fmt: skip

#: Tokens of a sink name that denotes a URL (destination compared by host alone).
URL_SINK_TOKENS: frozenset[str] = frozenset(
    {"url", "urls", "uri", "uris", "href", "link", "webhook", "webhooks", "callback",
     "callbacks", "endpoint", "endpoints", "host", "hostname", "hosts", "domain", "redirect"}
)  # fmt: skip

#: A token that makes the name about the message, not where it goes (``email_subject``).
_NOT_SINK_TOKENS: frozenset[str] = frozenset(
    {
        "body", "content", "contents", "subject", "text", "message", "msg", "title",
        "description", "path", "paths", "file", "files", "filename", "dir", "directory",
        "name", "template", "format", "type", "mode", "count", "limit", "size", "html",
        "note", "notes", "comment", "caption", "label", "status", "verified", "enabled",
        "attachment", "attachments", "query", "timeout", "is", "has",
    }
)  # fmt: skip

#: Whole names (tokens joined) that are sinks though no single token is (``webhookurl``).
_COMPOUNDS: frozenset[str] = frozenset(
    {
        "sendto", "replyto", "mailto", "emailto", "sharewith", "webhookurl", "callbackurl",
        "emailaddress", "phonenumber", "channelid", "chatid", "roomid", "redirecturi",
        "redirecturl", "toaddress", "recipientemail", "targeturl",
    }
)  # fmt: skip

_CAMEL_RE = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")


def name_tokens(name: str) -> list[str]:
    """Lower-case tokens of a parameter name: ``webhookURL`` -> ``["webhook", "url"]``,
    ``share_with`` -> ``["share", "with"]``, ``reply-to`` -> ``["reply", "to"]``."""
    return [t.lower() for t in _CAMEL_RE.findall(name)]


@lru_cache(maxsize=4096)
def is_sink_param(name: str) -> bool:
    """True when a parameter name is destination-shaped (issue 3).

    A name is a sink when one of its tokens is in :data:`SINK_TOKENS` (``to``, ``cc``,
    ``recipients``, ``webhook_url``, ``channelId``...) or its joined tokens are a known
    compound (``sendto``, ``webhookurl``), and none of its tokens names the payload rather
    than the destination (``email_subject``, ``body``, ``path``, ``content`` are not sinks).
    """
    tokens = name_tokens(name)
    if not tokens:
        return False
    if any(t in _NOT_SINK_TOKENS for t in tokens):
        return False
    return any(t in SINK_TOKENS for t in tokens) or "".join(tokens) in _COMPOUNDS


def is_url_param(name: str) -> bool:
    """True when a sink parameter takes a URL or host (``url``, ``webhook_url``, ``endpoint``,
    ``callback``, ``host``); for these, a URL destination is tainted when its host alone was
    seen in output (issue 3, "Matching")."""
    tokens = name_tokens(name)
    joined = "".join(tokens)
    return is_sink_param(name) and (
        any(t in URL_SINK_TOKENS for t in tokens) or joined.endswith(("url", "uri"))
    )
