"""Which results relay data the server did not produce: a file, the environment, a command.

A credential seen in a server's output may go back to that server in a call that sends
nothing (:meth:`cordon.engine.secrets.SecretSet.seen_only_from`): a login tool's session
token passed to the next call of the same API tells the API nothing it does not know. That
reasoning fails when the server only *relayed* the credential: it read it from a file or the
environment, or a command it ran printed it. The credential is then the user's, and the
server is a sink like any other. This is CyberArk's "advanced tool poisoning" (2025): a
malicious server answers with a fake error that asks the model to read ``~/.ssh/id_rsa`` or
``.env`` and put its contents into a parameter of the next call to that same server; if the
server has a file-reading tool of its own, the keys it returned come right back to it. So a
credential found in such a result is kept as if it were registered: refused in any call to
any server, the one that returned it included.

A call relays (:func:`relays_data`) when any of these holds:

* the tool policy (or a pack) lists ``path_params`` and the call sets one of them
  (``read_file``, ``read_text_file``, ``read_multiple_files`` of the filesystem pack);
* the tool's name reads a file (``file``/``files`` with a read verb: ``read_file``,
  ``get_file_contents``, ``cat_file``) or the environment (``env``, ``environ``,
  ``environment``, ``getenv``, ``printenv``, ``dotenv``);
* an argument named like a path (``path``, ``file``, ``filename``, ``file_path`` ...) names a
  credential file (``.env``, ``~/.ssh/id_rsa``, ``~/.aws/credentials``:
  :func:`cordon.engine.actions.is_credential_path`);
* the call runs a command: a parameter named like a shell command (``command``, ``cmd`` ...:
  :data:`cordon.engine.commands.SHELL_PARAMS`), or a tool that runs programs (policy
  ``executes: true``, or a shell word in its name). What a command prints comes from the
  machine (files, variables, other programs), not from the server that ran it;
* the result is a resource's contents (``resources/read``: often a ``file://`` URI).

Deterministic and conservative: a call that looks like a read but is not (a REST tool whose
``path_params`` name a URL path) only makes a credential in its output non-returnable.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cordon.engine import args as _args
from cordon.engine.actions import is_credential_path, split_tokens
from cordon.engine.commands import SHELL_PARAMS
from cordon.policy import ToolPolicy

__all__ = ["relays_data"]

_FILE_TOKENS = frozenset({"file", "files", "filename", "filenames"})
_READ_VERBS = frozenset(
    {"read", "get", "cat", "open", "view", "show", "load", "fetch", "download", "head", "tail"}
)
_ENV_TOKENS = frozenset({"env", "environ", "environment", "getenv", "printenv", "dotenv"})
_PATH_PARAMS = frozenset(
    {"path", "paths", "file", "files", "filename", "filenames", "filepath", "filepaths"}
)
_SHELL_TOOL_TOKENS = frozenset(
    {"shell", "bash", "sh", "zsh", "terminal", "console", "exec", "execute", "command", "cmd"}
)


def _names_a_credential_file(value: Any) -> bool:
    if isinstance(value, str):
        return is_credential_path(value)
    if isinstance(value, (list, tuple)):
        return any(isinstance(v, str) and is_credential_path(v) for v in value)
    return False


def relays_data(tool: str, tp: ToolPolicy, arguments: Mapping[str, Any] | None) -> bool:
    """True when the result of this call relays a file, the environment or a command's
    output (module docstring), so a credential in it is not the server's own."""
    if tool == "resources/read":
        return True
    tokens = set(split_tokens(tool))
    if tokens & _ENV_TOKENS or (tokens & _FILE_TOKENS and tokens & _READ_VERBS):
        return True
    if tp.executes or tokens & _SHELL_TOOL_TOKENS:
        return True
    if not arguments:
        return False
    wanted = set(tp.path_params)
    try:
        for key, value in _args.iter_keyed(arguments):
            if key in wanted and value not in (None, "", []):
                return True
            joined = "".join(split_tokens(key))
            if joined in SHELL_PARAMS and value:
                return True
            if joined in _PATH_PARAMS and _names_a_credential_file(value):
                return True
    except ValueError:  # nested too deeply to read: taken as a read (fail closed)
        return True
    return False
