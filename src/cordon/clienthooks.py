"""The client's prompt hook: ``cordon hook prompt``, and installing it with ``cordon init``.

MCP clients do not send the user's prompt to servers, but two run a command on each one:

* Claude Code's ``UserPromptSubmit`` hook, JSON on stdin: ``session_id``, ``prompt``,
  ``hook_event_name``, ``transcript_path``, ``cwd``. Whatever the command prints on stdout is
  added to the prompt, so it prints nothing.
* Cursor's ``beforeSubmitPrompt`` hook (``~/.cursor/hooks.json``, or ``.cursor/hooks.json``
  of a project: ``{"version": 1, "hooks": {"beforeSubmitPrompt": [{"command": CMD}]}}``),
  JSON on stdin: ``conversation_id``, ``generation_id``, ``hook_event_name``,
  ``workspace_roots``, ``prompt``, ``attachments`` (file paths), and in later versions
  ``model``, ``cursor_version``, ``user_email``, ``transcript_path``; it answers
  ``{"continue": true}`` on stdout (``false`` would block the prompt); exit code 2 blocks,
  another non-zero code is a hook error that lets the prompt through. Sources: the
  ``cursor-hooks`` npm package's typings of https://cursor.com/docs/agent/hooks
  (github.com/johnlindquist/cursor-hooks ``src/types.ts``, ``BeforeSubmitPromptPayload`` and
  ``CursorHooksConfig``; its ``schema/hooks.schema.json``: ``version`` const 1, entries
  ``{"command": string}``), https://cdot65.github.io/prisma-airs-cursor-hooks/reference/
  cursor-hooks-api (scopes, stdin fields, output, exit codes) and
  https://cupcake.eqtylab.io/reference/harnesses/cursor (common input fields).

``cordon hook prompt`` is the command for both: it hands the prompt to the client's
``cordon run`` processes (:mod:`cordon.store.prompts`), which trust it as the user's request
for that conversation (the Claude Code ``session_id`` or the Cursor ``conversation_id``):
``requires_request``, vouched values, destinations the user named. Only the ``prompt`` text
is handed in, never attachments or other fields. When it cannot hand the prompt in, it says
why on stderr and exits 1, which lets the prompt through untrusted (exit 2 would block it in
either client).

``cordon init`` adds the hook to the client's user-level hook file: Claude Code's
``~/.claude/settings.json`` (``hooks.UserPromptSubmit``), or for a Cursor config (one in a
``.cursor`` directory) ``~/.cursor/hooks.json`` (``hooks.beforeSubmitPrompt``; user-level, so a
project's often committed ``.cursor/hooks.json`` never holds one user's cordon path). Each
gets a backup under ``~/.cordon/backups/`` as the config does; ``--undo`` takes the hook out
and restores the file's exact bytes (or removes the file when cordon created it).
"""

from __future__ import annotations

import copy
import json
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from cordon._cli_group import OneLineSummaries
from cordon.clientconfig import (
    ClientConfigError,
    _format_like,
    _parse,
    _write_backup,
    find_backups,
    replace_file,
)

__all__ = [
    "CLAUDE_CODE",
    "CURSOR",
    "HookClient",
    "HookPlan",
    "apply_hook_plan",
    "claude_settings_path",
    "cursor_hooks_path",
    "hand_in_prompt",
    "hook_target",
    "plan_hook_install",
    "plan_hook_undo",
    "register",
]

#: events whose ``prompt`` is the user's request; the value names the conversation's id key
PROMPT_EVENTS = {"UserPromptSubmit": "session_id", "beforeSubmitPrompt": "conversation_id"}
#: events that end a conversation (its prompts stop counting)
END_EVENTS = {"SessionEnd": "session_id"}
#: the event whose hook answers with JSON on stdout (Cursor's), and that answer
_ANSWERED = {"beforeSubmitPrompt": '{"continue": true}\n'}
_MAX_INPUT = 16 << 20


class HookError(Exception):
    """The hook's input cannot be handed in (why, for stderr)."""


def _load(raw: bytes) -> dict[str, Any]:
    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise HookError(f"the hook input is not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise HookError("the hook input is not a JSON object")
    return data


def hand_in_prompt(raw: bytes, *, client: int | None = None, base_dir: Path | None = None) -> str:
    """Hand the prompt of one hook input (the client's JSON) to the client's cordon
    processes. ``client``: the client process (default: found from this process,
    :func:`cordon.store.prompts.find_client`). Returns the hook event's name.

    Raises:
        HookError: the input is not a prompt hook's JSON, or the client or file cannot be
            found or written.
    """
    return _hand_in(_load(raw), client=client, base_dir=base_dir)


def _hand_in(data: dict[str, Any], *, client: int | None, base_dir: Path | None) -> str:
    from cordon.store.prompts import find_client, hand_in

    event = data.get("hook_event_name")
    id_key = PROMPT_EVENTS.get(str(event)) or END_EVENTS.get(str(event))
    if id_key is None:
        raise HookError(f"not a prompt hook event: {event!r}")
    conversation = data.get(id_key)
    if not isinstance(conversation, str) or not conversation:
        raise HookError(f"no {id_key} in the hook input")
    prompt = data.get("prompt")
    if event in PROMPT_EVENTS and not isinstance(prompt, str):
        raise HookError("no prompt in the hook input")
    pid = client if client is not None else find_client()
    if pid is None:
        raise HookError("cannot tell which client ran the hook (no /proc)")
    try:
        hand_in(
            conversation,
            prompt if event in PROMPT_EVENTS else None,
            client=pid,
            base_dir=base_dir,
        )
    except OSError as exc:
        raise HookError(f"cannot write the prompt file: {exc}") from exc
    return str(event)


def hook_prompt() -> None:
    """Hand the user's prompt to this client's cordon processes (a client's prompt hook).

    Reads the hook's JSON on stdin: Claude Code's UserPromptSubmit (or SessionEnd), or
    Cursor's beforeSubmitPrompt. Prints nothing for Claude Code, {"continue": true} for
    Cursor. Exit 1, with the reason on stderr, when the prompt could not be handed in: the
    prompt still goes to the model, and cordon asks about what needed it.
    """
    raw = sys.stdin.buffer.read(_MAX_INPUT + 1)
    event = None
    try:
        if len(raw) > _MAX_INPUT:
            raise HookError(f"the hook input is over {_MAX_INPUT} bytes")
        data = _load(raw)
        event = data.get("hook_event_name")
        _hand_in(data, client=None, base_dir=None)
    except HookError as exc:
        sys.stderr.write(f"cordon hook: {exc}; this prompt is not trusted by cordon\n")
        if event is None and b'"beforeSubmitPrompt"' in raw:
            event = "beforeSubmitPrompt"  # unreadable input that names Cursor's event
        sys.stdout.write(_ANSWERED.get(str(event), ""))
        raise typer.Exit(1) from exc
    sys.stdout.write(_ANSWERED.get(str(event), ""))


def register(app: typer.Typer) -> None:
    """Add ``cordon hook prompt`` to the cordon typer app."""
    hook_app = typer.Typer(
        help="Commands an MCP client runs as its hooks.",
        no_args_is_help=True,
        cls=OneLineSummaries,
    )
    hook_app.command("prompt")(hook_prompt)
    app.add_typer(hook_app, name="hook")


# -- installing ------------------------------------------------------------------------------


def claude_settings_path() -> Path:
    """``~/.claude/settings.json``: Claude Code's user settings, where its hooks live."""
    return Path.home() / ".claude" / "settings.json"


def cursor_hooks_path() -> Path:
    """``~/.cursor/hooks.json``: Cursor's user-level hooks."""
    return Path.home() / ".cursor" / "hooks.json"


@dataclass(frozen=True, kw_only=True, slots=True)
class HookClient:
    """Where and how one client keeps its prompt hook.

    ``label``: the file's name in ``cordon init``'s output; ``event``: the key under
    ``hooks``; ``grouped``: entries sit in matcher groups (``[{"hooks": [ENTRY]}]``, Claude
    Code) rather than directly in the event's list (Cursor); ``entry_type``: the entry's
    ``type``, when the client wants one; ``skeleton``: what a file cordon creates holds
    besides ``hooks``.
    """

    label: str
    event: str
    grouped: bool
    entry_type: str | None
    skeleton: tuple[tuple[str, Any], ...] = ()

    def entry(self, command: str) -> dict[str, Any]:
        """The hook entry that runs ``command``."""
        if self.entry_type is None:
            return {"command": command}
        return {"type": self.entry_type, "command": command}


CLAUDE_CODE = HookClient(
    label="Claude Code settings", event="UserPromptSubmit", grouped=True, entry_type="command"
)
#: ``version`` 1 is the only hooks.json version Cursor documents
CURSOR = HookClient(
    label="Cursor hooks",
    event="beforeSubmitPrompt",
    grouped=False,
    entry_type=None,
    skeleton=(("version", 1),),
)


def hook_target(kind: str, config: Path) -> tuple[HookClient, Path] | str | None:
    """The hook ``cordon init`` adds for a config of client ``kind`` at ``config``: the
    client and its hook file; a reason (str) when a client that has a hook does not get it
    here; None for a client without a prompt hook.

    A config detected as Cursor's gets the hook only when it sits in a ``.cursor``
    directory (``~/.cursor/mcp.json``, ``<project>/.cursor/mcp.json``): other files with
    ``mcpServers`` are labelled Cursor for want of a better guess, and a hook in Cursor's
    files would do nothing for their client.
    """
    if kind == "claude-code":
        return CLAUDE_CODE, claude_settings_path()
    if kind == "cursor":
        if Path(config).absolute().parent.name != ".cursor":
            return (
                "prompt hook: not added: this file is not in a .cursor directory, so it may "
                "not be Cursor's (Cursor reads ~/.cursor/mcp.json and <project>/.cursor/mcp.json)"
            )
        return CURSOR, cursor_hooks_path()
    return None


@dataclass(frozen=True, kw_only=True, slots=True)
class HookPlan:
    """What ``cordon init`` (or ``--undo``) does to the client's hook settings.

    ``old``/``new``: the file's bytes before and after (None: the file is absent, or is to
    be removed); ``messages``: one line each; ``label``: the file's name in the output.
    """

    path: Path
    old: bytes | None
    new: bytes | None
    messages: tuple[str, ...] = ()
    label: str = CLAUDE_CODE.label

    @property
    def changed(self) -> bool:
        return self.old != self.new

    def diff(self) -> str:
        import difflib

        old = (self.old or b"").decode("utf-8", "replace").splitlines(keepends=True)
        new = (self.new or b"").decode("utf-8", "replace").splitlines(keepends=True)
        name = str(self.path)
        return "".join(difflib.unified_diff(old, new, fromfile=name, tofile=f"{name} (after)"))


def hook_command(cordon_command: str) -> str:
    """The shell command the client runs: ``<cordon> hook prompt``."""
    return f"{shlex.quote(cordon_command)} hook prompt"


def _is_ours(hook: Any) -> bool:
    """A hook entry that runs ``cordon hook prompt``."""
    if not isinstance(hook, dict) or not isinstance(hook.get("command"), str):
        return False
    try:
        words = shlex.split(hook["command"])
    except ValueError:
        return False
    return (
        len(words) == 3
        and Path(words[0]).name in ("cordon", "cordon.exe")
        and words[1:] == ["hook", "prompt"]
    )


def _entries(client: HookClient, groups: list[Any]) -> list[Any]:
    """The hook entries of an event's list: inside each group for a grouped client."""
    if not client.grouped:
        return groups
    return [h for g in groups if isinstance(g, dict) for h in g.get("hooks") or []]


def _read(path: Path) -> tuple[bytes | None, dict[str, Any]]:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, {}
    except OSError as exc:
        raise ClientConfigError(f"{path}: cannot read: {exc}") from exc
    data, _ = _parse(raw, path)
    return raw, data


def _groups(client: HookClient, data: dict[str, Any], path: Path) -> list[Any] | None:
    for key, value in client.skeleton:
        if key in data and data[key] != value:
            raise ClientConfigError(
                f"{path}: {key} is {data[key]!r}; cordon knows only {key} {value!r}"
            )
    hooks = data.get("hooks")
    if hooks is None:
        return None
    if not isinstance(hooks, dict):
        raise ClientConfigError(f"{path}: hooks is not an object")
    groups = hooks.get(client.event)
    if groups is not None and not isinstance(groups, list):
        raise ClientConfigError(f"{path}: hooks.{client.event} is not a list")
    return groups


def plan_hook_install(
    path: Path, cordon_command: str, client: HookClient = CLAUDE_CODE
) -> HookPlan:
    """Plan adding ``cordon hook prompt`` to ``hooks.<event>`` of the client's hook file
    ``path`` (created when absent, with the client's skeleton); unchanged when a cordon
    prompt hook is there.

    Raises:
        ClientConfigError: the file cannot be read or is not the client's shape.
    """
    old, data = _read(path)
    groups = _groups(client, data, path) or []
    if any(_is_ours(h) for h in _entries(client, groups)):
        return HookPlan(
            path=path,
            old=old,
            new=old,
            messages=("prompt hook: already there",),
            label=client.label,
        )
    new_data = copy.deepcopy(data) if old is not None else dict(client.skeleton)
    entry = client.entry(hook_command(cordon_command))
    added = {"hooks": [entry]} if client.grouped else entry
    new_data.setdefault("hooks", {}).setdefault(client.event, []).append(added)
    # a new file is written as both clients write their own: two-space indent, final newline
    new = _format_like(old if old is not None else b'{\n  "": 0\n}\n', new_data)
    return HookPlan(
        path=path,
        old=old,
        new=new,
        messages=(
            f"prompt hook: {client.event} runs `{hook_command(cordon_command)}`: each "
            "prompt you type is handed to this client's cordon processes as your request "
            "(trusted for that conversation)",
        ),
        label=client.label,
    )


def plan_hook_undo(path: Path, client: HookClient = CLAUDE_CODE) -> HookPlan:
    """Plan taking cordon's prompt hook out of ``path``: the exact bytes of a backup whose
    content matches, no file when cordon created it, else the file rewritten in its style.

    Raises:
        ClientConfigError: as :func:`plan_hook_install`.
    """
    old, data = _read(path)
    groups = _groups(client, data, path)
    same = HookPlan(path=path, old=old, new=old, label=client.label)
    if old is None or not groups:
        return same
    kept = []
    for g in groups:
        if not client.grouped:
            if not _is_ours(g):
                kept.append(g)
            continue
        if isinstance(g, dict) and isinstance(g.get("hooks"), list):
            left = [h for h in g["hooks"] if not _is_ours(h)]
            if not left and g["hooks"]:
                continue
            g = {**g, "hooks": left}
        kept.append(g)
    if kept == groups:
        return same
    new_data = copy.deepcopy(data)
    if kept:
        new_data["hooks"][client.event] = kept
    else:
        del new_data["hooks"][client.event]
        if not new_data["hooks"]:
            del new_data["hooks"]

    def plan(new: bytes | None, message: str) -> HookPlan:
        return HookPlan(path=path, old=old, new=new, messages=(message,), label=client.label)

    for backup in find_backups(path):
        try:
            braw = backup.read_bytes()
        except OSError:
            continue
        if not braw.strip():
            if new_data == dict(client.skeleton):  # cordon created the file: it goes
                return plan(None, "prompt hook: will be removed")
            continue
        try:
            bdata, _ = _parse(braw, backup)
        except ClientConfigError:
            continue
        if bdata == new_data:
            return plan(
                braw,
                f"prompt hook: will be removed (the file gets the exact bytes of {backup} back)",
            )
    return plan(_format_like(old, new_data), "prompt hook: will be removed")


def apply_hook_plan(plan: HookPlan) -> Path | None:
    """Back up the current file (an empty backup when it is absent), then write the plan's
    bytes atomically, or remove the file. Returns the backup, or None when nothing changes.

    Raises:
        ClientConfigError: the file changed since it was planned, or a write failed.
    """
    if not plan.changed:
        return None
    path = plan.path
    try:
        real = path.resolve()
        current = real.read_bytes() if real.exists() else None
        if current != plan.old:
            raise ClientConfigError(f"{path}: changed since the diff was shown; run again")
        if not real.parent.exists():
            real.parent.mkdir(mode=0o700, parents=True)
        backup = _write_backup(real, plan.old or b"")
        if plan.new is None:
            real.unlink()
            return backup
        mode = real.stat().st_mode & 0o7777 if plan.old is not None else 0o600
        replace_file(real, plan.new, mode)
    except OSError as exc:
        raise ClientConfigError(f"{path}: cannot write: {exc}") from exc
    return backup
