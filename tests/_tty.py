"""Drive a real ``cordon`` command through a pseudo-terminal, the way a person at a terminal
runs it: ``approve`` and ``pin accept`` refuse to run on pipes."""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import termios
import time

ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07")


def plain(raw: str) -> str:
    """``raw`` without terminal escapes, its whitespace runs (line wraps too) as one space."""
    return " ".join(ANSI.sub("", raw).split())


def run_in_pty(
    argv: list[str],
    env: dict[str, str] | None,
    answer: str | None,
    timeout: float = 30.0,
    prompt: bytes = b"[y/N]",
) -> tuple[int, str]:
    """Run ``argv`` with stdin/stdout/stderr on a pty; type ``answer`` once ``prompt`` shows.

    Returns the exit code and everything written to the terminal (stdout and stderr, in
    order). With an ``answer``, fails when the prompt never showed.
    """
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 220, 0, 0))
    proc = subprocess.Popen(
        argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
    )
    os.close(slave)
    out = b""
    sent = False
    deadline = time.monotonic() + timeout
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out; output so far: {out!r}")
            ready, _, _ = select.select([master], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: every slave descriptor closed, the child is done
                break
            if not chunk:
                break
            out += chunk
            if answer is not None and not sent and prompt in out:
                os.write(master, answer.encode())
                sent = True
        rc = proc.wait(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    if answer is not None:
        assert sent, f"never saw the prompt: {out!r}"
    return rc, out.decode("utf-8", "replace")
