"""Host paths a container command deletes or overwrites through a bind mount.

:func:`container_run` reads ``docker run`` (``podman``, ``nerdctl``, after their own
options; ``container run``; ``docker compose run`` and ``docker-compose run``, the line's
own options only, not the compose file's; ``create`` is not run) the way the CLI does: the
bind mounts (``-v HOST:CTR[:ro]``, ``--volume``, ``--mount
type=bind,source=..,target=..[,readonly]``: :mod:`.container_mounts`), the working directory
(``-w``), the entrypoint, the image (or service) and the command after it. :func:`host_path`
maps a path inside the container back to the host path a mount puts there: a read-only one
too, unless docker leaves no writable submount under it (``ro`` alone does on Engine before
v25 and kernels before 5.12: :mod:`.container_mounts`).
:mod:`.shell` parses the command and records each delete or overwrite under a mount as one
of the host path, judged as any other (``action.delete_outside``). :func:`host_root_line`:
the line ``chroot DIR CMD`` (``unshare -R DIR``, ``firejail --chroot=DIR``) runs where DIR
is the mount point of the host's ``/``. Pure: no I/O.

Attack class: host paths mounted and deleted inside a container (``docker run -v /:/host
alpine rm -rf /host/etc``): the delete names a container path, and the container's own
paths (``rm -rf /tmp/x`` in it) delete nothing on the host. A named volume (``-v data:/d``)
is not a host path. A chroot into a directory under a mount (``-v /:/host ... chroot
/host/etc rm -rf nginx``, ``-v /etc:/h ... chroot /h``) makes its deletes the host path's
too (:func:`subroot_runs`). Not read: compose files, the mounts ``--volumes-from CTR`` takes
from CTR (a chroot under them is: below).

Attack class: chroot(1) into the host's root mounted in the container (``docker run -v
/:/host alpine chroot /host systemctl poweroff``, ``... rm -rf /etc/nginx``) runs CMD against
this machine's root file system (its programs, its ``/etc``, its systemd's socket under
``/run``): CMD is read as the same line run here in ``/``; so are ``unshare -R /host CMD``
(``--root``; ``-w DIR``: in DIR), ``firejail --chroot=/host CMD`` and ``busybox chroot``'s.
A read-only mount of ``/`` counts too, sealed or not (the sockets under it still connect), and
a chroot into a directory under it is read as under a writable one (:func:`subroot_runs`)
unless the mount is sealed (:mod:`.container_mounts`). Where the line cannot show the mount,
any new root counts (fail closed): ``docker exec CTR chroot DIR CMD`` / ``kubectl exec POD --
chroot DIR CMD`` (the container was started earlier: :func:`exec_root_line`; ``docker compose
run SERVICE chroot DIR CMD``: the service's mounts are in the compose file; ``docker run
--volumes-from CTR IMAGE chroot DIR CMD``: the run takes every mount of CTR, which may hold the
host's ``/``), and a ``--privileged`` run (``--cap-add SYS_ADMIN`` with ``--device``), which
can mount the host's disk itself (``mount /dev/sda1 /mnt && chroot /mnt CMD``). With
``--pid=host`` process 1 is the host's init: ``nsenter -t 1 CMD`` and ``chroot /proc/1/root
CMD`` run CMD in the host's namespaces and root (any other process's too, ``nsenter
--mount=/proc/PID/ns/mnt``; ``--pid=container:CTR`` may be the host's); not under
``--privileged`` alone, whose own PID namespace makes process 1 the container's
(:func:`_chroots`). The runtime's options before ``run`` (``docker --context X run``, ``-H``)
are read by :mod:`.container_cli`: the daemon they name may be this host's, so the line is read
as run here.
"""

from __future__ import annotations

import posixpath
import shlex
from typing import NamedTuple

from cordon.engine.container_cli import exec_argv, subcommand_at
from cordon.engine.container_mounts import bind_mount

__all__ = [
    "ContainerRun",
    "container_run",
    "exec_root_line",
    "exec_root_shell",
    "host_path",
    "host_root_line",
    "host_root_shell",
    "subroot_runs",
]

#: ``docker run`` options that take the next word as their value (docker CLI reference; and
#: ``docker compose run``'s ``--env-from-file``: its others are docker run's)
_VALUE = frozenset(
    {"-v", "--volume", "--mount", "-w", "--workdir", "-e", "--env", "--env-file", "--name",
     "-p", "--publish", "--network", "--net", "--entrypoint", "-u", "--user", "-l", "--label",
     "--label-file", "--platform", "--cpus", "-c", "--cpu-shares", "-m", "--memory",
     "--memory-swap", "-h", "--hostname", "--restart", "--add-host", "--device", "--cap-add",
     "--cap-drop", "--security-opt", "--tmpfs", "--ulimit", "--log-driver", "--log-opt",
     "--pid", "--ipc", "--uts", "--userns", "--gpus", "--shm-size", "--dns", "--dns-search",
     "--dns-option", "--expose", "--link", "--volumes-from", "--stop-signal", "--stop-timeout",
     "--runtime", "--cidfile", "--mac-address", "--ip", "--ip6", "--pull", "--health-cmd",
     "--health-interval", "--health-retries", "--health-timeout", "--cgroupns",
     "--cgroup-parent", "--group-add", "--isolation", "--network-alias", "--attach", "-a",
     "--blkio-weight", "--cpuset-cpus", "--cpuset-mems", "--kernel-memory", "--pids-limit",
     "--storage-opt", "--sysctl", "--volume-driver", "--annotation", "--detach-keys",
     "--env-from-file"}
)  # fmt: skip


class ContainerRun(NamedTuple):
    """What a ``run`` does: the command it runs (argv, possibly empty: the image's own),
    the bind mounts ``(host, container)`` a write may go through (read-only ones too, unless
    sealed: :mod:`.container_mounts`), the working directory inside, where
    the host's ``/`` is bind-mounted (read-only too), whether it may mount the host's
    disks itself (:func:`_privileged`), whether it shares the host's processes
    (``--pid=host``) and whether it has mounts the line does not show (``compose run``: the
    service's ``volumes`` of the compose file; ``--volumes-from CTR``: CTR's)."""

    argv: tuple[str, ...]
    mounts: tuple[tuple[str, str], ...]
    workdir: str
    roots: tuple[str, ...] = ()
    privileged: bool = False
    host_pid: bool = False
    unseen: bool = False


def _privileged(powers: set[str]) -> bool:
    """Whether a run with these options (``--privileged``; ``--cap-add`` values, upper case
    without ``CAP_``; ``--device``) may mount a host disk inside (``mount /dev/sda1 /mnt``):
    ``--privileged`` gives every capability and every host device (docker run reference:
    "Full container capabilities"), ``--cap-add SYS_ADMIN`` (or ``ALL``) mount(2)'s
    capability, ``--device`` a host device node to mount."""
    return "--privileged" in powers or bool({"SYS_ADMIN", "ALL"} & powers and "--device" in powers)


def _run_words(prog: str, args: tuple[str, ...]) -> tuple[str, ...] | None:
    """``run`` and the words after it when ``prog args`` is ``RUNNER [OPTIONS] [container]
    run`` or ``RUNNER [OPTIONS] compose [OPTIONS] run`` (``docker-compose``,
    ``podman-compose``: compose's ``run [OPTIONS] SERVICE [COMMAND]``, read as ``docker
    run``'s: its options are a subset; :func:`.container_cli.subcommand_at`), else None."""
    at = subcommand_at(prog, args)
    words = args[at[0] :] if at is not None else ()
    return words if words[:1] == ("run",) else None


def container_run(prog: str, args: tuple[str, ...]) -> ContainerRun | None:
    """The :class:`ContainerRun` of ``prog args`` when it runs a container with a bind
    mount not sealed (or the host's ``/``, or privileged; or any ``compose run`` or
    ``--volumes-from``: its mounts are not in the line), else None."""
    words = _run_words(prog, args)
    if words is None:
        return None
    compose = (subcommand_at(prog, args) or (0, False))[1]  # (its mounts: the compose file's)
    mounts: list[tuple[str, str]] = []
    roots: list[str] = []
    powers: set[str] = set()
    workdir, entry = "/", ""
    i = 1
    while i < len(words):
        a = words[i]
        if not a.startswith("-") or a == "--":
            break
        name, eq, value = a.partition("=")
        if not a.startswith("--"):
            # short options, bundled (-itv): the first that takes a value takes the rest of
            # the word (-v/:/h, -v=/:/h: pflag drops the "=") or the next word (pflag, as the
            # docker CLI parses)
            k = next((k for k in range(1, len(a)) if "-" + a[k] in _VALUE), 0)
            value = a[k + 2 :] if a[k + 1 : k + 2] == "=" else a[k + 1 :]
            name, eq, value = ("-" + a[k], "=", value) if k else (a, "", "")
            if k and not value:
                eq = ""
        if not eq and name in _VALUE and i + 1 < len(words):
            value, i = words[i + 1], i + 1
        if name in ("-v", "--volume", "--mount"):
            bind = bind_mount(value, name == "--mount")
            if bind is not None and not bind[2]:  # (:ro too: its submounts may be writable)
                mounts.append(bind[:2])
            if bind is not None and bind[0].startswith("/") and not bind[0].strip("/"):
                roots.append(bind[1])  # (-v /:/host, -v //:/host:ro)
        elif name in ("-w", "--workdir") and value.startswith("/"):
            workdir = value
        elif name == "--entrypoint":
            entry = value
        elif name in ("--privileged", "--device") and value.lower() != "false":
            powers.add(name)  # (--privileged=false: not)
        elif name == "--cap-add":
            powers.update(c.upper().removeprefix("CAP_") for c in value.split(","))
        elif name == "--pid" and (value == "host" or value.startswith("container:")):
            powers.add("--pid=host")  # (process 1 is the host's init, or another container's)
        elif name == "--volumes-from":  # (another container's mounts: not in the line)
            powers.add(name)
        i += 1
    rest = words[i + 1 :] if i < len(words) and words[i] == "--" else words[i:]
    unseen = compose or "--volumes-from" in powers
    privileged, host_pid = _privileged(powers), "--pid=host" in powers or compose
    if not (mounts or roots or privileged or host_pid or unseen) or not rest:
        return None
    command = rest[1:]  # (after the image)
    argv = (entry, *command) if entry else command
    return ContainerRun(
        tuple(argv), tuple(mounts), workdir, tuple(roots), privileged, host_pid, unseen
    )


def host_path(run: ContainerRun, path: str, cwd: str | None) -> str | None:
    """The host path a mount of ``run`` puts at ``path`` (inside the container,
    relative to ``cwd`` or the working directory), or None when no mount holds it."""
    inside = posixpath.normpath(posixpath.join(run.workdir, cwd or "", path))
    for host, ctr in sorted(run.mounts, key=lambda m: len(m[1]), reverse=True):
        ctr = posixpath.normpath(ctr)
        if inside == ctr or inside.startswith(ctr.rstrip("/") + "/"):
            tail = inside[len(ctr) :].lstrip("/")
            return posixpath.join(host, tail) if tail else host
    return None


#: chroot(1)'s options that take the next word as their value (GNU coreutils)
_CHROOT_VALUE = frozenset({"--userspec", "--groups"})
#: unshare(1)'s long options (util-linux; getopt_long: a unique prefix names one too) that
#: take a value, ``=VALUE`` or the next word; its short ones: ``R`` (root), ``w``, ``S``, ``G``
_UNSHARE_VALUE = ("--root", "--wd", "--setuid", "--setgid", "--propagation", "--setgroups",
                  "--monotonic", "--boottime", "--map-user", "--map-users", "--map-group",
                  "--map-groups", "--load-interp")  # fmt: skip
_UNSHARE_FLAG = ("--ipc", "--mount", "--net", "--pid", "--uts", "--user", "--cgroup", "--time",
                 "--fork", "--keep-caps", "--kill-child", "--mount-proc", "--map-auto",
                 "--map-root-user", "--map-current-user", "--mount-binfmt", "--help",
                 "--version")  # fmt: skip


def _unshare(argv: tuple[str, ...]) -> tuple[str, str, tuple[str, ...]] | None:
    """``(new root, directory in it, command)`` of ``unshare [OPTIONS] [CMD...]`` with ``-R
    DIR`` / ``--root=DIR`` (``-w DIR``: the directory, else its ``/``), else None."""
    opts: dict[str, str] = {}
    i = 1
    while i < len(argv) and argv[i].startswith("-") and argv[i] not in ("-", "--"):
        a, i = argv[i], i + 1
        if a.startswith("--"):
            name, eq, value = a.partition("=")
            full = [o for o in (*_UNSHARE_VALUE, *_UNSHARE_FLAG) if o.startswith(name)]
            name = name if name in full or len(full) != 1 else full[0]
            if name in _UNSHARE_VALUE and not eq and i < len(argv):
                value, i = argv[i], i + 1
            opts[name] = value
            continue
        # (-m/FILE, -n/FILE...: an optional value is the rest of the word)
        k = next((k for k in range(1, len(a)) if a[k] in "RwSGimnpuUCT"), 0)
        k = k if a[k : k + 1] in tuple("RwSG") else 0
        if k:  # (-rR/host, -rR /host: the value is the rest of the word or the next one)
            value = a[k + 1 :] or (argv[i] if i < len(argv) else "")
            i += 0 if a[k + 1 :] else 1
            opts[{"R": "--root", "w": "--wd"}.get(a[k], a[k])] = value
    if "--root" not in opts:
        return None
    wd = posixpath.join("/", opts.get("--wd", ""))  # (a relative one read under the root)
    return opts["--root"], wd, argv[i + (argv[i : i + 1] == ("--",)) :]


#: nsenter(1)'s options that take the next word (its namespace options take a file only after
#: ``=``; ``-r``/``-w`` a directory only attached)
_NSENTER_VALUE = frozenset({"-t", "--target", "-S", "--setuid", "-G", "--setgid", "-Z"})
#: nsenter(1)'s namespace options, which name a namespace file after ``=``
_NSENTER_FILES = frozenset(
    {"--mount", "--uts", "--ipc", "--net", "--pid", "--cgroup", "--user", "--time"}
)
#: the root directory of process 1 (``/proc/1/root``), standing for any process's namespaces
#: and root: the host's when the container shares the host's process namespace
#: (``--pid=host``: :func:`_process_root`)
_PID1_ROOT = "/proc/1/root"


def _process_root(root: str) -> bool:
    """Whether ``root`` (normalized) is a process's root directory or under it
    (``/proc/PID/root``; not ``/proc/self``'s, the command's own)."""
    parts = root.split("/")
    return root.startswith("/proc/") and parts[3:4] == ["root"] and parts[2] != "self"


def _nsenter(argv: tuple[str, ...]) -> tuple[str, str, tuple[str, ...]] | None:
    """``(root, /, command)`` of ``nsenter [OPTIONS] [CMD...]``: ``--root=DIR`` (``-rDIR``)
    a new root DIR, as chroot's; else, when it enters another process's namespaces (``-t
    PID``, ``--target=PID``, ``-t1``, or a namespace file ``--mount=/proc/PID/ns/mnt``),
    :data:`_PID1_ROOT` (any such option counts: fail closed); else None."""
    target, root, files, i = "", "", False, 1
    while i < len(argv) and argv[i].startswith("-") and argv[i] != "--":
        a, i = argv[i], i + 1
        name, eq, value = a.partition("=")
        if not eq and name in _NSENTER_VALUE:
            value, i = (argv[i] if i < len(argv) else ""), i + 1
        elif not a.startswith("--") and len(a) > 2 and a[1] in "tr":  # (-t1, -r/mnt)
            name, value = "-" + a[1], a[2:]
        if name in ("-t", "--target"):
            target = value
        elif name in ("-r", "--root"):
            root = value  # (none: the target's own root)
        elif eq and name in _NSENTER_FILES:
            files = True
    rest = argv[i + (argv[i : i + 1] == ("--",)) :]
    if root:
        return root, "/", rest
    return (_PID1_ROOT, "/", rest) if target or files else None


def _new_root(argv: tuple[str, ...]) -> tuple[str, str, tuple[str, ...]] | None:
    """``(new root, directory in it, command)`` of ``argv`` when it runs its command (``()``:
    none, the shell it then starts) with another root directory: ``chroot [OPTIONS] DIR
    [CMD...]`` (busybox's too), ``unshare -R DIR``, ``firejail --chroot=DIR``; else None."""
    name = posixpath.basename(argv[0]) if argv else ""
    if name == "unshare":
        return _unshare(argv)
    if name == "nsenter":
        return _nsenter(argv)
    i = 1
    while i < len(argv) and argv[i].startswith("-") and argv[i] != "--":
        i += 2 if argv[i] in _CHROOT_VALUE and name == "chroot" else 1
    rest = argv[i + (argv[i : i + 1] == ("--",)) :]
    if name == "firejail":  # (its options take values only as --name=VALUE)
        roots = [a[len("--chroot=") :] for a in argv[1:i] if a.startswith("--chroot=")]
        return (roots[-1], "/", rest) if roots else None
    if name != "chroot" or not rest:
        return None
    return rest[0], "/", rest[1:]


#: the programs :func:`_new_root` reads (``busybox chroot``: its word ``chroot``)
_ROOT_CHANGERS = frozenset({"chroot", "unshare", "firejail", "nsenter"})


def _entered(argv: tuple[str, ...], workdir: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """``(new root, directory in it, command)`` of :func:`_new_root` from each word of
    ``argv`` naming one of :data:`_ROOT_CHANGERS` on, the new root joined with ``workdir``:
    after the wrappers before it too (``sudo chroot /host CMD``, ``env A=1 chroot ...``);
    fail closed, such a word followed by a directory anywhere counts."""
    at = [k for k, a in enumerate(argv) if posixpath.basename(a) in _ROOT_CHANGERS]
    found = [e for k in at if (e := _new_root(argv[k:])) is not None]
    return [(posixpath.normpath(posixpath.join(workdir, r)), d, c) for r, d, c in found]


def _commands(argv: tuple[str, ...]) -> list[tuple[str, ...]]:
    """``argv`` and, when it is a shell's ``-c LINE`` (``sh -c 'chroot /host CMD'``), the
    commands of LINE."""
    from cordon.engine.container_sql import _line_commands, _shell_line  # (imports us)

    cmds = [argv]
    if argv and (line := _shell_line(posixpath.basename(argv[0]), argv[1:])) is not None:
        cmds += _line_commands(line) or []
    return cmds


def _chroots(run: ContainerRun, argv: tuple[str, ...]) -> list[tuple[str, tuple[str, ...]]]:
    """``(directory, command)`` of each :func:`_entered` of ``argv`` whose new root is a
    mount point of the host's ``/``; any new root when ``run`` is privileged (the host's
    disk may be mounted inside, as the line does not show: fail closed) or has mounts the
    line does not show (``compose run``, ``--volumes-from``: as :func:`exec_root_line`'s),
    and process 1's (``nsenter -t 1``, ``chroot /proc/1/root``) when it shares the host's
    processes."""
    roots = {posixpath.normpath(r) for r in run.roots}
    anywhere = run.privileged or run.unseen
    # A process's root and namespaces (nsenter -t PID, chroot /proc/PID/root) are the host's
    # only when the container shares the host's process namespace (--pid=host, or another
    # container's, which may be the host's; a compose file's pid: host is not shown).
    # --privileged alone does not: the container gets its own PID namespace (docker run
    # reference, --pid), whose process 1 is its own first process, so nsenter -t 1 enters the
    # container's own namespaces and root. What --privileged adds is mounting the host's disk
    # (mount /dev/sda1 /mnt): a chroot, nsenter --root or unshare -R into any other directory
    # still counts, as that mount is not in the line.
    return [
        (d, c)
        for r, d, c in _entered(argv, run.workdir)
        if (run.host_pid if _process_root(r) else anywhere or r in roots)
    ]


def _lines(found: list[tuple[str, tuple[str, ...]]]) -> str | None:
    """``cd DIR && CMD`` for each ``(DIR, CMD)`` with a command in ``found``, one a line."""
    lines = [f"cd {shlex.quote(cwd)} && {shlex.join(cmd)}" for cwd, cmd in found if cmd]
    return "\n".join(lines) or None


def host_root_line(run: ContainerRun) -> str | None:
    """The line ``run``'s command runs on this host's root file system (module docstring):
    ``chroot /host CMD``'s CMD in ``/`` (chroot enters its new root; ``unshare -R /host -w
    DIR`` in DIR), or a chroot among the commands of its shell's ``-c LINE`` (``sh -c 'chroot
    /host CMD'``), one a line; None when it runs none (a chroot with no command:
    :func:`host_root_shell`)."""
    if not (run.roots or run.privileged or run.host_pid or run.unseen) or not run.argv:
        return None
    return _lines([found for argv in _commands(run.argv) for found in _chroots(run, argv)])


def exec_root_line(prog: str, args: tuple[str, ...]) -> str | None:
    """The line a chroot (``unshare -R``, ``firejail --chroot``) runs in a container already
    started (``docker exec CTR chroot DIR CMD``, ``kubectl exec POD -- chroot DIR CMD``:
    :func:`.container_cli.exec_argv`), as :func:`host_root_line`'s, into any DIR: the
    container's mounts are not in the line (``/host`` is where ``kubectl debug node`` mounts
    the node's ``/``), so CMD is judged as run here (fail closed); else None."""
    argv = exec_argv(prog, args)
    if argv is None:
        return None
    return _lines([(d, c) for cmd in _commands(argv) for _, d, c in _entered(cmd, "/")])


def exec_root_shell(prog: str, args: tuple[str, ...]) -> bool:
    """Whether the command ``prog args`` runs in a container already started is a chroot
    with no command (``docker exec -i CTR chroot /host``): its shell reads the standard
    input in a root the line does not show (:func:`exec_root_line`: fail closed)."""
    argv = exec_argv(prog, args)
    return argv is not None and any(not c for _, _, c in _entered(argv, "/"))


def _remounted(run: ContainerRun, root: str) -> tuple[tuple[str, str], ...]:
    """``run``'s mounts as seen from ``root`` made the root directory: a mount holding
    ``root`` puts its host directory there (``-v /:/host``, ``chroot /host/etc``:
    ``/etc`` at ``/``), a mount under ``root`` stays under it."""
    out: list[tuple[str, str]] = []
    for host, ctr in run.mounts:
        ctr = posixpath.normpath(ctr)
        if root == ctr or root.startswith(ctr.rstrip("/") + "/"):
            out.append(
                (posixpath.normpath(posixpath.join(host, root[len(ctr) :].lstrip("/"))), "/")
            )
        elif ctr.startswith(root.rstrip("/") + "/"):
            out.append((host, ctr[len(root.rstrip("/")) :]))
    return tuple(out)


def subroot_runs(run: ContainerRun) -> list[ContainerRun]:
    """For each chroot (``unshare -R``, ``firejail --chroot``) in ``run``'s command into a
    directory that is no mount point of the host's ``/`` (:func:`host_root_line`'s): its
    command as a :class:`ContainerRun` whose mounts are ``run``'s seen from that root
    (:func:`_remounted`), so a delete under one is one of the host path (``-v /:/host ...
    chroot /host/etc rm -rf nginx``: ``/etc/nginx``; ``-v /etc:/h ... chroot /h``)."""
    roots = {posixpath.normpath(r) for r in run.roots}
    out = []
    for argv in _commands(run.argv) if run.argv else []:
        for root, cwd, cmd in _entered(argv, run.workdir):
            mounts = _remounted(run, root) if cmd and root not in roots else ()
            if mounts:
                out.append(ContainerRun(cmd, mounts, cwd))
    return out


def host_root_shell(run: ContainerRun) -> bool:
    """Whether ``run``'s command is ``chroot /host`` (``unshare -R /host``, ``firejail
    --chroot=/host``) with no command into the host's ``/``: the shell it starts (chroot(8):
    ``"$SHELL" -i``, ``/bin/sh`` unset) reads the standard input against this host's root."""
    return any(not cmd for _, cmd in _chroots(run, run.argv))
