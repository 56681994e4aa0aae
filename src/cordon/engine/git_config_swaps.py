"""Git commands that put another version of a client's MCP config in the work tree, or
restore a named auto-run file: ``action.credential_write`` (ask).

Attack class: a config swap that disables the guard. A project's ``.mcp.json`` is often
committed unwrapped and wrapped by ``cordon init`` in the work tree only; ``git stash``,
``git restore .mcp.json`` or ``git checkout -- .mcp.json`` puts the committed copy back, and
``git checkout BRANCH`` (or a merge, pull, rebase, reset --hard) one from another ref, so the
client's next start runs those servers without cordon, while ``cp x .mcp.json`` is asked
about.

Two reach levels. A pathspec is explicit: one that names (or a directory or pattern that
holds) any file the write rules protect
(:func:`cordon.engine.credential_paths.is_credential_path`: :data:`PROBES`, the MCP configs
and the auto-run and instruction files ``.envrc``, ``.vscode/tasks.json``, ``CLAUDE.md``,
``.github/workflows/`` ...) is asked, as ``cp x CLAUDE.md`` is. A whole-tree rewrite
(``git checkout main``, ``pull``, ``merge``, ``stash``) is asked only while the work tree
holds a file that decides whether cordon is in front of the servers (:data:`CLIENT_CONFIGS`:
the clients' project MCP configs, and Claude Code's settings, whose hooks and servers run at
its start). Checking out history that carries an instruction or auto-run file is not a swap
of the guard (the write rules ask a write of such a file, not a branch that holds one), and
most repositories hold one (a workflow, a ``CLAUDE.md``, a pre-commit config): asking every
branch switch, pull and stash there would train the person to approve git blindly.

:func:`rewrite` reads one ``git`` command (pure): the work-tree directory it runs in, the
pathspecs it restores, or that it rewrites the whole tree (``stash`` push/pop/apply/branch,
``reset --hard|--merge|--keep``, ``checkout``/``switch`` of a ref, ``merge``, ``pull``,
``rebase``, ``cherry-pick``, ``revert``, ``am``, ``bisect``, ``read-tree -u``,
``checkout-index``, ``submodule update``: ``--force`` checks a submodule at ``.vscode`` out
over its wrapped ``mcp.json``, and a new one brings its own). Not read here: ``worktree add
PATH`` (git refuses a directory that exists and is not empty, so the main work tree's
configs stay; a config directory not made yet, ``git worktree add .vscode REF``, is a write
the write rules ask: :mod:`.shell_writers`) and ``sparse-checkout`` (set, add, reapply,
disable: git leaves a file that differs from the index, a wrapped config, "not up to date
... left despite sparse patterns", and brings back only what the index holds).
:func:`protected_in_tree` looks (``lstat`` only) for such files at each directory from the
command's one up to the repository's top (the directory holding ``.git``; none found: up
to ``/``), and in a directory pathspec. Asked: a pathspec that
names such a file, or a directory or pattern that holds one; a whole-tree rewrite where a
client config exists; fail closed when the directory is computed, or a ``!`` alias given with
``-c`` or ``--pathspec-from-file`` is given (``--work-tree`` is read as the directory).
Also read: the patch mode with no pathspec (``yes | git restore -p`` restores every hunk),
``checkout-index --stdin``, ``merge-file`` (its result is written over the first file); a
subcommand git does not ship (an alias from the user's config, ``git co main``, or an external
``git-NAME``) is a whole-tree rewrite, and ``git config alias.NAME`` set to a rewriting
command is asked when written. Not asked: ``status``, ``diff``, ``log``, ``add``,
``commit``, ``fetch``, ``stash list|show|drop|clear`` (a drop is ``action.git_destroy``),
the subcommands of ``git svn``, ``git p4`` and ``git lfs`` that leave the work tree as it is
(``svn fetch``, ``p4 sync``, ``lfs track|ls-files|fetch|push``: :data:`_TOOL_READS`).
Not read: a ``GIT_DIR``/``GIT_WORK_TREE`` set in the server's environment, a file nested below the
command's directory that no probe names, a config ``cordon init`` wrapped under another name
(its list, ``~/.cordon/state/wrapped.json``, reaches the engine as the state files of each
entry, not as the configs that hold them).
``git clean`` deletes untracked files only (``action.git_destroy`` asks it): a deleted config
starts no server unwrapped.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from cordon.engine.credential_paths import is_credential_path
from cordon.engine.git_commands import GIT_VALUE, config_setting
from cordon.engine.sql_programs import DYNAMIC

__all__ = [
    "CLIENT_CONFIGS",
    "PROBES",
    "Rewrite",
    "command_swap",
    "protected_in_tree",
    "rewrite",
    "spec_hits",
    "swap_reason",
    "tool_swap",
]

#: client MCP configs and auto-run or instruction files, relative to a directory, looked for
#: in the work tree (each one :func:`is_credential_path` reads as protected: tested)
PROBES = (
    ".mcp.json", "mcp.json", ".cursor", ".vscode/mcp.json", ".vscode/settings.json",
    ".vscode/tasks.json", ".vscode/launch.json", ".claude/settings.json",
    ".claude/settings.local.json", ".claude/commands", ".claude/agents", ".gemini/settings.json",
    ".codex/config.toml", ".zed/settings.json", ".envrc", ".npmrc", ".husky", ".githooks",
    ".pre-commit-config.yaml", ".pre-commit-config.yml", "lefthook.yml", ".lefthook.yml",
    ".github/workflows", ".github/actions", ".github/copilot-instructions.md", ".gitlab-ci.yml",
    ".gitmodules", ".devcontainer", ".devcontainer.json", "CLAUDE.md", "CLAUDE.local.md",
    "AGENTS.md", "GEMINI.md", "claude.md", "agents.md", ".cursorrules", ".windsurfrules",
    ".clinerules", "opencode.json", "opencode.jsonc", ".opencode",
)  # fmt: skip
#: the files that decide whether cordon is in front of a client's servers: the project MCP
#: configs ``cordon init`` wraps (Claude Code, Cursor, VS Code, Gemini CLI, Codex, Zed,
#: opencode) and Claude Code's settings (its hooks and servers); a whole-tree rewrite is asked only where
#: one exists (module docstring: an auto-run file alone is not a swap of the guard)
CLIENT_CONFIGS = (
    ".mcp.json", "mcp.json", ".cursor/mcp.json", ".vscode/mcp.json", ".gemini/settings.json",
    ".codex/config.toml", ".zed/settings.json", ".claude/settings.json",
    ".claude/settings.local.json", ".claude.json", ".codeium/windsurf/mcp_config.json",
    ".config/Claude/claude_desktop_config.json", "opencode.json", "opencode.jsonc",
    ".config/zed/settings.json", ".config/opencode/opencode.json",
    ".config/opencode/opencode.jsonc",
    "Library/Application Support/Claude/claude_desktop_config.json",
)  # fmt: skip
#: the user-level configs above (a work tree at the home directory: a dotfiles repository)
#: are read as the project ones are: ``cordon init`` wraps ``~/.claude.json``, Windsurf's and
#: Claude Desktop's in place
#: subcommands that rewrite tracked files of the whole work tree from a ref or a stash
_WHOLE = frozenset({"merge", "pull", "rebase", "cherry-pick", "revert", "am", "bisect", "switch"})
#: ``git stash`` subcommands that leave the work tree as it is
_STASH_READS = frozenset({"list", "show", "drop", "clear", "create", "store"})
#: ``git bisect`` subcommands that check nothing out
_BISECT_READS = frozenset({"log", "view", "visualize", "terms", "help"})
#: options whose next word is their value (checkout, restore, reset, switch, stash)
_VALUE = frozenset({"-s", "--source", "-b", "-B", "-c", "-C", "--orphan", "-m", "--message",
                    "--conflict", "--pathspec-from-file", "--track", "-t", "-L"})  # fmt: skip
#: subcommands an alias may stand for that rewrite work-tree files (``git config alias.co
#: checkout`` then ``git co -- .mcp.json``); ``reset`` too unless the alias ends its options
#: with ``--`` (``alias.unstage 'reset HEAD --'``: the words after it are paths of the index)
_REWRITERS = _WHOLE | {"checkout", "restore", "stash", "read-tree", "checkout-index",
                       "merge-file", "apply", "mv", "sparse-checkout", "submodule"}  # fmt: skip
#: the subcommands git ships (``git --list-cmds=main,nohelpers``, git 2.39, and the later
#: ``replay``, ``refs``, ``backfill``, ``last-modified``, ``repo``): any other is an alias from
#: the user's config or an external ``git-NAME`` program, whose words cordon cannot read
_SHIPPED = frozenset(
    """
add am annotate apply archive backfill bisect blame branch bugreport bundle cat-file check-attr
check-ignore check-mailmap check-ref-format checkout checkout-index cherry cherry-pick clean
clone column commit commit-graph commit-tree config count-objects credential credential-cache
credential-store daemon describe diagnose diff diff-files diff-index diff-tree difftool
fast-export fast-import fetch fetch-pack filter-branch fmt-merge-msg for-each-ref for-each-repo
format-patch fsck fsck-objects gc get-tar-commit-id grep gui citool send-email hash-object help hook http-backend
http-fetch http-push imap-send index-pack init init-db instaweb interpret-trailers
last-modified log ls-files ls-remote ls-tree mailinfo mailsplit maintenance merge merge-base
merge-file merge-index merge-octopus merge-one-file merge-ours merge-recursive
merge-recursive-ours merge-recursive-theirs merge-resolve merge-subtree merge-tree mergetool
mktag mktree multi-pack-index mv name-rev notes pack-objects pack-redundant pack-refs patch-id
pickaxe prune prune-packed pull push quiltimport range-diff read-tree rebase receive-pack
reflog refs remote remote-ext remote-fd remote-ftp remote-ftps remote-http remote-https repack
replace replay repo request-pull rerere reset restore rev-list rev-parse revert rm send-pack
shell shortlog show show-branch show-index show-ref sparse-checkout stage stash status
stripspace submodule subtree switch symbolic-ref tag unpack-file unpack-objects update-index
update-ref update-server-info upload-archive upload-pack var verify-commit verify-pack
verify-tag version whatchanged worktree write-tree
""".split()
)
#: git's own programs that its distributions package apart (``git svn``, ``git p4``: not in
#: the list above) and Git LFS (bundled with Git for Windows), each with its subcommands that
#: leave the work tree's files as they are; any other of theirs is a whole-tree rewrite
#: (``svn rebase``/``dcommit``, ``p4 rebase``/``submit``, ``p4 clone .`` checks out with
#: ``-f``, ``lfs pull``/``checkout``/``migrate``), as any subcommand git does not ship is;
#: git-svn's checkout after each command runs only while HEAD is unborn and no index exists
#: (``read-tree -m -u``, which refuses to overwrite an untracked file)
_TOOL_READS = {
    "svn": frozenset("fetch log blame find-rev info show-ignore show-externals propget "
                     "proplist".split()),
    "p4": frozenset({"sync"}),
    "lfs": frozenset("install track untrack ls-files fetch push status env version logs "
                     "locks lock unlock fsck prune".split()),
}  # fmt: skip
_GLOB = frozenset("*?[")


@dataclass(frozen=True)
class Rewrite:
    """What one git command rewrites: ``directory`` (``-C`` joined, relative to where it
    runs), ``specs`` (the pathspecs it restores), ``whole`` (every tracked file), ``unsure``
    (why the files cannot be told: fail closed) ."""

    directory: str
    specs: tuple[str, ...] = ()
    whole: bool = False
    unsure: str | None = None


def _split(args: tuple[str, ...]) -> tuple[str, str, tuple[str, ...], str | None]:
    """(the work tree's directory: ``-C`` and ``--work-tree`` joined; the subcommand, an
    alias given with ``-c`` replaced by its words; its arguments; why unsure) of ``git
    ARGS``."""
    directory, i = ".", 0
    aliases: dict[str, str] = {}
    while i < len(args):
        a, (name, eq, value) = args[i], args[i].partition("=")
        if name == "--work-tree" and (eq or i + 1 < len(args)):
            directory = posixpath.join(directory, value if eq else args[i + 1])
        if a == "-c" and i + 1 < len(args) and args[i + 1].lower().startswith("alias."):
            key, _, stands_for = args[i + 1].partition("=")
            aliases[key[6:].lower()] = stands_for
        if a == "-C" and i + 1 < len(args):
            directory = posixpath.join(directory, args[i + 1])
        if a in GIT_VALUE:
            i += 2
            continue
        if not a.startswith("-"):
            alias = aliases.get(a.lower())
            if alias is None:
                return directory, a, args[i + 1 :], None
            if alias.startswith("!") or not alias.split():
                return directory, a, (), "git runs an alias given on its command line"
            words = tuple(alias.split())
            return directory, words[0], words[1:] + args[i + 1 :], None
        i += 1
    return directory, "", (), None


def _words(args: tuple[str, ...]) -> tuple[set[str], list[str], list[str] | None]:
    """(options, positionals before ``--``, the words after ``--`` or None)."""
    names: set[str] = set()
    plain: list[str] = []
    skip = False
    for k, a in enumerate(args):
        if skip:
            skip = False
        elif a == "--":
            return names, plain, list(args[k + 1 :])
        elif a.startswith("-") and len(a) > 1:
            names.add(a.partition("=")[0])
            skip = a in _VALUE
        else:
            plain.append(a)
    return names, plain, None


def rewrite(args: tuple[str, ...]) -> Rewrite | None:
    """What ``git ARGS`` rewrites in the work tree (module docstring), or None."""
    directory, sub, rest, unsure = _split(args)
    names, plain, after = _words(rest)
    if "--pathspec-from-file" in names:
        unsure = "git reads its pathspecs from a file"
    whole = sub in _WHOLE or (bool(sub) and sub not in _SHIPPED)
    specs: list[str] = []
    if sub in _TOOL_READS and rest[:1] and rest[0] in _TOOL_READS[sub]:
        return None  # (the subcommand first: no option before it whose value hides another)
    if sub == "config":
        unsure = _alias_rewrites(rest) or unsure
    elif sub == "stash":
        if plain[:1] and plain[0] in _STASH_READS:
            return None
        specs = after or []  # (stash push -- PATH: those paths only)
        whole = not specs
    elif sub == "bisect":
        whole = not (plain[:1] and plain[0] in _BISECT_READS)
    elif sub == "reset":
        whole = bool(names & {"--hard", "--merge", "--keep"})
    elif sub == "restore":
        if names & {"-S", "--staged"} and not names & {"-W", "--worktree"}:
            return None  # (unstages only)
        specs = [*plain, *(after or [])]
        whole = not specs and bool(names & {"-p", "--patch"})  # (yes | git restore -p)
    elif sub == "checkout":
        specs = [*plain, *(after or [])] if after is not None else list(plain)
        # one word without --: a branch or a file, as git finds; read as both
        whole = (after is None and len(plain) == 1) or bool(names & {"-b", "-B", "--orphan"})
        whole = whole or (not specs and bool(names & {"-p", "--patch"}))
    elif sub == "checkout-index":
        specs = list(plain) + (after or [])
        whole = bool(names & {"-a", "--all", "--stdin"})  # (git ls-files | ... --stdin)
    elif sub == "merge-file" and not names & {"-p", "--stdout"}:
        specs = [*plain, *(after or [])][:1]  # (the result is written over the first file)
    elif sub == "read-tree":
        whole = "-u" in names
    elif sub == "submodule":  # (update --force checks each submodule out: .vscode's mcp.json)
        whole = plain[:1] == ["update"]
    if not (whole or specs or unsure):
        return None
    return Rewrite(directory, tuple(specs), whole, unsure)


def _alias_rewrites(rest: tuple[str, ...]) -> str | None:
    """Why ``git config REST`` sets an alias that stands for a work-tree rewrite (read when
    it is written, as :func:`cordon.engine.git_commands.git_destruction` reads one that
    destroys work; its later use, ``git co``, is a subcommand git does not ship), or None."""
    key, _, value = (config_setting(rest) or "").partition("=")
    words = value.split()
    if not key.lower().startswith("alias.") or not words or words[0].startswith("!"):
        return None  # (a ! alias is a shell command, judged by config_command)
    if words[0] not in _REWRITERS and not (words[0] == "reset" and "--" not in words):
        return None
    return f"git config sets the alias {key[6:][:40]!r} to {value[:60]!r}, which rewrites work-tree files"


class Probe(Protocol):
    """What this module reads of the filesystem, passed in by the edge (the engine imports
    no I/O module): :class:`cordon.store.paths.OsPaths` is the real one."""

    def lexists(self, path: str) -> bool:
        """``path`` names an entry, a dangling symbolic link included (``os.path.lexists``)."""

    def isdir(self, path: str) -> bool:
        """``path`` is a directory, through symbolic links (``os.path.isdir``)."""


def _top(directory: str, fs: Probe) -> str | None:
    """The work tree's top holding ``directory`` (the nearest directory with ``.git``)."""
    d = directory
    while True:
        if fs.lexists(posixpath.join(d, ".git")):
            return d
        parent = posixpath.dirname(d)
        if parent == d:
            return None
        d = parent


def protected_in_tree(
    directory: str, fs: Probe, names: tuple[str, ...] = PROBES
) -> tuple[str | None, list[str]]:
    """(the work tree's top, the files of ``names`` found at each directory from the resolved
    ``directory`` up to it): one ``lstat`` per name and level. No top found (git's
    ``GIT_DIR`` may name one elsewhere): every directory up to ``/`` is read (fail closed)."""
    top = _top(directory, fs)
    found: list[str] = []
    d = directory
    while True:
        found.extend(p for p in (posixpath.join(d, n) for n in names) if fs.lexists(p))
        if d == top or posixpath.dirname(d) == d:
            return top, found
        d = posixpath.dirname(d)


def spec_hits(spec: str, resolved: str | None, found: list[str], fs: Probe) -> bool:
    """The pathspec ``spec`` (``resolved``: joined with the directory and resolved, None
    when it cannot be) may restore a protected file: it names one, is a pattern or magic
    (``:/``, ``:(glob)``) while one exists, or is a directory holding one."""
    if is_credential_path(spec) or (resolved is not None and is_credential_path(resolved)):
        return True
    if spec.startswith(":") or _GLOB & set(spec) or resolved is None:
        return bool(found)
    top = resolved.rstrip("/") + "/"
    if any(f == resolved or f.startswith(top) for f in found):
        return True
    if not fs.isdir(resolved):
        return False
    return any(fs.lexists(posixpath.join(resolved, n)) for n in PROBES)


def swap_reason(
    rw: Rewrite, where: str | None, resolve: Callable[[str], str | None], fs: Probe
) -> str | None:
    """Why the rewrite ``rw`` run in ``where`` (the directory joined with the ``cd`` before
    it and ``-C``; None: computed) may put back a protected file, or None."""
    if rw.unsure is not None:
        return f"{rw.unsure}: it may put back a client's MCP config or an auto-run file"
    directory = resolve(where) if where is not None and DYNAMIC not in where else None
    if directory is None:
        return "git runs in a directory computed at run time and may rewrite a protected file"
    if rw.whole and protected_in_tree(directory, fs, CLIENT_CONFIGS)[1]:
        return (
            "git rewrites the work tree from a ref or a stash, which may put back a client's "
            "MCP config (config swap: cordon taken off a server)"
        )
    found = protected_in_tree(directory, fs)[1] if rw.specs else []
    what = "a client's MCP config or an auto-run file (config swap: cordon taken off a server)"
    for spec in rw.specs:
        joined = posixpath.join(where or ".", spec) if DYNAMIC not in spec else None
        if spec_hits(spec, resolve(joined) if joined is not None else None, found, fs):
            return f"git restores {spec[:80]!r} from a ref, which may put back {what}"
    return None


def command_swap(
    commands: list[tuple[str, tuple[str, ...]]],
    cwds: list[str | None],
    resolve: Callable[[str], str | None],
    fs: Probe,
) -> str | None:
    """:func:`swap_reason` of the first git command of a parsed shell line that has one."""
    for k, (prog, args) in enumerate(commands):
        rw = rewrite(args) if prog == "git" else None
        if rw is None:
            continue
        cwd = cwds[k] if k < len(cwds) else None
        where = rw.directory if cwd is None else posixpath.join(cwd, rw.directory)
        why = swap_reason(rw, where, resolve, fs)
        if why is not None:
            return why
    return None


def tool_swap(targets: list[tuple[str, str, str]], base: str | None, fs: Probe) -> str | None:
    """:func:`swap_reason` of a git tool that rewrites a work tree (``git_checkout``, a
    merge, a pull, a stash): ``targets`` are ``(argument, string, resolved path)`` of its
    path arguments; a path naming a protected file is asked about, and the whole tree of each
    directory given (none: ``base``; no ``base`` either: fail closed) is read as a whole-tree
    rewrite (asked where a client config exists: :data:`CLIENT_CONFIGS`)."""
    what = "a client's MCP config or an auto-run file (config swap: cordon taken off a server)"
    for _where, text, resolved in targets:
        if is_credential_path(text) or is_credential_path(resolved):
            return f"the git tool restores {text[:80]!r}, which may put back {what}"
    dirs = [r for _w, _t, r in targets if fs.isdir(r)] or ([base] if base else [])
    if not dirs:
        return f"the git tool names no repository cordon can read: it may put back {what}"
    for d in dirs:
        why = swap_reason(Rewrite(".", whole=True), d, lambda p: p, fs)
        if why is not None:
            return why.replace("git rewrites", "the git tool rewrites", 1)
    return None
