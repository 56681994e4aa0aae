"""The recorded text of a tool result: every string value and object key, a blank line apart.

It is what the taint index records and the content firewall scans (``Session.record_output``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple

from cordon.content._ansi import TERMINAL_HINT, TERMINAL_RE, has_terminal_control
from cordon.content._regions import escape_regions
from cordon.content._walk import text_readings
from cordon.taint import rejoined_base64


class RecordedOutput(NamedTuple):
    """A result whose destinations are already in the taint index (``Session.record_output``).
    Immutable; a named tuple, built once per recorded result (a frozen dataclass took about a
    third more instructions to build).

    Attributes:
        result: the CallToolResult dict.
        text: all its strings and object keys, newline-joined (what was indexed and is scanned).
        shown: each of those strings that holds a terminal control, read without its
            controls (:func:`shown_readings`), or ``""``: indexed for taint beside ``text``.
    """

    result: dict[str, Any]
    text: str
    shown: str = ""


#: between two strings of a result: a blank line, which ends a base64 run (a single line break
#: continues one, as MIME wraps it: an unpadded base64 value followed by the next string, or by
#: the keys, read as one run that decodes to nothing, and its destinations and credentials were
#: not recorded)
SEP = "\n\n"


def _recorded(result: Any) -> RecordedOutput:
    """``result`` (a CallToolResult dict, or plain text wrapped as one) with the text taint
    and the content scan read: every string value, then every object key, a blank line
    between two (:data:`SEP`).

    A library caller may hand in what the MCP SDK gave it: a ``CallToolResult`` or
    ``ReadResourceResult`` object, its ``content`` list of block objects, or a dict holding
    them. Such objects are read through their JSON dump (:func:`plain_result`); a walk that
    skipped them would record none of their text, and a destination planted there would be
    asked about instead of denied.

    Raises:
        TypeError: a value that is neither JSON nor a model with ``model_dump`` (the caller
            marks its session degraded: its history is incomplete).
    """
    if isinstance(result, str):
        result = {"content": [{"type": "text", "text": result}]}
    values: list[str] = []
    keys: list[Any] = []
    if not _collect_strings(result, values, keys):
        # a model object or a non-JSON value somewhere: read it all as JSON, then again
        result = plain_result(result)
        values, keys = [], []
        _collect_strings(result, values, keys)
    if keys:
        # the values, then a separator, then the keys: one join, one copy of a large text
        joined = _joined_keys(keys)
        values.append(joined if values else SEP + joined)
    text = SEP.join(values)
    return RecordedOutput(result=result, text=text, shown=shown_readings(text, values))


def shown_readings(text: str, values: list[str]) -> str:
    """Where the strings of ``values`` hold a terminal control (an ESC sequence, a backspace,
    NUL, DEL, a C1 control, a carriage return inside a line), the text around it (the lines
    within :data:`_REACH` characters, never cutting a word) without its controls, as warn
    mode delivers it (:data:`cordon.content._ansi.TERMINAL_RE`), :data:`SEP` between two;
    ``""`` when ``text`` (their join) holds none. A destination cut by one
    (``drop@exfil\\b-corp.example``) reaches the agent whole, so its key must be taint too;
    the text as sent keeps its own keys (a model may read the control as a break). Only
    the regions around controls are read again: a long text with a few stray C1 characters
    (mojibake) is not indexed twice."""
    if not has_terminal_control(text):
        return ""
    out: list[str] = []
    for v in values:
        if not has_terminal_control(v):
            continue
        for lo, hi in escape_regions(
            v, _REACH, hint=TERMINAL_HINT, exact=TERMINAL_RE, guard=_GUARD
        ):
            out.append(TERMINAL_RE.sub("", v[_word_start(v, lo) : _word_end(v, hi)]))
    return SEP.join(out)


#: characters either side of a control read again without it: more than a destination spans
_REACH = 512
#: the longest control :data:`TERMINAL_RE` matches but for a run of carriage returns (an OSC
#: with its 512-character body)
_GUARD = 520
_SPACE = re.compile(r"\s")


def _word_start(v: str, lo: int) -> int:
    """``lo`` moved back to the start of the word it falls in (at most :data:`_REACH`)."""
    if lo == 0 or v[lo - 1].isspace():
        return lo
    head = v[max(0, lo - _REACH) : lo]
    cut = max(head.rfind(c) for c in " \t\n\r")
    return lo - len(head) + cut + 1 if cut >= 0 else lo - len(head)


def _word_end(v: str, hi: int) -> int:
    """``hi`` moved on to the end of the word it falls in (at most :data:`_REACH`)."""
    m = _SPACE.search(v, hi, hi + _REACH)
    return m.start() if m is not None else min(len(v), hi + _REACH)


def plain_result(value: Any) -> Any:
    """``value`` as plain JSON data: a pydantic model (the MCP SDK's results, content blocks)
    by its JSON dump under the protocol's own key names (``isError``, ``structuredContent``),
    a mapping as a dict with string keys, a tuple as a list.

    Raises:
        TypeError: a value of another type (bytes, a dataclass, an arbitrary object), or one
            nested too deep to read.
    """
    try:
        return _plain(value)
    except RecursionError:
        raise TypeError("cordon: a tool result nested too deep to read") from None


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, str | bool | int | float):
        return value
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    dump = getattr(value, "model_dump", None)
    if callable(dump) and not isinstance(value, type):
        return _plain(dump(mode="json", by_alias=True, exclude_none=True))
    raise TypeError(
        f"cordon: cannot read a tool result holding a {type(value).__name__}: pass the "
        "CallToolResult (the SDK's object or its dict) or the result's text"
    )


def _collect_strings(value: Any, values: list[str], keys: list[Any]) -> bool:
    """Every string value and object key under ``value``, iteratively (no depth limit), in
    document order (an object's keys when it is met, then its values); numbers are kept as
    text too (an account number is a destination for taint). Keys are kept as they are (a
    mapping's non-string keys are made text when joined: :func:`_joined_keys`). A string
    holding a base64 value cut into lines is followed by its rejoined readings
    (:func:`cordon.taint.rejoined_base64`). Returns False when ``value`` holds something
    that is not JSON data (a model object, a non-dict mapping): its text was not read."""
    plain = True
    # one iterator per open container, innermost last: each container is read in place (no
    # reversed copy of it pushed, no ``map`` over its keys: those were most of the cost)
    stack = [iter((value,))]
    while stack:
        for item in stack[-1]:
            if isinstance(item, str):
                values.append(item)
                if "\n" in item:
                    values.extend(rejoined_base64(item))
            elif isinstance(item, dict):
                keys.extend(item)
                if "blob" in item or "data" in item:
                    # base64 text a client reads decoded (an embedded resource's blob): its
                    # reading, as the content walk's (credentials, destinations in it)
                    values.extend(text_readings(item))
                stack.append(iter(item.values()))
                break
            elif isinstance(item, (list, tuple)):
                stack.append(iter(item))
                break
            elif isinstance(item, (int, float)) and not isinstance(item, bool):
                values.append(str(item))
            elif item is not None and not isinstance(item, bool):
                plain = False
        else:
            stack.pop()
    return plain


def _joined_keys(keys: list[Any]) -> str:
    """``keys`` as text, :data:`SEP` between two: each as ``str`` makes it (a JSON object's
    keys are strings already; a library caller's dict may hold others)."""
    try:
        return SEP.join(keys)
    except TypeError:
        return SEP.join(map(str, keys))
