"""HMAC-sealed state for cordon's own question on a 2026-07-28 connection.

On 2026-07-28 a server asks for input by returning ``resultType: "input_required"`` with
``inputRequests`` and an opaque ``requestState`` that the client echoes on retry (spec
2026-07-28, server/utilities "multi round-trip requests", SEP-2322). When cordon asks, it
seals what it needs (which call, which approval, the upstream's own ``requestState`` and
the client's ``inputResponses`` meant for the upstream) in an envelope:

    cordon1.<base64url(JSON payload)>.<base64url(HMAC-SHA256(key, payload))>

The key is random per cordon process, so an envelope cannot be forged or replayed into
another process; the payload carries an expiry.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import re
import time
import unicodedata
from collections.abc import Iterable
from typing import Any

import orjson

from cordon.approvals import display

PREFIX = "cordon1."
INPUT_KEY = "io.cordon/approval"


def _b64(b: bytes) -> str:
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode("ascii")


def _unb64(s: str) -> bytes:
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


def call_digest(tool: str, arguments: Any) -> str:
    """SHA-256 hex of the tool name and canonical arguments: binds an envelope to one call."""
    blob = orjson.dumps([tool, arguments], option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(blob).hexdigest()


class Sealer:
    """Seal and open envelopes with a per-process random key."""

    def __init__(self, key: bytes | None = None) -> None:
        self._key = key or os.urandom(32)

    def seal(self, payload: dict[str, Any], *, ttl_s: float) -> str:
        body = _b64(orjson.dumps({**payload, "exp": time.time() + ttl_s}))
        mac = _b64(hmac.new(self._key, body.encode("ascii"), hashlib.sha256).digest())
        return f"{PREFIX}{body}.{mac}"

    def open(self, token: str) -> dict[str, Any] | None:
        """The payload, or None when the token is not ours, was altered, or has expired."""
        if not token.startswith(PREFIX):
            return None
        try:
            body, mac = token[len(PREFIX) :].split(".", 1)
            want = _b64(hmac.new(self._key, body.encode("ascii"), hashlib.sha256).digest())
            if not hmac.compare_digest(want, mac):
                return None
            payload = orjson.loads(_unb64(body))
        except (ValueError, orjson.JSONDecodeError):
            return None
        if not isinstance(payload, dict) or float(payload.get("exp", 0)) < time.time():
            return None
        return payload


def _strings(value: Any, depth: int = 0) -> list[str]:
    if isinstance(value, str):
        return [value]
    if depth > 32:
        return []
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return [s for item in items for s in _strings(item, depth + 1)]


def as_spelled(destination: str | None, args: Any, param: str | None) -> str | None:
    """``destination`` as the call spells it, for display: the engine compares destinations
    normalised (lower case, a URL without its scheme), but a person approving or reading a
    denial should see the spelling the agent used. The first case-insensitive occurrence in
    the argument ``param`` (else in any argument); ``destination`` itself when none is
    found (a spelling the normaliser rewrote, or a value the audit withheld)."""
    if not destination:
        return destination
    pattern = re.compile(re.escape(destination), re.IGNORECASE)
    first = args.get(param) if isinstance(args, dict) and param in args else None
    for text in [*_strings(first), *_strings(args)]:
        m = pattern.search(text)
        if m is not None:
            return m.group(0)
    return destination


#: the most UTF-8 bytes of argument values, all of them together (a string as itself, any
#: other value as its JSON), that an approval of exact arguments covers: a question shows
#: them whole, and so does ``cordon approve`` (the audit log keeps a value of up to
#: ``MAX_ARG_BYTES``, 4096, whole); a call with more is denied unasked (``cordon.decider``).
#: Each value was cut to its start and its end at 300 characters: a delete in the middle of
#: a 456-character command was approved unseen. The question stays near 4 KiB as before
#: (twelve values of 300), its characters spent where the call has them
SHOWN_VALUE_BYTES = 4000
#: the most characters of an argument's value a question quotes whole (a value within
#: :data:`SHOWN_VALUE_BYTES` is never cut); a longer value, its start and its end, its
#: length said (a destination's approval, which does not cover the value)
_SHOWN_CHARS = SHOWN_VALUE_BYTES
#: the most characters of a reason a question shows (its start and its end, the cut said)
REASON_CHARS = 400
#: a call-wide ask: the most characters of each argument's value, the most arguments named
#: (an approval of exact arguments with more is denied unasked: cordon.decider)
_EACH_CHARS = _SHOWN_CHARS
SHOWN_ARGS = 12
#: the most characters of an argument's name a question shows whole (a longer one: its start
#: and its end; an approval of exact arguments with one is denied unasked: cordon.decider)
SHOWN_NAME_CHARS = 40


def shown_bytes(args: Any) -> int:
    """The UTF-8 bytes of the values of ``args`` (an object) as a question shows them: a
    string as itself, any other value as its JSON (:data:`SHOWN_VALUE_BYTES`)."""
    if not isinstance(args, dict):
        return 0
    n = 0
    for v in args.values():
        text = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, default=str)
        n += len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))
    return n


def _quoted(value: Any, limit: int, plain_ascii: bool, as_json: bool) -> str:
    """One value as a question shows it: quoted (a string as Python does, ``as_json``: as
    JSON does), what does not show as itself escaped (:mod:`cordon.approvals.display`:
    ``repr`` keeps a variation selector), every character outside ASCII too with
    ``plain_ascii``; a long one cut to its start and its end, its length said."""
    if isinstance(value, str) and not as_json:
        text, raw = display.cut(value, limit), value
        shown = ascii(text) if plain_ascii else display.visible(repr(text))
    else:
        raw = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        text = display.cut(raw, limit)
        shown = json.dumps(text, ensure_ascii=plain_ascii) if isinstance(value, str) else text
        shown = display.ascii_only(shown) if plain_ascii else display.visible(shown)
    return shown if len(raw) <= limit else f"{shown} [{len(raw)} characters in all]"


def shown_value(args: Any, param: str | None, *, plain_ascii: bool = False) -> str | None:
    """The value of the top-level argument ``param`` as a person should read it in a
    question, quoted (:func:`_quoted`: its start and its end when it is longer than
    :data:`_SHOWN_CHARS`); for a call-wide ask (no ``param``: a destructive tool, the Rule
    of Two) every argument by name, each value cut to :data:`_EACH_CHARS` (a long first
    argument must not push the others out of the question); None when there is no such
    argument at all. ``plain_ascii``: letters outside ASCII escaped too (an approval of a
    look-alike spelling). With ``param``, the call's other arguments follow as a call-wide
    ask shows them: an approval of these exact arguments covers them too (a write to
    ``CLAUDE.md`` showed the path, not the ``curl ... | sh`` it wrote there). A nested
    ``param`` (``options.command``, ``files.0.path``) is its value, when the path leads to
    one, then every argument as a call-wide ask shows them: it showed nothing, and the
    delete it approved was out of sight."""
    if not isinstance(args, dict) or not args:
        return None
    if param and param in args and "." in param and _nested(args, param) is not _MISSING:
        # a key spelt with dots beside the nested value of that path: which one the ask is
        # about is not told by its name ('options.command' = 'ls' was shown, the delete at
        # options.command was the one asked about), so no value is put first
        return _each(args, plain_ascii)
    if param and param not in args:
        found = _nested(args, param)
        whole = _each(args, plain_ascii)
        if found is _MISSING:
            return whole
        return f"{_quoted(found, _SHOWN_CHARS, plain_ascii, False)}, in {whole}"
    if param:
        head = _quoted(args[param], _SHOWN_CHARS, plain_ascii, False)
        rest = {k: v for k, v in args.items() if k != param}
        return f"{head}, with {_each(rest, plain_ascii)}" if rest else head
    return _each(args, plain_ascii)


_MISSING = object()


def _nested(args: Any, path: str) -> Any:
    """The value at a dotted ``path`` of the engine's (``options.command``, ``files.0.path``:
    a list index as digits), or :data:`_MISSING`."""
    value = args
    for part in path.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return _MISSING
    return value


def _each(args: dict[str, Any], plain_ascii: bool) -> str:
    """Every argument by name, each value cut to :data:`_EACH_CHARS`, at most
    :data:`SHOWN_ARGS` of them (the count of the rest said)."""
    items = list(args.items())
    # (a name in ASCII escapes: 'p\u0430th', a Cyrillic a, is not read as the 'path' the
    # server reads beside it)
    parts = [
        f"{_quoted(str(k), SHOWN_NAME_CHARS, True, True)}: "
        f"{_quoted(v, _EACH_CHARS, plain_ascii, True)}"
        for k, v in items[:SHOWN_ARGS]
    ]
    if len(items) > SHOWN_ARGS:
        parts.append(f"and {len(items) - SHOWN_ARGS} more arguments")
    return "{" + ", ".join(parts) + "}"


def question(
    server: str,
    tool: str,
    param: str | None,
    destination: str | None,
    reason: str,
    value: str | None = None,
    exact: bool = False,
) -> dict[str, Any]:
    """The elicitation/create params cordon sends: a form with one boolean ``approve``. It
    names what the approval covers: with a destination, that destination for this tool for
    the session; without one, these exact arguments (``value``: :func:`shown_value`, the
    argument's value as the call has it, secrets withheld, so the person sees which file or
    command it is; ``exact``: the approval covers these arguments even with a destination,
    a look-alike spelling, and the value is shown too).

    Every name, value and reason is the adversary's text: quoted, what would not show
    escaped, a name outside the tool-name alphabet as JSON, a destination with letters
    outside ASCII spelled in ASCII too (:mod:`cordon.approvals.display`)."""
    target = f" parameter {display.name(param)}" if param else ""
    dest = f" to destination {display.spelled(destination)}" if destination else ""
    if dest and exact:  # (the destination as cordon reads it: the call spells it otherwise)
        dest += " (the call spells it with look-alike or hidden characters: see its value)"
    shown = ""
    if value is not None and (exact or not destination):
        shown = f" = {value}" if param else f" with arguments {value}"
    scope = (
        "Approve this destination for this tool for the rest of the session?"
        if destination and not exact
        else "Approve these exact arguments for the rest of the session?"
    )
    # (a reason quotes the adversary's text: capped, its start and its end, so its length
    # cannot push the destination or the scope out of the person's sight)
    why = display.clipped(reason, REASON_CHARS)
    if not why.isascii():  # (a reason naming several destinations quotes each as spelled)
        why += f" (spelled in ASCII: {display.clipped(reason, REASON_CHARS, display.ascii_only)})"
    message = (
        f"cordon: server {display.name(server)} tool {display.name(tool)}{target}{shown}{dest} "
        f"needs your approval. Why: {why}. {scope}"
    )
    return {
        "message": message,
        "requestedSchema": {
            "type": "object",
            "properties": {"approve": {"type": "boolean", "title": "Approve", "default": False}},
            "required": ["approve"],
        },
    }


#: "cordon" in a server's form, its letters folded (case, look-alikes, invisibles and
#: accents removed), up to three separators between them (``C   O   R   D   O   N``,
#: ``c_o_r_d_o_n`` read as the word)
_CORDON = re.compile(r"(?<![a-z])c[\W_]{0,3}o[\W_]{0,3}r[\W_]{0,3}d[\W_]{0,3}o[\W_]{0,3}n")
#: what still reads as a letter of "cordon" after the skeleton: a zero for O (``C0RD0N``),
#: the small capitals (``ᴄᴏʀᴅᴏɴ``: no NFKC form, not in the confusables' skeleton), a
#: slashed o (``CØRDØN``: no decomposition)
_READ_AS = str.maketrans("0\u1d04\u1d0f\u0280\u1d05\u0274\u00f8", "ocordno")


#: a span a right-to-left override (U+202E) governs, up to what ends it (PDF, an isolate,
#: another override or embedding, a paragraph's end): a client that lays text out by the
#: Unicode bidirectional algorithm shows its letters backwards (``\u202enodroc`` as cordon)
_OVERRIDDEN = re.compile("\u202e([^\u202a-\u202e\u2066-\u2069\n\r\u2029]*)")


def _as_laid_out(text: str) -> str:
    """``text`` with each span a right-to-left override governs reversed, as shown."""
    return _OVERRIDDEN.sub(lambda m: m.group(1)[::-1], text)


def _unaccented(text: str) -> str:
    """``text`` without its combining marks (``CÖRDÖN`` read as ``CORDON``)."""
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def imitates_question(texts: Iterable[str]) -> bool:
    """Whether a server's elicitation form (``texts``: its message, its fields' names, titles
    and descriptions) names cordon: only cordon asks in cordon's name, and a person who took
    a server's form for cordon's question would answer it as one (an accept the server
    reports to the agent as a person's approval, a field cordon never asks for). Spelled
    with other letters (``CОRDОN`` with a Cyrillic O, full-width, small capitals, a zero for
    an O, accents, invisible characters, spaces or underscores between) it is still found,
    and so is one written backwards behind a right-to-left override (:func:`_as_laid_out`:
    cordon passes the override on in ``monitor`` mode, and the person reads the word)."""
    from cordon.textnorm import skeleton, strip_invisible

    return any(
        _CORDON.search(_unaccented(skeleton(strip_invisible(s)).casefold()).translate(_READ_AS))
        for t in texts
        for s in ((t, _as_laid_out(t)) if "\u202e" in t else (t,))
    )


def is_accept(response: Any) -> bool:
    """Only an accept whose ``approve`` is ``true`` approves; anything else is a no. An
    accept with no content, or without ``approve``, is not one: the form requires the field
    and defaults it to false, so a client (or a harness) that accepts every form unread,
    or a form whose checkbox was never ticked, approves nothing (fail closed)."""
    if not isinstance(response, dict) or response.get("action") != "accept":
        return False
    content = response.get("content")
    return isinstance(content, dict) and content.get("approve") is True
