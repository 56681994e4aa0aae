"""The user's request, handed from the client's prompt hook to its cordon processes.

MCP clients do not send the user's prompt to servers, but some run a command on each prompt
(Claude Code's ``UserPromptSubmit`` hook, Cursor's ``beforeSubmitPrompt``). ``cordon hook
prompt`` is that command: it appends the prompt to the client's prompt file, and every
``cordon run`` process of the client reads it before each decision, as the trusted text of
the conversation (``Session.add_trusted``).

* One file per client process, ``~/.cordon/prompts/client-<PID>-<START>.jsonl``, named like
  the shared taint file (:mod:`cordon.store.shared_taint`): ``<PID>`` is the client (the
  parent of ``cordon run``), ``<START>`` its start time, so a later process that reuses the
  PID never reads it. Directory 0700, file 0600; a file of another owner, or readable or
  writable by others, is not read (fail closed: nothing in it is trusted).
* Each line is one JSON object written in one ``write`` under ``flock`` on an ``O_APPEND``
  descriptor: ``{"conversation": ID, "prompt": TEXT}``, or ``{"conversation": ID, "end":
  true}`` when the client ends that conversation.
* A prompt is trusted for its conversation only (Claude Code's session id, Cursor's
  conversation id): a prompt of another conversation replaces every earlier one
  (``/clear``, ``/resume``, a new chat), an end record drops them, and the file is deleted
  once the client process is gone. A reader reads only what was appended since its last
  read; a line that is not such an object is skipped (it grants nothing).
* The hook finds the client by walking up from its own parent past shells (``sh -c`` runs
  it) to the first other process: the client. It never looks further up, so a client
  started by another agent's shell does not hand its prompts to that agent's cordon
  processes. A client that runs its hooks from another process than the one that starts its
  servers hands its prompts to a file no ``cordon run`` reads: nothing is trusted, as
  without the hook.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from cordon.store.shared_taint import _alive, _start_time

__all__ = ["PromptStore", "RequestUpdate", "find_client", "hand_in", "prompt_dir"]

#: process names that run a hook command on the client's behalf (``sh -c CMD``), walked past
#: when the hook looks for its client
SHELLS = frozenset({"sh", "bash", "dash", "zsh", "ksh", "mksh", "fish", "ash", "busybox", "env"})
#: a longer line is not read (it grants nothing); a prompt is text a person typed or pasted
MAX_LINE = 4 << 20
_MAX_WALK = 8


def prompt_dir() -> Path:
    """``~/.cordon/prompts``: where the per-client prompt files live."""
    return Path.home() / ".cordon" / "prompts"


def _ensure_dir(base: Path) -> None:
    """Create ``base`` and every missing parent with mode 0700."""
    for d in [*(p for p in reversed(base.parents) if not p.exists()), base]:
        d.mkdir(mode=0o700, exist_ok=True)
    with contextlib.suppress(OSError):
        os.chmod(base, 0o700)


def _file_for(base: Path, pid: int, start: str) -> Path:
    return base / f"client-{pid}-{start}.jsonl"


def _parent_and_name(pid: int) -> tuple[int, str] | None:
    """``(parent pid, command name)`` of ``pid`` from ``/proc``, or None."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    name = raw[raw.find("(") + 1 : raw.rfind(")")]
    fields = raw.rpartition(")")[2].split()
    if len(fields) < 2 or not fields[1].isdigit():
        return None
    return int(fields[1]), name


def find_client(start_pid: int | None = None) -> int | None:
    """The client process a hook command runs for: ``start_pid`` (default: this process's
    parent) or, while that is a shell (:data:`SHELLS`), its parent, at most a few steps up.
    None when ``/proc`` cannot tell (the hook then trusts nothing)."""
    pid = os.getppid() if start_pid is None else start_pid
    for _ in range(_MAX_WALK):
        info = _parent_and_name(pid)
        if info is None:
            return None
        parent, name = info
        if name not in SHELLS:
            return pid
        if parent <= 1:
            return None
        pid = parent
    return None


def _open_private(path: Path, flags: int) -> int:
    """Open ``path`` (created 0600), refusing a file of another owner or one others can read
    or write (the text in it would not be the hook's alone).

    Raises:
        OSError: it cannot be opened, or it is not private.
    """
    fd = os.open(path, flags | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid():
            raise PermissionError(f"{path}: not a regular file of this user")
        if st.st_mode & 0o077:
            raise PermissionError(f"{path}: readable or writable by others (want 0600)")
    except BaseException:
        os.close(fd)
        raise
    return fd


def hand_in(
    conversation: str,
    prompt: str | None,
    *,
    client: int,
    base_dir: Path | None = None,
) -> Path:
    """Append one prompt (``prompt``) or the end of ``conversation`` (``prompt`` None) to the
    prompt file of the client process ``client``. Returns the file.

    Raises:
        OSError: the directory or file cannot be created, is not private, or the write failed.
    """
    base = base_dir if base_dir is not None else prompt_dir()
    _ensure_dir(base)
    path = _file_for(base, client, _start_time(client))
    record: dict[str, object] = {"conversation": conversation}
    if prompt is None:
        record["end"] = True
    else:
        record["prompt"] = prompt
    line = json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
    fd = _open_private(path, os.O_WRONLY | os.O_APPEND)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        data = line.encode("utf-8", "surrogatepass")
        if os.write(fd, data) != len(data):
            raise OSError(f"{path}: short write")
    finally:
        os.close(fd)
    return path


@dataclass(slots=True)
class RequestUpdate:
    """What changed in the conversation's trusted text since the last read: ``reset`` (the
    earlier texts no longer count: another conversation, or it ended), then ``texts`` added."""

    reset: bool = False
    texts: list[str] = field(default_factory=list)


class PromptStore:
    """The reading side, one per ``cordon run`` process: the prompt file of its client.

    Args:
        path: the client's prompt file; created (0600) if missing, so the hook finds it.

    Raises:
        OSError: the file cannot be opened, or it is not private (:func:`_open_private`).
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd = _open_private(path, os.O_RDONLY)
        self._offset = 0
        self._partial = b""
        self.conversation: str | None = None
        #: why the file stopped being read (it then trusts nothing), else None
        self.failure: str | None = None

    @classmethod
    def for_client(cls, base_dir: Path | None = None) -> PromptStore:
        """The prompt file of the client that started this process (its parent); files of
        clients that are gone are removed.

        Raises:
            OSError: as :class:`PromptStore`.
        """
        base = base_dir if base_dir is not None else prompt_dir()
        _ensure_dir(base)
        ppid = os.getppid()
        path = _file_for(base, ppid, _start_time(ppid))
        _prune(base, keep=path.name)
        return cls(path)

    def poll(self) -> RequestUpdate | None:
        """The change since the last call, or None when nothing was appended. A read that
        fails stops trust: the update resets to no text, and every later poll returns None."""
        if self.failure is not None:
            return None
        try:
            size = os.fstat(self._fd).st_size
            if size <= self._offset:
                return None
            data = os.pread(self._fd, size - self._offset, self._offset)
        except OSError as exc:
            self.failure = f"reading {self.path} failed: {exc}"
            self.conversation = None
            return RequestUpdate(reset=True)
        self._offset += len(data)
        data = self._partial + data
        lines = data.split(b"\n")
        self._partial = lines.pop()
        if len(self._partial) > MAX_LINE:
            self._partial = b""  # an endless line is dropped; its end is skipped as malformed
        return self._apply(lines)

    def _apply(self, lines: list[bytes]) -> RequestUpdate | None:
        update = RequestUpdate()
        for raw in lines:
            if not raw or len(raw) > MAX_LINE:
                continue
            try:
                rec = json.loads(raw)
            except ValueError:
                continue
            conv = rec.get("conversation") if isinstance(rec, dict) else None
            if not isinstance(conv, str):
                continue
            if rec.get("end") is True:
                if conv == self.conversation:
                    self.conversation = None
                    update = RequestUpdate(reset=True)
                continue
            prompt = rec.get("prompt")
            if not isinstance(prompt, str):
                continue
            if conv != self.conversation:
                self.conversation = conv
                update = RequestUpdate(reset=True)
            update.texts.append(prompt)
        return update if update.reset or update.texts else None

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self._fd)
        self._fd = -1


def _prune(base: Path, *, keep: str) -> None:
    """Delete ``client-<pid>-<start>.jsonl`` files whose client process is gone."""
    try:
        entries = list(base.glob("client-*.jsonl"))
    except OSError:
        return
    for entry in entries:
        if entry.name == keep:
            continue
        parts = entry.name[len("client-") : -len(".jsonl")].split("-")
        if len(parts) != 2 or not parts[0].isdigit():
            continue
        if not _alive(int(parts[0]), parts[1]):
            with contextlib.suppress(OSError):
                entry.unlink()
