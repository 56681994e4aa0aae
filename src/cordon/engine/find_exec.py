"""The paths a ``find -exec``/``-execdir``/``-ok``/``-okdir`` writer writes: the found ones.

``find START EXPR -exec PROG ... {} ;`` runs PROG on each path find finds, put where ``{}``
is: a writer there (``cp x {}``, ``tee -a {}``, ``sed -i ... {}``, a shell given ``{}``)
writes paths no word of the command line names. Attack class: ``find .git/hooks -exec cp
x {} \\;`` (every hook replaced), ``find . -name .envrc -exec tee -a {} \\;``, ``find . -name
pre-commit -execdir sh -c 'cat x > {}' \\;``: an auto-run file planted with no auto-run path
written out. Judged (:func:`cordon.engine.autorun_writes.autorun_write`) as a glob under each
start path:

* bounded: every branch of the expression (``-o`` alternatives) holds a ``-name`` or
  ``-iname`` pattern. A found path is ``START/.../NAME`` with NAME matching a pattern
  (find's fnmatch: ``*`` matches a leading dot). It is probed (:func:`probes`) as each
  known credential or auto-run name the pattern matches, and as a name the pattern itself
  stands for (``*.yml``: ``x.yml``), at the start and in each auto-run directory below it
  (:data:`_DIRS`); a probe that is a credential or auto-run path asks.
* unbounded (no ``-name``, a negated one, a branch without one, ``-path``/``-regex`` only):
  any path under the start may be written, judged as an archive extracted there is
  (:func:`starts`: asked when the start is, holds or is above an auto-run location, or is
  the project's root or home).

Entry points, not every file a hook may call: inside a directory whose every file
:mod:`.credential_paths` protects (``.cursor/``, ``.ssh/``, ``.github/workflows/``), a
probe counts only with a name or extension that directory's consumer loads by itself
(:data:`_ENTRY_EXT`: a workflow is ``*.yml``, a client's command ``*.md``, a hook has no
extension). Under ``.git`` git reads by name only its configuration and its hooks
(githooks(5)), all without an extension but ``config.worktree`` (:data:`_GIT_NAMES`); refs,
objects and logs are data. So ``find . -name '*.py' -exec sed -i s/a/b/ {} +`` is not
asked: ``*.py`` names no hook, configuration, workflow, client command or credential file;
a ``.py`` file a hook or a workflow calls is the project's code, as ``sed -i x.py`` writes
it.

Reads: a program given ``{}`` is also run (:func:`read_lines`, for every rule to read) on
the credential files (:data:`_SECRETS`) at each start path and in each directory of
:data:`_DIRS` below it that pass every ``-name``/``-path``/``-regex`` test of a branch:
``find ~ -name 'id_*' -exec cat {} ;`` as ``cat ~/.ssh/id_rsa``, and ``find ... | xargs
cat`` the same way (:func:`piped_lines`). A generic name (``*``, ``*.json``) matches only
the dot file its extension names (``*.env``: ``.env``), and a branch with no such test
bounds nothing: any file, judged by the start path alone, as ``grep -r x START`` is.

The tests that bound an action are those before it (``find . -exec cp x {} ; -name X``
runs the action on every path), words of other actions left out; ``{}`` inside a word is
judged where it writes (``cp x {}-commit``). ``fd``/``fdfind`` ``-x``/``-X`` are read as
``find -exec`` (:func:`as_find`). ``find | xargs WRITER`` is judged elsewhere: xargs'
items are known only at run time, so the writer's target is asked about already. Pure:
no I/O.
"""

from __future__ import annotations

import fnmatch
import itertools
import posixpath
import re
import shlex

from cordon.engine.credential_paths import is_credential_path
from cordon.engine.exec_bits import made_runnable
from cordon.engine.shell_split import split

__all__ = ["as_find", "exec_lines", "piped_lines", "probes", "read_lines", "split_find", "starts"]

#: git's hooks (githooks(5)) and the files git reads under ``.git`` by name
_HOOKS = frozenset(
    {"applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit",
     "prepare-commit-msg", "commit-msg", "post-commit", "pre-rebase", "post-checkout",
     "post-merge", "pre-push", "pre-receive", "update", "proc-receive", "post-receive",
     "post-update", "reference-transaction", "push-to-checkout", "pre-auto-gc",
     "post-rewrite", "sendemail-validate", "fsmonitor-watchman", "p4-changelist",
     "p4-prepare-changelist", "p4-post-changelist", "p4-pre-submit", "post-index-change"}
)  # fmt: skip
_GIT_NAMES = _HOOKS | {"config", "config.worktree", "commondir", "gitdir", "hooks", "info",
                       "attributes", "modules", "worktrees", ".git"}  # fmt: skip
#: names tried for each pattern besides the pattern's own: the auto-run and credential names
#: (:mod:`.credential_paths`), and one of each extension a consumer loads from a directory
_NAMES = _HOOKS | {
    ".envrc", ".env", ".env.local", ".git", "hooks", "config", "config.worktree", "commondir",
    ".gitconfig", ".git-credentials", ".netrc", ".npmrc", ".pypirc", ".pgpass", ".bashrc",
    ".zshrc", ".profile", ".bash_profile", ".zprofile", ".zshenv", ".husky", ".githooks",
    ".pre-commit-config.yaml", ".pre-commit-config.yml", "lefthook.yml", ".lefthook.yml",
    "lefthook.yaml", ".github", "workflows", ".gitlab-ci.yml", ".mcp.json", "mcp.json",
    ".claude.json", "claude_desktop_config.json", "settings.json", "settings.local.json",
    "tasks.json", "launch.json", "config.toml", "mcp_config.json", ".vscode", ".cursor",
    ".claude", ".gemini", ".codex", ".zed", ".opencode", "opencode.json", "opencode.jsonc",
    "cline_mcp_settings.json", ".ssh", "authorized_keys", "known_hosts",
    "id_rsa", "id_ed25519", "credentials", "credentials.json", ".gitmodules",
    "devcontainer.json", ".devcontainer.json", ".travis.yml", "azure-pipelines.yml",
    "config.fish", "x.yml", "x.yaml", "x.md", "x.mdc", "x.json", "x.toml",
    "x.conf", "x.gpg", "x.desktop",
}  # fmt: skip
#: directories under a start path where an auto-run or credential file lives
_DIRS = (
    "", ".git", ".git/hooks", ".git/info", ".husky", ".githooks", ".github",
    ".github/workflows", ".vscode", ".cursor", ".cursor/rules", ".claude", ".claude/commands",
    ".claude/agents", ".gemini", ".codex", ".zed", ".devcontainer", ".ssh", ".aws", ".azure",
    ".kube", ".docker", ".gnupg", ".config", ".config/gh", ".config/gcloud", ".auth",
    ".password-store", ".config/fish", ".config/autostart", ".codeium/windsurf",
    ".local/share/keyrings", ".claude-server-commander", ".cordon", ".config/zed",
    "Library/Application Support/Claude",
)  # fmt: skip
#: directories whose every file is protected -> the extensions its consumer loads ("" no
#: extension: a hook, ``authorized_keys``, ``config``)
_ENTRY_EXT = {
    ".github/workflows": ("yml", "yaml"), ".claude/commands": ("md",),
    ".claude/agents": ("md",), ".cursor": ("", "json", "mdc"), ".cursor/rules": ("mdc", "md"),
    ".husky": ("",), ".githooks": ("",), ".ssh": ("", "pub", "conf"), ".aws": ("",),
    ".azure": ("", "json"), ".gnupg": ("", "conf", "gpg", "kbx"), ".config/gcloud": ("json", "db"),
    ".auth": ("json",), ".password-store": ("gpg",), ".devcontainer": ("", "json"),
    ".config/autostart": ("desktop",), ".local/share/keyrings": ("", "keyring"),
    ".claude-server-commander": ("json",),
    ".cordon": ("", "json", "jsonl", "yaml", "yml", "toml", "log", "paths", "db", "key", "pem"),
}  # fmt: skip
_EXECS = frozenset({"-exec", "-execdir", "-ok", "-okdir"})
_OR = frozenset({"-o", "-or", ","})
_NOT = frozenset({"!", "-not"})
#: at most this many probes per command (more: taken for a credential path, fail closed)
_MAX_PROBES = 20_000


def split_find(args: tuple[str, ...]) -> tuple[list[str], tuple[str, ...]]:
    """(start paths, default ``.``, ``/`` when read from a file; the expression)."""
    lead = 0
    while lead < len(args) and re.fullmatch(r"-[HLP]+|-O\d*", args[lead]):
        lead += 1  # (find -L .git/hooks ...: symlink and optimisation options come first)
    if lead < len(args) and args[lead] == "-D":
        lead += 2
    args = args[lead:]
    n = next((k for k, a in enumerate(args) if a.startswith(("-", "(", "!"))), len(args))
    if "-files0-from" in args[n:]:  # (the start paths are read from a file: any path)
        return ["/"], args[n:]
    return list(args[:n]) or ["."], args[n:]


def exec_commands(expr: tuple[str, ...]) -> list[tuple[int, str, tuple[str, ...]]]:
    """``(index of the action, -exec|-execdir|..., its words)`` of each action."""
    out = []
    for k, a in enumerate(expr):
        if a in _EXECS:
            end = next((j for j in range(k + 1, len(expr)) if expr[j] in (";", "+")), len(expr))
            out.append((k, a, expr[k + 1 : end]))
    return out


def name_patterns(expr: tuple[str, ...]) -> list[str] | None:
    """The ``-name``/``-iname`` patterns (lower case) a found path's name matches, or None
    when some ``-o`` branch holds none, or the expression negates anything (``! ( -name
    X )``, ``-not``): not bounded."""
    if _NOT & set(expr):
        return None
    patterns: list[str] = []
    bounded = True
    branch = False
    for k, a in enumerate(expr):
        if a in _OR:
            bounded, branch = bounded and branch, False
        elif a in ("-name", "-iname") and k + 1 < len(expr):
            if k == 0 or expr[k - 1] not in _NOT:
                patterns.append(expr[k + 1].lower())
                branch = True
    if not (bounded and branch) or any("\x00" in p for p in patterns):
        return None
    return patterns


def _stands_for(pattern: str) -> str:
    """One name ``pattern`` matches: ``*`` as ``x``, ``?`` as ``x``, a class as its first
    letter (``*.yml``: ``x.yml``)."""
    text = re.sub(r"\[!?\^?(.)[^\]]*\]", r"\1", pattern)
    return (text.replace("*", "x").replace("?", "x").replace("\\", "")) or "x"


def _counts(path: str) -> bool:
    """``path`` (a probe) names a file its directory's consumer loads (module docstring)."""
    parts = path.split("/")
    name = parts[-1]
    if ".git" in parts[:-1] and name not in _GIT_NAMES:
        return False  # (refs, objects, logs: git runs no file under .git by another name)
    ext = name.rpartition(".")[2] if "." in name.lstrip(".") else ""
    for d, exts in _ENTRY_EXT.items():
        if ("/" + "/".join(parts[:-1]) + "/").endswith("/" + d + "/") and ext not in exts:
            return False
    return is_credential_path(path)


def _writers(args: tuple[str, ...]) -> list[tuple[list[str] | None, list[str]]]:
    """``(name patterns or None, paths written)`` of each action of ``find ARGS`` that
    writes what it is given: the patterns are the tests before the action (``-exec ... ;
    -name X`` runs the action before the test), words of earlier actions left out."""
    _starts, expr = split_find(args)
    out = []
    done = 0
    tests: list[str] = []
    for k, _a, words in exec_commands(expr):
        tests += [x for x in expr[done:k] if x not in _EXECS]
        done = k + len(words) + 2  # (the action, its words, its ; or +)
        templates = written(words) if any("{}" in w for w in words) else []
        if templates:
            out.append((name_patterns(tuple(tests)), templates))
    return out


def probes(args: tuple[str, ...]) -> list[str]:
    """The credential or auto-run paths a writer ``find ARGS`` runs on ``{}`` may write,
    for a bounded expression (module docstring); ``[]`` when none, or no writer."""
    start_paths, _expr = split_find(args)
    out = []
    for patterns, templates in _writers(args):
        names: list[str] = []
        for p in patterns or ():
            names += [n for n in sorted(_NAMES) if fnmatch.fnmatchcase(n, p)] + [_stands_for(p)]
        if len(start_paths) * len(_DIRS) * len(names) * len(templates) > _MAX_PROBES:
            return [posixpath.join(start_paths[0], ".git/hooks/pre-commit")]
        for s, d, n, t in itertools.product(start_paths, _DIRS, dict.fromkeys(names), templates):
            path = t.replace(FOUND, posixpath.join(s, d, n) if d else posixpath.join(s, n))
            if _counts(posixpath.normpath(path)):
                out.append(path)
    return out


def starts(args: tuple[str, ...]) -> list[str]:
    """The start paths of ``find ARGS`` when a writer runs on ``{}`` and the found names
    are not bounded: any path under each may be written (module docstring)."""
    start_paths, _expr = split_find(args)
    return start_paths if any(p is None for p, _t in _writers(args)) else []


def exec_lines(args: tuple[str, ...]) -> list[str]:
    """The command lines ``find ARGS`` runs on what it finds, ``{}`` read as one found path
    (the first start path and a name the first ``-name`` pattern stands for: ``./x.py``),
    for every other rule to read as ``sh -c``: the network destinations and uploads of
    ``-exec curl -F f=@{} URL ;`` were not read (a line without ``{}`` is read by
    :func:`cordon.engine.shell_wrappers.command_lines`)."""
    start_paths, expr = split_find(args)
    patterns = name_patterns(expr)
    found = posixpath.join(start_paths[0], _stands_for(patterns[0]) if patterns else "x")
    from cordon.engine.shell_commands import DELETERS, base_name  # (it imports this module)

    out = []
    for _k, action, words in exec_commands(expr):
        if (
            words
            and base_name(words[0]) in DELETERS
            and all(w == "{}" or w.startswith("-") for w in words[1:])
        ):
            continue  # (-exec rm {} ;: read as deleting the start paths, by find's reader)
        if words and any("{}" in w for w in words):
            line = shlex.join(w.replace("{}", found) for w in words)
            out.append(f'cd "$(:)" && {line}' if action.endswith("dir") else line)
    return out


#: names of files that hold credentials, tried for a reader's bounded tests (:func:`read_lines`)
_SECRETS = frozenset(
    {"id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk",
     "credentials", "credentials.json", "config", "config.json", ".env", ".env.local",
     ".env.production", ".env.development", ".envrc", ".netrc", "_netrc", ".git-credentials",
     ".gitconfig", ".pgpass", ".npmrc", ".pypirc", ".my.cnf", ".boto", "hosts.yml",
     "hosts.yaml", "authorized_keys", "known_hosts", "storage-state.json", ".mcp.json",
     "mcp.json", ".claude.json", "claude_desktop_config.json", "mcp_config.json",
     "opencode.json", "opencode.jsonc", "cline_mcp_settings.json",
     "application_default_credentials.json", "access_tokens.db", "credentials.db"}
)  # fmt: skip
#: the tests a found path's name or whole path is matched by
_NAME_TESTS = frozenset({"-name", "-iname"})
_PATH_TESTS = frozenset({"-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex"})
#: a pattern that names no file in particular: ``*`` or ``*.EXT`` (matched by reads only as
#: the dot file named by the extension, ``*.env``: ``.env``)
_ANY_NAME = re.compile(r"\*(?:\.([^*?\[\]/\\]+))?")
#: at most this many command lines read per action
_MAX_READ_LINES = 4


def _branches(tests: tuple[str, ...]) -> list[list[tuple[str, str]]]:
    """The ``(test, pattern)`` pairs of each ``-o`` branch of ``tests``, negated tests left
    out (they narrow what is found: leaving them out finds more, failing closed)."""
    out: list[list[tuple[str, str]]] = [[]]
    for k, a in enumerate(tests):
        if a in _OR:
            out.append([])
        elif a in _NAME_TESTS | _PATH_TESTS and k + 1 < len(tests):
            if k == 0 or tests[k - 1] not in _NOT:
                out[-1].append((a, tests[k + 1]))
    return out


def _matches(test: str, pattern: str, path: str) -> bool:
    """The found ``path`` passes ``test pattern`` as find reads it (fnmatch: ``*`` matches a
    leading dot and, in a whole path, ``/``; a regular expression matches the whole path);
    a generic name (:data:`_ANY_NAME`) matches only the dot file its extension names."""
    fold = test in ("-iname", "-ipath", "-iwholename", "-iregex")
    path, pattern = (path.lower(), pattern.lower()) if fold else (path, pattern)
    subject = posixpath.basename(path) if test in _NAME_TESTS else path
    if test in ("-regex", "-iregex"):
        try:
            return re.fullmatch(pattern, subject) is not None
        except re.error:
            return True  # (a pattern Python cannot read: any path)
    generic = _ANY_NAME.fullmatch(pattern)
    if generic is not None:
        ext = generic.group(1)
        return ext is not None and posixpath.basename(path) == "." + ext
    return fnmatch.fnmatchcase(subject, pattern)


def read_paths(start_paths: list[str], tests: tuple[str, ...]) -> list[str]:
    """The credential files (:data:`_SECRETS` at each start path and in each directory of
    :data:`_DIRS` below it) that pass every ``-name``/``-path``/``-regex`` test of some
    ``-o`` branch of ``tests``; none for a branch without one (any file: read as ``grep -r``
    is, by the start path alone)."""
    out: list[str] = []
    for branch in (b for b in _branches(tests) if b):
        named = [(t, p) for t, p in branch if t in _NAME_TESTS]
        names = [n for n in sorted(_SECRETS) if all(_matches(t, p, n) for t, p in named)]
        if len(start_paths) * len(_DIRS) * len(names) > _MAX_PROBES:
            return [posixpath.join(start_paths[0], ".ssh/id_rsa")]  # (fail closed)
        for s, d, n in itertools.product(start_paths, _DIRS, names):
            path = posixpath.join(s, d, n) if d else posixpath.join(s, n)
            if all(_matches(t, p, path) for t, p in branch) and path not in out:
                out += [path] if is_credential_path(path, reads=True) else []
    return out


def read_lines(args: tuple[str, ...]) -> list[str]:
    """The command lines ``find ARGS`` runs on the credential files its tests may find, each
    with ``{}`` read as one (at most :data:`_MAX_READ_LINES` an action), for every rule to
    read as ``sh -c``.

    Attack class: ``find ~ -name 'id_*' -exec cat {} \\;`` prints ``~/.ssh/id_rsa`` with no
    word naming it, while ``cat ~/.ssh/id_rsa`` is asked (:func:`exec_lines` reads ``{}``
    as one stand-in path, ``~/id_x``). The tests that bound an action are those before it."""
    start_paths, expr = split_find(args)
    out: list[str] = []
    done = 0
    tests: list[str] = []
    for k, action, words in exec_commands(expr):
        tests += [x for x in expr[done:k] if x not in _EXECS]
        done = k + len(words) + 2
        if not any("{}" in w for w in words):
            continue
        for path in read_paths(start_paths, tuple(tests))[:_MAX_READ_LINES]:
            here, name = posixpath.split(path)
            if action.endswith("dir"):  # (-execdir: run in the file's directory on ./NAME)
                line = shlex.join(w.replace("{}", "./" + name) for w in words)
                out.append(f"cd {_tilde_quoted(here)} && {line}")
            else:
                line = shlex.join(w.replace("{}", "@@found@@") for w in words)
                out.append(line.replace("@@found@@", _tilde_quoted(path)))
    return out


def _tilde_quoted(path: str) -> str:
    """``path`` quoted for a shell, a leading ``~`` or ``~USER`` left to expand."""
    head, sep, tail = path.partition("/")
    if head.startswith("~") and re.fullmatch(r"~[\w.-]*", head):
        return head + sep + (shlex.quote(tail) if tail else "")
    return shlex.quote(path)


def piped_lines(
    feeder: tuple[str, tuple[str, ...]] | None, program: str, args: tuple[str, ...]
) -> list[str]:
    """The command lines ``find ARGS | xargs PROGRAM ...`` (or ``fd``'s, or ``PROGRAM
    $(find ARGS)``) runs on the credential files find's tests may find (:func:`read_lines`),
    the items read at run time (:data:`_DYNAMIC` in ``args``) read as ``{}``: ``find ~/.ssh
    -name 'id_*' | xargs cat`` as ``-exec cat {} +``."""
    if feeder is None or not any(_DYNAMIC in a for a in args):
        return []
    words = [program, *(a.replace(_DYNAMIC, "{}") for a in args)]
    if feeder[0] == "find":
        return read_lines((*feeder[1], "-exec", *words, "+"))
    found = as_find(feeder[0], (*feeder[1], "-X", *words))  # (fd id_ ~ | xargs cat)
    return read_lines(found) if found is not None else []


#: fd options that take the next word as their value (fd(1))
_FD_VALUE = frozenset(
    {"-e", "--extension", "-t", "--type", "-E", "--exclude", "-d", "--max-depth",
     "--min-depth", "--exact-depth", "-S", "--size", "--changed-within", "--changed-before",
     "-o", "--owner", "-j", "--threads", "--max-results", "--base-directory",
     "--path-separator", "--ignore-file", "-c", "--color", "--search-path", "--batch-size",
     "--format", "--and"}
)  # fmt: skip
_FD_EXEC = frozenset({"-x", "--exec", "-X", "--exec-batch"})
_FD_PLACEHOLDER = re.compile(r"\{(?:/|//|\.|/\.)?\}")
_REGEX_CHARS = frozenset("\\.^$*+?()[]{}|")


def as_find(prog: str, args: tuple[str, ...]) -> tuple[str, ...] | None:
    """``fd``'s (``fdfind``'s) arguments as the ``find`` arguments they stand for, for
    :func:`probes` and :func:`starts`, when fd runs a command on what it finds (``-x CMD``,
    ``-X CMD``: each placeholder ``{}``, ``{/}``, ``{//}``, ``{.}`` read as the found path,
    which is appended when none is given); None otherwise. Attack class: ``fd -H pre-commit
    -x cp x {}``, as ``find -exec``. The names are bounded by ``-e EXT`` (``*.EXT``), a
    ``--glob`` pattern, or a pattern with no regular-expression syntax (a substring of the
    name: ``*P*``); hidden paths are taken as searched (``-H`` or not: fail closed), and a
    full-path match (``-p``) or another base directory bounds nothing."""
    if prog not in ("fd", "fdfind"):
        return None
    at = next((k for k, a in enumerate(args) if a in _FD_EXEC), None)
    if at is None:
        return None
    end = next((k for k in range(at + 1, len(args)) if args[k] == ";"), len(args))
    cmd = [_FD_PLACEHOLDER.sub("{}", w) for w in args[at + 1 : end]]
    cmd += [] if any("{}" in w for w in cmd) else ["{}"]
    plain, opts = split(args[:at] + args[end + 1 :], _FD_VALUE)
    named = {k for k, _ in opts}
    starts = plain[1:] + [v for k, v in opts if k == "--search-path"] or ["."]
    exts = [v.lstrip(".") for k, v in opts if k in ("-e", "--extension")]
    pattern = plain[0] if plain else ""
    names = [f"*.{e}" for e in exts]
    if not names and pattern and ({"-g", "--glob"} & named):
        names = [pattern]
    elif (
        not names
        and pattern
        and ({"-F", "--fixed-strings"} & named or not _REGEX_CHARS & set(pattern))
    ):
        names = [f"*{pattern}*"]
    if {"--base-directory", "-p", "--full-path"} & named:
        starts, names = ["/"], names if {"-p", "--full-path"} & named and exts else []
    expr = [x for n in names for x in ("-o", "-iname", n)][1:]
    return (*starts, *expr, "-exec", *cmd, ";")


#: programs given ``{}`` that read it and write no file
_READS_ONLY = frozenset(
    {"cat", "head", "tail", "grep", "egrep", "fgrep", "rg", "ag", "wc", "ls", "stat", "file",
     "md5sum", "sha1sum", "sha256sum", "sha512sum", "b2sum", "cksum", "du", "readlink",
     "realpath", "basename", "dirname", "echo", "printf", "test", "[", "diff", "cmp", "less",
     "more", "strings", "xxd", "od", "hexdump", "jq", "nl", "tac", "bat", "batcat", "cut",
     "uniq", "true", "false", "git", "chmod", "chown", "chgrp", "touch", "rm", "rmdir",
     "unlink", "shred", "mkdir", "sort", "sed", "cp", "mv", "install", "ln", "link", "tee",
     "truncate", "dd", "rsync", "tar", "zip", "gzip", "gunzip", "xz", "zstd", "bzip2"}
)  # fmt: skip


#: stands for the path find found, where ``{}`` is
FOUND = "found\x01"
#: a value known only at run time (as :data:`cordon.engine.shell_commands.DYNAMIC`)
_DYNAMIC = "\x00"


def written(words: tuple[str, ...]) -> list[str]:
    """The paths ``-exec WORDS`` may write, :data:`FOUND` standing for the found path
    (``cp x {}.bak``: ``FOUND.bak``): where a known writer's grammar puts ``{}`` among what
    it overwrites (``cp x {}``, ``tee {}``, ``sed -i ... {}``); the found path itself when
    a shell or an interpreter is given ``{}`` (its program text may write it) or an unknown
    program is (fail closed). ``[]`` for a reader. ``_READS_ONLY`` holds readers and the
    writers whose grammar :func:`cordon.engine.shell_commands.command` reads."""
    from cordon.engine.shell_commands import SHELLS, command, interpreter
    from cordon.engine.shell_wrappers import unwrap  # (they import this module's users)

    prog, rest, _ = unwrap(list(words))
    if not prog or prog in SHELLS or interpreter(prog) is not None:
        return [FOUND]
    probe = _Probe()
    command(probe, prog, tuple(x.replace("{}", FOUND) for x in rest), prog, [])
    out = [p for p in probe.written if FOUND in p]
    found = tuple(x.replace("{}", FOUND) for x in rest)
    out += [p for p in made_runnable(prog, found) if FOUND in p]  # (-exec chmod +x {} ;)
    return out or ([] if prog in _READS_ONLY else [FOUND])


class _Probe:
    """A walker for :func:`cordon.engine.shell_commands.command` that keeps the paths it
    overwrites."""

    def __init__(self) -> None:
        self.written: list[str] = []

    def file(self, path: str, program: str, op: str) -> None:
        if op == "overwrite":
            self.written.append(path)

    def net(self, kind: str, value: str, program: str) -> None:
        return None

    def nested(self, text: str) -> None:
        return None

    def cd(self, args: tuple[str, ...]) -> None:
        return None

    def opaque(self, why: str) -> None:
        return None

    def sql(self, text: str) -> None:
        return None

    def remote_shell(self, why: str) -> None:
        return None

    def env_var(self, name: str, value: str) -> None:
        return None

    def contained(self, run: object) -> None:
        return None

    def getenv(self, name: str) -> str | None:
        return None

    def remote_code(self, why: str) -> None:
        return None

    def symlink(self, name: str, target: str, relative: bool) -> None:
        return None
