"""The path resolver the engine's path confinement uses: the real home directory and
filesystem (:class:`cordon.engine.args.PathResolver`)."""

from __future__ import annotations

import os
import os.path
import stat
from collections.abc import Iterator

from cordon.engine.args import PathResolver

__all__ = ["OS_PATHS", "OsPaths", "PathResolver"]


class OsPaths:
    """``os.path.expanduser`` and ``os.path.realpath``: ``~`` is read from ``$HOME`` (or the
    password database) at each call; symlinks are resolved on the live filesystem."""

    def expanduser(self, path: str) -> str:
        return os.path.expanduser(path)

    def realpath(self, path: str) -> str:
        return os.path.realpath(path)

    def lexists(self, path: str) -> bool:
        return os.path.lexists(path)

    def isdir(self, path: str) -> bool:
        return os.path.isdir(path)

    def git_dir(self, path: str) -> bool:
        """``path`` or one of its parents is a git directory by git's own test
        (``is_git_directory`` in git's setup.c): ``HEAD`` a file or a symbolic link, and
        ``objects`` and ``refs`` present, or a ``commondir`` file (a linked work tree's git
        directory, whose objects and refs are elsewhere). HEAD's content is not read: a
        malformed one counts too (fail closed). A work tree (``.git`` inside) is none:
        attack class, a bare repository a clone brings (CVE-2022-24765). A path that cannot
        be resolved (a NUL byte) counts as one: it cannot be judged (fail closed).

        A ``.git`` *file* (a gitfile, ``gitdir: ../vendor/cache``) on the way counts as one
        when the directory it names is not inside a ``.git`` directory: git and GitPython
        follow it, so a directory holding one runs the hooks of the repository it names.
        A submodule's (``.git/modules/x``) and a linked work tree's (``.git/worktrees/x``)
        are inside one; a clone cannot bring a ``.git`` entry (git refuses the name), an
        archive or an earlier write can."""
        try:
            d = os.path.realpath(path)
        except (OSError, ValueError):
            return True
        while True:
            if _is_git_directory(d) or _foreign_gitfile(d):
                return True
            parent = os.path.dirname(d)
            if parent == d:
                return False
            d = parent

    def hard_linked(self, path: str, roots: tuple[str, ...]) -> bool:
        """``path`` is a file with more than one name, and one of ``roots`` (``~`` expanded,
        symlinks resolved) is the same file or a directory that holds it: a second name no
        path resolution sees (attack class: ``ln ~/.cordon/approvals.json a.json`` on an
        earlier call, or a hard link an archive carried, then a write to ``a.json``). Past
        :data:`_MAX_WALK` files compared, it counts as found (fail closed)."""
        try:
            st = os.stat(path)
        except (OSError, ValueError):
            return False
        if st.st_nlink < 2 or not stat.S_ISREG(st.st_mode):
            return False
        ident, seen = (st.st_dev, st.st_ino), 0
        for root in roots:
            for f in _files(os.path.realpath(os.path.expanduser(root))):
                seen += 1
                if seen > _MAX_WALK:
                    return True
                try:
                    other = os.stat(f)
                except (OSError, ValueError):
                    continue
                if (other.st_dev, other.st_ino) == ident:
                    return True
        return False

    def __repr__(self) -> str:
        return "OsPaths()"


def _is_git_directory(d: str) -> bool:
    """``d`` holds what git's ``is_git_directory`` looks for (see :meth:`OsPaths.git_dir`)."""
    try:
        head = os.lstat(os.path.join(d, "HEAD")).st_mode
    except (OSError, ValueError):
        return False
    if not (stat.S_ISREG(head) or stat.S_ISLNK(head)):
        return False
    if os.path.lexists(os.path.join(d, "commondir")):
        return True
    return all(os.path.exists(os.path.join(d, n)) for n in ("objects", "refs"))


def _foreign_gitfile(d: str) -> bool:
    """``d/.git`` is a file whose ``gitdir:`` names a directory outside every ``.git``
    directory, or cannot be read (see :meth:`OsPaths.git_dir`)."""
    dotgit = os.path.join(d, ".git")
    try:
        if not stat.S_ISREG(os.stat(dotgit).st_mode):
            return False
        with open(dotgit, "rb") as fh:
            first = fh.read(4096).split(b"\n", 1)[0].strip()
    except (OSError, ValueError):
        return os.path.lexists(dotgit) and not os.path.isdir(dotgit)
    if not first.startswith(b"gitdir:"):
        return True
    target = os.fsdecode(first[len(b"gitdir:") :].strip())
    joined = os.path.join(d, target)
    try:
        real = os.path.realpath(joined)
    except (OSError, ValueError):
        return True
    # both readings: GitPython joins and normalises lexically, git resolves the links
    return any(".git" not in p.split(os.sep) for p in (real, os.path.normpath(joined)))


#: most files :meth:`OsPaths.hard_linked` compares before it counts a link as found
_MAX_WALK = 10_000


def _files(root: str) -> Iterator[str]:
    """``root`` and, when it is a directory, the files under it (links not followed)."""
    yield root
    if os.path.isdir(root) and not os.path.islink(root):
        for top, _dirs, names in os.walk(root):
            for n in names:
                yield os.path.join(top, n)


#: the one instance the engine uses by default (one instance: one prefix cache)
OS_PATHS = OsPaths()
