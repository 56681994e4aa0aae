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

__all__ = ["load_policy_secrets"]

_ENV_LINE_RE = re.compile(r"^\s*(?:export\s+)?[A-Za-z_][A-Za-z0-9_.]*\s*[=:]\s*(.*?)\s*$")


def load_policy_secrets(
    env_names: Iterable[str],
    files: Iterable[str],
    *,
    environ: Mapping[str, str] | None = None,
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
