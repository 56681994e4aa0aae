"""Command lines that programs run from an option or a word of theirs, besides a shell's
``-c`` (GTFOBins' "command" functions): read by the parser as ``sh -c`` lines.

Attack class: a delete or an upload hidden in another program's option. ``ssh -o
ProxyCommand='rm -rf /srv/data' x`` runs its line locally before any connection; so do
``ssh -o LocalCommand``, ``scp -S PROG``, ``man -P PAGER``, ``npx -c``, ``npm exec --``,
npm's ``--script-shell``, ``git difftool -x``, ``git bisect run``, ``git submodule foreach``,
gdb's ``!LINE`` and ``shell LINE``, psql's ``\\! LINE`` and mysql's ``system LINE``, make's
``--eval`` recipes, emacs' ``shell-command`` and expect's ``spawn``. Each
was allowed whatever its line did. Pure: no I/O.
"""

from __future__ import annotations

import re
import shlex

__all__ = ["program_lines"]

#: ssh's options (``-o Key=Value``, ``-oKey Value``) whose value is a local command line
_SSH_KEYS = ("proxycommand", "localcommand", "knownhostscommand", "remotecommand")
#: git subcommands whose words run a command line: (subcommand, how)
_GIT_RUNS = ("difftool", "mergetool", "bisect", "submodule")
#: git's global options that take the next word (git(1))
_GIT_VALUE = frozenset({"-c", "-C", "--git-dir", "--work-tree", "--namespace", "--exec-path",
                        "--config-env", "--super-prefix", "--list-cmds"})  # fmt: skip


def program_lines(prog: str, args: tuple[str, ...]) -> list[str]:
    """The command lines ``prog args`` runs from an option or a word (module docstring)."""
    if prog in ("ssh", "scp", "sftp"):
        return _ssh(prog, args)
    if prog == "man":
        return _opt(args, ("-P",), ("--pager",))
    if prog in ("npx", "npm", "pnpm", "yarn"):
        return _npm(prog, args)
    if prog == "git":
        return _git(args)
    if prog == "gdb":
        cmds = _opt(args, ("-ex", "-iex", "--ex", "--iex"), ("--eval-command",))
        return [
            c[1:] if c.startswith("!") else c[6:] for c in cmds if c.startswith(("!", "shell "))
        ]
    if prog in ("make", "gmake"):  # (make --eval='x:;LINE' x: a rule's recipe)
        return [line for text in _opt(args, (), ("--eval",)) for line in _recipes(text)]
    if prog in ("emacs", "emacsclient"):  # (emacs --batch --eval '(shell-command "LINE")')
        code = " ".join(_opt(args, ("-eval", "--eval", "-e"), ("--eval", "--execute")))
        return [m.group(1) for m in _ELISP_SHELL.finditer(code)]
    if prog == "expect":  # (expect -c 'spawn rm -rf D': Tcl's spawn, exec and system)
        code = " ".join(_opt(args, ("-c",), ()))
        return [m.group(1) for m in _TCL_RUN.finditer(code)]
    if prog == "lftp":  # (lftp -c 'CMDS' / -e 'CMDS': a command ``!LINE`` runs LINE locally)
        cmds = [c.strip() for t in _opt(args, ("-c", "-e"), ()) for c in re.split(r"[;\n]", t)]
        return [c[1:] for c in cmds if c.startswith("!")]
    if prog == "rsync":  # (-e/--rsh: the local program rsync runs to reach the host)
        return _opt(args, ("-e",), ("--rsh",))
    if prog in ("apt", "apt-get", "aptitude"):  # (-o APT::Update::Pre-Invoke::=LINE)
        values = [v.partition("=") for v in _opt(args, ("-o",), ("--option",))]
        return [line for key, _, line in values if _APT_HOOK.search(key)]
    if prog == "openvpn":  # (--up LINE ...: run on a tunnel's events)
        return _opt(args, (), _OPENVPN_HOOKS)
    if prog == "tcpdump":  # (-z CMD: run on each file it rotates)
        return _opt(args, ("-z",), ())
    if prog == "rpm":  # (rpm --eval '%(LINE)': a macro run by a shell; Lua code: opaque)
        texts = _opt(args, ("-E",), ("--eval",))
        return [DYNAMIC if m.group(1) else m.group(2) for t in texts for m in _RPM_RUN.finditer(t)]
    if prog in ("psql", "mysql", "mariadb"):
        sql = _opt(args, ("-c", "-e"), ("--command", "--execute"))
        return [s.lstrip()[2:] if s.lstrip().startswith("\\!") else s.lstrip()[7:]
                for s in sql if s.lstrip().startswith(("\\!", "system "))]  # fmt: skip
    return []


#: apt's options that name a command line it runs (apt.conf(5): ``APT::Update::Pre-Invoke``,
#: ``DPkg::Post-Invoke``, ``DPkg::Pre-Install-Pkgs``)
_APT_HOOK = re.compile(r"(?i)invoke|pre-install-pkgs")
_OPENVPN_HOOKS = ("--up", "--down", "--route-up", "--route-pre-down", "--ipchange",
                  "--client-connect", "--client-disconnect", "--learn-address", "--tls-verify",
                  "--auth-user-pass-verify")  # fmt: skip
#: an rpm macro that runs a shell line (``%(LINE)``) or Lua code (``%{lua:...}``)
_RPM_RUN = re.compile(r"%\{(lua):|%\(([^)]*)\)")
#: a value known only at run time (the shell guard's marker, :data:`.shell.DYNAMIC`)
DYNAMIC = "\x00"
#: elisp that runs a shell line (``shell-command``, ``shell-command-to-string``,
#: ``async-shell-command``) given as a string literal
_ELISP_SHELL = re.compile(r'\((?:async-)?shell-command(?:-to-string)?\s+"((?:[^"\\]|\\.)*)"')
#: Tcl's commands that run a program and its words, to the end of the Tcl command
_TCL_RUN = re.compile(r"(?:^|[;\[\n{])\s*(?:spawn|exec|system)\s+([^;\]\n}]*)")
#: make's shell function, whose text a shell runs when the makefile is read
_MAKE_SHELL = re.compile(r"\$[({]shell\s+([^)}]*)[)}]")


def _recipes(text: str) -> list[str]:
    """The recipe lines (``TARGET: DEPS; LINE``, a tab-indented line) and ``$(shell LINE)``
    calls of makefile text."""
    out = [m.group(1) for m in _MAKE_SHELL.finditer(text)]
    for line in text.split("\n"):
        if line.startswith("\t"):
            out.append(line[1:].lstrip("@-+"))
        elif ":" in line and ";" in line.partition(":")[2]:
            out.append(line.partition(":")[2].partition(";")[2].lstrip("@-+"))
    return out


def _opt(args: tuple[str, ...], short: tuple[str, ...], long: tuple[str, ...]) -> list[str]:
    """The values of the options ``short`` (``-P X``, ``-PX``) and ``long`` (``--x=X``,
    ``--x X``)."""
    out: list[str] = []
    for i, a in enumerate(args):
        nxt = args[i + 1] if i + 1 < len(args) else ""
        if a in short or a in long:
            out.append(nxt)
        elif any(a.startswith(f"{o}=") for o in long):
            out.append(a.partition("=")[2])
        elif any(len(o) == 2 and a.startswith(o) and len(a) > 2 for o in short):
            out.append(a[2:])
    return out


def _ssh(prog: str, args: tuple[str, ...]) -> list[str]:
    out = _opt(args, ("-S",), ()) if prog in ("scp", "sftp") else []
    for value in _opt(args, ("-o",), ()):
        key, _, line = value.replace("=", " ", 1).partition(" ")
        if key.lower() in _SSH_KEYS:
            out.append(line.strip())
    return out


def _npm(prog: str, args: tuple[str, ...]) -> list[str]:
    out = _opt(args, ("-c",), ("--call", "--script-shell"))
    if prog in ("npm", "pnpm") and args[:1] in (("exec",), ("x",)) and "--" in args:
        out.append(shlex.join(args[args.index("--") + 1 :]))
    return out


def _git(args: tuple[str, ...]) -> list[str]:
    i = 0
    while i < len(args) and args[i].startswith("-"):
        i += 2 if args[i] in _GIT_VALUE else 1
    if i >= len(args) or args[i] not in _GIT_RUNS:
        return []
    sub, rest = args[i], args[i + 1 :]
    if sub in ("difftool", "mergetool"):
        return _opt(rest, ("-x",), ("--extcmd",))
    if sub == "bisect":
        return [shlex.join(rest[1:])] if rest[:1] == ("run",) and rest[1:] else []
    words = [w for w in rest if not w.startswith("-")]  # (submodule [--quiet] foreach LINE)
    if words[:1] == ["foreach"] and len(words) > 1:
        return [" ".join(words[1:])]
    return []
