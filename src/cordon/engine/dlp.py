"""Credentials nobody registered: known formats in a call's arguments (outbound DLP).

:class:`Detector` looks for credential formats in every string of a call's arguments (keys
too), through the encodings the secret matcher decodes (:func:`cordon.textnorm.decoded_views`:
percent, HTML entities, JSON escapes, base64 and hex runs...), in their full-width spelling
(NFKC), reversed, and with the call's string values joined (a key split across two
arguments). ``rule`` ``secret.pattern`` denies a call carrying one (:mod:`cordon.engine.checks.dlp`).

The formats come from detect-secrets' plugins (Yelp's maintained catalogue), read by the edge
(:func:`cordon.store.dlp.load_plugin_patterns`: detect-secrets imports network and process
modules, which the engine does not) and passed in as regex sources. cordon adds what a regex
cannot say, per kind:

* checksums and structure where the format has them: the CRC32 in the last six base62
  characters of GitHub's ``ghp_``/``gho_``/``ghu_``/``ghs_``/``ghr_`` tokens and npm's
  ``npm_`` tokens (GitHub blog, "Behind GitHub's new authentication token formats",
  2021-04); an AWS key id's base32 alphabet after its ``AKIA``/``ASIA``... prefix; a JWT's
  header and payload that decode to JSON, the header naming its ``alg`` (RFC 7515 4.1.1;
  detect-secrets' own ``is_formally_valid``); a private key block with a body that decodes to
  a DER ``SEQUENCE`` or an ``openssh-key-v1`` blob (RFC 7468, RFC 5208), or an encrypted or
  PGP body of real length; a Discord token whose first part decodes to a numeric user id;
  an Azure storage key that decodes to 64 bytes;
* placeholder wording (``EXAMPLE``, ``xxxx``, ``your_``...) and too few distinct characters,
  as in the content scanner's secret rules: documentation values are not credentials;
* formats detect-secrets lacks: fine-grained GitHub tokens (``github_pat_``), npm's
  ``npm_`` tokens (with their CRC32), Anthropic keys (``sk-ant-``), Hugging Face tokens
  (``hf_``, ``api_org_``) and other prefixed API tokens (:mod:`cordon.secret_formats`: OpenRouter,
  Groq, Replicate, Linear, Notion, Supabase, Databricks...).

Pure: no I/O. :func:`default_detector` imports the edge's loader on first use, as
:func:`cordon.engine.args.default_resolver` does.
"""

from __future__ import annotations

import base64
import binascii
import functools
import json
import re
import string
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from re import _constants, _parser  # type: ignore[attr-defined]
from typing import Any

from cordon.engine.walk import CallWalk, number_text
from cordon.secret_formats import AWS_SECRET_KEY_ASSIGNED, HUGGINGFACE_TOKEN, PREFIXED_TOKENS
from cordon.textnorm import decoded_views, has_decoder_hint, strip_invisible

__all__ = [
    "EXTRA_PATTERNS",
    "Detector",
    "Hit",
    "default_detector",
    "withhold",
    "github_checksum_ok",
    "joined_views",
    "string_leaves",
    "text_leaves",
]

PluginPatterns = Iterable[tuple[str, str, Iterable[tuple[str, int]]]]

#: a run's upper bound in :mod:`cordon.secret_formats` (``{40,128}``)
_OPEN_RUN = re.compile(r",\d{3}\}$")
#: a format's end boundary in :mod:`cordon.secret_formats` (``(?![A-Za-z0-9])``)
_END_BOUNDARY = re.compile(r"\(\?!\[[^\]]*\]\)$")

#: cordon's own formats, for what detect-secrets' catalogue lacks: (kind, type, regexes)
EXTRA_PATTERNS: tuple[tuple[str, str, tuple[tuple[str, int], ...]], ...] = (
    ("github_token", "GitHub Token", ((r"github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}", 0),)),
    ("npm", "NPM tokens", ((r"npm_[A-Za-z0-9]{36}", 0),)),
    ("private_key", "Private Key", ((r"BEGIN ENCRYPTED PRIVATE KEY", 0),)),
    ("anthropic", "Anthropic API Key", ((r"sk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_-]{80,120}", 0),)),
    # Hugging Face tokens and the other prefixed API tokens: the catalogue the content
    # scanner masks in results too (cordon.secret_formats)
    # (read without its end boundary, as the others below: 'hf_' + 34 letters + 'A' is the
    # token padded, which the receiver cuts back to its 34)
    ("huggingface", "Hugging Face Token", ((_END_BOUNDARY.sub("", HUGGINGFACE_TOKEN[1]), 0),)),
    # an AWS secret key assigned to its name, quoted or not (detect-secrets reads only a
    # quoted one): the content rule's pattern, its group the key (validated as ``aws``)
    ("aws", "AWS Access Key", ((_END_BOUNDARY.sub("", AWS_SECRET_KEY_ASSIGNED[1]), 0),)),
    (
        "api_token",
        "Prefixed API Token",
        # leaving in a call, a token padded past its format's length or bound
        # ('pcsk_..._<key>' + 'AAAA...', '<key>_x') is still the token: no end boundary, and
        # the catalogue's upper bounds (a result's scan must end) read open-ended
        tuple((rf"(?<![\w-]){_OPEN_RUN.sub(',}', p)}", 0) for _, p, _ in PREFIXED_TOKENS),
    ),
)

_BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_PLACEHOLDER = re.compile(
    r"(?i)example|sample|dummy|placeholder|your[_-]|changeme|redacted|xxxx|\*\*\*|\.\.\.|"
    r"<[^>]*>|\$\{|\{\{|0000000|1234567|abcdefgh"
)
#: a text with no run of 16 token characters, and no key block marker, carries no format here
#: (anchored, possessive: skips whole words, where a plain search retries at every offset)
_RUN16 = re.compile(
    r"[^A-Za-z0-9_+/=-]*+(?:[A-Za-z0-9_+/=-]{1,15}+[^A-Za-z0-9_+/=-]++)*+[A-Za-z0-9_+/=-]{16}"
)


def _hinted(view: str) -> bool:
    return "PRIVATE KEY" in view or "PuTTY-User-Key" in view or _RUN16.match(view) is not None


def _quiet(text: str) -> bool:
    """``text`` holds nothing :meth:`Detector._find_text` finds, seen without running it: an
    ASCII text (nothing invisible to strip, no NFKC folding) with no run or marker
    (:func:`_hinted`) that no decoder opens (its only view is itself). The usual argument."""
    return text.isascii() and not _hinted(text) and len(decoded_views(text)) == 1


#: a call whose strings and joined views hold more characters than this is read string by
#: string (:func:`_all_quiet` would scan them once more before that)
_QUIET_MAX_CHARS = 16384


#: the longest match of a quiet test (:func:`_hinted`, :func:`has_decoder_hint`): a run of 16
#: (the literals, ``PuTTY-User-Key`` and the rest, and a decoder's run start are shorter)
_HINT_SPAN = 16


def _all_quiet(texts: Sequence[str], values: Sequence[str]) -> bool:
    """Whether every one of ``texts`` and every joined view of ``values``
    (:func:`joined_views`) is quiet in :func:`_quiet`'s first sense (ASCII, no run, marker or
    decoder hint): then :meth:`Detector.find_text` finds nothing in any of them (a call's
    usual arguments), seen with three searches instead of three per string.

    The tests are substring tests, each match at most :data:`_HINT_SPAN` characters and none
    with a line break in it (no literal has one, no run includes one); so ``texts`` are tested
    at once, joined with line breaks. A joined view of quiet values can only have a match
    across a place where two values meet, within ``_HINT_SPAN - 1`` characters either side of
    it: those windows (:func:`_seams`) are tested instead of the whole views."""
    if sum(map(len, texts)) + len(texts) - 1 > _QUIET_MAX_CHARS:
        return False  # (the test below would be over the bound with the texts alone)
    blob = "\n".join([*texts, *_seams(values)])
    if len(blob) > _QUIET_MAX_CHARS or not blob.isascii() or has_decoder_hint(blob):
        return False
    # (not _hinted(blob), its run found in translated bytes: _run16)
    return "PRIVATE KEY" not in blob and "PuTTY-User-Key" not in blob and not _run16(blob)


#: strings up to this long are tested together by :func:`_quiet_marks`, in groups of about
#: :data:`_GROUP_CHARS` characters
_GROUP_STRING = 256
_GROUP_CHARS = 2048


def _quiet_marks(texts: Sequence[str]) -> list[bool]:
    """Per string of ``texts``: known quiet in :func:`_all_quiet`'s sense (ASCII, no run,
    marker or decoder hint), so :meth:`Detector.find_text` finds nothing in it.

    Short strings are tested a group at a time, joined with line breaks (no test matches
    across one: :func:`_all_quiet`), and a group that is not quiet is halved and each half
    tested again, down to a few strings; what is left is marked False, and so is each string
    longer than :data:`_GROUP_STRING` (read whole by :meth:`Detector.find_text`, which tests
    it there). A call with many short strings (a nested answer, a form) costs a few tests
    instead of a few per string."""
    marks = [False] * len(texts)
    group: list[int] = []
    size = 0
    for i, text in enumerate(texts):
        if len(text) > _GROUP_STRING:
            continue
        group.append(i)
        size += len(text) + 1
        if size >= _GROUP_CHARS:
            _mark_quiet(texts, group, marks)
            group, size = [], 0
    if group:
        _mark_quiet(texts, group, marks)
    return marks


def _mark_quiet(texts: Sequence[str], group: list[int], marks: list[bool]) -> None:
    blob = "\n".join(texts[i] for i in group)
    if (
        blob.isascii()
        and not has_decoder_hint(blob)
        and "PRIVATE KEY" not in blob
        and "PuTTY-User-Key" not in blob
        and not _run16(blob)
    ):
        for i in group:
            marks[i] = True
    elif len(group) > 4:
        half = len(group) // 2
        _mark_quiet(texts, group[:half], marks)
        _mark_quiet(texts, group[half:], marks)


#: :data:`_RUN16`'s characters as ``X``, every other byte as itself (``X`` is one of them)
_RUN16_TABLE = bytes(
    ord("X") if chr(b) in string.ascii_letters + string.digits + "_+/=-" else b for b in range(256)
)


def _run16(text: str) -> bool:
    """``_RUN16.match(text)`` of an ASCII ``text``: 16 of its characters in a row, found as
    16 ``X`` bytes in a row by a substring search of its translated bytes (about a third of
    the scan's instructions on a few hundred characters)."""
    # (bytes.find: CPython's ``bytes in bytes`` first tries the needle as an integer and
    # raises and clears a TypeError, ~1 µs a test under load)
    return text.encode("ascii").translate(_RUN16_TABLE).find(b"XXXXXXXXXXXXXXXX") >= 0


def _seams(values: Sequence[str]) -> list[str]:
    """The text around each place where a view of :func:`joined_views` puts two of ``values``
    side by side, ``_HINT_SPAN - 1`` characters either way (taken from the view itself, so a
    short value between two others is inside the window)."""
    if len(values) < 2:
        return []
    w = _HINT_SPAN - 1
    if len(values) == 2:  # (the usual call: an address and a body; the loop below's two)
        a, b = values
        return [a[-w:] + b[:w], b[-w:] + a[:w]]
    out: list[str] = []
    for order in (values, values[::-1]):
        view = "".join(order)
        at = 0
        for v in order[:-1]:
            at += len(v)
            out.append(view[max(0, at - w) : at + w])
    n = len(values)
    if 2 < n <= _PAIR_MAX_VALUES and all(len(v) <= _PAIR_MAX_LENGTH for v in values):
        out.extend(
            values[i][-w:] + values[j][:w]
            for i in range(n)
            for j in range(n)
            if i != j and j != i + 1 and i != j + 1
        )
    return out


_AWS_ID = re.compile(r"(?:A3T[A-Z0-9]|ABIA|ACCA|AKIA|ASIA)[A-Z2-7]{16}")
_B64_BODY = re.compile(r"[A-Za-z0-9+/=\s]*")
_PEM_HEADER_LINE = re.compile(r"(?:[A-Za-z-]+:[^\n]{0,200}\n\s*){0,4}")
_WS = re.compile(r"\s*")
_JWT_TAIL = re.compile(r"[A-Za-z0-9_\-.+/=]*")


@dataclass(frozen=True, slots=True)
class Hit:
    """One credential found.

    Attributes:
        kind: the format's id (``aws``, ``github_token``...), what a policy allows by name.
        secret_type: detect-secrets' name for it (``AWS Access Key``).
        value: the credential as found (never logged: hash it).
        encoding: ``plain``, ``decoded`` (after percent/HTML/JSON/base64/hex decoding),
            ``reversed`` or ``joined`` (split across string values of the call).
    """

    kind: str
    secret_type: str
    value: str
    encoding: str


def _random_looking(value: str) -> bool:
    return len(set(value)) >= 8 and _PLACEHOLDER.search(value) is None


def github_checksum_ok(token: str) -> bool:
    """The CRC32 of a ``ghp_``-style (or ``npm_``) token: its last six characters, base62,
    are the CRC32 of the 30 before them."""
    body = token.split("_", 1)[-1]
    if len(body) != 36 or not body.isascii() or not body.isalnum():
        return False
    n = 0
    for ch in body[30:]:
        n = n * 62 + _BASE62.index(ch)
    return n == binascii.crc32(body[:30].encode("ascii"))


def _b64decode(s: str, *, urlsafe: bool = False) -> bytes | None:
    s = re.sub(r"\s+", "", s).rstrip("=")
    if len(s) % 4 == 1:
        return None
    s += "=" * (-len(s) % 4)
    try:
        return (base64.urlsafe_b64decode if urlsafe else base64.b64decode)(s)
    except (binascii.Error, ValueError):
        return None


def _jwt(m: re.Match[str], text: str) -> str | None:
    tail = _JWT_TAIL.match(text, m.end())
    token = m.group(0) + (tail.group(0) if tail else "")
    parts = token.split(".")
    if len(parts) < 2:
        return None
    try:
        header = json.loads((_b64decode(parts[0], urlsafe=True) or b"").decode("utf-8"))
        json.loads((_b64decode(parts[1], urlsafe=True) or b"").decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(header, dict) or "alg" not in header:
        return None
    return token if _random_looking(token) else None


def _private_key(m: re.Match[str], text: str) -> str | None:
    """A key block with a real body: a header alone, or a ``...`` placeholder, is none."""
    if m.group(0).startswith("PuTTY"):
        window = text[m.start() : m.start() + 8192]
        return window if "Private-Lines:" in window and "Private-MAC:" in window else None
    close = text.find("-----", m.end(), m.end() + 16)
    if close < 0:
        return None
    ws = _WS.match(text, close + 5)
    head = _PEM_HEADER_LINE.match(text, ws.end() if ws else close + 5)
    start = head.end() if head else close + 5
    body_m = _B64_BODY.match(text, start)
    body = re.sub(r"\s+", "", body_m.group(0) if body_m else "")
    if len(body) < 64 or _PLACEHOLDER.search(body):
        return None
    block = text[m.start() : start + len(body_m.group(0) if body_m else "")]
    if "ENCRYPTED" in text[m.start() : start] or "PGP" in m.group(0):
        return block
    raw = _b64decode(body[:64])
    if raw is None:
        return None
    return block if raw[:1] == b"\x30" or raw.startswith(b"openssh-key-v1\0") else None


def _discord(m: re.Match[str], text: str) -> str | None:
    raw = _b64decode(m.group(0).split(".", 1)[0], urlsafe=True)
    return m.group(0) if raw is not None and raw.isdigit() else None


def _azure(m: re.Match[str], text: str) -> str | None:
    key = m.group(0).split("=", 1)[1]
    raw = _b64decode(key)
    return key if raw is not None and len(raw) == 64 else None


def _aws(m: re.Match[str], text: str) -> str | None:
    value = m.group(1) if m.re.groups else m.group(0)
    if not m.re.groups and not _AWS_ID.fullmatch(value):
        return None  # an id outside the base32 alphabet (0, 1, 8, 9) is no AWS key id
    return value if _random_looking(value) else None


def _checksummed(m: re.Match[str], text: str) -> str | None:
    value = m.group(0)
    if value.startswith("github_pat_"):
        return value if _random_looking(value) else None
    return value if github_checksum_ok(value) else None


def _plain(m: re.Match[str], text: str) -> str | None:
    value = next((g for g in m.groups() if g), None) or m.group(0)
    return value if _random_looking(value) else None


Validator = Callable[[re.Match[str], str], str | None]
_VALIDATORS: dict[str, Validator] = {
    "aws": _aws,
    "github_token": _checksummed,
    "npm": _checksummed,
    "private_key": _private_key,
    "jwt": _jwt,
    "discord": _discord,
    "azure_storage_key": _azure,
}


@dataclass(frozen=True, slots=True)
class _Kind:
    kind: str
    secret_type: str
    regexes: tuple[re.Pattern[str], ...]
    validate: Validator


#: strings up to this long have their hits remembered (:meth:`Detector.find_text`), the last
#: :data:`_MEMO_SIZE` of them
_MEMO_MAX_CHARS = 1024
_MEMO_SIZE = 4096


def _needed(rx: re.Pattern[str]) -> str:
    """The longest run of literal characters at the top level of ``rx`` (every match holds
    it), lower-cased as :meth:`Detector._scan` compares, or "" (a pattern with none, or one
    that ignores case: under ``re.IGNORECASE`` ``s`` matches ``ſ``, which lower-cases to
    itself). A view without it is not searched: a long run of letters or digits (a base64
    image a writer is given, a hex dump) made every format without a literal of its own
    searched at every position, ~60 formats of 20-80 characters, seconds a megabyte; npm's
    ``//host/:_authToken=`` rule has ``//.+/``, which backtracks over a long line once per
    ``//``: quadratic, minutes on a few MB of links."""
    if rx.flags & re.IGNORECASE:
        return ""
    best = run = ""
    for op, av in _parser.parse(rx.pattern, rx.flags):
        run = run + chr(av) if op is _constants.LITERAL else ""
        if len(run) > len(best):
            best = run
    return best.lower()


class Detector:
    """Credential formats, compiled once; :meth:`hits` finds them in a call's arguments.

    Args:
        plugins: ``(kind, secret_type, ((regex, flags), ...))`` per format, as
            :func:`cordon.store.dlp.load_plugin_patterns` reads them from detect-secrets;
            :data:`EXTRA_PATTERNS` are added. npm's ``.npmrc`` rule is checked as a plain
            format; a bare ``npm_`` token needs its checksum.
    """

    def __init__(self, plugins: PluginPatterns) -> None:
        kinds: list[_Kind] = []
        for kind, secret_type, regexes in (*plugins, *EXTRA_PATTERNS):
            compiled = tuple(re.compile(src, flags) for src, flags in regexes)
            if kind == "npm" and any(r.pattern.startswith(r"\/\/") for r in compiled):
                validate: Validator = _plain
            else:
                validate = _VALIDATORS.get(kind, _plain)
            kinds.append(_Kind(kind, secret_type, compiled, validate))
        self.kinds = tuple(kinds)
        #: per kind and regex, a literal its every match contains (lower case), or "": a
        #: view without it is not searched (:func:`_needed`; worked out at the first search)
        self._needs: tuple[tuple[str, ...], ...] | None = None
        self._memo: dict[str, tuple[Hit, ...]] = {}

    def find_text(self, text: str) -> Iterator[Hit]:
        """Every credential in one string, through its decoded views (lazily; those of a
        short string are remembered: a call's keys recur in every call, and the audit
        record reads the strings the decision just read)."""
        if len(text) > _MEMO_MAX_CHARS:
            return self._find_text(text)
        got = self._memo.get(text)
        if got is None:
            if len(self._memo) >= _MEMO_SIZE:
                self._memo.clear()
            got = self._memo[text] = () if _quiet(text) else tuple(self._find_text(text))
        return iter(got)

    def _find_text(self, text: str) -> Iterator[Hit]:
        for i, view in enumerate(decoded_views(strip_invisible(text))):
            if not view.isascii():
                folded = unicodedata.normalize("NFKC", view)
                if folded != view and _hinted(folded):
                    yield from self._scan(folded, "decoded")
            if not _hinted(view):
                continue
            yield from self._scan(view, "plain" if i == 0 else "decoded")
            if i == 0:
                yield from self._scan(view[::-1], "reversed")

    def _scan(self, view: str, encoding: str) -> Iterator[Hit]:
        lowered: str | None = None
        if self._needs is None:  # (two threads at once: the same answer twice)
            self._needs = tuple(tuple(_needed(rx) for rx in k.regexes) for k in self.kinds)
        for k, needs in zip(self.kinds, self._needs, strict=True):
            for rx, need in zip(k.regexes, needs, strict=True):
                if need:
                    lowered = view.lower() if lowered is None else lowered
                    if need not in lowered:
                        continue
                for m in rx.finditer(view):
                    value = k.validate(m, view)
                    if value is not None:
                        yield Hit(k.kind, k.secret_type, value, encoding)

    def quiet(self, walked: CallWalk) -> bool:
        """Whether :meth:`hits` of the walked call finds nothing by its first test alone
        (:func:`_all_quiet`: a call's usual arguments), told without starting a generator.
        A call this answers False for is read by :meth:`hits` (which tests it again)."""
        return _all_quiet([text for _, text in walked.texts], walked.values)

    def hits(self, arguments: Any, walked: CallWalk | None = None) -> Iterator[tuple[Hit, str]]:
        """``(hit, dotted path)`` for every credential in ``arguments`` (any JSON shape): in
        each string (keys too) and integer (as its decimal text: a server reads ``3456`` as
        ``"3456"``), then in the call's string and integer values joined (path ``""``).
        ``walked``: :func:`cordon.engine.walk.walk` of ``arguments``, when the caller has it."""
        texts: Sequence[tuple[str, str]]
        values: Sequence[str]
        if walked is None:
            texts, values = text_leaves(arguments)
        else:
            texts, values = walked.texts, walked.values
        strings = [text for _, text in texts]
        if _all_quiet(strings, values):
            return
        for (path, text), quiet in zip(texts, _quiet_marks(strings), strict=True):
            if quiet:
                continue  # (find_text would find nothing)
            for hit in self.find_text(text):
                yield hit, path
        for joined in joined_views(arguments, values):
            for hit in self.find_text(joined):
                if hit.encoding == "plain":
                    hit = Hit(hit.kind, hit.secret_type, hit.value, "joined")
                yield hit, ""


#: the JSON number types whose value may be read as an integer's digits (:func:`number_text`)
_NUMBERS = (int, float)


def string_leaves(
    value: Any, *, keys: bool = False, numbers: bool = False
) -> Iterator[tuple[str, str]]:
    """(dotted path, string) for every string value (and dict key, with ``keys``) in order;
    with ``numbers``, an integer (not a boolean) or a whole float too, as its decimal text
    (:func:`cordon.engine.walk.number_text`): a server reads
    ``4111111111111111`` as the same digits as ``"4111111111111111"``, so a registered
    secret of digits leaves either way."""
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        path, v = stack.pop()
        if isinstance(v, str):
            yield path, v
        elif numbers and type(v) in _NUMBERS:
            digits = number_text(v)  # (a whole float as the integer: walk.number_text)
            if digits is not None:
                yield path, digits
        elif isinstance(v, dict):
            for k, item in reversed(list(v.items())):
                sub = f"{path}.{k}" if path else str(k)
                stack.append((sub, item))
                if keys:
                    stack.append((sub, str(k)))
        elif isinstance(v, (list, tuple)):
            for i in range(len(v) - 1, -1, -1):
                stack.append((f"{path}[{i}]", v[i]))


def text_leaves(value: Any) -> tuple[list[tuple[str, str]], list[str]]:
    """``(list(string_leaves(value, keys=True, numbers=True)), [s for _, s in
    string_leaves(value, numbers=True) if s])`` in one visit: every string, integer (as its
    decimal text) and dict key with its dotted path, and the non-empty string and integer
    values (for :func:`joined_views`), each in order."""
    texts: list[tuple[str, str]] = []
    values: list[str] = []
    # (path, value, is a key)
    stack: list[tuple[str, Any, bool]] = [("", value, False)]
    while stack:
        path, v, key = stack.pop()
        if isinstance(v, str):
            texts.append((path, v))
            if v and not key:
                values.append(v)
        elif type(v) in _NUMBERS:  # (a secret of digits sent as a number: string_leaves)
            digits = number_text(v)
            if digits is not None:
                texts.append((path, digits))
                values.append(digits)
        elif isinstance(v, dict):
            for k, item in reversed(list(v.items())):
                sub = f"{path}.{k}" if path else str(k)
                stack.append((sub, item, False))
                stack.append((sub, str(k), True))
        elif isinstance(v, (list, tuple)):
            for i in range(len(v) - 1, -1, -1):
                stack.append((f"{path}[{i}]", v[i], False))
    return texts, values


#: pairs of string values are joined only for calls with at most this many short strings
_PAIR_MAX_VALUES = 8
_PAIR_MAX_LENGTH = 1024


def joined_views(arguments: Any, values: Sequence[str] | None = None) -> list[str]:
    """The call's string values joined, for a secret split across arguments: in order and in
    reverse, with nothing between them (a key block's body may follow its header directly);
    and, for a call with a few short values, each pair that is not adjacent in that order.
    Empty for fewer than two values. ``values``: the non-empty string values, when the
    caller has them (:attr:`cordon.engine.walk.CallWalk.values`)."""
    if values is None:
        values = [s for _, s in string_leaves(arguments) if s]
    if len(values) < 2:
        return []
    out = ["".join(values), "".join(values[::-1])]
    if 2 < len(values) <= _PAIR_MAX_VALUES and all(len(s) <= _PAIR_MAX_LENGTH for s in values):
        n = len(values)
        out.extend(
            values[i] + values[j]
            for i in range(n)
            for j in range(n)
            if i != j and j != i + 1 and i != j + 1
        )
    return out


@functools.cache
def default_detector() -> Detector:
    """The detector over detect-secrets' installed plugins (imported on first use, by the
    edge's loader: :func:`cordon.store.dlp.load_plugin_patterns`)."""
    from cordon.store.dlp import load_plugin_patterns

    return Detector(load_plugin_patterns())


def withhold(arguments: Any, secrets: Any = None, detector: Detector | None = None) -> Any:
    """``arguments`` as the audit log may keep them: every string carrying a registered or
    seen secret (``secrets``, a :class:`cordon.engine.secrets.SecretSet`) or a credential in
    a known format (``detector``, default :func:`default_detector`) replaced by
    :func:`cordon.engine.secrets.withheld_marker`; when a secret is split across values, every
    string. ``arguments`` itself when it carries none."""
    from cordon.engine.secrets import withheld_marker

    shown = arguments
    if secrets is not None and len(secrets):
        # (a string carrying a piece only is kept for the joins: a secret split across two
        # values, the first with a piece, the rest shorter, withholds every string)
        whole = secrets.redact(arguments, pieces=False)
        for joined in joined_views(whole, text_leaves(whole)[1]):  # (integers' digits too)
            found = secrets.locate_value(joined)
            if found is not None:
                return _every_string(whole, withheld_marker(secrets.label(found[0]), found[0]))
        shown = secrets.redact(arguments)
    det = default_detector() if detector is None else detector
    if next(det.hits(shown), None) is None:
        return shown

    def walk(v: Any) -> Any:
        text = v if isinstance(v, str) else number_text(v)  # (a number as its digits)
        if text is not None:
            hit = next(det.find_text(text), None)
            return v if hit is None else withheld_marker(f"secret {hit.kind}", hit.value)
        if isinstance(v, dict):
            return {walk(k): walk(x) for k, x in v.items()}
        if isinstance(v, list):
            return [walk(x) for x in v]
        return v

    out = walk(shown)
    split = next(det.hits(out), None)
    if split is not None:
        out = _every_string(out, withheld_marker(f"secret {split[0].kind}", split[0].value))
    return out


def _every_string(v: Any, marker: str) -> Any:
    if isinstance(v, str) or number_text(v) is not None:  # (a number's digits may be a piece)
        return marker
    if isinstance(v, dict):
        return {k: _every_string(x, marker) for k, x in v.items()}
    if isinstance(v, list):
        return [_every_string(x, marker) for x in v]
    return v
