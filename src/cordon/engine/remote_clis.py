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
  joined, as ssh joins them;
* ``az ssh vm|host|arc [OPTIONS] -- SSH_ARGS...``: the words after ``--`` are OpenSSH's (``az
  ssh vm --help``), its options skipped, the rest the command, as ssh joins them;
* ``az vm|vmss run-command invoke --scripts LINE...`` and ``az vm run-command create
  --script LINE``: the lines, one a line; ``@FILE`` (az's file argument) is a line cordon
  cannot read (computed: asked);
* ``aws ssm send-command --parameters commands=...`` (the AWS-RunShellScript document) and
  ``aws ssm start-session --parameters command=...`` (AWS-StartInteractiveCommand): the
  CLI's shorthand (``commands=A,B``, ``commands=["A","B"]``: a list split at its commas) or
  JSON (``{"commands": [...]}``), one command a line; ``file://`` and any other form are
  computed (asked).

Pure: no I/O.
"""

from __future__ import annotations

import json

from cordon.engine.sql_programs import DYNAMIC

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


#: OpenSSH's options that take a value (ssh(1)), for ``az ssh``'s words after ``--``
_SSH_VALUE = frozenset("-" + c for c in "BbcDEeFIiJLlmOoPpQRSWw")


def _az(subs: list[str], args: tuple[str, ...]) -> str | None:
    """The line ``az ssh ... -- SSH_ARGS`` or ``az vm|vmss run-command`` runs."""
    if subs[:1] == ["ssh"] and "--" in args:
        rest = args[args.index("--") + 1 :]
        i = 0
        while i < len(rest) and rest[i].startswith("-") and len(rest[i]) > 1:
            i += 2 if rest[i] in _SSH_VALUE else 1
        return " ".join(rest[i:]) or None
    if subs[:2] not in (["vm", "run-command"], ["vmss", "run-command"]):
        return None
    lines: list[str] = []
    taking = False
    for a in args:
        if a.startswith("--script"):  # (--scripts A B ..., --script A, --scripts=A)
            name, eq, value = a.partition("=")
            taking = name in ("--scripts", "--script")
            lines += [value] if taking and eq else []
        elif a.startswith("-"):
            taking = False
        elif taking:
            lines.append(a)
    if any(line.startswith("@") for line in lines):
        return DYNAMIC  # (az reads @FILE's text: not seen here)
    return "\n".join(lines) or None


def _split_list(text: str) -> list[str]:
    """The items of the AWS CLI shorthand list ``A,B`` or ``[A,B]``, split at the commas
    outside double quotes, each unquoted."""
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1]
    items, word, quoted = [], "", False
    for ch in text:
        if ch == '"':
            quoted = not quoted
        elif ch == "," and not quoted:
            items.append(word)
            word = ""
        else:
            word += ch
    return [*items, word]


def _aws(subs: list[str], args: tuple[str, ...]) -> str | None:
    """The lines ``aws ssm send-command|start-session --parameters ...`` runs."""
    if "ssm" not in subs or not {"send-command", "start-session"} & set(subs):
        return None
    value = _option(args, ("--parameters",))
    if value is None:
        return None
    key = "commands" if "send-command" in subs else "command"
    if value.lstrip().startswith("{"):
        try:
            found = json.loads(value).get(key)
        except (ValueError, AttributeError):
            return DYNAMIC
        found = [found] if isinstance(found, str) else found
        if found is None:
            return None
        if not isinstance(found, list) or not all(isinstance(x, str) for x in found):
            return DYNAMIC
        return "\n".join(found) or None
    name, eq, rest = value.partition("=")
    if eq and name.strip() == key:
        return "\n".join(_split_list(rest)) or None
    return DYNAMIC if "://" in value or key in value else None


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
    if prog == "az":
        return _az(subs, args)
    if prog == "aws":
        return _aws(subs, args)
    from cordon.engine.jump_hosts import jump_line  # (imports container_sql: imports us)

    return jump_line(prog, args)  # (docker exec CTR ssh HOST CMD: CMD runs on HOST)
