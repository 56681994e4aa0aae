"""Links a shell command makes, read for the write-path checks of :mod:`.shell`.

* A hard link is a second name of its source's inode: a later write to the link writes the
  source, and no path resolution sees it (the link is a plain file). Each source of a hard
  link is recorded as written (``overwrite``, besides the ``read`` it was), so it is judged
  as ``> SOURCE`` is: ``action.delete_outside`` outside the allowed paths,
  ``action.credential_write`` at a credential or auto-run path, ``action.cordon_state`` at
  cordon's own files. Hard links are made by ``ln`` and ``link`` without ``-s``
  (coreutils ln(1): ``-L``/``-P`` pick what a hard link to a symbolic link names, still a
  hard link; ``--`` ends the options, so ``ln -- A -s`` links ``A`` to a file ``-s``), by
  ``cp -l``/``--link`` (``cp -al``: a tree of hard links), by ``rsync --link-dest=DIR``
  (unchanged files hard-linked to DIR's; DIR relative to the destination), and by a
  one-liner's ``os.link``/``Path.hardlink_to``/``fs.linkSync``/``File.link``/``link()``.
* A symbolic link made earlier in the same command line (``ln -s TARGET NAME``, ``-t DIR``,
  ``-r``, ``cp -s``, ``os.symlink``/``Path.symlink_to``/``fs.symlinkSync``/
  ``File.symlink``/``symlink()``) is registered (:func:`register`), and a later path
  under NAME is also recorded under TARGET (:func:`through`): ``ln -s .git/hooks h && cat
  x > h/pre-commit`` writes a hook. A relative TARGET is relative to the link's directory
  (``-r``: to the working directory); one computed at run time is :data:`DYNAMIC` (asked
  about). NAME may be an existing directory (the link is then ``NAME/basename(TARGET)``):
  both are registered unless ``-T`` says NAME is the link (fail closed). A bind mount
  (``mount --bind``/``-B``/``--rbind``/``-o bind``, ``bindfs``) is read as such a link.
* A link whose name is known only at run time (``echo T N | xargs ln -s``, ``ln -s T
  "$N"``, ``find -exec ln -s {} N ;``, a one-liner's link call no pattern reads:
  ``getattr(os, 'sym' + 'link')``, perl's ``symlink q(T), q(N)``, an imported or aliased
  name; a command line a one-liner runs that is not written as literals) may be any path
  under the directory written before the unknown part: a later path of the line there is
  also recorded as :data:`DYNAMIC` (asked about). A Python string that is only a link
  function's name counts where the text can look a string up as a called name
  (:func:`_python_names`): ``print('link')`` is data, ``vars(os)['link']`` is asked. A command line a one-liner hands a shell
  as literals (``os.system('ln -s T N')``, ``subprocess.run([...])``, ``execSync``,
  perl's ``system``, backticks) is walked as ``sh -c``; so is a fixed ``find -exec PROG``.
  A directory an archive is extracted into or a patch applied in (``tar -xf X -C D``,
  ``unzip -d D``, ``cpio -i``, ``git apply``) may hold such a link among the members.

Attack class: ``ln ~/.c*-commander/config.json c.json && cat new.json > c.json`` (a
server's sandbox settings written from inside the project), ``ln -s ~/.ssh s && cat k >>
s/authorized_keys``. A link made by one call and written through by another is resolved at
check time (symbolic) or found by its inode (cordon's own files), not here. Pure: no I/O.
"""

from __future__ import annotations

import io
import itertools
import posixpath
import re
import shlex
import tokenize
from dataclasses import dataclass, field
from typing import Protocol

from cordon.engine.git_commands import GIT_VALUE
from cordon.engine.shell_split import split

__all__ = ["HARD_SOURCE", "Made", "code_links", "made", "physical", "record", "register", "through"]

#: stands for a value known only at run time (as :data:`cordon.engine.shell_commands.DYNAMIC`)
DYNAMIC = "\x00"
#: what a hard link's source is recorded as written by (``ln (a hard link's source)``)
HARD_SOURCE = "(a hard link's source)"
#: at most this many links followed from one path (``ln -s a b; ln -s b a``: a loop)
_MAX_HOPS = 8


class Walker(Protocol):
    def file(self, path: str, program: str, op: str) -> None: ...
    def symlink(self, name: str, target: str, relative: bool) -> None: ...
    def nested(self, text: str) -> None: ...


@dataclass
class Made:
    """What one command links: ``hard`` the sources of hard links, ``symbolic`` ``(target,
    name, relative)`` of each symbolic link (``relative``: ``ln -r``, a bind mount: the
    target relative to the working directory)."""

    hard: list[str] = field(default_factory=list)
    symbolic: list[tuple[str, str, bool]] = field(default_factory=list)
    #: shell command lines a one-liner runs (``os.system('ln -s T N')``): parsed as ``sh -c``
    lines: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------------------------
# ln, link, cp, rsync
# --------------------------------------------------------------------------------------------

#: long options (GNU coreutils 9) -> the short option they stand for ("" none of interest);
#: a unique prefix stands for the option, as getopt_long reads it
_LN_LONG = {
    "--symbolic": "-s", "--relative": "-r", "--target-directory": "-t", "--suffix": "-S",
    "--no-target-directory": "-T", "--logical": "-L", "--physical": "-P", "--backup": "",
    "--directory": "", "--force": "", "--interactive": "", "--no-dereference": "",
    "--verbose": "", "--help": "", "--version": "",
}  # fmt: skip
_CP_LONG = {
    "--link": "-l", "--symbolic-link": "-s", "--target-directory": "-t", "--suffix": "-S",
    "--no-target-directory": "-T", "--sparse": "", "--no-preserve": "", "--archive": "",
    "--attributes-only": "", "--backup": "", "--copy-contents": "", "--debug": "",
    "--dereference": "", "--force": "", "--interactive": "", "--no-clobber": "",
    "--no-dereference": "", "--preserve": "", "--parents": "", "--recursive": "",
    "--reflink": "", "--remove-destination": "", "--strip-trailing-slashes": "",
    "--update": "", "--verbose": "", "--keep-directory-symlink": "", "--one-file-system": "",
    "--context": "", "--help": "", "--version": "",
}  # fmt: skip
#: long options that take the next word as their value when written without ``=``
_LONG_VALUE = frozenset({"--target-directory", "--suffix", "--sparse", "--no-preserve"})


def _long(name: str, known: dict[str, str]) -> str:
    if name in known:
        return name
    fits = [k for k in known if k.startswith(name)]
    return fits[0] if len(fits) == 1 and len(name) > 2 else name


def _words(args: tuple[str, ...], known: dict[str, str]) -> tuple[list[str], dict[str, str]]:
    """(operands, {short option: value}) of ln or cp; an unknown long option is kept as
    written (so it is no ``-s``: a link read as hard, fail closed)."""
    plain: list[str] = []
    opts: dict[str, str] = {}
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        if a == "--":
            plain.extend(args[i:])
            break
        if a.startswith("--"):
            name, eq, value = a.partition("=")
            name = _long(name, known)
            if not eq and name in _LONG_VALUE and i < len(args):
                value, i = args[i], i + 1
            opts[known.get(name) or name] = value
        elif a.startswith("-") and len(a) > 1:
            for j, c in enumerate(a[1:], 1):
                if c in "tS":  # (-t DIR, -tDIR, -S SUFFIX: the rest of the bundle or the next)
                    value = a[j + 1 :]
                    if not value and i < len(args):
                        value, i = args[i], i + 1
                    opts["-" + c] = value
                    break
                opts["-" + c] = ""
        else:
            plain.append(a)
    return plain, opts


def _names(plain: list[str], opts: dict[str, str], single: bool) -> list[tuple[str, str]]:
    """``(source, link path)`` of each link of ``ln``/``cp`` operands (``single``: one operand
    links into the working directory, as ``ln TARGET`` does)."""
    if "-t" in opts:
        return [(s, posixpath.join(opts["-t"], _base(s))) for s in plain]
    if len(plain) == 1 and single:
        return [(plain[0], _base(plain[0]))]
    if len(plain) < 2:
        return []
    *sources, dest = plain
    if len(sources) > 1:
        return [(s, posixpath.join(dest, _base(s))) for s in sources]
    into = [] if "-T" in opts else [(sources[0], posixpath.join(dest, _base(sources[0])))]
    return [(sources[0], dest), *into]  # (DEST may be a directory: the link is inside it)


def _base(path: str) -> str:
    return posixpath.basename(path.rstrip("/")) or path


def made(prog: str, args: tuple[str, ...]) -> Made | None:
    """What ``prog args`` links (module docstring); None for a program that links nothing."""
    if prog == "link":
        plain = [a for a in args if a != "--"]
        return Made(hard=plain[:1]) if len(plain) == 2 else None
    if prog == "rsync":
        return _rsync(args)
    if prog == "find":
        return _find(args)
    if prog in ("mount", "bindfs"):
        return _bind(prog, args)
    if prog not in ("ln", "cp"):
        return None
    plain, opts = _words(args, _LN_LONG if prog == "ln" else _CP_LONG)
    links = _names(plain, opts, prog == "ln")
    if prog == "cp" and "-l" in opts:  # (-l with -s: cp refuses; read as hard, fail closed)
        return Made(hard=list(dict.fromkeys(s for s, _ in links)))
    if "-s" in opts:
        return Made(symbolic=[(s, n, "-r" in opts) for s, n in links])
    if prog == "ln":
        return Made(hard=list(dict.fromkeys(s for s, _ in links)))
    return None


#: programs :func:`made` reads, as ``find -exec PROG ... {} ;`` runs them
_LINKERS = frozenset({"ln", "link", "cp", "rsync", "mount", "bindfs"})


def _find(args: tuple[str, ...]) -> Made | None:
    """The links ``find -exec ln ... {} ;`` makes: each found path is known only at run time
    (:data:`DYNAMIC`); ``-execdir`` runs in the found path's directory, so a relative name
    is under one known only then. A command without ``{}`` is a fixed line, walked as
    ``sh -c`` (:func:`cordon.engine.shell_wrappers.command_lines`)."""
    found = Made()
    for k, a in enumerate(args[:-1]):
        if a not in ("-exec", "-execdir", "-ok", "-okdir"):
            continue
        end = next((j for j in range(k + 1, len(args)) if args[j] in (";", "+")), len(args))
        inner = args[k + 1 : end]
        if not any("{}" in x for x in inner):
            continue
        from cordon.engine.shell_wrappers import unwrap  # (it imports this module's users)

        prog, rest, _ = unwrap(list(inner))  # (-exec sudo ln -s {} N)
        if prog not in _LINKERS:
            continue
        here = a.endswith("dir")
        words = tuple(
            x.replace("{}", DYNAMIC) if x.startswith("-") or not here or x.startswith("/")
            else f"{DYNAMIC}/{x.replace('{}', DYNAMIC)}"
            for x in rest
        )  # fmt: skip
        sub = made(prog, words)
        if sub is not None:
            found.hard += sub.hard
            found.symbolic += sub.symbolic
    return found if found.hard or found.symbolic else None


#: mount options that take the next word as their value (mount(8))
_MOUNT_VALUE = frozenset({"-t", "--types", "-o", "--options", "-O", "--test-opts", "-L",
                          "--label", "-U", "--uuid", "-T", "--fstab", "-N", "--namespace",
                          "--source", "--target", "--target-prefix"})  # fmt: skip
_BINDFS_VALUE = frozenset({"-o", "-u", "-g", "-p", "-m", "-M"})
_BIND_FLAGS = frozenset({"-B", "--bind", "-R", "--rbind", "-M", "--move"})


def _bind(prog: str, args: tuple[str, ...]) -> Made | None:
    """``mount --bind SRC DIR`` (``-B``, ``--rbind``, ``-o bind``, ``--move``) and ``bindfs
    SRC DIR`` show SRC's files under DIR: a write under DIR writes SRC's, as under a
    symbolic link (SRC relative to the working directory)."""
    plain, opts = split(args, _MOUNT_VALUE if prog == "mount" else _MOUNT_VALUE | _BINDFS_VALUE)
    named = dict(opts)
    bind = prog == "bindfs" or any(
        k in _BIND_FLAGS or (k in ("-o", "--options") and _binds(v)) for k, v in opts
    )
    if "--source" in named:
        plain.insert(0, named["--source"])
    if "--target" in named:
        plain.append(named["--target"])
    if not bind or len(plain) < 2:
        return None
    return Made(symbolic=[(plain[-2], plain[-1], True)])


def _binds(options: str) -> bool:
    return any(o in ("bind", "rbind", "move") for o in options.split(","))


#: rsync options that take the next word as their value (rsync(1)); the rest take none or
#: only ``--opt=VALUE``
_RSYNC_VALUE = frozenset(
    {"-e", "--rsh", "-f", "--filter", "--exclude", "--include", "--exclude-from",
     "--include-from", "--files-from", "-T", "--temp-dir", "--link-dest", "--compare-dest",
     "--copy-dest", "--backup-dir", "--suffix", "--chmod", "--rsync-path", "-B",
     "--block-size", "--partial-dir", "--log-file", "--log-file-format", "--bwlimit",
     "--timeout", "--port", "--password-file", "-M", "--remote-option", "--chown",
     "--usermap", "--groupmap", "--out-format", "--max-size", "--min-size", "--max-delete",
     "--modify-window", "--info", "--debug", "--checksum-choice", "--compress-choice",
     "--compress-level", "--skip-compress", "--iconv", "--sockopts", "--address",
     "--contimeout", "--write-batch", "--only-write-batch", "--read-batch", "--protocol",
     "--outbuf", "--stop-after", "--stop-at", "--max-alloc", "--early-input"}
)  # fmt: skip


def _rsync(args: tuple[str, ...]) -> Made | None:
    """``rsync --link-dest=DIR SRC DEST``: DEST's unchanged files become hard links to DIR's
    (a relative DIR is relative to DEST); judged as a write to DIR."""
    plain, opts = split(args, _RSYNC_VALUE)
    dirs = [v for k, v in opts if k == "--link-dest" and v]
    if not dirs:
        return None
    dest = plain[-1] if len(plain) > 1 else None
    if dest is not None and re.match(r"^[^/.~][^/]*:", dest):
        return None  # (a remote destination: the links are made on that host)
    return Made(hard=[d if d.startswith(("/", "~")) or dest is None else
                      posixpath.join(dest, d) for d in dirs])  # fmt: skip


def record(w: Walker, prog: str, args: tuple[str, ...], found: Made | None = None) -> None:
    """Record on ``w`` what ``prog args`` links (or what ``found`` says a one-liner of
    ``prog`` links): each hard link's source written (and read), each symbolic link
    registered."""
    if found is None:
        for d in _extracted(prog, args):  # (tar -xf X -C D: a member may link out of D)
            w.symlink(posixpath.join(d, DYNAMIC), DYNAMIC, False)
    found = made(prog, args) if found is None else found
    if found is None:
        return
    for src in found.hard:
        w.file(src, prog, "read")
        w.file(src, f"{prog} {HARD_SOURCE}", "overwrite")
    for target, name, relative in found.symbolic:
        w.symlink(name, target, relative)
    for line in found.lines:  # (os.system('ln -s T N'): a shell runs the line)
        w.nested(line)


#: programs that make the files an archive or a patch names, symbolic links among them
_EXTRACTORS = frozenset({"tar", "gtar", "bsdtar", "unzip", "7z", "7za", "7zr", "7zz", "cpio",
                         "patch", "git"})  # fmt: skip


def _extracted(prog: str, args: tuple[str, ...]) -> list[str]:
    """The directories ``prog args`` extracts an archive or applies a patch into: a member
    may be a symbolic link out of one (``h -> ../.git/hooks``; tar, unzip and git apply make
    it with any target and refuse only to write through it themselves), so a later path
    under it is one named at run time (:func:`register`)."""
    if prog not in _EXTRACTORS:
        return []
    from cordon.engine.autorun_writes import member_dirs  # (it imports this module)

    return member_dirs(prog, args) + (_cloned(args) if prog == "git" else [])


#: git clone options that take the next word as their value (git-clone(1))
_CLONE_VALUE = frozenset({"-o", "--origin", "-b", "--branch", "-u", "--upload-pack",
                          "--reference", "--reference-if-able", "--template", "-c", "--config",
                          "--depth", "--shallow-since", "--shallow-exclude",
                          "--separate-git-dir", "-j", "--jobs", "--filter",
                          "--server-option", "--bundle-uri", "--ref-format"})  # fmt: skip


def _cloned(args: tuple[str, ...]) -> list[str]:
    """``git clone URL [DIR]``: the work tree it checks out (a committed symbolic link
    among the files); DIR, else the URL's last name without ``.git``."""
    plain: list[str] = []
    where, skip = "", ""
    for a in args:
        if skip:
            where = posixpath.join(where, a) if skip == "-C" and not plain else where
            skip = ""
        elif a.startswith("-"):
            skip = a if a in (_CLONE_VALUE if plain[:1] == ["clone"] else GIT_VALUE) else ""
        else:
            plain.append(a)
    if plain[:1] != ["clone"] or len(plain) < 2:
        return []
    name = posixpath.basename(plain[1].rstrip("/").split(":")[-1]).removesuffix(".git")
    return [posixpath.join(where, plain[2] if len(plain) > 2 else name or DYNAMIC)]


# --------------------------------------------------------------------------------------------
# Interpreter one-liners
# --------------------------------------------------------------------------------------------

#: (families, call head, kind): ``symlink`` calls take (target, link), ``link`` calls
#: (source, link); a ``Path(P).…_to(X)`` call's link is P
_CALLS: tuple[tuple[frozenset[str], re.Pattern[str], str], ...] = tuple(
    (frozenset(fams), re.compile(head), kind)
    for fams, head, kind in (
        (("python",), r"\bos\.symlink\s*\(", "symlink"),
        (("python",), r"\bos\.link\s*\(", "link"),
        (("node",), r"(?:\.|(?<![\w$.]))symlink(?:Sync)?\s*\(|\bDeno\.symlink(?:Sync)?\s*\(",
         "symlink"),
        (("node",), r"(?:\.|(?<![\w$.]))link(?:Sync)?\s*\(|\bDeno\.link(?:Sync)?\s*\(", "link"),
        (("ruby",), r"\b(?:File|FileUtils)\.(?:symlink|ln_s|ln_sf)\s*\(", "symlink"),
        (("ruby",), r"\b(?:File\.link|FileUtils\.ln)\s*\(", "link"),
        (("perl", "php"), r"(?<![\w$>:-])symlink\s*\(", "symlink"),
        (("perl", "php"), r"(?<![\w$>:.-])link\s*\(", "link"),
    )
)  # fmt: skip
_PATHLIB_RE = re.compile(
    r"\bPath\(\s*[rRbBuUfF]{0,2}([\"'])([^\"'\\\n]*)\1\s*\)(?:\.expanduser\(\))?"
    r"\.(symlink_to|hardlink_to)\s*\("
)
_LITERAL_RE = re.compile(
    r"^\s*(?:os\.path\.expanduser\(\s*)?[rRbBuUfF]{0,2}([\"'`])([^\"'`\\\n]*)\1\s*\)?\s*$"
)


def _arguments(code: str, start: int) -> list[str]:
    """The top-level arguments of the call whose ``(`` ends at ``start``, as written."""
    out: list[str] = []
    depth, quote, begin = 0, "", start
    for i in range(start, min(len(code), start + 2000)):
        c = code[i]
        if quote:
            quote = "" if c == quote and code[i - 1] != "\\" else quote
        elif c in "\"'`":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}" and depth:
            depth -= 1
        elif c in ",)" and not depth:
            out.append(code[begin:i])
            begin = i + 1
            if c == ")":
                break
    return out


def _literal(arg: str) -> str:
    """A path written as a string literal (``'x'``, ``os.path.expanduser('~/x')``), else
    :data:`DYNAMIC`."""
    m = _LITERAL_RE.match(arg)
    return m.group(2) if m is not None and ("(" not in arg or "expanduser" in arg) else DYNAMIC


#: the names of each family's link calls, however the call is spelled (``getattr(os,
#: 'link')``, ``from os import symlink``, perl's ``symlink A, B``): one the call patterns
#: above did not read makes a link named at run time (:func:`register`)
#: a plain ``link`` named as a call, a quoted name or a bound name (``getattr(os,
#: 'link')(S, N)``, ``from os import link``): a hard link whose source no pattern read
_HARD_WORD = re.compile(r"(?<![\w.])['\"]?link(?:Sync)?['\"]?\s*[(),;]|\bimport\s+link\b")
_LINK_WORDS = {
    "python": re.compile(r"\b(?:sym)?link\b|\b(?:sym|hard)link_to\b"),
    "node": re.compile(r"\b(?:sym)?link(?:Sync)?\b"),
    "ruby": re.compile(r"\b(?:sym)?link\b|\bln(?:_sf?)?\b"),
    "perl": re.compile(r"\b(?:sym)?link\b"),
    "php": re.compile(r"\b(?:sym)?link\b"),
}
#: calls that run a command: (families, call head, form): ``line`` the first argument is
#: a shell line, or a list of words (``subprocess.run(['ln', '-s', T, N])``); ``argv`` a
#: program then a list of its arguments (``spawnSync('ln', ['-s', T, N])``); ``words`` a
#: line, or the words of every argument (perl's ``system('ln', '-s', T, N)``)
_SHELL_CALLS: tuple[tuple[frozenset[str], re.Pattern[str], str], ...] = tuple(
    (frozenset(fams), re.compile(head), form)
    for fams, head, form in (
        (("python",), r"\bos\.(?:system|popen)\s*\(|\bsubprocess\.(?:run|call|check_call|"
                      r"check_output|Popen|getoutput|getstatusoutput)\s*\("
                      r"|\basyncio\.create_subprocess_shell\s*\(", "line"),
        (("python",), r"\basyncio\.create_subprocess_exec\s*\(", "words"),
        (("node",), r"\b(?:exec|execSync)\s*\(", "line"),
        (("node",), r"\b(?:execFile|execFileSync|spawn|spawnSync)\s*\(", "argv"),
        (("ruby", "perl", "php"), r"(?<![\w$>:.-])(?:system|exec|spawn|shell_exec|passthru|"
                                  r"popen|proc_open)\b\s*\(?", "words"),
    )
)  # fmt: skip
#: the names of each family's calls that run a command, however the call is spelled
#: (``import subprocess as s; s.call(...)``, ``{execSync: x} = require(...)``): one the
#: patterns above did not read runs a line known only at run time
_RUN_WORDS = {
    "python": re.compile(
        r"\b(?:system|popen|call|check_call|check_output|Popen|getoutput|"
        r"getstatusoutput|spawn[lv]p?e?|exec[lv]p?e?|create_subprocess_(?:shell|exec))\b"
    ),
    "node": re.compile(r"\b(?:exec|execSync|execFile|execFileSync|spawn|spawnSync)\b"),
}
#: command text run by a shell as written: backticks (perl, ruby, php), ``qx(...)``,
#: ``%x(...)``
_BACKTICKS_RE = re.compile(r"`([^`]*)`|\bqx\s*([({\[])(.*?)[)}\]]|%x\(([^)]*)\)")


def _shell_lines(family: str, code: str) -> list[str]:
    """The shell command lines literal program text runs (``os.system('ln -s T N')``):
    :data:`DYNAMIC` for one not written as literals (not asked about itself: ordinary code
    starts processes; a later write of the line is, as after a link named at run time)."""
    out: list[str] = []
    for fams, rx, form in _SHELL_CALLS:
        if family not in fams:
            continue
        for m in rx.finditer(code):
            if m.group().endswith("("):
                args = _arguments(code, m.end())
            else:  # (perl's system LIST; without parentheses: to the statement's end)
                end = code.find(";", m.end())
                args = _arguments(code[m.end() : len(code) if end < 0 else end] + ")", 0)
            out.append(_line(args, form))
    words = _RUN_WORDS.get(family)
    if words is not None and len(words.findall(code)) + _python_run(family, code) > len(out):
        out.append(DYNAMIC)
    if family not in ("python", "node"):
        for m in _BACKTICKS_RE.finditer(code):
            text = next(g for g in (m.group(1), m.group(3), m.group(4)) if g is not None)
            out.append(DYNAMIC if "$" in text or "#{" in text else text)
    return out


def _python_run(family: str, code: str) -> int:
    """``run`` names a subprocess call only where the code names the module (``from
    subprocess import run``; ``asyncio.run`` is not one)."""
    if family != "python" or "subprocess" not in code:
        return 0
    return len(re.findall(r"\brun\b", code))


def _line(args: list[str], form: str) -> str:
    """The command line a call's arguments (as written) make (:data:`_SHELL_CALLS`)."""
    first = args[0].strip() if args else ""
    if form == "argv":
        rest = _list(args[1]) if len(args) > 1 and args[1].strip().startswith("[") else []
        words = [_literal(first), *rest]
    elif form == "words" and len([a for a in args if a.strip()]) > 1:
        words = [_literal(a) for a in args if a.strip()]
    elif first.startswith("["):
        words = _list(first)
    else:
        return _literal(first)
    return DYNAMIC if DYNAMIC in "".join(words) else shlex.join(words)


def _list(text: str) -> list[str]:
    """The items of a list literal (``['ln', '-s', 'a', 'b']``), each a literal or
    :data:`DYNAMIC`."""
    text = text.strip()
    if not text.endswith("]") or not text[1:-1].strip():
        return [DYNAMIC]
    return [_literal(x) for x in _arguments(text[1:-1] + ")", 0)]


def code_links(family: str, code: str) -> Made:
    """What literal program text of the interpreter ``family`` links (module docstring), and
    the shell lines it runs: a link call not read (its name not a literal, or the call
    spelled so no pattern reads it) is a link named at run time."""
    found = Made()
    if family in _LINK_WORDS:
        lines = _shell_lines(family, code)
        found.lines = [x for x in lines if DYNAMIC not in x]
        if len(found.lines) < len(lines):  # (os.system(cmd): it may make any link)
            found.symbolic.append((DYNAMIC, DYNAMIC, False))
    scan, looked_up = _python_names(code) if family == "python" else (code, False)
    if family == "node":  # (console.log('link'): a name printed, not called)
        scan = _JS_PRINTED.sub(lambda m: m[1] + " " * len(m[2]) + m[4], scan)
        looked_up = _JS_INDEXED.search(scan) is not None  # (fs['link'](S, N))
    if looked_up:  # (os.__dict__['link'](S, N): a hard link whose source no pattern read)
        found.hard.append(DYNAMIC)
    if "link" not in scan.lower() and not (family == "ruby" and "ln" in code):
        return found
    calls = 0
    unread = scan  # (the text outside the calls read: a hard link named there, below)
    for fams, rx, kind in _CALLS:
        if family not in fams:
            continue
        for m in rx.finditer(code):
            calls += 1
            unread = unread[: m.start()] + " " * (m.end() - m.start()) + unread[m.end() :]
            args = [_literal(a) for a in _arguments(code, m.end())]
            if len(args) < 2:  # (os.link(*pair): a source no later check finds; asked)
                found.hard += [DYNAMIC] if kind == "link" else []
                found.symbolic.append((DYNAMIC, DYNAMIC, False))
            elif kind == "link":
                found.hard.append(args[0])
            else:
                found.symbolic.append((args[0], args[1], False))
    if family == "python":
        for m in _PATHLIB_RE.finditer(code):
            calls += 1
            args = [_literal(a) for a in _arguments(code, m.end())]
            if not args:
                continue
            if m.group(3) == "hardlink_to":
                found.hard.append(args[0])
            else:
                found.symbolic.append((args[0], m.group(2), False))
    words = _LINK_WORDS.get(family)
    if words is not None and len(words.findall(scan)) > calls:
        found.symbolic.append((DYNAMIC, DYNAMIC, False))  # (getattr(os, 'sym' + 'link'))
        if _HARD_WORD.search(unread):  # (getattr(os, 'link')(S, N): asked at once)
            found.hard.append(DYNAMIC)
    return found


#: Python names through which a string becomes the name of a function called (``getattr(os,
#: 'link')``, ``operator.methodcaller('link', S, N)(os)``, ``vars(os)['link']``, a C
#: library's symbol, a pickle's global), besides any ``__dunder__`` (``os.__dict__``)
_PY_LOOKUPS = frozenset(
    {"getattr", "vars", "globals", "locals", "eval", "exec", "compile", "import_module",
     "attrgetter", "methodcaller", "getmembers", "getattr_static", "ctypes", "_ctypes", "CDLL",
     "cdll", "PyDLL", "pydll", "LoadLibrary", "dlsym", "loads", "load", "reduce", "locate",
     "resolve_name", "partial", "dir"}
)  # fmt: skip
#: the lookups that make a namespace to index by a name (``vars(os)['link']``)
_PY_NAMESPACES = frozenset(
    {"vars", "globals", "locals", "getmembers", "ctypes", "_ctypes", "CDLL", "cdll", "PyDLL",
     "pydll", "LoadLibrary"}
)  # fmt: skip
_PY_NAME_LITERAL = re.compile(r"[rRbBuU]{0,2}(['\"])(?:sym|hard)?link(?:_to)?\1")


#: a link function's name as the only argument of a console call: printed, not called
_JS_PRINTED = re.compile(
    r"(\bconsole\.(?:log|error|warn|info|debug)\(\s*)(([\"'])(?:sym)?link(?:Sync)?\3)(\s*\))"
)


#: a link function's name indexing an object: ``fs['link'](S, N)``, a property looked up
_JS_INDEXED = re.compile(r"\[\s*([\"'`])(?:sym)?link(?:Sync)?\1\s*\]")


def _python_names(code: str) -> tuple[str, bool]:
    """``code`` with each string literal that is only a link function's name (``'link'``,
    ``"symlink"``) blanked when the text holds no lookup that makes a string a called name
    (:data:`_PY_LOOKUPS`, a ``__dunder__``): such a literal is data (``print('link')``, a
    dict key). Read with Python's own tokenizer; text it cannot read is returned as it is
    (fail closed). Second: a name literal indexes a namespace (``os.__dict__['link']``,
    ``vars(os)['link']``): a hard link whose source no pattern reads."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (tokenize.TokenError, SyntaxError):
        return code, False
    starts = list(itertools.accumulate((len(x) + 1 for x in code.split("\n")), initial=0))
    names = {t.string for t in tokens if t.type == tokenize.NAME}
    dunder = any(n.startswith("__") and n.endswith("__") for n in names)
    literals = [
        (k, t)
        for k, t in enumerate(tokens)
        if t.type == tokenize.STRING and _PY_NAME_LITERAL.fullmatch(t.string)
    ]
    if dunder or names & _PY_LOOKUPS:
        spaces = dunder or bool(names & _PY_NAMESPACES)
        return code, spaces and any(k and tokens[k - 1].string == "[" for k, _t in literals)
    out = code
    for _k, t in literals:
        begin, end = starts[t.start[0] - 1] + t.start[1], starts[t.end[0] - 1] + t.end[1]
        if code[begin:end] != t.string:
            return code, False  # (a line the tokenizer split elsewhere: read it all)
        out = out[:begin] + " " * (end - begin) + out[end:]
    return out, False


# --------------------------------------------------------------------------------------------
# The links of one command line
# --------------------------------------------------------------------------------------------


def register(links: dict[str, str], name: str, target: str, from_cwd: str | None) -> None:
    """Record the symbolic link ``name`` (as :attr:`ShellFacts.written` keys a path) to
    ``target`` as written; ``from_cwd``: the target joined with the working directory
    (``ln -r``), else a relative target is read from the link's own directory."""
    if DYNAMIC in name:  # (xargs ln -s, ln -s T "$N": any later path under its directory)
        links[name] = DYNAMIC
        return
    if from_cwd is not None and DYNAMIC not in target:
        resolved = from_cwd
    elif DYNAMIC in target:
        resolved = DYNAMIC
    elif target.startswith(("/", "~")):
        resolved = target
    else:
        resolved = posixpath.join(posixpath.dirname(name), target)
    lexical = posixpath.normpath(resolved) if resolved != DYNAMIC else resolved
    if lexical == posixpath.normpath(name):
        return  # (ln -s a b, read as b/a -> b/a: no link)
    if ".." in resolved.split("/"):  # (ln -s t/.. p after ln -s d/e t: t/.. is d)
        lexical = physical(links, resolved)
    links[posixpath.normpath(name)] = lexical


def physical(links: dict[str, str], path: str) -> str:
    """``path`` as the kernel walks it: a component that is a link of ``links`` is replaced
    by its target before a later ``..`` climbs from it (``t/../workflows`` after ``ln -s
    .github/ISSUE_TEMPLATE t`` is ``.github/workflows``; normalised as text, it was
    ``workflows``)."""
    out: list[str] = []
    hops = 0
    for part in path.split("/"):
        if part in ("", "."):
            out += [""] if not out and path.startswith("/") else []
            continue
        if part == ".." and out and out[-1] not in ("..", ""):
            out.pop()
            continue
        out.append(part)
        target = links.get("/".join(out))
        if target is not None and DYNAMIC not in target and hops < _MAX_HOPS:
            hops += 1
            out = target.split("/") if target != "." else []
    return posixpath.normpath("/".join(out) or ".")


def _may_be_under(name: str, key: str) -> bool:
    """``key`` may lie under ``name``, a link named at run time: ``lib/`` + a name from stdin
    (``xargs ln -s -t lib``) may be any name in ``lib``, ``"$N"`` any path at all."""
    if DYNAMIC not in name or DYNAMIC in key:
        return False
    known = name[: name.index(DYNAMIC)]
    directory = known[: known.rfind("/") + 1]
    return key.startswith(directory)


def through(links: dict[str, str], key: str) -> list[str]:
    """``key`` (a path joined with its working directory) read through each link of
    ``links`` it lies under, one path per link followed (``ln -s .git a; ln -s a/hooks b``:
    ``b/x`` is ``a/hooks/x``, then ``.git/hooks/x``); :data:`DYNAMIC` first when ``key`` may
    lie under a link named at run time (fail closed: the write is asked about)."""
    out: list[str] = [DYNAMIC] if any(_may_be_under(n, key) for n in links) else []
    for _ in range(_MAX_HOPS if links else 0):
        name = max(
            (n for n in links if DYNAMIC not in n and (key == n or key.startswith(n + "/"))),
            key=len,
            default=None,
        )
        if name is None:
            break
        target = links[name]
        rest = key[len(name) + 1 :]
        key = posixpath.normpath(posixpath.join(target, rest)) if rest else target
        if key in out:
            break  # (a loop: ln -s a b; ln -s b a)
        out.append(key)
    return out
