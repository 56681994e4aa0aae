"""The documents of a tool result (structured content, JSON text, YAML records) and the
YAML node walks the field readers share."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import orjson
import yaml

#: a text block longer than this is not parsed as YAML (about 0.1 s): with ``directory_fields``
#: it vouches for nothing, and without, nothing either (its lines could be a wrapped scalar)
_MAX_YAML = 1 << 20


_YAML_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _documents(result: Any) -> Iterator[tuple[Any, str | None]]:
    """The documents of a CallToolResult dict: ``(structuredContent, None)`` when present,
    then per text block ``(parsed, None)`` when its text is a JSON object or array, else
    ``(None, text)``. Anything but a dict gives nothing."""
    if not isinstance(result, dict):
        return
    structured = result.get("structuredContent")
    if structured is not None:
        yield structured, None
    for block in result.get("content") or ():
        if not isinstance(block, dict) or block.get("type") != "text":
            continue
        text = block.get("text")
        if not isinstance(text, str):
            continue
        try:
            parsed = orjson.loads(text)
        except orjson.JSONDecodeError:
            parsed = None
        if isinstance(parsed, dict | list):
            yield parsed, None
        else:
            yield None, text


def _yaml_root(text: str) -> Any:
    """The composed YAML node of ``text`` when it is one YAML document whose root is a
    list or a mapping (a ``yaml.safe_dump`` of records) or a quoted or block scalar (a
    dumped string), else ``None`` (plain lines of text are read as lines)."""
    if not any(c in text for c in (":", "- ", "-\n", "[", "{", "'", '"', "|", ">")):
        return None  # no collection, quoted or block scalar can be in it
    try:
        root = yaml.compose(text, Loader=_YAML_LOADER)
    except Exception:  # noqa: BLE001 - any failure: not YAML, read as lines / vouch nothing
        return None
    if isinstance(root, yaml.SequenceNode | yaml.MappingNode):
        return root
    if isinstance(root, yaml.ScalarNode) and root.style in ("'", '"', "|", ">"):
        return root
    return None


def _block_records(root: Any) -> bool:
    """``root`` reads as records a YAML dumper wrote, not as text of another syntax that
    YAML happens to parse: a block-style list or mapping (``yaml.safe_dump``'s
    default) in which no single-quoted scalar ends in a backslash. Python's ``repr``
    (``str(records)``), ``pprint``, Node's ``util.inspect`` and PHP's ``var_export`` write
    records as flow collections and escape a quote as a backslash and a quote, which ends a
    YAML single-quoted scalar: the rest of a string there (a message body, a file's content)
    went on as YAML structure, a record of its own."""
    if not isinstance(root, yaml.SequenceNode | yaml.MappingNode) or root.flow_style:
        return False
    return not any(
        isinstance(node, yaml.ScalarNode) and node.style == "'" and node.value.endswith("\\")
        for node in _yaml_nodes(root)
    )


def _yaml_nodes(root: Any) -> Iterator[Any]:
    """Every node under ``root`` once (an alias is the node it names: visited once, so an
    alias bomb costs its size, not its expansion)."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        yield node
        if isinstance(node, yaml.SequenceNode):
            stack.extend(reversed(node.value))
        elif isinstance(node, yaml.MappingNode):
            for k, v in reversed(node.value):
                stack.extend((v, k))


def _multiline_scalars(root: Any) -> dict[int, tuple[int, str]]:
    """``{first line: (last line, value)}`` of each scalar inside ``root`` that spans lines."""
    spans: dict[int, tuple[int, str]] = {}
    for node in _yaml_nodes(root):
        if not isinstance(node, yaml.ScalarNode):
            continue
        start, end = node.start_mark, node.end_mark
        last = end.line - 1 if end.column == 0 else end.line
        if last > start.line:
            prev = spans.get(start.line)
            if prev is None or prev[0] < last:
                spans[start.line] = (last, str(node.value))
    # a span that starts inside another (a block scalar after a wrapped key) is merged in
    # (spans in order of their first line: only the newest merged span can hold a later one,
    # so each is compared with that one only: linear, not quadratic in a crafted text's
    # scalars)
    merged: dict[int, tuple[int, str]] = {}
    top: int | None = None
    for line in sorted(spans):
        last, value = spans[line]
        if top is not None and line <= merged[top][0]:
            merged[top] = (max(merged[top][0], last), merged[top][1])
        else:
            merged[line] = (last, value)
            top = line
    return merged


_STR_TAG = "tag:yaml.org,2002:str"
