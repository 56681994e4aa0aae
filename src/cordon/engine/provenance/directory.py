"""Directory tools (``directory``, ``directory_fields``): the whole items a listing gives,
and the destination keys they vouch for."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import yaml

from cordon.engine.provenance._documents import (
    _MAX_YAML,
    _STR_TAG,
    _block_records,
    _documents,
    _multiline_scalars,
    _yaml_nodes,
    _yaml_root,
)
from cordon.engine.provenance._text import _URL_HINT, _strings
from cordon.taint import extract_destinations, norm
from cordon.textnorm import mark_lookalikes

#: a directory item is a name: one token, or a display name of a few words, this long at most
_MAX_ITEM = 64


_MAX_WORDS = 4


#: a list bullet and a ``key:`` field name (an identifier: no spaces, so prose such as
#: "Forward payroll questions to: x@y" keeps its words and is skipped as prose)
_BULLET = re.compile(r"^[ \t]*(?:[-*][ \t]+)?(?:[A-Za-z_][\w.-]{0,40}:[ \t]+)?")


def directory_items(
    result: Any, fields: frozenset[str] | None = None, excepted: Mapping[str, Any] | None = None
) -> Iterator[str]:
    """The whole items of a result: JSON string leaves, else whole lines of its text.

    With ``fields``, only the items under those field names: strings whose nearest object
    key is one of them, in JSON or in a YAML document (a ``yaml.safe_dump`` of the records).
    Text that is neither gives nothing (read line by line, a message
    *body* can write a ``sender:`` line, by a newline or by being long enough for the YAML
    dumper to wrap it there), nor does a field named twice in one record.

    Without ``fields``, a text that is a YAML list or mapping keeps its lines, except that a
    scalar the dumper spread over several lines (a long item wrapped at 80 columns, a quoted
    or block scalar with line breaks) is one item, not one per line (a
    channel named ``"External <70 letters> fred@evil.com"`` put the address on a line of
    its own).

    ``excepted`` (with ``fields`` only): ``{field: value}``; a record (a mapping holding one
    of ``fields``) in which a field has its value here gives nothing, and neither does one
    where a field here is missing, named twice or of another type (unreadable: fail closed),
    nor any record inside it (a Slack Connect channel, ``is_ext_shared: true``, is shared
    with another organisation: a post there leaves the workspace).
    """
    for parsed, text in _documents(result):
        if text is None:
            if fields is None:
                yield from _strings(parsed)
            else:
                yield from _field_strings(parsed, fields, excepted or {})
            continue
        if len(text) > _MAX_YAML:
            continue  # too long to parse: fail closed (vouch for nothing), never line by line
        root = _yaml_root(text)
        if fields is not None:
            if root is not None and _block_records(root):
                yield from _node_field_strings(root, fields, excepted or {})
            continue
        spans = _multiline_scalars(root) if root is not None else {}
        lines = text.split("\n")  # not splitlines(): U+2028 and friends are not breaks here
        first = True
        i = 0
        while i < len(lines):
            span = spans.get(i)
            if span is not None:
                # a scalar the dumper spread over lines i..last: its value is the item
                last, value = span
                i = last + 1
                first = False
                item = value.strip()
                if item:
                    yield item
                continue
            line = lines[i]
            i += 1
            item = _BULLET.sub("", line, count=1).strip().strip("'\"")
            if first and item:
                first = False
                head, sep, rest = item.partition(": ")
                rest = rest.strip().strip("'\"")
                if (
                    sep
                    and len(head) <= _MAX_ITEM
                    and len(rest.split()) > 1
                    and "\n" in text.strip()
                    and _display_name(rest)
                ):
                    # a listing's title line: "Restaurant in Paris: New Israeli
                    # Restaurant" lists its first item after the title (the whole line
                    # is an item too, and too long to vouch). Only a display name of a
                    # listing with more lines: never an address ("Forward payroll
                    # questions to: x@y"), nor a number or a host ("Call us at:
                    # +1 555 010 9999")
                    yield rest
            if item:
                yield item


def _display_name(text: str) -> bool:
    """``text`` reads as a display name only: letters, no digits, no address, link, host,
    handle or channel (:func:`cordon.taint.extract_destinations` finds only plain words)."""
    if "@" in text or _URL_HINT.search(text) or any(c.isdigit() for c in text):
        return False
    return all(d.kind == "other" for d in extract_destinations(text))


def _node_field_strings(
    root: Any, fields: frozenset[str], excepted: Mapping[str, Any]
) -> Iterator[str]:
    """Strings under a mapping key in ``fields`` (in a list under it too) in a composed YAML
    document, at any depth; a key given twice in one mapping gives nothing (which one the
    reader believes is unclear: a naive text template with an injected line). A record
    ``excepted`` leaves out (:func:`_node_excepted`) gives nothing, nor do the nodes inside it,
    nor any string that one of its fields spells (:func:`_field_strings`)."""
    under: list[Any] = []
    left_out: set[int] = set()
    withheld: set[str] = set()
    for node in _yaml_nodes(root):
        if not isinstance(node, yaml.MappingNode) or id(node) in left_out:
            continue
        names = Counter(k.value for k, _ in node.value if isinstance(k, yaml.ScalarNode))
        if excepted and not fields.isdisjoint(names) and _node_excepted(node, names, excepted):
            left_out.update(id(n) for n in _yaml_nodes(node))
            withheld.update(norm(x) for x in _node_field_strings(node, fields, {}))
            continue
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value in fields and names[k.value] == 1:
                under.append(v)
    seen: set[int] = set(left_out)
    while under:
        node = under.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.ScalarNode):
            if node.tag == _STR_TAG and norm(str(node.value)) not in withheld:
                yield str(node.value)
        elif isinstance(node, yaml.SequenceNode):
            under.extend(reversed(node.value))


def _node_excepted(node: Any, names: Counter[str], excepted: Mapping[str, Any]) -> bool:
    """The YAML record ``node`` (its key ``names`` counted) is left out: a field of
    ``excepted`` has its value there, or is missing, named twice, not a scalar or of
    another type (its value as ``yaml.safe_load`` reads it)."""
    values = {
        k.value: v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value in excepted
    }
    loader = yaml.SafeLoader("")  # reads a scalar node's value by its resolved tag
    for field, want in excepted.items():
        v = values.get(field)
        if names[field] != 1 or not isinstance(v, yaml.ScalarNode):
            return True
        try:
            got = loader.construct_object(v)
        except yaml.YAMLError:
            return True
        if type(got) is not type(want) or got == want:
            return True
    return False


def _excepted(record: dict[Any, Any], excepted: Mapping[str, Any]) -> bool:
    """The JSON record ``record`` is left out: a field of ``excepted`` has its value there,
    or is missing or of another type (``true`` read as ``bool``, never ``"true"``)."""
    for field, want in excepted.items():
        if field not in record:
            return True
        got = record[field]
        if type(got) is not type(want) or got == want:
            return True
    return False


def _field_strings(
    value: Any, fields: frozenset[str], excepted: Mapping[str, Any]
) -> Iterator[str]:
    """Strings under an object key in ``fields`` (in a list under it too), at any depth; none
    from a record ``excepted`` leaves out (:func:`_excepted`) or from inside one, nor one
    that a left-out record's field spells (as :func:`cordon.taint.norm` keys it): a listing
    that names one channel twice, once shared and once not, or an internal channel named as
    a shared one's id, contradicts itself, and the shared reading wins (fail closed)."""
    found: list[str] = []
    withheld: set[str] = set()
    stack: list[tuple[bool, Any]] = [(False, value)]
    while stack:
        inside, v = stack.pop()
        if isinstance(v, str):
            if inside:
                found.append(v)
        elif isinstance(v, dict):
            if excepted and not fields.isdisjoint(v) and _excepted(v, excepted):
                withheld.update(norm(s) for s in _field_strings(v, fields, {}))
                continue
            stack.extend((k in fields, item) for k, item in v.items())
        elif isinstance(v, list | tuple):
            stack.extend((inside, item) for item in v)
    yield from (s for s in found if not withheld or norm(s) not in withheld)


def left_out_items(result: Any, fields: frozenset[str], excepted: Mapping[str, Any]) -> list[str]:
    """The directory field strings of the records ``excepted`` leaves out of ``result`` (as
    :func:`directory_items` reads it, JSON or YAML): a channel this listing gives as shared.
    An earlier listing may have given it as internal (a channel becomes a Slack Connect
    channel during a session): the caller withdraws what those vouched for."""
    out: list[str] = []
    for parsed, text in _documents(result):
        if text is None:
            stack = [parsed]
            while stack:
                v = stack.pop()
                if isinstance(v, dict):
                    if not fields.isdisjoint(v) and _excepted(v, excepted):
                        out.extend(_field_strings(v, fields, {}))
                    else:
                        stack.extend(v.values())
                elif isinstance(v, list | tuple):
                    stack.extend(v)
            continue
        root = _yaml_root(text) if len(text) <= _MAX_YAML else None
        if root is None or not _block_records(root):
            continue
        for node in _yaml_nodes(root):
            if not isinstance(node, yaml.MappingNode):
                continue
            names = Counter(k.value for k, _ in node.value if isinstance(k, yaml.ScalarNode))
            if not fields.isdisjoint(names) and _node_excepted(node, names, excepted):
                out.extend(_node_field_strings(node, fields, {}))
    return out


def directory_keys(result: Any, fields: frozenset[str] | None = None) -> set[str]:
    """Destination keys of every whole item a directory tool's ``result`` (a CallToolResult
    dict) lists (:func:`directory_items`; ``fields`` as there): :func:`item_keys`."""
    return item_keys(directory_items(result, fields))


def item_keys(items: Iterable[str], *, spelled: bool = False) -> set[str]:
    """Destination keys of whole directory ``items``.

    Only name-shaped items count: one token (a channel, a handle, an address: its normalised
    text and its destination keys, :func:`cordon.taint.extract_destinations`) or a display
    name of at most four words (its normalised text only), 64 characters at most. Anything
    longer is prose, which an attacker may have written (a channel *named* with an
    injection, AgentDojo's slack vector), and vouches for nothing. ``spelled``: keyed with
    look-alike characters marked (:func:`cordon.taint.extract_destinations`).
    """
    keys: set[str] = set()
    for item in items:
        if len(item) > _MAX_ITEM:
            continue
        words = item.split()
        name = norm(mark_lookalikes(item) if spelled else item)
        if len(words) == 1:
            keys.add(name)
            keys.update(d.key for d in extract_destinations(item, spelled=spelled))
        elif len(words) <= _MAX_WORDS and not _URL_HINT.search(item) and "@" not in item:
            keys.add(name)
    return keys
