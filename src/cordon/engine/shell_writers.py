"""Files written and read by programs whose target is not a plain destination operand: the
per-program half of :mod:`.shell_commands` for archivers, sed, touch/mkdir, sqlite3 and git.

:func:`file_writes` records on the walker each file such a command creates or overwrites
(judged as ``cp``'s destination is: ``action.delete_outside``) and each file it reads (judged
as ``cat``'s operand is: ``action.sensitive_read``):

* ``tar -c``/``-r``/``-u`` write the archive (``-f``/``--file``) and read the members; ``tar
  -x`` writes into ``-C DIR`` (else the working directory); a program tar runs
  (``--to-command``, ``-I``, ``--checkpoint-action=exec=``) is parsed like ``sh -c``;
* ``zip`` writes its archive (or ``-O FILE``), ``unzip`` into ``-d DIR``, ``7z a`` its archive
  and ``7z x`` into ``-oDIR``;
* ``sed`` reads its files and ``-f`` script; ``-i`` overwrites them; the script's ``w FILE``
  writes, ``r FILE`` reads and ``e COMMAND`` runs (:mod:`.sed_script`);
* ``touch``, ``mkdir``, ``mkfifo`` and ``fallocate`` create their operands;
* ``sqlite3 DB`` writes DB unless it is read only or given only statements that read;
* ``git init [DIR]``, ``git -C DIR init``, ``git clone URL DIR``, ``git bundle create F``,
  ``git archive -o F``, ``git worktree add DIR``, ``git format-patch -o DIR``, ``git
  diff``/``log``/``show --output=F`` write their target; a subcommand that writes the work tree (``checkout``, ``reset``, ``pull`` ...)
  writes ``--work-tree DIR``, ``-c core.worktree=DIR``, ``$GIT_WORK_TREE``, else ``-C DIR``,
  else the working directory.

Attack class: a copy of the project or of a secret made outside the allowed paths by a
program other than ``cp`` (``tar czf ~/Dropbox/all.tgz .``, ``sed -n 'w ~/Dropbox/x' .env``,
``git bundle create ~/Dropbox/r.bundle --all``), an auto-run file created empty and filled
later (``touch ~/.bash_login``). Pure: no I/O.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from typing import Protocol

from cordon.engine.awk_program import AWKS, awk
from cordon.engine.sed_script import sed_script

__all__ = ["WRITERS", "file_writes"]


class _Walker(Protocol):
    def file(self, path: str, program: str, op: str) -> None: ...
    def net(self, kind: str, value: str, program: str) -> None: ...
    def nested(self, text: str) -> None: ...
    def opaque(self, why: str) -> None: ...
    def getenv(self, name: str) -> str | None: ...


_STREAM_RE = re.compile(r"/dev/(?:null|stdout|stderr|fd/\d+)")


def _options(
    args: tuple[str, ...] | list[str],
    short: str,
    long: frozenset[str],
    resolve: Callable[[str], str] = str,
) -> list[tuple[str, str]]:
    """``(option, value)`` in order, positional words as ``("", word)``: short options in
    ``short`` take a value (``-fX``, ``-f X``, the rest of a bundle), long options in
    ``long`` too (``--file=X``, ``--file X``), a long name as ``resolve`` reads it (an
    abbreviation); ``--`` ends the options."""
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        if a == "--":
            out.extend(("", p) for p in args[i:])
            break
        if a.startswith("--"):
            name, eq, value = a.partition("=")
            name = resolve(name)
            if not eq and name in long and i < len(args):
                value, i = args[i], i + 1
            out.append((name, value))
        elif a.startswith("-") and len(a) > 1:
            for j, c in enumerate(a[1:], 1):
                if c in short:
                    value = a[j + 1 :]
                    if not value and i < len(args):
                        value, i = args[i], i + 1
                    out.append(("-" + c, value))
                    break
                out.append(("-" + c, ""))
        else:
            out.append(("", a))
    return out


def _under(directory: str | None, path: str) -> str:
    """``path`` as seen from ``directory`` (a ``-C DIR``); absolute and ``~`` paths stay."""
    if directory is None or path.startswith(("/", "~")):
        return path
    return posixpath.join(directory, path)


# --------------------------------------------------------------------------------------------
# tar
# --------------------------------------------------------------------------------------------

_TAR_SHORT = "fCbTXHVgNKLIF"
#: long options (and their unique abbreviations) -> the short option they stand for
_TAR_LONG = {
    "--file": "-f", "--directory": "-C", "--files-from": "-T", "--exclude-from": "-X",
    "--use-compress-program": "-I", "--info-script": "-F", "--new-volume-script": "-F",
    "--blocking-factor": "-b", "--format": "-H", "--label": "-V", "--listed-incremental": "-g",
    "--newer": "-N", "--after-date": "-N", "--starting-file": "-K", "--tape-length": "-L",
    "--create": "-c", "--append": "-r", "--update": "-u", "--catenate": "-A",
    "--concatenate": "-A", "--extract": "-x", "--get": "-x", "--list": "-t", "--diff": "-d",
    "--compare": "-d", "--to-stdout": "-O", "--absolute-names": "-P", "--to-command": "cmd",
    "--rsh-command": "cmd", "--rmt-command": "cmd", "--checkpoint-action": "checkpoint",
    "--remove-files": "remove", "--force-local": "local", "--delete": "delete",
}  # fmt: skip
_TAR_LONG_VALUE = frozenset(
    {k for k, v in _TAR_LONG.items() if v[1:] in _TAR_SHORT or v in ("cmd", "checkpoint")}
    | {"--owner", "--group", "--mode", "--mtime", "--transform", "--xform", "--exclude",
       "--strip-components", "--record-size", "--index-file", "--volno-file", "--suffix",
       "--warning", "--sort", "--pax-option", "--level", "--quoting-style", "--occurrence"}
)  # fmt: skip


def _tar_long(name: str) -> str:
    """A long option as tar reads it: a unique abbreviation of a known one stands for it."""
    if name in _TAR_LONG or name in _TAR_LONG_VALUE:
        return name
    fits = [k for k in (*_TAR_LONG, *_TAR_LONG_VALUE) if k.startswith(name)]
    return fits[0] if len(set(fits)) == 1 else name


def _tar_words(args: tuple[str, ...]) -> list[tuple[str, str]]:
    """tar's options in order (long ones as their short letter), the traditional first word
    (``czf ARCHIVE``: each letter that takes a value takes the next word) unbundled."""
    words = list(args)
    out: list[tuple[str, str]] = []
    if words and not words[0].startswith("-") and words[0].isalnum():
        letters, words = words[0], words[1:]
        for c in letters:
            value = words.pop(0) if c in _TAR_SHORT and words else ""
            out.append(("-" + c, value))
    for k, v in _options(words, _TAR_SHORT, _TAR_LONG_VALUE, _tar_long):
        out.append((_TAR_LONG.get(k, k), v))
    return out


def _tar(w: _Walker, prog: str, args: tuple[str, ...]) -> None:
    opts = _tar_words(args)
    modes = {k for k, _ in opts if k in ("-c", "-r", "-u", "-A", "-x", "-t", "-d", "delete")}
    creates = bool(modes & {"-c", "-r", "-u", "-A", "delete"})
    extracts = "-x" in modes and not any(k == "-O" for k, _ in opts)
    local = any(k == "local" for k, _ in opts)
    member_op = "delete" if any(k == "remove" for k, _ in opts) else "read"
    directory: str | None = None
    remote = False
    for k, v in opts:
        if k == "-C":
            directory = _under(directory, v)
            if extracts:
                w.file(directory, prog, "overwrite")
        elif k == "-f" and v and v != "-":
            host = v.split(":", 1)[0] if ":" in v.split("/", 1)[0] and not local else None
            if host is not None:  # (an archive on another host, through rmt: sent there)
                w.net("host", host.rsplit("@", 1)[-1], prog)
                remote = True
            else:
                w.file(v, prog, "overwrite" if creates else "read")
        elif k in ("-T", "-X", "-g") and v and v != "-":
            w.file(_under(directory, v) if k != "-g" else v, prog, "read")
        elif k in ("-I", "-F", "cmd") and v:
            w.nested(v)
        elif k == "checkpoint" and v.startswith("exec="):
            w.nested(v[5:])
        elif k == "" and creates:
            w.file(_under(directory, v), prog, "upload" if remote else member_op)
    if extracts and not any(k == "-C" for k, _ in opts):
        w.file(".", prog, "overwrite")
    if extracts and any(k == "-P" for k, _ in opts):
        w.opaque(f"{prog} -P writes the absolute paths the archive names")


# --------------------------------------------------------------------------------------------
# zip, unzip, 7z
# --------------------------------------------------------------------------------------------

_ZIP_VALUE = frozenset({"-b", "-n", "-t", "-tt", "-O", "--output-file", "-P", "--password",
                        "-Z", "-s", "-ds", "-lf", "--logfile-path", "-TT", "--unzip-command"})  # fmt: skip
_ZIP_LISTS = frozenset({"-x", "-i", "--exclude", "--include"})


def _zip_words(args: tuple[str, ...], values: frozenset[str]) -> tuple[list[str], dict[str, str]]:
    """zip/unzip: positional words and option values (``-x``/``-i`` lists dropped)."""
    plain: list[str] = []
    opts: dict[str, str] = {}
    listing = False
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        if a.startswith("-") and len(a) > 1:
            listing = a in _ZIP_LISTS
            if a in values and i < len(args):
                opts[a], i = args[i], i + 1
            else:
                opts.setdefault(a, "")
        elif not listing:
            plain.append(a)
    return plain, opts


def _zip(w: _Walker, prog: str, args: tuple[str, ...]) -> None:
    plain, opts = _zip_words(args, _ZIP_VALUE)
    moves = "-m" in opts or "--move" in opts
    out = opts.get("-O") or opts.get("--output-file")
    if plain:
        w.file(plain[0], prog, "read" if out else "overwrite")
    if out:
        w.file(out, prog, "overwrite")
    for key in ("-lf", "--logfile-path"):
        if opts.get(key):
            w.file(opts[key], prog, "overwrite")
    for key in ("-TT", "--unzip-command"):
        if opts.get(key):
            w.nested(opts[key])
    for p in plain[1:]:
        w.file(p, prog, "delete" if moves else "read")


def _unzip(w: _Walker, prog: str, args: tuple[str, ...]) -> None:
    # (bundled: -qd DIR, -qdDIR, -oqd DIR: d takes the rest of the word, else the next word)
    words: list[str] = []
    for a in args:
        d = a.find("d") if a.startswith("-") and not a.startswith("--") else -1
        words.extend([a[:d], "-d", *([a[d + 1 :]] if a[d + 1 :] else [])] if d > 1 else [a])
    plain, opts = _zip_words(tuple(words), frozenset({"-d", "-P"}))
    if plain:
        w.file(plain[0], prog, "read")
    if not {"-p", "-c", "-l", "-t", "-v", "-Z", "-z"} & opts.keys():
        w.file(opts.get("-d") or ".", prog, "overwrite")


def _7z(w: _Walker, prog: str, args: tuple[str, ...]) -> None:
    plain = [a for a in args if not a.startswith("-")]
    switches = [a for a in args if a.startswith("-")]
    if len(plain) < 2:
        return
    verb, archive, files = plain[0].lower(), plain[1], plain[2:]
    if verb in ("a", "u", "d", "rn"):
        w.file(archive, prog, "overwrite")
        for f in files if verb in ("a", "u") else ():
            w.file(f[1:] if f.startswith("@") else f, prog, "read")
        return
    w.file(archive, prog, "read")
    if verb in ("x", "e") and "-so" not in switches:
        out = next((s[2:] for s in switches if s.startswith("-o") and len(s) > 2), ".")
        w.file(out, prog, "overwrite")


# --------------------------------------------------------------------------------------------
# sed, touch, mkdir
# --------------------------------------------------------------------------------------------

_SED_SHORT = "efl"
_SED_LONG = frozenset({"--expression", "--file", "--line-length"})


def _sed_in_place(args: tuple[str, ...]) -> tuple[bool, tuple[str, ...]]:
    """(``-i``/``--in-place`` given, the words without it). GNU sed's ``-i`` takes the rest
    of its word as a suffix (``-i.bak``, ``-ie``: suffix ``e``), unless an option that takes
    a value comes first in the bundle (``-ei``: the script ``i``)."""
    out: list[str] = []
    in_place = False
    value_next = False
    for a in args:
        if value_next or not a.startswith("-") or a == "-":
            value_next = False
            out.append(a)
            continue
        if a.startswith("--"):
            in_place = in_place or a.startswith("--in-place")
            value_next = a in _SED_LONG
            if not a.startswith("--in-place"):
                out.append(a)
            continue
        for j, c in enumerate(a[1:], 1):
            if c in _SED_SHORT:
                value_next = j == len(a) - 1
                break
            if c == "i":
                in_place, a = True, a[:j]
                break
        if a != "-":
            out.append(a)
    return in_place, tuple(out)


def _sed(w: _Walker, prog: str, args: tuple[str, ...]) -> None:
    """sed reads its files as ``cat`` does, ``-i`` rewrites them (a new file renamed over
    each), and the script writes, reads and runs what :mod:`.sed_script` finds.

    ``-i`` takes its suffix in the same word (``-i.bak``, ``-ni``), so it is read by hand."""
    in_place, args = _sed_in_place(args)
    opts = _options(args, _SED_SHORT, _SED_LONG)
    scripts = [v for k, v in opts if k in ("-e", "--expression")]
    script_files = [v for k, v in opts if k in ("-f", "--file")]
    plain = [v for k, v in opts if k == ""]
    if not scripts and not script_files:
        scripts, plain = plain[:1], plain[1:]
    for f in script_files:
        if f in ("-", "/dev/stdin"):  # (a script no rule reads: it may write, read or run)
            w.opaque(f"{prog} reads its script from stdin")
        else:
            w.file(f, prog, "read")
    for p in plain:
        w.file(p, prog, "read")
        if in_place:
            w.file(p, prog, "overwrite")
    found = sed_script("\n".join(scripts))
    if found is None:
        w.opaque(f"{prog}: a script that cannot be read")
        return
    for path in found.writes:
        if not _STREAM_RE.fullmatch(path):  # (GNU sed's w /dev/stdout writes to stdout)
            w.file(path, prog, "overwrite")
    for path in found.reads:
        if path != "/dev/stdin":
            w.file(path, prog, "read")
    for line in found.commands:
        w.nested(line)
    if found.runs_pattern_space:
        w.opaque(f"{prog}: runs the text it reads as a command (e)")


def _creates(w: _Walker, prog: str, args: tuple[str, ...]) -> None:
    """touch, mkdir, mkfifo, fallocate: each operand is created (or its times set, its
    space allocated: fallocate(1) creates a FILE that does not exist)."""
    short = {"touch": "drtm", "fallocate": "lo"}.get(prog, "mZ")
    long = frozenset({"--date", "--reference", "--mode", "--context", "--length", "--offset"})
    for k, v in _options(args, short, long):
        if k == "":
            w.file(v, prog, "overwrite")
        elif k in ("-r", "--reference") and prog == "touch":
            w.file(v, prog, "read")


# --------------------------------------------------------------------------------------------
# sqlite3
# --------------------------------------------------------------------------------------------

_SQLITE_VALUE = frozenset(
    {"-separator", "-newline", "-nullvalue", "-init", "-vfs", "-maxsize", "-mmap", "-lookaside",
     "-pagecache", "-heap", "-s", "-cmd", "-c"}
)  # fmt: skip
_SQL_READ_RE = re.compile(r"\s*(?:select|explain|values|pragma\s+[\w.]+\s*(?:;|$))", re.I)
_SQL_WRITE_RE = re.compile(
    r"\b(?:insert|update|delete|replace|create|drop|alter|vacuum|attach|detach|reindex|"
    r"analyze|into|begin|commit|load_extension)\b|=",
    re.I,
)
_SQL_FILE_RE = re.compile(
    r"\b(?:vacuum\s+(?:\w+\s+)?into|attach\s+(?:database\s+)?)\s*'([^']+)'", re.I
)
_DOT_READS = frozenset({".tables", ".schema", ".dump", ".indexes", ".indices", ".headers",
                        ".mode", ".dbinfo", ".fullschema", ".show", ".help", ".databases",
                        ".width", ".separator", ".nullvalue", ".timer", ".print", ".stats"})  # fmt: skip


def _sqlite_statement(w: _Walker, prog: str, stmt: str) -> bool:
    """Record the files one statement or dot-command names; True when it may write the
    database."""
    word, _, rest = stmt.strip().partition(" ")
    target = rest.strip().strip("'\"")
    if word.startswith("."):
        if word in (".output", ".once", ".save", ".backup", ".excel") and target:
            w.file(target.split()[-1], prog, "overwrite")
        elif word in (".read", ".import") and target:
            w.file(target.split()[0], prog, "read")
        elif word in (".shell", ".system") and rest.strip():
            w.nested(rest.strip())
        return word not in _DOT_READS and word not in (".output", ".once")  # (.read: any SQL)
    for m in _SQL_FILE_RE.finditer(stmt):
        w.file(m.group(1), prog, "overwrite")
    parts = [p for p in stmt.split(";") if p.strip()]
    return not parts or any(
        not _SQL_READ_RE.match(p) or _SQL_WRITE_RE.search(p.partition(" ")[2]) for p in parts
    )


def _sqlite(w: _Walker, prog: str, args: tuple[str, ...]) -> None:
    """The database file is read, and written unless opened read only or given only
    statements that read (none given: they come on stdin, and may write)."""
    plain: list[str] = []
    stmts: list[str] = []
    readonly = False
    i = 0
    while i < len(args):
        a = args[i]
        if a in _SQLITE_VALUE and i + 1 < len(args):
            if a in ("-cmd", "-c"):
                stmts.append(args[i + 1])
            elif a == "-init":
                w.file(args[i + 1], prog, "read")
                stmts.append(".read")  # (a script of statements no rule read)
            i += 1
        elif a in ("-readonly", "--readonly"):
            readonly = True
        elif not a.startswith("-"):
            plain.append(a)
        i += 1
    if not plain or plain[0] in ("", ":memory:"):
        return
    db, _, query = plain[0].removeprefix("file:").partition("?")
    readonly = readonly or "mode=ro" in query
    stmts.extend(plain[1:])
    writes = [_sqlite_statement(w, prog, s) for s in stmts]
    w.file(db, prog, "read")
    if not readonly and (not stmts or any(writes)):
        w.file(db, prog, "overwrite")


# --------------------------------------------------------------------------------------------
# git
# --------------------------------------------------------------------------------------------

#: git's options before the subcommand that take a value
_GIT_TOP = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env",
                      "--exec-path", "--super-prefix", "--list-cmds"})  # fmt: skip
#: subcommand -> its options that take a value (short letters, long names)
_GIT_SUB: dict[str, tuple[str, frozenset[str]]] = {
    "init": ("b", frozenset({"--template", "--separate-git-dir", "--initial-branch",
                             "--object-format", "--ref-format"})),
    "clone": ("obucj", frozenset({"--origin", "--branch", "--upload-pack", "--reference",
                                  "--reference-if-able", "--separate-git-dir", "--depth",
                                  "--shallow-since", "--shallow-exclude", "--config",
                                  "--template", "--jobs", "--filter", "--server-option",
                                  "--bundle-uri", "--ref-format"})),
    "bundle": ("", frozenset({"--version"})),
    "archive": ("o", frozenset({"--output", "--format", "--prefix", "--remote", "--exec",
                                "--add-file", "--add-virtual-file"})),
    "worktree": ("bB", frozenset({"--reason"})),
    "format-patch": ("ov", frozenset({"--output-directory", "--output", "--subject-prefix",
                                      "--in-reply-to", "--to", "--cc", "--from",
                                      "--base", "--interdiff", "--range-diff"})),
    # (git-diff(1) --output=FILE: a diff, log or show written to FILE, not stdout)
    **{sub: ("", frozenset({"--output"})) for sub in ("diff", "log", "show", "diff-tree",
                                                       "diff-index", "diff-files", "whatchanged",
                                                       "range-diff")},
}  # fmt: skip


#: subcommands that write files of the work tree (git-scm.com reference pages); ``apply``
#: and ``restore`` also when told to touch only the index (fail closed: one target, the tree)
_WORK_TREE_WRITERS = frozenset(
    {"checkout", "switch", "restore", "reset", "stash", "apply", "am", "merge", "pull",
     "rebase", "cherry-pick", "revert", "read-tree", "checkout-index", "mv", "rm", "clean",
     "sparse-checkout", "submodule", "filter-branch"}
)  # fmt: skip


def _git_top(args: tuple[str, ...]) -> tuple[str | None, str | None, str | None, int]:
    """(the directory ``-C`` options move to, ``--git-dir``, the work tree ``--work-tree`` or
    ``-c core.worktree=`` names, the subcommand's index)."""
    directory: str | None = None
    git_dir: str | None = None
    work_tree: str | None = None
    i = 0
    while i < len(args) and args[i].startswith("-"):
        name, eq, value = args[i].partition("=")
        if not eq and name in _GIT_TOP and i + 1 < len(args):
            value, i = args[i + 1], i + 1
        key, _, setting = value.partition("=")
        if name == "-C" and value:
            directory = _under(directory, value)
        elif name == "--git-dir":
            git_dir = value
        elif name == "--work-tree":
            work_tree = _under(directory, value)
        elif name == "-c" and key.lower() == "core.worktree":
            work_tree = _under(directory, setting)
        i += 1
    return directory, git_dir, work_tree, i


def _git_work_tree(w: _Walker, prog: str, args: tuple[str, ...]) -> None:
    """The work tree a subcommand that writes its files writes: ``--work-tree DIR``, ``-c
    core.worktree=DIR``, ``$GIT_WORK_TREE`` (relative to ``-C DIR``), else the directory
    ``-C`` moves to, else the working directory; judged as ``cp``'s destination is.

    Attack class: ``git --work-tree=/etc checkout -- .`` or ``GIT_WORK_TREE=~ git checkout
    BRANCH`` writes the files of a commit an attacker prepared outside the allowed paths
    (over ``/etc`` or the home directory's auto-run files); ``git -C ~/other checkout .``
    overwrites another tree. The subcommand was judged only as work git cannot give back
    (``action.git_destroy``), and not at all for a branch."""
    directory, _git_dir, work_tree, i = _git_top(args)
    if i >= len(args) or args[i] not in _WORK_TREE_WRITERS:
        return
    env = w.getenv("GIT_WORK_TREE")
    if work_tree is None and env is not None:
        work_tree = _under(directory, env)
    w.file(work_tree or directory or ".", prog, "overwrite")


def _git(w: _Walker, prog: str, args: tuple[str, ...]) -> None:
    _git_work_tree(w, prog, args)
    directory, git_dir, _work_tree, i = _git_top(args)
    if i >= len(args) or args[i] not in _GIT_SUB:
        return
    sub = args[i]
    short, long = _GIT_SUB[sub]
    opts = _options(args[i + 1 :], short, long)
    plain = [v for k, v in opts if k == ""]
    outputs: tuple[str, ...] = ("--separate-git-dir", "--output", "--output-directory")
    if sub in ("archive", "format-patch"):
        outputs = (*outputs, "-o")  # (clone's -o names the remote, not a file)
    targets = [v for k, v in opts if k in outputs and v and v != "-"]

    if sub == "init":
        targets.append(plain[0] if plain else ".")
        targets.extend([git_dir] if git_dir else [])
    elif sub == "clone" and len(plain) > 1:
        targets.append(plain[1])
    elif sub == "clone" and plain and directory is not None:  # (git -C DIR clone URL)
        targets.append(posixpath.basename(plain[0].rstrip("/")).removesuffix(".git") or ".")
    elif sub == "bundle" and plain[:1] == ["create"] and len(plain) > 1 and plain[1] != "-":
        targets.append(plain[1])
    elif sub == "worktree" and plain[:1] == ["add"] and len(plain) > 1:
        targets.append(plain[1])
    for t in targets:
        w.file(_under(directory, t), prog, "overwrite")


# --------------------------------------------------------------------------------------------
# Output options and operands of text tools and compressors
# --------------------------------------------------------------------------------------------

#: program -> (options whose value is a file written, options that take another value);
#: single-dash words as written (openssl's ``-out``), ``-oF`` and ``--output=F`` forms too
_OUTPUT_OPTS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "sort": (frozenset({"-o", "--output"}),
             frozenset({"-k", "--key", "-t", "--field-separator", "-S", "--buffer-size", "-T",
                        "--temporary-directory", "--parallel", "--batch-size"})),
    "gpg": (frozenset({"-o", "--output"}), frozenset({"-r", "--recipient", "-u", "--local-user",
                                                       "--passphrase", "--homedir"})),
    "patch": (frozenset({"-o", "--output"}), frozenset({"-p", "-i", "--input", "-d", "-F", "-r",
                                                         "-B", "-V", "-D", "-z", "--suffix"})),
    "openssl": (frozenset({"-out", "-keyout", "-signature"}),
                frozenset({"-in", "-pass", "-passin", "-passout", "-k", "-kfile", "-md",
                           "-iv", "-K", "-S", "-inform", "-outform", "-key", "-config"})),
    "csplit": (frozenset({"-f", "--prefix"}), frozenset({"-b", "--suffix-format", "-n",
                                                         "--digits"})),
    "cpio": (frozenset({"-O", "-F", "--file"}),
             frozenset({"-H", "--format", "-I", "-R", "--owner", "-E", "--pattern-file", "-M",
                        "--message", "-C", "--io-size", "-D", "--directory"})),
}  # fmt: skip
_OUTPUT_OPTS["shuf"] = (
    frozenset({"-o", "--output"}),
    frozenset({"-n", "--head-count", "-i", "--input-range", "--random-source"}),
)
_OUTPUT_OPTS["gpg2"] = _OUTPUT_OPTS["gpg"]
_OUTPUT_OPTS["iconv"] = (
    frozenset({"-o", "--output"}),
    frozenset({"-f", "--from-code", "-t", "--to-code"}),
)
#: program -> options that take a value, for those whose second operand is written
_SECOND_OPERAND: dict[str, frozenset[str]] = {
    "uniq": frozenset({"-f", "--skip-fields", "-s", "--skip-chars", "-w", "--check-chars"}),
    "xxd": frozenset({"-c", "-cols", "-g", "-groupsize", "-l", "-len", "-s", "-seek", "-o",
                      "-offset", "-n", "-name"}),
    "split": frozenset({"-a", "--suffix-length", "-b", "--bytes", "-C", "--line-bytes", "-l",
                        "--lines", "-n", "--number", "-t", "--separator",
                        "--additional-suffix", "--filter"}),
}  # fmt: skip
#: compressors that replace their operand (FILE by FILE.gz, FILE.gz by FILE) unless told to
#: keep it: letters (in a short bundle) and long options that keep it
_REPLACING = {"gzip": "cklt", "gunzip": "cklt", "bzip2": "ckt", "bunzip2": "ckt",
              "xz": "cklt", "unxz": "cklt", "lzma": "cklt"}  # fmt: skip
_KEEPS = frozenset({"--stdout", "--to-stdout", "--keep", "--test", "--list"})
_COMPRESSOR_VALUES = frozenset({"-S", "--suffix", "-T", "--threads", "-M", "--memlimit"})


def _word_opts(
    args: tuple[str, ...], values: frozenset[str]
) -> tuple[list[str], list[tuple[str, str]]]:
    """Operands and ``(option, value)`` pairs of a program whose options in ``values`` take a
    value (``-o F``, ``--output=F``, ``-oF`` for a one-letter option)."""
    plain: list[str] = []
    opts: list[tuple[str, str]] = []
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        name, eq, value = a.partition("=")
        short = next((o for o in values if len(o) == 2 and a.startswith(o) and len(a) > 2), None)
        if a == "--":
            plain.extend(args[i:])
            break
        if name in values and not eq and i < len(args):
            opts.append((name, args[i]))
            i += 1
        elif a.startswith("--") or name in values:
            opts.append((name, value))
        elif short is not None and not a.startswith("--"):
            opts.append((short, a[2:]))
        elif a.startswith("-") and a != "-":
            opts.append((a, ""))
        else:
            plain.append(a)
    return plain, opts


def _outputs(w: _Walker, prog: str, args: tuple[str, ...]) -> None:
    """A text tool's or compressor's output file (``sort -o F``, ``openssl enc -out F``,
    ``uniq IN OUT``, ``xxd IN OUT``, ``split IN PREFIX``, ``gzip FILE``: FILE replaced); its
    other operands are read as ``cat``'s are."""
    other = _SECOND_OPERAND.get(prog, _COMPRESSOR_VALUES)
    written, values = _OUTPUT_OPTS.get(prog, (frozenset(), other))

    plain, opts = _word_opts(args, written | values)
    creates = prog != "cpio" or any(k in ("-o", "--create") for k, _ in opts)
    for k, v in opts:
        if k in written and v and v != "-" and creates:
            w.file(v, prog, "overwrite")
        elif k in ("-i", "--input", "-in", "--pattern-file", "-E", "-kfile") and v:
            w.file(v, prog, "read")
        elif k == "--filter" and v:  # (split --filter=CMD: a shell runs CMD per piece)
            w.nested(v)
    keep = _REPLACING.get(prog)
    replaces = keep is not None and not any(
        k in _KEEPS or (not k.startswith("--") and set(k[1:]) & set(keep)) for k, _ in opts
    )
    # (patch FILE PATCH: FILE is patched in place, unless -o or --dry-run writes elsewhere)
    patched = prog == "patch" and not {k for k, _ in opts} & {"-o", "--output", "--dry-run"}
    for n, p in enumerate(plain):
        second = (prog in _SECOND_OPERAND and n == 1) or (patched and n == 0)
        w.file(p, prog, "overwrite" if second else "delete" if replaces else "read")


#: vi's options that take a value (the next word); -w and -W write the keys typed to it
_VI_VALUES = frozenset({"-c", "--cmd", "-S", "-u", "-U", "-i", "-T", "-s", "-w", "-W", "-t", "-q"})
#: vi's options that run it from a script or commands, not a terminal: it saves its files
_VI_SCRIPTED = frozenset({"-c", "--cmd", "-s", "-e", "-E", "-es", "-Es", "-S"})


def _rewrites(w: _Walker, prog: str, args: tuple[str, ...]) -> None:
    """Files a program writes back whole: ``sponge FILE`` (its input, once read), ``ed
    FILE`` and ``ex FILE`` (a script's ``w``), ``vim -es -c '%d|wq' FILE`` (vi run from
    commands, ``+CMD`` too). Attack class: ``vim -es -c '%d|wq' /srv/data/x`` emptied a file
    outside the project, read as no write at all."""
    plain, opts = _word_opts(args, _VI_VALUES if prog not in ("sponge", "ed") else frozenset())
    scripted = prog in ("sponge", "ed", "ex") or any(k in _VI_SCRIPTED for k, _ in opts)
    scripted = scripted or any(p.startswith("+") for p in plain)
    for k, v in opts:
        if k in ("-w", "-W") and v:
            w.file(v, prog, "overwrite")
    for p in plain:
        if not p.startswith("+"):
            w.file(p, prog, "overwrite" if scripted else "read")


# --------------------------------------------------------------------------------------------
# Dispatch
# --------------------------------------------------------------------------------------------

_HANDLERS: dict[str, Callable[[_Walker, str, tuple[str, ...]], None]] = {
    "tar": _tar, "gtar": _tar, "bsdtar": _tar, "zip": _zip, "unzip": _unzip,
    "7z": _7z, "7za": _7z, "7zr": _7z, "7zz": _7z, "sed": _sed, "gsed": _sed,
    "touch": _creates, "mkdir": _creates, "mkfifo": _creates, "fallocate": _creates,
    "sqlite3": _sqlite, "sqlite": _sqlite, "git": _git,
    **{p: _rewrites for p in ("sponge", "ed", "ex", "vi", "vim", "nvim", "view")},
    **{p: _outputs for p in (*_OUTPUT_OPTS, *_SECOND_OPERAND, *_REPLACING)},
    **{p: awk for p in AWKS},
}  # fmt: skip
#: the programs :func:`file_writes` reads
WRITERS = frozenset(_HANDLERS)


def file_writes(w: _Walker, prog: str, args: tuple[str, ...]) -> bool:
    """Record what ``prog args`` writes and reads (module docstring); True when ``prog`` is
    one of :data:`WRITERS` (its operands are read here, not as a plain reader's)."""
    handler = _HANDLERS.get(prog)
    if handler is None:
        return False
    handler(w, prog, args)
    return True
