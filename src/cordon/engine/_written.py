"""Files a shell command string writes and then runs, for the parser (:mod:`.shell`).

Attack class: ``printf 'cordon approve X' > f && sh f``, ``cat > x.py <<'EOF' ... EOF
python3 x.py``, ``echo LINE > f; chmod +x f; ./f``: the commands are in a file the same
string writes, which no rule that reads parsed commands saw. A file's text is known when a
redirect of ``echo``/``printf`` with literal words or of ``cat`` with a here-document wrote
it; it is then read as the commands (a shell, ``source``, a file run by its path) or the
program text (an interpreter) it is. A file written another way (``cp``, ``curl -o``,
``sed -i``, ``printf`` with a format) and then run is asked about. A script an earlier
call wrote is not seen here (docs/threat-model.md).
"""

from __future__ import annotations

import posixpath
import re
from typing import Any, Protocol

from cordon.engine import _echo_printf, _heredoc
from cordon.engine import shell_commands as _sc
from cordon.engine.credential_paths import is_credential_path
from cordon.engine.shell_commands import SHELLS
from cordon.engine.shell_downloads import FETCHED, FETCHERS

__all__ = [
    "FETCHED",
    "block_write",
    "child_fds",
    "command_stdin",
    "copy_text",
    "data_file",
    "file_text",
    "here_text",
    "heredoc_text",
    "piped_text",
    "run_written",
    "stdin_text",
    "write_text",
]

#: redirect operators that write their target
_OUT = frozenset({">", ">>", ">|", "&>", "&>>", "<>"})


class _Walker(Protocol):
    facts: Any
    opened: dict[int, tuple[str | None, bool]]
    wrote: list[tuple[str | None, bool]] | None
    piped_in: tuple[str | None, bool] | None
    last: tuple[str, tuple[str, ...]] | None
    stdin: str | None

    def block_output(self, node: Any) -> tuple[str | None, bool]: ...
    def key(self, path: str) -> str: ...
    def expand(self, node: Any) -> list[str]: ...
    def opaque(self, why: str) -> None: ...
    def nested(self, text: str) -> None: ...
    def file(self, path: str, program: str, op: str) -> None: ...
    def opened_name(self, path: str) -> tuple[str | None, bool] | None: ...


def write_text(
    w: _Walker,
    program: str,
    args: tuple[str, ...],
    redirects: list[Any],
    prior: dict[str, str | None],
) -> None:
    """What a redirect of ``echo``/``printf`` with literal words, or of ``cat <<'EOF'``,
    writes into its targets (``ShellFacts.written``; a target another way written holds
    ``None``, set when the write is recorded; ``prior``: what they held before)."""
    both = _echo_printf.readings(program, args)
    text = None if both is None else both[0]
    apart = both is not None and len(both) > 1  # (bash and dash decode it differently)
    if (
        text is not None
        and program == "echo"
        and not re.fullmatch(r"-[eE]*n[neE]*", "".join(args[:1]))
    ):
        text += "\n"  # (echo ends its line unless -n)
    for r in redirects if program == "cat" and not args else ():
        doc = getattr(r, "heredoc", None)
        quoted = getattr(r.output, "word", "").startswith(_heredoc.QUOTED)
        if doc is not None and (quoted or not set("$`\\") & set(doc.value)):
            text = doc.value.rsplit("\n", 1)[0] + "\n" if "\n" in doc.value else ""
    for r in redirects:
        if r.type not in _OUT or text is None:
            continue
        for path in w.expand(r.output) if hasattr(r.output, "kind") else [_sc.DYNAMIC]:
            data = apart and data_file(path)
            if apart and not data:
                # (bash's reading is kept, for the rules that read one file's text; dash's
                # differs: what the file holds is not known here, fail closed)
                w.opaque(f"{program} writes text bash and dash decode differently")
            before = prior.get(w.key(path), "") if r.type in (">>", "&>>") else ""
            w.facts.written[w.key(path)] = None if before is None else before + text
            # (a data file: bash's reading is held; a reader later in the string, sh a.txt,
            # psql < a.txt, judges it and is asked: file_text)
            if data or (r.type in (">>", "&>>") and w.key(path) in w.facts.apart):
                w.facts.apart.add(w.key(path))
            else:
                w.facts.apart.discard(w.key(path))


#: names of plain data files: no shell, interpreter, build tool or client runs them by name,
#: and no rule reads their text (CMakeLists.txt: cmake runs it)
_DATA_SUFFIXES = (".txt", ".text", ".log", ".csv", ".tsv", ".dat")
_RUN_TEXTS = frozenset({"cmakelists.txt"})


def data_file(path: str) -> bool:
    """Whether ``path`` names a plain data file (or ``/dev/null``): text bash and dash write
    otherwise (``printf '\\x41' > a.txt``) is written there unasked; a script, a file with
    no suffix (run by its name once made executable), an auto-run or credential path, a
    file a rule reads (package.json, README.md) is asked about."""
    name = posixpath.basename(path).lower()
    if path == "/dev/null":
        return True
    if _sc.DYNAMIC in path or not name.endswith(_DATA_SUFFIXES) or name in _RUN_TEXTS:
        return False
    return not is_credential_path(path)


def copy_text(w: _Walker, program: str, args: tuple[str, ...]) -> None:
    """A copy, move or link of a file this string wrote holds what it holds
    (``echo LINE > a; ln -s a b; sh b``)."""
    plain = [a for a in args if not a.startswith("-")]
    if program not in ("cp", "mv", "ln", "link", "install") or len(plain) != 2:
        return
    source, dest = plain
    if w.key(source) in w.facts.written:
        if dest.endswith("/"):
            dest += source.rsplit("/", 1)[-1]
        w.facts.written[w.key(dest)] = w.facts.written[w.key(source)]
        if w.key(source) in w.facts.apart:
            w.facts.apart.add(w.key(dest))


def piped_text(
    w: _Walker, cmd: tuple[str, tuple[str, ...]] | None, stdin: str | None = None
) -> str | None:
    """What ``cmd`` writes to a pipe when it is known: ``echo``/``printf`` with literal words
    (:func:`.shell_commands.literal_output`), ``cat`` of files this string wrote (``echo
    'DROP TABLE t;' > x.sql; cat x.sql | psql`` runs them as ``psql -f x.sql`` does) and of
    its standard input (``-``, or no file: ``stdin``, its text when known: ``cat < x.sql |
    psql``, ``cat <<EOF | psql``), ``tee``'s standard input. :data:`.shell_commands.DYNAMIC`
    for such a file whose text is not known here, and for what another program makes of
    text known here (``head x.sql``, ``grep . < x.sql``, ``cat -n``: derived, not read
    here); None for anything else (a migration's file, a dump: not read)."""
    if cmd is None:
        return None
    prog, args = cmd
    if prog in ("echo", "printf"):
        return _sc.literal_output(cmd)
    if prog in FETCHERS:  # (a download: run by a shell it is remote_code, as curl | sh)
        return FETCHED
    if prog == "tee":  # (tee FILE: its input, to the pipe too)
        return stdin
    options = [a for a in args if a.startswith("-") and a not in ("-", "--")]
    files = [a for a in args if a not in options and a != "--"]
    if prog == "dd":  # (dd if=FILE: the file it copies out)
        files = [a[3:] for a in files if a.startswith("if=")]
    made = _sub_text(w, files)
    fds = {f: _opened_text(w.opened_name(f)) for f in files}  # (cat /dev/fd/3: exec 3< SRC)
    ours = stdin is not None or made is not None or any(w.key(f) in w.facts.written for f in files)
    ours = ours or any(t is not None for t in fds.values())
    if prog != "cat" or set(options) - _CAT_SAME:
        return _sc.DYNAMIC if ours or _spells_sql(prog, args) else None
    texts: list[str | None] = []
    for f in files or ["-"]:
        if f == "-" and stdin is not None:
            texts.append(stdin)
        elif _sc.DYNAMIC in f and made is not None:  # (cat <(CMD): what CMD writes)
            texts.append(made)
        elif fds.get(f) is not None:
            texts.append(fds[f])
        elif f == "-" or w.key(f) not in w.facts.written:
            # (a file not written here, a migration: its text is not read; beside text known
            # here, cat a.sql x.sql, what they make together is not known here)
            if not ours:
                return None
            texts.append(None)
        else:
            texts.append(file_text(w, f))
    return _sc.DYNAMIC if None in texts else "".join(t or "" for t in texts)


#: a statement's first words (``DROP TABLE``, ``delete from``) in a program's words
_STATEMENT_RE = re.compile(
    r"(?i)(?:^|[^\w-])(?:drop|delete|truncate|update|insert|replace|alter|create|grant|"
    r"revoke|attach|copy|pragma|vacuum|merge|rename)\s+[\w\"`\[]"
)


def _spells_sql(prog: str, args: tuple[str, ...]) -> bool:
    """Whether what ``prog`` writes may be SQL its words spell: a shell line or ``eval``
    (``sh -c "echo 'DROP TABLE t;'"``, whose output no rule reads here), or a program whose
    words hold a statement (``yes 'DROP TABLE t;' | head -1``, ``date +'DROP ...'``).

    Attack class: a program that prints its words was taken to write text not read here, as
    a dump does, and the DROP piped on from it into a client ran unasked."""
    if prog in SHELLS or prog in ("eval", "source", "."):
        return True
    return any(_STATEMENT_RE.search(a) for a in args)


def _opened_text(opened: tuple[str | None, bool] | None) -> str | None:
    """The text of a descriptor ``exec`` opened (:attr:`.shell._Walker.opened`) as a reader
    passes it on: :data:`.shell_commands.DYNAMIC` where a decoder wrote it; None where it
    is not known here (a file not written here, a migration: not read)."""
    if opened is None or opened[0] is None:
        return None
    return _sc.DYNAMIC if opened[1] else opened[0]


def _sub_text(w: _Walker, files: list[str]) -> str | None:
    """What the one process substitution among a command's words writes, when it is the
    one file computed at run time in ``files`` (``cat <(echo SQL) | psql``, read as ``echo
    SQL | cat | psql`` is): its text, :data:`.shell_commands.DYNAMIC` when a decoder writes
    it, it is not known here or not told apart from another; None when there is none or
    what it writes is not read (``cat <(pg_dump app)``)."""
    subs: list[tuple[str | None, bool]] = getattr(w, "subs", None) or []
    computed = [f for f in files if _sc.DYNAMIC in f]
    if not subs or not computed:
        return None
    if len(subs) != 1 or computed != [_sc.DYNAMIC]:
        return _sc.DYNAMIC
    text, decoded = subs[0]
    return _sc.DYNAMIC if decoded else text


#: cat's options that write its files' text as it is (-u: unbuffered; -s: blank lines
#: squeezed, which no statement reads otherwise)
_CAT_SAME = frozenset({"-u", "-s", "--squeeze-blank"})


def here_text(w: _Walker, r: Any) -> str | None:
    """What a here-document or here-string gives its reader, on any descriptor (``3<<EOF``,
    ``3<<< W``, as on the standard input): :data:`.shell_commands.DYNAMIC` where bash
    expands in it; None for any other redirect."""
    if getattr(r, "heredoc", None) is not None:
        return heredoc_text(r)
    if r.type != "<<<" or not hasattr(r.output, "kind"):
        return None
    if any(p.kind in _SUBS for p in getattr(r.output, "parts", None) or ()):
        return _sc.DYNAMIC  # (<<< "$(cmd)": known at run time; not walked twice)
    return " ".join(w.expand(r.output)) + "\n"


_SUBS = ("commandsubstitution", "processsubstitution")


def heredoc_text(r: Any) -> str:
    """A here-document's body as its reader reads it (``N<<EOF`` on any descriptor):
    :data:`.shell_commands.DYNAMIC` where bash expands in it."""
    doc = r.heredoc
    quoted = getattr(r.output, "word", "").startswith(_heredoc.QUOTED)
    body = doc.value.rsplit("\n", 1)[0] + "\n" if "\n" in doc.value else ""
    if not quoted and set("$`") & set(body):
        return _sc.DYNAMIC  # (bash expands $x and `cmd` in it first)
    return body if quoted else body.replace("\\\n", "").replace("\\\\", "\\")


def stdin_text(w: _Walker, redirects: list[Any]) -> str | None:
    """What a redirect gives a command on its standard input: a here-document's body
    (:data:`.shell_commands.DYNAMIC` where bash expands in it), a here-string's word, a file
    this string wrote (``DYNAMIC`` when written in a way not known); None when nothing does,
    or it is a file not written here."""
    text = None
    for r in redirects:
        if getattr(r, "input", None) not in (None, 0):
            continue  # (3< f: another descriptor)
        if getattr(r, "heredoc", None) is not None:
            text = heredoc_text(r)
        elif r.type == "<&":  # (<&3: what exec 3< SRC opened; <&$fd: not known here)
            fd = r.output
            text = _sc.DYNAMIC if hasattr(fd, "kind") else _opened_text(w.opened.get(fd))
        elif r.type in ("<<<", "<") and any(
            p.kind in ("commandsubstitution", "processsubstitution")
            for p in getattr(r.output, "parts", None) or ()
        ):
            text = _sc.DYNAMIC  # (< <(cmd): known at run time; not walked twice)
        elif r.type in ("<<<", "<") and hasattr(r.output, "kind"):
            words = w.expand(r.output)
            if r.type == "<<<":
                text = " ".join(words) + "\n"
            elif len(words) == 1 and w.opened_name(words[0]) is not None:  # (< /dev/fd/3)
                text = _opened_text(w.opened_name(words[0]))
            elif len(words) == 1 and w.key(words[0]) in w.facts.written:
                text = file_text(w, words[0])
                text = _sc.DYNAMIC if text is None else text
            else:
                text = None
    return text


def command_stdin(w: _Walker, redirects: list[Any]) -> str | None:
    """What a command reads on its standard input, when known here: its own redirect's text
    (:func:`stdin_text`), else what a block's redirect or ``exec`` opened there (``{ cat |
    psql; } < <(CMD)``: cat passes on CMD's output); the first command of a pipeline only
    (:meth:`.shell._Walker.pipeline` takes descriptor 0 from the others)."""
    if any(getattr(r, "input", None) in (None, 0) and "<" in r.type for r in redirects):
        return stdin_text(w, redirects)
    return _opened_text(w.opened.get(0))


#: redirect operators that send a command's standard output to a file
_STDOUT_TO_FILE = frozenset({">", ">>", ">|", "&>", "&>>"})


def block_write(w: _Walker, program: str, redirects: list[Any]) -> None:
    """In a compound command piped on (:meth:`.shell._Walker.block_output`): what the last
    command writes to its standard output, unless it is sent to a file."""
    if w.wrote is None or w.last is None:
        return
    if any(r.type in _STDOUT_TO_FILE and getattr(r, "input", None) in (None, 1) for r in redirects):
        return
    from cordon.engine.shell_functions import named  # (loaded with the walker)

    if (body := named(w, program)) is not None:  # (g() { f; }; g | psql: f's body writes)
        w.block_output(body)  # (its writes join this block's: block_output extends w.wrote)
        return
    w.wrote.append((piped_text(w, w.last, w.stdin), program in _sc.DECODERS))


#: programs whose command line (:func:`.shell_wrappers.command_lines`) reads their standard
#: input: ``script`` through its terminal, the others by inheriting it (their pages); not
#: the terminal multiplexers and emulators, queues or ``systemd-run`` (a new terminal or none)
_LINE_STDIN = frozenset(
    {"script", "su", "runuser", "sg", "flock", "setpriv", "chroot", "nsenter", "unshare",
     "prlimit", "firejail", "bwrap", "xvfb-run", "nix-shell", "dbus-run-session",
     "dbus-launch", "ssh-agent", "run0", "capsh"}
)  # fmt: skip


def child_fds(w: _Walker, program: str, redirects: list[Any]) -> dict[int, Any] | None:
    """The descriptors the string a shell runs (``bash -c LINE``, ``eval LINE``) reads, as
    :attr:`.shell._Walker.opened`: the command's, and on 0 its own standard input (its
    redirect's, a pipe's, else what a block or ``exec`` opened there); None for other
    programs.

    Attack class: ``echo 'DROP TABLE t;' | bash -c 'psql'`` and ``{ sh -c psql; } <
    <(CMD)`` ran the text unread: LINE's commands were walked with no input. So did a line
    another program runs with its own standard input (:data:`_LINE_STDIN`: ``| script -qc
    'sqlite3 app.db' /dev/null``, ``| su postgres -c psql``, ``| flock f -c psql``)."""
    if program not in SHELLS and program != "eval" and program not in _LINE_STDIN:
        return None
    fds = {fd: v for fd, v in w.opened.items() if fd != 0}
    own = any(getattr(r, "input", None) in (None, 0) and "<" in r.type for r in redirects)
    fd0 = (stdin_text(w, redirects), False) if own else w.piped_in or w.opened.get(0)
    if fd0 is not None:
        fds[0] = fd0
    return fds


def file_text(w: _Walker, path: str) -> str | None:
    """What this string wrote into ``path`` (:attr:`.shell_facts.ShellFacts.written`), for
    a command that reads it; where bash and dash write it otherwise (``apart``), bash's
    reading, and the read is asked about: what the file holds is not known here."""
    if w.key(path) in w.facts.apart:
        w.opaque(f"{path} holds text bash and dash write otherwise")
    return w.facts.written.get(w.key(path))  # type: ignore[no-any-return]


def run_written(w: _Walker, program: str, args: tuple[str, ...], argv0: str) -> None:
    """A file this string writes, run as a script (``sh f``, ``source f``, ``./f``,
    ``python3 f.py``): its literal text read as the commands or code it is; asked about
    when what it holds is not known here."""
    written = w.facts.written
    plain = [a for a in args if not a.startswith("-")]
    runs_file = program in SHELLS or program in ("source", ".") or _sc.interpreter(program)
    if "/" in argv0 and w.key(argv0) in written:
        path = argv0
    elif runs_file and plain and w.key(plain[0]) in written:
        path = plain[0]
    else:
        return
    text = file_text(w, path)
    if text is None:
        w.opaque(f"{program} runs {path}, which this command writes")
        return
    w.facts.stdin_code.append((program, text))
    if _sc.interpreter(program) is None:
        w.nested(text)
    else:
        _sc.code_files(w, program, text)  # type: ignore[arg-type]
