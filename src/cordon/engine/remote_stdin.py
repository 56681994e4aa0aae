"""Text piped into a shell on another host or in a container, read as the command line it
is: the command that runs the same text given as a line (``echo CMD | ssh HOST`` as ``ssh
HOST CMD``, ``echo CMD | docker exec -i CTR sh`` as ``docker exec CTR sh -c CMD``), so the
rules that read ``ssh HOST CMD``'s and ``docker exec CTR CMD``'s line (system disruption on
another host, SQL given to a client there, a container's host bind mounts, a download run
there) read the piped text as they read that line.

Attack class: ``echo 'rm -rf /host/home' | docker run -i -v /:/host alpine sh``, ``echo
'systemctl poweroff' | ssh db`` and ``echo "psql -c 'DROP TABLE users'" | ssh db bash -s``
were allowed unread, where the same text given as the line was asked or denied.

Which commands read their standard input as commands (their documented behaviour; neither
runs here): ``ssh HOST`` with no command (the remote login shell reads its standard input
when it is no terminal, ssh(1)), ``ssh HOST sh|bash [-s]`` (ssh passes its standard input
on to the command), and a container's shell reading its standard input (``docker|podman
exec|run ... sh``, ``kubectl exec POD -- sh``): taken to read it whether or not ``-i``
attaches it (fail closed: a form that reads nothing only costs a question on text asked or
denied anyway). A wrapper or ``bash -c`` line before the shell is seen through (``ssh db
sudo bash``, ``docker exec CTR bash -c sh``).

Pure: no I/O.
"""

from __future__ import annotations

import shlex

from cordon.engine.container_sql import _RUNTIMES, contained_client, contained_commands
from cordon.engine.system_commands import _SSH_VALUE, _from_host

__all__ = ["line_for", "reads_lines"]

#: container tools whose command (after ``--`` for the Kubernetes ones) is one argv
_CONTAINER_TOOLS = _RUNTIMES | {"docker-compose", "kubectl", "oc", "lxc", "incus"}


def _shell_reads(prog: str, args: tuple[str, ...]) -> bool:
    """Whether a command ``prog args`` runs there (wrappers and ``sh -c`` lines seen
    through) is a shell reading its program on standard input, or hands it on to one
    further away (``ssh jump ssh db``, ``docker exec -i CTR ssh db``)."""
    from cordon.engine.shell_commands import stdin_kind  # (imports this module)

    kinds = [stdin_kind(p, a) for p, a in contained_commands(prog, args)]
    return "shell" in kinds or "remote" in kinds


def _prefix(prog: str, args: tuple[str, ...]) -> tuple[str, ...] | None:
    """The words that, followed by the piped text as one word, make the command that runs
    the text as ``prog args`` runs its standard input (module docstring); None when ``prog
    args`` does not read its standard input as commands."""
    if prog in ("ssh", "autossh"):
        words = _from_host(args, _SSH_VALUE | ({"-M"} if prog == "autossh" else frozenset()))
        if not words:
            return None  # (no host: ssh -V)
        if len(words) > 1 and not _shell_reads(prog, args):
            return None
        return (prog, *args[: len(args) - len(words) + 1])  # (through the host)
    if prog not in _CONTAINER_TOOLS or not _shell_reads(prog, args):
        return None
    inner = contained_client(prog, args)
    if inner is None:
        return None
    return (prog, *args[: len(args) - 1 - len(inner[1])], "sh", "-c")


def reads_lines(prog: str, args: tuple[str, ...]) -> bool:
    """Whether ``prog args`` runs what its standard input holds as commands on another host
    or in a container (module docstring)."""
    return _prefix(prog, args) is not None


def line_for(prog: str, args: tuple[str, ...], text: str) -> str | None:
    """The command line that runs ``text`` there as ``prog args`` runs it from its standard
    input (``ssh HOST 'TEXT'``, ``docker exec CTR sh -c 'TEXT'``), or None."""
    prefix = _prefix(prog, args)
    return None if prefix is None else shlex.join((*prefix, text))
