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

import re
import unicodedata
from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

import orjson

from cordon._types import Verdict
from cordon.engine.egress import _extractor
from cordon.taint import Destination, extract_destinations, norm
from cordon.taint._keys import HOST_RE, url_keys
from cordon.textnorm import canonical_urls, decode_percent, decoded_views, strip_invisible

__all__ = [
    "check_requested",
    "check_vouched",
    "directory_items",
    "forwarded_links",
    "has_words",
    "lookalike_free",
    "strict",
]

#: a directory item is a name: one token, or a display name of a few words, this long at most
_MAX_ITEM = 64
_MAX_WORDS = 4
#: a list bullet and a ``key:`` field name (an identifier: no spaces, so prose such as
#: "Forward payroll questions to: x@y" keeps its words and is skipped as prose)
_BULLET = re.compile(r"^[ \t]*(?:[-*][ \t]+)?(?:[A-Za-z_][\w.-]{0,40}:[ \t]+)?")
_URL_HINT = re.compile(r"://|www\.", re.IGNORECASE)
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
    r"[a-z][a-z0-9+.-]{0,30}://" + _LINK_END + "+"
    r"|(?<![a-z0-9-])(?://)?[a-z0-9](?:[a-z0-9-]{0,62}+\.)+[a-z0-9-]{1,63}+(?::[0-9]{1,5})?"
    r"(?:/" + _LINK_END + "*)?",
    re.IGNORECASE | re.ASCII,
)


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
    if "%" in raw:  # a percent-encoded host is the host a URL parser opens (red-team R4)
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
        rule="action.not_requested",
        reason=f"'{tool}' changes something and {why}",
    )


def check_vouched(
    arguments: Any,
    params: tuple[str, ...],
    directory: set[str],
    trusted_norm: str,
    spelled: Any = None,
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
    """
    names = set(params)
    stack: list[Any] = [arguments]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            for k, item in v.items():
                if k in names:
                    for leaf in _strings(item, numbers=True):
                        key = norm(leaf)
                        ok_user, ok_dir = (True, True) if spelled is None else spelled(leaf)
                        if not key or (ok_dir and key in directory):
                            continue
                        if ok_user and has_words(trusted_norm, key):
                            continue
                        return Verdict(
                            verdict="ask",
                            rule="taint.unvouched_value",
                            reason=f"'{k}' names something neither the user nor a listing gave",
                            param=str(k),
                            destination=key[:200],
                        )
                else:
                    stack.append(item)
        elif isinstance(v, list | tuple):
            stack.extend(v)
    return None


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


def directory_items(result: Any) -> Iterator[str]:
    """The whole items of a result: JSON string leaves, else whole lines of its text."""
    if not isinstance(result, dict):
        return
    structured = result.get("structuredContent")
    if structured is not None:
        yield from _strings(structured)
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
            yield from _strings(parsed)
            continue
        for line in text.split("\n"):  # not splitlines(): U+2028 and friends are not breaks here
            item = _BULLET.sub("", line, count=1).strip().strip("'\"")
            if item:
                yield item


def directory_keys(result: Any) -> set[str]:
    """Destination keys of every whole item a directory tool's ``result`` lists.

    ``result`` is a CallToolResult dict. Only name-shaped items count: one token (a channel,
    a handle, an address: its normalised text and its destination keys,
    :func:`cordon.taint.extract_destinations`) or a display name of at most four words (its
    normalised text only), 64 characters at most. Anything longer is prose, which an
    attacker may have written (a channel *named* with an injection, AgentDojo's slack
    vector), and vouches for nothing.
    """
    keys: set[str] = set()
    for item in directory_items(result):
        if len(item) > _MAX_ITEM:
            continue
        words = item.split()
        if len(words) == 1:
            keys.add(norm(item))
            keys.update(d.key for d in extract_destinations(item))
        elif len(words) <= _MAX_WORDS and not _URL_HINT.search(item) and "@" not in item:
            keys.add(norm(item))
    return keys


def forwarded_links(value: Any) -> list[Destination]:
    """Links written inside message text: every string in ``value``, in each decoded view
    (percent, entities, JSON escapes, base64...; :func:`cordon.textnorm.decoded_views`) and as
    a URL parser reads it (:func:`cordon.textnorm.canonical_urls`), normalised
    (:func:`cordon.taint.norm`: invisible characters, NFKC, case), split at whitespace,
    quotes, markup and brackets. A token is a link when it has a scheme, starts ``www.`` or
    ``//``, or is a host name (two or more labels) with a known public suffix followed by the
    end or ``/?#:``. Returns ``url`` destinations keyed host and path; compare them by host.
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
            for lm in _LINK_RE.finditer(norm(view)):
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
