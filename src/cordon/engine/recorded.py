"""The recorded text of a tool result: every string value and object key, a blank line apart.

It is what the taint index records and the content firewall scans (``Session.record_output``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cordon.taint import rejoined_base64


@dataclass(frozen=True, kw_only=True)
class RecordedOutput:
    """A result whose destinations are already in the taint index (``Session.record_output``).

    Attributes:
        result: the CallToolResult dict.
        text: all its strings and object keys, newline-joined (what was indexed and is scanned).
    """

    result: dict[str, Any]
    text: str


#: between two strings of a result: a blank line, which ends a base64 run (a single line break
#: continues one, as MIME wraps it: an unpadded base64 value followed by the next string, or by
#: the keys, read as one run that decodes to nothing, and its destinations and credentials were
#: not recorded)
SEP = "\n\n"


def _recorded(result: Any) -> RecordedOutput:
    """``result`` (a CallToolResult dict, or plain text wrapped as one) with the text taint
    and the content scan read: every string value, then every object key, a blank line
    between two (:data:`SEP`)."""
    if isinstance(result, str):
        result = {"content": [{"type": "text", "text": result}]}
    values: list[str] = []
    keys: list[str] = []
    _collect_strings(result, values, keys)
    if keys:
        # the values, then a separator, then the keys: one join, one copy of a large text
        values.append(SEP.join(keys) if values else SEP + SEP.join(keys))
    return RecordedOutput(result=result, text=SEP.join(values))


def _collect_strings(value: Any, values: list[str], keys: list[str]) -> None:
    """Every string value and object key under ``value``, iteratively (no depth limit);
    numbers are kept as text too (an account number is a destination for taint). A string
    holding a base64 value cut into lines is followed by its rejoined readings
    (:func:`cordon.taint.rejoined_base64`)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            values.append(item)
            if "\n" in item:
                values.extend(rejoined_base64(item))
        elif isinstance(item, dict):
            keys.extend(str(k) for k in item)
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, list | tuple):
            stack.extend(reversed(item))
        elif isinstance(item, int | float) and not isinstance(item, bool):
            values.append(str(item))
