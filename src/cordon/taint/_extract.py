"""Destinations inside tool-call arguments (issue 3, "Sending tools and their destinations")."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, fields
from typing import Any, Literal
from urllib.parse import parse_qsl, unquote

from cordon.taint._keys import EMAIL_RE, HOST_RE, email_key, norm, phone_key, url_keys
from cordon.taint._sinks import is_sink_param, name_tokens
from cordon.textnorm import (
    canonical_emails,
    canonical_urls,
    decode_percent,
    decoded_views,
    mark_lookalikes,
    rfc3986_urls,
)

__all__ = ["Destination", "DestinationKind", "extract_destinations", "mentioned_in_prose"]

DestinationKind = Literal["email", "url", "host", "phone", "channel", "other"]

_URLISH_RE = re.compile(r"[a-z][a-z0-9+.-]{0,30}+://\S+|www\.\S+")
_PHONE_RE = re.compile(r"\+?[\d\s().-]{7,}")
_SPLIT_RE = re.compile(r"[,;\s]+")
_ANGLE_RE = re.compile(r"<([^<>]*)>")
#: a word with two letters or more (what makes a value prose rather than an address list)
_PROSE_WORD = re.compile(r"\S*[^\W\d_]\S*[^\W\d_]\S*")
_MAX_DEPTH = 32
#: :func:`extract_destinations` remembers what this many recent strings (each at most
#: :data:`_MEMO_MAX_CHARS` long) give: a decision extracts a sink value plainly and then
#: spelled (:func:`cordon.engine.checks._spelling.plain_keys`), and the second reading is the
#: first whenever marking look-alike characters changed none of the texts read
_MEMO_SIZE = 256
_MEMO_MAX_CHARS = 4096


@dataclass(frozen=True, kw_only=True, slots=True, init=False)
class Destination:
    """One destination found in a sink argument.

    Attributes:
        kind: ``email``, ``url``, ``host``, ``phone``, ``channel`` or ``other``.
        raw: the text as it appeared in the argument (one list item or address).
        key: the normalised comparison form (:mod:`cordon.taint._keys`): ``bob@example.com``
            for ``"Bob" <Bob+x@Example.com>``, ``example.com/path`` for a URL (host and path,
            no scheme), digits only for a phone, the name without ``#`` for a channel.
    """

    kind: DestinationKind
    raw: str
    key: str

    def __init__(self, *, kind: DestinationKind, raw: str, key: str) -> None:
        # each slot set through its descriptor: the generated __init__ of a frozen dataclass
        # goes through object.__setattr__, about 2.5x the instructions a field (one or two
        # are built for every sending call); the instance is the same and stays frozen
        _KIND(self, kind)
        _RAW(self, raw)
        _KEY(self, key)

    @property
    def host(self) -> str | None:
        """The host of a ``url`` or ``host`` destination (for host-alone matching), else None."""
        if self.kind in ("url", "host"):
            return self.key.partition("/")[0]
        return None


_KIND, _RAW, _KEY = (vars(Destination)[n].__set__ for n in ("kind", "raw", "key"))
# (a field added without its setter)
if tuple(f.name for f in fields(Destination)) != ("kind", "raw", "key"):
    raise TypeError("Destination: set every field in __init__ and _destination")


def _destination(kind: DestinationKind, raw: str, key: str) -> Destination:
    """``Destination(kind=kind, raw=raw, key=key)`` for the extraction's own calls: the same
    instance by the same slot setters, without the keyword dict that calling the class with
    keywords builds (``slot_tp_init``); the class itself stays keyword-only for readers."""
    d: Destination = object.__new__(Destination)
    _KIND(d, kind)
    _RAW(d, raw)
    _KEY(d, key)
    return d


def mentioned_in_prose(text: str, dests: list[Destination]) -> bool:
    """Whether ``text`` is prose that mentions its destinations ``dests`` (found in it): more
    than two words of two letters or more besides their raw text. Such a value is what a call
    writes or sends (a mail quoted in a note, a link in a message body), not where it goes:
    the taint layer's held values and ``cordon suggest``'s sink proposals read it alike."""
    for d in dests:
        text = text.replace(d.raw, " ")
    return len(_PROSE_WORD.findall(text)) > 2


def extract_destinations(value: Any, *, spelled: bool = False) -> list[Destination]:
    """Every destination in an argument value, in order, without duplicates.

    ``value`` may be a string, number, list or nested object (for an object, such as a
    structured recipient ``{"email": ..., "name": ...}``, each value is examined; keys are
    not). A string yields:

    * each URL (``scheme://...`` or ``www.``): one ``url`` destination (host and path), plus
      the destinations inside its query string (``?to=bob@example.com``); a ``mailto:`` URL
      gives its addresses (path, ``to``, ``cc``, ``bcc``) as ``email`` destinations;
    * otherwise each e-mail address, including the display-name form
      ``"Bob" <bob@example.com>`` and comma- or semicolon-separated lists;
    * otherwise a phone number (7-15 digits), or each comma/semicolon/space-separated item as
      a ``host`` (two or more labels), ``channel`` (leading ``#``) or ``other``.

    ``spelled``: each text is read with its look-alike characters marked first
    (:func:`cordon.textnorm.mark_lookalikes`, after every decoding), so a look-alike spelling
    gives its own key, never the plain one it imitates (docs/bypass-resistance.md, "Look-alikes").

    Never raises; nesting deeper than 32 levels is not examined further.
    """
    acc = _Acc(spelled)
    _walk(value, acc, 0)
    return acc.found


def extract_marked(value: Any, *, one_view: bool = False) -> tuple[list[Destination], bool]:
    """:func:`extract_destinations` of ``value``, and whether marking look-alike characters
    changes any text it read: when not, ``extract_destinations(value, spelled=True)`` reads
    the same texts and gives the same destinations. ``one_view``: the caller found that
    ``value`` is a string no decoder changes (``decoded_views(value) == [value]``), so it is
    not decoded again to learn that."""
    if type(value) is str and len(value) <= _MEMO_MAX_CHARS:
        # (the usual sink value: what _walk and _string give a lone string at the top)
        plain, marked, _ = _remembered((value, 0), one_view)
        return list(plain), marked
    acc = _Acc(False)
    _walk(value, acc, 0)
    return acc.found, acc.marked


def plain_address(text: str) -> Destination | None:
    """The one destination of ``text`` when it is a plain address no decoder changes (the
    usual sink value, :func:`_plain_address`): what :func:`extract_marked` of it gives is
    ``([that], False)``, and ``decoded_views(text)`` is ``[text]`` at any depth (no view at
    depth one, none at two). ``None`` otherwise, and for a text longer than the extraction
    memo's strings (read by the general path). Found without the memo: a send names a new
    address as often as a known one."""
    if len(text) > _MEMO_MAX_CHARS or not _plain_address(text):
        return None
    return _destination("email", text, _plain_key(text))


class _Acc:
    """What one extraction found so far, in order, and how it reads texts.

    Attributes:
        found: the destinations, in order.
        seen: their ``(kind, key)`` pairs (no duplicates).
        spelled: each text is read with its look-alike characters marked.
        marked: marking look-alike characters changed some text read (when not
            ``spelled``: then a spelled extraction reads other texts and may find others;
            otherwise it reads the same texts and finds the same destinations).
    """

    __slots__ = ("found", "marked", "seen", "spelled")

    def __init__(self, spelled: bool) -> None:
        self.found: list[Destination] = []
        self.seen: set[tuple[str, str]] = set()
        self.spelled = spelled
        self.marked = False


#: (text, depth) -> (its destinations read plainly, whether marking changed a text read, its
#: destinations read spelled: ``None`` until asked for, and never needed when not marked)
_MEMO: dict[
    tuple[str, int], tuple[tuple[Destination, ...], bool, tuple[Destination, ...] | None]
] = {}


def _string(text: str, acc: _Acc, depth: int) -> None:
    """:func:`_from_string` through :data:`_MEMO`. What a string at a depth gives does not
    depend on anything else (the accumulator only drops what it has already), so adding the
    remembered destinations in their order gives what reading the string again would."""
    if len(text) > _MEMO_MAX_CHARS:
        _from_string(text, acc, depth)
        return
    key = (text, depth)
    got = _remembered(key)
    plain, marked, spelled = got
    if not marked:
        found = plain  # marking changes no text read: a spelled reading is the same one
    elif not acc.spelled:
        found = plain
        acc.marked = True
    else:
        if spelled is None:
            sub = _Acc(True)
            _from_string(text, sub, depth)
            spelled = tuple(sub.found)
            _MEMO[key] = (plain, marked, spelled)
        found = spelled
    for d in found:
        if (d.kind, d.key) not in acc.seen:
            acc.seen.add((d.kind, d.key))
            acc.found.append(d)


def _remembered(
    key: tuple[str, int], one_view: bool = False
) -> tuple[tuple[Destination, ...], bool, tuple[Destination, ...] | None]:
    """The :data:`_MEMO` entry of a string at a depth (``key``), read plainly if not there:
    its destinations in order, without duplicates (each string is read into an accumulator
    of its own). ``one_view``: as :func:`extract_marked`'s."""
    got = _MEMO.get(key)
    if got is None:
        text, depth = key
        if _plain_address(text, one_view):
            # (what _from_string gives it: see there)
            address = _destination("email", text, _plain_key(text))
            got = ((address,), False, None)
        else:
            sub = _Acc(False)
            _from_string(text, sub, depth)
            got = (tuple(sub.found), sub.marked, None)
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.clear()
        _MEMO[key] = got
    return got


def _add(acc: _Acc, kind: DestinationKind, raw: str, key: str) -> None:
    if key and (kind, key) not in acc.seen:
        acc.seen.add((kind, key))
        acc.found.append(_destination(kind, raw, key))


def _walk(value: Any, acc: _Acc, depth: int) -> None:
    if depth > _MAX_DEPTH:
        return
    if isinstance(value, str):
        _string(value, acc, depth)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | float):
        _string(str(value), acc, depth)
        if isinstance(value, float) and value.is_integer():
            # 14155550199.0 is the number 14155550199 to a server that reads an integer or
            # formats the value back (JSON has one number type): read its digits as they are
            _string(str(int(value)), acc, depth)
    elif isinstance(value, dict):
        for item in value.values():
            _walk(item, acc, depth + 1)
    elif isinstance(value, list | tuple):
        for item in value:
            _walk(item, acc, depth + 1)


#: a value that is one plain address: lower-case ASCII, no character any rewrite or decoder of
#: :func:`_from_string` looks for (``%&\\=:(\"[``, spaces, upper case), nothing after the last
#: label. With no ``xn--`` label, no ``www.`` and no base64 or hex run either (the callers'
#: other tests), every reading of it is itself and gives the one address.
_PLAIN_ADDRESS_RE = re.compile(r"[a-z0-9._-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+", re.ASCII)


def _plain_address(text: str, one_view: bool = False) -> bool:
    """``text`` is one plain address (:data:`_PLAIN_ADDRESS_RE`) that :func:`_from_string`
    reads without its general path: no decoding, URL or address rewrite and no look-alike
    mark changes it (marked stays False), it is its own normalised form, and the address
    pattern's one match is the whole of it, keyed by :func:`_plain_key`. ``one_view``: the
    caller knows no decoder changes ``text`` (the decoding test is then not repeated)."""
    return (
        _PLAIN_ADDRESS_RE.fullmatch(text) is not None
        and "xn--" not in text
        and "www." not in text
        and (one_view or len(decoded_views(text, max_depth=1, max_views=6)) == 1)
    )


def _plain_key(address: str) -> str:
    """:func:`email_key` of a :func:`_plain_address`: itself (no ``+``, no trailing dot, a
    domain :func:`host_key` keeps), unless its local part ends with a dot."""
    return email_key(address) if ".@" in address else address


def _from_string(raw_text: str, acc: _Acc, depth: int) -> None:
    if _plain_address(raw_text):
        _add(acc, "email", raw_text, _plain_key(raw_text))
        return
    views = [raw_text]
    for view in decoded_views(_url_spaces_kept(raw_text), max_depth=1, max_views=6)[1:]:
        if view != raw_text:
            # percent, entities, JSON escapes, QP, RFC 2047, base64 in the value
            views.append(view)
    for view in list(views):
        for canon in (canonical_urls(view), rfc3986_urls(view), canonical_emails(view)):
            if canon not in views:
                # the URL as fetch and as urlsplit read it, the address as mail software does
                views.append(canon)
    for view in views[1:]:
        _from_view(view, acc, depth)
    _from_view(raw_text, acc, depth)


#: a URL with a host after its userinfo (RFC 3986 section 3.2: the authority ends at ``/``,
#: ``?`` or ``#``; the host follows its last ``@``)
_NAMELESS_HOST_RE = re.compile(r"[a-z][a-z0-9+.-]*://(?:[^/?#]*@)?[^/?#@:]")


#: a URL in a value as written (any letter case)
_RAW_URL_RE = re.compile(_URLISH_RE.pattern, re.IGNORECASE)
#: a percent escape of one character: one to three bytes of UTF-8
_ESCAPED_CHAR_RE = re.compile(
    r"%[0-7][0-9a-f]|%[cd][0-9a-f]%[89ab][0-9a-f]|%e[0-9a-f](?:%[89ab][0-9a-f]){2}",
    re.IGNORECASE,
)


def _url_spaces_kept(text: str) -> str:
    """``text`` with each escaped white-space character inside its URLs escaped once more
    (``?q=json%20dumps`` as ``?q=json%2520dumps``), for its decoded readings: decoded, the
    space ended the URL and the words after it were read as loose items (``dumps``), a
    search's words as destinations. The URL's query is read by its names and shapes
    (:func:`_query_value`) from the value as written, space and all."""
    if "%" not in text or ("://" not in text and "www." not in text.lower()):
        return text
    return _RAW_URL_RE.sub(lambda u: _ESCAPED_CHAR_RE.sub(_space_kept, u[0]), text)


def _space_kept(m: re.Match[str]) -> str:
    try:
        char = unquote(m[0], errors="strict")
    except UnicodeDecodeError:
        return m[0]
    return f"%25{m[0][1:]}" if char.isspace() else m[0]


def _from_view(raw_text: str, acc: _Acc, depth: int) -> None:
    if acc.spelled:
        text = norm(mark_lookalikes(raw_text))
    else:
        if not acc.marked and mark_lookalikes(raw_text) != raw_text:
            acc.marked = True
        text = norm(raw_text)
    if not text:
        return
    if text.startswith("mailto:"):
        _from_mailto(text, acc, depth)
        return
    # (every match of _URLISH_RE holds one of these literals: two searches for the usual value
    # with none, instead of the pattern tried at every position)
    urls = _URLISH_RE.findall(text) if "://" in text or "www." in text else None
    if urls:
        for url in urls:
            url = url.rstrip(".,;)>]'\"”’»›」』")
            if url.startswith("mailto:"):
                _from_mailto(url, acc, depth)
                continue
            keys = url_keys(url)
            if keys is not None:
                _add(acc, "url", url, keys[1])
            elif _NAMELESS_HOST_RE.match(url):
                # a host no name key reads (``16909060``, ``[2606:4700::1]``, ``0x7f.1``: an
                # address all the same): kept whole, so a sink value that holds it beside a
                # URL to a trusted host is not cleared by that one alone
                _add(acc, "other", url, url)
            for name, val in _query_pairs(url.partition("?")[2].partition("#")[0]):
                _query_value(name, val, acc, depth + 1)
            nested = _nested_url(url)
            if nested:
                _walk(nested, acc, depth + 1)
        _rest(_URLISH_RE.sub(" ", text), acc, depth)
        return
    emails = EMAIL_RE.findall(text)
    if emails:
        for address in emails:
            _add(acc, "email", address, email_key(address.rstrip(".")))
        if len(emails) > 1 or emails[0] != text:  # (a value that is one address has no rest)
            _rest(EMAIL_RE.sub(" ", text), acc, depth)
        return
    if _PHONE_RE.fullmatch(text):
        key = phone_key(text)
        if key is not None:
            _add(acc, "phone", text, key)
            return
    angle = _ANGLE_RE.findall(text)
    items = angle if angle else _SPLIT_RE.split(text)
    for item in items:
        item = item.strip(" \"'")
        if not item:
            continue
        if item.startswith("#"):
            _add(acc, "channel", item, item.lstrip("#"))
        elif HOST_RE.fullmatch(item.rstrip("/")) or HOST_RE.match(item):
            keys = url_keys(item)
            if keys is not None:
                _add(acc, "host" if keys[0] == keys[1] else "url", item, keys[1])
            else:
                _add(acc, "other", item, item)
        elif item.startswith("@") and len(item) > 1:
            _add(acc, "channel", item, item[1:])
        else:
            key = phone_key(item) if _PHONE_RE.fullmatch(item) else None
            if key is not None:
                _add(acc, "phone", item, key)
            else:
                _add(acc, "other", item, item)


#: the destinations a query value gives by its shape alone, whatever its parameter's name
_SHAPED_KINDS = frozenset({"url", "email", "host"})
#: the start of a scheme-relative URL in a query value (browsers read ``\\`` as ``/``)
_SCHEME_RELATIVE_RE = re.compile(r"\s*[/\\]{2}(?=[\w-]+\.)")
#: a query parameter's name tokens under which a phone number is the recipient
_PHONE_NAME_TOKENS = frozenset(
    {"numbers", "dst", "tel", "cell", "mobile", "mobiles", "phones", "msisdn"}
)


def _query_value(name: str, value: str, acc: _Acc, depth: int) -> None:
    """The destinations in one query parameter of a URL. A parameter named like a
    destination (``to``, ``redirect_uri``, ``webhook``, ``channel``: :func:`is_sink_param`,
    the names a tool's own parameters are judged by) gives every item of its value, as a
    sink argument does; another gives only values shaped like one (a URL, an address, a
    host, a phone number in its international ``+`` form, a Slack ID; not ``?id=12345678``):
    ``?q=json+dumps`` searches for words, it sends nothing to ``dumps``, and asking about
    each word of a search on a trusted site is noise that teaches people to approve."""
    if depth > _MAX_DEPTH:
        return
    structured = _json_value(value)
    if structured is not None:
        # a JSON object or array (``?payload={"to":"mallory"}``): its own names say which
        # of its values are destinations, as a URL's do (a sink name gives all of them);
        # the value is still read for shapes below (a text that only looked like one)
        if is_sink_param(name):
            _walk(structured, acc, depth)
            return
        for key, item in _json_pairs(name, structured):
            _query_value(key, item, acc, depth + 1)
    if is_sink_param(name):
        _walk(value, acc, depth)
        return
    # a JSON string (``?payload="{\"to\":\"mallory\"}"``) or a value percent-encoded once
    # more: what a server that decodes it again reads, by the same names and shapes; a query
    # encoded into a value (``?payload=to%3Dmallory%26x%3D1``): its pairs, read as the URL's
    inner = _unwrapped(value)
    if inner is not None:
        _query_value(name, inner, acc, depth + 1)
    if _NESTED_QUERY_RE.match(value):
        for key, item in _query_pairs(value):
            _query_value(key, item, acc, depth + 1)
    sub = _Acc(acc.spelled)
    # a scheme-relative URL (``?next=//evil.example/x``, ``\\evil.example``): a site's
    # redirect takes it as the URL it is, to a host of the attacker's choosing
    relative = _SCHEME_RELATIVE_RE.match(value)
    _walk(f"https://{value[relative.end() :]}" if relative else value, sub, depth)
    acc.marked = acc.marked or sub.marked
    # a phone number in its + form: a literal + in a query reads as a space (``?n=+1555...``
    # is " 1555..."), so a value that starts with either; or under a name an SMS gateway
    # gives its recipients that no sink name covers (Textlocal's ``numbers``, Plivo's ``dst``)
    phone = value[:1] in ("+", " ") or not _PHONE_NAME_TOKENS.isdisjoint(name_tokens(name))
    for d in sub.found:
        if (
            d.kind in _SHAPED_KINDS
            or (d.kind == "phone" and (phone or d.raw[:1] == "+"))
            or (d.kind == "other" and _SLACK_LIKE_RE.fullmatch(d.key) is not None)
        ):
            _add(acc, d.kind, d.raw, d.key)


#: a value that starts as a query does (``name=`` then not ``=``: no base64 padding)
_NESTED_QUERY_RE = re.compile(r"[A-Za-z_][\w.\[\]-]{0,63}=(?!=)")


def _unwrapped(value: str) -> str | None:
    """What a query value reads as decoded once more: a JSON string's text (one that does
    not parse: between its quotes, ``\\"`` read as ``"``), or the value percent-decoded;
    ``None`` when that is the value itself."""
    text = value.strip()
    if len(text) > 1 and text[0] == '"':
        try:
            got = json.loads(text)
        except ValueError:
            got = text[1:].removesuffix('"').replace('\\"', '"')
        return got if isinstance(got, str) and got != value else None
    if "%" in text:
        got = decode_percent(text)
        return got if got != text else None
    return None


def _query_pairs(query: str) -> list[tuple[str, str]]:
    """A query's ``name=value`` pairs, read with ``&`` as the separator and, when it has a
    ``;``, also with ``;`` as one: many servers take ``?x=1;to=mallory`` as two pairs (the
    HTML 4 advice, Rails, PHP's ``arg_separator.input``), others as one. Both readings count
    (the ``&`` one keeps ``?to=a@x.com;b@y.org`` whole, an address list)."""
    pairs = parse_qsl(query, keep_blank_values=False)
    if ";" in query:
        pairs += parse_qsl(query.replace("&", ";"), keep_blank_values=False, separator=";")
    return pairs


#: a key and its value in an object that is not JSON (single quotes, no quotes, a cut text)
_LOOSE_PAIR_RE = re.compile(
    r"""["']?([\w.-]+)["']?\s*[:=]\s*(?:"([^"]*)"|'([^']*)'|([^\s,{}\[\]"']+))"""
)
_JSON_DEPTH = 8


def _json_value(value: str) -> Any:
    """A query value that is a JSON object or array, percent-encoded once more or not: the
    object (``None`` when the value does not start like one). One that does not parse
    (single quotes, a cut text) gives its ``key: value`` pairs as an object."""
    text = value.strip()
    for _ in range(3):
        if text[:1] in ("{", "["):
            break
        if text[:3].lower() not in ("%7b", "%5b"):
            return None
        text = decode_percent(text).strip()
    else:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return {m[0]: m[1] or m[2] or m[3] for m in _LOOSE_PAIR_RE.findall(text)}


def _json_pairs(name: str, value: Any, depth: int = 0) -> list[tuple[str, str]]:
    """The ``(name, text)`` leaves of a JSON value, each under its nearest key (a list's
    items under the list's; an object's under a sink name's, as a structured recipient's
    are: ``{"recipient":{"id":"mallory"}}``): read as query pairs by :func:`_query_value`."""
    if depth > _JSON_DEPTH:
        return []
    if isinstance(value, dict):
        sink = is_sink_param(name)
        return [
            p for k, v in value.items() for p in _json_pairs(name if sink else str(k), v, depth + 1)
        ]
    if isinstance(value, list):
        return [p for v in value for p in _json_pairs(name, v, depth + 1)]
    if isinstance(value, bool) or value is None:
        return []
    return [(name, str(value))]


#: a Slack ID's shape as the query reads it, folded to lower case (:data:`SLACK_ID_RE`'s
#: ``C0EV1LX99``: ``slack.com/api/conversations.invite?users=U0EV1LX99`` invites a user
#: output named); a lower-case word with a digit of that length is asked about too
_SLACK_LIKE_RE = re.compile(r"[cdguw](?=[a-z]*[0-9])(?=[0-9]*[a-z])[a-z0-9]{8,10}")


#: a URL's start inside another URL's path (``r.jina.ai/https://x``, ``/save/www.x``)
_NESTED_START_RE = re.compile(r"[a-z][a-z0-9+.-]{0,30}+:/{1,2}(?=[^/])|www\.")


#: a host name or IPv4 address as the first path segment, or after an archive's ``save/`` or ``web/<time>/``
_BARE_NESTED_RE = re.compile(
    r"/*(?:(?:save|web|\d{1,14}[a-z_]*)/+){0,2}"
    r"([\w-]+(?:\.[\w-]+)*\.([a-z]{2,63})|\d{1,3}(?:\.\d{1,3}){3})(?=[:/]|$)",
    re.IGNORECASE,
)
#: the endings of a file name that a first path segment has more often than a host
_FILE_EXTENSIONS = frozenset(
    {"html", "htm", "php", "asp", "aspx", "jsp", "txt", "md", "xml", "json", "js", "mjs",
     "css", "ico", "png", "jpg", "jpeg", "gif", "svg", "webp", "pdf", "zip", "gz", "tgz",
     "py", "rss", "atom", "csv", "yaml", "yml", "toml", "map", "wasm", "mod", "sum", "doc",
     "docx", "xls", "xlsx", "pptx", "tar", "bz2", "xz", "rar", "exe", "dmg", "deb", "rpm",
     "whl", "jar", "mp3", "mp4", "mov", "woff", "woff2", "ttf", "cgi", "iso", "apk", "ics",
     "ini", "lock", "sig", "asc", "pem", "crt"}
)  # fmt: skip


def _nested_url(url: str) -> str:
    """The URL a fetching service reads from ``url``'s path (reader and archive proxies,
    link shorteners' previews: ``https://r.jina.ai/https://evil.example/x``,
    ``https://web.archive.org/save/https://evil.example/``), or ``""``. That service
    requests it: its host is a destination as much as the outer one (a trusted proxy host
    does not vouch for where it is sent). Also ``http:/x``, a single slash some services
    restore."""
    scheme_end = url.find("://")
    after = url[scheme_end + 3 :] if scheme_end >= 0 else url[4:]  # (``www.`` start)
    slash = after.find("/")
    if slash < 0:
        return ""
    path = after[slash + 1 :].partition("?")[0].partition("#")[0]
    m = _NESTED_START_RE.search(path)
    if m is not None:
        return path[m.start() :]
    # a host without its scheme at the path's start, as the same services take it
    # (``r.jina.ai/evil.example/x``, ``//evil.example``, ``/save/evil.example``); a file
    # name there (``index.html``, ``README.md``) is no host
    bare = _BARE_NESTED_RE.match(path)
    if bare is None or (bare.group(2) or "").lower() in _FILE_EXTENSIONS:
        return ""
    return "https://" + path[bare.start(1) :]


def _rest(text: str, acc: _Acc, depth: int) -> None:
    """The rest of a value that held URLs or addresses: every other item is a destination too
    (``alice@corp.com UK1234...`` pays two payees, ``alice@corp.com mallory`` messages two
    people: a second destination hidden after the first), except field labels ending in
    ``:``. Where an address is written in angle brackets, plain words are its display name
    (``Doe, John <jd@x.org>``) and only items with a digit, a dot or a leading ``#``/``@``
    count."""
    named = "<" in text
    for item in _SPLIT_RE.split(text):
        if item.endswith(":"):
            continue  # "to:", "cc:"
        item = item.strip(" \"'<>()[]:")
        if len(item) < 2:
            continue
        if item[0] == "&" and "=" in item:
            # a query's continuation cut from its URL (``?count=20&page=2``, whose ``=20`` a
            # quoted-printable reading turns into a space): its pairs, read as the query's
            for name, val in _query_pairs(item[1:]):
                _query_value(name, val, acc, depth + 1)
            continue
        if named and not (
            any(c.isdigit() for c in item) or "." in item.strip(".") or item[0] in "#@"
        ):
            continue
        _from_view(item, acc, depth + 1)


def _from_mailto(url: str, acc: _Acc, depth: int) -> None:
    body = url[len("mailto:") :]
    path, _, query = body.partition("?")
    for address in EMAIL_RE.findall(decode_percent(path)):
        _add(acc, "email", address, email_key(address.rstrip(".")))
    for name, val in parse_qsl(query, keep_blank_values=False):
        if name.lower() in ("to", "cc", "bcc"):
            for address in EMAIL_RE.findall(val):
                _add(acc, "email", address, email_key(address.rstrip(".")))
