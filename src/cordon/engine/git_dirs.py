"""``action.git_dir``: a git tool pointed at a git directory rather than a work tree.

Attack class: the embedded bare repository (CVE-2022-24765's class; git's
``safe.bareRepository=explicit`` exists for it). A cloned project can carry a bare repository
(``vendor/cache`` with ``HEAD``, ``objects/``, ``refs/`` and an executable ``hooks/pre-commit``:
git records the mode). A git tool given that directory as its repository treats it as the
repository itself, so ``git_commit`` runs the hook and ``git_status`` reads its ``config``
(``core.fsmonitor``): code the clone chose runs with the user's rights, and no write is
needed. The same holds for a project's ``.git`` reached directly and for any path inside a
git directory (git's discovery walks up to it). A work tree (a directory that holds ``.git``)
is the ordinary case and is not asked about.

Whether a resolved path is, or lies inside, a git directory needs the filesystem: the
engine asks the :class:`cordon.engine.args.PathResolver` it was given
(:meth:`cordon.store.paths.OsPaths.git_dir`, git's own ``is_git_directory`` test). A
resolver without that query cannot tell, and the call is asked (fail closed).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from typing import Any

from cordon._types import Verdict
from cordon.engine import args as _args
from cordon.engine import rules
from cordon.engine.action_names import split_tokens, tool_name
from cordon.policy.model import ToolPolicy

__all__ = ["REPO_TOKENS", "git_dir_ask"]

#: argument-name tokens of the directory a git tool runs git in (``repo_path``,
#: ``repository``, ``path``, ``cwd``, ``work_dir``, ``gitdir``, ``folder``, ``workspace``,
#: ``project_root``), besides the policy's ``path_params``. A name only makes its value
#: read: the ask needs the value to resolve to a git directory.
REPO_TOKENS = frozenset(
    {
        "repo",
        "repository",
        "path",
        "dir",
        "directory",
        "cwd",
        "worktree",
        "gitdir",
        "folder",
        "workspace",
        "root",
        "project",
        "location",
    }
)

#: an environment variable as GitPython's ``Repo(path)`` expands it (its ``re_envvars``:
#: ``$NAME``, ``${NAME}``, ``%NAME%``). Attack class: ``repo_path='$PWD/vendor/cache'``
#: resolves, for cordon, to a directory named ``$PWD`` under the project (no git directory,
#: inside the allowed prefixes), while mcp-server-git's ``git.Repo`` opens the bare
#: repository and runs its hooks; ``$HOME/other`` leaves the confinement the same way.
_ENV_VAR_RE = re.compile(r"\$\{?\s?[A-Za-z_]\w*|%\s?[A-Za-z_]\w*\s?%")


def _lexical_differs(
    leaf: str, base_dir: str | None, resolved: str, paths: _args.PathResolver
) -> bool:
    """``leaf`` has a ``..`` that follows a symbolic link: read lexically, as GitPython's
    ``Repo`` does (``os.path.normpath``), it names another place than resolved (``realpath``).
    Attack class: a clone brings ``docs/link -> sub/deeper`` and a bare ``vendor/cache``;
    ``docs/link/../../vendor/cache`` resolves to a ``docs/vendor/cache`` that is no git
    directory, while ``git.Repo`` opens ``vendor/cache`` and runs its hooks
    (``docs/link/../../../other`` opens a repository outside the allowed prefixes)."""
    if ".." not in leaf.replace("\\", "/").split("/"):
        return False
    raw = paths.expanduser(leaf)
    if not posixpath.isabs(raw):
        if base_dir is None:
            return False
        raw = posixpath.join(paths.expanduser(base_dir), raw)
    return paths.realpath(posixpath.normpath(raw)) != resolved


def git_dir_ask(
    tool: str,
    arguments: Mapping[str, Any],
    tp: ToolPolicy,
    base_dir: str | None,
    paths: _args.PathResolver,
) -> Verdict | None:
    """The ask of ``action.git_dir`` for a call of a git tool (its name has the ``git``
    token) whose repository argument resolves (``~``, ``..``, symbolic links, as the server
    resolves it) to a git directory or a path inside one; ``None`` otherwise.

    Read: every string under a key in ``tp.path_params`` or named like a repository
    directory (:data:`REPO_TOKENS`). A string naming an environment variable
    (``$PWD/vendor/cache``) is asked: GitPython expands it, so where it points cannot be
    judged (fail closed), and so is one whose ``..`` follows a symbolic link
    (:func:`_lexical_differs`). A string that does not resolve (relative without a
    ``base_dir``) is left to the ``arguments`` check, which refuses it for a path
    parameter."""
    if not tool_name(tool).git:
        return None
    query = getattr(paths, "git_dir", None)
    names = set(tp.path_params)
    for key, value in _args.iter_keyed(arguments):
        if key not in names and not set(split_tokens(key)) & REPO_TOKENS:
            continue
        for leaf in _args.leaves(value):
            if not isinstance(leaf, str) or not leaf:
                continue
            resolved = _args.resolve_path(leaf, base_dir, paths)
            if _ENV_VAR_RE.search(leaf):
                why = "may be a git directory (it names an environment variable the server's git "
                why += "library expands)"
            elif resolved is None:
                continue
            elif _lexical_differs(leaf, base_dir, resolved, paths):
                why = "may be a git directory or outside the allowed paths ('..' after a "
                why += "symbolic link: the server's git library drops the link, the file "
                why += "system follows it)"
            elif query is None:
                why = "may be a git directory (the path resolver cannot tell)"
            elif query(resolved):
                why = "is a git directory (a bare repository, a .git directory) or inside one"
            else:
                continue
            return Verdict(
                verdict="ask",
                rule=rules.ACTION_GIT_DIR,
                reason=f"'{key}' {why}, not a work tree: git runs that directory's hooks "
                "and reads its config",
                param=key,
                details={"matched": "git directory"},
            )
    return None
