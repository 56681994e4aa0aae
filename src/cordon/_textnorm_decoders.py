"""Decoders of :mod:`cordon.textnorm` for the text encodings an attacker can hide a value in.

:func:`decode_percent` (RFC 3986 section 2.1), :func:`decode_html_entities` (HTML Living
Standard, named and numeric character references), :func:`decode_json_escapes` (RFC 8259
section 7, plus ``\\xHH``), :func:`decode_quoted_printable` (RFC 2045 section 6.7),
:func:`decode_rfc2047` (RFC 2047 encoded words), :func:`decode_idna` (RFC 3492 punycode, IDNA
2008). The base64 and hex run decoders live in :mod:`cordon.textnorm` with the run finder.
Import these from :mod:`cordon.textnorm`.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import html
import re

import idna

__all__ = [
    "decode_html_entities",
    "decode_idna",
    "decode_escapes_in_reading",
    "decode_json_escapes",
    "decode_percent",
    "decode_quoted_printable",
    "decode_rfc2047",
]

# --------------------------------------------------------------------------------------------
# Decoders. Each returns the text with every decodable run replaced; unchanged text when there
# is nothing to decode. None raises on malformed input.
# --------------------------------------------------------------------------------------------

_PRINTABLE_BAD_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffd]")


def _plausible_text(raw: bytes) -> str | None:
    """UTF-8 text without control characters, or None (used to reject binary decodings)."""
    try:
        out = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not out or _PRINTABLE_BAD_RE.search(out):
        return None
    return out


_PCT_RUN_RE = re.compile(r"%[0-9A-Fa-f]{2}(?:%[0-9A-Fa-f]{2})*")


def _pct_sub(m: re.Match[str]) -> str:
    raw = bytes.fromhex(m.group().replace("%", ""))
    return raw.decode("utf-8", "replace")


def decode_percent(text: str) -> str:
    """Decode RFC 3986 percent-encoding (``%40`` -> ``@``), runs decoded as UTF-8.

    ``+`` is not turned into a space (that is form encoding, and ``+`` matters in addresses).
    """
    if "%" not in text:
        return text
    return _PCT_RUN_RE.sub(_pct_sub, text)


def decode_html_entities(text: str) -> str:
    """Decode HTML character references: named (``&commat;``), decimal (``&#64;``) and hex
    (``&#x40;``), with the HTML standard's rules for missing semicolons (``html.unescape``)."""
    if "&" not in text:
        return text
    return html.unescape(text)


_JSON_ESC_RE = re.compile(
    r"\\(?:u(?:[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|[0-9a-fA-F]{4})"
    r"|x[0-9a-fA-F]{2}|[\"\\/bfnrt])"
)
_SIMPLE_ESC = {
    '"': '"',
    "\\": "\\",
    "/": "/",
    "b": "\b",
    "f": "\f",
    "n": "\n",
    "r": "\r",
    "t": "\t",
}


def _json_sub(m: re.Match[str]) -> str:
    s = m.group()
    kind = s[1]
    if kind == "u":
        if len(s) == 12:
            hi, lo = int(s[2:6], 16), int(s[8:12], 16)
            return chr(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))
        cp = int(s[2:6], 16)
        return "\ufffd" if 0xD800 <= cp <= 0xDFFF else chr(cp)
    if kind == "x":
        return chr(int(s[2:4], 16))
    return _SIMPLE_ESC[kind]


def decode_json_escapes(text: str) -> str:
    """Decode JSON string escapes (RFC 8259 section 7): ``\\u0040`` (surrogate pairs joined),
    ``\\n``, ``\\"``, ``\\/`` ..., plus the JavaScript ``\\xHH`` form. A lone surrogate
    becomes U+FFFD."""
    if "\\" not in text:
        return text
    return _JSON_ESC_RE.sub(_json_sub, text)


#: a supplementary code point written as ``\\u`` and five or six hex digits in a regular
#: expression's character class (``[\\u0020-\\uFFFD\\u10000-\\u10FFFF]``, the form of AWS,
#: Smithy and Java string patterns), followed by the class's ``-`` or ``]``: JSON reads
#: ``\\u10FF`` and then ``FF``, a Georgian letter glued to hex digits, which the escape
#: reading took for a homoglyph word and flagged AWS service descriptions that hold such a
#: pattern. Only values from U+10000 qualify: a look-alike of a Latin letter (Cyrillic,
#: Greek, Armenian: U+0370-U+058F) starts with ``0`` and is always decoded.
_CODE_POINT_IN_CLASS = re.compile(r"\\u(?:[1-9a-fA-F][0-9a-fA-F]{4}|10[0-9a-fA-F]{4})(?=[-\]])")


def decode_escapes_in_reading(region: str) -> str:
    """``region`` with its JSON escapes decoded, but for the code points of a character
    class (:data:`_CODE_POINT_IN_CLASS`), kept as written: the content scanner's
    escape-decoded reading (taint decodes every escape, :func:`decode_json_escapes`)."""
    kept = _CODE_POINT_IN_CLASS.split(region) if "\\u" in region else [region]
    if len(kept) == 1:
        return decode_json_escapes(region)
    marks = _CODE_POINT_IN_CLASS.findall(region)
    out = [decode_json_escapes(kept[0])]
    for mark, piece in zip(marks, kept[1:], strict=True):
        out += [mark, decode_json_escapes(piece)]
    return "".join(out)


_QP_SOFT_BREAK_RE = re.compile(r"=\r?\n")
_QP_RUN_RE = re.compile(r"=[0-9A-F]{2}(?:=[0-9A-F]{2})*")


def _qp_sub(m: re.Match[str]) -> str:
    out = _plausible_text(bytes.fromhex(m.group().replace("=", "")))
    if out is None or out.isalnum():
        return m.group()
    return out


def decode_quoted_printable(text: str) -> str:
    """Decode quoted-printable (RFC 2045 section 6.7): soft line breaks (``=`` at line end)
    removed and runs of ``=HH`` (upper-case hex, as the RFC requires) decoded as UTF-8.

    A run whose bytes are not printable UTF-8 (``q=12`` in a query string), or decode only to
    letters and digits (``q=45`` would become ``qE``), is left as it is: encoders escape ``=``,
    punctuation and non-ASCII bytes, so those runs are the ones that hide something.
    """
    if "=" not in text:
        return text
    out = _QP_SOFT_BREAK_RE.sub("", text) if "=\n" in text or "=\r\n" in text else text
    return _QP_RUN_RE.sub(_qp_sub, out)


_RFC2047_RE = re.compile(
    r"=\?([A-Za-z0-9._:-]{1,40})(?:\*[A-Za-z-]{1,20})?\?([BbQq])\?([^?\s]{0,4000})\?="
)
_Q_RUN_RE = re.compile(r"=[0-9A-Fa-f]{2}(?:=[0-9A-Fa-f]{2})*")
_RFC2047_GAP_RE = re.compile(r"(\?=)[ \t\r\n]+(?==\?)")


def _rfc2047_sub(m: re.Match[str]) -> str:
    charset, enc, payload = m.group(1), m.group(2).upper(), m.group(3)
    try:
        codecs.lookup(charset)
    except LookupError:
        charset = "utf-8"
    try:
        if enc == "B":
            raw = base64.b64decode(payload + "=" * (-len(payload) % 4))
        else:
            raw = _Q_RUN_RE.sub(
                lambda q: bytes.fromhex(q.group().replace("=", "")).decode("latin-1"),
                payload.replace("_", " "),
            ).encode("latin-1", "replace")
        return raw.decode(charset, "replace")
    except (binascii.Error, ValueError, UnicodeError):
        return m.group()


def decode_rfc2047(text: str) -> str:
    """Decode RFC 2047 encoded words (``=?utf-8?B?...?=`` and ``=?utf-8?Q?...?=``).

    Whitespace between two adjacent encoded words is dropped (RFC 2047 section 6.2). Unknown
    charsets are decoded as UTF-8 with replacement.
    """
    if "=?" not in text:
        return text
    text = _RFC2047_GAP_RE.sub(r"\1", text)
    return _RFC2047_RE.sub(_rfc2047_sub, text)


_XN_LABEL_RE = re.compile(r"(?<![\w-])xn--[a-z0-9-]{1,59}(?![\w-])", re.IGNORECASE)


def _idna_sub(m: re.Match[str]) -> str:
    label = m.group()
    try:
        return idna.decode(label)
    except (idna.IDNAError, UnicodeError, ValueError):
        pass
    try:
        return label[4:].lower().encode("ascii").decode("punycode")
    except (UnicodeError, ValueError):
        return label


def decode_idna(text: str) -> str:
    """Decode punycode labels (``xn--...``, RFC 3492) to Unicode.

    IDNA 2008 validation is tried first (``idna.decode``); labels it rejects (homograph
    labels are often invalid IDNA) are decoded as raw punycode so the skeleton can still see
    them. Undecodable labels are left unchanged.
    """
    if "xn--" not in text and "XN--" not in text and "Xn--" not in text and "xN--" not in text:
        return text
    return _XN_LABEL_RE.sub(_idna_sub, text)
