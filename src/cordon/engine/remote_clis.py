"""The command line a cloud or VM tool runs on another machine, read as ``ssh HOST CMD``'s
is (:func:`.system_commands.remote_line`).

Attack class: ``vagrant ssh -c "psql -c 'DROP TABLE users'"``, ``gcloud compute ssh db
--command=...``, ``fly ssh console -C ...`` and ``heroku run psql -c ...`` ran their line
unread, where ``ssh db "psql -c 'DROP TABLE users'"`` was denied. Each tool's option is its
documented one:

* ``vagrant ssh [NAME] -c|--command COMMAND`` (Vagrant's CLI reference, ``vagrant ssh``);
* ``gcloud [beta|alpha] compute ssh INSTANCE --command=COMMAND`` and ``gcloud cloud-shell
  ssh --command=COMMAND`` (the gcloud reference);
* ``fly|flyctl ssh console -C|--command COMMAND`` and ``fly console -C|--command``
  (flyctl's reference);
* ``heroku run [OPTIONS] COMMAND...`` (and ``run:detached``): the words after the options,
  joined, as ssh joins them.

Pure: no I/O.
"""

from __future__ import annotations

__all__ = ["cli_line"]

#: ``heroku run``'s options that take a value (``-a APP``, ``-s SIZE``, ``-e K=V``, ``-r
#: REMOTE``, ``--type TYPE``)
_HEROKU_VALUE = frozenset({"-a", "--app", "-s", "--size", "-e", "--env", "-r", "--remote",
                           "--type"})  # fmt: skip


def _option(args: tuple[str, ...], names: tuple[str, ...]) -> str | None:
    """The value of the last of ``names`` in ``args`` (``-c X``, ``--command X``,
    ``--command=X``, ``-CX``), or None."""
    found = None
    for i, a in enumerate(args):
        if a == "--":
            break
        name, eq, value = a.partition("=")
        if name in names and a.startswith("--") and eq:
            found = value
        elif a in names and i + 1 < len(args):
            found = args[i + 1]
        elif len(a) > 2 and a[:2] in names and not a.startswith("--"):
            found = a[2:]
    return found


def _heroku(args: tuple[str, ...]) -> str | None:
    """``heroku run [OPTIONS] COMMAND...``'s command, its words joined."""
    words = [a for a in args if not a.startswith("-")][:1]
    if words not in (["run"], ["run:detached"]):
        return None
    rest = args[args.index(words[0]) + 1 :]
    i = 0
    while i < len(rest) and rest[i].startswith("-"):
        if rest[i] == "--":
            i += 1
            break
        i += 2 if rest[i] in _HEROKU_VALUE else 1
    return " ".join(rest[i:]) or None


def cli_line(prog: str, args: tuple[str, ...]) -> str | None:
    """The command line ``prog args`` runs on another machine (module docstring), or None."""
    subs = [a for a in args if not a.startswith("-")]
    if prog == "vagrant" and subs[:1] == ["ssh"]:
        return _option(args, ("-c", "--command"))
    if prog == "gcloud" and "ssh" in subs and ("compute" in subs or "cloud-shell" in subs):
        return _option(args, ("--command",))
    if prog in ("fly", "flyctl") and "console" in subs:
        return _option(args, ("-C", "--command"))
    if prog == "heroku":
        return _heroku(args)
    return None
