"""The words of tool and parameter names that the action rules (:mod:`cordon.engine.actions`)
read: names split into tokens, the token sets of each rule, and what a tool's name alone
decides (:func:`tool_name`)."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple

from cordon.engine import rules

__all__ = [
    "COMMAND_PARAMS",
    "EXEC_TOKENS",
    "FLAG_PARAMS",
    "FREE_TEXT_PARAMS",
    "PAYMENT_TOKENS",
    "SQL_PARAMS",
    "SQL_TOKENS",
    "ToolName",
    "norm_key",
    "split_tokens",
    "tool_name",
]


_TOKEN_RE = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z0-9]+|[A-Z0-9]+")


@lru_cache(maxsize=4096)
def split_tokens(name: str) -> tuple[str, ...]:
    """Split a tool or parameter name into lower-case tokens.

    snake_case, kebab-case, dotted, camelCase and PascalCase all split:
    ``"runShellCommand"`` -> ``("run", "shell", "command")``, ``"HTTPRequest"`` ->
    ``("http", "request")``, ``"k8s-apply"`` -> ``("k8s", "apply")``. NFKC is applied first so
    full-width letters split like ASCII ones.
    """
    if not name.isascii():
        name = unicodedata.normalize("NFKC", name)
    return tuple(m.group().lower() for m in _TOKEN_RE.finditer(name))


@lru_cache(maxsize=4096)
def norm_key(key: str) -> str:
    """A parameter name's tokens joined (``command_line`` -> ``commandline``)."""
    return "".join(split_tokens(key))


#: Tool-name tokens that mark a tool as running programs (option injection, metacharacters and
#: the command rules apply). ``run`` is included: a false ask/deny on ``run_tests`` costs less
#: than an unguarded ``run``.
EXEC_TOKENS: frozenset[str] = frozenset(
    {
        "exec", "execute", "run", "shell", "command", "commands", "cmd", "bash", "sh", "zsh",
        "powershell", "pwsh", "terminal", "subprocess", "spawn", "popen", "system", "git",
        "ssh", "script", "eval", "cli", "console",
    }
)  # fmt: skip
#: Tool-name tokens that mark a SQL tool.
SQL_TOKENS: frozenset[str] = frozenset(
    {
        "sql", "query", "queries", "db", "database", "execute", "postgres", "postgresql",
        "psql", "pg", "mysql", "mariadb", "sqlite", "mssql", "tsql", "bigquery", "snowflake",
        "redshift", "duckdb", "clickhouse", "supabase", "neon", "oracle", "statement",
    }
)  # fmt: skip
#: Parameters (normalised: tokens joined) whose value is a whole command line or program.
COMMAND_PARAMS: frozenset[str] = frozenset(
    {
        "command", "cmd", "commandline", "cmdline", "script", "shell", "shellcommand",
        "bashcommand", "code", "program", "commands", "run",
    }
)  # fmt: skip
#: Parameters whose value is SQL text.
SQL_PARAMS: frozenset[str] = frozenset({"sql", "query", "statement", "stmt", "sqlquery"})
#: Parameters that legitimately carry option flags for an executing tool.
FLAG_PARAMS: frozenset[str] = frozenset(
    {"args", "argv", "arguments", "flags", "options", "opts", "extraargs", "extraflags"}
)
#: Free-text parameters: only ``$(`` counts as injection there.
FREE_TEXT_PARAMS: frozenset[str] = frozenset(
    {
        "message", "msg", "content", "contents", "text", "body", "description", "title",
        "comment", "comments", "note", "notes", "input", "stdin", "data", "prompt", "summary",
        "subject", "commitmessage",
    }
)  # fmt: skip

_READ_VERBS = frozenset(
    {
        "get", "list", "read", "search", "find", "fetch", "show", "describe", "view", "query",
        "lookup", "retrieve", "count", "check", "validate", "preview", "estimate", "status",
        "inspect", "explain", "diff",
    }
)  # fmt: skip
_WRITE_TOKENS = frozenset(
    {
        "write", "edit", "create", "move", "rename", "copy", "cp", "mv", "save", "put",
        "append", "update", "upload", "patch", "replace", "set", "modify", "overwrite",
        "touch", "insert", "apply", "store", "add", "new", "make", "mkdir", "link", "symlink",
        "chmod", "delete", "remove", "rm", "unlink",
    }
)  # fmt: skip
#: tool-name tokens of a tool that moves money (``action.payment``)
PAYMENT_TOKENS = frozenset(
    {
        "pay", "pays", "payment", "payments", "payout", "payouts", "transfer", "transfers",
        "refund", "refunds", "charge", "charges", "wire", "withdraw", "withdrawal", "remit",
        "remittance", "disburse", "disbursement", "purchase", "buy", "sell", "trade", "swap",
        "venmo", "zelle", "paypal", "sendmoney", "invoice", "checkout",
    }
)  # fmt: skip
_PUBLISH_TOKENS = frozenset(
    {"publish", "deploy", "deployment", "release", "rollout", "promote", "ship", "unpublish"}
)
_PUSH_CONTEXT = frozenset(
    {
        "git", "github", "gitlab", "gitea", "bitbucket", "repo", "repository", "branch",
        "commit", "commits", "files", "changes", "code", "tag", "tags", "force", "remote",
    }
)  # fmt: skip
_INFRA_TOOLS = frozenset(
    {"kubectl", "k8s", "kubernetes", "kube", "terraform", "tofu", "opentofu", "pulumi", "helm"}
)
_INFRA_VERBS = frozenset(
    {
        "apply", "delete", "destroy", "create", "replace", "patch", "scale", "drain", "up",
        "install", "upgrade", "uninstall", "rollback", "import", "taint", "cordon", "rollout",
    }
)  # fmt: skip


class ToolName(NamedTuple):
    """What :func:`cordon.engine.actions.check_actions` reads of a tool's name
    (:func:`tool_name`)."""

    exec_name: bool  # a token of EXEC_TOKENS
    sql_name: bool  # a token of SQL_TOKENS
    asked: tuple[str, str] | None  # (rule, reason) of :func:`_asked_by_name`
    writes: bool  # a token of _WRITE_TOKENS, and no read verb first
    git: bool  # the token git (a git MCP tool: engine/git_commands.git_tool_destruction)


@lru_cache(maxsize=4096)
def tool_name(tool: str) -> ToolName:
    """The name rules of :func:`cordon.engine.actions.check_actions` for ``tool``, a pure
    function of the name, derived once per name instead of at every call."""
    ordered = split_tokens(tool)
    tokens = frozenset(ordered)
    read_only_name = bool(ordered) and ordered[0] in _READ_VERBS
    return ToolName(
        exec_name=bool(tokens & EXEC_TOKENS),
        sql_name=bool(tokens & SQL_TOKENS),
        asked=None if read_only_name else _asked_by_name(tokens, ordered),
        writes=bool(tokens & _WRITE_TOKENS) and not read_only_name,
        git="git" in tokens,
    )


#: payment words that are git subcommands in a git tool's name
_GIT_WORDS = frozenset({"checkout"})
#: name tokens that put ``checkout`` in a repository (``git_checkout``, ``checkout_branch``)
_GIT_CONTEXT = frozenset({"git", "branch", "branches", "repo", "repository", "ref", "commit"})


def payment_words(tokens: frozenset[str]) -> frozenset[str]:
    """The tokens of a tool name that say it pays (:data:`PAYMENT_TOKENS`), less
    ``checkout`` beside a repository word: ``git_checkout`` switches branches."""
    paid = tokens & PAYMENT_TOKENS
    if tokens & _GIT_CONTEXT:
        paid -= _GIT_WORDS
    return paid


def _asked_by_name(tokens: frozenset[str], ordered: tuple[str, ...]) -> tuple[str, str] | None:
    """The ask rules on a tool name that does not start with a read verb: (rule, reason)."""
    if "push" in tokens and (tokens & _PUSH_CONTEXT or tokens <= {"push"}):
        return rules.ACTION_GIT_PUSH, "git push publishes commits"
    if tokens & _PUBLISH_TOKENS:
        return rules.ACTION_PUBLISH_DEPLOY, "publishes or deploys"
    if tokens & _INFRA_TOOLS and tokens & _INFRA_VERBS:
        return rules.ACTION_INFRA_APPLY, "changes live infrastructure"
    paid = payment_words(tokens)
    if paid or "sendmoney" in "".join(ordered):
        return rules.ACTION_PAYMENT, "moves money"
    return None
