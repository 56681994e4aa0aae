"""The interface of the cross-server taint store, as the taint index uses it.

The index stays free of I/O: the edge passes in an object with this shape
(:class:`cordon.store.SharedTaintStore`, a file shared by the cordon processes of one client)
or nothing. Every method may do I/O and raise ``OSError``; the index treats a failure as lost
history (misses become ``unknown``), never as a clean answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

__all__ = ["SharedTaint"]


class SharedTaint(Protocol):
    """What :class:`cordon.taint.TaintIndex` and the engine read and call on a shared store."""

    @property
    def path(self) -> object:
        """Identifies the shared file: two stores with equal ``path`` share their keys."""

    @property
    def max_entries(self) -> int:
        """The most keys the store keeps; past it the store is ``truncated``."""

    @property
    def holding(self) -> bool:
        """True while keys are kept in memory instead of being published (held publishing)."""

    @property
    def truncated(self) -> bool:
        """True when a miss cannot be trusted as clean (keys dropped, or another process's
        keys are missing or late)."""

    @property
    def keys_lost(self) -> bool:
        """True when another process lost keys it had announced."""

    def publish(self, keys: Iterable[str]) -> None:
        """Make normalised destination keys visible to the client's other processes (and
        the echo and sent forms of :mod:`cordon.taint._echo`, stored as any key)."""

    def publish_held(self) -> None:
        """Publish what is held now and go on holding."""

    def contains(self, key: str) -> bool:
        """True when a normalised key was published by any process of the client."""

    def mark_pending(self) -> str:
        """Announce keys that are about to be published; returns the marker to close."""

    def mark_done(self, marker: str, *, ok: bool = True) -> None:
        """Close a marker from :meth:`mark_pending`; ``ok=False``: its keys will never come."""
