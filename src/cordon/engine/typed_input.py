"""Commands typed into another terminal: ``tmux send-keys`` and ``screen -X stuff``.

:func:`typed_text` gives the text a command types into a terminal multiplexer's pane or
window, keys spelled as the characters they send (``Enter`` and ``C-m`` a line break).
:mod:`.shell` parses it like ``sh -c``: the shell in that pane runs it. Pure: no I/O.

Attack class: a command run by typing it into another shell (``tmux send-keys -t 0 'rm -rf
~/x' Enter``); the command itself only sends keys, so no rule read the command it types.
Not read: ``expect`` scripts, writes to a pty or ``/proc/PID/fd/0``, ``TIOCSTI``.
"""

from __future__ import annotations

__all__ = ["typed_text"]

#: tmux key names and the characters they send (tmux(1), KEY BINDINGS)
_KEYS = {"enter": "\n", "c-m": "\n", "c-j": "\n", "kpenter": "\n", "space": " ", "tab": "\t"}
#: tmux options that take the next word as their value: the server's, then send-keys'
_TMUX_VALUE = frozenset({"-L", "-S", "-f", "-T", "-c"})
_SEND_VALUE = frozenset({"-N", "-t"})


def typed_text(prog: str, args: tuple[str, ...]) -> str | None:
    """The text ``prog args`` types into a terminal (tmux ``send-keys``/``send``, screen
    ``-X stuff``), or None."""
    if prog == "tmux":
        i = 0
        while i < len(args) and args[i].startswith("-"):
            i += 2 if args[i] in _TMUX_VALUE else 1
        if args[i : i + 1] not in (("send-keys",), ("send",)):
            return None
        rest, literal = args[i + 1 :], False
        keys: list[str] = []
        k = 0
        while k < len(rest):
            a = rest[k]
            if a.startswith("-") and not keys and a != "-":
                literal = literal or "l" in a
                k += 2 if a in _SEND_VALUE else 1
                continue
            keys.append(a if literal else _KEYS.get(a.lower(), a))
            k += 1
        return "".join(keys) or None
    if prog == "screen" and "-X" in args:
        cmd = args[args.index("-X") + 1 :]
        if cmd[:1] == ("stuff",) and len(cmd) > 1:
            return cmd[1].replace("^M", "\n").replace("\\n", "\n").replace("\\r", "\n")
    return None
