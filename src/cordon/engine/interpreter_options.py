"""How an interpreter reads one option word of its command line, for
:func:`cordon.engine.shell_commands.interpreter_code`: whether it gives program text
(``-c CODE``, ``-e CODE``, ``-ne CODE``, ``--eval=CODE``), names a module to run
(``python -m``), or is another option, and how many words that option takes.

Attack class: program text hidden behind an option that takes a value. ``perl -MLWP::Simple
-e CODE`` (the ``e`` of ``Simple`` read as ``-e``), ``python3 -W ignore -c CODE``,
``python3 -Werror::ResourceWarning -c CODE``, ``node -r MOD -e CODE``, ``ruby -rnet/http -e
CODE``: the value was taken for program text or for a script's name, and the real program
text was never read (no URL, write or cordon command in it was seen). Pure: no I/O.
"""

from __future__ import annotations

import re

__all__ = ["CODE_OPTS", "deno_code", "interpreter", "option_word", "remote_script"]

#: interpreter family -> its options whose value is program text (pwsh: in lower case;
#: deno's is its ``eval`` subcommand: :func:`deno_code`)
CODE_OPTS: dict[str, frozenset[str]] = {
    "python": frozenset({"-c"}),
    "perl": frozenset({"-e", "-E"}),
    "ruby": frozenset({"-e"}),
    "node": frozenset({"-e", "--eval", "-p", "--print"}),
    "php": frozenset({"-r", "-B", "-R", "-E"}),  # (-B/-R/-E: run before, for, after each line)
    "lua": frozenset({"-e"}),
    "pwsh": frozenset({"-c", "-command", "-e", "-ec", "-enc", "-encodedcommand"}),
    "osascript": frozenset({"-e"}),
    "bun": frozenset({"-e", "--eval", "-p", "--print"}),
    "r": frozenset({"-e"}),
    "julia": frozenset({"-e", "-E", "--eval", "--print"}),
    "deno": frozenset(),
}
_FAMILY_RE = re.compile(
    r"^(?:(python|pypy)[\d.]*|(perl)[\d.]*|(ruby)[\d.]*|(node)(?:js)?|(php)[\d.]*|"
    r"(lua)(?:jit|[\d.]*)|(pwsh|powershell)|(osascript)|(bun)|(deno)|(julia)[\d.]*|"
    r"(rscript|r))$"
)


def interpreter(prog: str) -> str | None:
    """The interpreter family of ``prog`` (``python3.11`` -> ``python``), or None."""
    m = _FAMILY_RE.match(prog)
    if m is None:
        return None
    fam = next(g for g in m.groups() if g)
    return {"pypy": "python", "powershell": "pwsh", "rscript": "r"}.get(fam, fam)


#: family -> (letters whose value is the rest of the word or else the next word,
#: letters whose value is the rest of the word only, letters followed by optional digits)
_LETTERS: dict[str, tuple[str, str, str]] = {
    "python": ("WXQ", "", ""),
    "perl": ("I", "MmFixDVd", "l0C"),
    "ruby": ("IrEC", "xiWKFT", "0"),
    "lua": ("l", "", ""),
}
#: families whose short options bundle (``-ne``, ``-Wd``)
_BUNDLING = frozenset(_LETTERS)
#: family -> options (exact words) that take the next word as their value
_VALUE_WORDS: dict[str, frozenset[str]] = {
    "python": frozenset({"--check-hash-based-pycs"}),
    "ruby": frozenset({"--encoding", "--external-encoding", "--internal-encoding",
                       "--enable", "--disable", "--dump"}),
    "node": frozenset({"-r", "--require", "--import", "--loader", "--experimental-loader",
                       "--input-type", "--title", "-C", "--conditions", "--env-file",
                       "--inspect-port", "--stack-size", "--redirect-warnings",
                       "--report-dir", "--icu-data-dir", "--openssl-config",
                       "--disable-warning", "--watch-path", "--cpu-prof-dir",
                       "--heap-prof-dir", "--diagnostic-dir", "--secure-heap",
                       "--dns-result-order", "--unhandled-rejections", "--experimental-policy",
                       "--policy-integrity", "--trace-event-categories",
                       "--trace-event-file-pattern", "--max-old-space-size"}),
    "php": frozenset({"-d", "-c", "-z", "-t", "-S", "--define", "--php-ini", "--zend-extension",
                      "--docroot", "--server", "--rf", "--rc", "--re", "--rz", "--ri"}),
    "lua": frozenset(),
    "osascript": frozenset({"-l", "-s"}),
    "bun": frozenset({"-r", "--preload", "--cwd", "--env-file", "--tsconfig-override", "-d",
                      "--define", "-l", "--loader", "--conditions", "--main-fields", "-c",
                      "--config", "--port", "--filter", "-F"}),
    "julia": frozenset({"-L", "--load", "-J", "--sysimage", "-t", "--threads", "-p",
                        "--procs", "--machine-file", "-C", "--cpu-target", "-H", "--home"}),
    "r": frozenset({"-f", "--file"}),
    # (deno's options that take the next word; its others take a value only after ``=``)
    "deno": frozenset({"-c", "--config", "-L", "--log-level", "--import-map", "--cert",
                       "--location", "--seed", "--ext", "--preload", "--lock", "-n", "--name",
                       "--root"}),
}  # fmt: skip


def _bundle(
    fam: str, opts: frozenset[str], args: tuple[str, ...], i: int
) -> tuple[str, int, str] | None:
    """A bundle of short options (``-lne CODE``, ``-MLWP::Simple``, ``-Wignore``) read letter
    by letter; None when it holds no program text, module or value word."""
    a = args[i]
    both, rest_only, digits = _LETTERS[fam]
    j = 1
    while j < len(a):
        c = a[j]
        if "-" + c in opts:  # (the rest of the word, else the next word, is the program)
            if j + 1 < len(a):
                return "code", i + 1, a[j + 1 :]
            return "code", i + 2, args[i + 1] if i + 1 < len(args) else ""
        if fam == "python" and c == "m":
            return "module", i + 1, ""
        if c in both:
            return "", i + 1 if j + 1 < len(a) else i + 2, ""
        if c in rest_only:
            return "", i + 1, ""
        j += 1
        if c in digits:
            while j < len(a) and (a[j].isdigit() or (c == "C" and a[j].isalpha())):
                j += 1
    return None


def option_word(
    fam: str, opts: frozenset[str], args: tuple[str, ...], i: int
) -> tuple[str, int, str]:
    """The option word ``args[i]`` of an interpreter of family ``fam`` whose program-text
    options are ``opts`` (PowerShell's in lower case): ``("code", next, text)`` when it gives program text,
    ``("module", next, "")`` when it names a module to run, else ``("", next, "")``; ``next``
    is the index past it and its value."""
    a = args[i]
    # (case counts but for PowerShell: ruby's -E is an encoding, perl's -E program text)
    name, eq, _value = (a.lower() if fam == "pwsh" else a).partition("=")
    if name in opts:
        if eq:
            return "code", i + 1, a.partition("=")[2]
        return "code", i + 2, args[i + 1] if i + 1 < len(args) else ""
    if fam == "python" and a == "-m":
        return "module", i + 1, ""
    if fam in _BUNDLING and not a.startswith("--"):
        got = _bundle(fam, opts, args, i)
        return got if got is not None else ("", i + 1, "")
    if not eq and a in _VALUE_WORDS.get(fam, frozenset()):
        return "", i + 2, ""
    return "", i + 1, ""


_STDIN = frozenset({"-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"})
#: subcommands that run the script (or package) named by their first operand
_RUNS = {
    "deno": frozenset({"run", "serve", "test", "bench", "install", "x", "repl"}),
    "bun": frozenset({"run", "x", "test"}),
}
_REMOTE_RE = re.compile(r"^(?:https?|ftp)://", re.IGNORECASE)
#: a local script or package specifier (``main.ts``, ``./x``, ``npm:cowsay``, ``jsr:@std/x``)
_SCRIPT_LIKE_RE = re.compile(r"[/\\:]|\.[A-Za-z]{1,4}$")


def _operands(fam: str, args: tuple[str, ...]) -> list[str]:
    """The words of ``args`` that are no option nor an option's value (deno and bun)."""
    values = _VALUE_WORDS.get(fam, frozenset())
    out: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            return out + list(args[i + 1 :])
        if a.startswith("-") and a not in _STDIN:
            i += 2 if "=" not in a and a in values else 1
            continue
        out.append(a)
        i += 1
    return out


def deno_code(args: tuple[str, ...]) -> tuple[bool, list[str]]:
    """(reads its program from stdin, program texts) of ``deno ARGS``: ``deno eval CODE``
    (every operand read as program text: its script arguments too, fail closed), ``deno
    repl --eval CODE``; ``deno`` alone and ``deno run -`` read stdin."""
    words = _operands("deno", args)
    if not words:
        return True, []
    codes = [a.partition("=")[2] for a in args if a.startswith("--eval=")]
    codes += [args[i + 1] for i, a in enumerate(args[:-1]) if a == "--eval"]
    if words[0] == "eval":
        return False, [*codes, *words[1:]]
    return (words[0] in _RUNS["deno"] and words[1:2] == ["-"]) or words[0] in _STDIN, codes


def remote_script(fam: str, args: tuple[str, ...]) -> tuple[str, bool] | None:
    """``(url, certain)`` when ``deno``/``bun ARGS`` runs a script fetched from the network
    (``deno run https://h/x.ts``, ``deno https://h/x.ts``, ``deno repl --eval-file=URL``);
    ``certain`` False when a word before the URL is neither a script nor a known option's
    value (an option the guard does not know may have taken it). Attack class: remote
    content run, as ``curl URL | sh``."""
    if fam not in _RUNS:
        return None
    for a in args:
        url = a.partition("=")[2] if a.startswith("--eval-file=") else ""
        if _REMOTE_RE.match(url):
            return url, True
    words = _operands(fam, args)
    if words and words[0] in _RUNS[fam]:
        words = words[1:]
    elif words and not _REMOTE_RE.match(words[0]) and not _SCRIPT_LIKE_RE.search(words[0]):
        return None  # (another subcommand: ``deno fmt``, ``bun add``; bun's package script)
    for n, w in enumerate(words):
        if _REMOTE_RE.match(w):
            return w, n == 0
        if _SCRIPT_LIKE_RE.search(w):
            return None  # (a local script: the words after it are its arguments)
    return None
