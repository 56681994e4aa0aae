"""A call's arguments as the JSON a server is sent.

A library caller may check arguments that hold Python objects (a pydantic model, a
``pydantic.AnyUrl``, bytes, an enum): ``dict(model)`` keeps nested models and URLs as objects.
The MCP SDK's client serialises them to JSON on the way out, so the server gets their text,
while the checks read JSON values only and passed over them: a destination inside such an
object was allowed. Arguments are read as the SDK sends them (pydantic's JSON conversion).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_JSON_LEAVES = (str, int, float, bool, type(None))
_LEAF_TYPES = frozenset(_JSON_LEAVES)


def json_arguments(arguments: Mapping[str, Any]) -> Mapping[str, Any]:
    """``arguments`` unchanged when every value is JSON data (the proxy's case: one walk over
    the containers), else their JSON form as pydantic serialises them.

    Raises:
        TypeError: a value pydantic cannot serialise (the check denies: ``arg.malformed``).
    """
    if type(arguments) is dict and _LEAF_TYPES.issuperset(map(type, arguments.values())):
        return arguments  # (an object of JSON scalars, the usual call: one set test)
    stack: list[Any] = [arguments]
    while stack:
        item = stack.pop()
        if type(item) is dict:
            stack.extend(item.values())
        elif type(item) is list or type(item) is tuple:
            stack.extend(item)
        elif type(item) not in _JSON_LEAVES:
            return _converted(arguments)
    return arguments


def _converted(arguments: Mapping[str, Any]) -> Mapping[str, Any]:
    from pydantic_core import PydanticSerializationError, to_jsonable_python

    try:
        plain = to_jsonable_python(arguments)
    except (PydanticSerializationError, ValueError) as exc:
        raise TypeError(f"arguments hold a value that is not JSON: {exc}") from None
    if not isinstance(plain, dict):
        raise TypeError("arguments must be an object")
    return plain
