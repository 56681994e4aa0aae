"""Commands on another host or in a container that read their standard input as a shell's
program in ways :mod:`.remote_stdin`'s plain reading misses, each by its documented
behaviour (none runs here):

* a login shell started with no command: ``sudo -i`` / ``sudo -s`` (sudo(8): "If no command
  is specified, an interactive shell is executed"; the shell reads its standard input when
  it is no terminal), ``doas -s``, ``su`` / ``su -`` / ``su USER`` without ``-c`` (su(1)
  runs the user's shell), ``runuser`` without ``-u`` (runuser(1): su's semantics),
  ``sg GROUP`` and ``newgrp`` without a command (sg(1), newgrp(1): a shell), ``machinectl
  shell [NAME]`` without a command (machinectl(1): the login shell), as ``ssh db sudo -i``'s
  and ``docker exec -i CTR su`` run; on this machine the wrappers with no program left
  (``sudo -i``, ``pkexec``, ``chroot /``, ``unshare``: :func:`bare_shell`) are read by
  :func:`.shell_wrappers.unwrap` as the shell they start;
* ``docker|podman|nerdctl run -i IMAGE`` with no command: the image's default command runs,
  often a shell (alpine, busybox, ubuntu: ``sh`` or ``bash``) that reads the attached
  standard input; cordon cannot know the image, so the text is read as that shell's (fail
  closed); ``--entrypoint PROG`` replaces it (``--entrypoint sh``: the shell reads it);
  ``kubectl debug node/NAME`` with no command too, its pod on the node (:mod:`.jump_hosts`);
  ``chroot /host`` with no command into the host's ``/`` mounted there (``docker run -i -v
  /:/host alpine chroot /host``): its shell on this host's root (:mod:`.containers`);
* ``vagrant ssh``, ``gcloud compute ssh`` / ``gcloud cloud-shell ssh``, ``az ssh vm`` and
  ``fly ssh console`` with no command: they run ssh(1) (or its like), whose remote login
  shell reads the standard input; ``script`` with no ``-c`` runs ``$SHELL`` too.

Pure: no I/O.
"""

from __future__ import annotations

from cordon.engine.container_cli import subcommand_at
from cordon.engine.container_sql import _after_options
from cordon.engine.containers import _VALUE as _RUN_VALUE  # (docker run's options with values)
from cordon.engine.containers import container_run, exec_root_shell, host_root_shell
from cordon.engine.jump_hosts import node_debug

__all__ = ["bare_shell", "cli_prefix", "local_shell", "login_shell", "run_default"]

#: sudo's and doas's options that take a value (sudo(8), doas(1))
_SUDO_VALUE = frozenset({"-u", "--user", "-g", "--group", "-C", "--close-from", "-D",
                         "--chdir", "-h", "--host", "-p", "--prompt", "-R", "--chroot",
                         "-r", "--role", "-t", "--type", "-T", "--command-timeout", "-U",
                         "--other-user", "-a"})  # fmt: skip
#: su's options that take a value (su(1)); ``-c``/``--command`` give it a line (not read here)
_SU_VALUE = frozenset({"-s", "--shell", "-g", "--group", "-G", "--supp-group", "-w",
                       "--whitelist-environment"})  # fmt: skip
_SU_LINE = ("-c", "--command", "--session-command")
#: machinectl's options that take a value (machinectl(1))
_MACHINECTL_VALUE = frozenset({"-M", "--machine", "-p", "--property", "-s", "--signal", "-n",
                               "--lines", "-o", "--output", "-E", "--setenv", "--uid",
                               "--kill-whom", "-H", "--host"})  # fmt: skip
#: schroot's options that act on its sessions or list them instead of running a shell
_SCHROOT_NO_SHELL = frozenset({"-l", "--list", "-i", "--info", "--config", "--location", "-e",
                               "--end-session", "-b", "--begin-session", "--recover-session",
                               "-h", "--help", "-V", "--version"})  # fmt: skip
#: the options of sudo that start a shell (sudo(8) -i/--login, -s/--shell)
_SUDO_SHELL = frozenset({"-i", "-s", "--login", "--shell"})


def bare_shell(prog: str, opts: frozenset[str], root_given: bool) -> bool:
    """Whether the wrapper ``prog`` (options ``opts``; for chroot, ``root_given``: its new
    root named), left with no program, starts a shell that reads its standard input:
    ``sudo -i|-s`` (sudo(8)), ``doas -s`` (doas(1)), ``pkexec`` (pkexec(1): "If no program
    is specified, the default shell will be run"), ``run0`` (run0(1): an interactive shell),
    ``chroot NEWROOT`` (chroot(8): ``"$SHELL" -i``), ``unshare`` (unshare(1): ``$SHELL``),
    ``schroot -c NAME`` (schroot(1): the login shell)."""
    if prog == "sudo":  # (before the help options: sudo's -h takes a host)
        return bool(opts & _SUDO_SHELL)
    if opts & {"-h", "-V", "--help", "--version"}:
        return False
    if prog == "doas":
        return "-s" in opts
    if prog == "chroot":
        return root_given
    if prog == "schroot":
        return not opts & _SCHROOT_NO_SHELL
    return prog in ("pkexec", "run0", "unshare")


def _su_like(words: tuple[str, ...]) -> bool:
    """``su``/``runuser`` without ``-c`` (runuser also without ``-u USER``, whose command is
    an argv), ``script`` without ``-c`` (script(1) runs ``$SHELL``), ``sg [-] GROUP`` and
    ``newgrp`` with no command, ``machinectl shell [NAME]`` with no command."""
    prog, rest = words[0], words[1:]
    if prog == "newgrp":
        return True
    if prog == "machinectl":
        subs: list[str] = []
        i = 0
        while i < len(rest):
            a = rest[i]
            i += 2 if a in _MACHINECTL_VALUE else 1
            if not a.startswith("-"):
                subs.append(a)
        return subs[:1] == ["shell"] and len(subs) <= 2
    if prog == "runuser" and any(a == "--user" or a.startswith(("--user=", "-u")) for a in rest):
        return False
    if prog not in ("su", "runuser", "script", "sg"):
        return False
    if prog == "sg" and len([a for a in rest if a != "-"]) != 1:
        return False  # (sg GROUP CMD, sg -c CMD: a command; sg alone: no group)
    return not any(a.split("=", 1)[0] in _SU_LINE or (a[:2] == "-c" and a[:3] != "-c-")
                   for a in rest)  # fmt: skip


def login_shell(words: tuple[str, ...]) -> bool:
    """Whether the command ``words`` is ``sudo -i|-s`` / ``doas -s`` with no command, or ``su``
    without a command line (``sudo su -``, ``su - root``): a shell reading its standard
    input (module docstring)."""
    shell_flag = False
    while words[:1] == ("exec",):  # (ssh db exec su)
        words = words[1:]
    while words[:1] and words[0] in ("sudo", "doas"):
        at = _after_options(words[1:], _SUDO_VALUE)
        opts = [a for a in words[1 : at + 1] if a.startswith("-") and not a.startswith("--")]
        shell_flag = shell_flag or any(("i" in a or "s" in a) for a in opts)
        shell_flag = shell_flag or any(a in ("--login", "--shell") for a in words[1 : at + 1])
        words = words[at + 1 :]
    return shell_flag if not words else _su_like(words)


def run_default(prog: str, args: tuple[str, ...]) -> tuple[str, ...] | None:
    """For ``RUNTIME [container] run -i [OPTIONS] IMAGE`` with no command: the words of the
    same run with ``sh -c`` after the image (``--entrypoint`` dropped: a shell there, or a
    program cordon cannot know, read as that shell; fail closed), to which the piped text is
    appended; None for anything else (a command given, no ``-i``: stdin not attached).
    ``kubectl|oc debug node/NAME`` with no command likewise (``-i`` or not: fail closed), and
    a run whose command is ``chroot DIR`` alone into the host's ``/`` (``sh -c`` after it).
    ``docker compose run SERVICE`` (no ``-i``: compose run attaches the standard input by
    default), the runtime's options before ``run`` (``docker --context X run -i``) and
    ``docker exec -i CTR chroot DIR`` (:func:`.containers.exec_root_shell`) too."""
    if node_debug(prog, args) == ():  # (kubectl debug node/n1 -it --image=busybox: its sh)
        return (prog, *args, *(("--",) if "--" not in args else ()), "sh", "-c")
    if (run := container_run(prog, args)) is not None and host_root_shell(run):
        return (prog, *args, "sh", "-c")  # (docker run -i -v /:/h IMG chroot /h: the host's sh)
    if exec_root_shell(prog, args):  # (docker exec -i CTR chroot /host: the mounts not shown)
        return (prog, *args, "sh", "-c")
    at = subcommand_at(prog, args)  # (docker --context X run, docker container run)
    if at is None or args[at[0] : at[0] + 1] != ("run",):
        return None
    rest = args[at[0] + 1 :]
    image = _after_options(rest, _RUN_VALUE | {"--entrypoint"})
    if image != len(rest) - 1:  # (a command after the image, or no image)
        return None
    opts = rest[:image]
    if not (at[1] or _interactive(opts)) or any(a in _NOT_INTERACTIVE for a in opts):
        return None  # (compose run: -i/--interactive on unless turned off)
    kept: list[str] = []
    skip = False
    for a in opts:
        if skip:
            skip = False
        elif a == "--entrypoint":
            skip = True
        elif not a.startswith("--entrypoint="):
            kept.append(a)
    return (prog, *args[: at[0]], "run", *kept, rest[image], "sh", "-c")


#: ``-i``/``--interactive`` turned off (compose run's default is on: its CLI reference)
_NOT_INTERACTIVE = frozenset({"-i=false", "--interactive=false"})


def _interactive(opts: tuple[str, ...]) -> bool:
    """Whether ``docker run``'s options ``opts`` attach the standard input (``-i``, in a
    bundle too: ``-it``)."""
    return any(a in ("-i", "--interactive", "--interactive=true")
               or (a[:1] == "-" and a[1:2] != "-" and "i" in a[1:]) for a in opts)  # fmt: skip


#: nsenter's options that take a value (nsenter(1); the namespace options take theirs only
#: after ``=``)
_NSENTER_VALUE = frozenset({"-t", "--target", "-S", "--setuid", "-G", "--setgid", "-Z"})


def local_shell(prog: str, args: tuple[str, ...]) -> tuple[str, ...] | None:
    """For a command that starts a shell on this machine with no command, reading its
    standard input: ``sudo -i``, ``su -`` (:func:`login_shell`), ``nsenter -t 1 -a``
    (nsenter(1): no program, ``$SHELL`` runs; ``-t 1``: the host's namespaces from a
    container): the words that, followed by the piped text, run it with ``sh -c``; None
    for anything else."""
    if login_shell((prog, *args)):
        if prog in ("su", "runuser", "sg"):  # (their own -c LINE)
            return (prog, *args, "-c")
        if prog in ("newgrp", "machinectl"):  # (no -c: the line that shell runs)
            return ("sh", "-c")
        return (prog, *args, "sh", "-c")
    if prog == "nsenter" and _after_options(args, _NSENTER_VALUE) == len(args):
        return (prog, *args, "sh", "-c")
    return None


def cli_prefix(prog: str, args: tuple[str, ...]) -> tuple[str, ...] | None:
    """For ``vagrant ssh [NAME]`` / ``gcloud [beta] compute ssh INSTANCE`` (``cloud-shell
    ssh``) with no command: the words that, followed by the piped text, give the line form
    with its command option (``vagrant ssh -c TEXT``, ``gcloud compute ssh db --command
    TEXT``); None for anything else."""
    subs = [a for a in args if not a.startswith("-")]
    if prog == "vagrant" and subs[:1] == ["ssh"] and "--" not in args:
        return (prog, *args, "-c")
    if prog in ("fly", "flyctl") and subs[:2] == ["ssh", "console"]:  # (no -C: a shell)
        return (prog, *args, "-C")
    if prog == "az" and subs[:1] == ["ssh"] and subs[1:2] in (["vm"], ["host"], ["arc"]):
        return None if "--" in args else (prog, *args, "--")  # (az ssh vm -- CMD)
    gcloud = "compute" in subs or "cloud-shell" in subs
    if prog == "gcloud" and "ssh" in subs and gcloud and "--" not in args:
        return (prog, *args, "--command")
    return None
