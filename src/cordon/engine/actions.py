"""Action rules: calls that destroy, run injected commands, or have consequences worth a yes.

``check_actions`` looks at a tool's name (split into tokens) and its arguments and returns a
:class:`cordon._types.Verdict` or ``None`` (no objection). It is pure: no I/O, no model.

Block rules (verdict ``deny``; ``trust_tools`` never skips them):

============================  ================================================================
``action.rm_root``            recursive delete of ``/``, ``~``, ``$HOME`` or a top-level system
                              directory (``rm -rf /``, ``rm -fr ~/``, ``rm -rf /*``,
                              ``--no-preserve-root``, ``find / -delete``, ``rd /s /q C:\\``)
``action.pipe_to_shell``      remote content piped into an interpreter (``curl … | sh``,
                              ``bash <(curl …)``, ``sh -c "$(wget …)"``, ``iwr … | iex``)
``action.sql_drop``           ``DROP TABLE/DATABASE/SCHEMA/…`` and ``TRUNCATE``
``action.sql_delete_no_where`` ``DELETE FROM t`` with no ``WHERE`` (or ``WHERE 1=1``/``true``)
``action.mkfs_dd``            ``mkfs``, ``wipefs``, or ``dd of=``/``shred``/``>`` onto a block
                              device under ``/dev``
``action.fork_bomb``          ``:(){ :|:& };:`` and its renamings, ``%0|%0``
``action.chmod_777_root``     world-writable ``chmod`` (or any recursive chmod/chown) on ``/``,
                              ``~`` or a top-level system directory
``action.option_injection``   a value starting with ``-`` given to a tool that runs git or
                              another program (CVE-2025-68144, argument injection in the
                              reference git MCP server's ``git_diff``/``git_checkout``; the
                              same class was later fixed in its ``git_show``, ``git_log``,
                              ``git_branch`` and ``git_create_branch``)
``action.shell_metachar``     ``;`` ``|`` ``&`` `````` ``$(`` ``>`` ``<`` or a newline in an
                              argument slot of a tool that executes commands (CWE-78; e.g.
                              the command-injection reports against cyanheads/git-mcp-server
                              before 2.1.5 and code-mcp's ``git_operation``, CVE-2026-7812)
============================  ================================================================

Ask rules (verdict ``ask``; skipped when the tool is in ``trust_tools``):

============================  ================================================================
``action.git_push``           ``git push`` (tool tokens ``push`` + a git/repository word, or the
                              command text)
``action.publish_deploy``     publish / deploy / release tools; ``npm publish``, ``twine
                              upload``, ``docker push`` … in command text
``action.infra_apply``        ``kubectl apply/delete/…``, ``terraform apply/destroy``, ``helm
                              install/upgrade/uninstall``, ``pulumi up/destroy``
``action.payment``            payments and transfers (tool tokens pay, payment, transfer,
                              refund, charge, wire, payout, withdraw …)
``action.credential_write``   a write/edit/move/create tool (or a shell redirect/``tee``/``cp``/
                              ``mv``) aimed at a credential or auto-run path: ``~/.ssh/*``,
                              ``~/.aws/*``, ``.env``, ``.netrc``, ``.git-credentials``,
                              ``id_rsa``, ``mcp.json``, ``~/.kube/config``, shell rc files,
                              a repository's ``.git`` …, or writing a git configuration that
                              runs commands (:mod:`cordon.engine.credential_paths`)
``action.destructive_hint``   MCP annotation ``destructiveHint: true`` or policy
                              ``destructive: true`` (MCP spec 2025-06-18, "Tool annotations")
============================  ================================================================

Scope decisions (each documented so a reviewer can argue with it):

* Command rules (rm, pipe-to-shell, mkfs/dd, fork bomb, chmod) read the strings of *executing*
  tools (``executes=True`` or a tool token in :data:`EXEC_TOKENS`) and, in any tool, the
  strings under parameters named like a command (:data:`COMMAND_PARAMS`). A ``write_file``
  whose content documents ``curl … | sh`` is not blocked.
* SQL rules read SQL tools (a token in :data:`SQL_TOKENS`) and, in any tool, parameters named
  ``sql``/``query``/``statement`` (:mod:`cordon.engine.sql_rules`). String literals and
  comments are removed first, so ``SELECT 'DROP TABLE t'`` passes and ``DROP/**/TABLE`` does
  not; the SQL a text runs from strings (a ``DO`` body, ``EXECUTE '...'``) is read too, and
  a ``COPY ... TO PROGRAM`` line as a command line.
* Option injection and metacharacters apply to *argument slots* of executing tools, not to
  parameters that carry a whole program (``command``, ``script``, ``sql`` …, whose text is
  the program by design) nor to flag lists (``args``, ``flags``). Free-text parameters
  (``message``, ``content``, ``body`` …) are checked for ``$(`` only, since commit messages
  legitimately hold ``;``, ``>`` and newlines. Numeric values such as ``-1`` are not options.
* Tool-name ask rules are skipped when the first token is a read verb (``list_payments``,
  ``get_deployment``); command-text matches are not.
* ``destructiveHint`` asks only when it is explicitly ``true``. The MCP default (true when
  absent) would make every unannotated tool ask; a pack or the policy sets ``destructive``.
"""

from __future__ import annotations

import bisect
import functools
import posixpath
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from cordon._types import Verdict
from cordon.engine import rules
from cordon.engine.action_names import (
    COMMAND_PARAMS,
    EXEC_TOKENS,
    FLAG_PARAMS,
    FREE_TEXT_PARAMS,
    PAYMENT_TOKENS,
    SQL_PARAMS,
    SQL_TOKENS,
    norm_key,
    split_tokens,
    tool_name,
)
from cordon.engine.credential_paths import (
    TARGET_TOKENS,
    credential_path_kind,
    declares_install_script,
    is_credential_path,
    runs_commands_as_git_config,
)
from cordon.engine.git_commands import git_tool_destruction
from cordon.engine.marker_writes import cordon_marker, marker_reason, shell_may_write

__all__ = [
    "ASK_RULES",
    "BLOCK_RULES",
    "COMMAND_PARAMS",
    "EXEC_TOKENS",
    "PAYMENT_TOKENS",
    "SQL_TOKENS",
    "check_actions",
    "is_credential_path",
    "split_tokens",
]

BLOCK_RULES: tuple[str, ...] = (
    rules.ACTION_RM_ROOT,
    rules.ACTION_PIPE_TO_SHELL,
    rules.ACTION_SQL_DROP,
    rules.ACTION_SQL_DELETE_NO_WHERE,
    rules.ACTION_SQL_COMPUTED,
    rules.ACTION_MKFS_DD,
    rules.ACTION_FORK_BOMB,
    rules.ACTION_CHMOD_777_ROOT,
    rules.ACTION_OPTION_INJECTION,
    rules.ACTION_SHELL_METACHAR,
    rules.ACTION_MASKED_SECRET_WRITE,
    rules.ACTION_CORDON_MARKER_WRITE,
)
ASK_RULES: tuple[str, ...] = (
    rules.ACTION_GIT_PUSH,
    rules.ACTION_PUBLISH_DEPLOY,
    rules.ACTION_INFRA_APPLY,
    rules.ACTION_PAYMENT,
    rules.ACTION_CREDENTIAL_WRITE,
    rules.ACTION_DESTRUCTIVE_HINT,
)

# --------------------------------------------------------------------------------------------
# Walking arguments
# --------------------------------------------------------------------------------------------


def _walk(arguments: Any) -> Iterator[tuple[str, str, str]]:
    """Yield ``(path, key, text)`` for every string at any depth (iterative, no recursion).

    ``key`` is the nearest enclosing dict key (``""`` at the top). A list made only of strings
    is also yielded joined with spaces, so an argv array is seen as one command line.
    """
    stack: list[tuple[str, str, Any]] = [("", "", arguments)]
    while stack:
        path, key, value = stack.pop()
        if isinstance(value, str):
            yield path, key, value
        elif isinstance(value, dict):
            items = list(value.items())
            for k, v in reversed(items):
                ks = str(k)
                stack.append((f"{path}.{ks}" if path else ks, ks, v))
        elif isinstance(value, (list, tuple)):
            if value and all(isinstance(v, str) for v in value) and len(value) > 1:
                yield path, key, " ".join(value)
            for i in range(len(value) - 1, -1, -1):
                stack.append((f"{path}[{i}]", key, value[i]))


# --------------------------------------------------------------------------------------------
# Command-line rules
# --------------------------------------------------------------------------------------------

_SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "fish", "ash", "csh", "tcsh"})
_SYSTEM_DIRS = frozenset(
    {
        "/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/opt", "/proc",
        "/root", "/sbin", "/srv", "/sys", "/usr", "/var", "/users", "/system", "/applications",
        "/library", "/private", "/snap", "/mnt", "/media",
    }
)  # fmt: skip
_HOME_RE = re.compile(r"^(?:~[^/]*|\$\{?home\}?|%userprofile%|\$env:userprofile)(?=/|$)")
_DRIVE_ROOT_RE = re.compile(  # a drive's root, a Windows system directory (as /, /usr, /home)
    r"[a-z]:(?:/(?:windows|users|program ?files(?: \(x86\))?|programdata))?/?\*?(\.\*)?"
)


_WORD_RE = re.compile(r"""(?:"[^"]*"|'[^']*'|[^\s"'])+|["'][^\s]*""")
_QUOTES_RE = re.compile(r"""["']""")


def _split_words(segment: str) -> list[str]:
    """Shell-like words with quotes removed (``"${HOME}/"*`` -> ``${HOME}/*``). A regex, not
    ``shlex``: linear and C-speed on large arguments; an unbalanced quote does not fail."""
    return [_QUOTES_RE.sub("", w) for w in _WORD_RE.findall(segment)]


_RULE_COMMANDS = frozenset(
    {
        "rm", "rmdir", "unlink", "shred", "srm", "trash", "find", "rd", "del", "erase",
        "remove-item", "ri", "chmod", "chown", "chgrp", "setfacl", "mke2fs", "mkswap",
        "wipefs", "newfs", "format", "dd", "blkdiscard", "badblocks",
    }
)  # fmt: skip


def _base(word: str) -> str:
    base = posixpath.basename(word.replace("\\", "/")).lower()
    return base[:-4] if base.endswith(".exe") else base


def _is_root_target(target: str) -> bool:
    """True for ``/``, ``/*``, ``~``, ``$HOME/``, ``C:\\``, a top-level system dir, and their
    spellings (``//``, ``/.``, ``/usr/..``, ``~/*``)."""
    t = target.strip().strip("\"'").replace("\\", "/").lower()
    if not t:
        return False
    if _DRIVE_ROOT_RE.fullmatch(t):  # C:\ , C:\*, C:\Windows, C:\Users\* (as /usr, /home)
        return True
    t = re.sub(r"(?:/\*|/\.\*|\*)+$", "/", t)  # trailing globs
    m = _HOME_RE.match(t)
    if m:
        rest = posixpath.normpath("/" + t[m.end() :].lstrip("/"))
        return rest == "/"
    if not t.startswith("/"):
        return False
    norm = posixpath.normpath(t)
    if norm.startswith("//"):
        norm = "/" + norm.lstrip("/")
    return norm == "/" or norm in _SYSTEM_DIRS


def _rm_root(cmd: str, args: list[str]) -> bool:
    if cmd == "rimraf":  # (npm's recursive delete: rm -rf by another name)
        return any(_is_root_target(a) for a in args if not a.startswith("-"))
    if cmd in ("rm", "rmdir", "unlink", "shred", "srm", "trash"):
        if "--no-preserve-root" in args:
            return True
        recursive = cmd == "rmdir" or any(
            a in ("--recursive", "-r", "-R")
            or (a.startswith("-") and not a.startswith("--") and ("r" in a or "R" in a))
            for a in args
        )
        targets = [a for a in args if not a.startswith("-")]
        return recursive and any(_is_root_target(a) for a in targets)
    if cmd == "find":
        targets = [a for a in args if not a.startswith("-")][:1]
        destructive = any(a in ("-delete", "-exec", "-execdir", "-ok") for a in args) and (
            "-delete" in args or any(x in ("rm", "/bin/rm", "shred") for x in args)
        )
        return destructive and bool(targets) and _is_root_target(targets[0])
    if cmd in ("rd", "rmdir.exe", "del", "erase", "remove-item", "ri"):
        recursive = any(_PS_RECURSE.fullmatch(a) for a in args)
        targets = [a for a in args if not a.startswith(("/", "-")) or _is_root_target(a)]
        targets = [a for a in targets if a.lower() not in ("/s", "/q", "/f")]
        return recursive and any(_is_root_target(a) for a in targets)
    return False


#: cmd's /s; PowerShell's -Recurse by any prefix of its name (about_Parameters), or set true
_PS_RECURSE = re.compile(r"(?i)/s|-r(?:e(?:c(?:u(?:r(?:se?)?)?)?)?)?(?::\$?true)?")
_WORLD_MODES_RE = re.compile(r"^(?:0?[0-7]?777|[ugoa]*[ao][ugoa]*\+[rwxXst]*w[rwxXst]*|=rwx)$")


def _chmod_root(cmd: str, args: list[str]) -> bool:
    if cmd not in ("chmod", "chown", "chgrp", "setfacl"):
        return False
    recursive = any(
        a in ("--recursive", "-R") or (a.startswith("-") and not a.startswith("--") and "R" in a)
        for a in args
    )
    plain = [a for a in args if not a.startswith("-")]
    if len(plain) < 2:
        return False
    mode, targets = plain[0], plain[1:]
    if not any(_is_root_target(t) for t in targets):
        return False
    if cmd == "chmod" and _WORLD_MODES_RE.match(mode):
        return True
    return recursive


_DEV_SAFE_RE = re.compile(r"^/dev/(?:null|zero|u?random|stdout|stderr|stdin|tty|fd/\d+|full)$")


def _mkfs_dd(cmd: str, args: list[str]) -> bool:
    if cmd.startswith("mkfs") or cmd in ("mke2fs", "mkswap", "wipefs", "newfs", "format"):
        return cmd != "format" or any(re.fullmatch(r"[a-z]:", a.lower()) for a in args)
    if cmd == "dd":
        for a in args:
            if a.startswith("of="):
                dev = a[3:]
                return dev.startswith("/dev/") and not _DEV_SAFE_RE.match(dev)
    if cmd in ("shred", "blkdiscard", "badblocks"):
        return any(a.startswith("/dev/") and not _DEV_SAFE_RE.match(a) for a in args)
    return False


_REDIRECT_DEV_RE = re.compile(
    r">\s*/dev/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d|md\d|dm-\d|mapper/)"
)
_FORK_BOMB_RES = (
    # :(){ :|:& };:  and renamed variants  f(){ f|f& };f
    re.compile(r"([A-Za-z_:][\w:]*)\s*\(\s*\)\s*\{\s*\1\s*\|\s*\1\s*&\s*;?\s*\}\s*;?\s*\1"),
    re.compile(r"%0\s*\|\s*%0"),
    re.compile(r"while\s*\(?\s*(?:1|true|True)\s*\)?\s*[:;{]?\s*(?:do\s+)?[\w.]*fork\s*\(\s*\)"),
)
_FETCHERS = (
    r"(?:curl|wget|fetch|aria2c|http|httpie|lwp-request|iwr|irm|invoke-webrequest|"
    r"invoke-restmethod)"
)
_INTERPS = (
    r"(?:(?:ba|z|k|da|a|fi|tc|c)?sh|python[0-9.]*|perl|ruby|node|php|lua|pwsh|powershell|"
    r"iex|invoke-expression|osascript|source)"
)
#: (regex, literal hints: the regex runs only when one of them is in the lower-cased text)
_PIPE_TO_SHELL_RES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (
        re.compile(
            rf"\b{_FETCHERS}\b[^\n;|]*\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+(?:\S+=\S*\s+)*)?"
            rf"(?:\S*/)?{_INTERPS}(?![\w.-])",
            re.IGNORECASE,
        ),
        ("|",),
    ),
    (
        re.compile(
            rf"(?:\b{_INTERPS}|(?<![\w.])\.)\s+(?:-\S+\s+)*<\(\s*{_FETCHERS}\b", re.IGNORECASE
        ),
        ("<(",),
    ),
    (
        re.compile(
            rf"(?:\beval|\b{_INTERPS}\s+(?:-\S+\s+)*-c)\s*[\"']?\s*(?:\$\(|`)\s*{_FETCHERS}\b",
            re.IGNORECASE,
        ),
        ("$(", "`"),
    ),
    (
        re.compile(
            r"\b(?:iex|invoke-expression)\b[^\n]{0,200}?\b(?:iwr|irm|invoke-webrequest|"
            r"invoke-restmethod|downloadstring|net\.webclient)\b",
            re.IGNORECASE,
        ),
        ("iex", "invoke-expression"),
    ),
)
#: A word naming a command some rule reads (optionally with a path: ``/bin/rm``).
#: (``/bin/rm`` matches at ``rm``: the path before it does not matter to the rules.)
_CMD_WORD_PATTERN = (
    r"(?<![\w.$-])(?:rm|rmdir|unlink|shred|srm|trash|find|rd|del|erase|"
    r"remove-item|ri|chmod|chown|chgrp|setfacl|mkfs(?:\.\w+)?|mke2fs|mkswap|wipefs|newfs|"
    r"format|dd|blkdiscard|badblocks|(?:ba|z|da|k|a|c|tc)?sh|fish|python[\d.]*|rimraf)"
    r"(?:\.exe)?"
    r"(?![\w-])"
)
_CMD_WORD_RE = re.compile(_CMD_WORD_PATTERN, re.IGNORECASE)
_CMD_WORD_LOWER_RE = re.compile(_CMD_WORD_PATTERN)  # on lower-cased ASCII text: faster
_FETCH_HINTS = ("curl", "wget", "fetch", "aria2c", "http", "lwp-", "iwr", "irm", "invoke-")
_SEGMENT_END_RE = re.compile(r"\$\(|`|\)|\|\||&&|[;|&\n\r]")
#: a recursive delete in an interpreter's own library: Python's shutil.rmtree, and (attack
#: class: ``rm -rf /`` written for another interpreter) node's fs.rmSync/rmdirSync/
#: fs.promises.rm, Ruby's FileUtils.rm_rf/rm_r, Perl's File::Path remove_tree, rimraf
_RMTREE_RE = re.compile(
    r"(?:rmtree|rmSync|rmdirSync|rm_rf|rm_r|remove_tree|rimraf(?:\.sync)?|\.rm)"
    r"\(\s*(?:os\.path\.expanduser\(\s*)?r?[\"']([^\"']*)[\"']"
)
_RMTREE_HINTS = ("rmtree", "rmsync", "rmdirsync", "rm_r", "remove_tree", "rimraf", ".rm(")


def _command_rule(text: str, depth: int = 0) -> tuple[str, str] | None:
    """First command rule ``text`` breaks, as (rule id, short label), or None.

    Each regex runs only when its literal hints occur in the lower-cased text, so a large
    argument without them costs a few ``in`` tests.
    """
    low = text.lower()
    if ("(" in low and "&" in low) or "%0" in low or "fork" in low:
        for rx in _FORK_BOMB_RES:
            if rx.search(text):
                return rules.ACTION_FORK_BOMB, "fork bomb"
    if any(f in low for f in _FETCH_HINTS):
        for rx, hints in _PIPE_TO_SHELL_RES:
            if any(h in low for h in hints) and rx.search(text):
                return rules.ACTION_PIPE_TO_SHELL, "remote content piped into an interpreter"
    if ("flush" in low or "drop" in low) and _STORE_WIPE_RE.search(text):
        return rules.ACTION_SQL_DROP, "a data store wiped (FLUSHALL, dropDatabase, dropdb)"
    if "/dev/" in low and _REDIRECT_DEV_RE.search(text):
        return rules.ACTION_MKFS_DD, "write onto a block device"
    if ("rm" in low or "remove_tree" in low) and any(h in low for h in _RMTREE_HINTS):
        for m in _RMTREE_RE.finditer(text):
            if _is_root_target(m.group(1)):
                return rules.ACTION_RM_ROOT, "recursive delete of a root or home directory (rmtree)"
    ascii_text = text.isascii()
    words_re, haystack = (_CMD_WORD_LOWER_RE, low) if ascii_text else (_CMD_WORD_RE, text)
    ends: list[int] | None = None
    for m in words_re.finditer(haystack):
        if ends is None:
            ends = [e.start() for e in _SEGMENT_END_RE.finditer(text)]
        k = bisect.bisect_left(ends, m.end())
        words = _split_words(text[m.start() : ends[k] if k < len(ends) else len(text)])
        if not words:
            continue
        cmd, args = _base(words[0]), words[1:]
        if _rm_root(cmd, args):
            return rules.ACTION_RM_ROOT, f"recursive delete of a root or home directory ({cmd})"
        if _chmod_root(cmd, args):
            return rules.ACTION_CHMOD_777_ROOT, f"{cmd} on a root or home directory"
        if _mkfs_dd(cmd, args):
            return rules.ACTION_MKFS_DD, f"{cmd} onto a device"
        if depth < 3 and (cmd in _SHELLS or cmd.startswith("python")) and "-c" in args:
            i = args.index("-c")
            if i + 1 < len(args):
                inner = _command_rule(args[i + 1], depth + 1)
                if inner is not None:
                    return inner
    return None


# --------------------------------------------------------------------------------------------
# SQL rules
# --------------------------------------------------------------------------------------------


@functools.cache
def _sql() -> tuple[Callable[..., tuple[str, str] | None], Callable[[str], list[str]]]:
    """``(sql_rules.sql_rule, sql_programs.program_lines)``, imported at the first SQL text."""
    from cordon.engine import sql_programs, sql_rules  # (~0.6 MB resting, issue 19's 60 MB)

    return sql_rules.sql_rule, sql_programs.program_lines


def _sql_program(text: str) -> tuple[str, str] | None:
    """``COPY ... TO|FROM PROGRAM 'LINE'``: the database server's shell runs LINE (as the
    server's user), refused as ``action.sql_code`` as the declared SQL judge refuses it; the
    label names the command rule LINE breaks, if any (``rm -rf /``)."""
    lines = _sql()[1](text)
    if not lines:
        return None
    label = "COPY ... PROGRAM runs a shell command"
    hits = [hit[1] for hit in map(_command_rule, lines) if hit is not None]
    return rules.ACTION_SQL_CODE, f"{label}: {hits[0]}" if hits else label


# --------------------------------------------------------------------------------------------
# Injection into argument slots
# --------------------------------------------------------------------------------------------

_OPTION_RE = re.compile(r"^\s*-(?![\d.]+$)[^\s]")
_METACHAR_RE = re.compile(r"[;|&`<>\n\r]|\$\(")


# --------------------------------------------------------------------------------------------
# Ask rules
# --------------------------------------------------------------------------------------------

_GIT_PUSH_RE = re.compile(r"\bgit\b(?:\s+-{1,2}\S+(?:\s+[^-\s]\S*)?)*\s+push\b", re.IGNORECASE)
_PUBLISH_RE = re.compile(
    r"\b(?:(?:npm|yarn|pnpm|cargo|poetry|uv|hatch|flit|gem|dotnet\s+nuget|vsce|ovsx)\s+publish"
    r"|twine\s+upload|gem\s+push|docker\s+push|podman\s+push|gh\s+release\s+create"
    r"|(?:flyctl|fly|vercel|netlify|firebase|wrangler|heroku|railway|serverless|sls)\s+deploy"
    r"|vercel\s+--prod|gcloud\s+\S+\s+deploy|aws\s+cloudformation\s+deploy|mvn\s+deploy"
    r"|dotnet\s+nuget\s+push|nuget\s+push|gradle\s+publish)\b",
    re.IGNORECASE,
)
_PUBLISH_HINTS = ("publish", "upload", "push", "deploy", "release", "--prod")
_INFRA_HINTS = ("kubectl", "terraform", "tofu", "helm", "pulumi", "cloudformation")
_INFRA_RE = re.compile(
    r"\b(?:kubectl\s+(?:\S+\s+)*?(?:apply|delete|replace|patch|scale|drain|cordon|rollout|"
    r"create|edit|set|annotate|label|taint)"
    r"|(?:terraform|tofu)\s+(?:-\S+\s+)*(?:apply|destroy|import|taint|state\s+rm)"
    r"|helm\s+(?:install|upgrade|uninstall|delete|rollback)"
    r"|pulumi\s+(?:up|destroy|import|refresh)"
    r"|aws\s+cloudformation\s+(?:delete-stack|deploy|update-stack|create-stack))\b",
    re.IGNORECASE,
)
#: Deletes of live resources through cloud, forge and platform CLIs (attack class: the
#: infrastructure rule read kubectl/terraform/helm/pulumi only, so ``aws ec2
#: terminate-instances`` or ``gh repo delete`` went through a shell tool unasked)
_CLOUD_DELETE_HINTS = ("aws", "gcloud", "az", "doctl", "gh", "heroku", "vercel", "docker", "npm",
                       "curl")  # fmt: skip
_CLOUD_DELETE_RE = re.compile(
    r"\b(?:aws\s+(?:\S+\s+)*?(?:terminate-instances|delete-[\w-]+|rb|rm)"
    r"|(?:gcloud|az)\s+(?:\S+\s+)*?delete"
    r"|doctl\s+(?:\S+\s+)*?(?:delete|rm)"
    r"|gh\s+(?:repo|release|secret|variable|ssh-key|gpg-key|cache|label|project)\s+delete"
    r"|heroku\s+(?:apps:destroy|\S+:(?:destroy|delete|remove))"
    r"|vercel\s+(?:rm|remove)"
    r"|docker\s+(?:system\s+prune|volume\s+(?:rm|prune))"
    # (every container or image a substitution lists, a compose stack's named volumes)
    r"|docker\s+(?:(?:container|image)\s+)?(?:rm|rmi)\b[^\n;|&]*\$\("
    r"|docker[\s-]compose\s+(?:\S+\s+)*?down\b[^\n;|&]*?\s(?:-v|--volumes)"
    r"|npm\s+unpublish"
    r"|curl\s+(?:\S+\s+)*?(?:-X\s*|--request[=\s]+)[\"']?DELETE)\b",
    re.IGNORECASE,
)
#: A data store wiped outside SQL: Redis FLUSHALL/FLUSHDB, Mongo dropDatabase()/drop(), a
#: whole database dropped by its server's tool (PostgreSQL's dropdb, mysqladmin's drop,
#: pg_dropcluster: the cluster's data directory)
_STORE_WIPE_RE = re.compile(
    r"\bredis-cli\b[^\n;|&]*\bflush(?:all|db)\b"
    r"|\b(?:mongo|mongosh)\b[^\n;|&]*(?:\bdropDatabase|\.drop)\s*\("
    r"|(?:^|[;&|(]\s*)(?:\S*/)?(?:dropdb|pg_dropcluster)\b(?=[^\n;|&]*\s(?!-)\S)"
    r"(?![^\n;|&]*\s--?(?:help|version)\b)"
    r"|(?:^|[;&|(]\s*)(?:\S*/)?(?:mysqladmin|mariadb-admin)\b[^\n;|&]*\sdrop\b",
    re.IGNORECASE,
)

_REDIRECT_TARGET_RE = re.compile(r"(?:>>?|\btee\s+(?:-a\s+)?)\s*([^\s;|&<>]+)")


_COPY_COMMANDS = frozenset(
    {
        "cp", "mv", "ln", "install", "rsync", "scp", "copy", "move", "move-item", "copy-item",
        "set-content", "out-file", "add-content", "truncate", "sed",
    }
)  # fmt: skip


_COPY_WORD_RE = re.compile(
    r"(?<![\w.$-])(?:[\w.~-]*/)?(?:"
    + "|".join(re.escape(c) for c in sorted(_COPY_COMMANDS, key=len, reverse=True))
    + r")(?![\w-])",
    re.IGNORECASE,
)


#: credential or auto-run file names with neither a dot nor a slash (every other one has one)
_UNDOTTED_NAMES = ("authorized_keys", "known_hosts", "_netrc", "crontab")


def _exec_credential_write(text: str) -> bool:
    # (a bare name is a path too: `cp evil .mcp.json`, `echo x > .bashrc`, `mv cfg .vscode`
    # in the working directory)
    if "/" not in text and "\\" not in text and "." not in text:
        low = text.lower()
        if not any(n in low for n in _UNDOTTED_NAMES):
            return False
    for m in _REDIRECT_TARGET_RE.finditer(text):
        if is_credential_path(m.group(1)):
            return True
    ends: list[int] | None = None
    for m in _COPY_WORD_RE.finditer(text):
        if ends is None:
            ends = [e.start() for e in _SEGMENT_END_RE.finditer(text)]
        k = bisect.bisect_left(ends, m.end())
        words = _split_words(text[m.start() : ends[k] if k < len(ends) else len(text)])
        if not words:
            continue
        cmd, args = _base(words[0]), words[1:]
        plain = [a for a in args if not a.startswith("-")]
        if cmd == "sed":
            if any(a.startswith("-i") or a == "--in-place" for a in args):
                if any(is_credential_path(a) for a in plain[1:]):
                    return True
            continue
        if plain and is_credential_path(plain[-1]):
            return True
    return False


def _v(verdict: str, rule: str, reason: str, param: str | None, label: str) -> Verdict:
    return Verdict(
        verdict=verdict,  # type: ignore[arg-type]
        rule=rule,
        reason=reason,
        param=param or None,
        details={"matched": label},
    )


#: ``(path, key, text)`` of every string in a call's arguments (:func:`_walk`)
_Strings = Sequence[tuple[str, str, str]]


#: a writer's parameters that hold the text written, never the file it is written to: a
#: one-line ``.gitignore`` of ``.env`` writes ``.gitignore`` (its target is under ``path``,
#: read above). Not ``title`` or ``name``: a notes server makes a file name of those.
_FILE_TEXT_PARAMS = frozenset({"content", "contents", "text", "body", "newtext", "oldtext"})


def check_actions(
    tool: str,
    arguments: Mapping[str, Any],
    *,
    annotations: dict[str, Any] | None,
    executes: bool,
    destructive: bool,
    trusted: bool,
    strings: Sequence[tuple[str, str, str]] | None = None,
    writes: bool = False,
) -> Verdict | None:
    """Apply the action rules to one call.

    Args:
        tool: the tool name (split by :func:`split_tokens`).
        arguments: the call's arguments (any JSON shape; every string at any depth is read).
        annotations: the tool's MCP annotations from the pinned definition, or None.
        executes: policy ``executes``: the tool runs programs (enables the command, option
            injection and metacharacter rules whatever its name).
        destructive: policy ``destructive``: ask like ``destructiveHint: true``.
        trusted: the tool is in ``trust_tools``: ask rules are skipped, block rules are not.
        strings: :attr:`cordon.engine.walk.CallWalk.strings` of ``arguments`` when the caller
            walked them already (the same strings :func:`_walk` gives).
        writes: policy ``writes``: the tool writes a file at its arguments named like a path
            or a write target whatever its name says (Playwright's ``filename``); only those
            arguments are read for a credential or auto-run path.

    Returns:
        ``None`` when no rule objects; a ``deny`` Verdict for a block rule (checked first), or
        an ``ask`` Verdict for an ask rule. ``param`` is the dotted path of the argument, and
        ``details["matched"]`` a short label of what matched (never the raw value).
    """
    name = tool_name(tool)
    is_exec = executes or name.exec_name
    if strings is None:
        strings = list(_walk(arguments))
    hit = _blocked_command(strings, is_exec=is_exec, is_sql_tool=name.sql_name)
    if hit is None and is_exec:
        hit = _blocked_exec_argument(strings)
    if hit is None and (name.writes or is_exec):  # (whatever trust_tools says)
        hit = _masked_secret_written(strings, shell=not name.writes)
    if hit is not None or trusted:
        return hit
    why = git_tool_destruction(tool, arguments) if name.git else None
    if why is not None:  # (git_reset {mode: hard}: before the name's git_push ask)
        return _v("ask", rules.ACTION_GIT_DESTROY, why, None, "git tool")
    if name.writes or writes:
        # before the name's ask (push_files: git push), which says less: the question names
        # the auto-run file a push or a move writes (a workflow, a hook)
        # its text fields are file text only beside a named target: a writer whose only
        # argument is ``text`` or ``body`` may take it for the file (fail closed)
        named = any(set(split_tokens(k)) & TARGET_TOKENS for _p, k, _t in strings)
        for path, key, text in strings:
            target = bool(set(split_tokens(key)) & TARGET_TOKENS)
            if not name.writes and not target:
                continue  # (a writer by policy: its other strings are page text, selectors)
            file_text = named and not target and norm_key(key) in _FILE_TEXT_PARAMS
            if not file_text and is_credential_path(text, whole=target):
                kind = credential_path_kind(text)
                why = "writes to a credential or auto-run path" + (f": {kind}" if kind else "")
                return _v("ask", rules.ACTION_CREDENTIAL_WRITE, why, path, "path")
            if runs_commands_as_git_config(text):
                why = "writes a git configuration that runs commands"
                return _v("ask", rules.ACTION_CREDENTIAL_WRITE, why, path, "git config")
            if target and _install_script_written(text, path, strings):
                why = "writes a package.json script npm runs on install"
                return _v("ask", rules.ACTION_CREDENTIAL_WRITE, why, path, "install script")
    if name.asked is not None:  # (never for a name that starts with a read verb)
        hit = _v("ask", name.asked[0], name.asked[1], None, "tool name")
    if hit is None and is_exec:
        hit = _asked_by_command(strings)
    if hit is not None:
        return hit
    ann = annotations or {}
    if ann.get("destructiveHint") is True or destructive:
        label = "destructiveHint" if ann.get("destructiveHint") is True else "policy"
        why = "the tool is marked destructive"
        return _v("ask", rules.ACTION_DESTRUCTIVE_HINT, why, None, label)
    return None


def _install_script_written(target: str, where: str, strings: _Strings) -> bool:
    """``target`` (the write target at ``where``) is a ``package.json`` and a string beside it
    (under the same parent: ``files[0].content`` beside ``files[0].path``, an edit's
    ``edits[0].newText`` beside a top-level ``path``) declares a script npm runs on install
    (:func:`cordon.engine.credential_paths.declares_install_script`). Other writes of the
    file (a dependency, a version, a ``test`` script) are not asked about as this."""
    name = target.strip().replace("\\", "/").rstrip("/").rpartition("/")[2].lower()
    if name != "package.json":
        return False
    parent = where.rpartition(".")[0]
    prefix = f"{parent}." if parent else ""
    return any(
        p != where and p.startswith(prefix) and declares_install_script(t) for p, _key, t in strings
    )


#: cordon's masks of a credential in what the agent read in warn mode: a secret content
#: rule's (content/sanitize.py: ``[secret masked: ghp_****]``) and a credential of cordon's
#: own (content/known.py: ``[secret masked: a credential cordon holds]``)
_MASK_RE = re.compile(r"\[secret masked: [^\]\n]{1,64}\]")


def _masked_secret_written(strings: _Strings, *, shell: bool = False) -> Verdict | None:
    """``action.masked_secret_write``: a writer's text holds cordon's mask of a credential.
    The agent read the file with the credential masked; the text written back would put the
    mask where the credential was, and no one would be told (data loss, not an attack).
    ``shell``: a command's text, unless it is one search or print
    (:func:`.marker_writes.shell_may_write`: code writes as ``cat > f <<EOF`` does). Also
    ``action.cordon_marker_write``, cordon's warn-mode markers (:mod:`.marker_writes`): a
    deny too, as approving would still write cordon's text over the original."""
    for path, _key, text in strings:
        marker = cordon_marker(text)
        if marker is not None and not (shell and not shell_may_write(text)):
            why = marker_reason(marker)
            return _v("deny", rules.ACTION_CORDON_MARKER_WRITE, why, path, "cordon marker")
        if "[secret masked: " in text and _MASK_RE.search(text) is not None:
            if shell and not shell_may_write(text):
                continue
            why = (
                "blocked: the text holds cordon's mask of a credential ('[secret masked: "
                "...]'), which would replace the real value in the file; edit only the lines "
                "that change, leaving the masked line out"
            )
            return _v("deny", rules.ACTION_MASKED_SECRET_WRITE, why, path, "masked credential")
    return None


def _blocked_command(strings: _Strings, *, is_exec: bool, is_sql_tool: bool) -> Verdict | None:
    """The block rules on command and SQL text: a destructive command or statement."""
    for path, key, text in strings:
        nkey = norm_key(key)
        if is_exec or nkey in COMMAND_PARAMS:
            hit = _command_rule(text)
            if hit is not None:
                return _v("deny", hit[0], f"blocked: {hit[1]}", path, hit[1])
        if is_sql_tool or nkey in SQL_PARAMS:
            # (a ``query`` of a tool not named for SQL may be a search's words: delete users)
            hit = _sql()[0](text, sql_only=is_sql_tool or nkey != "query") or _sql_program(text)
            if hit is not None:
                return _v("deny", hit[0], f"blocked: {hit[1]}", path, hit[1])
    return None


def _blocked_exec_argument(strings: _Strings) -> Verdict | None:
    """The block rules on the other arguments of a tool that runs programs: option
    injection and shell metacharacters."""
    for path, key, text in strings:
        nkey = norm_key(key)
        if nkey in COMMAND_PARAMS or nkey in SQL_PARAMS:
            continue
        if nkey not in FLAG_PARAMS and nkey not in FREE_TEXT_PARAMS and _OPTION_RE.match(text):
            return _v(
                "deny",
                rules.ACTION_OPTION_INJECTION,
                "blocked: an argument starts with '-' and would be read as an option "
                "by the program this tool runs",
                path,
                "leading dash",
            )
        if nkey in FREE_TEXT_PARAMS:
            if "$(" in text:
                return _v(
                    "deny",
                    rules.ACTION_SHELL_METACHAR,
                    "blocked: command substitution '$(' in an argument of a tool that "
                    "runs commands",
                    path,
                    "$(",
                )
            continue
        if nkey in FLAG_PARAMS:
            if "$(" in text or "`" in text:
                return _v(
                    "deny",
                    rules.ACTION_SHELL_METACHAR,
                    "blocked: command substitution in an argument of a tool that runs commands",
                    path,
                    "substitution",
                )
            continue
        m = _METACHAR_RE.search(text)
        if m is not None:
            shown = {"\n": "newline", "\r": "carriage return"}.get(m.group(), m.group())
            return _v(
                "deny",
                rules.ACTION_SHELL_METACHAR,
                f"blocked: shell metacharacter {shown!r} in an argument of a tool that "
                "runs commands",
                path,
                shown,
            )
    return None


def _asked_by_command(strings: _Strings) -> Verdict | None:
    """The ask rules on the commands a tool that runs programs is given."""
    for path, _key, text in strings:
        low = text.lower()
        if "push" in low and _GIT_PUSH_RE.search(text):
            return _v("ask", rules.ACTION_GIT_PUSH, "git push publishes commits", path, "git push")
        if any(h in low for h in _PUBLISH_HINTS) and _PUBLISH_RE.search(text):
            return _v("ask", rules.ACTION_PUBLISH_DEPLOY, "publishes or deploys", path, "command")
        if any(h in low for h in _INFRA_HINTS) and _INFRA_RE.search(text):
            return _v(
                "ask", rules.ACTION_INFRA_APPLY, "changes live infrastructure", path, "command"
            )
        if any(h in low for h in _CLOUD_DELETE_HINTS) and _CLOUD_DELETE_RE.search(text):
            return _v("ask", rules.ACTION_INFRA_APPLY, "deletes live resources", path, "command")
        if _exec_credential_write(text):
            return _v(
                "ask",
                rules.ACTION_CREDENTIAL_WRITE,
                "writes to a credential or auto-run path",
                path,
                "command",
            )
    return None
