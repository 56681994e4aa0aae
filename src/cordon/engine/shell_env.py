"""The environment a child shell of a command string starts with, for :mod:`.shell`.

A string run by ``sh -c``, ``bash -c``, a here-document fed to a shell or ``eval`` is parsed
as its own string; the variables the outer string set reach it as bash passes them: an
exported one (``export NAME=VALUE``, ``declare -x``, ``NAME=VALUE sh -c ...``, ``env
NAME=VALUE sh -c ...``) with its value, any other one the outer string set as unknown
(:data:`DYNAMIC`: the child sees it only if it was exported before the string ran, which is
not known here; ``eval`` runs in the same shell, and is read the same way, failing closed).

Attack class: ``export GIT_WORK_TREE=/etc; sh -c 'git checkout x'`` wrote a commit's files
over ``/etc`` unasked, the work tree read only in the outer string.

Also the variables that make a program run or load code (:data:`COMMAND_ENV`,
:func:`loads_code`), read by :meth:`cordon.engine.shell._Walker.env_var`. Pure.
"""

from __future__ import annotations

import re

from cordon.engine.git_commands import rewrites, runs_program, setting_runs
from cordon.engine.shell_commands import DYNAMIC

__all__ = ["COMMAND_ENV", "child_env", "env_runs", "exported_names", "exports", "loads_code"]

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


#: environment variables whose value is a command some program runs (git, man, less, bash)
COMMAND_ENV = frozenset(
    {"GIT_SSH_COMMAND", "GIT_SSH", "GIT_PAGER", "PAGER", "MANPAGER", "EDITOR", "VISUAL",
     "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_EXTERNAL_DIFF", "GIT_PROXY_COMMAND",
     "PROMPT_COMMAND", "SSH_ASKPASS", "GIT_ASKPASS", "SUDO_ASKPASS", "BROWSER", "LESSOPEN",
     "LESSCLOSE", "PSQL_EDITOR", "PSQL_PAGER"}
)  # fmt: skip
#: environment variables naming a library or file a program loads and runs as code
_LOAD_ENV = frozenset(
    {"LD_PRELOAD", "LD_AUDIT", "DYLD_INSERT_LIBRARIES", "BASH_ENV", "ENV", "AWKLIBPATH"}
)
#: option variables that load code only with one of these options
_OPTION_ENV = frozenset(
    {"NODE_OPTIONS", "PERL5OPT", "RUBYOPT", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS"}
)
_LOAD_OPTION_RE = re.compile(r"(?:^|\s)(?:-r|--require|--import|--loader|-M|-javaagent)")


#: git's configuration from the environment (git-config(1) ENVIRONMENT): the keys of
#: ``GIT_CONFIG_COUNT`` settings, the ``-c`` list git hands its children, another file
_GIT_KEY_ENV = re.compile(r"GIT_CONFIG_KEY_\d+")
_GIT_FILE_ENV = frozenset({"GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG", "GIT_EXEC_PATH"})
#: psql's startup file (psql(1) ENVIRONMENT: its SQL and backslash commands, ``\!`` shell
#: lines among them, run at each start): what it holds is known only at run time
_RC_FILE_ENV = frozenset({"PSQLRC"})


def loads_code(name: str, value: str) -> bool:
    """Setting ``name`` to ``value`` makes a program load code from a place it names
    (``GIT_CONFIG_KEY_0=core.hooksPath``: git runs hooks from ``GIT_CONFIG_VALUE_0``)."""
    if name in _LOAD_ENV:
        return bool(value)
    if _GIT_KEY_ENV.fullmatch(name):
        return runs_program(value)
    if name == "GIT_CONFIG_PARAMETERS":
        return any(runs_program(k) for k in re.findall(r"'([^'=]+)'?=", value))
    if name in _GIT_FILE_ENV or name in _RC_FILE_ENV:
        return value not in ("", "/dev/null")
    return name in _OPTION_ENV and _LOAD_OPTION_RE.search(value) is not None


#: variables git reads in place of a configuration key that names a program it runs
#: (git(1) ENVIRONMENT VARIABLES, git-var(1): ``GIT_EDITOR``, then ``core.editor``, then
#: ``VISUAL``/``EDITOR``; ``GIT_PAGER``, ``core.pager``, ``PAGER``; ``GIT_SSH_COMMAND``
#: and ``GIT_SSH`` over ``core.sshCommand``; ``GIT_ASKPASS``, ``core.askpass``,
#: ``SSH_ASKPASS``)
_GIT_ENV_KEYS = {
    "GIT_SSH_COMMAND": "core.sshCommand", "GIT_SSH": "core.sshCommand",
    "GIT_PAGER": "core.pager", "PAGER": "core.pager", "GIT_EDITOR": "core.editor",
    "VISUAL": "core.editor", "EDITOR": "core.editor", "GIT_SEQUENCE_EDITOR": "sequence.editor",
    "GIT_EXTERNAL_DIFF": "diff.external", "GIT_ASKPASS": "core.askpass",
    "SSH_ASKPASS": "core.askpass", "GIT_PROXY_COMMAND": "core.gitProxy",
}  # fmt: skip


def env_runs(name: str, value: str) -> str | None:
    """Why setting ``name`` to ``value`` makes git run a program the value names, judged as
    the configuration key git reads it for (:func:`cordon.engine.git_commands.setting_runs`:
    ``GIT_PAGER=./x.sh`` as ``git -c core.pager=./x.sh``; ``less``, ``vim``, ``true``, plain
    ``ssh -i KEY`` are not asked), or None.

    Attack class: a program run by git from the environment (``GIT_SSH_COMMAND=./x.sh git
    fetch``, ``GIT_EXTERNAL_DIFF=./x git diff``): the value was read only as the command
    it holds, so a script written earlier ran unasked while the same value given with
    ``git -c`` was asked. A ``url.<base>.insteadOf`` key given in the environment
    (``GIT_CONFIG_KEY_<n>``, ``GIT_CONFIG_PARAMETERS``) changes where git connects: asked,
    as with ``git -c``."""
    keys = [value] if _GIT_KEY_ENV.fullmatch(name) else []
    keys += re.findall(r"'([^'=]+)'?=", value) if name == "GIT_CONFIG_PARAMETERS" else []
    if any(rewrites(k) for k in keys):  # (GIT_CONFIG_KEY_0=url.EVIL.insteadOf)
        return f"{name}: git's fetches and pushes sent elsewhere ({value[:80]!r})"
    key = _GIT_ENV_KEYS.get(name)
    why = setting_runs(f"{key}={value}") if key is not None else None
    return f"{name}: {why}" if why is not None else None
