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
    "directory_keys",
    "item_keys",
    "private_ids",
    "unvouched_names",
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
#: a ``name: value`` line (YAML-like, an optional ``- `` bullet): ``directory_fields``
_FIELD_LINE = re.compile(r"^[ \t]*(?:[-*][ \t]+)?([A-Za-z_][\w.-]{0,40}):[ \t]+(\S.*)$")
#: identifier-shaped private values (:func:`private_ids`)
_ID_TOKEN = re.compile(
    r"(?<![\w.+/-])(?:\+?\d{1,4}(?: \d{2,5}){2,}|[A-Za-z0-9]+(?:[-./][A-Za-z0-9]+)*)(?![\w])"
)
_DATE_LIKE = re.compile(r"\d{4}[-./]\d{2}[-./]\d{2}$|\d{2}[-./]\d{2}[-./]\d{4}$")
_ID_SEPARATORS = re.compile(r"[ ./()+-]")
#: a word of text; punctuation at its end ends a run of capitalised words
_TOKEN = re.compile(r"\S+")
_RUN_END = ",.;:!?)]}\"'’”"
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


def directory_items(result: Any, fields: frozenset[str] | None = None) -> Iterator[str]:
    """The whole items of a result: JSON string leaves, else whole lines of its text.

    With ``fields``, only the items under those field names: JSON strings whose nearest
    object key is one of them, and text lines ``name: item`` (YAML-like, a ``- `` bullet
    allowed) whose ``name`` is one of them.
    """
    if not isinstance(result, dict):
        return
    structured = result.get("structuredContent")
    if structured is not None:
        yield from _strings(structured) if fields is None else _field_strings(structured, fields)
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
            yield from _strings(parsed) if fields is None else _field_strings(parsed, fields)
            continue
        first = True
        for line in text.split("\n"):  # not splitlines(): U+2028 and friends are not breaks here
            if fields is None:
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
                        and "@" not in rest
                        and not _URL_HINT.search(rest)
                    ):
                        # a listing's title line: "Restaurant in Paris: New Israeli
                        # Restaurant" lists its first item after the title (the whole line
                        # is an item too, and too long to vouch). Only a display name of a
                        # listing with more lines: never an address ("Forward payroll
                        # questions to: x@y", red-team F2)
                        yield rest
            else:
                m = _FIELD_LINE.match(line)
                if m is None or m.group(1) not in fields:
                    continue
                item = m.group(2).strip().strip("'\"")
            if item:
                yield item


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


def directory_keys(result: Any, fields: frozenset[str] | None = None) -> set[str]:
    """Destination keys of every whole item a directory tool's ``result`` (a CallToolResult
    dict) lists (:func:`directory_items`; ``fields`` as there): :func:`item_keys`."""
    return item_keys(directory_items(result, fields))


def item_keys(items: Iterable[str]) -> set[str]:
    """Destination keys of whole directory ``items``.

    Only name-shaped items count: one token (a channel, a handle, an address: its normalised
    text and its destination keys, :func:`cordon.taint.extract_destinations`) or a display
    name of at most four words (its normalised text only), 64 characters at most. Anything
    longer is prose, which an attacker may have written (a channel *named* with an
    injection, AgentDojo's slack vector), and vouches for nothing.
    """
    keys: set[str] = set()
    for item in items:
        if len(item) > _MAX_ITEM:
            continue
        words = item.split()
        if len(words) == 1:
            keys.add(norm(item))
            keys.update(d.key for d in extract_destinations(item))
        elif len(words) <= _MAX_WORDS and not _URL_HINT.search(item) and "@" not in item:
            keys.add(norm(item))
    return keys


def private_ids(text: str) -> Iterator[str]:
    """The identifier-shaped values in a private record's text (a ``private_values`` tool's
    output, in any shape: JSON, YAML, a Python repr): passport, card, account, ID and phone
    numbers.

    A value is a run of letters and digits joined by ``-``, ``.`` or ``/`` (``HGK137803``,
    ``4237-4252-7456-2574``), or groups of digits joined by single spaces (``+1 327 420
    4923``), 8 to 40 characters long with 6 or more digits, that is not a date or time
    (``2024-05-13``). Yields each as written and, when separators split it, its compact form
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


def unvouched_names(
    arguments: Any,
    params: tuple[str, ...],
    directory: set[str],
    trusted_norm: str,
    trusted_words: set[str],
) -> Verdict | None:
    """An ask when a ``vouched_names`` argument's text names something (two or more
    capitalised words: "Riverside View Hotel") that neither the user's text nor a directory
    listing gave (``None``: every name is vouched).

    A run of capitalised words is covered from left to right by its longest sub-runs that the
    user's text has as whole words or a directory listed whole, and by single words the user
    typed ("Booking" in 'Booking hotel X'); any word left over makes the name unvouched.
    Single capitalised words are not names here (sentence starts), a documented gap.
    """
    names = set(params)
    stack: list[Any] = [arguments]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            for k, item in v.items():
                if k not in names:
                    stack.append(item)
                    continue
                for leaf in _strings(item):
                    for run in _name_runs(strip_invisible(leaf)):
                        words = [norm(w) for w in run]
                        if not _covered(words, directory, trusted_norm, trusted_words):
                            return Verdict(
                                verdict="ask",
                                rule="taint.unvouched_value",
                                reason=(
                                    f"'{k}' names something neither the user nor a listing gave"
                                ),
                                param=str(k),
                                destination=" ".join(words)[:200],
                            )
        elif isinstance(v, list | tuple):
            stack.extend(v)
    return None


def _name_runs(text: str) -> Iterator[list[str]]:
    """Runs of two or more adjacent words that start with a capital letter (``str.isupper``
    on the first letter, so any script with case), split at punctuation."""
    run: list[str] = []
    for m in _TOKEN.finditer(text):
        tok = m.group().lstrip("\"'‘“([{")
        word = tok.rstrip(_RUN_END)
        if word and word[0].isupper():
            run.append(word)
            if word != tok:  # "Paris," ends the run
                if len(run) > 1:
                    yield run
                run = []
            continue
        if len(run) > 1:
            yield run
        run = []
    if len(run) > 1:
        yield run


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
