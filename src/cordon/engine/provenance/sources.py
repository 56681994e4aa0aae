"""The e-mail addresses a text holds, however they are written (``dora [at] gmail [dot] com``,
markup around them), and an address's core: what ``owned_fields`` and the keys of what a
session sent out read (:mod:`.owned`, :meth:`cordon.engine.session_state.ProvenanceState._send_keys`)."""

from __future__ import annotations

import re

from cordon.engine.provenance._text import strict
from cordon.taint import norm
from cordon.taint._keys import EMAIL_RE, email_key
from cordon.textnorm import canonical_emails, decoded_views

#: the largest text whose addresses are looked for; a larger one vouches for nothing
_MAX_SOURCE_TEXT = 1 << 18


#: an address written so that harvesters miss it and people (and agents) read it:
#: ``dora [at] gmail [dot] com``, ``dora(at)gmail.com``, ``dora at gmail dot com``,
#: ``dora @ gmail.com``, ``dora@gmail[.]com`` (in :func:`strict` text: lower case). Groups:
#: the local part, then the domain with its dots written in any of those ways
_OBF_AT = r"(?:\s*[\[({<]\s*(?:at|@|a)\s*[\])}>]\s*|\s+at\s+|\s+@\s*|\s*@\s+|@)"


_OBF_DOT = r"(?:\s*[\[({<]\s*(?:dot|\.)\s*[\])}>]\s*|\s+dot\s+|\s+\.\s+|\.)"


_OBFUSCATED_RE = re.compile(
    r"(?<![\w.+-])([\w][\w.+-]{0,63})("
    + _OBF_AT
    + r")([\w-]{1,63}(?:"
    + _OBF_DOT
    + r"[\w-]{1,63}){1,8})"
)


_OBF_DOT_SPLIT = re.compile(_OBF_DOT)


#: after ``x at y.z`` (the one spelling prose writes too: "code at github.com/dora"), what
#: makes it no address; the other spellings count whatever is glued after them (an injection
#: placed right after the real address)
_PROSE_AT_END = re.compile(r"[\w-]|/|\.[\w-]|@")


#: an address the page text does not show: a CDN's e-mail protection writes
#: "[email protected]" and the address XOR-encoded, for a script to decode; a script's
#: octal escape of the at sign (``dora\100gmail.com``), which no decoded view opens (``\x40``
#: and ``\u0040`` are opened)
_HIDDEN_ADDRESS_RE = re.compile(
    r"\[\s*e-?mail\s*protected\s*\]|/cdn-cgi/l/email-protection|data-cfemail\s*="
    r"|\w\\100\w"
)


#: the key of an address that is there but not readable (``_HIDDEN_ADDRESS_RE``)
_HIDDEN_ADDRESS = "\x00hidden address"


def address_core(key: str) -> str:
    """An address key without the punctuation a renderer takes as markup around it:
    ``*fred@x.com*``, ``_fred@x.com_``, ```fred@x.com```, ``'fred@x.com'``, ``|fred@x.com|``
    key with that punctuation in the local part (RFC 5322 allows it) and the domain; posted
    so and read back rendered (``<em>fred@x.com</em>``), they are ``fred@x.com``.
    A key that is no address is returned as is."""
    local, at, domain = key.rpartition("@")
    if not at:
        return key
    return f"{local.lstrip(_MARKUP_PUNCT)}@{domain.rstrip(_MARKUP_PUNCT)}"


_MARKUP_PUNCT = "!#$%&'*+-/=?^_`{|}~."


def source_addresses(text: str) -> tuple[set[str], set[str]] | None:
    """The e-mail addresses in one text: ``(keys, spellings)``, or
    ``None`` when the text is over 256 KiB (it vouches for nothing).

    ``spellings``: each address as written (:func:`strict`, trailing dot dropped); ``keys``:
    the comparison key (:func:`cordon.taint._keys.email_key`) of every address in the text
    and in its decoded views (percent, entities, JSON escapes, base64, look-alike skeletons:
    :func:`cordon.textnorm.decoded_views`, each also in NFKC, and as mail software reads it),
    so an address written only encoded or in look-alike letters still counts as a second
    one; and of every address written to be read by people only (``dora [at] gmail [dot]
    com``, ``dora at gmail.com``, ``dora @ gmail.com``: ``_OBFUSCATED_RE``), so that an
    injected plain address beside the real one written so is not the only one.
    Prose can look like one (``I work at acme.com``): that source then vouches for
    nothing, as with any second address.
    """
    if len(text) > _MAX_SOURCE_TEXT:
        return None
    spellings = {m.group().rstrip(".") for m in EMAIL_RE.finditer(strict(text))}
    keys: set[str] = set()
    for view in decoded_views(text):
        folded = strict(view)
        for v in (view, canonical_emails(view), folded, canonical_emails(folded)):
            keys.update(email_key(norm(m.group())) for m in EMAIL_RE.finditer(v))
        for m in _OBFUSCATED_RE.finditer(folded):
            at, plain_dots = m.group(2).strip(), _OBF_DOT_SPLIT.sub(".", m.group(3)) == m.group(3)
            if plain_dots and m.group(2) == "@":
                continue  # a plain address: counted above, as written
            if plain_dots and at == "at" and _PROSE_AT_END.match(folded, m.end()):
                continue  # "code at github.com/dora": prose
            domain = ".".join(_OBF_DOT_SPLIT.split(m.group(3)))
            keys.add(email_key(norm(f"{m.group(1)}@{domain}")))
        if _HIDDEN_ADDRESS_RE.search(folded):
            keys.add(_HIDDEN_ADDRESS)
    keys.update(email_key(norm(s)) for s in spellings)
    return keys, spellings
