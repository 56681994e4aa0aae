"""The credentials cordon itself holds, masked in server output before the client reads it.

cordon knows some credentials exactly: the policy's ``secrets`` (and, with ``env_credentials``,
the environment's), the header values and URL keys it sends a remote server, a stdio server's
command-line keys, and the OAuth tokens of a login. A server that echoes one (a debug route
that returns the request's headers, a file or a log line that holds the same token) hands it
to the agent, and a fooled agent can then try to move it somewhere in a form no rule matches.
The content rules find a credential only by its format, and many have none (a database
password, a vendor's key), so these are matched as what they are: exact values.

Masking works on a frame's bytes, before it is parsed, so every kind of server message
(result, error, notification, request) is covered the same way. A value is looked for in the
forms JSON encoders write it (as is, with non-ASCII as ``\\u`` escapes, with ``\\/``); a frame
that escapes a character some credential holds (``\\u0041`` for ``A``: no encoder does that
to a letter or digit, a server hiding a value does) is parsed and its strings masked instead,
then written again. A form written as is is only ever found
inside a JSON string, because each form is itself the inside of a JSON string literal, and the
mask holds no quote or backslash, so the frame stays valid JSON. Two kinds of value are not
masked: one shorter than :data:`cordon.engine.secrets.MIN_SECRET_LENGTH` (the engine skips
them too), and one made only of what a JSON number is made of (a numeric PIN): it could be
part of a number outside any string. The engine still refuses both in any call.

Cost: one ``bytes`` search per form (about 1.6 ms for a 10 MB frame on the machine measured)
and one regex search for the escapes; a parse and a new serialisation only for a frame that
escapes such a character.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

import orjson

from cordon.engine.secrets import MIN_SECRET_LENGTH

__all__ = ["MASK", "OWN_CREDENTIAL", "KnownCredentials"]

#: the content rule a masking is recorded under (``cordon rules``)
OWN_CREDENTIAL = "secret.own_credential"  # noqa: S105 - a rule id, not a password
#: what replaces a credential: names no part of it, and holds no quote or backslash
MASK = b"[secret masked: a credential cordon holds]"
#: the characters of a JSON number (RFC 8259 section 6)
_NUMBER = "0123456789+-.eE"


def _forms(value: str) -> set[bytes]:
    """The byte forms ``value`` takes inside a JSON string."""
    out = {json.dumps(value, ensure_ascii=False)[1:-1], json.dumps(value)[1:-1]}
    out |= {f.replace("/", "\\/") for f in out}
    return {f.encode("utf-8") for f in out}


class KnownCredentials:
    """Exact credential values to mask in server frames (module docstring)."""

    def __init__(self, values: Iterable[str] = ()) -> None:
        self._forms: list[bytes] = []
        self._values: list[str] = []
        #: a ``\\u`` escape of a character some credential holds (module docstring)
        self._escaped: re.Pattern[bytes] | None = None
        for v in values:
            self.add(v)

    def __bool__(self) -> bool:
        return bool(self._forms)

    def add(self, value: str) -> None:
        """Mask ``value`` from now on (an OAuth token a login or a refresh brings)."""
        if not isinstance(value, str) or len(value) < MIN_SECRET_LENGTH:
            return
        if not value.strip(_NUMBER):
            return  # could be part of a JSON number (module docstring)
        if value in self._values:
            return
        # longest first: a credential that contains another is masked whole
        self._values = sorted([*self._values, value], key=len, reverse=True)
        self._forms = sorted({*self._forms, *_forms(value)}, key=len, reverse=True)
        chars = sorted({c for v in self._values for c in v if ord(c) < 0x10000})
        hexes = {h for c in chars for h in (f"{ord(c):04x}", f"{ord(c):04X}")}
        # every spelling of each escape, no IGNORECASE: the ``\\u`` prefix stays a literal
        # ``re`` looks for with its fast search
        spelled = {"".join(p) for h in hexes for p in _cases(h)}
        self._escaped = re.compile(rb"\\u(?:" + "|".join(sorted(spelled)).encode() + rb")")

    def mask(self, frame: bytes) -> bytes:
        """``frame`` with every known credential replaced by :data:`MASK`; the same object
        when it holds none."""
        for form in self._forms:
            if form in frame:
                frame = frame.replace(form, MASK)
        if self._escaped is not None and self._escaped.search(frame):
            return self._mask_parsed(frame)
        return frame

    def _mask_parsed(self, frame: bytes) -> bytes:
        """``frame`` parsed, every string (keys too) masked, written again; as it came when
        it does not parse (the core refuses it then) or holds no credential once decoded."""
        try:
            msg = orjson.loads(frame)
        except orjson.JSONDecodeError:
            return frame
        mask = MASK.decode()
        changed = False

        def sub(s: str) -> str:
            nonlocal changed
            for v in self._values:
                if v in s:
                    s, changed = s.replace(v, mask), True
            return s

        stack: list[Any] = [msg]
        while stack:  # in place, no recursion: a frame may nest as deep as orjson allows
            node = stack.pop()
            items = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
            for k, v in items:
                if isinstance(v, (dict, list)):
                    stack.append(v)
                elif isinstance(v, str):
                    node[k] = sub(v)
                if isinstance(k, str) and sub(k) != k:
                    node[sub(k)] = node.pop(k)
        if not changed:
            return frame
        try:
            return orjson.dumps(msg)
        except TypeError:  # nested deeper than orjson writes (255): withheld, never raw
            return _withheld(msg)


def _withheld(msg: Any) -> bytes:
    """What replaces a message whose credential was masked but that cannot be written again:
    a response becomes an error for its request; anything else, an empty object the core
    drops as no JSON-RPC message."""
    if isinstance(msg, dict) and "id" in msg and "method" not in msg:
        why = "cordon: the upstream answer was withheld: a credential in it could not be masked"
        err = {"code": -32603, "message": why}
        return orjson.dumps({"jsonrpc": "2.0", "id": msg["id"], "error": err})
    return b"{}"


def _cases(h: str) -> list[str]:
    """The spellings of hex digits ``h`` in upper and lower case (``00aF``, ``00Af`` ...)."""
    out = [""]
    for ch in h:
        out = [o + c for o in out for c in sorted({ch.lower(), ch.upper()})]
    return out
