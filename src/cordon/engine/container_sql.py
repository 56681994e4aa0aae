"""SQL a database client runs inside a container or on another host: ``docker exec db psql
-c 'DROP TABLE users'``, ``ssh db "psql -c 'DROP TABLE users'"``.

Attack class: the application's database commonly runs in a container, and its client is
reached through the container runtime (``docker|podman|nerdctl exec``, ``docker compose
exec``, ``kubectl exec POD -- CMD``, a client image run once: ``docker run --rm postgres
psql -h db -c ...``), or on the database's host through ssh. The SQL rules read SQL given
to a client the command runs itself, so the same ``DROP TABLE`` through the runtime or ssh
was allowed unasked. The container's paths are
not the host's (:mod:`cordon.engine.containers`), so only the SQL is read here: the client's
own files (``-o FILE``, ``-f FILE``) name files in the container.

Pure: no I/O.
"""

from __future__ import annotations

import posixpath
import shlex
from typing import Protocol

from cordon.engine.container_cli import EXEC_VALUE as _EXEC_VALUE
from cordon.engine.container_cli import RUNTIMES, subcommand_at
from cordon.engine.containers import _VALUE as _RUN_VALUE  # (docker run's options with values)
from cordon.engine.system_commands import remote_line

__all__ = ["contained_client", "contained_commands", "sql_only"]

_RUNTIMES = RUNTIMES  # (:mod:`.remote_stdin` reads it from here)


class _Sink(Protocol):
    def sql(self, text: str) -> None: ...
    def opaque(self, why: str) -> None: ...


class _SqlOnly:
    """A sink that keeps the SQL a contained client is given (and what is opaque), not the
    files and shell lines it names: those are the container's."""

    __slots__ = ("_w",)

    def __init__(self, w: _Sink) -> None:
        self._w = w

    def sql(self, text: str) -> None:
        self._w.sql(text)

    def opaque(self, why: str) -> None:
        self._w.opaque(why)

    def file(self, path: str, program: str, op: str) -> None:
        return None

    def nested(self, text: str) -> None:
        return None


def sql_only(w: _Sink) -> _SqlOnly:
    """``w`` seen through a sink that keeps only SQL (:class:`_SqlOnly`)."""
    return _SqlOnly(w)


def _after_options(words: tuple[str, ...], takes_value: frozenset[str]) -> int:
    """Where the first word that is not an option (or its value) is, in ``words``."""
    i = 0
    while i < len(words):
        a = words[i]
        if a == "--":
            return i + 1
        if not a.startswith("-") or a == "-":
            return i
        if "=" not in a and (
            a in takes_value
            or (len(a) > 2 and not a.startswith("--") and "-" + a[-1] in takes_value)
        ):
            i += 1  # (-u root, -itu root: the last letter of a bundle takes the next word)
        i += 1
    return i


#: shells whose ``-c LINE`` a container or a remote host runs (``docker exec db sh -c LINE``)
_SHELLS = frozenset({"sh", "bash", "dash", "zsh", "ash", "ksh", "mksh"})
#: what separates the commands of a line, outside quotes
_SEPARATORS = ";&|()\n"
#: a value known only at run time (the shell guard's marker, :data:`.shell.DYNAMIC`)
_DYNAMIC = "\x00"


def _line_commands(line: str) -> list[tuple[str, ...]] | None:
    """The simple commands of a shell ``line`` (split at ``;``, ``&&``, ``||``, ``|``, ``&``,
    parentheses and newlines outside quotes, leading ``NAME=value`` assignments dropped), or
    None when it cannot be split (an unclosed quote: the shell runs none of it). A word with
    a ``$`` or a backquote carries :data:`_DYNAMIC`: the shell there computes it."""
    lex = shlex.shlex(line, posix=True, punctuation_chars=_SEPARATORS)
    lex.whitespace = " \t\r"
    lex.whitespace_split = True
    try:
        words = list(lex)
    except ValueError:
        return None
    out: list[tuple[str, ...]] = []
    cur: list[str] = []
    for word in [*words, ";"]:
        if word and all(c in _SEPARATORS for c in word):
            while cur and "=" in cur[0] and cur[0].split("=", 1)[0].isidentifier():
                cur.pop(0)
            if cur:
                out.append(tuple(cur))
            cur = []
        else:
            cur.append(word + _DYNAMIC if "$" in word or "`" in word else word)
    return out


def contained_commands(prog: str, args: tuple[str, ...]) -> list[tuple[str, tuple[str, ...]]]:
    """Each command ``prog args`` runs in a container or on another host
    (:func:`contained_client`), a shell's ``-c LINE`` there read as the commands of LINE
    (``docker exec db sh -c "psql -c 'DROP TABLE users'"``, ``ssh db "cd /srv && psql -c
    ..."``), each program by its base name; none for a line that cannot be split.

    Attack class: a DROP given to psql through the container's shell was allowed unasked,
    as the same DROP given to ``docker exec db psql -c`` was not."""
    inner = contained_client(prog, args)
    if inner is None:
        return []
    line = remote_line(prog, args)
    if line is None:
        return _unwrapped([inner], 0)
    return _unwrapped([(posixpath.basename(c[0]), c[1:]) for c in _line_commands(line) or []], 0)


def _unwrapped(
    cmds: list[tuple[str, tuple[str, ...]]], depth: int
) -> list[tuple[str, tuple[str, ...]]]:
    """``cmds`` with their wrappers removed (``sudo -u postgres psql``, ``env A=1 psql``,
    ``timeout 5 psql``, ``gosu postgres psql``: :func:`.shell_wrappers.unwrap`) and the
    lines they run read as commands (``bash -lc LINE``, ``su postgres -c LINE``), to a depth
    of 3 (deeper: nothing read, the caller's other rules still see the words).

    Attack class: ``docker exec db sudo -u postgres psql -c 'DROP TABLE users'`` and
    ``docker exec db bash -lc "psql -c 'DROP ...'"`` were read as sudo and bash, not psql,
    and the DROP was allowed unasked."""
    from cordon.engine.shell_wrappers import command_lines, unwrap  # (imports this module)

    out: list[tuple[str, tuple[str, ...]]] = []
    for name, words in cmds:
        prog, args, _ = unwrap([name, *words])
        prog = posixpath.basename(prog)
        lines = [line] if (line := _shell_line(prog, args)) is not None else []
        lines += command_lines(prog, args) if prog else []
        if lines and depth < 3:
            for line in lines:
                found = [(posixpath.basename(c[0]), c[1:]) for c in _line_commands(line) or []]
                out += _unwrapped(found, depth + 1)
        elif prog:
            out.append((prog, args))
    return out


def _shell_line(prog: str, args: tuple[str, ...]) -> str | None:
    """The line a shell runs with ``-c`` (``-c LINE``, a bundle ending its options with it:
    ``-lc LINE``, ``-ec LINE``; ``--login -c LINE``), or None."""
    if prog not in _SHELLS:
        return None
    for i, a in enumerate(args[:-1]):
        if not a.startswith("-") or a == "-":
            return None
        if not a.startswith("--") and "c" in a[1:]:
            return args[i + 1]
    return None


def contained_client(prog: str, args: tuple[str, ...]) -> tuple[str, tuple[str, ...]] | None:
    """``(program, arguments)`` of the command ``prog args`` runs in a container (``docker
    exec [OPTIONS] CONTAINER CMD...``, ``docker compose exec [OPTIONS] SERVICE CMD...``,
    ``docker run [OPTIONS] IMAGE CMD...``, ``kubectl exec [OPTIONS] POD -- CMD...``) or on
    another host (``ssh HOST CMD...``: the line the remote shell reads, one command), its
    program by its base name; None for anything else."""
    words = args
    if (sub := subcommand_at(prog, args)) is not None:  # (docker --context X exec, compose)
        words = args[sub[0] :]
        if words[:1] not in (("exec",), ("run",)):
            return None
        table = _RUN_VALUE if words[0] == "run" else _EXEC_VALUE
        rest = words[1:]
        at = _after_options(rest, table)
        cmd = rest[at + 1 :]  # (after the container, the service or the image)
        if words[0] == "run" and cmd[:1] == ("--",):
            cmd = cmd[1:]
    elif prog in ("kubectl", "oc", "lxc", "incus") and "exec" in words and "--" in words:
        # (kubectl -n prod exec POD -- CMD: global options before the subcommand)
        if words.index("exec") > words.index("--"):
            return None
        cmd = words[words.index("--") + 1 :]
    elif (line := remote_line(prog, args)) is not None:  # (ssh db "psql -c 'DROP TABLE t'")
        try:
            cmd = tuple(shlex.split(line))
        except ValueError:
            return None
    else:
        return None
    if not cmd:
        return None
    return posixpath.basename(cmd[0]), tuple(cmd[1:])
