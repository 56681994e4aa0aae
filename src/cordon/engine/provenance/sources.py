"""Address sources (``address_source``): the sources the user says a person's address is
written in, what a read of one names, and the addresses its result holds."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from cordon.engine.provenance._text import _LINK_RE, _QUOTED_RE, _SENTENCE_RE, _strings, strict
from cordon.taint import norm
from cordon.taint._keys import EMAIL_RE, email_key
from cordon.textnorm import canonical_emails, decode_percent, decoded_views, strip_invisible

#: a sentence that says where a person's e-mail address is written: "her e-mail is on",
#: "his email address is in", "their contact details are at", "the e-mail address on". A
#: possessive of someone else (not "my", "our", "your": the user's own address is the user's
#: to give) or "the" with "address"/"contact"; "the e-mail in" alone is a message, not an
#: address. A bare "her e-mail" or "their contact" is a message or a person ("summarize her
#: e-mail in 'x'", "invite their contact at www.acme.example"): it points at a source only
#: with a verb that says the address is there ("is on", "can be found in") or after a word
#: that looks it up ("find her e-mail on"), and never in the plural ("his emails in 'x'"
#: are messages; a source of two addresses vouches for none anyway)
_WHERE = r"(?:\s+(?:is|are)(?:\s+(?:listed|written|given|shown|found))?|\s+can\s+be\s+found)"


_ADDRESS_AT_RE = re.compile(
    r"\b(?:"
    r"(?:her|his|their|its|the)\s+(?:e-?mail\s+address(?:es)?|contact\s+(?:info|information"
    r"|details|address(?:es)?))" + _WHERE + "?"
    r"|(?:her|his|their|its)\s+(?:e-?mail|contact)"
    + _WHERE
    + r"|(?<![\w-])(?:find|look\s+up)\s+(?:her|his|their|its)"
    r"\s+(?:e-?mail|contact)"
    r")\s+(?:on|in|at)\b",
    re.IGNORECASE,
)


_SCHEME_PREFIX_RE = re.compile(r"^https?://", re.IGNORECASE)


#: the largest result whose sole address is looked for (``address_source``); a larger one
#: vouches for nothing
_MAX_SOURCE_TEXT = 1 << 18


#: the longest source name compared (a link or a quoted name); a longer one is no source
_MAX_SOURCE_NAME = 2048


#: the longest argument string noted as a name a call may have written to, for a source the
#: user names later (:func:`source_names`; those named already are matched in any string)
_MAX_WRITTEN_NAME = 512


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


def source_form(text: str) -> str | None:
    """A source's name as compared between the user's text and a read's arguments: without
    an ``http://`` or ``https://`` prefix or trailing slashes, and a link's host (after a
    scheme or ``www.``) in lower case: ``HTTPS://WWW.Dora-Website.com/`` ->
    ``www.dora-website.com``. Nothing else is folded: ``www.dora-website.com/?q=x`` is
    another page, ``Team.txt`` another file than ``team.txt``, and so is a name with
    invisible characters or one that is not its own NFKC form (``team.txt`` with a zero-width
    space, in fullwidth letters): ``None``. Only ASCII spaces at the ends are
    trimmed."""
    plain = text.strip(" \t\r\n")
    if (
        not plain
        or len(plain) > _MAX_SOURCE_NAME
        or strip_invisible(plain) != plain
        or unicodedata.normalize("NFKC", plain) != plain
    ):
        return None
    m = _SCHEME_PREFIX_RE.match(plain)
    rest = plain[m.end() :] if m else plain
    if m or rest[:4].lower() == "www.":
        end = next((i for i, c in enumerate(rest) if c in "/?#"), len(rest))
        rest = rest[:end].lower() + rest[end:]
    return rest.rstrip("/") or None


def address_sources(trusted_texts: Iterable[str]) -> frozenset[str]:
    """The sources the user says a person's e-mail address is written in, in
    :func:`source_form`: per sentence of a trusted text that says so (``_ADDRESS_AT_RE``:
    "You can find her e-mail on her website: www.dora-website.com", "his email address is
    in 'contacts.txt'"), the first link or quoted name after those words, as the user spelled
    it (case kept). A source named in another sentence, or before the words, is not one.
    Words, not meaning: "her e-mail is not on www.x.com" names ``www.x.com`` too
    (``address_source`` tools only; what it grants is listed there).
    """
    found: set[str] = set()
    for text in trusted_texts:
        plain = unicodedata.normalize("NFKC", strip_invisible(text))
        for sentence in _SENTENCE_RE.split(plain):
            m = _ADDRESS_AT_RE.search(sentence)
            if m is None:
                continue
            rest = sentence[m.end() :]
            candidates: list[tuple[int, str]] = []
            q = _QUOTED_RE.search(rest)
            if q is not None:
                candidates.append((q.start(), next(g for g in q.groups() if g is not None)))
            # not a part of an address the user typed ("her email is at dora@x.example"
            # gives the address; it does not point at the site x.example)
            link = next(
                (
                    k
                    for k in _LINK_RE.finditer(rest)
                    if "@" not in rest[k.start() - 1 : k.start()] + rest[k.end() : k.end() + 1]
                ),
                None,
            )
            if link is not None:
                candidates.append((link.start(), link.group().rstrip(".,:;!?")))
            if candidates:
                name = source_form(min(candidates)[1])
                if name:
                    found.add(name)
    return frozenset(found)


def read_source(arguments: Any, sources: frozenset[str] | set[str] | None) -> str | None:
    """The source a read's arguments name, or ``None``: every string in them (at any depth)
    must be that one source's name (:func:`source_form`; one of ``sources``, or any name
    when ``sources`` is None); numbers and flags may go with it (``max_length``). A second
    string could say what is really read: a referer, a proxy, a second URL or path in a
    list, a key of a nested object."""
    name: str | None = None
    values = list(arguments.values()) if isinstance(arguments, dict) else [arguments]
    for leaf in _strings(values, keys=True):  # a nested object's keys are data too
        form = source_form(leaf)
        if form is None or (sources is not None and form not in sources):
            return None
        if name is not None and form != name:
            return None
        name = form
    return name


def source_names(arguments: Any) -> set[str]:
    """The names (:func:`source_form`) of every string in a call's arguments short enough to
    be one: a call that names a source writes to it, unless it is an ``address_source`` read
    (an edit of ``team.txt`` that changes ``dora`` into ``fred9246``)."""
    names: set[str] = set()
    for leaf in _strings(arguments):
        if len(leaf) <= _MAX_WRITTEN_NAME:
            form = source_form(leaf)
            if form:
                names.add(form)
    return names


def source_stem(source: str) -> str:
    """What a call that writes to ``source`` would give, folded (:func:`strict`), without a
    scheme, a leading ``www.`` or trailing slashes: ``www.dora-website.com`` ->
    ``dora-website.com``, ``Team.txt`` -> ``team.txt`` (:func:`sources_named_in`)."""
    stem = _SCHEME_PREFIX_RE.sub("", strict(source))
    if stem.startswith("www."):
        stem = stem[4:]
    return stem.rstrip("/")


def sources_named_in(arguments: Any, sources: Iterable[str]) -> set[str]:
    """The ``sources`` whose :func:`source_stem` occurs in a string of ``arguments`` (object
    keys too), folded and also percent-decoded: a write to ``./team.txt``,
    ``/home/u/team.txt``, ``TEAM.TXT`` (a case-insensitive file system) or
    ``dora-website.com/guestbook`` (a page the named one shows) may change what the named
    source holds. Loose on purpose: a call that only mentions the source
    spoils it too."""
    stems = {s: source_stem(s) for s in sources}
    stems = {s: stem for s, stem in stems.items() if stem}
    if not stems:
        return set()
    named: set[str] = set()
    for leaf in _strings(arguments, keys=True):
        views = [strict(leaf)]
        if "%" in leaf:
            views.append(strict(decode_percent(leaf)))
        for source, stem in stems.items():
            if source not in named and any(stem in v for v in views):
                named.add(source)
        if len(named) == len(stems):
            break
    return named


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
    """The e-mail addresses in one ``address_source`` result: ``(keys, spellings)``, or
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
