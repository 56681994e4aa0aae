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

__all__ = ["option_word"]

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
