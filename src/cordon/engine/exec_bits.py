"""Paths a command makes runnable or creates under a name it does not spell out: ``chmod``
and ``setfacl`` granting execute, ``mktemp``'s file, for the auto-run check of
:mod:`.autorun_writes`.

Attack class: git runs a hook only when it is executable (githooks(5): "a non-executable
hook is ignored", with a warning); so does husky's ``.husky/<hook>`` through git. A hook
file written earlier without the bit (a ``pre-commit.sample`` kept, a file written
by a file tool that asked nothing of a non-hook name, then renamed...) is made live by
``chmod +x .git/hooks/pre-commit``, ``chmod 755``, ``chmod -R u+x .git/hooks``, ``setfacl -m
u::rwx``. ``mktemp -p .git/hooks`` / ``mktemp .github/workflows/XXXXXX --suffix=.yml``
creates a file in an auto-run directory whose name no word holds. Each is judged as a
write at that path (asked there, as ``touch`` is); a mode that grants no execute
(``chmod 644``, ``chmod -x``), a ``mktemp`` in the temporary directory, are not. Pure.
"""

from __future__ import annotations

import posixpath
import re

from cordon.engine.shell_split import split

__all__ = ["made_runnable", "recursive", "tmpdir_args"]

#: a symbolic mode clause list (chmod(1): ``[ugoa]*([-+=]([rwxXst]*|[ugo]))+``, comma-joined)
_SYMBOLIC_RE = re.compile(
    r"(?:[ugoa]*(?:[-+=](?:[rwxXst]*|[ugo]))+)(?:,[ugoa]*(?:[-+=](?:[rwxXst]*|[ugo]))+)*"
)
_OCTAL_RE = re.compile(r"[0-7]{1,5}")
_CHMOD_VALUE = frozenset({"--reference"})
_SETFACL_VALUE = frozenset({"-m", "--modify", "-M", "--modify-file", "--set", "--set-file"})
_MKTEMP_VALUE = frozenset({"-p", "--suffix"})


def _grants_x(mode: str) -> bool:
    """``mode`` (octal or symbolic) sets an execute bit; an unreadable mode does (fail closed)."""
    if _OCTAL_RE.fullmatch(mode):
        return any(int(d) & 1 for d in mode[-3:])
    if not _SYMBOLIC_RE.fullmatch(mode):
        return True
    for clause in mode.split(","):
        for op, perms in re.findall(r"([-+=])([rwxXstugo]*)", clause):
            if op in "+=" and (set(perms) & set("xXugo")):
                return True  # (u=g copies group's bits, execute among them: fail closed)
    return False


def _chmod(args: tuple[str, ...]) -> list[str]:
    words = list(args)
    mode_at = next(
        (k for k, a in enumerate(words) if _OCTAL_RE.fullmatch(a) or _SYMBOLIC_RE.fullmatch(a)),
        None,
    )  # (chmod -x F: the mode looks like an option; GNU chmod reads it as a mode)
    mode = words.pop(mode_at) if mode_at is not None else ""
    plain, opts = split(tuple(words), _CHMOD_VALUE)
    if any(k == "--reference" for k, _ in opts):
        return plain  # (the mode of another file: not known here)
    if mode_at is None:
        plain = plain[1:]  # (the first operand is the mode)
    return plain if not mode or _grants_x(mode) else []


def _setfacl(args: tuple[str, ...]) -> list[str]:
    plain, opts = split(args, _SETFACL_VALUE)
    specs = [v for k, v in opts if k in _SETFACL_VALUE]
    grants = any(k in ("-M", "--modify-file", "--set-file") for k, _ in opts) or any(
        "x" in entry.rpartition(":")[2].lower() or "x" in entry.split(":")[-1]
        for spec in specs
        for entry in spec.split(",")
    )
    return plain if grants else []


def _mktemp(args: tuple[str, ...]) -> list[str]:
    """The file or directory ``mktemp ARGS`` creates when it is not in the temporary
    directory: ``-p DIR``/``--tmpdir=DIR``, or a template given without ``-t``, ``-p`` or
    ``--tmpdir`` (made in the working directory: ``cd .git/hooks && mktemp x.XXX``)."""
    plain, opts = split(args, _MKTEMP_VALUE)
    named = dict(opts)
    if "-u" in named or "--dry-run" in named:
        return []  # (a name only: nothing is created)
    where = named.get("-p") or named.get("--tmpdir") or None
    template = plain[0] if plain else "tmp.XXXXXXXXXX"
    if where is None and ({"-t", "-p", "--tmpdir"} & named.keys() or not plain):
        return []  # (in $TMPDIR or /tmp)
    path = posixpath.join(where, template) if where is not None else template
    return [path + named.get("--suffix", "")]


def tmpdir_args(args: tuple[str, ...], tmpdir: str | None) -> tuple[str, ...]:
    """``mktemp ARGS`` run with ``TMPDIR`` set to ``tmpdir`` (None: not set by the command
    line): the arguments with the directory it creates in written out as ``-p DIR``.

    mktemp(1) (coreutils mktemp.c) creates in ``$TMPDIR`` when no template is given, with
    ``-p``/``--tmpdir`` given no directory, and with ``-t`` (where ``$TMPDIR`` wins over
    ``-p DIR``); an empty ``$TMPDIR`` is ignored. Attack class: ``TMPDIR=.git/hooks
    mktemp`` creates a file in the hooks directory as ``mktemp -p .git/hooks`` does (asked),
    with no word of the command naming the place."""
    if not tmpdir:
        return args
    plain, opts = split(args, _MKTEMP_VALUE)
    named = dict(opts)
    where = named.get("-p") or named.get("--tmpdir")
    if "-t" not in named and (where or (plain and not {"-p", "--tmpdir"} & named.keys())):
        return args  # (-p DIR, or a template in the working directory: $TMPDIR not read)
    rest = [k + ("=" + v if v else "") for k, v in opts if k not in ("-p", "--tmpdir", "-t")]
    return ("-p", tmpdir, *rest, "--", *plain)


def made_runnable(prog: str, args: tuple[str, ...]) -> list[str]:
    """The paths ``prog args`` makes executable or creates under a name no word spells out
    (module docstring); ``[]`` for any other command."""
    if prog == "chmod":
        return _chmod(args)
    if prog == "setfacl":
        return _setfacl(args)
    if prog == "mktemp":
        return _mktemp(args)
    return []


def recursive(prog: str, args: tuple[str, ...]) -> bool:
    """``chmod -R``/``setfacl -R``: every file under each operand is changed."""
    return prog in ("chmod", "setfacl") and any(
        a == "--recursive" or (a[:1] == "-" and a[1:2] != "-" and "R" in a) for a in args
    )
