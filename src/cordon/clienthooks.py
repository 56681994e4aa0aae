"""The client's prompt hook: ``cordon hook prompt``, and installing it with ``cordon init``.

MCP clients do not send the user's prompt to servers; Claude Code runs a command on each
one (its ``UserPromptSubmit`` hook, JSON on stdin: ``session_id``, ``prompt``,
``hook_event_name``, ``transcript_path``, ``cwd``). ``cordon hook prompt`` is that command:
it hands the prompt to the client's ``cordon run`` processes (:mod:`cordon.store.prompts`),
which trust it as the user's request for that conversation (``requires_request``, vouched
values, destinations the user named). It prints nothing on stdout (Claude Code would add it
to the prompt); when it cannot hand the prompt in, it says why on stderr and exits 1, which
lets the prompt through untrusted (exit 2 would block it). Cursor's ``beforeSubmitPrompt``
JSON (``conversation_id``) is read too, and answered ``{"continue": true}``.

``cordon init`` on a Claude Code config also adds the hook to the user's
``~/.claude/settings.json`` (``hooks.UserPromptSubmit``), with a backup under
``~/.cordon/backups/`` as for the config; ``--undo`` takes it out and restores the file's
exact bytes (or removes the file when cordon created it).
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

from cordon.clientconfig import (
    ClientConfigError,
    _format_like,
    _parse,
    _write_backup,
    find_backups,
    replace_file,
)

__all__ = [
    "HookPlan",
    "apply_hook_plan",
    "claude_settings_path",
    "hand_in_prompt",
    "plan_hook_install",
    "plan_hook_undo",
    "register",
]

#: events whose ``prompt`` is the user's request; the value names the conversation's id key
PROMPT_EVENTS = {"UserPromptSubmit": "session_id", "beforeSubmitPrompt": "conversation_id"}
#: events that end a conversation (its prompts stop counting)
END_EVENTS = {"SessionEnd": "session_id"}
_MAX_INPUT = 16 << 20
_EVENT = "UserPromptSubmit"


class HookError(Exception):
    """The hook's input cannot be handed in (why, for stderr)."""


def hand_in_prompt(raw: bytes, *, client: int | None = None, base_dir: Path | None = None) -> str:
    """Hand the prompt of one hook input (the client's JSON) to the client's cordon
    processes. ``client``: the client process (default: found from this process,
    :func:`cordon.store.prompts.find_client`). Returns the hook event's name.

    Raises:
        HookError: the input is not a prompt hook's JSON, or the client or file cannot be
            found or written.
    """
    from cordon.store.prompts import find_client, hand_in

    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise HookError(f"the hook input is not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise HookError("the hook input is not a JSON object")
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
    Cursor's beforeSubmitPrompt. Prints nothing for Claude Code. Exit 1, with the reason on
    stderr, when the prompt could not be handed in: the prompt still goes to the model, and
    cordon asks about what needed it.
    """
    raw = sys.stdin.buffer.read(_MAX_INPUT + 1)
    cursor = b'"beforeSubmitPrompt"' in raw
    try:
        if len(raw) > _MAX_INPUT:
            raise HookError(f"the hook input is over {_MAX_INPUT} bytes")
        hand_in_prompt(raw)
    except HookError as exc:
        sys.stderr.write(f"cordon hook: {exc}; this prompt is not trusted by cordon\n")
        if cursor:
            sys.stdout.write('{"continue": true}\n')
        raise typer.Exit(1) from exc
    if cursor:
        sys.stdout.write('{"continue": true}\n')


def register(app: typer.Typer) -> None:
    """Add ``cordon hook prompt`` to the cordon typer app."""
    hook_app = typer.Typer(help="Commands an MCP client runs as its hooks.", no_args_is_help=True)
    hook_app.command("prompt")(hook_prompt)
    app.add_typer(hook_app, name="hook")


# -- installing ------------------------------------------------------------------------------


def claude_settings_path() -> Path:
    """``~/.claude/settings.json``: Claude Code's user settings, where its hooks live."""
    return Path.home() / ".claude" / "settings.json"


@dataclass(frozen=True, kw_only=True, slots=True)
class HookPlan:
    """What ``cordon init`` (or ``--undo``) does to the client's hook settings.

    ``old``/``new``: the file's bytes before and after (None: the file is absent, or is to
    be removed); ``messages``: one line each.
    """

    path: Path
    old: bytes | None
    new: bytes | None
    messages: tuple[str, ...] = ()

    @property
    def changed(self) -> bool:
        return self.old != self.new

    def diff(self) -> str:
        import difflib

        old = (self.old or b"").decode("utf-8", "replace").splitlines(keepends=True)
        new = (self.new or b"").decode("utf-8", "replace").splitlines(keepends=True)
        name = str(self.path)
        return "".join(difflib.unified_diff(old, new, fromfile=name, tofile=f"{name} (new)"))


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


def _read(path: Path) -> tuple[bytes | None, dict[str, Any]]:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, {}
    except OSError as exc:
        raise ClientConfigError(f"{path}: cannot read: {exc}") from exc
    data, _ = _parse(raw, path)
    return raw, data


def _groups(data: dict[str, Any], path: Path) -> list[Any] | None:
    hooks = data.get("hooks")
    if hooks is None:
        return None
    if not isinstance(hooks, dict):
        raise ClientConfigError(f"{path}: hooks is not an object")
    groups = hooks.get(_EVENT)
    if groups is not None and not isinstance(groups, list):
        raise ClientConfigError(f"{path}: hooks.{_EVENT} is not a list")
    return groups


def plan_hook_install(path: Path, cordon_command: str) -> HookPlan:
    """Plan adding ``cordon hook prompt`` to ``hooks.UserPromptSubmit`` of Claude Code's
    settings ``path`` (created when absent); unchanged when a cordon prompt hook is there.

    Raises:
        ClientConfigError: the file cannot be read or is not the settings shape.
    """
    old, data = _read(path)
    groups = _groups(data, path) or []
    if any(_is_ours(h) for g in groups if isinstance(g, dict) for h in g.get("hooks") or []):
        return HookPlan(path=path, old=old, new=old, messages=("prompt hook: already there",))
    new_data = copy.deepcopy(data)
    entry = {"hooks": [{"type": "command", "command": hook_command(cordon_command)}]}
    new_data.setdefault("hooks", {}).setdefault(_EVENT, []).append(entry)
    # a new file is written as Claude Code writes its own: two-space indent, final newline
    new = _format_like(old if old is not None else b'{\n  "": 0\n}\n', new_data)
    return HookPlan(
        path=path,
        old=old,
        new=new,
        messages=(
            f"prompt hook: {_EVENT} runs `{hook_command(cordon_command)}`: each prompt you "
            "type is handed to this client's cordon processes as your request (trusted for "
            "that conversation)",
        ),
    )


def plan_hook_undo(path: Path) -> HookPlan:
    """Plan taking cordon's prompt hook out of ``path``: the exact bytes of a backup whose
    content matches, no file when cordon created it, else the file rewritten in its style.

    Raises:
        ClientConfigError: as :func:`plan_hook_install`.
    """
    old, data = _read(path)
    groups = _groups(data, path)
    if old is None or not groups:
        return HookPlan(path=path, old=old, new=old)
    kept = []
    for g in groups:
        if isinstance(g, dict) and isinstance(g.get("hooks"), list):
            left = [h for h in g["hooks"] if not _is_ours(h)]
            if not left and g["hooks"]:
                continue
            g = {**g, "hooks": left}
        kept.append(g)
    if kept == groups:
        return HookPlan(path=path, old=old, new=old)
    new_data = copy.deepcopy(data)
    if kept:
        new_data["hooks"][_EVENT] = kept
    else:
        del new_data["hooks"][_EVENT]
        if not new_data["hooks"]:
            del new_data["hooks"]
    for backup in find_backups(path):
        try:
            braw = backup.read_bytes()
        except OSError:
            continue
        if not braw.strip():
            if not new_data:  # cordon created the file: it goes
                return HookPlan(path=path, old=old, new=None, messages=("prompt hook: removed",))
            continue
        try:
            bdata, _ = _parse(braw, backup)
        except ClientConfigError:
            continue
        if bdata == new_data:
            msg = f"prompt hook: removed; restored the exact bytes of {backup}"
            return HookPlan(path=path, old=old, new=braw, messages=(msg,))
    new = _format_like(old, new_data)
    return HookPlan(path=path, old=old, new=new, messages=("prompt hook: removed",))


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
