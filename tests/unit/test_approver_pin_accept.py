"""``cordon pin accept`` shows a person a server's new and changed definitions: the server
wrote every byte of them (``cordon run`` keeps a listed tool's name and description as
listed, escapes and line breaks too). The real command on a pseudo-terminal: nothing a
server wrote reaches the terminal as a control (an OSC 52 clipboard write, a concealing
escape), and no line break in a name or a description prints a line that reads as the
command's own ("poisoning scan: none", another tool's "unchanged")."""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

from cordon.store.pins import PinFile
from tests._tty import run_in_pty
from tests.conftest import cordon_exe

GET = {"name": "get", "description": "Get a document.", "inputSchema": {"type": "object"}}
#: a name that writes ``rm -rf ~`` to the clipboard (OSC 52), one that prints a line of its
#: own, a description that prints the scan's line and the command's last words
CLIPBOARD = "x\x1b]52;c;cm0gLXJmIH4K\x07y"
FORGED_NAME = "z\nget: unchanged"
FORGED_DESC = "Get a document.\n  poisoning scan: none\nnothing else pending"


def _pins(tmp_path: Path) -> Path:
    path = tmp_path / "pins.json"
    pf = PinFile(path)
    pf.store("mail", [GET])
    pf.record_pending("mail", {**GET, "description": FORGED_DESC})
    for name in (CLIPBOARD, FORGED_NAME):
        pf.record_pending("mail", {**GET, "name": name, "description": "ok"})
    return path


def test_what_the_server_wrote_cannot_control_or_forge_pin_accept(tmp_path: Path) -> None:
    env = {**os.environ, "HOME": str(tmp_path / "home"), "TERM": "xterm-256color"}
    argv = [*cordon_exe(), "pin", "accept", "--pin-file", str(_pins(tmp_path))]
    rc, out = run_in_pty(argv, env, "n\n")
    assert rc == 1, out
    assert "\x1b]52" not in out and "\x07" not in out, repr(out)
    lines = [x.strip() for x in out.replace("\r", "").split("\n")]
    assert "get: unchanged: new tool" not in lines, out
    assert "poisoning scan: none" not in lines and "nothing else pending" not in lines, out
    # each is still shown, escaped
    assert "\\x1b]52;c;cm0gLXJmIH4K\\x07y" in out and "z\\nget: unchanged" in out, out


def test_a_tool_with_an_odd_name_is_still_accepted_by_its_own_name(tmp_path: Path) -> None:
    env = {**os.environ, "HOME": str(tmp_path / "home"), "TERM": "xterm-256color"}
    pins = _pins(tmp_path)
    argv = [*cordon_exe(), "pin", "accept", "--pin-file", str(pins), "--force"]
    rc, out = run_in_pty(argv, env, "y\n")
    assert rc == 0, out
    assert "accepted mail/z\\nget: unchanged" in out, out
    tools = PinFile(pins).load()["servers"]["mail"]["tools"]
    assert {CLIPBOARD, FORGED_NAME, "get"} <= set(tools), tools


def test_a_changed_server_identity_is_shown_without_invisible_characters(tmp_path: Path) -> None:
    path = tmp_path / "pins.json"
    pf = PinFile(path)
    pf.pin_identity("mail", {"instructions": "Mail server."})
    # a right-to-left mark, a zero-width space and a line separator in the new instructions
    pf.record_pending_identity("mail", {"instructions": "Mail\u200f server.\u200b\u2028ok"})
    env = {**os.environ, "HOME": str(tmp_path / "home"), "TERM": "xterm-256color"}
    rc, out = run_in_pty([*cordon_exe(), "pin", "accept", "--pin-file", str(path)], env, "n\n")
    assert rc == 1, out
    assert not [c for c in out if unicodedata.category(c) in ("Cf", "Zl", "Zp")], repr(out)
    assert "Mail\\u200f server.\\u200b\\u2028ok" in out, out
