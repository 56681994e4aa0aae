"""What changed in a pinned tool definition, for the person ``cordon pin accept`` asks.

A rug pull can leave the tool's description alone and poison one parameter's description
in ``inputSchema`` (or add a parameter): ``changed: inputSchema`` and the unchanged
description would have the person accept text they never saw. :func:`definition_diff`
lists every changed, added and removed leaf of the pinned fields
(:data:`cordon.engine.pins.PINNED_FIELDS`: ``name``, ``title``, ``description``,
``inputSchema``, ``outputSchema``, ``annotations``, ``icons``, ``execution``, ``_meta``) by
its path, with the old and the new text: a property's name shows as a path segment, its
description as a leaf (``inputSchema.properties.to.description``, ``_meta.ui.resourceUri``).

Text is shown as a terminal cannot hide it: control, ANSI and bidi characters removed
(:func:`cordon.audit.log.sanitize`), invisible and private-use characters and line breaks
written as escapes (``\\u200b``, ``\\n``, a variation selector's ``\\ufe01``). A value past
:data:`MAX_VALUE` characters shows its start and its end (an instruction appended to a long
description is at its end), and the list stops at :data:`MAX_LINES` changes, each cut saying
how much it left out.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from typing import Any

from cordon.approvals.display import visible
from cordon.audit.log import sanitize
from cordon.engine.pins import PINNED_FIELDS, PROMPTS, Surface, canonical

__all__ = ["MAX_LINES", "MAX_VALUE", "definition_diff"]

#: characters of one old or new value shown
MAX_VALUE = 2000
#: changes listed for one definition
MAX_LINES = 200
_PLAIN_KEY = re.compile(r"[A-Za-z0-9_$-]+")


def _visible(text: str) -> str:
    """``text`` with what a terminal would not show written as escapes: control, ANSI and
    bidi characters removed (:func:`cordon.audit.log.sanitize`), then every character that
    would not show as itself escaped (:func:`cordon.approvals.display.visible`): line
    breaks, format and private-use characters, and the printable default-ignorables
    (variation selectors, Hangul fillers) a rug pull can spell a hidden instruction in."""
    return visible(str(sanitize(text)))


#: of a value past :data:`MAX_VALUE` characters, how many of its last are shown: the end of
#: a long description is where an appended instruction sits
_TAIL = MAX_VALUE // 4


def _shown(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = str(sanitize(text))
    if len(text) > MAX_VALUE:
        head, tail = text[: MAX_VALUE - _TAIL], text[len(text) - _TAIL :]
        return (
            f"{_visible(head)} [... cut here ...] {_visible(tail)} "
            f"[cut: {len(text) - MAX_VALUE} more characters]"
        )
    return _visible(text)


def _segment(key: Any) -> str:
    k = str(key)
    return k if _PLAIN_KEY.fullmatch(k) else _visible(json.dumps(k, ensure_ascii=False))


def _leaves(value: Any, path: str) -> Iterator[tuple[str, Any]]:
    """(path, scalar or empty container) for every leaf of a JSON value."""
    if isinstance(value, Mapping) and value:
        for k in sorted(value, key=str):
            yield from _leaves(value[k], f"{path}.{_segment(k)}")
    elif isinstance(value, list) and value:
        for i, v in enumerate(value):
            yield from _leaves(v, f"{path}[{i}]")
    else:
        yield path, value


def definition_diff(
    old: Mapping[str, Any],
    new: Mapping[str, Any],
    *,
    prompt: bool = False,
    surface: Surface | None = None,
) -> list[str]:
    """Lines describing every change between two tool definitions' pinned fields (a prompt's,
    :data:`~cordon.engine.pins.PROMPT_FIELDS`, with ``prompt``: its ``arguments`` are no tool
    field, so a poisoned argument description would show no line; a template's or a
    resource's with ``surface``): ``~ path`` with ``was:`` and ``now:`` lines, ``+ path:
    new``, ``- path: old``. Empty when they are equal."""
    surface = PROMPTS if prompt and surface is None else surface
    if surface is not None:
        a, b, fields = surface.canonical(old), surface.canonical(new), surface.fields
    else:
        a, b, fields = canonical(old), canonical(new), PINNED_FIELDS
    lines: list[str] = []
    count = 0
    for field in fields:
        if a.get(field) == b.get(field):
            continue
        before = dict(_leaves(a[field], field)) if field in a else {}
        after = dict(_leaves(b[field], field)) if field in b else {}
        for path in [*before, *(p for p in after if p not in before)]:
            count += 1
            if count > MAX_LINES:
                continue
            if path not in after:
                lines.append(f"- {path}: {_shown(before[path])}")
            elif path not in before:
                lines.append(f"+ {path}: {_shown(after[path])}")
            elif before[path] != after[path] or type(before[path]) is not type(after[path]):
                lines += [
                    f"~ {path}",
                    f"    was: {_shown(before[path])}",
                    f"    now: {_shown(after[path])}",
                ]
            else:
                count -= 1
    if count > MAX_LINES:
        lines.append(f"[cut: {count - MAX_LINES} more changes]")
    return lines
