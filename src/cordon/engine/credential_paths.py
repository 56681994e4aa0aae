"""Credential and auto-run files, and git configurations that run commands.

``action.credential_write`` asks before a write, edit, move or create aimed at a file that
holds credentials or that a program runs or loads on its own: what an injected agent writes
there outlives the session (MITRE ATT&CK T1552.001 credentials in files, T1098.004 SSH
authorized keys, T1546.004 Unix shell configuration, T1543 a client's MCP server entry,
which is a command the client starts).

* :func:`is_credential_path` reads a path as the server that opens it would: lower-cased,
  ``\\`` as ``/``, and normalised lexically (``.git//config``, ``.git/./config``,
  ``hooks/../config`` and a trailing ``/``, which a server's path library drops, name the
  same file as ``.git/config``). Symlinks are the server's to resolve, not the engine's.
* A repository's git directory and anything in it (``.git``, a directory or the ``gitdir:``
  file of a linked work tree; ``.git/config``, its hooks, its ``commondir`` file) is one:
  moving a planted directory over it, pointing a work tree's ``.git`` file or ``commondir``
  at one, or creating one with a directory's parents, hands git a configuration the agent
  wrote. Git itself writes there, not a file tool.
* :func:`runs_commands_as_git_config` reads what is written: a git configuration that sets a
  key git runs as a command (``core.fsmonitor``, ``core.sshCommand``, ``core.pager``,
  ``diff.external``, a filter's ``clean``/``smudge`` ...) or includes another file, whatever
  the file is named. Git reads such a file wherever it finds a git directory: an embedded
  bare repository (git's ``safe.bareRepository``, CVE-2022-24765 and the write-ups that
  led to it) or a directory a ``.git`` file names, and a git tool of the agent's runs
  ``git status`` there (``core.fsmonitor`` runs on status, diff and add).
"""

from __future__ import annotations

import fnmatch
import itertools
import re

import orjson

from cordon.engine import persistence_paths
from cordon.engine.platform_names import fold_path, windows_reading
from cordon.engine.short_names import alias_parts, may_alias

__all__ = [
    "TARGET_TOKENS",
    "credential_path_kind",
    "credential_reads",
    "declares_install_script",
    "is_credential_path",
    "may_name_credential_path",
    "runs_commands_as_git_config",
]

# Credential and auto-run paths (matched against a lower-cased, slash-normalised path).
_CRED_PATH_RE = re.compile(
    r"(?:^|/)(?:"
    r"\.ssh(?:/|$)|authorized_keys\d?$|known_hosts$|id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?(?:\.pub)?$"
    r"|\.aws/(?:credentials|config)$|\.aws/sso/|\.azure/|\.config/gcloud/|\.kube/config$"
    r"|\.docker/config\.json$|\.netrc$|_netrc$|\.git-credentials$|\.gitconfig$"
    # an env file and the variants loaders read (.env.local, .env.production, .env.dist),
    # not the committed template of one (.env.example, .env.sample, .env.template): no
    # loader reads those, and writing a new variable's blank there is everyday work
    r"|\.git(?:/|$)|\.env(?!\.(?:example|sample|template)$)(?:\.[\w.-]+)?$"
    r"|\.envrc$|\.npmrc$|\.pypirc$|\.pgpass$"
    # hooks git runs from the work tree (core.hooksPath: husky's .husky/, .githooks/) and the
    # hook managers' configs that name commands (pre-commit, lefthook); CI workflows, run
    # with the repository's secrets on the next push
    r"|\.husky(?:/|$)|\.githooks(?:/|$)|\.pre-commit-config\.ya?ml$|\.?lefthook\.ya?ml$"
    r"|\.github/workflows(?:/|$)|\.gitlab-ci\.ya?ml$"
    # a client's custom commands and agents: prompts it runs by name
    r"|\.claude/(?:commands|agents)(?:/|$)"
    r"|\.my\.cnf$|\.boto$|\.gnupg/|\.password-store/|credentials\.json$"
    # a browser's saved logins (its cookies and web storage): Playwright's storage state as
    # its MCP server names it (storage-state-<time>.json) and its docs keep it (.auth/)
    r"|storage[-_]?state[^/]*\.json$|\.auth/"
    r"|\.config/gh/hosts\.ya?ml$"
    # the MCP configurations of the clients cordon init knows: a server entry is a command
    # the client starts (Claude Code, Claude Desktop, Cursor, VS Code, Gemini CLI, Codex,
    # Windsurf, Cline), Zed's context servers (a project's .zed/ and ~/.config/zed/), and
    # opencode's `mcp` entries (opencode.json[c]) and the plugins it runs at start
    # (.opencode/plugin/, ~/.config/opencode/plugin/)
    r"|\.?mcp\.json$|\.claude\.json$|claude_desktop_config\.json$"
    r"|\.claude/settings(?:\.local)?\.json$|\.cursor/|\.vscode/(?:settings|tasks|launch|mcp)\.json$"
    r"|\.gemini/settings\.json$|\.codex/config\.toml$|windsurf/mcp_config\.json$"
    r"|cline_mcp_settings\.json$|\.?zed/settings\.json$|opencode\.jsonc?$|\.opencode/"
    r"|\.config/opencode/"
    # a directory that holds such files, named as the clients and tools name theirs: a
    # directory moved or copied into its place supplies them (a planted `cfg/` moved onto
    # `.vscode` brings an `mcp.json` without cordon), and moving or deleting it takes them
    r"|(?:\.vscode|\.cursor|\.claude|\.gemini|\.codex|\.zed|\.opencode|\.codeium|\.aws|\.azure|\.kube"
    r"|\.docker|\.gnupg|\.password-store|\.config|\.cordon)$"
    # cordon's own directory: its approvals, pins and policy (a writing tool is denied
    # there, action.cordon_state; this asks about a shell command's redirect into it)
    r"|\.cordon/"
    r"|\.(?:bash|zsh|ksh|fish)rc$|\.(?:bash_)?profile$|\.zprofile$|\.zshenv$|\.bash_login$"
    r"|\.bash_logout$|\.zlog(?:in|out)$|\.config/fish/(?:config\.fish$|conf\.d/)"
    r"|\.config/autostart/|launchagents/|crontab$|cron\.d/"
    # the editor's user-level settings and tasks: what a workspace's .vscode/settings.json
    # and tasks.json hold (chat.tools.autoApprove, CVE-2025-53773), for every workspace
    r"|(?:code(?: - (?:insiders|oss))?|vscodium|cursor|windsurf)/user/(?:settings|tasks)\.json$"
    r"|etc/(?:passwd|shadow|sudoers(?:\.d/.*)?|gshadow|hosts)$|\.local/share/keyrings/"
    r")"
)


# Auto-run files that hold no credential: a write is asked about (``action.credential_write``,
# as for the paths above), a read is not (``is_credential_path(..., reads=True)``). Each is run
# or fetched with no person reading it, on the next push, clone, container start or install:
# a workflow's local actions (``uses: ./.github/actions/x`` runs them with the job's secrets);
# Dependabot's configuration (its ``registries`` are sent the repository's Dependabot
# secrets, ``insecure-external-code-execution: allow`` runs manifest code); submodule URLs
# (fetched by ``git clone --recursive``, ``git submodule update --init`` and
# ``actions/checkout`` with ``submodules:``, their code built with the project); a dev
# container (Codespaces and VS Code run ``initializeCommand``, ``postCreateCommand`` ... on
# create, the first on the host); other CI services' pipelines, run with their secrets on
# the next push (CircleCI, Travis CI, Azure Pipelines, Buildkite, Jenkins multibranch);
# node-gyp's ``binding.gyp`` (npm builds it on install when the package sets no install
# script, and gyp runs the commands its ``<!(...)`` expansions name). A ``Makefile`` or a
# test file is not one: it runs when a person or CI asks for a build by name. Also an MCP
# server's own sandbox settings it reloads when the file changes: Desktop Commander's
# ``~/.claude-server-commander/config.json`` (``allowedDirectories``, ``blockedCommands``,
# ``defaultShell``); a write there widens what its tools may do, as its ``set_config_value``
# would, and a path cordon resolves reaches it through any link.
_AUTORUN_RE = re.compile(
    r"(?:^|/)(?:"
    r"\.github/actions(?:/|$)|\.github/dependabot\.ya?ml$|\.gitmodules$"
    r"|\.devcontainer(?:/|\.json$|$)|\.circleci(?:/|$)|\.travis\.ya?ml$"
    r"|azure-pipelines\.ya?ml$|\.buildkite(?:/|$)|jenkinsfile$|binding\.gyp$"
    r"|\.claude-server-commander(?:/|$)"
    # Python's start-up hooks (the site module; ATT&CK T1546.018): a .pth file's `import`
    # line and sitecustomize/usercustomize run at every start of that interpreter (a
    # project's .venv: the next pytest), no person reading them
    r"|(?:site|dist)-packages/(?:[^/]*\.pth$|(?:site|user)customize(?:\.pyc?$|/))"
    # a coding agent's instruction files, in any directory (Codex and Claude Code read the
    # nested ones too): the client loads them as its user's instructions at every session's
    # start, past cordon (the rules-file backdoor; memory poisoning, OWASP Agentic T1)
    r"|claude(?:\.local)?\.md$|agents\.md$|gemini\.md$|\.cursorrules$|\.windsurfrules$"
    r"|\.clinerules(?:/|$)|\.github/(?:copilot-instructions\.md$|instructions/)"
    # a file named as a git hook (githooks(5)) in a `hooks` directory: git runs it from any
    # git directory's hooks/, and GitPython's commit (the git MCP server's) runs pre-commit
    # there, so a bare repository planted as text (HEAD, objects/info/alternates) runs it
    r"|hooks/(?:applypatch-msg|(?:pre|post)-applypatch|pre-merge-commit|(?:prepare-)?commit-msg"
    r"|(?:pre|post)-commit|pre-rebase|post-(?:checkout|merge|rewrite|update|receive)"
    r"|pre-(?:push|receive|auto-gc)|update|proc-receive|reference-transaction"
    r"|push-to-checkout|sendemail-validate|fsmonitor-watchman|post-index-change)$"
    # what a login, a program's start or an install runs (:mod:`.persistence_paths`: shell
    # and session files, systemd units, PATH directories, editor and REPL start-up files,
    # package managers' configurations that run or fetch code, dotfiles repositories)
    r"|" + persistence_paths.PATTERN + r")|" + persistence_paths.HOME_PATTERN
)


def _normalised(p: str) -> str:
    """``p`` with empty and ``.`` segments dropped and each ``..`` taking the segment before
    it, as ``posixpath.normpath`` reads a path (never above its root)."""
    parts: list[str] = []
    for seg in p.split("/"):
        if seg in ("", "."):
            continue
        if seg == ".." and parts and parts[-1] != "..":
            parts.pop()
        elif seg != ".." or not p.startswith("/"):
            parts.append(seg)
    return ("/" if p.startswith("/") else "") + "/".join(parts)


#: the names of the components of credential and auto-run paths (the patterns above), lower
#: case: what a glob in a write target is tried against (:func:`may_name_credential_path`);
#: not ``LaunchAgents`` nor ``cron.d``, which run what they hold only at their system places
#: (``~/Library``, ``/etc``: outside a project, where path confinement judges a write); nor
#: an agent's instruction files (``CLAUDE.md``): ``sed -i ... *.md`` is ordinary work
_NAMES = frozenset(
    {".ssh", "authorized_keys", "authorized_keys2", "known_hosts", "id_rsa", "id_dsa",
     "id_ecdsa", "id_ed25519", "id_rsa.pub", "id_ed25519.pub", ".aws", "credentials", "config",
     "sso", ".azure", ".config", "gcloud", ".kube", ".docker", "config.json", ".netrc",
     "_netrc", ".git-credentials", ".gitconfig", ".git", "hooks", "commondir", ".env",
     ".env.local", ".envrc", ".npmrc", ".pypirc", ".pgpass", ".husky", ".githooks",
     ".pre-commit-config.yaml", ".pre-commit-config.yml", "lefthook.yml", ".lefthook.yml",
     "lefthook.yaml", ".github", "workflows", "actions", "dependabot.yml", ".gitlab-ci.yml",
     ".claude", "commands", "agents", ".my.cnf", ".boto", ".gnupg", ".password-store",
     "credentials.json", "storage-state.json", "storage_state.json", ".auth", "gh",
     "hosts.yml", "hosts.yaml", ".mcp.json", "mcp.json", ".claude.json",
     "claude_desktop_config.json", "settings.json", "settings.local.json", ".cursor",
     ".vscode", "tasks.json", "launch.json", ".gemini", ".codex", "config.toml", "windsurf",
     "mcp_config.json", ".zed", ".codeium", ".cordon", ".bashrc", ".zshrc", ".kshrc",
     ".fishrc", ".profile", ".bash_profile", ".zprofile", ".zshenv", ".bash_login", "fish",
     ".bash_logout", ".zlogin", ".zlogout", "conf.d", "code", "vscodium", "cursor", "user",
     "site-packages", "dist-packages", "sitecustomize.py", "usercustomize.py",
     "config.fish", "autostart", "crontab", "etc", "passwd",
     "shadow", "sudoers", "sudoers.d", "gshadow", "hosts", ".local", "share", "keyrings",
     ".gitmodules", ".devcontainer", ".devcontainer.json", "devcontainer.json", ".circleci",
     ".travis.yml", "azure-pipelines.yml", ".buildkite", "jenkinsfile", "binding.gyp",
     ".claude-server-commander", "opencode.json", "opencode.jsonc", ".opencode", "opencode",
     "zed", "cline_mcp_settings.json"}
) | persistence_paths.NAMES  # fmt: skip
_GLOB_CHARS = frozenset("*?[")
#: most paths one glob is tried as (more: taken for one that names a credential path)
_MAX_GLOB_TRIES = 4096


def may_name_credential_path(pattern: str, *, dotglob: bool = False) -> bool:
    """True when the glob ``pattern`` (a write target the shell expands before the program
    runs: ``.e*rc``, ``.gi?/hooks/x``, ``~/.c*-commander/config.json``) may name a
    credential or auto-run path (:func:`is_credential_path`, as written). Each component
    with a glob is tried as each name of :data:`_NAMES` it matches and as itself with its
    glob characters dropped; fail closed past :data:`_MAX_GLOB_TRIES`. A leading dot is
    matched only by a dot in the pattern, as bash and zsh expand by default; ``dotglob``
    (bash's ``shopt -s dotglob``, zsh's ``GLOB_DOTS``): by ``*`` and ``?`` too."""
    parts = pattern.strip().replace("\\", "/").lower().split("/")
    choices: list[list[str]] = []
    tries = 1
    for part in parts:
        if not _GLOB_CHARS & set(part):
            choices.append([part])
            continue
        dot = dotglob or part.startswith(".")
        fits = [n for n in _NAMES if fnmatch.fnmatchcase(n, part) and (dot or n[0] != ".")]
        choices.append([*fits, re.sub(r"\[[^\]]*\]|[*?\[\]]", "", part) or "x"])
        tries *= len(choices[-1])
        if tries > _MAX_GLOB_TRIES:
            return True
    return any(is_credential_path("/".join(p)) for p in itertools.product(*choices))


#: a glob component that names no file in particular (``*``, ``**``, ``*.json``)
_ANY_COMPONENT = re.compile(r"\*\*?(?:\.[^*?\[\]/]+)?")


def credential_reads(pattern: str) -> list[str]:
    """The credential files the glob ``pattern`` (a read operand the shell expands) may
    name: each component with a glob tried as each name of :data:`_NAMES` it matches (a
    leading dot matched only by a dot, as bash expands by default), kept as written when it
    names no file in particular (``*``, ``**``, ``*.EXT``); ``[]`` when a component matches
    no such name. Fail closed past :data:`_MAX_GLOB_TRIES` (the pattern itself and
    ``~/.ssh/id_rsa``).

    Attack class: ``head ~/.[s]sh/id_*``, ``cat ~/.aw*/cred*``, ``cat ~/**/id_*``: the
    pattern as written matched no credential path, so the read was not asked while ``cat
    ~/.ssh/id_rsa`` is."""
    choices: list[list[str]] = []
    tries = 1
    for part in pattern.strip().replace("\\", "/").split("/"):
        low = part.lower()
        if not _GLOB_CHARS & set(part) or _ANY_COMPONENT.fullmatch(low):
            choices.append([part])
            continue
        fits = [n for n in sorted(_NAMES) if fnmatch.fnmatchcase(n, low)]
        choices.append([n for n in fits if low.startswith(".") or n[0] != "."])
        tries *= len(choices[-1])
        if tries > _MAX_GLOB_TRIES:
            return [pattern, "~/.ssh/id_rsa"]
    paths = ("/".join(p) for p in itertools.product(*choices))
    return [p for p in paths if is_credential_path(p, reads=True)]


#: argument-name tokens of a path a tool writes (``path``, ``destination``, ``output_file``)
TARGET_TOKENS = frozenset(
    {"path", "file", "filename", "filepath", "dir", "directory", "folder", "dest",
     "destination", "target", "output", "out", "to", "dst", "src", "source", "uri", "url"}
)  # fmt: skip
#: the longest path argument read; a longer one is taken for a credential path (fail closed)
_MAX_PATH_ARGUMENT = 1 << 20


def is_credential_path(path: str, *, whole: bool = False, reads: bool = False) -> bool:
    """True when ``path`` names a credential or auto-run file (``~/.ssh/id_rsa``, ``.env``,
    ``~/.aws/credentials``, ``mcp.json``, ``~/.bashrc``, a repository's ``.git`` ...), as
    written or normalised (module docstring). Case-insensitive; ``\\`` is read as ``/``.

    ``whole``: the string is a path argument (its name says so, :data:`TARGET_TOKENS`), so a
    line break is part of a name and a long path is normalised as the server does
    (``x\\n/../.mcp.json`` and a 4,400-character ``a/a/.../../../.mcp.json`` name the client's
    config); one past :data:`_MAX_PATH_ARGUMENT` is taken for one. Otherwise a string with a
    line break or over 4,096 characters is text (a file's content), not a path.

    ``reads``: the path is read, not written: the auto-run files that hold no credential
    (:data:`_AUTORUN_RE`: ``.gitmodules``, ``.github/dependabot.yml`` ...) are not one."""
    p = path.strip().strip("\"'").replace("\\", "/").lower()
    if whole and len(p) > _MAX_PATH_ARGUMENT:
        return True
    if not p or (not whole and ("\n" in p or len(p) > 4096)):
        return False
    if _matches(p, reads):
        return True
    if "~" in p and _short_name(p, reads):
        return True  # (an 8.3 name: which long name it is, only the volume knows)
    q = p  # (the common case has nothing another platform reads otherwise)
    if not p.isascii() or ":" in p or " " in p or (p[-1] == "." or "./" in p) and _dotted(p):
        q = _platform_name(p)
    if q != p and _matches(q, reads):
        return True
    if "//" not in q and "/." not in q and not q.endswith("/") and q == p:
        return False  # (nothing to normalise: the common case)
    return any(_matches(_normalised(x), reads) for x in {p, q})


def _short_name(p: str, reads: bool) -> bool:
    """A name in ``p`` (lower-cased, slash-normalised) may be the 8.3 short name of a
    credential or auto-run file's (:func:`cordon.engine.short_names.may_alias`): ``p`` with
    that name read as one of :data:`_NAMES`, or as one of them with the alias's extension
    added (``ENV~1.PRO``: ``.env.production``), matches. Which long name it is only the
    volume knows: taken for one (fail closed); ``HEAD~2`` and ``README~1`` are none."""
    names = p.split("/")
    for i, name in enumerate(names):
        parts = alias_parts(name)
        if parts is None:
            continue
        ext = parts[2]
        for long in _NAMES if ext is None else (*_NAMES, *(f"{n}.{ext}" for n in _NAMES)):
            if may_alias(parts, long) and _matches(
                "/".join((*names[:i], long, *names[i + 1 :])), reads
            ):
                return True
    return False


def _dotted(p: str) -> bool:
    """A name in ``p`` ends in a dot and is not ``.`` nor ``..`` (Windows drops the dot)."""
    if "./" not in ("/" + p).replace("/../", "/").replace("/./", "/") and p[-1] != ".":
        return False  # (only ``..`` and ``.`` names: a relative path's usual form)
    return any(c[-1:] == "." and c.strip(".") for c in p.split("/"))


def _platform_name(p: str) -> str:
    """``p`` (lower-cased, slash-normalised) as another platform's file system names the
    file: NFKC-folded (``\uff0eenv``, ``\uff0f``; macOS's NFD spellings) without the code
    points HFS+ ignores, and as Windows reads a name (trailing dots and spaces and an NTFS
    stream suffix dropped: ``.env.``, ``.env::$data``). Attack class: a write to a
    credential or auto-run file under a spelling the patterns do not match."""
    if not p.isascii():
        p = fold_path(p)
    return windows_reading(p) or p


#: what a credential or auto-run path is, in the words a person asked about its write reads
#: (the first that matches); a path of another kind gets the rule's words alone
_KINDS = tuple(
    (re.compile(pattern), said)
    for pattern, said in (
        (
            r"(?:^|/)(?:claude(?:\.local)?\.md|agents\.md|gemini\.md|\.cursorrules"
            r"|\.windsurfrules)$|(?:^|/)\.clinerules(?:/|$)"
            r"|\.github/(?:copilot-instructions\.md$|instructions/)",
            "an agent instruction file, which the client loads as your instructions",
        ),
        (
            r"(?:^|/)(?:\.?mcp\.json|\.claude\.json|claude_desktop_config\.json"
            r"|mcp_config\.json|opencode\.jsonc?|cline_mcp_settings\.json)$"
            r"|\.gemini/settings\.json$|\.codex/config\.toml$",
            "a client's MCP configuration, whose entries are commands the client starts",
        ),
        (
            r"(?:^|/)(?:\.vscode|\.cursor|\.claude|\.zed)/|/user/(?:settings|tasks)\.json$"
            r"|(?:^|/)zed/settings\.json$",
            "an editor's settings or tasks, which can run commands or approve tools",
        ),
        (
            r"(?:^|/)(?:\.git/hooks|\.husky|\.githooks)(?:/|$)|(?:^|/)hooks/[a-z-]+$",
            "a git hook, which git runs",
        ),
        (
            r"(?:^|/)\.github/workflows(?:/|$)|\.gitlab-ci\.ya?ml$",
            "a CI workflow, run with the repository's secrets",
        ),
        (
            r"(?:^|/)(?:\.(?:bash|zsh|ksh|fish)rc|\.(?:bash_)?profile|\.zprofile|\.zshenv)$",
            "a shell start-up file, run at each shell's start",
        ),
        (
            r"(?:^|/)(?:\.ssh(?:/|$)|\.env(?:\.[\w.-]+)?$|\.aws/|\.netrc$|\.npmrc$|\.pypirc$"
            r"|\.git-credentials$|\.docker/config\.json$|\.kube/config$|credentials\.json$)",
            "a credential file",
        ),
    )
)


def credential_path_kind(path: str) -> str | None:
    """What the credential or auto-run file ``path`` is, for the question a person answers
    (``AGENTS.md``: an agent instruction file); ``None`` for a kind with no words here."""
    p = path.strip().strip("\"'").replace("\\", "/").lower()
    said = next((said for pattern, said in _KINDS if pattern.search(p)), None)
    return said if said is not None else persistence_paths.persistence_kind(p)


def _matches(p: str, reads: bool) -> bool:
    """``p`` (lower-cased, slash-normalised) is a credential path, or an auto-run one when
    written."""
    if _CRED_PATH_RE.search(p) is not None:
        return True
    return not reads and _AUTORUN_RE.search(p) is not None


#: a git configuration's section header (``[core]``, ``[filter "lfs"]``, ``[diff.x]``), after
#: any white space or byte order mark git skips
_SECTION_RE = re.compile(r'^[\ufeff \t]*\[[ \t]*[A-Za-z][\w.-]*(?:[ \t]+"[^"\n]*")?[ \t]*\]', re.M)
#: a key git reads on the header's own line (``[core] fsmonitor = ...``) or on a line of its own
_KEY_START = r"^[\ufeff \t]*(?:\[[^\]\n]*\][ \t]*)?"
#: keys no other configuration format uses: a line setting one is git's even with no section
#: header in the text (an edit's new text, the header being in the file already)
_GIT_ONLY_RE = re.compile(
    _KEY_START + r"(?:fsmonitor|sshcommand|hookspath|gitproxy|askpass|packobjectshook)[ \t]*=",
    re.I | re.M,
)
#: the keys whose value git runs as a command (git-config(1): core.fsmonitor,
#: core.sshCommand, core.pager, core.editor, core.askPass, core.gitProxy, core.hooksPath
#: (a directory of hooks), diff.external, diff.<driver>.command / textconv,
#: filter.<driver>.clean / smudge / process, credential.helper, sequence.editor,
#: gpg.program, merge/diff tool cmd, uploadpack.packObjectsHook, an alias starting with
#: ``!``) and ``include.path`` / ``includeIf.*.path`` (a configuration file read too)
_RUNS_RE = re.compile(
    _KEY_START + r"(?:(?:fsmonitor|sshcommand|pager|editor|askpass|gitproxy|hookspath|external"
    r"|command|textconv|clean|smudge|process|helper|program|cmd|packobjectshook)[ \t]*="
    r"|[\w.-]+[ \t]*=[ \t]*\"?!)",
    re.I | re.M,
)
#: an ``[include]`` or ``[includeIf "..."]`` section (its ``path`` is read as configuration)
_INCLUDE_RE = re.compile(r'^[ \t]*\[[ \t]*include(?:if)?(?:[ \t]+"[^"\n]*")?[ \t]*\]', re.I | re.M)


def runs_commands_as_git_config(text: str) -> bool:
    """True when ``text`` is a git configuration (a section header) that sets a key git runs
    as a command, or includes another file (module docstring); or sets a key only git has
    (``fsmonitor``, ``sshCommand`` ...), header or not."""
    if "=" not in text or len(text) > 1_000_000:
        return False
    if _GIT_ONLY_RE.search(text) is not None:
        return True
    if "[" not in text or _SECTION_RE.search(text) is None:
        return False
    return _RUNS_RE.search(text) is not None or _INCLUDE_RE.search(text) is not None


#: npm's lifecycle scripts of ``npm install`` and ``npm ci`` (the root package's too) and of a
#: git dependency's install (docs.npmjs.com, "scripts": life cycle operation order)
_INSTALL_SCRIPTS = frozenset(
    {"preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare"}
)
#: such a key in text that is not a whole JSON document (an edit's new text), or a ``\\u``
#: escape, which JSON decodes in a key (``"post\\u0069nstall"`` is ``postinstall``)
_INSTALL_KEY_RE = re.compile(r'"(?:pre|post)?(?:install|prepare)"\s*:|"prepublish"\s*:|\\u')


def declares_install_script(text: str) -> bool:
    """True when ``text`` (what is written to a ``package.json``) declares a script npm runs
    on install: every developer's ``npm install`` and every CI job's ``npm ci`` runs it, no
    person reading it (the install-script class of npm supply-chain attacks). A whole
    document is read as JSON (its top-level ``scripts``; a key named twice counts once, the
    last, as JSON.parse reads it); other text (an edit's fragment, a document with a byte
    order mark) by its keys, a ``\\u`` escape taken for one (fail closed). Scripts a person
    runs by name (``test``, ``build``, ``start``) are not."""
    if not any(w in text for w in ("install", "prepare", "prepublish", "\\u")):
        return False
    try:
        doc = orjson.loads(text)
    except orjson.JSONDecodeError:
        return _INSTALL_KEY_RE.search(text) is not None
    if not isinstance(doc, dict):
        return False
    scripts = doc.get("scripts")
    return isinstance(scripts, dict) and not _INSTALL_SCRIPTS.isdisjoint(scripts)
