"""The files a command run on another host through ssh deletes or overwrites, read as the same
command run here.

``ssh [OPTIONS] HOST CMD...`` (``autossh``, ``mosh HOST -- CMD``; a cloud tool's ``vagrant ssh
-c``, ``gcloud compute ssh --command``...: :func:`.system_commands.remote_line`; an ssh a
container runs, ``docker exec CTR ssh HOST CMD``: :func:`_hops`) joins CMD's
words with spaces and the remote user's shell runs them with ``-c`` in that user's home
directory (ssh(1), sshd(8)). Each delete or overwrite of that line is judged as one of the
same path here, a relative one under ``~`` (``ssh db rm -rf build``: ``~/build``), so
``action.delete_outside`` reads ``ssh HOST rm -rf /etc/nginx`` as ``rm -rf /etc/nginx``.

Attack class: ``ssh HOST rm -rf /etc/nginx`` was allowed where ``docker -H ssh://HOST run -v
/:/host alpine chroot /host rm -rf /etc/nginx`` was denied (:mod:`.container_cli`: the daemon
the line names may be this host's, so it is read as run here). ssh's HOST may be this host
too (``localhost``, its own name, an alias in ``~/.ssh/config``: the line cannot tell), and a
delete on another machine is at least as destructive as one here: fail closed, as for docker.
What the line reads (``ssh HOST cat /etc/hosts``), a machine, service or SQL it stops or drops
(already read from the same line: ``action.system_disrupt``, the SQL rules) are not changed here.

Pure: no I/O (the parser is loaded on first use).
"""

from __future__ import annotations

import posixpath

from cordon.engine.system_commands import remote_line

__all__ = ["remote_writes"]

#: :data:`cordon.engine.shell_commands.DYNAMIC` (a word computed at run time: asked about as
#: the same path here is)
_DYNAMIC = "\x00"
#: that word spelled so the parser reads a line holding one (as
#: :func:`cordon.engine.commands._remote_asks` spells it)
_COMPUTED = "__cordon_computed__"

#: the programs whose :func:`.system_commands.remote_line` runs on another machine: ssh's
#: family and the cloud tools of :mod:`.remote_clis`; not ``nsenter`` (a command run here, in
#: another namespace) nor a container tool's (its command's namespaces and mounts are read by
#: :mod:`.containers`: ``docker run --privileged IMG nsenter -t 1 CMD`` is the container's own)
_REMOTE = frozenset(
    {"ssh", "autossh", "mosh", "vagrant", "gcloud", "fly", "flyctl", "heroku", "az", "aws"}
)
#: the operations of :class:`.shell_facts.PathRef` that delete or overwrite
_WRITE_OPS = ("delete", "overwrite")


def _here(path: str, cwd: str | None) -> str:
    """``path`` (relative to ``cwd`` on the remote host, in the home directory when None)
    as the same path here: a relative one under ``~``."""
    if path.startswith(("/", "~", _DYNAMIC)):
        return path
    base = cwd if cwd is not None and cwd.startswith(("/", "~")) else posixpath.join("~", cwd or "")
    return posixpath.normpath(posixpath.join(base, path))


def _hops(prog: str, args: tuple[str, ...]) -> list[tuple[str, tuple[str, ...]]]:
    """``prog args`` itself when it is one of :data:`_REMOTE`; the ssh a container runs (a
    container as a jump host: ``docker exec CTR ssh HOST CMD``, ``kubectl exec POD -- ssh
    ...``, wrappers and ``sh -c`` seen through, as :func:`.jump_hosts.jump_line` reads it);
    else none."""
    if prog in _REMOTE:
        return [(prog, args)]
    from cordon.engine.container_sql import _unwrapped, contained_client  # (imports us)
    from cordon.engine.jump_hosts import _CONTAINER_TOOLS

    kube = prog in ("kubectl", "oc", "lxc", "incus")
    if prog not in _CONTAINER_TOOLS or (kube and "--" not in args):
        return []
    inner = contained_client(prog, args)
    hops = [inner, *_unwrapped([inner], 0)] if inner is not None else []
    return [(p, a) for p, a in hops if p in ("ssh", "autossh", "mosh")]


def remote_writes(prog: str, args: tuple[str, ...]) -> list[tuple[str, str, str]]:
    """``(path here, program, op)`` of each delete or overwrite of the line ``prog args`` runs
    on another host through ssh (module docstring); ``[]`` for any other command."""
    lines = [line for p, a in _hops(prog, args) if (line := remote_line(p, a)) is not None]
    if not lines:
        return []
    from cordon.engine.shell import analyze  # (the parser imports this module's importer)

    text = "\n".join(lines).replace(_DYNAMIC, _COMPUTED)  # (ssh db "rm -rf $DIR")
    refs = analyze(text).files
    back = [(r.path.replace(_COMPUTED, _DYNAMIC), r.cwd, r.program, r.op) for r in refs]
    return [(_here(p, cwd), prog, op) for p, cwd, prog, op in back if op in _WRITE_OPS]
