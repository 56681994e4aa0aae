"""A container used as a jump host: the command line ``docker exec CTR ssh HOST CMD`` (and
``kubectl exec POD -- ssh HOST CMD``, ``docker run IMG sh -c "ssh HOST CMD"``, a wrapper
before it) runs on HOST, read as ``ssh HOST CMD``'s is (:func:`.system_commands.remote_line`).

Attack class: ``docker exec ctr ssh db 'systemctl poweroff'`` was allowed, where ``ssh db
'systemctl poweroff'`` is asked: the container path reads what runs in the container (its
own machine, left alone), not a command that reaches out of it to another host.

``kubectl debug node/NAME [-- CMD]`` (``oc debug node/NAME``) runs its pod on the node in
the node's host namespaces with its root filesystem at ``/host`` (kubectl-debug(1); the
Kubernetes task "Debugging a node": ``chroot /host`` enters it): CMD is read as a line run
on that node (``kubectl debug node/n1 -it --image=busybox -- chroot /host systemctl
poweroff`` as ``ssh n1 'systemctl poweroff'``), where it was read as no command.

Pure: no I/O.
"""

from __future__ import annotations

import shlex

__all__ = ["jump_line", "node_debug"]

#: container tools (:mod:`.container_sql`) whose command may be an ssh to another host
_CONTAINER_TOOLS = frozenset({"docker", "podman", "nerdctl", "docker-compose", "kubectl", "oc",
                              "lxc", "incus"})  # fmt: skip


def _line(prog: str, args: tuple[str, ...]) -> str | None:
    """:func:`.system_commands.remote_line`, but ``nsenter``'s command as its words from the
    first that is no option on (remote_line drops every word that starts with a dash, the
    ``-c`` of ``nsenter -t 1 -a sh -c LINE`` too)."""
    from cordon.engine.container_sql import _after_options
    from cordon.engine.stdin_shells import _NSENTER_VALUE
    from cordon.engine.system_commands import remote_line

    if prog == "nsenter":
        return shlex.join(args[_after_options(args, _NSENTER_VALUE) :]) or None
    return remote_line(prog, args)


def node_debug(prog: str, args: tuple[str, ...]) -> tuple[str, ...] | None:
    """The command (its words after ``--``, ``()`` for none: the image's own) of ``kubectl|oc
    debug node/NAME [OPTIONS] [-- CMD...]``, which runs on the node (module docstring); None
    for any other command (``kubectl debug POD``: a container beside the pod's)."""
    if prog not in ("kubectl", "oc") or "debug" not in args:
        return None
    cut = args.index("--") if "--" in args else len(args)
    own = args[args.index("debug") + 1 : cut]
    if not any(a.startswith(("node/", "nodes/", "no/")) for a in own):
        return None
    return args[cut + 1 :]


def jump_line(prog: str, args: tuple[str, ...]) -> str | None:
    """The lines the commands a container tool runs (wrappers and ``sh -c`` lines seen
    through) run on another host or namespace, one a line, or None."""
    if (node := node_debug(prog, args)) is not None:  # (its pod's command runs on the node)
        return shlex.join(node) or None
    if prog not in _CONTAINER_TOOLS:
        return None
    kube = prog in ("kubectl", "oc", "lxc", "incus")
    if kube and not ("exec" in args and "--" in args[args.index("exec") :]):
        return None  # (contained_client reads their other forms as remote_line: a loop)
    from cordon.engine.container_sql import _unwrapped, contained_client  # (imports us)

    inner = contained_client(prog, args)
    if inner is None:
        return None
    # (the argv itself too: nsenter is also a wrapper, unwrapped to the command it runs)
    cmds = [inner, *_unwrapped([inner], 0)]
    lines = [line for p, a in cmds if (line := _line(p, a)) is not None]
    return "\n".join(dict.fromkeys(lines)) or None
