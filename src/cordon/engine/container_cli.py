"""Where a container runtime's subcommand starts on its command line, after the options it
takes before it; and the command ``exec`` runs in a container already started.

``docker [OPTIONS] COMMAND`` (docker(1): ``--config``, ``-c|--context``, ``-D|--debug``,
``-H|--host``, ``-l|--log-level``, ``--tls*``), ``podman [GLOBAL OPTIONS] COMMAND``
(podman(1): ``-c|--connection``, ``-r|--remote``, ``--url``, ``--root``, ...), ``nerdctl
[GLOBAL FLAGS] COMMAND`` (nerdctl's command reference: ``-a|-H|--address|--host``,
``-n|--namespace``, ...); then ``container`` (``docker container run``, the long form) or
``compose [OPTIONS]`` (``docker-compose`` and ``podman-compose`` are compose itself).

Attack class: the guard read ``run`` only as the runtime's first word, so ``docker
--context X run -v /:/host alpine chroot /host rm -rf /etc/nginx`` (``--log-level debug``,
``podman --remote``, ``nerdctl --namespace k8s.io``) was not read as a container run at all.
``-H``/``--context``/``--connection``/``--url`` may name another machine's daemon, or this
one's (a unix socket, a context that names it): the line cannot tell, so it is read as run
here (fail closed).

Pure: no I/O.
"""

from __future__ import annotations

__all__ = ["RUNTIMES", "exec_argv", "subcommand_at"]

#: the runtimes read here (their ``run``/``exec`` options are docker's)
RUNTIMES = frozenset({"docker", "podman", "nerdctl"})
#: options before the subcommand that take a value (``=VALUE`` or the next word): docker(1)'s,
#: podman(1)'s GLOBAL OPTIONS and nerdctl's global flags (a name in more than one table takes
#: a value in each it is in)
_GLOBAL_VALUE = {
    "docker": frozenset({"--config", "-c", "--context", "-H", "--host", "-l", "--log-level",
                         "--tlscacert", "--tlscert", "--tlskey"}),
    "podman": frozenset({"--cdi-spec-dir", "--cgroup-manager", "--cni-config-dir", "--config",
                         "--conmon", "-c", "--connection", "--db-backend", "--events-backend",
                         "--hooks-dir", "--identity", "--imagestore", "--log-level",
                         "--module", "--network-cmd-path", "--network-config-dir", "--out",
                         "--root", "--runroot", "--runtime", "--runtime-flag", "--ssh",
                         "--storage-driver", "--storage-opt", "--tmpdir", "--url",
                         "-H", "--host", "--volumepath", "--registries-conf"}),
    "nerdctl": frozenset({"-a", "--address", "-H", "--host", "-n", "--namespace",
                          "--snapshotter", "--storage-driver", "--cni-path", "--cni-netconfpath",
                          "--data-root", "--cgroup-manager", "--insecure-registry",
                          "--hosts-dir", "--host-gateway-ip", "--bridge-ip"}),
}  # fmt: skip
#: ``compose``'s options before its subcommand that take the next word as their value
#: (compose CLI reference; ``docker-compose`` v1's ``-H``, ``-c`` too)
COMPOSE_VALUE = frozenset(
    {"-f", "--file", "-p", "--project-name", "--profile", "--env-file", "--project-directory",
     "--ansi", "--progress", "--parallel", "-H", "--host", "-c", "--context", "--log-level"}
)  # fmt: skip
#: the subcommands read after the options (and the words that lead to them)
_READ = frozenset({"run", "exec", "container", "compose"})


def _skip(args: tuple[str, ...], i: int, takes_value: frozenset[str]) -> int:
    """The index of the first word of ``args`` from ``i`` that is no option or value of one.
    An option not in ``takes_value`` is a flag, unless the word after it is none of the
    subcommands read here (fail closed: ``--newopt VALUE run`` still reaches ``run``)."""
    unknown = False
    while i < len(args):
        a = args[i]
        if a == "--":
            return i + 1
        if not a.startswith("-") or a == "-":
            if unknown and a not in _READ:  # (perhaps the value of an option not known)
                unknown, i = False, i + 1
                continue
            return i
        name = a.split("=", 1)[0]
        short_value = not a.startswith("--") and len(a) > 2 and "-" + a[-1] in takes_value
        if "=" not in a and (name in takes_value or short_value):
            i += 1  # (its value: -H ssh://h, -lc ctx: the last letter of a bundle takes it)
        unknown = "=" not in a and name not in takes_value and a.startswith("--")
        i += 1
    return i


def subcommand_at(prog: str, args: tuple[str, ...]) -> tuple[int, bool] | None:
    """``(index, compose)`` for ``prog args`` when ``prog`` is a container runtime (or
    ``docker-compose``/``podman-compose``): the index in ``args`` of its subcommand after the
    global options, ``container`` and ``compose [OPTIONS]``, and whether it is compose's;
    None for any other program."""
    if prog in ("docker-compose", "podman-compose"):
        return _skip(args, 0, COMPOSE_VALUE), True
    if prog not in RUNTIMES:
        return None
    i = _skip(args, 0, _GLOBAL_VALUE[prog])
    if args[i : i + 1] == ("container",):
        return i + 1, False
    if args[i : i + 1] == ("compose",):
        return _skip(args, i + 1, COMPOSE_VALUE), True
    return i, False


#: options of ``exec`` (docker, podman, nerdctl, compose) that take a value
EXEC_VALUE = frozenset(
    {"-e", "--env", "--env-file", "-u", "--user", "-w", "--workdir", "--detach-keys",
     "--index", "--preserve-fds"}
)  # fmt: skip
#: kubectl's and oc's options before ``exec`` and of ``exec`` that take the next word
_KUBE_VALUE = frozenset(
    {"-n", "--namespace", "-c", "--container", "--context", "--cluster", "--kubeconfig",
     "-s", "--server", "--user", "--token", "--as", "--as-group", "-f", "--filename",
     "--pod-running-timeout", "-v", "--request-timeout", "--certificate-authority"}
)  # fmt: skip


def exec_argv(prog: str, args: tuple[str, ...]) -> tuple[str, ...] | None:
    """The command ``RUNTIME [OPTIONS] [container] exec [OPTIONS] CONTAINER CMD...`` (``compose
    exec [OPTIONS] SERVICE CMD...``; ``kubectl|oc [OPTIONS] exec [OPTIONS] POD -- CMD...``)
    runs in a container already started, whose mounts the line does not show; else None."""
    if prog in ("kubectl", "oc"):
        i = _skip(args, 0, _KUBE_VALUE)
        if args[i : i + 1] != ("exec",) or "--" not in args[i:]:
            return None
        return args[args.index("--", i) + 1 :] or None
    at = subcommand_at(prog, args)
    if at is None or args[at[0] : at[0] + 1] != ("exec",):
        return None
    rest = args[at[0] + 1 :]
    i = 0
    while i < len(rest) and rest[i].startswith("-") and rest[i] != "--":
        a = rest[i]
        bundle_value = not a.startswith("--") and len(a) > 2 and "-" + a[-1] in EXEC_VALUE
        i += 2 if "=" not in a and (a in EXEC_VALUE or bundle_value) else 1
    i += rest[i : i + 1] == ("--",)
    return rest[i + 1 :] or None  # (after the container or the service)
