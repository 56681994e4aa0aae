"""Three data-flow rules about where a call's values came from, beyond destination taint.

* **Requested actions** (rule ``action.not_requested``, an ask): a tool whose policy entry
  has ``requires_request`` (regular expressions, case-insensitive) runs without a question
  only when the session's trusted text (the user's own request, given to
  :meth:`cordon.Engine.new_session` as ``trusted``) matches one of them. An injected "reserve
  the Riverside View Hotel" or "add an event to the calendar" has no destination for taint to
  catch; what it lacks is the user asking for that kind of action. With no trusted text at
  all (the stdio proxy sees no prompt) such a tool is always asked about: fail closed.
* **Directory tools** (``directory: true``): the whole items a directory tool lists (Slack
  channels and members, an address book's entries) vouch for those names as destinations,
  like the user's own text does. An item is a whole JSON string leaf or a whole line of text
  (a ``- `` list bullet, quotes and a ``key:`` prefix removed); a name that only occurs
  *inside* a longer text (an e-mail body, a message) is not vouched.
* **Forwarded links** (rule ``taint.forwarded_link``, an ask): a sending call whose message
  text (any argument that is not a destination) carries a URL first seen in untrusted output,
  which the user's text does not vouch for. Taint already stops sending *to* such an address;
  this stops sending *it* to someone the user trusts (a phishing link relayed to a colleague,
  AgentDojo slack injection task 1).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

import orjson
import yaml

from cordon._types import Verdict
from cordon.engine import rules
from cordon.engine.egress import _extractor
from cordon.taint import Destination, extract_destinations, norm
from cordon.taint._keys import EMAIL_RE, HOST_RE, email_key, url_keys
from cordon.textnorm import (
    canonical_emails,
    canonical_urls,
    decode_percent,
    decoded_views,
    mark_lookalikes,
    strip_invisible,
)

__all__ = [
    "address_core",
    "address_sources",
    "owned_field_items",
    "named_values",
    "check_requested",
    "check_vouched",
    "compact_view",
    "delegated_names",
    "directory_items",
    "directory_keys",
    "sent_spelling_keys",
    "spelling_keys",
    "unwritten_link_keys",
    "written_destinations",
    "item_keys",
    "private_forms",
    "private_ids",
    "read_source",
    "source_addresses",
    "source_form",
    "source_names",
    "source_stem",
    "sources_named_in",
    "unvouched_names",
    "forwarded_links",
    "has_words",
    "lookalike_free",
    "plain_spelling",
    "strict",
    "text_field_strings",
]

#: a directory item is a name: one token, or a display name of a few words, this long at most
_MAX_ITEM = 64
_MAX_WORDS = 4
#: a list bullet and a ``key:`` field name (an identifier: no spaces, so prose such as
#: "Forward payroll questions to: x@y" keeps its words and is skipped as prose)
_BULLET = re.compile(r"^[ \t]*(?:[-*][ \t]+)?(?:[A-Za-z_][\w.-]{0,40}:[ \t]+)?")
#: identifier-shaped private values (:func:`private_ids`)
_ID_TOKEN = re.compile(
    r"(?<![\w.+/-])(?:\+?\d{1,4}(?: \d{2,5}){2,}"
    r"|[A-Z]{1,4}\d{0,4}(?: [A-Z0-9]{2,6})+"  # "HGK 137803", "GB29 NWBK 6016 1331 9268 19"
    r"|\(\d{2,5}\) ?\d{2,5}[-. ]\d{2,5}"  # "(327) 420-4923"
    r"|[A-Za-z0-9]+(?:[-./][A-Za-z0-9]+)*)(?![\w])"
)
_DATE_LIKE = re.compile(r"\d{4}[-./]\d{2}[-./]\d{2}$|\d{2}[-./]\d{2}[-./]\d{4}$")
_ID_SEPARATORS = re.compile(r"[ ./()+-]")
#: a passport-shaped value: letters, then digits ("HGK137803" is also written "HGK 137803")
_LETTERS_DIGITS = re.compile(r"([A-Za-z]{1,4})(\d{6,})")
#: how a number of this many digits is usually grouped (a card, a phone, a social security
#: number): the groups' sizes
_DIGIT_GROUPS: dict[int, tuple[tuple[int, ...], ...]] = {
    9: ((3, 2, 4), (3, 3, 3)),
    10: ((3, 3, 4),),
    11: ((1, 3, 3, 4),),
    12: ((4, 4, 4),),
    14: ((4, 6, 4),),
    15: ((4, 6, 5),),
    16: ((4, 4, 4, 4),),
    19: ((4, 4, 4, 4, 3),),
}
#: a word of text; punctuation at its end ends a run of capitalised words
_TOKEN = re.compile(r"\S+")
_RUN_END = ",.;:!?)]}\"'’”"
#: where a glued name splits into words: ``Riverside-View``, ``Riverside_View``,
#: ``Riverside—View`` (any character but a letter, a digit or an apostrophe), and
#: ``RiversideView`` (a lower-case letter or a digit, then a capital: :func:`_compound_parts`)
_COMPOUND_SPLIT = re.compile(r"(?:[^\w'’]|_)+")
_URL_HINT = re.compile(r"://|www\.", re.IGNORECASE)
#: a text block longer than this is not parsed as YAML (about 0.1 s): with ``directory_fields``
#: it vouches for nothing, and without, nothing either (its lines could be a wrapped scalar)
_MAX_YAML = 1 << 20
_YAML_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
#: an ASCII text without these holds no encoding a decoder would open (percent, entities,
#: JSON escapes, quoted-printable, RFC 2047, base64 or hex runs)
_ENCODED_HINT = re.compile(r"[%&\\=]|[A-Za-z0-9+/_-]{16,}")
#: endings that are real top-level domains but far more often file names ("README.md",
#: "setup.py"): a bare token with one of them and no path is taken as a file (a link with a
#: scheme, ``www.`` or a path is still a link)
_FILE_EXTENSIONS = frozenset(
    "md rs py sh pl zip mov js ts rb go cs cc mk so in am pm sc ps ci".split()
)
#: a link inside message text: a scheme and what follows it up to whitespace, quotes, markup
#: or brackets; or a host name (ASCII labels, so it ends at CJK text, an em dash, an arrow)
#: starting at a token boundary (after a colon too: "Login:evil.example/x"), with an optional
#: port and path
_LINK_END = r"[^\s\"'<>`*()\[\]{}|,;\\^“”‘’«»‹›„‚「」『』\u2010-\u2015\u2190-\u21ff]"
_LINK_RE = re.compile(
    r"[a-z][a-z0-9+.-]{0,30}+://" + _LINK_END + "+"
    r"|(?<![a-z0-9-])(?://)?[a-z0-9](?:[a-z0-9-]{0,62}+\.)+[a-z0-9-]{1,63}+(?::[0-9]{1,5})?"
    r"(?:/" + _LINK_END + "*)?",
    re.IGNORECASE | re.ASCII,
)


#: what may follow a link that ends there (:func:`_link_ends`)
_LINK_CLOSERS = frozenset(".,:;!?)]}>'\"`*。，、！？：；」』）】》〉”’»›")
#: characters that continue a link (host, port, path, query, fragment, user part)
_LINK_GLUE = re.compile(r"[\w/?#:@.%~+=&$-]")


def strict(text: str) -> str:
    """``text`` with invisible characters removed, NFKC and lower case (not casefold, which
    merges ``ß`` with ``ss``), and no confusable skeleton: the spelling a person would have to
    type."""
    return unicodedata.normalize("NFKC", strip_invisible(text)).lower().strip()


def lookalike_free(raw: str) -> bool:
    """True when ``raw`` has no character the confusable skeleton changes and no punycode
    label: its comparison key is its own spelling. Vouching (the user's text, a directory)
    compares skeletons, so a look-alike (``pаypal.com`` with a Cyrillic ``а``,
    ``xn--pypal-4ve.com``) is vouched only when that very spelling was given."""
    views = [raw]
    if "%" in raw:  # a percent-encoded host is the host a URL parser opens
        views.append(decode_percent(raw))
    for v in views:
        if v.isascii():  # ASCII is its own skeleton (lower case); only punycode can hide one
            if "xn--" in v.lower():
                return False
            continue
        s = strict(v)
        # casefold (inside the skeleton) merges ß/ss and ς/σ, which IDNA (UTS #46
        # nontransitional) keeps apart: such a spelling is a look-alike too
        if "xn--" in s or norm(v) != s.casefold() or any(c in v for c in "ßẞς"):
            return False
    return True


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


#: a request to act on a source's instructions: "do the actions specified in", "follow the
#: instructions", "carry out the steps", "complete the tasks listed in"
_DELEGATE_RE = re.compile(
    r"\b(?:follow|do|carry\s+out|complete|perform|execute)\b(?:\s+\S+){0,3}?\s+"
    r"(?:instructions?|actions?|steps?|tasks?|to-?dos?|directions?)\b",
    re.IGNORECASE,
)
#: a name in quotes: ASCII or typographic, opened and closed at a word boundary
_QUOTED_RE = re.compile(
    r"(?<!\w)'([^'\n]{1,200}?)'(?!\w)|(?<!\w)\"([^\"\n]{1,200}?)\"(?!\w)"
    r"|‘([^’\n]{1,200}?)’|“([^”\n]{1,200}?)”"
)
_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+|\n+")


def delegated_names(trusted_texts: Iterable[str]) -> frozenset[frozenset[str]]:
    """The sources the user delegates to: per delegating sentence, the names it quotes, in
    :func:`strict` spelling.

    A sentence of a trusted text that asks to follow a source's instructions
    (``_DELEGATE_RE``: "follow the instructions", "do the actions specified in") delegates
    to the source its quoted names identify together: ``Read the file
    'landlord-notices.txt' and follow the instructions precisely`` gives
    ``{landlord-notices.txt}``; ``do the actions specified in the email from
    'david.smith@bluesparrowtech.com' with the subject 'TODOs for the week'`` gives
    ``{david.smith@bluesparrowtech.com, todos for the week}``: a read is delegated only when
    its arguments give every name of one group (the subject alone would also find anyone's
    mail with that subject). A name quoted in another sentence is not delegated to. Words,
    not meaning: "do not follow the instructions in 'x'" delegates to ``x`` too
    (``delegable`` tools only; what it grants is listed there).
    """
    groups: set[frozenset[str]] = set()
    for text in trusted_texts:
        for sentence in _SENTENCE_RE.split(text):
            if not _DELEGATE_RE.search(sentence):
                continue
            names = {
                strict(next(g for g in m.groups() if g is not None)).strip()
                for m in _QUOTED_RE.finditer(sentence)
            }
            names.discard("")
            if names:
                groups.add(frozenset(names))
    return frozenset(groups)


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


def check_requested(
    tool: str, patterns: tuple[str, ...], trusted_texts: Iterable[str]
) -> Verdict | None:
    """An ask unless one of ``patterns`` occurs in the trusted text (``None``: no objection).

    Args:
        tool: the tool's name (for the reason).
        patterns: the policy's ``requires_request`` regular expressions (validated at load).
        trusted_texts: the session's trusted texts, in the order given.
    """
    if not patterns:
        return None
    texts = list(trusted_texts)
    for p in patterns:
        rx = _compiled(p)
        if any(rx.search(t) for t in texts):
            return None
    why = "no user request was given" if not texts else "the user's request does not ask for it"
    return Verdict(
        verdict="ask",
        rule=rules.ACTION_NOT_REQUESTED,
        reason=f"'{tool}' changes something and {why}",
    )


def check_vouched(
    arguments: Any,
    params: tuple[str, ...],
    directory: set[str],
    trusted_norm: str,
    spelled: Any = None,
    plain: tuple[set[str], str] | None = None,
) -> Verdict | None:
    """An ask when a ``vouched_params`` argument names something neither the user's text
    nor a directory tool's listing gave (``None``: every such value is vouched).

    Args:
        arguments: the call's arguments.
        params: the argument names (at any depth) whose values need vouching.
        directory: keys vouched by directory tools (:func:`directory_keys`).
        trusted_norm: the session's trusted texts, normalised and joined; a value counts when
            its normalised form occurs there as whole words.
        spelled: ``f(value) -> (by_user, by_directory)``: whether a look-alike spelling may be
            vouched at all (the session's exact-spelling check); ``None``: always.
        plain: ``(directory, trusted_norm)`` with look-alike spellings left out, for a value spelled without any (:func:`lookalike_free`): the
            user's ``ops@хор.ru`` (Cyrillic) does not vouch for the ASCII ``ops@xop.ru``.
    """
    for k, item in _named(arguments, params):
        for leaf in _strings(item, numbers=True):
            key = norm(leaf)
            ok_user, ok_dir = (True, True) if spelled is None else spelled(leaf)
            listed, text = directory, trusted_norm
            if plain is not None and lookalike_free(leaf):
                # compared as spelled: a private-use character in the value is not a mark
                listed, text = plain
                key = norm(mark_lookalikes(leaf))
            if not key or (ok_dir and key in listed):
                continue
            if ok_user and has_words(text, key):
                continue
            return _unvouched(k, key, not lookalike_free(leaf))
    return None


def _named(arguments: Any, params: tuple[str, ...]) -> Iterator[tuple[Any, Any]]:
    """``(name, value)`` for every object key in ``params`` at any depth of ``arguments``
    (a matched value is not searched further for names)."""
    names = set(params)
    stack: list[Any] = [arguments]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            for k, item in v.items():
                if k in names:
                    yield k, item
                else:
                    stack.append(item)
        elif isinstance(v, list | tuple):
            stack.extend(v)


def _unvouched(param: Any, destination: str, odd: bool = False) -> Verdict:
    """The ``taint.unvouched_value`` ask; ``odd``: the value is written with look-alike
    characters, so an approval of it covers these very arguments, not its folded key (which
    a plain spelling shares)."""
    return Verdict(
        verdict="ask",
        rule=rules.TAINT_UNVOUCHED_VALUE,
        reason=f"'{param}' names something neither the user nor a listing gave",
        param=str(param),
        destination=destination[:200],
        details={"odd_spelling": True} if odd else {},
    )


def has_words(text: str, phrase: str) -> bool:
    """``phrase`` occurs in ``text`` with word boundaries (or non-word edges) around it."""
    start = text.find(phrase)
    while start >= 0:
        end = start + len(phrase)
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if not (before.isalnum() and phrase[0].isalnum()) and not (
            after.isalnum() and phrase[-1].isalnum()
        ):
            return True
        start = text.find(phrase, start + 1)
    return False


def _strings(value: Any, *, numbers: bool = False, keys: bool = False) -> Iterator[str]:
    """Every string in ``value`` (iterative: no depth limit); with ``numbers`` also numbers as
    text (``13`` names file ``13`` too), with ``keys`` also object keys (a link can be a key).
    """
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            yield v
        elif isinstance(v, dict):
            if keys:
                yield from (k for k in v if isinstance(k, str))
            stack.extend(v.values())
        elif isinstance(v, list | tuple):
            stack.extend(v)
        elif numbers and isinstance(v, int | float) and not isinstance(v, bool):
            yield str(v)


def _documents(result: Any) -> Iterator[tuple[Any, str | None]]:
    """The documents of a CallToolResult dict: ``(structuredContent, None)`` when present,
    then per text block ``(parsed, None)`` when its text is a JSON object or array, else
    ``(None, text)``. Anything but a dict gives nothing."""
    if not isinstance(result, dict):
        return
    structured = result.get("structuredContent")
    if structured is not None:
        yield structured, None
    for block in result.get("content") or ():
        if not isinstance(block, dict) or block.get("type") != "text":
            continue
        text = block.get("text")
        if not isinstance(text, str):
            continue
        try:
            parsed = orjson.loads(text)
        except orjson.JSONDecodeError:
            parsed = None
        if isinstance(parsed, dict | list):
            yield parsed, None
        else:
            yield None, text


def directory_items(result: Any, fields: frozenset[str] | None = None) -> Iterator[str]:
    """The whole items of a result: JSON string leaves, else whole lines of its text.

    With ``fields``, only the items under those field names: strings whose nearest object
    key is one of them, in JSON or in a YAML document (a ``yaml.safe_dump`` of the records).
    Text that is neither gives nothing (read line by line, a message
    *body* can write a ``sender:`` line, by a newline or by being long enough for the YAML
    dumper to wrap it there), nor does a field named twice in one record.

    Without ``fields``, a text that is a YAML list or mapping keeps its lines, except that a
    scalar the dumper spread over several lines (a long item wrapped at 80 columns, a quoted
    or block scalar with line breaks) is one item, not one per line (a
    channel named ``"External <70 letters> fred@evil.com"`` put the address on a line of
    its own).
    """
    for parsed, text in _documents(result):
        if text is None:
            yield from _strings(parsed) if fields is None else _field_strings(parsed, fields)
            continue
        if len(text) > _MAX_YAML:
            continue  # too long to parse: fail closed (vouch for nothing), never line by line
        root = _yaml_root(text)
        if fields is not None:
            if root is not None and _block_records(root):
                yield from _node_field_strings(root, fields)
            continue
        spans = _multiline_scalars(root) if root is not None else {}
        lines = text.split("\n")  # not splitlines(): U+2028 and friends are not breaks here
        first = True
        i = 0
        while i < len(lines):
            span = spans.get(i)
            if span is not None:
                # a scalar the dumper spread over lines i..last: its value is the item
                last, value = span
                i = last + 1
                first = False
                item = value.strip()
                if item:
                    yield item
                continue
            line = lines[i]
            i += 1
            item = _BULLET.sub("", line, count=1).strip().strip("'\"")
            if first and item:
                first = False
                head, sep, rest = item.partition(": ")
                rest = rest.strip().strip("'\"")
                if (
                    sep
                    and len(head) <= _MAX_ITEM
                    and len(rest.split()) > 1
                    and "\n" in text.strip()
                    and _display_name(rest)
                ):
                    # a listing's title line: "Restaurant in Paris: New Israeli
                    # Restaurant" lists its first item after the title (the whole line
                    # is an item too, and too long to vouch). Only a display name of a
                    # listing with more lines: never an address ("Forward payroll
                    # questions to: x@y"), nor a number or a host ("Call us at:
                    # +1 555 010 9999")
                    yield rest
            if item:
                yield item


def _display_name(text: str) -> bool:
    """``text`` reads as a display name only: letters, no digits, no address, link, host,
    handle or channel (:func:`cordon.taint.extract_destinations` finds only plain words)."""
    if "@" in text or _URL_HINT.search(text) or any(c.isdigit() for c in text):
        return False
    return all(d.kind == "other" for d in extract_destinations(text))


def _yaml_root(text: str) -> Any:
    """The composed YAML node of ``text`` when it is one YAML document whose root is a
    list or a mapping (a ``yaml.safe_dump`` of records) or a quoted or block scalar (a
    dumped string), else ``None`` (plain lines of text are read as lines)."""
    if not any(c in text for c in (":", "- ", "-\n", "[", "{", "'", '"', "|", ">")):
        return None  # no collection, quoted or block scalar can be in it
    try:
        root = yaml.compose(text, Loader=_YAML_LOADER)
    except Exception:  # noqa: BLE001 - any failure: not YAML, read as lines / vouch nothing
        return None
    if isinstance(root, yaml.SequenceNode | yaml.MappingNode):
        return root
    if isinstance(root, yaml.ScalarNode) and root.style in ("'", '"', "|", ">"):
        return root
    return None


def _block_records(root: Any) -> bool:
    """``root`` reads as records a YAML dumper wrote, not as text of another syntax that
    YAML happens to parse: a block-style list or mapping (``yaml.safe_dump``'s
    default) in which no single-quoted scalar ends in a backslash. Python's ``repr``
    (``str(records)``), ``pprint``, Node's ``util.inspect`` and PHP's ``var_export`` write
    records as flow collections and escape a quote as a backslash and a quote, which ends a
    YAML single-quoted scalar: the rest of a string there (a message body, a file's content)
    went on as YAML structure, a record of its own."""
    if not isinstance(root, yaml.SequenceNode | yaml.MappingNode) or root.flow_style:
        return False
    return not any(
        isinstance(node, yaml.ScalarNode) and node.style == "'" and node.value.endswith("\\")
        for node in _yaml_nodes(root)
    )


def _yaml_nodes(root: Any) -> Iterator[Any]:
    """Every node under ``root`` once (an alias is the node it names: visited once, so an
    alias bomb costs its size, not its expansion)."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        yield node
        if isinstance(node, yaml.SequenceNode):
            stack.extend(reversed(node.value))
        elif isinstance(node, yaml.MappingNode):
            for k, v in reversed(node.value):
                stack.extend((v, k))


def _multiline_scalars(root: Any) -> dict[int, tuple[int, str]]:
    """``{first line: (last line, value)}`` of each scalar inside ``root`` that spans lines."""
    spans: dict[int, tuple[int, str]] = {}
    for node in _yaml_nodes(root):
        if not isinstance(node, yaml.ScalarNode):
            continue
        start, end = node.start_mark, node.end_mark
        last = end.line - 1 if end.column == 0 else end.line
        if last > start.line:
            prev = spans.get(start.line)
            if prev is None or prev[0] < last:
                spans[start.line] = (last, str(node.value))
    # a span that starts inside another (a block scalar after a wrapped key) is merged in
    # (spans in order of their first line: only the newest merged span can hold a later one,
    # so each is compared with that one only: linear, not quadratic in a crafted text's
    # scalars)
    merged: dict[int, tuple[int, str]] = {}
    top: int | None = None
    for line in sorted(spans):
        last, value = spans[line]
        if top is not None and line <= merged[top][0]:
            merged[top] = (max(merged[top][0], last), merged[top][1])
        else:
            merged[line] = (last, value)
            top = line
    return merged


_STR_TAG = "tag:yaml.org,2002:str"


def _node_field_strings(root: Any, fields: frozenset[str]) -> Iterator[str]:
    """Strings under a mapping key in ``fields`` (in a list under it too) in a composed YAML
    document, at any depth; a key given twice in one mapping gives nothing (which one the
    reader believes is unclear: a naive text template with an injected line)."""
    under: list[Any] = []
    for node in _yaml_nodes(root):
        if not isinstance(node, yaml.MappingNode):
            continue
        names = Counter(k.value for k, _ in node.value if isinstance(k, yaml.ScalarNode))
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value in fields and names[k.value] == 1:
                under.append(v)
    seen: set[int] = set()
    while under:
        node = under.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.ScalarNode):
            if node.tag == _STR_TAG:
                yield str(node.value)
        elif isinstance(node, yaml.SequenceNode):
            under.extend(reversed(node.value))


def _field_strings(value: Any, fields: frozenset[str]) -> Iterator[str]:
    """Strings under an object key in ``fields`` (in a list under it too), at any depth."""
    stack: list[tuple[bool, Any]] = [(False, value)]
    while stack:
        inside, v = stack.pop()
        if isinstance(v, str):
            if inside:
                yield v
        elif isinstance(v, dict):
            stack.extend((k in fields, item) for k, item in v.items())
        elif isinstance(v, list | tuple):
            stack.extend((inside, item) for item in v)


def owned_field_items(
    result: Any,
    owned: dict[str, str],
    identities: frozenset[str],
    named: set[str] | frozenset[str] = frozenset(),
) -> Iterator[str]:
    """The names listed under ``owned`` fields of the records the user owns, for
    ``owned_fields``: in each record (a JSON object, or a mapping of a YAML document such as
    ``yaml.safe_dump`` of the records gives) whose owner field ``owned[field]`` is a string
    equal to one of ``identities`` exactly as spelled (folded, another
    account's name would match), the strings under ``field``: a string, the strings of a list,
    or the keys of a mapping (``shared_with: {a@x.example: rw}``).

    Fail closed, each against an attack: one document only, ``structuredContent``
    when it holds a record, else the result's one text block (a second block is a
    file's content, which may write a record); records only at the shallowest depth at which
    an owner field occurs (a record inside another, a mapping its owner wrote); a
    record that names the owner field or the listed field twice gives nothing, in YAML and
    in JSON (a naive template with an injected line, orjson keeping the last); an
    entry naming more than one destination gives nothing; a record one of whose other
    values (its id, its name) is in ``named`` gives nothing (values a call of the
    session gave, :func:`named_values`, which may have changed the list, a move into a
    shared folder). Text that is neither JSON nor YAML structure gives nothing; a string
    scalar's own text is never parsed, so a file's content inside its record cannot write an
    ``owner:`` line of its record.
    """
    if not owned or not identities:
        return
    doc = _owned_document(result, frozenset(owned.values()))
    if doc is None:
        return
    parsed, text = doc
    if text is None:
        found = _owned_values(parsed, owned, identities, named)
    elif len(text) <= _MAX_YAML:
        root = _yaml_root(text)
        found = (
            _owned_nodes(root, owned, identities, named)
            if root is not None and _block_records(root)
            else iter(())
        )
    else:
        return
    yield from (item for item in found if _one_destination(item))


class _JSONObject(dict):  # type: ignore[type-arg]
    """A JSON object as :func:`json.loads` reads it, with the keys it named more than once
    (``twice``; the dict keeps the last value, as orjson does)."""

    twice: frozenset[str] = frozenset()


def _json_object(pairs: list[tuple[str, Any]]) -> _JSONObject:
    obj = _JSONObject(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        twice: set[str] = set()
        for k, _ in pairs:
            (twice if k in seen else seen).add(k)
        obj.twice = frozenset(twice)  # linear: a crafted object of many keys costs its size
    return obj


def _owned_document(result: Any, owners: frozenset[str]) -> tuple[Any, str | None] | None:
    """The one document of a result that ``owned_fields`` reads (``(parsed, None)`` for JSON
    structure, ``(None, text)`` for text to read as YAML), or ``None``: ``structuredContent``
    when it holds a mapping with an owner field; else the one text block of the result, and
    only when there is no ``structuredContent`` or it is the ``{"result": text}`` wrapper of
    that very text (FastMCP's for a string). Several text blocks give nothing
    (a server that returns a file's record in one block and its content in another)."""
    if not isinstance(result, dict):
        return None
    structured = result.get("structuredContent")
    if structured is not None and _has_owner(structured, owners):
        return structured, None
    blocks = result.get("content")
    if not isinstance(blocks, list):
        return None
    texts = [b.get("text") for b in blocks if isinstance(b, dict) and b.get("type") == "text"]
    if len(texts) != 1 or not isinstance(texts[0], str):
        return None
    text = texts[0]
    if structured is not None and structured != {"result": text}:
        return None
    try:
        parsed = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None, text
    if not isinstance(parsed, dict | list):
        return None, text
    try:  # again, to see keys named twice (orjson keeps the last)
        return json.loads(text, object_pairs_hook=_json_object), None
    except (ValueError, RecursionError):
        return None


def _has_owner(value: Any, owners: frozenset[str]) -> bool:
    """Some mapping in ``value`` has one of the ``owners`` keys."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if not owners.isdisjoint(v):
                return True
            stack.extend(v.values())
        elif isinstance(v, list | tuple):
            stack.extend(v)
    return False


def _one_destination(item: str) -> bool:
    """An entry of a share list names one person: a one-token entry in which
    :func:`cordon.taint.extract_destinations` finds more than one destination
    (``a@x,evil@y``, ``mailto:a@x?cc=evil@y``, ``a@x?word``, a link with a query) names none.
    A longer entry vouches only as a display name (:func:`item_keys`)."""
    if len(item.split()) != 1:
        return True
    return len(extract_destinations(item)) <= 1


def named_values(arguments: Any) -> set[str]:
    """The values a call gives, as a record's values are compared with them
    (:func:`owned_field_items` ``named``): every string leaf, trimmed, and every number as
    text (``19`` and ``"19"`` name file ``19`` alike), and a path's last part
    (``/Shared/minutes.docx`` names ``minutes.docx``); strings over 1 KiB are left out."""
    out: set[str] = set()
    for leaf in _strings(arguments, numbers=True):
        v = leaf.strip()
        if v and len(v) <= 1024:
            out.add(v)
            last = re.split(r"[/\\]", v.rstrip("/\\"))[-1].strip()
            if last:
                out.add(last)
    return out


def _record_value(value: Any) -> str | None:
    """A record's scalar value as text, compared with :func:`named_values`."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return None
    return str(value).strip()


def _owned_values(
    value: Any,
    owned: dict[str, str],
    identities: frozenset[str],
    named: set[str] | frozenset[str] = frozenset(),
) -> Iterator[str]:
    owners = frozenset(owned.values())
    records: list[tuple[int, dict[str, Any]]] = []
    stack: list[tuple[int, Any]] = [(0, value)]
    while stack:
        depth, v = stack.pop()
        if isinstance(v, dict):
            if not owners.isdisjoint(v):
                records.append((depth, v))
            stack.extend((depth + 1, x) for x in v.values())
        elif isinstance(v, list | tuple):
            stack.extend((depth + 1, x) for x in v)
    if not records:
        return
    top = min(depth for depth, _ in records)  # a record inside another is none
    for depth, v in records:
        if depth != top:
            continue
        twice = getattr(v, "twice", frozenset())
        if named and any(
            _record_value(x) in named for k, x in v.items() if k not in owners and k not in owned
        ):
            continue  # the session gave one of its values: it may have written it
        for field, owner_field in owned.items():
            if field in twice or owner_field in twice or field not in v:
                continue
            owner = v.get(owner_field)
            if not (isinstance(owner, str) and owner in identities):
                continue
            listed = v[field]
            if isinstance(listed, str):
                yield listed
            elif isinstance(listed, list):
                yield from (x for x in listed if isinstance(x, str))
            elif isinstance(listed, dict):
                yield from (k for k in listed if isinstance(k, str))


def _owned_nodes(
    root: Any,
    owned: dict[str, str],
    identities: frozenset[str],
    named: set[str] | frozenset[str] = frozenset(),
) -> Iterator[str]:
    owners = frozenset(owned.values())
    records: list[tuple[int, dict[str, list[Any]]]] = []
    seen: set[int] = set()
    stack: list[tuple[int, Any]] = [(0, root)]
    while stack:
        depth, node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            stack.extend((depth + 1, x) for x in node.value)
            continue
        if not isinstance(node, yaml.MappingNode):
            continue
        by_name: dict[str, list[Any]] = {}
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode):
                by_name.setdefault(str(k.value), []).append(v)
        if not owners.isdisjoint(by_name):
            records.append((depth, by_name))
        stack.extend((depth + 1, v) for _, v in node.value)
    if not records:
        return
    top = min(depth for depth, _ in records)  # a record inside another is none
    for depth, by_name in records:
        if depth != top:
            continue
        if named and any(
            isinstance(x, yaml.ScalarNode) and str(x.value).strip() in named
            for k, xs in by_name.items()
            if k not in owners and k not in owned
            for x in xs
        ):
            continue  # the session gave one of its values: it may have written it
        for field, owner_field in owned.items():
            if len(by_name.get(field, ())) != 1 or len(by_name.get(owner_field, ())) != 1:
                continue
            owner = by_name[owner_field][0]
            if not (
                isinstance(owner, yaml.ScalarNode)
                and owner.tag == _STR_TAG
                and str(owner.value) in identities
            ):
                continue
            listed = by_name[field][0]
            if isinstance(listed, yaml.ScalarNode):
                items = [listed]
            elif isinstance(listed, yaml.SequenceNode):
                items = listed.value
            elif isinstance(listed, yaml.MappingNode):
                items = [k for k, _ in listed.value]
            else:
                items = []
            yield from (
                str(x.value) for x in items if isinstance(x, yaml.ScalarNode) and x.tag == _STR_TAG
            )


def text_field_strings(result: Any, fields: frozenset[str]) -> Iterator[str]:
    """The strings of a result's ``directory_text_fields``: like :func:`directory_items` with
    ``fields`` (JSON or YAML structure only, a field named twice in one record gives
    nothing), but in each document only the fields at the shallowest depth (counted in
    objects) at which any of them occurs: a message's own ``text``, not the ``text`` of an
    object nested in it (a Slack link unfurl, ``attachments[].text``, is the
    linked web page's own description)."""
    for parsed, text in _documents(result):
        if text is None:
            yield from _shallowest(_value_fields(parsed, fields))
        elif len(text) <= _MAX_YAML:
            root = _yaml_root(text)
            if root is not None and _block_records(root):
                yield from _shallowest(_node_fields(root, fields))


def _shallowest(found: Iterable[tuple[int, list[str]]]) -> Iterator[str]:
    """The strings of the ``(depth, strings)`` pairs at the smallest depth."""
    found = list(found)
    if found:
        top = min(depth for depth, _ in found)
        for depth, strings in found:
            if depth == top:
                yield from strings


def _value_fields(value: Any, fields: frozenset[str]) -> Iterator[tuple[int, list[str]]]:
    """``(depth, strings)`` of each field in ``fields`` of parsed JSON ``value``: the string
    under it, or the strings of a list under it."""
    stack: list[tuple[int, Any]] = [(0, value)]
    while stack:
        depth, v = stack.pop()
        if isinstance(v, dict):
            for k, item in v.items():
                if k in fields:
                    items = item if isinstance(item, list) else [item]
                    yield depth + 1, [x for x in items if isinstance(x, str)]
                else:
                    stack.append((depth + 1, item))
        elif isinstance(v, list | tuple):
            stack.extend((depth, item) for item in v)


def _node_fields(root: Any, fields: frozenset[str]) -> Iterator[tuple[int, list[str]]]:
    """:func:`_value_fields` of a composed YAML document (each node once: an alias is the
    node it names; a key given twice in one mapping gives nothing)."""
    seen: set[int] = set()
    stack: list[tuple[int, Any]] = [(0, root)]
    while stack:
        depth, node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            names = Counter(k.value for k, _ in node.value if isinstance(k, yaml.ScalarNode))
            for k, v in node.value:
                if isinstance(k, yaml.ScalarNode) and k.value in fields:
                    if names[k.value] != 1:  # a Counter: linear in a crafted mapping's keys
                        continue
                    items = v.value if isinstance(v, yaml.SequenceNode) else [v]
                    yield (
                        depth + 1,
                        [
                            str(x.value)
                            for x in items
                            if isinstance(x, yaml.ScalarNode) and x.tag == _STR_TAG
                        ],
                    )
                else:
                    stack.append((depth + 1, v))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((depth, item) for item in node.value)


def directory_keys(result: Any, fields: frozenset[str] | None = None) -> set[str]:
    """Destination keys of every whole item a directory tool's ``result`` (a CallToolResult
    dict) lists (:func:`directory_items`; ``fields`` as there): :func:`item_keys`."""
    return item_keys(directory_items(result, fields))


def item_keys(items: Iterable[str], *, spelled: bool = False) -> set[str]:
    """Destination keys of whole directory ``items``.

    Only name-shaped items count: one token (a channel, a handle, an address: its normalised
    text and its destination keys, :func:`cordon.taint.extract_destinations`) or a display
    name of at most four words (its normalised text only), 64 characters at most. Anything
    longer is prose, which an attacker may have written (a channel *named* with an
    injection, AgentDojo's slack vector), and vouches for nothing. ``spelled``: keyed with
    look-alike characters marked (:func:`cordon.taint.extract_destinations`).
    """
    keys: set[str] = set()
    for item in items:
        if len(item) > _MAX_ITEM:
            continue
        words = item.split()
        name = norm(mark_lookalikes(item) if spelled else item)
        if len(words) == 1:
            keys.add(name)
            keys.update(d.key for d in extract_destinations(item, spelled=spelled))
        elif len(words) <= _MAX_WORDS and not _URL_HINT.search(item) and "@" not in item:
            keys.add(name)
    return keys


def written_destinations(text: str) -> Iterator[str]:
    """The links and e-mail addresses written in ``text``, each in its exact spelling
    (:func:`strict`: invisible characters removed, NFKC, lower case; trailing sentence
    punctuation dropped), for ``directory_text_fields``.

    A link is a token with a scheme, starting ``www.`` or ``//``, or a host name of two or
    more ASCII labels, with its port, path and query (``_LINK_RE``); an address is
    ``EMAIL_RE``'s. Only the text as written counts: nothing is decoded, so a percent- or
    base64-encoded link vouches for nothing. Texts over 64 KiB give nothing.
    """
    if len(text) > 1 << 16:
        return
    yield from _written_tokens(strict(text))


def _written_tokens(exact: str) -> Iterator[str]:
    """:func:`written_destinations` of a text already :func:`strict`, with no size cap."""
    for m in _LINK_RE.finditer(exact):
        if m.start() and exact[m.start() - 1] == "@":
            continue  # the domain of an address, which the address pass gives whole
        if exact.startswith("@", m.end()):
            continue  # the local part of an address, ``sales.app@...``: no link
        before = exact[m.start() - 1] if m.start() else ""
        if before == "." or _word_char(before) or _word_char(exact[m.end() : m.end() + 1]):
            # the ASCII tail of a longer name: ``nchen.de`` of ``münchen.de``, ``example.com``
            # of ``café.example.com`` is not what the member wrote
            continue
        tok = m.group().rstrip(".,:;!?")
        if len(tok) >= 4 and "." in tok and "@" not in tok:
            yield tok
    for m in EMAIL_RE.finditer(exact):
        yield m.group().rstrip(".")


def _word_char(c: str) -> bool:
    """``c`` is a letter or digit of a script written with spaces between words: a link
    glued to it is part of a longer word (CJK text, written without spaces, is not)."""
    return c.isalnum() and unicodedata.east_asian_width(c) not in ("W", "F")


def plain_spelling(value: str) -> str | None:
    """``value`` as compared with :func:`written_destinations` (trimmed, lower case), or
    ``None`` when it has invisible characters or is not its own NFKC form: a fetcher sends
    those on, percent-encoded, in the path or query, so a member's link would carry data
    hidden in them, as are spaces at its ends other than ASCII ones. Case is
    compared folded (see docs/threat-model.md)."""
    plain = value.strip(" \t\r\n")  # what a URL parser trims; other spaces are sent on
    if strip_invisible(plain) != plain or unicodedata.normalize("NFKC", plain) != plain:
        return None
    return plain.lower()


def spelling_keys(spelling: str) -> set[str]:
    """The keys :attr:`Session.sent_keys` is compared on for one written spelling: its
    destination keys, and for a link its host too (a server that escapes or
    cuts a posted link, ``evil.example/x&gt``, changes its path, never its host)."""
    keys = {d.key for d in extract_destinations(spelling)}
    if "@" not in spelling:
        uk = url_keys(norm(spelling))
        if uk is not None:
            keys.add(uk[0])
    return keys


def sent_spelling_keys(value: Any) -> set[str]:
    """What reading ``value`` back would vouch for, as :func:`spelling_keys`: every link and
    address :func:`written_destinations` finds in any string of ``value`` (object keys and
    numbers too, no size cap). A call's arguments give the same spellings its text gives
    when a channel returns it, whatever wraps the link (`` ` ``, an em dash, CJK text), where
    :func:`cordon.taint.extract_destinations` keys the whole token; an encoded
    string gives the spellings of its decoded views too."""
    spellings: set[str] = set()
    for leaf in _strings(value, numbers=True, keys=True):
        if leaf.isascii() and not _ENCODED_HINT.search(leaf):
            if "." in leaf or "@" in leaf:
                spellings.update(_written_tokens(strict(leaf)))
            continue
        # and decoded (JSON escapes, entities, percent...): a server that stores the text
        # without escaping it would read ``www.evil\u002eexample`` back decoded
        for view in decoded_views(leaf, max_depth=1, max_views=6):
            spellings.update(_written_tokens(strict(view)))
    keys: set[str] = set()
    for spelling in spellings:
        keys |= spelling_keys(spelling)
    return keys


def _link_ends(text: str, i: int) -> bool:
    """Whether a link in ``text`` ending at ``i`` ends there for any reader, read up to the
    next space with invisible characters dropped and NFKC: nothing follows, or only closing
    brackets, quotes and sentence punctuation, or one of those that cannot start a port or a
    query (a comma, CJK punctuation) and then anything. Not ``…com?d=1``, ``…com#x``,
    ``…com\\x``, ``…com%2fx``, ``…com:8080`` (the link pattern stops at them, an
    autolinker or a URL parser does not), nor ``…com\u200b/?d=`` or ``…com／?d=``."""
    j = i
    while j < len(text) and not text[j].isspace():
        j += 1
    # a host may end in dots (``…com.?d=1`` is ``…com`` with a query)
    tail = unicodedata.normalize("NFKC", strip_invisible(text[i:j])).lstrip(".")
    if all(c in _LINK_CLOSERS for c in tail):
        return True
    return tail[0] in _LINK_CLOSERS and tail[0] not in "?:"


def _plain_char(c: str) -> bool:
    """``c`` (one character, or none) cannot join a link: not invisible, and its own NFKC
    form or one that ends a link (a fullwidth comma may follow a link in CJK text, a
    fullwidth ``／`` or ``？`` may not)."""
    if strip_invisible(c) != c:
        return False
    n = unicodedata.normalize("NFKC", c)
    return n == c or _LINK_GLUE.search(n) is None


def unwritten_link_keys(value: Any, written: set[str] | frozenset[str]) -> set[str]:
    """Keys (:func:`forwarded_links`) of the links left in message text ``value`` once each
    link written there in a spelling a member wrote (``written``, :func:`written_destinations`)
    is taken out. A forwarded link is a member's own only when no other spelling of its key
    is left: keys fold look-alikes (a Cyrillic ``pаypal`` is ``paypal``)
    and drop the query, and :func:`forwarded_links` checks each key once per message, so the
    member's ``www.x.example`` vouched for a ``www.x.example/?d=<data>`` beside it. Links
    are taken out only as written plainly (ASCII, as a token); any other form stays."""
    rest: list[str] = []
    for leaf in _strings(value, keys=True):
        parts: list[str] = []
        end = 0
        for m in _LINK_RE.finditer(leaf):
            tok = m.group().rstrip(".,:;!?")
            stop = m.start() + len(tok)
            if (
                tok.lower() in written
                and _link_ends(leaf, stop)
                and _plain_char(leaf[m.start() - 1 : m.start()] if m.start() else "")
            ):
                parts += [leaf[end : m.start()], " "]
                end = stop
        rest.append("".join(parts) + leaf[end:])
    return {d.key for d in forwarded_links(rest)}


def private_ids(text: str) -> Iterator[str]:
    """The identifier-shaped values in a private record's text (a ``private_values`` tool's
    output, in any shape: JSON, YAML, a Python repr): passport, card, account, ID and phone
    numbers.

    A value is a run of letters and digits joined by ``-``, ``.`` or ``/`` (``HGK137803``,
    ``4237-4252-7456-2574``), groups of digits joined by single spaces (``+1 327 420
    4923``), upper-case groups led by letters (``HGK 137803``, ``GB29 NWBK 6016 1331 9268
    19``) or a phone number with its area code in brackets (``(327) 420-4923``), 8 to 40
    characters long with 6 or more digits, that is not a date or time (``2024-05-13``). Yields each as written and, when separators split it, its compact form
    (``4237425274562574``). Names, street addresses and e-mail addresses are not identifiers
    (a documented gap: they are private too, but too common in legitimate messages to gate).
    """
    seen: set[str] = set()
    for m in _ID_TOKEN.finditer(text):
        item = m.group()
        if not 8 <= len(item) <= 40 or sum(c.isdigit() for c in item) < 6:
            continue
        if _DATE_LIKE.match(item) or item in seen:
            continue
        seen.add(item)
        yield item
        compact = _ID_SEPARATORS.sub("", item)
        if compact != item and len(compact) >= 8 and compact not in seen:
            seen.add(compact)
            yield compact


def compact_view(value: Any) -> Any:
    """``value`` (a call's arguments) with the separators of identifiers (space ``- . / ( )
    +``) dropped from every string and every number written as such a string, same shape and
    keys: what :func:`private_ids`' compact forms are matched against, so ``4237 4252 7456
    2574`` and ``4237425274562574`` (a JSON number) both carry ``4237-4252-7456-2574``.
    Iterative; booleans and ``None`` are left out."""
    root: dict[str, Any] = {}
    stack: list[tuple[Any, Any, Any]] = [(root, "v", value)]
    while stack:
        parent, key, v = stack.pop()
        if isinstance(v, str):
            parent[key] = _ID_SEPARATORS.sub("", v)
        elif isinstance(v, int | float) and not isinstance(v, bool):
            parent[key] = _ID_SEPARATORS.sub("", str(v))
        elif isinstance(v, dict):
            out: dict[Any, Any] = {}
            parent[key] = out
            stack.extend((out, k, item) for k, item in v.items())
        elif isinstance(v, list | tuple):
            items: list[Any] = [None] * len(v)
            parent[key] = items
            stack.extend((items, i, item) for i, item in enumerate(v))
    return root.get("v")


def private_forms(value: str) -> list[str]:
    """``value`` (one of :func:`private_ids`) and the other ways it is commonly written, to
    register each (a card recorded ``4237-4252-7456-2574`` and sent
    ``4237 4252 7456 2574`` is not matched by the value and its compact form alone).

    ``Session.observe_output`` registers every form; sends are also matched in their
    :func:`compact_view`. Forms: the value, its compact form, its groups
    joined by a space, a dash or a dot, the same without a leading ``+`` country code, and a
    number's usual grouping (:data:`_DIGIT_GROUPS`); each 8+ characters with 6+ digits.
    Irregular or mixed separators are not covered.
    """
    out: list[str] = []
    for form in (value, *_id_variants(value)):
        if form not in out and len(form) >= 8 and sum(c.isdigit() for c in form) >= 6:
            out.append(form)
    return out


def _id_variants(item: str) -> list[str]:
    """The other spellings of an identifier (:func:`private_forms`)."""
    groups = [g for g in _ID_SEPARATORS.split(item) if g]
    compact = "".join(groups)
    out = [compact]
    m = _LETTERS_DIGITS.fullmatch(compact)
    if m is not None:
        groups = [m.group(1), m.group(2)]
    options = [groups]
    if item.startswith("+") and len(groups) > 2:
        options.append(groups[1:])
    digits = compact.isdigit()
    if digits and compact.startswith("1") and len(compact) == 11:
        options.append([compact[1:]])
    for opt in list(options):
        joined = "".join(opt)
        for sizes in _DIGIT_GROUPS.get(len(joined), ()) if digits else ():
            cut, at = [], 0
            for n in sizes:
                cut.append(joined[at : at + n])
                at += n
            options.append(cut)
            if len(sizes) == 3 and len(joined) == 10:
                out.append(f"({cut[0]}) {cut[1]}-{cut[2]}")
                out.append(f"({cut[0]}) {cut[1]} {cut[2]}")
    for opt in options:
        out.append("".join(opt))
        if len(opt) > 1:
            out.extend(sep.join(opt) for sep in (" ", "-", "."))
    return out


def unvouched_names(
    arguments: Any,
    params: tuple[str, ...],
    directory: set[str],
    trusted_norm: str,
    trusted_words: set[str],
    plain: tuple[set[str], str, set[str]] | None = None,
) -> Verdict | None:
    """An ask when a ``vouched_names`` argument's text names something (two or more
    capitalised words: "Riverside View Hotel") that neither the user's text nor a directory
    listing gave (``None``: every name is vouched). ``plain``: ``(directory, trusted_norm,
    trusted_words)`` keyed with look-alike characters marked, for a text written without
    any (:func:`lookalike_free`): a typed ``Rіverside Vіew`` (Cyrillic ``і``) does not vouch
    the ASCII name (docs/bypass-resistance.md, "Look-alikes").

    A run of capitalised words is covered from left to right by its longest sub-runs that the
    user's text has as whole words or a directory listed whole, and by single words the user
    typed ("Booking" in 'Booking hotel X'); any word left over makes the name unvouched.
    Single capitalised words are not names here (sentence starts), a documented gap.
    """
    for k, item in _named(arguments, params):
        for leaf in _strings(item):
            listed, text_norm, words_set = directory, trusted_norm, trusted_words
            if plain is not None and lookalike_free(leaf):
                listed, text_norm, words_set = plain
            # NFKC first: a circled or fullwidth capital is a capital
            text = unicodedata.normalize("NFKC", strip_invisible(leaf))
            for run in _name_runs(text):
                words = [norm(w) for w in run]
                if _covered(words, listed, text_norm, words_set):
                    continue
                parts = [norm(p) for w in run for p in _compound_parts(w)]
                if parts != words and _covered(parts, listed, text_norm, words_set):
                    continue
                return _unvouched(k, " ".join(words))
    return None


def _name_runs(text: str) -> Iterator[list[str]]:
    """Runs of adjacent words that start with a capital letter (an upper- or title-case
    letter, any script with case) and make two or more capitalised words, counting the
    capitalised parts of a glued word (``Riverside-View``, ``RiversideView``); split
    at punctuation (``Paris, France``: two one-word runs). Symbols around
    a word (``**Riverside View**``, ``«Riverside View»``) are not part of it, and a symbol
    alone between two words (``&``, ``|``, a dash) does not split them."""
    run: list[str] = []
    units = 0
    for m in _TOKEN.finditer(text):
        tok = m.group()
        start, end = 0, len(tok)
        while start < end and not tok[start].isalnum():
            start += 1
        while end > start and not tok[end - 1].isalnum():
            end -= 1
        word = tok[start:end]
        if not word and not any(c in _RUN_END for c in tok):
            continue  # "Smith & Wesson", "Riverside | View": a symbol alone joins the run
        n = _capital_units(word)
        if n:
            run.append(word)
            units += n
            if any(c in _RUN_END for c in tok[end:]):  # "Paris," ends the run
                if units > 1:
                    yield run
                run, units = [], 0
            continue
        if units > 1:
            yield run
        run, units = [], 0
    if units > 1:
        yield run


def _capital(word: str) -> bool:
    return bool(word) and unicodedata.category(word[0]) in ("Lu", "Lt")


def _compound_parts(word: str) -> list[str]:
    """A glued word's parts (``Riverside-View``, ``RiversideView`` -> ``Riverside``,
    ``View``)."""
    parts: list[str] = []
    for piece in _COMPOUND_SPLIT.split(word):
        start = 0
        for i in range(1, len(piece)):
            if (piece[i - 1].islower() or piece[i - 1].isdigit()) and _capital(piece[i]):
                parts.append(piece[start:i])
                start = i
        if piece[start:]:
            parts.append(piece[start:])
    return parts


def _capital_units(word: str) -> int:
    """How many capitalised words ``word`` counts as: its capitalised parts of two or more
    characters (``RiversideView``: 2, ``1Riverside``: 1), at least 1 when it starts with a
    capital (``USA``, ``U.S.A``)."""
    if not word:
        return 0
    glued = sum(1 for p in _compound_parts(word) if len(p) > 1 and _capital(p))
    return max(glued, 1 if _capital(word) else 0)


def _covered(
    words: list[str], directory: set[str], trusted_norm: str, trusted_words: set[str]
) -> bool:
    i, n = 0, len(words)
    while i < n:
        for j in range(n, i, -1):
            phrase = " ".join(words[i:j])
            if (j - i > 1 or len(words) == 1) and (
                phrase in directory or has_words(trusted_norm, phrase)
            ):
                i = j
                break
            if j - i == 1 and (phrase in trusted_words or phrase in directory):
                i = j
                break
        else:
            return False
    return True


#: a run of characters that are not ASCII whitespace: no match of :data:`_LINK_RE` (which
#: is ``re.ASCII``) crosses ASCII whitespace
_ASCII_WORD_RE = re.compile(r"\S*", re.ASCII)
_RARE_WS_RE = re.compile(r"[\t\r\f\v]")


def _dotted_links(text: str) -> Iterator[re.Match[str]]:
    """The matches of :data:`_LINK_RE` in ``text`` inside words (runs without ASCII
    whitespace) that have a dot, in order: the only ones :func:`forwarded_links` keeps. A
    match never crosses ASCII whitespace, so searching each such word alone (its bounds
    given to the search, so a look-behind still sees the text before it) finds exactly the
    matches a search of the whole text finds there. Words are found from their dots
    (``str.find``), not by a pattern tried at every position of the text."""
    find, rfind = text.find, text.rfind
    search = _LINK_RE.finditer
    end = 0
    d = find(".")
    while d >= 0:
        start = max(rfind(" ", end, d), rfind("\n", end, d)) + 1
        rare = _RARE_WS_RE.search(text, max(start, end), d)
        if rare is not None:  # a tab (or \r \f \v) nearer: the word starts after the last
            start = d
            while start > end and text[start - 1] not in " \t\n\r\f\v":
                start -= 1
        start = max(start, end)
        end = _ASCII_WORD_RE.match(text, d).end()
        yield from search(text, start, end)
        d = find(".", end)


def forwarded_links(value: Any, *, spelled: bool = False) -> list[Destination]:
    """Links written inside message text: every string in ``value``, in each decoded view
    (percent, entities, JSON escapes, base64...; :func:`cordon.textnorm.decoded_views`) and as
    a URL parser reads it (:func:`cordon.textnorm.canonical_urls`), normalised
    (:func:`cordon.taint.norm`: invisible characters, NFKC, case), split at whitespace,
    quotes, markup and brackets. A token is a link when it has a scheme, starts ``www.`` or
    ``//``, or is a host name (two or more labels) with a known public suffix followed by the
    end or ``/?#:``. Returns ``url`` destinations keyed host and path; compare them by host.
    ``spelled``: each view is read with its look-alike characters marked first
    (:func:`cordon.textnorm.mark_lookalikes`), so a look-alike link keeps its own key.
    """
    out: list[Destination] = []
    seen: set[str] = set()
    for leaf in _strings(value, keys=True):
        if leaf.isascii() and "." not in leaf and not _ENCODED_HINT.search(leaf):
            continue  # no dot, no encoding that could hide one: no link
        if leaf.isascii() and not _ENCODED_HINT.search(leaf):
            views = [leaf]
        else:
            views = decoded_views(leaf, max_depth=1, max_views=6)
        views += [c for c in (canonical_urls(v) for v in list(views)) if c not in views]
        for view in views:
            for lm in _dotted_links(norm(mark_lookalikes(view) if spelled else view)):
                tok = lm.group().rstrip(".,:;!?")
                if len(tok) < 4 or "." not in tok:
                    continue
                explicit = "://" in tok or tok.startswith(("www.", "//"))
                if not explicit and HOST_RE.match(tok) is None:
                    continue
                keys = url_keys(tok)
                if keys is None or keys[1] in seen:
                    continue
                if not explicit and (
                    not _extractor()(keys[0]).suffix
                    or (keys[0] == keys[1] and keys[0].rpartition(".")[2] in _FILE_EXTENSIONS)
                ):
                    continue  # "report.docx", "e.g.", "notes.md": not a host
                seen.add(keys[1])
                out.append(Destination(kind="url", raw=tok, key=keys[1]))
    return out
