"""What the engine needs from the outside world, behind small interfaces.

The engine and the taint index import no I/O or process module; the edges (``cordon run``,
``cordon serve``, the CLI, the library's ``Engine.from_policy``) build these and pass them in:

* :class:`SharedTaintStore`: the per-client file of hashed destination keys for cross-server
  taint (implements :class:`cordon.taint.SharedTaint`); :func:`hash_key` is its line format.
* :class:`SharedStatePaths`: the per-client list of every cordon process's own files
  (policy, pin file, audit log...), which no tool of any of them may write (implements
  :class:`cordon.engine.core.StatePathList`).
* :class:`PinFile`: tool pins kept across restarts (``~/.cordon/pins.json``).
* :func:`policy_secrets` (:func:`load_policy_secrets`): the values the policy's ``secrets:``
  block protects, read from the environment and from files.
* :class:`OsPaths`: the path resolver for symlink-aware path confinement
  (:class:`cordon.engine.args.PathResolver`).
* :func:`warm_psl`: loads the Public Suffix List on a daemon thread.

Names are imported on first use (PEP 562), so that asking for :class:`PinFile` does not load
the shared store or the egress rules.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cordon.store.paths import OS_PATHS, OsPaths, PathResolver
    from cordon.store.pins import PinFile
    from cordon.store.psl import warm as warm_psl
    from cordon.store.secrets import load_policy_secrets, policy_secrets
    from cordon.store.shared_taint import SharedTaintStore, hash_key
    from cordon.store.state_paths import SharedStatePaths

__all__ = [
    "OS_PATHS",
    "OsPaths",
    "PathResolver",
    "PinFile",
    "SharedStatePaths",
    "SharedTaintStore",
    "hash_key",
    "load_policy_secrets",
    "policy_secrets",
    "warm_psl",
]

_LAZY = {
    "OS_PATHS": ("cordon.store.paths", "OS_PATHS"),
    "OsPaths": ("cordon.store.paths", "OsPaths"),
    "PathResolver": ("cordon.store.paths", "PathResolver"),
    "PinFile": ("cordon.store.pins", "PinFile"),
    "SharedStatePaths": ("cordon.store.state_paths", "SharedStatePaths"),
    "SharedTaintStore": ("cordon.store.shared_taint", "SharedTaintStore"),
    "hash_key": ("cordon.store.shared_taint", "hash_key"),
    "load_policy_secrets": ("cordon.store.secrets", "load_policy_secrets"),
    "policy_secrets": ("cordon.store.secrets", "policy_secrets"),
    "warm_psl": ("cordon.store.psl", "warm"),
}


def __getattr__(name: str) -> Any:
    target = _LAZY.get(name)
    if target is None:
        raise AttributeError(f"module 'cordon.store' has no attribute {name!r}")
    value = getattr(importlib.import_module(target[0]), target[1])
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
