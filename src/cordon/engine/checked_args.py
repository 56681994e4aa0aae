"""The arguments a library caller runs a checked call with (``Verdict.arguments``).

``cordon run`` forwards the bytes it parsed a call from, and ``cordon serve`` answers with the
arguments it decided on (:mod:`cordon._serve_checks`). A library caller holds a Python dict
it may change after the check (an alias another part of the agent edits, a nested list
appended to: time of check to time of use), and a server may resolve a relative path in its
own directory, not the ``base_dir`` the check confined it in (CWE-436). So
``Session.check`` and ``Gateway.check`` decide on a private JSON copy of the call
(:func:`private_copy`) and hand back what to run (:func:`forwarded_arguments`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import orjson

from cordon.engine.anchored_paths import anchored_arguments

if TYPE_CHECKING:
    from cordon.engine.core import Engine

__all__ = ["forwarded_arguments", "private_copy"]


def private_copy(arguments: Mapping[str, Any]) -> dict[str, Any]:
    """``arguments`` (JSON data: :func:`cordon.engine.json_args.json_arguments`) as a new
    object sharing nothing with them, as JSON carries it (a tuple a list).

    Raises:
        TypeError: what JSON cannot carry (a key that is not a string, an integer past 64
            bits, a lone surrogate, nesting past 255 levels): the check denies it.
    """
    copy = orjson.loads(orjson.dumps(arguments))
    if not isinstance(copy, dict):
        raise TypeError("arguments must be an object")
    return copy


def forwarded_arguments(engine: Engine, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """The call to run for checked ``arguments`` (a :func:`private_copy`): each relative or
    ``~`` path of the tool's ``path_params`` made absolute as the check confined it."""
    anchored = anchored_arguments(arguments, engine.tool_policy(tool), engine.paths)
    return arguments if anchored is None else dict(anchored.arguments)
