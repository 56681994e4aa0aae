"""The environment a child shell of a command string starts with, for :mod:`.shell`.

A string run by ``sh -c``, ``bash -c``, a here-document fed to a shell or ``eval`` is parsed
as its own string; the variables the outer string set reach it as bash passes them: an
exported one (``export NAME=VALUE``, ``declare -x``, ``NAME=VALUE sh -c ...``, ``env
NAME=VALUE sh -c ...``) with its value, any other one the outer string set as unknown
(:data:`DYNAMIC`: the child sees it only if it was exported before the string ran, which is
not known here; ``eval`` runs in the same shell, and is read the same way, failing closed).

Attack class: ``export GIT_WORK_TREE=/etc; sh -c 'git checkout x'`` wrote a commit's files
over ``/etc`` unasked, the work tree read only in the outer string. Pure.
"""

from __future__ import annotations

from cordon.engine.shell_commands import DYNAMIC

__all__ = ["child_env", "exported_names", "exports"]

#: variables bash sets itself in a new shell, whatever the environment holds
_RESET = frozenset({"IFS", "PWD", "OLDPWD", "SHLVL"})


def exported_names(program: str, args: tuple[str, ...]) -> set[str]:
    """The names ``export NAME[=VALUE]`` or ``declare -x``/``typeset -x`` exports."""
    if program == "export":
        exports = True
    elif program in ("declare", "typeset"):
        exports = any(a.startswith("-") and "x" in a for a in args)
    else:
        return set()
    if not exports or any(a in ("-n", "-f") for a in args):
        return set()  # (export -n: unexported; -f: functions)
    return {a.partition("=")[0] for a in args if a and not a.startswith("-")}


def child_env(env: dict[str, str], exported: set[str]) -> dict[str, str]:
    """What a child shell reads for each variable the outer string set (module docstring)."""
    return {k: (v if k in exported else DYNAMIC) for k, v in env.items() if k not in _RESET}


def exports(env: dict[str, str], exported: set[str], program: str, args: tuple[str, ...]) -> None:
    """Record what ``export``/``declare -x`` exports: each name, and the value it gives."""
    names = exported_names(program, args)
    exported |= names
    for a in args:
        name, eq, value = a.partition("=")
        if eq and name in names:
            env[name] = value
