"""The options of ``cordon run`` for a remote server (``--url`` and what goes with it) and
the wait for a person, as typer annotations: :func:`cordon.cli.run_cmd` takes them."""

from __future__ import annotations

import re
import sys
from typing import Annotated

import typer

ApprovalTimeoutOption = Annotated[
    float | None, typer.Option(help="Seconds to wait for a person (default: policy, 120).")
]
OAuthOption = Annotated[
    bool, typer.Option(help="Log in with OAuth when --url answers 401 (tokens: ~/.cordon/oauth).")
]
UrlOption = Annotated[
    str | None, typer.Option(help="A remote MCP server (Streamable HTTP) instead of -- COMMAND.")
]
UrlEnvOption = Annotated[
    str | None,
    typer.Option(
        "--url-env",
        help="VAR: --url read from the environment variable VAR, so a key in the URL (a path "
        "or query key, user:password@) stays off the command line (ps shows every process's "
        "arguments); cordon init writes it for such a URL.",
    ),
]
#: a header name as RFC 9110 spells a token (anything else is not echoed to stderr)
_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}")


def _argv_values_said(specs: list[str]) -> list[str]:
    """``--header NAME:VALUE`` as given. A value written out (no ``${VAR}`` for cordon to
    read from its environment, or one the client expanded before starting cordon) is on
    cordon's command line, which ``ps`` shows every local user: said on stderr, by the
    header's name only, with the ``--header-env`` form that keeps it off."""
    for spec in specs:
        name, colon, value = spec.partition(":")
        name = name.strip()
        if not colon or not value.strip() or "${" in value:
            continue
        shown = name if _TOKEN.fullmatch(name) else "NAME"
        var = "CORDON_HEADER_" + shown.upper().replace("-", "_")
        sys.stderr.write(
            f"cordon: warning: --header {shown}: its value is on cordon's command line, which "
            f"every local user can read (ps); give --header-env {shown} instead, the value in "
            f"the environment variable {var} (cordon init writes a client entry so)\n"
        )
    return specs


HeaderOption = Annotated[
    list[str],
    typer.Option(
        callback=_argv_values_said,
        help="NAME:VALUE sent to --url on every request (${VAR} read).",
    ),
]
HeaderEnvOption = Annotated[
    list[str],
    typer.Option(
        "--header-env",
        help="NAME[=VAR]: a header for --url whose value is read from the environment variable "
        "VAR (default: CORDON_HEADER_ and NAME in upper case, each - as _), so a token "
        "stays off the command line (ps shows every process's arguments); ${VAR} in it read.",
    ),
]
#: ``--init-timeout``'s default: ``cordon.proxy.http_session.INIT_WAIT_S`` (that module loads
#: the HTTP client, which a stdio server's ``cordon run`` never needs)
INIT_WAIT_S = 60.0


def _not_negative(value: float) -> float:
    """A wait in seconds: 0 or more, finite (a range type would widen ``cordon run --help``'s type
    column past 80 columns and cut the flag names)."""
    if not 0 <= value < float("inf"):  # NaN compares false: refused with a negative
        raise typer.BadParameter("must be 0 (no limit) or more seconds")
    return value


InitTimeoutOption = Annotated[
    float,
    typer.Option(
        "--init-timeout",
        callback=_not_negative,
        help="Seconds --url waits for the server's answer to the client's initialize before "
        "answering it with an error (0: no limit; a login in the browser is not counted).",
    ),
]
SseOption = Annotated[
    bool,
    typer.Option(
        "--sse",
        help="--url is a legacy HTTP+SSE server (MCP 2024-11-05: a GET stream and an endpoint "
        "to POST to; clients call it type sse) instead of Streamable HTTP.",
    ),
]
AllowHttpOption = Annotated[
    bool,
    typer.Option(
        "--allow-http",
        help="Allow a plain http:// --url on a host other than this machine (headers and "
        "tokens then travel unencrypted).",
    ),
]
