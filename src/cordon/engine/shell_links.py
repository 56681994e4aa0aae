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
  both are registered unless ``-T`` says NAME is the link (fail closed).

Attack class: ``ln ~/.c*-commander/config.json c.json && cat new.json > c.json`` (a
server's sandbox settings written from inside the project), ``ln -s ~/.ssh s && cat k >>
s/authorized_keys``. A link made by one call and written through by another is resolved at
check time (symbolic) or found by its inode (cordon's own files), not here. Pure: no I/O.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from typing import Protocol

__all__ = ["HARD_SOURCE", "Made", "code_links", "made", "record", "register", "through"]

#: stands for a value known only at run time (as :data:`cordon.engine.shell_commands.DYNAMIC`)
DYNAMIC = "\x00"
#: what a hard link's source is recorded as written by (``ln (a hard link's source)``)
HARD_SOURCE = "(a hard link's source)"
#: at most this many links followed from one path (``ln -s a b; ln -s b a``: a loop)
_MAX_HOPS = 8


class Walker(Protocol):
    def file(self, path: str, program: str, op: str) -> None: ...
    def symlink(self, name: str, target: str, relative: bool) -> None: ...


@dataclass
class Made:
    """What one command links: ``hard`` the sources of hard links, ``symbolic`` ``(target,
    name, relative)`` of each symbolic link (``relative``: ``ln -r``, the target relative
    to the working directory)."""

    hard: list[str] = field(default_factory=list)
    symbolic: list[tuple[str, str, bool]] = field(default_factory=list)


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
    plain: list[str] = []
    dirs: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        name, eq, value = a.partition("=")
        if a == "--":
            plain.extend(args[i:])
            break
        if a.startswith("-") and not eq and name in _RSYNC_VALUE and i < len(args):
            value, i = args[i], i + 1
        elif not a.startswith("-"):
            plain.append(a)
            continue
        if name == "--link-dest" and value:
            dirs.append(value)
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
    found = made(prog, args) if found is None else found
    if found is None:
        return
    for src in found.hard:
        w.file(src, prog, "read")
        w.file(src, f"{prog} {HARD_SOURCE}", "overwrite")
    for target, name, relative in found.symbolic:
        w.symlink(name, target, relative)


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


def code_links(family: str, code: str) -> Made:
    """What literal program text of the interpreter ``family`` links (module docstring):
    a link whose name is not a literal is not read (its later use is not known either)."""
    found = Made()
    if "link" not in code.lower():
        return found
    for fams, rx, kind in _CALLS:
        if family not in fams:
            continue
        for m in rx.finditer(code):
            args = [_literal(a) for a in _arguments(code, m.end())]
            if len(args) < 2:
                continue
            if kind == "link":
                found.hard.append(args[0])
            elif DYNAMIC not in args[1]:
                found.symbolic.append((args[0], args[1], False))
    if family == "python":
        for m in _PATHLIB_RE.finditer(code):
            args = [_literal(a) for a in _arguments(code, m.end())]
            if not args:
                continue
            if m.group(3) == "hardlink_to":
                found.hard.append(args[0])
            else:
                found.symbolic.append((args[0], m.group(2), False))
    return found


# --------------------------------------------------------------------------------------------
# The links of one command line
# --------------------------------------------------------------------------------------------


def register(links: dict[str, str], name: str, target: str, from_cwd: str | None) -> None:
    """Record the symbolic link ``name`` (as :attr:`ShellFacts.written` keys a path) to
    ``target`` as written; ``from_cwd``: the target joined with the working directory
    (``ln -r``), else a relative target is read from the link's own directory."""
    if DYNAMIC in name:
        return  # (a link named at run time: its write was asked about as computed)
    if from_cwd is not None and DYNAMIC not in target:
        resolved = from_cwd
    elif DYNAMIC in target:
        resolved = DYNAMIC
    elif target.startswith(("/", "~")):
        resolved = target
    else:
        resolved = posixpath.normpath(posixpath.join(posixpath.dirname(name), target))
    if resolved != posixpath.normpath(name):  # (ln -s a b, read as b/a -> b/a: no link)
        links[posixpath.normpath(name)] = resolved


def through(links: dict[str, str], key: str) -> list[str]:
    """``key`` (a path joined with its working directory) read through each link of
    ``links`` it lies under, one path per link followed (``ln -s .git a; ln -s a/hooks b``:
    ``b/x`` is ``a/hooks/x``, then ``.git/hooks/x``)."""
    out: list[str] = []
    for _ in range(_MAX_HOPS if links else 0):
        name = max((n for n in links if key == n or key.startswith(n + "/")), key=len, default=None)
        if name is None:
            break
        target = links[name]
        rest = key[len(name) + 1 :]
        key = posixpath.normpath(posixpath.join(target, rest)) if rest else target
        if key in out:
            break  # (a loop: ln -s a b; ln -s b a)
        out.append(key)
    return out
