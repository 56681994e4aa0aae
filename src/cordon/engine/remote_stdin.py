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
sudo bash``, ``docker exec CTR bash -c sh``); a login shell started with no command (``ssh
db sudo -i``), an image's default command (``docker run -i alpine``) and ``vagrant ssh`` /
``gcloud compute ssh`` with no command are read too (:mod:`.stdin_shells`); a shell that
hands the text on further is read as the line form of that hop (``echo CMD | docker exec
-i CTR ssh db`` as ``docker exec CTR sh -c "ssh db CMD"``, itself read as ``ssh db CMD``:
:mod:`.jump_hosts`).

Pure: no I/O.
"""

from __future__ import annotations

import posixpath
import shlex

from cordon.engine.container_sql import (
    _RUNTIMES,
    _line_commands,
    contained_client,
    contained_commands,
)
from cordon.engine.stdin_shells import cli_prefix, local_shell, login_shell, run_default
from cordon.engine.system_commands import _SSH_VALUE, _from_host, remote_line

__all__ = ["line_for", "reads_lines"]

#: cloud tools whose command is their last words joined (:mod:`.remote_clis`)
_JOINING_CLIS = frozenset({"heroku", "az"})
#: shells that, given no argument, read their standard input
_SHELLS = frozenset({"sh", "bash", "dash", "zsh", "ash", "ksh", "mksh"})

#: container tools whose command (after ``--`` for the Kubernetes ones) is one argv
_CONTAINER_TOOLS = _RUNTIMES | {"docker-compose", "kubectl", "oc", "lxc", "incus"}


def _inner_lines(prog: str, args: tuple[str, ...], text: str) -> list[str]:
    """The lines ``text`` piped into ``prog args`` runs there: ``text`` itself for a shell
    reading its input (wrappers and ``sh -c`` lines seen through; a login shell ``sudo -i``,
    ``su``: :func:`.stdin_shells.login_shell`), the line form of one that hands it on further
    away (``ssh jump ssh db``, ``docker exec -i CTR ssh db``)."""
    from cordon.engine.shell_commands import stdin_kind  # (imports this module)

    out: list[str] = []
    line = remote_line(prog, args) if prog in ("ssh", "autossh") else None
    if line is not None:  # (ssh db 'cd /srv; sudo -i': each command of the line)
        split = [tuple(words) for words in _line_commands(line) or []]
    else:  # (docker exec -i CTR su: the one argv)
        split = [(raw[0], *raw[1])] if (raw := contained_client(prog, args)) else []
    if any(login_shell(words) for words in split):  # (ssh db sudo -i)
        out.append(text)
    for p, a in contained_commands(prog, args):
        kind = stdin_kind(p, a)
        if kind == "shell" and text not in out:
            out.append(text)
        elif kind == "remote" and (inner := line_for(p, a, text)) is not None:
            out.append(inner)
    return out


def _line(prog: str, args: tuple[str, ...], text: str) -> str | None:
    """The command line that runs ``text`` as ``prog args`` runs it from its standard input
    (module docstring), or None when ``prog args`` does not read it as commands."""
    if prog in ("ssh", "autossh"):
        words = _from_host(args, _SSH_VALUE | ({"-M"} if prog == "autossh" else frozenset()))
        if not words:
            return None  # (no host: ssh -V)
        if len(words) == 1:
            return shlex.join((prog, *args, text))
        lines = _inner_lines(prog, args, text)
        head = args[: len(args) - len(words) + 1]  # (through the host)
        return "\n".join(shlex.join((prog, *head, line)) for line in lines) or None
    if (cli := cli_prefix(prog, args)) is not None:  # (vagrant ssh, gcloud compute ssh)
        return shlex.join((*cli, text))
    if (run := run_default(prog, args)) is not None:  # (docker run -i alpine: its sh)
        return shlex.join((*run, text))
    if (local := local_shell(prog, args)) is not None:  # (sudo -i, nsenter -t 1 -a)
        return shlex.join((*local, text))
    if prog not in _CONTAINER_TOOLS and prog not in _JOINING_CLIS:
        return None
    if args and posixpath.basename(args[-1]) in _SHELLS and _inner_lines(prog, args, text):
        # (docker exec -i CTR nsenter -t 1 -a sh, heroku run bash: the shell given -c, the
        # words before it kept; heroku and az join the words as ssh does: the text quoted)
        quoted = shlex.quote(text) if prog in _JOINING_CLIS else text
        return shlex.join((prog, *args, "-c", quoted))
    if prog not in _CONTAINER_TOOLS:
        return None
    inner = contained_client(prog, args)
    lines = _inner_lines(prog, args, text) if inner is not None else []
    if inner is None or not lines:
        return None
    head = (prog, *args[: len(args) - 1 - len(inner[1])], "sh", "-c")
    return shlex.join((*head, "\n".join(lines)))


#: a text no rule finds anything in: whether a command reads its input is asked with it
_PROBE = "true"


def reads_lines(prog: str, args: tuple[str, ...]) -> bool:
    """Whether ``prog args`` runs what its standard input holds as commands on another host
    or in a container (module docstring)."""
    return _line(prog, args, _PROBE) is not None


def line_for(prog: str, args: tuple[str, ...], text: str) -> str | None:
    """The command line that runs ``text`` there as ``prog args`` runs it from its standard
    input (``ssh HOST 'TEXT'``, ``docker exec CTR sh -c 'TEXT'``), or None."""
    return _line(prog, args, text)
