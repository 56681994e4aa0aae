"""Secret sources: the values the policy's ``secrets:`` block names, read from the
environment and from files.

The engine only matches values it is given (:class:`cordon.engine.secrets.SecretSet`); this
module does the reading, once at start-up.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping

from cordon._exceptions import PolicyError
from cordon.engine.secrets import MIN_SECRET_LENGTH
from cordon.policy.model import SecretsPolicy

__all__ = ["load_policy_secrets", "policy_secrets"]

_ENV_LINE_RE = re.compile(r"^\s*(?:export\s+)?[A-Za-z_][A-Za-z0-9_.]*\s*[=:]\s*(.*?)\s*$")

# Names that say a variable holds a credential, by the conventions of the services MCP
# servers talk to (GITHUB_PERSONAL_ACCESS_TOKEN, SLACK_BOT_TOKEN, OPENAI_API_KEY,
# AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, CLIENT_SECRET, PGPASSWORD, GITLAB_PAT...). An MCP
# client hands a server its token in the entry's ``env``; ``cordon run`` inherits it.
_CREDENTIAL_NAME_RE = re.compile(
    r"(?:TOKEN|SECRET|PASSWORD|PASSWD|_KEY|APIKEY|_PAT|_CREDENTIALS?|_AUTH)$", re.IGNORECASE
)
# A value that names a file or a place, not a credential (GOOGLE_APPLICATION_CREDENTIALS is a
# path to a key file; the file's contents are what ``secrets.files`` is for).
_NOT_A_CREDENTIAL_RE = re.compile(r"^(?:[~/.]|[A-Za-z]:[\\/]|[a-z][a-z0-9+.-]*://[^@]*$)")


def load_policy_secrets(
    env_names: Iterable[str],
    files: Iterable[str],
    *,
    environ: Mapping[str, str] | None = None,
    env_credentials: bool = False,
) -> list[str]:
    """Read the values named by the policy's ``secrets:`` block. The edge (CLI, gateway,
    ``Engine.from_policy``) calls it once at start-up and passes the values to the engine.

    Args:
        env_names: environment variable names; an unset or empty variable is skipped (there is
            nothing to protect).
        files: file paths (``~`` expanded). A file gives its whole stripped content, each
            non-empty stripped line, and for ``NAME=value`` lines the value (quotes removed),
            so both a one-line token file, a PEM key and a ``.env`` file work.
        environ: the environment to read (default ``os.environ``).
        env_credentials: also take every variable of ``environ`` whose name says it holds a
            credential (``*_TOKEN``, ``*_SECRET``, ``*PASSWORD``, ``*_KEY``, ``*_PAT``...),
            unless its value is a path or a URL without a password.

    Returns:
        The values, whitespace-stripped, in order, without duplicates; values shorter than
        :data:`MIN_SECRET_LENGTH` are dropped.

    Raises:
        PolicyError: a listed file cannot be read (key ``secrets.files``): a protected
            secret that silently went missing would be a fail-open.
    """
    env = os.environ if environ is None else environ
    out: dict[str, None] = {}

    def keep(v: str) -> None:
        v = v.strip()
        if len(v) >= MIN_SECRET_LENGTH:
            out.setdefault(v, None)

    for name in env_names:
        keep(env.get(name, ""))
    if env_credentials:
        for name in sorted(env):
            value = env[name].strip()
            if _CREDENTIAL_NAME_RE.search(name) and not _NOT_A_CREDENTIAL_RE.match(value):
                keep(value)
    for f in files:
        path = os.path.expanduser(f)
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                content = fh.read()
        except OSError as exc:
            raise PolicyError(f"cannot read secret file {f!r}: {exc}", key="secrets.files") from exc
        keep(content)
        for line in content.splitlines():
            keep(line)
            m = _ENV_LINE_RE.match(line)
            if m is not None:
                keep(m.group(1).strip().strip("\"'"))
    return list(out)


def policy_secrets(
    secrets: SecretsPolicy, *, environ: Mapping[str, str] | None = None
) -> list[str]:
    """The values a policy's ``secrets:`` block protects: :func:`load_policy_secrets` of its
    ``env`` and ``files``, with ``env_credentials`` as the block sets it. Every front end
    (``cordon run``, ``cordon serve``, the library) reads them through here, so each protects
    the same values."""
    return load_policy_secrets(
        secrets.env, secrets.files, environ=environ, env_credentials=secrets.env_credentials
    )
