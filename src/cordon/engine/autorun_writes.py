"""Writes at credential and auto-run paths by any program the shell guard reads.

``action.credential_write`` asks before a command writes a file that holds credentials or
that a program runs or loads on its own (:mod:`.credential_paths`: ``.git/hooks``,
``.husky``, ``.envrc``, a client's MCP configuration, ``.github/workflows``, shell rc files).
The text rule (:func:`cordon.engine.actions.check_actions`) reads the destination of ``cp``,
``mv``, ``tee``, ``sed -i`` and ``>``; :func:`autorun_write` reads every file the parser
found overwritten (:mod:`.shell_writers`: ``touch``, ``dd of=``, ``sort -o``, ``install``,
``ln``, ``truncate``, ``split``/``csplit`` prefixes, ``curl -o``, ``wget -O``, ``tar -C``,
``unzip -d``, interpreter one-liners' file calls ...), as ``cp``'s destination is read.

Attack class: an auto-run file planted by a writer the text rule does not know: ``touch
.envrc`` then filled, ``dd of=.git/config``, ``sort -o .env``, ``tar -C .git/hooks -xf
x.tar``, ``unzip -d .husky x.zip``, ``curl -o .vscode/tasks.json URL``; a hard link's
source (``ln .git/hooks/pre-commit h``: written through ``h``) and a path under a symbolic
link made earlier in the line (``ln -s .git/hooks h && cat x > h/pre-commit``:
:mod:`.shell_links`); a glob the shell expands to one (``touch .e*rc``, ``> .gi?/hooks/x``:
:func:`~cordon.engine.credential_paths.may_name_credential_path`); a ``package.json``
written with literal text (``echo``, ``printf``, ``cat <<EOF``) that declares a script npm
runs on install, read as a file tool's content is (text not known here, as ``cp`` or a
file tool's move writes it: not asked).

Files no rule can list (:func:`member_dirs`): an archive extracted (``tar -x``, ``unzip``,
``7z x``, ``cpio -i``, ``ar x``, ``jar x``), a tree hard-linked (``cp -al SRC DEST``: every
file under SRC written through DEST), a patch applied (``patch``, ``git apply``, ``git am``) or a download
the server names (``curl -J``, ``wget --content-disposition``: :mod:`.shell_downloads`)
writes the names the archive, patch or server gives, which the engine cannot read (it does
no I/O, and the file may come from the network); so does a copy of a tree's contents
(``rsync -a SRC/ .``, ``cp -r SRC/. .``, ``scp 'host:d/*' .``: :func:`copied_names`). A copy
into a directory is judged at ``DEST/NAME`` too (``scp host:x/.envrc .``). Such a write is asked about when its directory is, or
holds, an auto-run location the members could land on:

* the directory is in one (``.git/hooks``, ``.husky``) or is the parent of one (``.github``
  holds ``workflows/``, ``.git`` holds ``hooks/``);
* the directory is the project's root (``base_dir``; the working directory when none is
  set), the home directory, or a directory above either: an archive carrying
  ``.git/hooks/post-checkout``, ``.vscode/tasks.json``, ``.envrc``, ``.mcp.json`` or a
  workflow drops it where the client, git, direnv or CI runs it;
* the directory cannot be resolved, or tar is told to rename members (``--transform``),
  which may turn a name into ``../.git/hooks/x``: fail closed.

A plain subdirectory (``tar -xzf release.tar.gz -C build/``) is not asked about. Path
traversal out of it (``../`` members, absolute names, a symbolic link member written
through: the zip-slip class, GNU tar CVE-2016-6321) is refused or stripped by GNU tar,
bsdtar, Info-ZIP unzip and current 7-Zip; tar's ``-P``, which keeps absolute names, is
asked about by :mod:`.shell_writers`. What stays possible there, a nested ``build/.envrc``
or ``build/.git/``, takes effect only where a tool starts in that subdirectory. Pure: the
caller resolves paths.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterator

from cordon.engine import exec_bits, find_exec
from cordon.engine.credential_paths import (
    declares_install_script,
    is_credential_path,
    may_name_credential_path,
)
from cordon.engine.shell import DYNAMIC, PathRef, ShellFacts
from cordon.engine.shell_commands import _CURL_VALUE, _REMOTE_RE, _SSH_VALUE, _WGET_VALUE
from cordon.engine.shell_downloads import server_named_dirs
from cordon.engine.shell_links import made, physical, through
from cordon.engine.shell_split import split as _split
from cordon.engine.shell_writers import file_writes

__all__ = ["autorun_write", "copied_names", "member_dirs"]

#: paths under an auto-run location's parent (``.github`` + ``workflows/x``); kept only
#: those that are no such path under any directory (``cron.d/x`` is one anywhere)
_SUB_PROBES = tuple(
    p
    for p in ("workflows/x.yml", "hooks/x", "share/keyrings/x", "launchagents/x.plist",
              "passwd", "sudoers", "autostart/x", "fish/config.fish", "gh/hosts.yml",
              "sso/x", "commands/x.md", "agents/x.md", "config", "credentials",
              # the persistence files' parents (:mod:`.persistence_paths`): ``~/.local``
              # holds bin/, ``~/.local/share`` applications/ and systemd/, ``~/.cargo`` its
              # config, ``~/.gradle`` init.d/, ``~/.vim`` plugin/, ``.yarn`` releases/ ...
              "bin/x", "applications/x.desktop", "systemd/user/x.service", "nvim/trust",
              "direnv/allow/x", "mise/trusted-configs/x", "chezmoi/x", "config.toml",
              "init.d/x.gradle", "plugin/x.vim", "profile_default/startup/x.py",
              "releases/x.cjs", "plugins/x.cjs", "settings.xml", "shims/x", "custom/x.zsh",
              "functions/x.fish", "environment.d/x.conf")
    if not is_credential_path("d/" + p)
)  # fmt: skip
_TARS = frozenset({"tar", "gtar", "bsdtar"})
_ZIPS = frozenset({"unzip", "7z", "7za", "7zr", "7zz"})
#: git apply options that only read the patch (no file written)
_APPLY_READS = frozenset({"--check", "--stat", "--numstat", "--summary"})
#: git am options that apply no patch (--abort puts back the commit it started from)
_AM_NO_PATCH = frozenset({"--abort", "--quit", "--show-current-patch"})
#: patch options that write no file of the tree (a dry run, one output file)
_PATCH_READS = frozenset({"--dry-run", "-o", "--output"})


class _Dirs:
    """A walker for :func:`file_writes` that keeps the directories an extractor writes."""

    def __init__(self) -> None:
        self.dirs: list[str] = []

    def file(self, path: str, program: str, op: str) -> None:
        if op == "overwrite":
            self.dirs.append(path)

    def net(self, kind: str, value: str, program: str) -> None:
        return None

    def nested(self, text: str) -> None:
        return None

    def opaque(self, why: str) -> None:
        return None

    def getenv(self, name: str) -> str | None:
        return None


def _tar_extracts(args: tuple[str, ...]) -> bool:
    first = args[0] if args else ""
    if first and not first.startswith("-") and first.isalnum():
        return "x" in first
    return any(
        a in ("--extract", "--get") or (a[:1] == "-" and a[1:2] != "-" and "x" in a) for a in args
    )


def member_dirs(prog: str, args: tuple[str, ...]) -> list[str]:
    """The directories ``prog args`` writes files into whose names it takes from an archive
    or a patch (module docstring); ``/`` when tar may rename them anywhere."""
    if prog in _TARS or prog in _ZIPS:
        if prog in _TARS and not _tar_extracts(args):
            return []
        verb = next((a.lower() for a in args if not a.startswith("-")), "")
        if prog in _ZIPS and prog != "unzip" and verb not in ("x", "e"):
            return []  # (7z a: the archive is written, no member)
        if prog in _TARS and any(a.startswith(("--transform", "--xform")) for a in args):
            return ["/"]
        found = _Dirs()
        file_writes(found, prog, args)
        return found.dirs
    if prog in ("ar", "jar") and _archive_extracts(args):  # (ar x LIB, jar xf JAR: here)
        d = next((args[k + 1] for k, a in enumerate(args[:-1]) if a in ("-C", "--dir")), ".")
        return [next((a.partition("=")[2] for a in args if a.startswith("--output=")), d)]
    if prog == "cp":  # (cp -al SRC DEST: every file under SRC written through DEST's links)
        linked = made(prog, args)
        recursive = any(a in ("--recursive", "--archive") or _short(a, "r") or _short(a, "R")
                        or _short(a, "a") for a in args)  # fmt: skip
        return linked.hard if linked is not None and recursive else []
    if prog == "cpio" and any(a in ("-i", "--extract") or _short(a, "i") for a in args):
        d = next((args[k + 1] for k, a in enumerate(args[:-1]) if a in ("-D", "--directory")), ".")
        return [d]
    if prog == "patch" and not _PATCH_READS & set(args) and not _operand_files(args):
        d = next((args[k + 1] for k, a in enumerate(args[:-1]) if a in ("-d", "--directory")), ".")
        return [d]
    if prog == "git":
        return _git_patch_dirs(args)
    searched = args if prog == "find" else find_exec.as_find(prog, args)
    if searched is not None:  # (find . -exec cp x {} ;: any path under the start: find_exec)
        return find_exec.starts(searched)
    if prog in ("curl", "wget", "wget2"):  # (curl -J, wget --content-disposition)
        return server_named_dirs(
            prog, _split(args, _CURL_VALUE if prog == "curl" else _WGET_VALUE)[1]
        )
    return []


def _archive_extracts(args: tuple[str, ...]) -> bool:
    """``ar``'s or ``jar``'s operation is extract: the key letters (``x``, ``xv``, ``-xf``)
    or ``--extract``; ar(1) and jar(1) extract into the working directory (``ar
    --output=DIR``, ``jar -C DIR``)."""
    first = next((a for a in args if a != "--"), "")
    key = first.lstrip("-") if not first.startswith("--") else ""
    return "--extract" in args or (key.isalpha() and "x" in key)


def _short(word: str, letter: str) -> bool:
    return word.startswith("-") and not word.startswith("--") and letter in word[1:]


#: patch options that take a value
_PATCH_VALUE = frozenset({"-p", "-i", "--input", "-d", "--directory", "-F", "-r", "-B", "-V",
                          "-D", "-z", "--suffix", "-o", "--output"})  # fmt: skip


def _operand_files(args: tuple[str, ...]) -> list[str]:
    """``patch FILE [PATCHFILE]``: the file patched when named (else the patch names it)."""
    plain: list[str] = []
    skip = False
    for a in args:
        if skip:
            skip = False
        elif a in _PATCH_VALUE:
            skip = True
        elif not a.startswith("-") or a == "-":
            plain.append(a)
    return plain[:1]


def _git_patch_dirs(args: tuple[str, ...]) -> list[str]:
    """``git [-C DIR] apply|am``: the work tree the patch's files are written into."""
    directory = "."
    i = 0
    while i < len(args) and args[i].startswith("-"):
        if args[i] == "-C" and i + 1 < len(args):
            directory = posixpath.join(directory, args[i + 1])
            i += 1
        elif args[i] in ("-c", "--git-dir", "--work-tree", "--namespace", "--exec-path"):
            i += 1
        i += 1
    sub = args[i] if i < len(args) else ""
    rest = set(args[i + 1 :])
    if (sub == "am" and not _AM_NO_PATCH & rest) or (sub == "apply" and not _APPLY_READS & rest):
        return [directory]
    return []


_COPIERS = frozenset({"cp", "mv", "install", "ln", "rsync", "scp"})
_COPY_VALUE = frozenset({"-t", "--target-directory", "-S", "--suffix", "-m", "--mode", "-o",
                         "--owner", "-g", "--group"}) | _SSH_VALUE  # fmt: skip


def copied_names(prog: str, args: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """(the paths a copy, move or link makes when its destination is a directory, the
    directories it copies a tree's contents into whose names no rule can read).

    A copy into a directory writes ``DEST/NAME`` (``scp host:x/.envrc .``, ``cp -r
    cfg/.vscode ./``, ``ln -s /tmp/x/.envrc``: no destination, the working directory), a
    name the destination alone does not show; taken whether ``DEST`` is a directory or not
    (fail closed). ``rsync SRC/ DEST`` and ``cp -r SRC/. DEST`` copy what ``SRC`` holds, and
    a remote pattern (``scp 'host:d/*' .``) names files the remote host lists."""
    if prog not in _COPIERS:
        return [], []
    plain, opts = _split(args, _COPY_VALUE)
    target = next((v for k, v in opts if k in ("-t", "--target-directory")), None)
    if target is None and prog == "ln" and len(plain) == 1:
        target = "."
    if target is None and len(plain) < 2:
        return [], []
    dest, sources = (target, plain) if target is not None else (plain[-1], plain[:-1])
    names: list[str] = []
    dirs: list[str] = []
    for src in sources:
        remote = _REMOTE_RE.match(src) is not None and not src.startswith(("/", ".", "~"))
        path = src.split(":", 1)[1] if remote else src
        if path.endswith("/.") or (prog == "rsync" and path.endswith("/")) or path in ("", "."):
            dirs.append(dest)
        elif remote and any(c in path for c in "*?["):
            dirs.append(dest)
        elif posixpath.basename(path.rstrip("/")) not in ("", ".", ".."):
            names.append(posixpath.join(dest, posixpath.basename(path.rstrip("/"))))
    return names, dirs


def _names_autorun(program: str, path: str) -> bool:
    """``path`` (an overwrite target) is a credential or auto-run path; ``split`` and
    ``csplit`` write ``PREFIXaa`` and ``PREFIX00`` (``split x .env.``: ``.env.aa``)."""
    if is_credential_path(path):
        return True
    return program in ("split", "csplit") and is_credential_path(path + "aa")


def _holds_autorun(path: str, resolve: Callable[[str], str | None], roots: tuple[str, ...]) -> bool:
    """The directory ``path`` is, is the parent of, or holds an auto-run location
    (module docstring)."""
    if is_credential_path(path) or any(is_credential_path(f"{path}/{p}") for p in _SUB_PROBES):
        return True
    lexical = posixpath.normpath(path)
    if lexical in (".", "..", "/") or lexical.startswith("../"):
        return True
    resolved = resolve(path)
    if resolved is None:
        return not (lexical[:1] not in ("/", "~") and DYNAMIC not in lexical)
    top = resolved.rstrip("/") + "/"
    return any(r == resolved or r.startswith(top) for r in roots)


_GLOB_CHARS = frozenset("*?[")
#: words that make ``*`` and ``?`` match a leading dot (bash ``shopt -s dotglob``, ``bash -O
#: dotglob``; zsh ``setopt globdots``/``dotglob``; ``export GLOBIGNORE=...``)
_DOTGLOB_WORDS = ("dotglob", "globdots", "globignore")


def _dotglob(facts: ShellFacts) -> bool:
    """Some command of the string may make a glob match names that start with a dot."""
    return any(
        w in a.lower().replace("_", "") for _p, args in facts.commands for a in args
        for w in _DOTGLOB_WORDS
    )  # fmt: skip


def _joined(cwd: str | None, path: str) -> str | None:
    if cwd is not None and DYNAMIC in cwd:
        return None
    if cwd is None or path.startswith(("/", "~")):
        return path
    return posixpath.join(cwd, path)


def _extractions(facts: ShellFacts) -> Iterator[tuple[str, str | None]]:
    """``(program, directory joined with the cd before it or None)`` of each command that
    writes files no rule can list."""
    for (prog, args), cwd in zip(facts.commands, facts.cwds, strict=False):
        for d in (*member_dirs(prog, args), *copied_names(prog, args)[1]):
            for where in _linked(facts, _joined(cwd, d)):
                yield prog, where


def _copied(facts: ShellFacts) -> Iterator[tuple[str, str | None]]:
    """``(program, DEST/NAME joined with the cd before it)`` of each copy into a directory."""
    for (prog, args), cwd in zip(facts.commands, facts.cwds, strict=False):
        for name in copied_names(prog, args)[0]:
            yield from ((prog, p) for p in _linked(facts, _joined(cwd, name)))


def _found(facts: ShellFacts) -> Iterator[tuple[str, str | None]]:
    """``(program, path)`` of each credential or auto-run path a ``find -exec`` writer may
    write (:func:`cordon.engine.find_exec.probes`), joined with the cd before it."""
    for (prog, args), cwd in zip(facts.commands, facts.cwds, strict=False):
        found = args if prog == "find" else find_exec.as_find(prog, args)
        for name in find_exec.probes(found) if found is not None else ():
            yield from ((prog, p) for p in _linked(facts, _joined(cwd, name)))


def _runnable(facts: ShellFacts) -> Iterator[tuple[str, str | None, bool]]:
    """``(program, path, recursive)`` of each path a command makes executable or creates
    under a name no word holds (:mod:`.exec_bits`), joined with the cd before it."""
    for (prog, args), cwd in zip(facts.commands, facts.cwds, strict=False):
        tree = exec_bits.recursive(prog, args)
        for name in exec_bits.made_runnable(prog, args):
            yield from ((prog, p, tree) for p in _linked(facts, _joined(cwd, name)))


def _linked(facts: ShellFacts, path: str | None) -> list[str | None]:
    """``path``, and what it is under each symbolic link the string makes
    (:mod:`.shell_links`: ``ln -s .. up && tar -xf x.tar -C up`` extracts at the root)."""
    if path is None or not facts.links:
        return [path]
    real = physical(facts.links, path)  # (``t/..`` after ``ln -s .github/x t``: ``.github``)
    return [
        path,
        real,
        *through(facts.links, posixpath.normpath(path)),
        *through(facts.links, real),
    ]


def _climbs_out_of_a_link(facts: ShellFacts, ref: PathRef) -> bool:
    """``ref``'s path climbs with ``..`` out of a symbolic link the string made, to a
    credential or auto-run path (``ln -s .github/ISSUE_TEMPLATE t && cp x
    t/../workflows/ci.yml`` writes a workflow: ``..`` is taken from the link's target, not
    from the text before it; :func:`~cordon.engine.shell_links.physical`)."""
    raw = _joined(ref.cwd, ref.path)
    if raw is None or DYNAMIC in raw or ".." not in raw.split("/"):
        return False
    real = physical(facts.links, raw)
    return real != posixpath.normpath(raw) and any(
        is_credential_path(p) for p in (real, *through(facts.links, real))
    )


def autorun_write(
    facts: ShellFacts,
    joined: Callable[[PathRef], str | None],
    resolve: Callable[[str], str | None],
    roots: tuple[str, ...],
) -> str | None:
    """Why the command string writes a credential or auto-run path, or None (module
    docstring). ``joined``: a :class:`~cordon.engine.shell.PathRef`'s path with the ``cd``
    before it applied; ``resolve``: a path as the server resolves it; ``roots``: the
    project's root and the home directory, resolved."""
    dotglob = _dotglob(facts)
    for ref in facts.files:
        path = joined(ref) if ref.op == "overwrite" else None
        if path is not None and DYNAMIC not in path and _names_autorun(ref.program, path):
            return f"{ref.program} writes to a credential or auto-run path"
        if path is not None and facts.links and _climbs_out_of_a_link(facts, ref):
            return f"{ref.program} writes through a symbolic link to a credential or auto-run path"
        pattern = _joined(ref.cwd, ref.path) if ref.op == "overwrite" else None
        if pattern and DYNAMIC not in pattern and _GLOB_CHARS & set(pattern):
            if may_name_credential_path(pattern, dotglob=dotglob):
                return f"{ref.program} writes a pattern that may name a credential or auto-run path"
    for key, text in facts.written.items():  # (echo JSON > package.json: as a file tool's)
        if text and posixpath.basename(key).lower() == "package.json":
            if declares_install_script(text):
                return "writes a package.json script npm runs on install"
    for prog, name, tree in _runnable(facts):
        if (
            name is not None
            and DYNAMIC not in name
            and (
                is_credential_path(name)
                or (_GLOB_CHARS & set(name) and may_name_credential_path(name, dotglob=dotglob))
            )
        ):
            return f"{prog} makes a credential or auto-run path runnable or creates one there"
        if tree and (name is None or _holds_autorun(name, resolve, roots)):
            return f"{prog} -R makes every file under {str(name)[:80]!r} runnable, hooks among them"
    for _prog, name in _found(facts):
        if name is not None and DYNAMIC not in name and is_credential_path(name):
            return (
                f"find runs a writer on the paths it finds, which may include the credential "
                f"or auto-run path {name[:80]!r}"
            )
    for prog, name in _copied(facts):
        if name is not None and DYNAMIC not in name and is_credential_path(name):
            return f"{prog} writes to a credential or auto-run path (into a directory)"
    for prog, where in _extractions(facts):
        if where is None or DYNAMIC in where or _holds_autorun(where, resolve, roots):
            shown = "?" if where is None else where[:80]
            return (
                f"{prog} writes files whose names no rule can read (an archive's, a patch's, a "
                f"copied tree's, a server's) into {shown!r}, which is or holds a credential or "
                "auto-run path"
            )
    return None
