"""Destinations inside tool-call arguments (issue 3, "Sending tools and their destinations")."""

from __future__ import annotations

import re
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import parse_qsl

from cordon.taint._keys import EMAIL_RE, HOST_RE, email_key, norm, phone_key, url_keys
from cordon.textnorm import (
    canonical_emails,
    canonical_urls,
    decode_percent,
    decoded_views,
    mark_lookalikes,
)

__all__ = ["Destination", "DestinationKind", "extract_destinations"]

DestinationKind = Literal["email", "url", "host", "phone", "channel", "other"]

_URLISH_RE = re.compile(r"[a-z][a-z0-9+.-]{0,30}+://\S+|www\.\S+")
_PHONE_RE = re.compile(r"\+?[\d\s().-]{7,}")
_SPLIT_RE = re.compile(r"[,;\s]+")
_ANGLE_RE = re.compile(r"<([^<>]*)>")
_MAX_DEPTH = 32
#: set while :func:`extract_destinations` runs with ``spelled=True``
_SPELLED: ContextVar[bool] = ContextVar("cordon_spelled", default=False)


@dataclass(frozen=True, kw_only=True, slots=True)
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

    @property
    def host(self) -> str | None:
        """The host of a ``url`` or ``host`` destination (for host-alone matching), else None."""
        if self.kind in ("url", "host"):
            return self.key.partition("/")[0]
        return None


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
    found: list[Destination] = []
    seen: set[tuple[str, str]] = set()
    token = _SPELLED.set(spelled)
    try:
        _walk(value, found, seen, 0)
    finally:
        _SPELLED.reset(token)
    return found


def _add(found: list[Destination], seen: set[tuple[str, str]], kind: DestinationKind,
         raw: str, key: str) -> None:  # fmt: skip
    if key and (kind, key) not in seen:
        seen.add((kind, key))
        found.append(Destination(kind=kind, raw=raw, key=key))


def _walk(value: Any, found: list[Destination], seen: set[tuple[str, str]], depth: int) -> None:
    if depth > _MAX_DEPTH:
        return
    if isinstance(value, str):
        _from_string(value, found, seen, depth)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | float):
        _from_string(str(value), found, seen, depth)
    elif isinstance(value, dict):
        for item in value.values():
            _walk(item, found, seen, depth + 1)
    elif isinstance(value, list | tuple):
        for item in value:
            _walk(item, found, seen, depth + 1)


def _from_string(raw_text: str, found: list[Destination], seen: set[tuple[str, str]],
                 depth: int) -> None:  # fmt: skip
    views = [raw_text]
    for view in decoded_views(raw_text, max_depth=1, max_views=6)[1:]:
        views.append(view)  # percent, entities, JSON escapes, QP, RFC 2047, base64 in the value
    for view in list(views):
        for canon in (canonical_urls(view), canonical_emails(view)):
            if canon not in views:
                # the URL as fetch/urlsplit read it, the address as mail software reads it
                views.append(canon)
    for view in views[1:]:
        _from_view(view, found, seen, depth)
    _from_view(raw_text, found, seen, depth)


def _from_view(raw_text: str, found: list[Destination], seen: set[tuple[str, str]],
               depth: int) -> None:  # fmt: skip
    text = norm(mark_lookalikes(raw_text) if _SPELLED.get() else raw_text)
    if not text:
        return
    if text.startswith("mailto:"):
        _from_mailto(text, found, seen, depth)
        return
    urls = _URLISH_RE.findall(text)
    if urls:
        for url in urls:
            url = url.rstrip(".,;)>]'\"”’»›」』")
            if url.startswith("mailto:"):
                _from_mailto(url, found, seen, depth)
                continue
            keys = url_keys(url)
            if keys is not None:
                _add(found, seen, "url", url, keys[1])
            query = url.partition("?")[2].partition("#")[0]
            for _name, val in parse_qsl(query, keep_blank_values=False):
                _walk(val, found, seen, depth + 1)
        _rest(_URLISH_RE.sub(" ", text), found, seen, depth)
        return
    emails = EMAIL_RE.findall(text)
    if emails:
        for address in emails:
            _add(found, seen, "email", address, email_key(address.rstrip(".")))
        _rest(EMAIL_RE.sub(" ", text), found, seen, depth)
        return
    if _PHONE_RE.fullmatch(text):
        key = phone_key(text)
        if key is not None:
            _add(found, seen, "phone", text, key)
            return
    angle = _ANGLE_RE.findall(text)
    items = angle if angle else _SPLIT_RE.split(text)
    for item in items:
        item = item.strip(" \"'")
        if not item:
            continue
        if item.startswith("#"):
            _add(found, seen, "channel", item, item.lstrip("#"))
        elif HOST_RE.fullmatch(item.rstrip("/")) or HOST_RE.match(item):
            keys = url_keys(item)
            if keys is not None:
                _add(found, seen, "host" if keys[0] == keys[1] else "url", item, keys[1])
            else:
                _add(found, seen, "other", item, item)
        elif item.startswith("@") and len(item) > 1:
            _add(found, seen, "channel", item, item[1:])
        else:
            key = phone_key(item) if _PHONE_RE.fullmatch(item) else None
            if key is not None:
                _add(found, seen, "phone", item, key)
            else:
                _add(found, seen, "other", item, item)


def _rest(text: str, found: list[Destination], seen: set[tuple[str, str]], depth: int) -> None:
    """The rest of a value that held URLs or addresses: every other item is a destination too
    (``alice@corp.com UK1234...`` pays two payees, ``alice@corp.com mallory`` messages two
    people: a second destination hidden after the first), except field labels ending in ``:``. Where an address is
    written in angle brackets, plain words are its display name (``Doe, John <jd@x.org>``)
    and only items with a digit, a dot or a leading ``#``/``@`` count."""
    named = "<" in text
    for item in _SPLIT_RE.split(text):
        if item.endswith(":"):
            continue  # "to:", "cc:"
        item = item.strip(" \"'<>()[]:")
        if len(item) < 2:
            continue
        if named and not (
            any(c.isdigit() for c in item) or "." in item.strip(".") or item[0] in "#@"
        ):
            continue
        _from_view(item, found, seen, depth + 1)


def _from_mailto(url: str, found: list[Destination], seen: set[tuple[str, str]],
                 depth: int) -> None:  # fmt: skip
    body = url[len("mailto:") :]
    path, _, query = body.partition("?")
    for address in EMAIL_RE.findall(decode_percent(path)):
        _add(found, seen, "email", address, email_key(address.rstrip(".")))
    for name, val in parse_qsl(query, keep_blank_values=False):
        if name.lower() in ("to", "cc", "bcc"):
            for address in EMAIL_RE.findall(val):
                _add(found, seen, "email", address, email_key(address.rstrip(".")))
