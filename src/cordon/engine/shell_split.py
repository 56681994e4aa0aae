"""One program's words split into operands and options, as getopt reads them.

The option walk every per-program reader of the shell guard shares (:mod:`.shell_commands`,
:mod:`.shell_links`, :mod:`.autorun_writes`): one walk, so a reader that judges a command
and one that reads the links it makes cannot disagree on which word is an operand. Pure.
"""

from __future__ import annotations

__all__ = ["split"]


def split(
    args: tuple[str, ...], takes_value: frozenset[str]
) -> tuple[list[str], list[tuple[str, str]]]:
    """Positional arguments and ``(option, value)`` pairs, for a program whose options in
    ``takes_value`` take a value (``-o F``, ``-oF``, ``--out=F``, ``--out F``).

    ``--`` ends the options; a bundle of short options (``-sSLo F``, ``-d@f``) is read one
    letter at a time, the first that takes a value taking the rest of the word or the next
    word; an option without a value is paired with ``""``."""
    plain: list[str] = []
    opts: list[tuple[str, str]] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            plain.extend(args[i + 1 :])
            break
        if a.startswith("--") and "=" in a:
            k, _, v = a.partition("=")
            opts.append((k, v))
        elif a.startswith("--") or (a.startswith("-") and len(a) == 2):
            if a in takes_value and i + 1 < len(args):
                opts.append((a, args[i + 1]))
                i += 1
            else:
                opts.append((a, ""))
        elif a.startswith("-") and len(a) > 2:
            i = _bundle(a, args, i, takes_value, opts)
        else:
            plain.append(a)
        i += 1
    return plain, opts


def _bundle(
    a: str, args: tuple[str, ...], i: int, takes_value: frozenset[str], opts: list[tuple[str, str]]
) -> int:
    """Read the bundled short options ``a`` (``args[i]``) into ``opts``; the index of the
    last word read (``i + 1`` when the value is the next word)."""
    for j in range(1, len(a)):
        flag = "-" + a[j]
        if flag in takes_value:
            rest = a[j + 1 :]
            if rest:
                opts.append((flag, rest))
            elif i + 1 < len(args):
                opts.append((flag, args[i + 1]))
                i += 1
            break
        opts.append((flag, ""))
    return i
