"""Secrets never leave: registered values may not appear in a sending or egress call.

A :class:`SecretSet` holds the values to protect: those the policy names (``secrets: {env:
[...], files: [...]}``, read once at start-up by :func:`cordon.store.load_policy_secrets`) and the
credentials the content scanner found in tool output (the engine adds them as results
arrive). :func:`check_secrets` denies a sending call whose arguments carry one (rule
``secret.egress``); an approval does not lift it (issue 5, "even after approval").

Matching sees through the same encodings as taint (``cordon.textnorm``): invisible characters
removed, NFKC and case folding, percent-encoding, HTML entities, JSON/JS escapes, base64 and
hex runs (up to two layers, :func:`cordon.textnorm.decoded_views`). Because a secret inside a
longer base64 blob is encoded differently depending on its byte offset, :meth:`SecretSet.add`
precomputes the base64 form of each secret at the three offsets (standard and URL-safe
alphabets), keeping only the characters that do not depend on neighbouring bytes; the same
is done for the hex form. ``find_in`` is then a C substring search per form and decoded view.

A secret sent reversed (in any of the decoded views) is caught too, and so is one whose
letters and digits are sent in order with anything else between them (``g-h-p-_-A-b-C``,
one character per line, groups of four separated by spaces): each view is also searched with
everything but letters and digits removed, for secrets with at least
:data:`MIN_SEPARATED_LENGTH` letters and digits (shorter ones would match ordinary text).
A secret split across the string values of one call is caught by the check, which also
matches their joins (:func:`cordon.engine.dlp.joined_views`). Base32 at any byte offset,
and the bytes written out one by one in hex or decimal with separators (``7a 71``, ``0x7a,
0x71``, ``[90, 113]``), C-style octal escapes (``\\132\\161``), code point escapes
(``\\u{5a}``, ``%u005A``) and Unicode tag characters (invisible ASCII) are caught; so are
base85, Z85 and ASCII85 at any byte offset, rot13, base64 with its letters' case changed
(its cores compared case-insensitively), and a gzip or zlib stream in base64, inflated with
a hard cap (:mod:`cordon.engine._secret_forms`; a
stream that inflates past it is ``unreadable``: asked about, ``secret.unreadable``). When
no form is found, look-alike letters and combining marks, base58, Morse code and the NATO
alphabet are decoded and matched (:mod:`cordon.engine._secret_spellings`). Not caught: a secret interleaved with other letters or digits, transformed otherwise
(encrypted, compressed without a header or in another format), re-cased and then base64
encoded among binary bytes (a decoded view is text only), or sent in pieces shorter than 8
characters (a piece of 8 or more, the rest left for another call, is refused:
:mod:`cordon.engine._secret_pieces`). Values shorter than 8 characters are ignored (too
many accidental matches).

A PEM private key block is registered with its parts (:func:`key_parts`): the base64 body
without line breaks and each base64 line of :data:`MIN_KEY_LINE` or more characters, so the
body sent without its BEGIN line, or one line of it, is refused like the block.

A secret seen in one server's output (``add(..., origin=server)``) can be told apart from a
registered one: :meth:`SecretSet.locate` skips it, with ``skip_origin``, in a call to the
server it came from (that server has it already). The audit log keeps a string carrying a
secret as :func:`withheld_marker`: its label and the first 16 hex digits of the secret's
SHA-256, never the secret.

Sources: the "lethal trifecta" (Simon Willison, 2025) for why exfiltration is the harm to
stop; detect-secrets and gitleaks for the practice of matching registered values after
decoding; RFC 4648 (base64 alphabets and alignment).
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from cordon._types import Verdict
from cordon.engine import rules
from cordon.engine._secret_forms import (
    MIN_RUN,
    Budget,
    Table,
    b85_cores,
    first_form,
    form_table,
    inflate_runs,
    rot13,
)
from cordon.engine._secret_pieces import Pieces
from cordon.engine._secret_spellings import spelled_texts
from cordon.engine.dlp import joined_views, string_leaves, text_leaves
from cordon.engine.walk import number_text
from cordon.textnorm import decoded_views, nfkc_casefold, strip_invisible

__all__ = [
    "MIN_KEY_LINE",
    "MIN_SECRET_LENGTH",
    "MIN_SEPARATED_LENGTH",
    "SecretSet",
    "base64_plain",
    "decoded_forms",
    "check_secrets",
    "key_parts",
    "withheld_marker",
]

#: Values shorter than this are not registered. A secret is matched anywhere in a call's text
#: and in many spellings (case-folded, reversed, rot13, hex, base64 ...), and masked wherever
#: a result shows it: a short one (``admin1``, ``hunt3r``) turns up in ordinary arguments and
#: results, and every such call would be denied, every such result masked. Matching a short
#: one only as a whole argument value would stop nothing an injection asks for (the password
#: inside a sentence). So an HTTP Basic credential's password under 8 characters is not one on
#: its own; the credential as configured (the header value, its base64, ``user:password``) is
#: registered whole (tests/engine/test_short_basic_password.py; the README's limits).
MIN_SECRET_LENGTH = 8
#: Unicode tag characters (U+E0020..U+E007E) and the ASCII each one mirrors: invisible text
#: that "ASCII smuggling" hides a value in (decoded as well as stripped)
_TAG_RE = re.compile("[\U000e0020-\U000e007e]")
_UNTAG = {0xE0000 + c: c for c in range(0x20, 0x7F)}
#: a value in standard base64 with its padding, as a Kubernetes Secret's ``data`` and an HTTP
#: Basic credential carry one (:func:`base64_plain`)
_BASE64_RE = re.compile(r"(?:[A-Za-z0-9+/]{4}){2,}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?")


def base64_plain(value: str) -> str | None:
    """The text a credential seen in base64 stands for, or None: a Kubernetes Secret's
    ``data`` values are base64 (Kubernetes, "Secrets"), as are HTTP Basic credentials
    (RFC 7617) and a Docker config's ``auth``. An agent that read the encoded form can send
    the decoded one, so both are kept. Only whole standard base64 that decodes to printable
    UTF-8 text of at least :data:`MIN_SECRET_LENGTH` characters (a random token that merely
    looks like base64 decodes to bytes, not text)."""
    if len(value) < 12 or len(value) % 4 or _BASE64_RE.fullmatch(value) is None:
        return None
    try:
        plain = base64.b64decode(value, validate=True).decode("utf-8")
    except ValueError:  # (binascii.Error and UnicodeDecodeError are ValueErrors)
        return None
    if len(plain) < MIN_SECRET_LENGTH or not plain.isprintable() or plain == value:
        return None
    return plain


def decoded_forms(value: str) -> list[str]:
    """What a credential seen as ``value`` also stands for: its base64 decoding
    (:func:`base64_plain`) and, when that is ``user:password`` (HTTP Basic, a Docker
    config's ``auth``: RFC 7617), the password alone, which an agent can send on its own."""
    plain = base64_plain(value)
    if plain is None:
        return []
    _user, colon, password = plain.partition(":")
    if colon and len(password) >= MIN_SECRET_LENGTH:
        return [plain, password]
    return [plain]


#: A secret with at least this many letters and digits is also looked for with everything
#: else removed, from the secret and from the text (``g-h-p-_-A-b-C...``).
MIN_SEPARATED_LENGTH = 16

_WS_RE = re.compile(r"\s+")
#: a PEM private key block's first line (as ``secret.private_key`` matches it)
_PEM_BEGIN_RE = re.compile(r"-----BEGIN (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----")
#: a line break in a key block: whitespace, or a JSON/JS escape of one
_PEM_GAP_RE = re.compile(r"(?:\s|\\r|\\n)+")
_B64_LINE_RE = re.compile(r"[A-Za-z0-9+/]+={0,2}")
#: a base64 line of a private key at least this long is a secret on its own
MIN_KEY_LINE = 40
#: what is not a letter or a digit (any script): removed for the separated forms
_NON_ALNUM_RE = re.compile(r"[\W_]+")


def _mask(value: str) -> str:
    """A label that identifies a secret in the audit log without revealing it."""
    if len(value) >= 20:
        return f"{value[:3]}…({len(value)} chars)"
    return f"…({len(value)} chars)"


def withheld_marker(label: str, secret: str) -> str:
    """What the audit log writes for a string carrying ``secret``: ``[withheld: <label>
    sha256:<first 16 hex digits>]`` (the hash lets an auditor recognise a known secret)."""
    digest = hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"[withheld: {label} sha256:{digest}]"


def _b64_cores(raw: bytes) -> Iterator[str]:
    """The offset-independent base64 cores of ``raw`` at byte offsets 0, 1 and 2.

    Output character ``i`` covers bits ``6i .. 6i+5``; with ``k`` unknown bytes before the
    secret and unknown bytes after it, the characters fully inside the secret's bits are
    ``ceil(8k/6) .. floor(8(k+n)/6) - 1``.
    """
    n = len(raw)
    for k in range(3):
        enc = base64.b64encode(b"\0" * k + raw + b"\0\0\0").decode("ascii")
        start = -(-8 * k // 6)
        end = (8 * (k + n)) // 6
        core = enc[start:end]
        if len(core) >= MIN_SECRET_LENGTH:
            yield core
            yield core.replace("+", "-").replace("/", "_")


def _b32_cores(raw: bytes) -> Iterator[str]:
    """The offset-independent base32 cores of ``raw`` at byte offsets 0 to 4, casefolded
    (RFC 4648 base32 is read in either case).

    Attack class: a secret sent as base32, alone or inside a larger blob. Output character
    ``i`` covers bits ``5i .. 5i+4``: with ``k`` bytes before the secret the characters fully
    inside its bits are ``ceil(8k/5) .. floor(8(k+n)/5) - 1`` (as :func:`_b64_cores`).
    """
    n = len(raw)
    for k in range(5):
        enc = base64.b32encode(b"\0" * k + raw + b"\0" * 5).decode("ascii")
        core = enc[-(-8 * k // 5) : (8 * (k + n)) // 5]
        if len(core) >= MIN_SECRET_LENGTH:
            yield core.casefold()


def key_parts(value: str) -> list[str]:
    """The parts of a PEM private key block in ``value`` that are secrets on their own: its
    base64 body with the line breaks taken out, then each base64 line of at least
    :data:`MIN_KEY_LINE` characters. Empty when ``value`` holds no such block.

    A key's body sent without its BEGIN line, or one line of it, is as much the key as the
    block: registering only the block would let those through (the block is not in them).
    Header lines (``Proc-Type:``, ``DEK-Info:``) are not base64 and are left out.
    """
    m = _PEM_BEGIN_RE.search(value)
    if m is None:
        return []
    rest = value[m.end() :]
    end = rest.find("-----END")
    lines = _PEM_GAP_RE.split(rest if end < 0 else rest[:end])
    body = [line for line in lines if _B64_LINE_RE.fullmatch(line)]
    joined = "".join(body)
    out = [joined] if len(joined) >= MIN_KEY_LINE else []
    out += [line for line in body if len(line) >= MIN_KEY_LINE and line not in out]
    return out


class SecretSet:
    """The session's secrets, with their encoded forms precomputed.

    ``add`` is O(length of the secret); ``find_in`` is a few linear regex passes per string.
    Not thread-safe (a session is used from one task).
    """

    def __init__(self) -> None:
        self._labels: dict[str, str] = {}  # value -> label
        self._ci_forms: dict[str, tuple[str, str]] = {}  # casefolded form -> (value, encoding)
        self._cs_forms: dict[str, tuple[str, str]] = {}  # case-sensitive form -> (value, enc)
        #: letters and digits only, casefolded -> (value, "separated")
        self._sep_forms: dict[str, tuple[str, str]] = {}
        #: the bytes' hex and decimal runs -> (value, encoding), for bytes written one by one
        self._byte_forms: dict[str, tuple[str, str]] = {}
        #: base64 cores, casefolded -> (value, "base64 (re-cased)"): base64 whose letters'
        #: case was changed, looked for after the case-sensitive forms
        self._recased_forms: dict[str, tuple[str, str]] = {}
        #: the forms above (ci, cs, re-cased) shortest first, built when first needed
        self._indexes: tuple[Table, Table, Table] | None = None
        #: a single ASCII view shorter than this holds no form and no compressed run
        #: (:meth:`_floor`), built with ``_indexes``
        self._min_len = 0
        #: value seen in output -> the servers it was seen from; a value not here was
        #: registered (policy, cordon's own tokens) and is never skipped
        self._origins: dict[str, set[str]] = {}
        #: windows of 8 characters, for a secret sent in pieces over several calls
        self._pieces = Pieces()

    def __len__(self) -> int:
        return len(self._labels)

    def __contains__(self, value: object) -> bool:
        return isinstance(value, str) and value in self._labels

    def add(self, value: str, *, name: str | None = None, origin: str | None = None) -> None:
        """Register ``value`` (as given; the caller strips it). Values shorter than
        :data:`MIN_SECRET_LENGTH` characters, or not strings, are ignored.

        Args:
            value: the secret.
            name: where it came from (``"GITHUB_TOKEN"``), used in the label instead of a mask.
            origin: the server whose output it was seen in; None for a registered secret
                (registered once, a value is never skipped, whatever output shows it later).
        """
        if not isinstance(value, str) or len(value) < MIN_SECRET_LENGTH:
            return
        self._indexes = None
        if value in self._labels:
            if origin is not None and value in self._origins:
                self._origins[value].add(origin)
            elif origin is None:
                self._origins.pop(value, None)
            return
        if origin is not None:
            self._origins[value] = {origin}
        label = f"secret {name}" if name else f"secret {_mask(value)}"
        self._labels[value] = label
        folded = nfkc_casefold(strip_invisible(value))
        self._pieces.add(value, strip_invisible(value), nfkc_casefold)
        if len(folded) >= MIN_SECRET_LENGTH:
            self._ci_forms.setdefault(folded, (value, "plain"))
            # reversed: the cheapest transformation an injected "send it backwards" asks for
            self._ci_forms.setdefault(folded[::-1], (value, "reversed"))
            # rot13: the letters rotated (an injected "rot13 it first")
            self._ci_forms.setdefault(rot13(folded), (value, "rot13"))
            squeezed = _NON_ALNUM_RE.sub("", folded)
            if len(squeezed) >= MIN_SEPARATED_LENGTH:
                self._sep_forms.setdefault(squeezed, (value, "separated"))
        raw = value.encode("utf-8")
        self._ci_forms.setdefault(raw.hex(), (value, "hex"))
        # Attack class: bytes written out one by one, in hex or decimal (_match_bytes)
        self._byte_forms.setdefault(raw.hex(), (value, "hex bytes"))
        self._byte_forms.setdefault("".join(map(str, raw)), (value, "decimal bytes"))
        for core in _b64_cores(raw):
            self._cs_forms.setdefault(core, (value, "base64"))
            self._recased_forms.setdefault(core.casefold(), (value, "base64 (re-cased)"))
        self._add_more_forms(value, raw)
        for core, enc in b85_cores(raw, MIN_SECRET_LENGTH):
            self._cs_forms.setdefault(core, (value, enc))
        for core in _b32_cores(raw):
            self._ci_forms.setdefault(core, (value, "base32"))
        for part in key_parts(value):  # a private key's body and lines, on their own
            self.add(part, name=f"{name or 'private key'} (part)", origin=origin)

    def _add_more_forms(self, value: str, raw: bytes) -> None:
        """Attack class: an encoding, then written backwards ("base64 it, then reverse it":
        the reversed text's decoded views are not read), the bytes in octal or binary
        (``\\142\\127``, ``01100010 01010111``: read as the decimal bytes are, from the
        letters and digits alone), the text in UTF-16 as hex or base64 (a decoded view is
        text only, and UTF-16's zero bytes are not)."""
        self._ci_forms.setdefault(raw.hex()[::-1], (value, "reversed hex"))
        for core in _b64_cores(raw):
            self._cs_forms.setdefault(core[::-1], (value, "reversed base64"))
        self._byte_forms.setdefault("".join(f"{b:o}" for b in raw), (value, "octal bytes"))
        # C-style octal escapes (``\\071``, ``echo -e '\\0071'``: a byte under 0o100 padded),
        # code point escapes (``\\u{5a}``) and JavaScript's ``%u005A``, from the letters and
        # digits alone as the bytes above
        for width in ("03o", "04o"):
            self._byte_forms.setdefault("".join(format(b, width) for b in raw), (value, "octal"))
        for width in ("x", "04x"):
            points = "".join("u" + format(ord(c), width) for c in value)
            self._byte_forms.setdefault(points, (value, "code point escapes"))
        self._byte_forms.setdefault("".join(f"{b:08b}" for b in raw), (value, "binary bytes"))
        for codec in ("utf-16-le", "utf-16-be"):
            wide = value.encode(codec)
            self._ci_forms.setdefault(wide.hex(), (value, "UTF-16 hex"))
            # base64 of UTF-16LE is Windows' way of encoding text (PowerShell's
            # -EncodedCommand, [Convert]::ToBase64String([Text.Encoding]::Unicode.GetBytes()))
            for core in _b64_cores(wide):
                self._cs_forms.setdefault(core, (value, "UTF-16 base64"))

    def seen_only_from(self, value: str, server: str) -> bool:
        """``value`` is a secret seen in ``server``'s output and not registered; also true
        when ``value`` contains such a secret or is part of one (a credential found by
        format, matched a little wider or narrower than the output scan found it)."""
        for seen, origins in self._origins.items():
            if server in origins and (seen in value or value in seen):
                return True
        return False

    def add_many(self, values: Iterable[str]) -> None:
        """``add`` each value."""
        for v in values:
            self.add(v)

    def _match_text(
        self,
        text: str,
        skip_origin: str | None = None,
        budget: Budget | None = None,
        depth: int = 0,
    ) -> tuple[str, str] | None:
        """(value, encoding) of the first secret in one string, or None; secrets seen only
        in ``skip_origin``'s output are passed over. Then the text of each gzip or zlib
        stream in base64 in it (and in its decoded views) is searched the same way, up to
        two streams deep (:func:`cordon.engine._secret_forms.inflate_runs`, charged to
        ``budget``): a secret there is ``compressed``; when none is found but a stream could
        not be read whole, ``("", "unreadable")``."""
        origins = self._origins

        def kept(value: str) -> bool:
            return skip_origin is None or skip_origin not in origins.get(value, ())

        if len(text) < MIN_SECRET_LENGTH and text.isascii():
            return None  # (no form is shorter; ASCII text does not grow when normalised)
        views = decoded_views(strip_invisible(text))
        if not text.isascii() and _TAG_RE.search(text):  # (ASCII as tag characters)
            views = [*views, *decoded_views(strip_invisible(text.translate(_UNTAG)))]
        if len(views) == 1 and len(views[0]) < self._floor() and views[0].isascii():
            # (a nested answer's short strings: see _floor; a piece is shorter than a form)
            return self._pieces.find([views[0].lower()], kept) if self._pieces else None
        hit = self._match_views(views, kept)
        if hit is None and depth == 0:
            # look-alike letters, base58, Morse, the NATO alphabet (_secret_spellings)
            for spelled, how in spelled_texts(views[0]):
                found = self._match_views([spelled], kept)
                if found is not None:
                    return found[0], how
        if hit is not None or depth >= 2:
            return hit
        budget = Budget() if budget is None else budget
        unread = False
        for view in views:
            inflated, over = inflate_runs(view, budget)
            unread = unread or over
            for part in inflated:
                found = self._match_text(part, skip_origin, budget, depth + 1)
                if found is not None and found[1] != "unreadable":
                    return found[0], "compressed"
                unread = unread or found is not None
        return ("", "unreadable") if unread else None

    def _match_views(self, views: list[str], kept: Callable[[str], bool]) -> tuple[str, str] | None:
        """(value, encoding) of the first secret in the decoded views of one string.

        Each form is looked for with ``str.__contains__`` (a C substring search, far faster
        than one regex alternation over hundreds of literals): about 0.15 ms per form per MB.
        """
        ci, sep = self._ci_forms, self._sep_forms
        if self._indexes is None:
            self._floor()
        assert self._indexes is not None
        ci_index, cs_index, recased_index = self._indexes
        first = ""  # the raw text's letters and digits, for the bytes' runs
        for i, view in enumerate(views):
            folded = nfkc_casefold(view)
            found = first_form(ci_index, folded, kept)
            if found is not None:
                value, enc = found
                return value, "decoded" if i > 0 and enc == "plain" else enc
            if sep or i == 0:
                squeezed = _NON_ALNUM_RE.sub("", folded)
                first = first or squeezed
                for form, hit in sep.items():
                    if form in squeezed and kept(hit[0]):
                        return hit
            compact = _WS_RE.sub("", view) if not view.isalnum() else view
            found = first_form(cs_index, compact, kept)
            if found is not None:
                return found
            if self._recased_forms:
                lowered = compact.lower() if compact.isascii() else compact.casefold()
                found = first_form(recased_index, lowered, kept)
                if found is not None:
                    return found
            if i == 0:
                for form, (value, enc) in ci.items():
                    if enc == "plain" and kept(value) and _pieces_in(form, folded):
                        return value, "split"
        found = self._match_bytes(first, kept)
        if found is None and self._pieces:  # a piece of 8 or more: the rest in another call
            found = self._pieces.find(map(nfkc_casefold, views), kept)
        return found

    def _floor(self) -> int:
        """The length of the shortest form of any table (case-insensitive, case-sensitive,
        separated, bytes, re-cased; a plain form, which a split match pieces together, is
        one of them), and at most :data:`cordon.engine._secret_forms.MIN_RUN`.

        A string whose only decoded view is itself, ASCII and shorter than this, carries no
        secret: :meth:`_match_views` looks for each form as a substring of that view or of a
        text derived from it by folding ASCII case (same length) or removing characters
        (shorter): the separated and bytes forms, each a run of letters or digits, fit in a
        part as long as the view at most; a split match needs the whole secret's length; and
        the view has no compressed run to inflate (one has :data:`MIN_RUN` characters or
        more). Not running them there (the many short strings of a nested answer or form:
        a field name, a title, a count) changes nothing but the time taken."""
        if self._indexes is None:
            forms = (
                self._ci_forms,
                self._cs_forms,
                self._sep_forms,
                self._byte_forms,
                self._recased_forms,
            )
            shortest = min((len(f) for table in forms for f in table), default=MIN_RUN)
            # (the bound first: ``_indexes`` set says it is the current forms')
            self._min_len = min(shortest, MIN_RUN)
            self._indexes = (
                form_table(self._ci_forms),
                form_table(self._cs_forms),
                form_table(self._recased_forms),
            )
        return self._min_len

    def _match_bytes(self, squeezed: str, kept: Callable[[str], bool]) -> tuple[str, str] | None:
        """A secret's bytes written one by one with separators, after every other reading
        (a percent-encoded secret is reported as ``decoded``, not as hex bytes).

        Attack class: an injected "send the key as hex bytes" (``7a 71 38``, ``7A:71``,
        ``0x7a, 0x71``) or as decimal byte values (``90 113 56``, ``[90, 113]``): removing
        everything but letters and digits, and ``0x`` prefixes, leaves the bytes' run."""
        if "0x" in squeezed:
            squeezed += " " + squeezed.replace("0x", "")
        for form, hit in self._byte_forms.items():
            if form in squeezed and kept(hit[0]):
                return hit
        return None

    def label(self, value: str) -> str:
        """The label of a registered or seen secret (``secret GITHUB_TOKEN``)."""
        return self._labels[value]

    def locate_value(
        self,
        arguments: Any,
        *,
        skip_origin: str | None = None,
        unreadable: bool = False,
        budget: Budget | None = None,
    ) -> tuple[str, str, str] | None:
        """``(secret, encoding, path)`` of the first secret in any string (values and keys)
        at any depth of ``arguments``, as :meth:`locate`; the secret itself, for hashing.
        ``unreadable``: when no secret is found but a compressed stream could not be read
        whole, ``("", "unreadable", its path)``. ``budget``: what may still be inflated
        (a fresh :class:`Budget` when None)."""
        if not self._labels:
            return None
        return self._locate_texts(
            string_leaves(arguments, keys=True, numbers=True), skip_origin, unreadable, budget
        )

    def _locate_texts(
        self,
        texts: Iterable[tuple[str, str]],
        skip_origin: str | None,
        unreadable: bool,
        budget: Budget | None,
    ) -> tuple[str, str, str] | None:
        """:meth:`locate_value` over ``texts``, ``(path, string)`` as
        :func:`cordon.engine.dlp.string_leaves` gives them (keys too)."""
        if not self._labels:
            return None
        budget = Budget() if budget is None else budget
        unread: tuple[str, str, str] | None = None
        for path, text in texts:
            hit = self._match_text(text, skip_origin, budget)
            if hit is None:
                continue
            if hit[1] != "unreadable":
                return hit[0], hit[1], path
            unread = unread or ("", "unreadable", path)
        return unread if unreadable else None

    def locate(
        self, arguments: Any, *, skip_origin: str | None = None
    ) -> tuple[str, str, str] | None:
        """``(label, encoding, path)`` of the first secret in any string (values and keys) at
        any depth of ``arguments``; ``encoding`` is ``plain``, ``decoded`` (found after
        percent/HTML/JSON/base64/hex decoding), ``hex`` or ``base64``. None when clean.
        ``skip_origin``: pass over secrets seen only in that server's output."""
        hit = self.locate_value(arguments, skip_origin=skip_origin)
        return None if hit is None else (self._labels[hit[0]], hit[1], hit[2])

    def redact(self, value: Any, *, pieces: bool = True) -> Any:
        """``value`` (any JSON shape) with every string that carries a secret, in any form
        :meth:`locate` finds, replaced by :func:`withheld_marker` (``[withheld: <label>
        sha256:<16 hex>]``): what the audit log keeps of a call's arguments (neither label
        nor hash prefix gives the secret away). ``value`` itself when it carries none.
        ``pieces``: a string carrying a piece of a secret only is replaced too (False: kept,
        so the strings of a secret split across values still join up to it)."""
        if not self._labels or self.locate(value) is None:
            return value
        return self._redacted(value, () if pieces else _PARTIAL)

    def _redacted(self, value: Any, kept: tuple[str, ...]) -> Any:
        text = value if isinstance(value, str) else number_text(value)  # (a number's digits)
        if text is not None:
            hit = self._match_text(text)
            if hit is None or hit[1] == "unreadable" or hit[1] in kept:
                return value
            return withheld_marker(self._labels[hit[0]], hit[0])
        if isinstance(value, dict):
            return {self._redacted(k, kept): self._redacted(v, kept) for k, v in value.items()}
        if isinstance(value, list):
            return [self._redacted(v, kept) for v in value]
        return value

    def find_in(self, arguments: Any) -> str | None:
        """A masked label of the first secret found in ``arguments`` (any JSON shape), or
        None. The label never contains the secret (``secret GITHUB_TOKEN`` or ``secret
        ghp…(40 chars)``)."""
        hit = self.locate(arguments)
        return None if hit is None else hit[0]


#: a secret written in pieces with other text between them is matched when every piece but
#: the last is at least this long (so a secret needs twice this length to be split at all)
MIN_SPLIT_PIECE = 8


def _pieces_in(secret: str, text: str) -> bool:
    """``secret`` appears in ``text`` in order, in two or more pieces with anything between
    them ("ghp_16C7e42F292c69 (continued) 87b0..."): an injected instruction to "send the
    token in two parts" (the attack suite's ``secret.split``). Each piece is found by its
    first :data:`MIN_SPLIT_PIECE` characters and extended as far as the text follows the
    secret; a shorter rest must follow somewhere after the pieces. Linear in ``text`` per
    piece; a chance match needs an 8-character run of the secret itself."""
    n = len(secret)
    if n < 2 * MIN_SPLIT_PIECE:
        return False
    i = pos = pieces = 0
    while i < n:
        if n - i < MIN_SPLIT_PIECE:
            return pieces >= 1 and text.find(secret[i:], pos) >= 0
        j = text.find(secret[i : i + MIN_SPLIT_PIECE], pos)
        if j < 0:
            return False
        m = MIN_SPLIT_PIECE
        while i + m < n and j + m < len(text) and text[j + m] == secret[i + m]:
            m += 1
        i, pos, pieces = i + m, j + m, pieces + 1
    return pieces >= 2


def _keyed_joins(arguments: Any, texts: Iterable[tuple[str, str]] | None = None) -> list[str]:
    """The call's strings joined with the keys of its nested objects, in order and reversed;
    empty when no nested object has two keys or more. ``texts``:
    ``string_leaves(arguments, keys=True)``, when the caller has it.

    Attack class: a secret split across object keys (``{"Zq8vR2mK": 1, "9pL4xW7n": 2}``):
    :func:`cordon.engine.dlp.joined_views` joins values only."""
    nested = 0
    stack: list[Any] = list(arguments.values()) if isinstance(arguments, dict) else []
    while stack and nested < 2:
        v = stack.pop()
        if isinstance(v, dict):
            nested += len(v)
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
    if nested < 2:
        return []
    if texts is None:
        texts = string_leaves(arguments, keys=True, numbers=True)
    strings = [s for _, s in texts if s]
    return ["".join(strings), "".join(strings[::-1])]


#: what a string carrying part of a secret is found as (``piece``: :mod:`._secret_pieces`),
#: or one whose compressed stream could not be read whole
_PARTIAL = ("unreadable", "piece", "reversed piece")


def check_secrets(
    arguments: Any, secrets: SecretSet, *, sending: bool, skip_origin: str | None = None
) -> Verdict | None:
    """Deny a call whose arguments carry a registered or seen secret, in one string or
    split across its string values (:func:`cordon.engine.dlp.joined_views`).

    Args:
        arguments: the call's arguments.
        secrets: the session's :class:`SecretSet`.
        sending: check at all (the engine's check passes True for every call).
        skip_origin: pass over secrets seen only in this server's output (a call to the
            server they came from that does not send).

    Returns:
        None when ``sending`` is false or no secret is found; otherwise a ``deny`` Verdict with
        rule ``secret.egress``, ``param`` the dotted path, and ``details`` holding the masked
        label and the encoding it was found in. Not approvable.
    """
    if not sending:
        return None
    budget = Budget()
    # (the strings and keys, and the values, found in one visit for the three readings)
    texts, values = text_leaves(arguments)
    hit = secrets._locate_texts(texts, skip_origin, True, budget)
    if hit is None or hit[1] in _PARTIAL:  # (the whole secret, split across arguments, first)
        for joined in (*joined_views(arguments, values), *_keyed_joins(arguments, texts)):
            found = secrets.locate_value(joined, skip_origin=skip_origin, budget=budget)
            if found is not None and (
                hit is None or hit[1] == "unreadable" or found[1] not in _PARTIAL
            ):
                hit = (found[0], "joined", "")
                break
    if hit is None:
        return None
    if hit[1] == "unreadable":
        return _unreadable(hit[2])
    value, encoding, path = hit
    label = secrets.label(value)
    if path and secrets.locate_value(path) is not None:  # an object key carries it
        path = withheld_marker(label, value)
    where = f"argument '{path}'" if path else "the call"
    how = {
        "plain": "",
        "decoded": " (found after decoding)",
        "reversed": " (reversed)",
        "separated": " (with characters between its letters and digits)",
        "split": " (in pieces with text between them)",
        "piece": " (a piece of it)",
        "reversed piece": " (a piece of it, reversed)",
        "joined": " (split across arguments)",
    }.get(encoding, f" ({encoding}-encoded)")
    return Verdict(
        verdict="deny",
        rule=rules.SECRET_EGRESS,
        reason=f"{where} carries a {label}{how}; secrets never leave",
        param=path or None,
        details={
            "secret": label,
            "encoding": encoding,
            "withheld": withheld_marker(label, value),
        },
    )


def _unreadable(path: str) -> Verdict:
    """The ask for a compressed stream that could not be inflated whole
    (:mod:`cordon.engine._secret_forms`): what lies past the cap cannot be cleared of the
    session's secrets, and a secret hidden behind padding that compresses well (a megabyte
    of zeros is a kilobyte of gzip) lies exactly there. Not a deny: no secret was found."""
    where = f"argument '{path}'" if path else "the call"
    return Verdict(
        verdict="ask",
        rule=rules.SECRET_UNREADABLE,
        reason=f"{where} carries compressed data that inflates past cordon's cap; it cannot "
        "be checked for the session's secrets",
        param=path or None,
        details={"encoding": "compressed, past the cap"},
    )


def __getattr__(name: str) -> Any:
    # ``load_policy_secrets`` moved to ``cordon.store.secrets`` (it reads the environment and
    # files); the old import path resolves there, on first use, for callers not yet moved
    # (``cordon.proxy``)
    if name == "load_policy_secrets":
        from cordon.store.secrets import load_policy_secrets

        return load_policy_secrets
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
