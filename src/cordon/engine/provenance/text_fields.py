"""Links and addresses a member wrote (``directory_text_fields``): their exact spellings,
the keys a call's arguments send out, and the links left once a member's are taken out."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

import yaml

from cordon.engine.provenance._documents import (
    _MAX_YAML,
    _STR_TAG,
    _block_records,
    _documents,
    _yaml_root,
)
from cordon.engine.provenance._text import _ENCODED_HINT, _LINK_RE, _strings, strict
from cordon.engine.provenance.links import forwarded_links
from cordon.taint import extract_destinations, norm
from cordon.taint._keys import EMAIL_RE, url_keys
from cordon.textnorm import decoded_views, strip_invisible

#: what may follow a link that ends there (:func:`_link_ends`)
_LINK_CLOSERS = frozenset(".,:;!?)]}>'\"`*。，、！？：；」』）】》〉”’»›")


#: characters that continue a link (host, port, path, query, fragment, user part)
_LINK_GLUE = re.compile(r"[\w/?#:@.%~+=&$-]")


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
