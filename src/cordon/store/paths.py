"""The path resolver the engine's path confinement uses: the real home directory and
filesystem (:class:`cordon.engine.args.PathResolver`)."""

from __future__ import annotations

import os.path

from cordon.engine.args import PathResolver

__all__ = ["OS_PATHS", "OsPaths", "PathResolver"]


class OsPaths:
    """``os.path.expanduser`` and ``os.path.realpath``: ``~`` is read from ``$HOME`` (or the
    password database) at each call; symlinks are resolved on the live filesystem."""

    def expanduser(self, path: str) -> str:
        return os.path.expanduser(path)

    def realpath(self, path: str) -> str:
        return os.path.realpath(path)

    def __repr__(self) -> str:
        return "OsPaths()"


#: the one instance the engine uses by default (one instance: one prefix cache)
OS_PATHS = OsPaths()
