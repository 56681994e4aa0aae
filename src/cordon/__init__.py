"""cordon: a deterministic firewall for the Model Context Protocol.

The public surface is re-exported here; everything else lives in modules and is internal.
``Engine``, ``Session`` and ``Gateway`` are imported on first use (PEP 562), so that
``import cordon`` (and the CLI) stays light and works without loading the whole engine.

``Decision`` is the public name of :class:`Verdict`, the engine's answer for one call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cordon._exceptions import Blocked, CordonError, PolicyError
from cordon._types import Finding, Verdict

if TYPE_CHECKING:
    from cordon.engine.core import Engine, Session
    from cordon.gateway import Gateway

__version__ = "0.1.0"

Decision = Verdict

__all__ = [
    "Blocked",
    "CordonError",
    "Decision",
    "Engine",
    "Finding",
    "Gateway",
    "PolicyError",
    "Session",
    "Verdict",
    "__version__",
]

_LAZY = {
    "Engine": "cordon.engine.core",
    "Session": "cordon.engine.core",
    "Gateway": "cordon.gateway",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'cordon' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
