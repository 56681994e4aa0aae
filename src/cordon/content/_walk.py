"""Walk a JSON value (a CallToolResult, a tool definition) and scan every string in it.

Every string value and every object key is scanned, at any depth: text content, structured
content, embedded resources (``text``, and ``blob`` when it decodes to text), resource links,
error results and ``_meta`` alike (docs/threat-model.md control 6: everything a server returns is
untrusted). A string holding a base64 value cut into lines is read rejoined too, under the
string's path (:func:`cordon.taint.rejoined_base64`).

The ``data`` of an ImageContent or AudioContent block in ``content`` is skipped when its bytes
are that media (:func:`_media_block`, :func:`_is_media`); the ``data`` of anything else that
says it is an image or audio (in ``structuredContent``, say: JSON a client hands the model as
text) is read, decoded when it is base64 text. A binary ``blob`` (a base64 string that does not
decode to text) is skipped; any other ``blob`` is read as text.

Paths are JSON pointers (RFC 6901) with ``#`` in a member name written ``~2``; a finding in an
object *key* has ``#key`` appended to the member's pointer (so a member named ``a#key`` cannot
pass for the key ``a``).

Caps fail closed: nesting deeper than ``max_depth`` or more than ``max_bytes`` of UTF-8 text
stops the walk with one critical ``content.cap_exceeded`` finding.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from cordon._types import SEVERITY_ORDER, Finding
from cordon.content._inflate import work_scope
from cordon.content.readings import identifier_words
from cordon.content.rules import RULES, rule_by_id
from cordon.content.rules.schema_defaults import fixed_recipient
from cordon.content.scanner import Hit, scan_hits, to_finding
from cordon.taint import rejoined_base64

__all__ = ["CapExceeded", "iter_strings", "scan_value"]

DEFAULT_MAX_DEPTH = 64
DEFAULT_MAX_BYTES = 32 * 1024 * 1024


class CapExceeded(Exception):  # noqa: N818 - internal signal, never escapes this package
    """Raised inside the walk when a cap is passed; carries the path where it happened."""

    def __init__(self, path: str, what: str) -> None:
        self.path, self.what = path, what
        super().__init__(f"{what} at {path or '/'}")


#: binary ``data`` of an image or audio block: base64 with no space or line break (words on
#: lines of their own are text a model reads; MIME-wrapped base64 is scanned, finding nothing)
_BASE64_RE = re.compile(r"[A-Za-z0-9+/=]*")

#: how the media an ImageContent or AudioContent block may carry begins: ``(offset, bytes)``
#: pairs, all of which must match (the first 18 bytes are read)
_MAGIC: dict[str, tuple[tuple[tuple[int, bytes], ...], ...]] = {
    "image": (
        ((0, b"\x89PNG\r\n\x1a\n"),),
        ((0, b"\xff\xd8\xff"),),  # JPEG
        ((0, b"GIF87a"),),
        ((0, b"GIF89a"),),
        ((0, b"RIFF"), (8, b"WEBP")),
        ((0, b"BM"), (6, b"\x00\x00\x00\x00")),  # BMP: reserved fields zero
        ((0, b"II*\x00"),),  # TIFF
        ((0, b"MM\x00*"),),
        ((0, b"\x00\x00\x01\x00"),),  # ICO
        ((4, b"ftyp"),),  # AVIF, HEIC
        ((0, b"\xff\x0a"),),  # JPEG XL codestream
        ((4, b"JXL "),),  # JPEG XL container
        ((4, b"jP  "),),  # JPEG 2000
    ),
    "audio": (
        ((0, b"RIFF"), (8, b"WAVE")),
        ((0, b"ID3"),),  # MP3 with a tag
        ((0, b"OggS"),),
        ((0, b"fLaC"),),
        ((0, b"FORM"), (8, b"AIF")),  # AIFF, AIFF-C
        ((4, b"ftyp"),),  # MP4 audio, M4A
        ((0, b"\x1a\x45\xdf\xa3"),),  # WebM, Matroska
        ((0, b"#!AMR"),),
        ((0, b"MThd"),),  # MIDI
        ((0, b"caff"),),  # Core Audio
    ),
}


def _media_block(v: dict[Any, Any], path: str) -> str | None:
    """``"image"`` or ``"audio"`` when ``v`` (at ``path``) is an MCP ImageContent or
    AudioContent block: an item (or the value) of a ``content`` member outside
    ``structuredContent`` and ``_meta``, whose ``mimeType`` is of its kind. Anything else is
    JSON the server wrote, which a client hands to the model as text."""
    kind = v.get("type")
    if kind not in ("image", "audio"):
        return None
    mime = v.get("mimeType")
    if not isinstance(mime, str) or not mime.lower().startswith(f"{kind}/"):
        return None
    segs = path.split("/")
    if "structuredContent" in segs or "_meta" in segs:
        return None
    parent = segs[-2] if len(segs) > 2 and segs[-1].isdigit() else segs[-1]
    return kind if parent == "content" else None


def _is_media(data: str, kind: str) -> bool:
    """Whether plain base64 ``data`` begins as media of ``kind`` does (:data:`_MAGIC`); an MP3
    without a tag begins with a frame sync (eleven set bits)."""
    head = data[:24]
    try:
        raw = binascii.a2b_base64(head[: len(head) // 4 * 4])
    except binascii.Error:
        return False
    if kind == "audio" and len(raw) >= 2 and raw[0] == 0xFF and raw[1] & 0xE0 == 0xE0:
        return True
    return any(all(raw[at : at + len(magic)] == magic for at, magic in sig) for sig in _MAGIC[kind])


#: a ``blob`` that may be base64 (line breaks allowed): decoded, and read when it is text
_BASE64_WRAPPED_RE = re.compile(r"[A-Za-z0-9+/=\s]*")


def _escape(key: str) -> str:
    # "#" too: the ``#key`` suffix of a key's path must not be spelt by a member's name
    return key.replace("~", "~0").replace("/", "~1").replace("#", "~2")


def decoded_blob(blob: str) -> str | None:
    """The text a base64 ``blob`` (line breaks allowed) decodes to, or None when it is not
    base64 or not UTF-8 text: the one reading the walk and the sanitiser share."""
    if _BASE64_WRAPPED_RE.fullmatch(blob) is None:
        return None
    try:
        raw = base64.b64decode(blob, validate=False)
        text = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    return text


#: how much of a ``blob`` is decoded first to tell binary from text (a multiple of 4)
_HEAD = 4096


def text_readings(item: dict[Any, Any]) -> list[str]:
    """The decoded text a JSON object's base64 members hold, as the walk reads them: a
    ``blob`` that decodes to UTF-8 text, and the ``data`` of an object whose ``type`` says
    image or audio when it is base64 text, not that media. What the recorded text of a result
    (taint, the secrets registered from output) must hold besides the base64 itself: the
    scanner's own base64 layer drops a reading with control characters (an application log's
    ANSI colours), so a credential in it was masked but never registered. Binary is told
    apart by its first :data:`_HEAD` characters before the whole is decoded."""
    out: list[str] = []
    blob = item.get("blob")
    if isinstance(blob, str) and _text_head(blob):
        decoded = decoded_blob(blob)
        if decoded is not None:
            out.append(decoded)
    kind = item.get("type")
    data = item.get("data")
    if kind in ("image", "audio") and isinstance(data, str) and not _is_media(data, kind):
        if _text_head(data):
            decoded = decoded_blob(data)
            if decoded is not None:
                out.append(decoded)
    return out


def _text_head(value: str) -> bool:
    """Whether the start of base64 ``value`` may be UTF-8 text (a cut character at its end
    aside): binary fails here without decoding the rest."""
    head = "".join(value[:_HEAD].split())
    head = head[: len(head) // 4 * 4]
    try:
        raw = binascii.a2b_base64(head)
    except binascii.Error:
        return False
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        # a character cut at the end of the head is not proof of binary
        return exc.reason == "unexpected end of data" and exc.start >= len(raw) - 3
    return True


def _member_reading(
    k: str, item: Any, claimed: bool, media: str | None
) -> tuple[str, str | None] | None:
    """How the walk reads member ``k`` of an object: None as any value, ``("skip", None)``
    (media, not text: anything else under the object is read), ``("text", None)`` (a
    ``blob`` that is not plain base64), ``("binary", None)`` (a ``blob`` only counted), or
    ``("decoded", text)``: what a base64 ``blob``, or the ``data`` of an object whose
    ``type`` says image or audio, decodes to."""
    if not isinstance(item, str):
        return None
    if claimed and k == "data":
        if media and _BASE64_RE.fullmatch(item) and _is_media(item, media):
            return "skip", None
        # anything else that says it is media: read decoded when it is base64 text
        decoded = decoded_blob(item)
        return None if decoded is None else ("decoded", decoded)
    if k != "blob":
        return None
    decoded = decoded_blob(item)
    if decoded is not None:
        return "decoded", decoded
    return ("text" if not _BASE64_RE.fullmatch(item) else "binary"), None


class _Budget:
    """The text a walk read against its byte cap: exact bytes so far, plus non-ASCII strings
    still counted at 4 bytes a character (the UTF-8 length is computed, by encoding, only
    when the upper bound could pass the cap)."""

    __slots__ = ("exact", "bound", "pending", "cap")

    def __init__(self, cap: int) -> None:
        self.exact = 0
        self.bound = 0
        self.pending: list[str] = []
        self.cap = cap

    def charge(self, path: str, s: str) -> None:
        if s.isascii():
            self.exact += len(s)
        else:
            self.pending.append(s)
            self.bound += 4 * len(s)
        if self.exact + self.bound > self.cap:
            self.exact += sum(len(p.encode("utf-8", "surrogatepass")) for p in self.pending)
            self.bound = 0
            self.pending.clear()
            if self.exact > self.cap:
                raise CapExceeded(path, "size cap")


def iter_strings(
    value: Any, *, max_depth: int = DEFAULT_MAX_DEPTH, max_bytes: int = DEFAULT_MAX_BYTES
) -> Iterator[tuple[str, str, bool]]:
    """Yield ``(path, text, decoded_blob)`` for every string and key in ``value``.

    ``decoded_blob`` is True when ``text`` is the UTF-8 decoding of a resource ``blob`` (its
    spans then refer to the decoded text).

    Raises:
        CapExceeded: deeper than ``max_depth`` or more than ``max_bytes`` of text.
    """
    charge = _Budget(max_bytes).charge

    def text(path: str, s: str) -> Iterator[tuple[str, str, bool]]:
        charge(path, s)
        yield path, s, False
        if "\n" in s:
            # a base64 value cut into lines, read rejoined too (what the run finders skip);
            # a rewrite of the string from this reading replaces the string's own
            for view in rejoined_base64(s):
                charge(path, view)
                yield path, view, False

    # one loop over a stack of open objects and arrays, not a generator per value: a nested
    # ``yield from`` resumed every level for every string (an echo result's six strings cost
    # ~12 us in the walk alone). Same values, paths, order, charges and caps as the recursive
    # reading: a value's depth is checked when it is reached, a key read before its value
    end = object()
    frames: list[tuple[Iterator[Any], str, int, bool, bool, str | None]] = []
    node: tuple[Any, str, int] | None = (value, "", 0)
    while True:
        if node is not None:
            v, path, depth = node
            node = None
            if depth > max_depth:
                raise CapExceeded(path, "depth cap")
            if isinstance(v, str):
                if "\n" in v:
                    yield from text(path, v)
                else:
                    charge(path, v)
                    yield path, v, False
            elif isinstance(v, dict):
                claimed = v.get("type") in ("image", "audio")
                media = _media_block(v, path) if claimed else None
                frames.append((iter(v.items()), path, depth, True, claimed, media))
            elif isinstance(v, (list, tuple)):
                frames.append((enumerate(v), path, depth, False, False, None))
            # numbers, booleans and null carry no text
            continue
        if not frames:
            return
        it, path, depth, is_dict, claimed, media = frames[-1]
        nxt: Any = next(it, end)
        if nxt is end:
            frames.pop()
            continue
        k, item = nxt
        if not is_dict:
            node = (item, f"{path}/{k}", depth + 1)
            continue
        k = str(k)
        p = f"{path}/{_escape(k)}"
        charge(p, k)
        yield f"{p}#key", k, False
        reading = _member_reading(k, item, claimed, media)
        if reading is not None:
            how, decoded = reading
            if how == "text":
                yield from text(p, item)  # a blob that is not plain base64: text a model reads
            elif how != "skip":  # base64: what it decodes to is read, binary is only counted
                charge(p, item)
                if decoded is not None:
                    yield p, decoded, True
            continue
        node = (item, p, depth + 1)


#: every rule, identifier-scope ones included (:attr:`cordon.content._rule.Rule.scope`)
_IDENTIFIER_SCAN = frozenset(r.id for r in RULES)


def _identifier_findings(path: str, name: str, threshold: int) -> list[Finding]:
    """Findings in the words of an object key or a ``name`` value (a parameter or tool name:
    ``content_from_reading_ssh_id_rsa``), reported on the whole name. Full-schema poisoning
    puts its ask in names; the sanitiser leaves names alone (block mode hides the tool)."""
    return [
        to_finding(
            Hit(rule=h.rule, severity=h.severity, span=(0, len(name)), value=h.value), name, path
        )
        for h in _identifier_hits(name)
        if SEVERITY_ORDER[h.severity] >= threshold
    ]


@lru_cache(maxsize=4096)
def _identifier_hits(name: str) -> tuple[Hit, ...]:
    """The hits in ``name`` read as words (a tool list repeats parameter names: cached)."""
    words = identifier_words(name)
    return () if words is None else tuple(scan_hits(words, only=_IDENTIFIER_SCAN))


_FIXED_RECIPIENT = rule_by_id("hijack.fixed_recipient")
_FIXED_RECIPIENT_AT = SEVERITY_ORDER[_FIXED_RECIPIENT.severity]


def _fixed_recipient_finding(path: str, value: str) -> Finding:
    """A schema's fixed address or URL for a recipient-like parameter, read with the
    parameter's name (:mod:`cordon.content.rules.schema_defaults`): the value alone, scanned
    as any string is, says nothing."""
    hit = Hit(
        rule=_FIXED_RECIPIENT, severity=_FIXED_RECIPIENT.severity, span=(0, len(value)), value=""
    )
    return to_finding(hit, value, path)


# the strings of one value inflate the compressed streams they hold from one budget: a
# result of many strings, each a stream just under the caps, costs no more than one text
@work_scope()
def scan_value(
    value: Any,
    *,
    min_severity: str = "low",
    max_depth: int = DEFAULT_MAX_DEPTH,
    max_bytes: int = DEFAULT_MAX_BYTES,
    on_hits: Callable[[str, str, list[Hit]], None] | None = None,
    identifiers: bool = False,
    on_plain: Callable[[str, str], None] | None = None,
) -> list[Finding]:
    """Findings for every string in ``value``, each with its ``path``.

    ``on_hits(path, text, hits)`` is called for each string with hits (the sanitiser uses it),
    ``on_plain(path, text)`` for each other string (not a decoded blob): one walk serves both.
    Strings that are keys have ``#key`` paths. ``identifiers`` (tool definitions): object
    keys and ``name`` values are also read as words (:func:`_identifier_findings`). Over a
    cap: the findings so far plus one critical ``content.cap_exceeded`` finding at the path
    where the cap was passed.
    """
    threshold = SEVERITY_ORDER[min_severity]
    findings: list[Finding] = []
    try:
        for path, text, blob in iter_strings(value, max_depth=max_depth, max_bytes=max_bytes):
            if identifiers:
                if path.endswith(("#key", "/name")):
                    findings.extend(_identifier_findings(path, text, threshold))
                elif fixed_recipient(path, text) and _FIXED_RECIPIENT_AT >= threshold:
                    findings.append(_fixed_recipient_finding(path, text))
            hits = scan_hits(text)
            if not hits:
                if on_plain is not None and not blob:
                    on_plain(path, text)
                continue
            if on_hits is not None:
                # the rewrite is of the decoded text the spans refer to: a blob's hit is
                # rewritten where it stands (a wrap over the whole decoded file stripped and
                # re-bracketed every line of it for one matching line)
                on_hits(path, text, hits)
            if blob:  # spans refer to the decoded text; report the whole blob
                hits = [
                    Hit(rule=h.rule, severity=h.severity, span=(0, len(text)), value=h.value)
                    for h in hits
                ]
            findings.extend(
                to_finding(h, text, path) for h in hits if SEVERITY_ORDER[h.severity] >= threshold
            )
    except CapExceeded as exc:
        findings.append(
            Finding(
                rule="content.cap_exceeded",
                category="obfuscation",
                severity="critical",
                span=(0, 0),
                path=exc.path,
                evidence=f"{exc.what} passed (max_depth={max_depth}, max_bytes={max_bytes})",
            )
        )
    return findings
