"""Share lists the user owns (``owned_fields``): the names listed under a record's field
when its owner field is one of the user's identities."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import orjson
import yaml

from cordon.engine.provenance._documents import _MAX_YAML, _STR_TAG, _block_records, _yaml_root
from cordon.engine.provenance._text import _strings
from cordon.taint import extract_destinations


def owned_field_items(
    result: Any,
    owned: dict[str, str],
    identities: frozenset[str],
    named: set[str] | frozenset[str] = frozenset(),
) -> Iterator[str]:
    """The names listed under ``owned`` fields of the records the user owns, for
    ``owned_fields``: in each record (a JSON object, or a mapping of a YAML document such as
    ``yaml.safe_dump`` of the records gives) whose owner field ``owned[field]`` is a string
    equal to one of ``identities`` exactly as spelled (folded, another
    account's name would match), the strings under ``field``: a string, the strings of a list,
    or the keys of a mapping (``shared_with: {a@x.example: rw}``).

    Fail closed, each against an attack: one document only, ``structuredContent``
    when it holds a record, else the result's one text block (a second block is a
    file's content, which may write a record); records only at the shallowest depth at which
    an owner field occurs (a record inside another, a mapping its owner wrote); a
    record that names the owner field or the listed field twice gives nothing, in YAML and
    in JSON (a naive template with an injected line, orjson keeping the last); an
    entry naming more than one destination gives nothing; a record one of whose other
    values (its id, its name) is in ``named`` gives nothing (values a call of the
    session gave, :func:`named_values`, which may have changed the list, a move into a
    shared folder). Text that is neither JSON nor YAML structure gives nothing; a string
    scalar's own text is never parsed, so a file's content inside its record cannot write an
    ``owner:`` line of its record.
    """
    if not owned or not identities:
        return
    doc = _owned_document(result, frozenset(owned.values()))
    if doc is None:
        return
    parsed, text = doc
    if text is None:
        found = _owned_values(parsed, owned, identities, named)
    elif len(text) <= _MAX_YAML:
        root = _yaml_root(text)
        found = (
            _owned_nodes(root, owned, identities, named)
            if root is not None and _block_records(root)
            else iter(())
        )
    else:
        return
    yield from (item for item in found if _one_destination(item))


class _JSONObject(dict):  # type: ignore[type-arg]
    """A JSON object as :func:`json.loads` reads it, with the keys it named more than once
    (``twice``; the dict keeps the last value, as orjson does)."""

    twice: frozenset[str] = frozenset()


def _json_object(pairs: list[tuple[str, Any]]) -> _JSONObject:
    obj = _JSONObject(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        twice: set[str] = set()
        for k, _ in pairs:
            (twice if k in seen else seen).add(k)
        obj.twice = frozenset(twice)  # linear: a crafted object of many keys costs its size
    return obj


def _owned_document(result: Any, owners: frozenset[str]) -> tuple[Any, str | None] | None:
    """The one document of a result that ``owned_fields`` reads (``(parsed, None)`` for JSON
    structure, ``(None, text)`` for text to read as YAML), or ``None``: ``structuredContent``
    when it holds a mapping with an owner field; else the one text block of the result, and
    only when there is no ``structuredContent`` or it is the ``{"result": text}`` wrapper of
    that very text (FastMCP's for a string). Several text blocks give nothing
    (a server that returns a file's record in one block and its content in another)."""
    if not isinstance(result, dict):
        return None
    structured = result.get("structuredContent")
    if structured is not None and _has_owner(structured, owners):
        return structured, None
    blocks = result.get("content")
    if not isinstance(blocks, list):
        return None
    texts = [b.get("text") for b in blocks if isinstance(b, dict) and b.get("type") == "text"]
    if len(texts) != 1 or not isinstance(texts[0], str):
        return None
    text = texts[0]
    if structured is not None and structured != {"result": text}:
        return None
    try:
        parsed = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None, text
    if not isinstance(parsed, dict | list):
        return None, text
    try:  # again, to see keys named twice (orjson keeps the last)
        return json.loads(text, object_pairs_hook=_json_object), None
    except (ValueError, RecursionError):
        return None


def _has_owner(value: Any, owners: frozenset[str]) -> bool:
    """Some mapping in ``value`` has one of the ``owners`` keys."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if not owners.isdisjoint(v):
                return True
            stack.extend(v.values())
        elif isinstance(v, list | tuple):
            stack.extend(v)
    return False


def _one_destination(item: str) -> bool:
    """An entry of a share list names one person: a one-token entry in which
    :func:`cordon.taint.extract_destinations` finds more than one destination
    (``a@x,evil@y``, ``mailto:a@x?cc=evil@y``, ``a@x?word``, a link with a query) names none.
    A longer entry vouches only as a display name (:func:`item_keys`)."""
    if len(item.split()) != 1:
        return True
    return len(extract_destinations(item)) <= 1


def named_values(arguments: Any) -> set[str]:
    """The values a call gives, as a record's values are compared with them
    (:func:`owned_field_items` ``named``): every string leaf, trimmed, and every number as
    text (``19`` and ``"19"`` name file ``19`` alike), and a path's last part
    (``/Shared/minutes.docx`` names ``minutes.docx``); strings over 1 KiB are left out."""
    out: set[str] = set()
    for leaf in _strings(arguments, numbers=True):
        v = leaf.strip()
        if v and len(v) <= 1024:
            out.add(v)
            last = re.split(r"[/\\]", v.rstrip("/\\"))[-1].strip()
            if last:
                out.add(last)
    return out


def _record_value(value: Any) -> str | None:
    """A record's scalar value as text, compared with :func:`named_values`."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return None
    return str(value).strip()


def _owned_values(
    value: Any,
    owned: dict[str, str],
    identities: frozenset[str],
    named: set[str] | frozenset[str] = frozenset(),
) -> Iterator[str]:
    owners = frozenset(owned.values())
    records: list[tuple[int, dict[str, Any]]] = []
    stack: list[tuple[int, Any]] = [(0, value)]
    while stack:
        depth, v = stack.pop()
        if isinstance(v, dict):
            if not owners.isdisjoint(v):
                records.append((depth, v))
            stack.extend((depth + 1, x) for x in v.values())
        elif isinstance(v, list | tuple):
            stack.extend((depth + 1, x) for x in v)
    if not records:
        return
    top = min(depth for depth, _ in records)  # a record inside another is none
    for depth, v in records:
        if depth != top:
            continue
        twice: frozenset[str] = getattr(v, "twice", frozenset())
        if named and any(
            _record_value(x) in named for k, x in v.items() if k not in owners and k not in owned
        ):
            continue  # the session gave one of its values: it may have written it
        for field, owner_field in owned.items():
            if field in twice or owner_field in twice or field not in v:
                continue
            owner = v.get(owner_field)
            if not (isinstance(owner, str) and owner in identities):
                continue
            listed = v[field]
            if isinstance(listed, str):
                yield listed
            elif isinstance(listed, list):
                yield from (x for x in listed if isinstance(x, str))
            elif isinstance(listed, dict):
                yield from (k for k in listed if isinstance(k, str))


def _owned_nodes(
    root: Any,
    owned: dict[str, str],
    identities: frozenset[str],
    named: set[str] | frozenset[str] = frozenset(),
) -> Iterator[str]:
    owners = frozenset(owned.values())
    records: list[tuple[int, dict[str, list[Any]]]] = []
    seen: set[int] = set()
    stack: list[tuple[int, Any]] = [(0, root)]
    while stack:
        depth, node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            stack.extend((depth + 1, x) for x in node.value)
            continue
        if not isinstance(node, yaml.MappingNode):
            continue
        by_name: dict[str, list[Any]] = {}
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode):
                by_name.setdefault(str(k.value), []).append(v)
        if not owners.isdisjoint(by_name):
            records.append((depth, by_name))
        stack.extend((depth + 1, v) for _, v in node.value)
    if not records:
        return
    top = min(depth for depth, _ in records)  # a record inside another is none
    for depth, by_name in records:
        if depth != top:
            continue
        if named and any(
            isinstance(x, yaml.ScalarNode) and str(x.value).strip() in named
            for k, xs in by_name.items()
            if k not in owners and k not in owned
            for x in xs
        ):
            continue  # the session gave one of its values: it may have written it
        for field, owner_field in owned.items():
            if len(by_name.get(field, ())) != 1 or len(by_name.get(owner_field, ())) != 1:
                continue
            owner = by_name[owner_field][0]
            if not (
                isinstance(owner, yaml.ScalarNode)
                and owner.tag == _STR_TAG
                and str(owner.value) in identities
            ):
                continue
            listed = by_name[field][0]
            if isinstance(listed, yaml.ScalarNode):
                items = [listed]
            elif isinstance(listed, yaml.SequenceNode):
                items = listed.value
            elif isinstance(listed, yaml.MappingNode):
                items = [k for k, _ in listed.value]
            else:
                items = []
            yield from (
                str(x.value) for x in items if isinstance(x, yaml.ScalarNode) and x.tag == _STR_TAG
            )
