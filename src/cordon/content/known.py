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
forms JSON encoders write it: as is, with non-ASCII characters as ``\\u`` escapes, with ``/``
as ``\\/``. Each form is the inside of a JSON string literal, so it is only ever found inside
a string, and the mask holds no quote or backslash: the frame stays valid JSON.

Not masked, and why:

- a value shorter than :data:`cordon.engine.secrets.MIN_SECRET_LENGTH` (the engine skips
  those too), or made only of what a JSON number is made of (a numeric PIN: it could be part
  of a number outside any string);
- a value a server spells otherwise on purpose (letters as ``\\u0041`` escapes, base64,
  pieces): a server that means to hand over its credential can always encode it some other
  way. Masking is for echoes and copies; what keeps a credential from leaving is that no call
  may carry it (``secret.egress``), in any mode.

Cost: one ``bytes`` search per form, about 1.5 ms for a 10 MB frame on the machine measured.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import orjson

from cordon._types import Finding
from cordon.content.sanitize import Action
from cordon.engine.secrets import MIN_SECRET_LENGTH

__all__ = ["MASK", "OWN_CREDENTIAL", "KnownCredentials"]

#: the content rule a masking is recorded under (``cordon rules``)
OWN_CREDENTIAL = "secret.own_credential"  # noqa: S105 - a rule id, not a password
#: what replaces a credential: names no part of it, and holds no quote or backslash
MASK = b"[secret masked: a credential cordon holds]"
#: the characters of a JSON number (RFC 8259 section 6)
_NUMBER = "0123456789+-.eE"


def _forms(value: str) -> set[bytes]:
    """The byte forms ``value`` takes inside a JSON string, as encoders write it."""
    out = {json.dumps(value, ensure_ascii=False)[1:-1], json.dumps(value)[1:-1]}
    out |= {f.replace("/", "\\/") for f in out}
    return {f.encode("utf-8") for f in out}


class KnownCredentials:
    """Exact credential values to mask in server frames (module docstring)."""

    def __init__(self, values: Iterable[str] = ()) -> None:
        self._forms: list[bytes] = []
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
        # longest first: a credential that contains another is masked whole
        self._forms = sorted({*self._forms, *_forms(value)}, key=len, reverse=True)

    def mask(self, frame: bytes) -> bytes:
        """``frame`` with every known credential replaced by :data:`MASK`; the same object
        when it holds none."""
        for form in self._forms:
            if form in frame:
                frame = frame.replace(form, MASK)
        return frame

    def mask_value(self, value: Any) -> Any | None:
        """``value`` (a parsed result, as the library and ``cordon serve`` hold one) with every
        known credential masked, as :meth:`mask` masks a frame; None when it holds none, or
        when it is not JSON (nothing a server sent)."""
        if not self._forms:
            return None
        try:
            raw = orjson.dumps(value)
        except TypeError:
            return None
        masked = self.mask(raw)
        return None if masked is raw else orjson.loads(masked)

    def mask_delivery(
        self, action: Action, result: Any, findings: list[Finding]
    ) -> tuple[Action, Any]:
        """What the library and ``cordon serve`` deliver of a result the content firewall
        gave ``action`` (warn or block mode): ``result`` with every known credential masked,
        the action then ``sanitise`` and a :data:`OWN_CREDENTIAL` finding appended to
        ``findings``; a blocked result, or one that holds none, as it is."""
        masked = self.mask_value(result) if action != "block" else None
        if masked is None:
            return action, result
        findings.append(
            Finding(rule=OWN_CREDENTIAL, category="secrets", severity="high", span=(0, 0))
        )
        return "sanitise", masked
