"""``action.cordon_state`` for what a shell command writes that is not a plain write target.

:func:`cordon.engine.commands._cordon_rules` judges the deletes and overwrites the parser
reports (:attr:`cordon.engine.shell.ShellFacts.files`). A fooled agent has other ways to
write one of cordon's files (its own: ``~/.cordon``, the policy, pin file, approvals store,
audit log; the client's other cordon processes'), read here from the parsed commands:

* a glob pattern the shell expands to one of them (``> ~/.cord*/approvals.json``);
* a link to one (``ln ~/.cordon/approvals.json a.json``: a hard link is a second name a
  later write goes through, and no path resolution sees it; a symbolic link made and
  written through in one string is not resolved at check time);
* a copy or move into a directory, under the source's own name (``cp -r /tmp/.cordon ~``);
* a program that writes what a file it reads says (an archive extracted, a patch or a git
  checkout applied, a package installed) into one of cordon's directories (denied) or into
  a directory named or ``cd``-ed to that holds one (asked: the content decides);
* a program told to delete what it copies or archives (``rsync --remove-source-files``,
  ``tar --remove-files``, ``zip -m``), given one of cordon's files or what holds one;
* a program given one of cordon's files as an argument that is not known only to read it:
  one known to write its arguments (``touch``, ``chmod``, ``vim``, ``sqlite3``,
  ``ssh-keygen``, ``awk -i inplace`` ...) is denied, any other asked about;
* interpreter, awk or sed program text that names ``.cordon`` or one of the files and
  writes (``open(os.path.expanduser('~/.cordon/approvals.json'), 'w')``).

Not seen here: a script file written by one call and run by another (its text is not in
the command), and the starting directory's own content (``git checkout BRANCH`` in a
project whose tracked files include the policy).
"""

from __future__ import annotations

import fnmatch
import posixpath
import re
from collections.abc import Callable

from cordon.engine.shell import DYNAMIC, ShellFacts
from cordon.engine.shell_commands import interpreter, interpreter_code

__all__ = ["READ_ONLY", "glob_hit", "runs_code", "state_uses", "writes_state_text"]

#: (resolved path, moves) -> who owns the protected path it touches ("own", "other") or None
Touched = Callable[[str, bool], "str | None"]
#: (word, cwd) -> the resolved path, or None when it cannot be resolved
Resolve = Callable[[str, "str | None"], "str | None"]

#: programs that read their file arguments and write none of them
READ_ONLY = frozenset(
    {"cat", "tac", "head", "tail", "less", "more", "nl", "grep", "egrep", "fgrep", "rg", "ag",
     "wc", "jq", "ls", "stat", "file", "diff", "cmp", "md5sum", "sha1sum", "sha224sum",
     "sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum", "strings", "od", "hexdump",
     "cut", "column", "fold", "realpath", "readlink", "dirname", "basename", "du", "df",
     "test", "[", "echo", "printf", "bat", "tree", "lsattr", "getfacl", "namei", "cordon",
     "cd", "pushd", "popd", "type", "which", "command", "true", "false", "exit"}
)  # fmt: skip
#: programs whose deletes and overwrites the parser reports (judged by _cordon_rules)
_PARSED = frozenset(
    {"rm", "rmdir", "unlink", "shred", "srm", "trash", "trash-put", "wipe", "truncate", "dd",
     "mv", "cp", "install", "ln", "rsync", "tee"}
)  # fmt: skip
#: programs known to write, replace or re-mode the files they are given
_WRITERS = frozenset(
    {"touch", "chmod", "chown", "chgrp", "chattr", "setfacl", "setfattr", "mkfifo", "mknod",
     "mkdir", "ssh-keygen", "sqlite3", "sqlite", "duckdb", "ed", "ex", "vi", "vim", "nvim",
     "nano", "emacs", "patch", "script", "busybox", "gzip", "bzip2", "xz", "zstd", "gunzip",
     "bunzip2", "unxz", "find", "awk", "gawk", "fallocate", "sponge", "git", "curl", "wget",
     "sudoedit"}
)  # fmt: skip
#: writers of the files they are given and nothing else (no git, curl, mkdir: common in a
#: fresh ``cd "$(mktemp -d)"``)
_FILE_WRITERS = _WRITERS - {
    "git",
    "curl",
    "wget",
    "find",
    "awk",
    "gawk",
    "busybox",
    "mkdir",
    "script",
}
#: options whose value is a file the program writes (``sort -o``, ``openssl -out``)
_OUTPUT_OPTS = frozenset(
    {"-o", "--output", "-out", "-O", "--output-document", "--output-dir", "-P",
     "--directory-prefix", "-f", "--file"}
)  # fmt: skip
#: options after which a compressor writes nothing in place (to stdout, keeping, testing)
_KEEPS = frozenset(
    {"-c", "--stdout", "--to-stdout", "-k", "--keep", "-l", "--list", "-t", "--test"}
)
#: programs that read their files unless given an in-place option
_IN_PLACE_OPT = {
    "sed": ("-i", "--in-place"),
    "gsed": ("-i", "--in-place"),
    "yq": ("-i", "--inplace"),
    "perl": ("-i", "-pi", "-ni"),
    "sd": (),
}
#: git subcommands that only read the work tree
_GIT_READS = frozenset(
    {"add", "diff", "log", "show", "status", "blame", "ls-files", "grep", "commit", "shortlog",
     "annotate", "cat-file", "hash-object", "check-ignore", "check-attr", "rev-parse"}
)  # fmt: skip
#: git subcommands that write the work tree from what a commit or a patch holds
_GIT_WRITES = frozenset(
    {"checkout", "switch", "restore", "reset", "stash", "apply", "am", "merge", "pull",
     "rebase", "cherry-pick", "revert", "clone", "init", "worktree", "read-tree",
     "checkout-index", "mv", "rm", "clean"}
)  # fmt: skip
#: programs that write what an archive, patch or package holds into a directory, and the
#: options naming it (a short option also attached: ``-oDIR``, ``-dDIR``)
_DIR_WRITERS: dict[str, tuple[str, ...]] = {
    "tar": ("-C", "--directory"), "bsdtar": ("-C", "--directory"), "gtar": ("-C", "--directory"),
    "unzip": ("-d",), "cpio": ("-D", "--directory"), "7z": ("-o",), "7za": ("-o",),
    "7zz": ("-o",), "patch": ("-d", "--directory"), "git": ("-C", "--work-tree"),
    "npm": ("--prefix",), "pnpm": ("--dir", "-C"), "pip": ("--target", "-t", "--prefix",
    "--root"), "pip3": ("--target", "-t", "--prefix", "--root"), "ar": (),
}  # fmt: skip
_CORDON_DIR = re.compile(r"\.cordon(?![\w-])", re.IGNORECASE)
_WRITE_WORD = re.compile(
    r"""['"][wax]b?\+?['"]|write|rename|replace|remove|unlink|rmtree|copy|move|symlink|link\(|"""
    r"""truncate|chmod|mkdir|makedirs|rmdir|delete|touch|dump|save|>|inplace|"""
    r"""\b(?:w|wq|wa|sav|saveas|up|update)!?\s|"""  # (an editor's write command)
    r"""\b(?:rm|mv|cp|ln|tee|dd|shred|install|rsync|sponge)\b""",  # (a command it runs)
    re.IGNORECASE,
)
_INPLACE = ("-iinplace", "--include=inplace")
#: programs whose arguments may hold program text that writes a file (an editor's ex
#: commands, emacs lisp, an expect or gdb script)
_SCRIPTED = frozenset(
    {"expect", "tclsh", "vi", "vim", "nvim", "ex", "view", "emacs", "gdb", "lldb"}
)
#: a pager's option naming a file it copies its input into (``less -o F``)
_LOG_FILE = ("-o", "-O", "--log-file", "--LOG-FILE")
_FIND_ACTS = frozenset(
    {"-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf", "-fls"}
)


def state_uses(
    facts: ShellFacts, resolve: Resolve, touched: Touched, protected: tuple[str, ...]
) -> tuple[str, str] | None:
    """``("deny", why)`` or ``("ask", why)`` for a write to one of cordon's files the parsed
    commands make other than a plain target (module docstring); ``protected`` are the
    files as written, for the program-text test."""
    ask: tuple[str, str] | None = None
    for (prog, args), cwd in zip(facts.commands, facts.cwds, strict=True):
        if prog in ("cd", "pushd"):
            continue  # (the directory each command runs in is the parser's: cd, env -C)
        for hit in (
            _links(prog, args, cwd, resolve, touched),
            _into_dir(prog, args, cwd, resolve, touched),
            _text(prog, args, protected),
            _given(prog, args, cwd, resolve, touched),
            _removes(prog, args, cwd, resolve, touched),
            _log_file(prog, args, cwd, resolve, touched),
            _mounts(prog, args, resolve, touched),
        ):
            if hit is not None and hit[0] == "deny":
                return hit
            ask = ask or hit
    for prog, text in facts.stdin_code:  # (python3 <<< CODE, ed F <<< 'w OTHER')
        if writes_state_text(text, protected):
            return "deny", f"{prog}'s program text on stdin writes to cordon's state"
    return ask


def _git_sub(args: tuple[str, ...]) -> str:
    """git's subcommand: its first word that is no option nor an option's value."""
    skip = False
    for a in args:
        if skip:
            skip = False
        elif a in ("-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path"):
            skip = True
        elif not a.startswith("-"):
            return a
    return ""


def _mounts(
    prog: str, args: tuple[str, ...], resolve: Resolve, touched: Touched
) -> tuple[str, str] | None:
    """A container given cordon's directory as a writable bind mount
    (``docker run -v ~/.cordon:/c IMAGE touch /c/approvals.json``): what runs inside
    writes it. A directory that holds it mounted (``-v /:/host``) is judged by what the
    container's command deletes or overwrites there (:mod:`.containers`)."""
    if prog not in ("docker", "podman", "nerdctl", "finch"):
        return None
    for a in args:
        value = a.partition("=")[2] if a.startswith("--") else a
        if "source=" in value or "src=" in value:
            parts = dict(p.partition("=")[::2] for p in value.split(","))
            host, ro = parts.get("source") or parts.get("src") or "", "readonly" in parts
        elif ":" in value and value.startswith(("/", "~", ".")):
            host, ro = value.split(":")[0], value.endswith((":ro", ",ro")) or ":ro," in value
        else:
            continue
        r = None if ro or DYNAMIC in host else resolve(host, None)
        if r is not None and touched(r, False) is not None:
            return "deny", f"{prog} mounts cordon's state writable into a container"
    return None


def _at(word: str, cwd: str | None, resolve: Resolve) -> str | None:
    if DYNAMIC in word or (cwd is not None and DYNAMIC in cwd):
        return None
    return resolve(word, cwd)


def _plain(args: tuple[str, ...]) -> list[str]:
    return [a for a in args if not a.startswith("-")]


def _links(
    prog: str, args: tuple[str, ...], cwd: str | None, resolve: Resolve, touched: Touched
) -> tuple[str, str] | None:
    """A link made to one of cordon's files or a directory holding one (``ln``, ``cp -l``,
    ``cp -s``), and a copy or move into a directory under the source's own name."""
    if prog not in ("ln", "link", "cp", "mv", "install", "rsync"):
        return None
    plain = _plain(args)
    linking = prog in ("ln", "link") or any(
        a in ("--link", "--symbolic-link")
        or (a.startswith("-") and not a.startswith("--") and ("l" in a or "s" in a))
        for a in args
    )
    sources, dest = plain[:-1], plain[-1] if len(plain) > 1 else None
    for s in sources if linking else ():
        r = _at(s, cwd, resolve)
        if r is not None and touched(r, True) is not None:
            return "deny", f"{prog} links to cordon's state: a write through the link reaches it"
    if dest is None or DYNAMIC in dest:
        return None
    r = _at(dest, cwd, resolve)
    contents = [s for s in sources if s.endswith(("/", "/.")) and prog in ("cp", "rsync")]
    if contents and r is not None and touched(r, True) is not None:
        # (rsync -a x/ ~, cp -a x/. ~: what the source directory holds lands there)
        return "ask", f"{prog} copies a directory's content into one that holds cordon's state"
    for s in sources:
        name = posixpath.basename(s.rstrip("/"))
        if not name or name in (".", "..") or DYNAMIC in name:
            continue
        r = _at(posixpath.join(dest, name), cwd, resolve)
        if r is not None and touched(r, False) is not None:
            return "deny", f"{prog} copies or moves {name!r} over cordon's state"
    return None


def _dir_of(prog: str, args: tuple[str, ...]) -> str | None:
    """The directory ``prog`` writes an archive's, patch's or package's content into, from
    its options; ``""`` when that is the working directory; None when it writes none."""
    opts = _DIR_WRITERS.get(prog)
    if opts is None:
        return None
    if prog == "git":
        sub = _git_sub(args)
        if sub not in _GIT_WRITES:
            return None
        if sub in ("clone", "init", "worktree"):
            plain = _plain(args)
            return plain[-1] if len(plain) > (2 if sub == "clone" else 1) else ""
    for i, a in enumerate(args):
        for o in opts:
            if a == o and i + 1 < len(args):
                return args[i + 1]
            if o.startswith("--") and a.startswith(o + "="):
                return a.partition("=")[2]
            if not o.startswith("--") and a.startswith(o) and len(a) > len(o):
                return a[len(o) :]
    # (a package manager writes into its own prefix, not the working directory)
    return None if prog in ("npm", "pnpm", "pip", "pip3") else ""


def _into_dir(
    prog: str, args: tuple[str, ...], cwd: str | None, resolve: Resolve, touched: Touched
) -> tuple[str, str] | None:
    """An archive extracted, a patch or checkout applied, a package installed into one of
    cordon's directories (deny) or into a directory named or ``cd``-ed to that holds one of
    cordon's files (ask: what is written there is known only at run time)."""
    where = _dir_of(prog, args)
    if where is None or (where == "" and cwd is None):
        return None  # (the starting directory's content: not judged here)
    r = _at(where or ".", cwd, resolve)
    if r is None:
        return None
    if touched(r, False) is not None:
        return "deny", f"{prog} writes what a file holds into cordon's state"
    if touched(r, True) is not None:
        return "ask", f"{prog} writes what a file holds into a directory that holds cordon's state"
    return None


def _text(prog: str, args: tuple[str, ...], protected: tuple[str, ...]) -> tuple[str, str] | None:
    """Interpreter, awk or sed program text that names ``.cordon`` or one of cordon's files
    and writes (fail closed: code is not run here; a path computed in it is not known)."""
    fam = interpreter(prog)
    if fam is not None:
        texts = interpreter_code(fam, args)[1]
    elif prog in _SCRIPTED:  # (expect's spawn, vim -c 'w! F', emacs --eval, gdb -ex)
        texts = [a for a in args if any(c.isspace() for c in a) or a.startswith("+")]
    elif prog in ("awk", "gawk", "mawk", "nawk", "sed", "gsed"):
        texts = [a for a in args if not a.startswith("-")][:1] + [
            args[i + 1] for i, a in enumerate(args[:-1]) if a in ("-e", "--expression")
        ]
    else:
        return None
    for t in texts:
        if DYNAMIC not in t and writes_state_text(t, protected):
            return "deny", f"{prog} program text writes to cordon's state"
    return None


def writes_state_text(text: str, protected: tuple[str, ...]) -> bool:
    """Program text names ``.cordon`` or one of ``protected`` and writes (fail closed)."""
    names = _CORDON_DIR.search(text) or any(p and p in text for p in protected)
    return bool(names) and _WRITE_WORD.search(text) is not None


def runs_code(facts: ShellFacts) -> bool:
    """Some command is an interpreter, awk or sed: a here-document may be its program."""
    return any(
        interpreter(p) is not None or p in ("awk", "gawk", "mawk", "nawk", "sed", "gsed")
        for p, _ in facts.commands
    )


def _given(
    prog: str, args: tuple[str, ...], cwd: str | None, resolve: Resolve, touched: Touched
) -> tuple[str, str] | None:
    """One of cordon's files given to a program not known only to read it."""
    if prog in _PARSED or (prog in READ_ONLY and prog != "cordon") or not prog:
        return None
    if prog == "cordon":
        return None  # (its control commands are action.cordon_control's)
    if prog == "git" and _git_sub(args) in _GIT_READS:
        return None
    inplace = prog in ("awk", "gawk") and (
        any(a in _INPLACE for a in args)
        or any(
            a in ("-i", "--include") and b == "inplace"
            for a, b in zip(args, args[1:], strict=False)
        )
    )
    if prog in ("awk", "gawk", "mawk", "nawk") and not inplace:
        return None  # (its program text is read by _text)
    if prog == "find" and not set(args) & _FIND_ACTS:
        return None  # (a listing; find -exec PROG, -delete and -fprint act on what it finds)
    if prog in ("gzip", "bzip2", "xz", "zstd", "gunzip", "bunzip2", "unxz") and _keeps(args):
        return None
    if prog in _IN_PLACE_OPT and not any(
        a.startswith(o) for a in args for o in _IN_PLACE_OPT[prog]
    ):
        return None  # (the program text is read by _text; sed -i's files by the parser)
    for i, w in enumerate(args):
        word = w.partition("=")[2] if w.startswith("-") and "=" in w else w
        if w.startswith("-") and "=" not in w:
            word = w[2:] if len(w) > 2 and w[2] in "/~" else ""
        writes = prog in _WRITERS or prog in _IN_PLACE_OPT or (i and args[i - 1] in _OUTPUT_OPTS)
        bare = not ("/" in word or word.startswith("~") or cwd is not None)
        if not word or (bare and not writes):
            continue  # (a writer's bare name too: a link made earlier may name cordon's file)
        if cwd and DYNAMIC in cwd and prog in _FILE_WRITERS and word[:1] not in "/~":
            # (cd "$(dirname ~/.cordon/x)" && touch x; a redirect there is asked about too)
            return "ask", f"{prog} writes a file in a directory computed at run time"
        r = _at(word, cwd, resolve)
        if r is None or touched(r, False) is None:
            continue
        if writes:
            return "deny", f"{prog} is given cordon's state, and writes what it is given"
        return "ask", f"{prog} is given cordon's state, and is not known only to read it"
    return None


def _removes(
    prog: str, args: tuple[str, ...], cwd: str | None, resolve: Resolve, touched: Touched
) -> tuple[str, str] | None:
    """A program told to delete the files it copies or archives (``rsync
    --remove-source-files``, ``tar --remove-files``, ``zip -m``, ``7z -sdel``; a GNU long
    option also abbreviated) given one of cordon's files or a directory that holds one."""
    if prog in ("rsync", "tar", "gtar", "bsdtar"):
        removes = any(a.startswith("--remove") for a in args)
    elif prog == "zip":
        removes = any(a == "--move" or (a[:1] == "-" and a[1:2] != "-" and "m" in a) for a in args)
    else:
        removes = prog in ("7z", "7za", "7zz") and "-sdel" in args
    for w in _plain(args) if removes else ():
        r = _at(w, cwd, resolve)
        if r is not None and touched(r, True) is not None:
            return "deny", f"{prog} deletes what it is given, and is given cordon's state"
    return None


def _log_file(
    prog: str, args: tuple[str, ...], cwd: str | None, resolve: Resolve, touched: Touched
) -> tuple[str, str] | None:
    """A pager told to copy its input into one of cordon's files (``less -o F``,
    ``-OF``, ``--log-file=F``)."""
    if prog != "less":
        return None
    for i, a in enumerate(args):
        opt = next((o for o in _LOG_FILE if a.startswith(o)), None)
        if opt is None:
            continue
        value = a[len(opt) :].lstrip("=") or (args[i + 1] if i + 1 < len(args) else "")
        r = _at(value, cwd, resolve) if value else None
        if r is not None and touched(r, False) is not None:
            return "deny", f"{prog} copies its input into cordon's state"
    return None


def _keeps(args: tuple[str, ...]) -> bool:
    """A compressor's options keep its input (``gzip -c``, ``-k``, ``-l``, bundled too)."""
    return any(
        a in _KEEPS or (a.startswith("-") and not a.startswith("--") and set(a[1:]) & set("cklt"))
        for a in args
    )


def glob_hit(pattern: str, protected: tuple[str, ...], moves: bool) -> bool:
    """The absolute glob ``pattern`` (``/home/u/.cord*/approvals.json``) may name one of
    ``protected`` (absolute, resolved) or a path under one; with ``moves`` also a directory
    that holds one. Compared without case, component by component (the shell expands a
    pattern in a redirect or an argument before the program runs)."""
    pc = [c for c in pattern.casefold().split("/") if c not in ("", ".")]
    for q in protected:
        qc = [c for c in q.casefold().split("/") if c]
        n = min(len(pc), len(qc))
        if all(fnmatch.fnmatchcase(qc[i], pc[i]) for i in range(n)):
            if len(pc) >= len(qc) or moves:
                return True
    return False
