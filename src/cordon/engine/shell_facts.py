"""What one shell command string would do: the facts :mod:`.shell` reads from it.

:class:`ShellFacts` holds every simple command, the files it touches (:class:`PathRef`), the
network destinations it names (:class:`NetDest`), the SQL it gives a database client, and
what cannot be known before it runs. Pure data: no parsing here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["NetDest", "PathRef", "ShellFacts"]


@dataclass(frozen=True, slots=True)
class PathRef:
    """A file a command touches: ``path`` as expanded (may hold ``~`` or :data:`DYNAMIC`),
    ``cwd`` the directory a ``cd`` earlier in the string moved to (``None``: the starting
    directory), ``program`` the command, ``op`` what it does (``read``, ``upload``,
    ``delete``, ``overwrite``)."""

    path: str
    cwd: str | None
    program: str
    op: str


@dataclass(frozen=True, slots=True)
class NetDest:
    """A network destination: ``kind`` ``url`` or ``host``, ``value``, and the program."""

    kind: str
    value: str
    program: str


@dataclass(slots=True)
class ShellFacts:
    """What one command string would do (see the module docstring).

    Attributes:
        error: why the string could not be parsed, or ``None``.
        commands: ``(program, args)`` of each simple command, wrappers (``sudo``, ``env``,
            ``timeout`` ...) removed; program is the base name, lower case.
        canonical: the commands re-spelled plainly (one line each, pipelines kept), for the
            pattern rules that read command text.
        network: hosts and URLs named by network commands.
        files: files read, uploaded, deleted or overwritten.
        opaque: why some part cannot be judged (a computed program name, target or host).
        sql: statements given to a database client (``psql -c``, ``sqlite3 DB STMT``, piped).
        remote_shell: programs that hand a shell to a network peer (``nc -e``, socat EXEC).
        remote_code: programs that run a script fetched from the network (``deno run URL``).
        net_opaque: a network command's destination is computed at run time.
        cwds: the directory each of ``commands`` runs in, as :attr:`PathRef.cwd` (a ``cd``
            before it, ``env -C DIR``; ``None``: the starting directory).
        stdin_code: ``(program, text)`` of literal program text an interpreter reads on its
            stdin (a here-document, a here-string, ``echo CODE |``) or from a file this
            string writes.
        written: files this string writes (as written, joined with the ``cd`` before) and
            what they hold when that is literal text (``echo``, ``printf``, ``cat <<EOF``).
        apart: keys of ``written`` whose text bash's and dash's ``printf``/``echo`` write
            otherwise (``printf '\\x41' > a.txt``): bash's reading is held; a reader of one
            is asked about (:func:`._written.file_text`).
        links: symbolic links this string makes (keyed as ``written``) -> their targets; a
            later path under one is also recorded under its target (:mod:`.shell_links`).
    """

    error: str | None = None
    commands: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    canonical: list[str] = field(default_factory=list)
    network: list[NetDest] = field(default_factory=list)
    files: list[PathRef] = field(default_factory=list)
    opaque: list[str] = field(default_factory=list)
    sql: list[str] = field(default_factory=list)
    remote_shell: list[str] = field(default_factory=list)
    remote_code: list[str] = field(default_factory=list)
    net_opaque: bool = False
    cwds: list[str | None] = field(default_factory=list)
    stdin_code: list[tuple[str, str]] = field(default_factory=list)
    written: dict[str, str | None] = field(default_factory=dict)
    apart: set[str] = field(default_factory=set)
    links: dict[str, str] = field(default_factory=dict)
