"""Credentials written into a stdio server's command line (``cordon run -- COMMAND ARGS``):
which arguments are secrets, and the command line with them masked.

MCP servers are often given their key as an argument: a flag (``--api-key KEY``,
``--token=KEY``, ``--password KEY``: the Brave, Exa and Tavily servers' ``--api-key``, a
database server's ``--password``), a connection string with a password
(``postgresql://user:PASSWORD@host/db``, as the reference Postgres server and the MySQL, Redis
and MongoDB servers take it), a URL with a key (:mod:`cordon.urlcreds`), or an environment
assignment handed to a wrapper (``docker run -e GITHUB_TOKEN=KEY``, ``env API_KEY=KEY cmd``).
Such a key is the server's own credential, like a header's token: no tool call may carry it
out, and the audit log and the pin files name the command line with it masked (a rotated key
is the same server, as for a URL's query key). Standard library only.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

from cordon.urlcreds import masked_url, url_credentials

__all__ = ["argv_credentials", "masked_argv"]

#: flag names that take a credential as their value (``--api-key``, ``--github-token``,
#: ``--client-secret``, ``--password``/``--passwd``/``--pwd``, ``--bearer``, ``--pat``...);
#: matched on the name without its dashes, case aside
_CREDENTIAL_FLAG = re.compile(
    r"(?:^|[_-])(?:api[_-]?key|access[_-]?key|secret[_-]?key|private[_-]?key|license[_-]?key"
    r"|token|secret|password|passwd|passphrase|pwd|pass|bearer|pat)$",
    re.IGNORECASE,
)
#: ``NAME=VALUE`` arguments whose name says the value is a credential (the names
#: cordon.store.secrets reads from a server's environment: ``*_TOKEN``, ``*_SECRET``,
#: ``*PASSWORD``, ``*_KEY``, ``*_PAT``...; and the password variables programs document
#: under other names: MySQL's ``MYSQL_PWD``, sshpass's ``SSHPASS``, RabbitMQ's
#: ``RABBITMQ_DEFAULT_PASS``)
_CREDENTIAL_ASSIGN = re.compile(
    r"^([A-Za-z_][A-Za-z0-9_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|_KEY|APIKEY|_PAT|_CREDENTIALS?"
    r"|_AUTH|_PWD|_PASS|PASSPHRASE)|SSHPASS)=(.+)$",
    re.IGNORECASE,
)
#: a connection string with a password: ``scheme://user:password@host``
_DSN = re.compile(r"^[a-z][a-z0-9+.-]*://[^/@\s:]*:([^/@\s]+)@", re.IGNORECASE)
#: values never taken for a credential: an option's on/off and a path to a key file (the
#: file's contents are what ``secrets.files`` is for)
_NOT_A_VALUE = re.compile(r"^(?:true|false|yes|no|on|off|[~/.]|[A-Za-z]:[\\/]|-)", re.IGNORECASE)
#: shorter values are not registered (the secret registry's minimum is the same)
_MIN = 6
#: a value of lower-case letters only, this long at most, is masked but not registered: a
#: default password (``postgres``, ``changeme``) is public, and as a registered secret it
#: would refuse every send that names the word
_WORD_MAX = 12


def _flag_name(arg: str) -> str | None:
    """``api-key`` of ``--api-key`` / ``--api-key=V``; None for an argument that is no flag."""
    if not arg.startswith("-") or arg in ("-", "--"):
        return None
    return arg.lstrip("-").partition("=")[0]


def _value_spans(argv: list[str]) -> list[tuple[int, int, int]]:
    """``(argument index, start, end)`` of each credential in ``argv`` (one argument may
    hold its value after ``=``)."""
    out: list[tuple[int, int, int]] = []
    for i, arg in enumerate(argv):
        name = _flag_name(arg)
        if name is not None and _CREDENTIAL_FLAG.search(name):
            if "=" in arg:
                start = arg.index("=") + 1
                if len(arg) - start >= _MIN and not _NOT_A_VALUE.match(arg[start:]):
                    out.append((i, start, len(arg)))
            elif i + 1 < len(argv):
                value = argv[i + 1]
                if len(value) >= _MIN and not _NOT_A_VALUE.match(value):
                    out.append((i + 1, 0, len(value)))
            continue
        m = _CREDENTIAL_ASSIGN.match(arg)
        if m is not None and len(m.group(2)) >= _MIN and not _NOT_A_VALUE.match(m.group(2)):
            out.append((i, m.start(2), m.end(2)))
            continue
        at = _value_at(arg)
        dsn = _DSN.match(arg[at:])
        if dsn is not None and not arg[at:].lower().startswith(("http://", "https://")):
            out.append((i, at + dsn.start(1), at + dsn.end(1)))
    return out


def _value_at(arg: str) -> int:
    """Where the value of ``arg`` starts: after ``=`` of a flag given its value in the same
    argument (``--dsn=postgres://user:PASSWORD@host``, ``--url=https://host/?key=K``: a
    connection string or URL is as often an option's value as an argument of its own), else
    0."""
    return arg.index("=") + 1 if _flag_name(arg) is not None and "=" in arg else 0


def _url_at(arg: str) -> int | None:
    """Where an http(s) URL with a host starts in ``arg`` (the argument, or a flag's value
    after ``=``: :func:`_value_at`); None when there is none."""
    at = _value_at(arg)
    url = arg[at:]
    if url.lower().startswith(("http://", "https://")) and urlsplit(url).hostname:
        return at
    return None


def argv_credentials(argv: list[str]) -> list[str]:
    """The credentials a command line carries (module docstring), each as written and, for a
    connection string's password, percent-decoded too; keys of http(s) URLs as
    :func:`cordon.urlcreds.url_credentials` finds them. A lower-case word (:data:`_WORD_MAX`)
    is left out: masked by :func:`masked_argv`, not registered."""
    out: list[str] = []
    for i, start, end in _value_spans(argv):
        value = argv[i][start:end]
        out.append(value)
        if "%" in value and _DSN.match(argv[i][_value_at(argv[i]) :]):
            out.append(unquote(value))
    for arg in argv:
        if (at := _url_at(arg)) is not None:
            out += url_credentials(arg[at:])
    return [v for v in dict.fromkeys(out) if len(v) >= _MIN and not _word(v)]


def _word(value: str) -> bool:
    return value.isalpha() and value.islower() and len(value) <= _WORD_MAX


def masked_argv(argv: list[str]) -> list[str]:
    """``argv`` for the audit log and the pin file: each credential (:func:`argv_credentials`)
    replaced by ``***``, http(s) URLs masked as :func:`cordon.urlcreds.masked_url` does."""
    out = list(argv)
    for i, start, end in sorted(_value_spans(argv), key=lambda s: (s[0], -s[1])):
        out[i] = out[i][:start] + "***" + out[i][end:]
    for i, arg in enumerate(out):
        if (at := _url_at(arg)) is not None and url_credentials(arg[at:]):
            out[i] = arg[:at] + masked_url(arg[at:])
    return out
