"""Interpreter one-liners that run a command line, or evaluate program text, computed at run
time: opaque to the shell guard.

Attack class: obfuscated commands inside interpreter code (CWE-78; fail closed). The guard
reads the command lines a one-liner runs when they are written as literals
(``os.system('rm -rf /')`` is walked as ``sh -c``: :mod:`.shell_links`), and the files and
URLs its library calls name. A line built at run time (``os.system('r' + 'm -rf /')``,
``system(decode_base64(B64))``, ``execSync(Buffer.from(B64, 'base64').toString())``), or
program text evaluated from a computed string (``exec(base64.b64decode(B64))``,
``eval(pack('H*', HEX))``), hides what the one-liner does as ``sh -c "$(echo B64 | base64
-d)"`` does, and is asked about the same way (``action.command_opaque``). A literal argument
is no such call: its text is part of the program text the other readers scan.

Python is read with its own parser (:mod:`ast`): the calls of ``os``, ``subprocess`` and
``pty`` that run a command, under any alias (``import subprocess as s``, ``from os import
system``), the builtins ``exec``, ``eval``, ``compile`` and ``__import__``, and a function
looked up by a computed name (``getattr(os, 'sys' + 'tem')``). Program text Python cannot
parse does not run. Perl, Ruby, PHP, JavaScript, Lua, R and PowerShell are read by call
patterns: their command calls and their string evaluators (``eval`` but a Perl block,
``Function``, ``vm.runIn...``, ``instance_eval``, ``create_function``,
``Invoke-Expression``), and backticks or ``qx`` holding an interpolation.
"""

from __future__ import annotations

import ast
import re
import shlex

from cordon.engine.shell_links import _arguments

__all__ = ["computed_run", "literal_lines"]

#: module -> its functions that run a command line or a program (Python)
_PY_RUNS: dict[str, frozenset[str]] = {
    "os": frozenset(
        {"system", "popen", "execl", "execle", "execlp", "execlpe", "execv", "execve",
         "execvp", "execvpe", "spawnl", "spawnle", "spawnlp", "spawnlpe", "spawnv", "spawnve",
         "spawnvp", "spawnvpe", "posix_spawn", "posix_spawnp", "startfile"}
    ),
    "subprocess": frozenset(
        {"run", "call", "check_call", "check_output", "Popen", "getoutput",
         "getstatusoutput"}
    ),
    "pty": frozenset({"spawn"}),
    "asyncio": frozenset({"create_subprocess_shell", "create_subprocess_exec"}),
    "commands": frozenset({"getoutput", "getstatusoutput"}),
}  # fmt: skip
#: builtins that evaluate a string as program text, or import a module by a computed name
_PY_EVALS = frozenset({"exec", "eval", "compile", "__import__", "execfile"})
#: builtins that look a function up by a name (a computed name hides which one is called)
_PY_LOOKUPS = frozenset({"getattr", "attrgetter", "methodcaller", "import_module"})


def computed_run(family: str, code: str) -> str | None:
    """Why literal program text of the interpreter ``family`` runs a command line or program
    text computed at run time (module docstring), or None."""
    if family == "python":
        return _python(code)
    rx = _OTHERS.get(family)
    if rx is None:
        return None
    heads = list(rx.finditer(code))
    if family == "node" and "child_process" in code:
        heads += _NODE_RUNS.finditer(code)
    callee = _CALLEE.get(family)
    m = callee.search(code) if callee is not None else None
    if m is not None and (family != "node" or "child_process" in code):
        return f"a function called by a name bound at run time ({m.group()[:30]!r})"
    for m in heads:
        head = m.group()
        if head.startswith(("`", "qx", "%x")):
            if "$" in head or "#{" in head:
                return f"a command line built from {head[:40]!r}"
            continue
        if head.rstrip().endswith("{"):  # (perl's eval BLOCK: program text, read as such)
            continue
        args = _call_args(code, m.end(), head)
        if not args or any(not _literal_js(a) for a in args[:1]):
            return f"{head.strip()[:30]} runs text computed at run time"
    return None


#: command calls no other reader walks, whose first argument is a shell line (Lua, R)
_LINE_CALLS: dict[str, re.Pattern[str]] = {
    "lua": re.compile(r"(?<![\w.])(?:os\.execute|io\.popen)\s*\("),
    "r": re.compile(r"(?<![\w.$])(?:system|system2|shell|pipe)\s*\("),
}
#: Python's calls that run a program and its argument list (the shell lines of
#: ``os.system`` and ``subprocess`` are read by :mod:`.shell_links`)
_PY_ARGV = ("os.exec", "os.spawn", "os.posix_spawn", "pty.spawn")


def literal_lines(family: str, code: str) -> list[str]:
    """The command lines literal program text runs through calls no other reader walks:
    Lua's ``os.execute``/``io.popen``, R's ``system``/``system2``/``shell``, Python's
    ``os.exec*``, ``os.spawn*``, ``os.posix_spawn*`` and ``pty.spawn`` (attack class:
    ``lua -e 'os.execute("rm -rf /srv/data")'`` was allowed; the parser reads each as
    ``sh -c``)."""
    if family == "python":
        return _py_lines(code)
    rx = _LINE_CALLS.get(family)
    out: list[str] = []
    for m in rx.finditer(code) if rx is not None else ():
        args = _arguments(code, m.end())
        if args and _literal_js(args[0]):
            out.append(_NAMED.sub("", args[0], count=1).strip()[1:-1])
    return out


def _py_lines(code: str) -> list[str]:
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return []
    aliases = _py_aliases(tree)
    out: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _py_callee(node.func, aliases)
        if name is None or not name.startswith(_PY_ARGV):
            continue
        lists = [a for a in node.args if isinstance(a, ast.List | ast.Tuple)]
        words = lists[0].elts if lists else node.args[1:] or node.args
        argv = [w.value for w in words if isinstance(w, ast.Constant) and isinstance(w.value, str)]
        if argv and len(argv) == len(words):
            out.append(shlex.join(argv))
    return out


def _call_args(code: str, end: int, head: str) -> list[str]:
    """The arguments as written of the call whose head ends at ``end`` (``f(``, or perl's and
    ruby's call without parentheses, read to the statement's end)."""
    if head.endswith("("):
        return _arguments(code, end)
    stop = min((i for i in (code.find(";", end), code.find("\n", end)) if i >= 0), default=-1)
    return _arguments(code[end : len(code) if stop < 0 else stop] + ")", 0)


#: a string literal, or a list of them (``'ls -l'``, ``["ls", "-l"]``), as a call argument
_LITERAL_ARG = re.compile(
    r"""^\s*(?:(?P<q>["'])(?:(?!(?P=q))[^\\$#]|\\.)*(?P=q)"""
    r"""|\[\s*(?:(["'])[^"'\\$#]*\2\s*,?\s*)*\])\s*$""",
    re.DOTALL,
)


def _literal_js(arg: str) -> bool:
    """``arg`` is a plain string literal (no interpolation), or a list of them; R's named
    argument (``text = "..."``) by its value."""
    return _LITERAL_ARG.match(_NAMED.sub("", arg, count=1)) is not None


_NAMED = re.compile(r"^\s*\w+\s*=(?!=)")


_P = r"(?<![\w$>:.-])"
#: call heads of each family that run a command line or evaluate program text
_OTHERS: dict[str, re.Pattern[str]] = {
    "perl": re.compile(
        _P + r"(?:system|exec|eval)\b\s*(?:\(|\{|(?=\S))|`[^`]*`|\bqx\s*[({\[][^)}\]]*[)}\]]"
    ),
    "ruby": re.compile(
        _P + r"(?:system|exec|spawn|eval|instance_eval|class_eval|module_eval|instance_exec)"
        r"\b\s*\(?|\b(?:Open3|IO|Kernel|Process)\.(?:popen\w*|capture\w*|pipeline\w*|spawn"
        r"|system|exec)\s*\(|`[^`]*`|%x\([^)]*\)|\b(?:send|public_send|__send__|method)\s*\("
    ),
    "php": re.compile(
        _P + r"(?:system|exec|shell_exec|passthru|popen|proc_open|eval|assert|"
        r"create_function|pcntl_exec)\s*\(|`[^`]*`"
    ),
    "pwsh": re.compile(
        r"(?i)(?<![\w-])(?:iex|invoke-expression)\b\s*\(?|\[scriptblock\]::create\s*\("
        r"|\.(?:invokescript|newscriptblock)\s*\(|(?<![\w-])add-type\b\s*\(?"
    ),
    "lua": re.compile(_P + r"(?:os\.execute|io\.popen|load|loadstring|dofile)\s*\("),
    "r": re.compile(_P + r"(?:system|system2|shell|pipe|eval|evalq|parse|str2lang)\s*\("),
    "node": re.compile(r"(?<![\w$.])(?:eval|Function|require|import)\s*\(|\bvm\.run\w*\s*\("),
}
#: JavaScript's command calls, read where the code names the module that has them (a
#: regular expression's ``.exec(text)`` is no command)
_NODE_RUNS = re.compile(
    r"(?<![\w$])(?:exec|execSync|execFile|execFileSync|spawn|spawnSync|fork)\s*\("
)
#: a function called through a name computed or bound at run time, which no call pattern
#: reads: PHP's variable functions (``$f('ls')``) and ``call_user_func``; Perl's ``&$f``,
#: ``&{"sys" . "tem"}``, ``$f->()``; JavaScript's command function renamed or looked up
#: (``{execSync: x}``, ``cp[name](...)``, ``x = cp.execSync``)
_CALLEE: dict[str, re.Pattern[str]] = {
    "php": re.compile(r"\$\w+\s*\(|\bcall_user_func(?:_array)?\s*\(|\$\w+\s*\.\s*\w*\s*\("),
    "perl": re.compile(r"(?<![&\w)\]}$@%])&[\${]|\$\w+\s*->\s*\(|\bCORE::GLOBAL::|\\&CORE::"),
    "node": re.compile(
        r"\b(?:exec|execSync|execFile|execFileSync|spawn|spawnSync|fork)\s*:\s*[\w$]"
        r"|=\s*[\w$.()'\"]*\.(?:exec|execSync|execFile|execFileSync|spawn|spawnSync|fork)\b"
        r"(?!\s*\()|\]\s*\("
    ),
}


def _python(code: str) -> str | None:
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return None  # (text Python cannot parse does not run)
    aliases = _py_aliases(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _py_callee(node.func, aliases)
        if name is None:
            continue
        if name in _PY_LOOKUPS:
            args = node.args[1:2] if name == "getattr" else node.args[:1]
            if any(not _py_literal(a) for a in args):
                return f"{name}() looks a function up by a name computed at run time"
            continue
        args = [*node.args[:1], *(k.value for k in node.keywords if k.arg in ("args", "cmd"))]
        if not args or any(not _py_literal(a) for a in args):
            return f"{name}() runs text computed at run time"
    return None


def _py_aliases(tree: ast.AST) -> dict[str, str]:
    """Local names bound to a run module or one of its functions (``import subprocess as s``:
    ``s`` -> ``subprocess``; ``from os import system as x``: ``x`` -> ``os.system``)."""
    out: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name in _PY_RUNS:
                    out[a.asname or a.name] = a.name
        elif isinstance(node, ast.ImportFrom) and node.module in _PY_RUNS:
            for a in node.names:
                out[a.asname or a.name] = f"{node.module}.{a.name}"
        elif isinstance(node, ast.ImportFrom) and node.module in ("operator", "importlib"):
            for a in node.names:
                out[a.asname or a.name] = a.name
    return out


def _py_callee(func: ast.expr, aliases: dict[str, str]) -> str | None:
    """The run, evaluate or look-up function a call names, or None."""
    if isinstance(func, ast.Name):
        target = aliases.get(func.id, func.id)
        if target in _PY_EVALS or target in _PY_LOOKUPS:
            return target
        mod, _, attr = target.partition(".")
        return target if attr in _PY_RUNS.get(mod, ()) else None
    if isinstance(func, ast.Attribute):
        mod = _py_module(func.value, aliases)
        if func.attr in _PY_RUNS.get(mod, ()):
            return f"{mod}.{func.attr}"
        if mod in ("operator", "importlib") and func.attr in _PY_LOOKUPS:
            return func.attr
    return None


def _py_module(base: ast.expr, aliases: dict[str, str]) -> str:
    """The module a method is looked up on: a name (through its alias), an import call's
    constant (``__import__('os').system``), a constant key (``sys.modules['os'].system``)."""
    if isinstance(base, ast.Name):
        return aliases.get(base.id, base.id)
    key = base.args[0] if isinstance(base, ast.Call) and base.args else None
    key = base.slice if isinstance(base, ast.Subscript) else key
    return key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else ""


def _py_literal(node: ast.expr) -> bool:
    """A string or bytes constant, or a list or tuple of them."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str | bytes)
    if isinstance(node, ast.List | ast.Tuple):
        return all(_py_literal(e) for e in node.elts)
    return False
