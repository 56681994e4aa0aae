"""The recipients a raw e-mail message names in its header block.

Attack class: a sending tool that takes a whole RFC 5322 message (Gmail API's ``raw``, SES's
``SendRawEmail`` ``Data``, an SMTP server's ``message``) under a parameter no pack declares
a sink. Its ``To``, ``Cc``, ``Bcc`` and ``Reply-To`` lines decide where the mail goes, yet
the value reads as prose that mentions addresses (header names, a subject, a body), so a
planted ``Bcc: drop@collect.example`` went out unasked. A value that opens with a header
block (RFC 5322 section 2.2: ``name: value`` lines, folded lines starting with a space or
tab, ended by an empty line) holding a destination field is a message: those fields'
values are held as destinations (:func:`cordon.engine.checks.taint._held`). A message in a
parameter named for a body or a text (``body``, ``text``, ``html``, ``content``) is a
forwarded mail quoted as the payload, not read this way. Pure: no I/O.
"""

from __future__ import annotations

import re

from cordon.taint import name_tokens

__all__ = ["header_recipients"]

#: a header block opening the value: field lines (name: printable ASCII but ``:``), folded
#: continuation lines, then an empty line (CRLF or LF)
_HEADER_BLOCK = re.compile(r"(?:[!-9;-~]+[ \t]*:[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*\r?\n)+\r?\n")
#: the fields whose addresses receive the message or its replies (RFC 5322 sections 3.6.2,
#: 3.6.3, 3.6.6)
_DEST_FIELD = re.compile(
    r"^(?:resent-)?(?:to|cc|bcc|reply-to)[ \t]*:((?:[^\r\n]*)(?:\r?\n[ \t][^\r\n]*)*)",
    re.IGNORECASE | re.MULTILINE,
)
#: parameter name words for a body: a message quoted there is what is sent, not how
_BODY_WORDS = frozenset({"body", "text", "html", "content", "contents", "snippet", "quote"})
#: the part of a value read for a header block (a message's headers are its first lines)
_MAX_HEAD = 16384


def header_recipients(key: str, value: str) -> str | None:
    """The values of the destination fields of the header block ``value`` opens with, one
    a line; None when it opens with none, names none, or ``key`` names a body."""
    head = value[:_MAX_HEAD]
    block = _HEADER_BLOCK.match(head.lstrip("\r\n"))
    if block is None or not _BODY_WORDS.isdisjoint(name_tokens(key)):
        return None
    fields = [
        re.sub(r"\r?\n[ \t]", " ", m.group(1)).strip() for m in _DEST_FIELD.finditer(block.group())
    ]
    fields = [f for f in fields if f]
    return "\n".join(fields) or None
