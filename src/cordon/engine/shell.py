"""Shell command strings parsed, not grepped: what a command given to an exec tool would do.

:func:`analyze` parses a shell string with ``bashlex`` (a port of bash's own grammar), expands
each word the way bash would as far as that can be known without running anything, and
returns :class:`ShellFacts`: every simple command's program and arguments (nested ``$()``,
backticks, ``<()``, ``sh -c``, ``eval``, a heredoc fed to a shell, the substitutions in
an unquoted heredoc and a command line another program runs (``su -c``, ``tmux new 'LINE'``,
``find -exec sh -c``; :mod:`.shell_wrappers`) walked as commands too; wrappers such as
``sudo``, ``env -C DIR``, ``timeout`` removed, and the directory each command runs in
kept), the hosts and URLs of network commands, the
files read and uploaded, and the files deleted or overwritten (by programs, redirects and
interpreter one-liners' file libraries; a write into ``/dev/null`` or a standard stream is
none; a hard link's source, and a path under a symbolic link made earlier in the string
also under its target: :mod:`.shell_links`). Pure: no I/O, nothing is run.

Obfuscations undone before a word is judged:

* full-width and other compatibility letters (``ｒｍ -ｒｆ ／``): NFKC on the whole string;
* quotes and backslashes splitting a word (``r""m``, ``'r'm``, ``\\r\\m``);
* ANSI-C quoting with hex, octal and Unicode escapes (``$'\\x72m'``, ``$'\\162m'``); locale
  quoting (``$"rm"``) as double quotes;
* ``$IFS``, ``${IFS}`` and ``${IFS:0:1}`` used as a space: the word is split there;
* brace expansion (``{rm,-rf,/}``, ``/{etc,var}``): expanded, at most :data:`MAX_BRACE`;
* variables assigned earlier in the same string (``x=rm; $x -rf /``); ``$HOME`` as ``~``.

What cannot be known (a command substitution's output, an unset variable, a loop variable)
is kept as :data:`DYNAMIC` inside the word; the caller treats a computed program name,
delete target or network destination as opaque (fail closed). A string ``bashlex`` cannot
parse (arithmetic ``$(( ))``, ``[[ ]]``, ``case``, ``time``, arrays, unbalanced quotes) is
reported as such (:attr:`ShellFacts.error`), never guessed at.
"""

from __future__ import annotations

import fnmatch
import posixpath
import re
import shlex
import unicodedata
from functools import lru_cache
from typing import Any

from cordon.engine import _echo_printf, _heredoc, _written, cmd_exe, shell_fds, sql_programs
from cordon.engine import shell_commands as _sc
from cordon.engine import shell_functions as _functions
from cordon.engine import shell_links as _links
from cordon.engine import shell_words as _words
from cordon.engine.containers import ContainerRun, host_path
from cordon.engine.exec_bits import tmpdir_args
from cordon.engine.find_exec import piped_lines
from cordon.engine.net_devices import net_device
from cordon.engine.remote_stdin import line_for
from cordon.engine.shell_commands import DYNAMIC, SHELLS, base_name
from cordon.engine.shell_env import COMMAND_ENV, child_env, env_runs, exports, loads_code
from cordon.engine.shell_facts import NetDest, PathRef, ShellFacts
from cordon.engine.shell_words import MAX_BRACE, NAME_RE, SPLIT, expand_braces, expand_word
from cordon.engine.shell_wrappers import command_lines, unwrap

__all__ = ["DYNAMIC", "MAX_BRACE", "NetDest", "PathRef", "ShellFacts", "analyze", "analyze_argv",
           "expand_braces", "expand_word"]  # fmt: skip

_MAX_DEPTH = 4
_MAX_LEN = 200_000


# --------------------------------------------------------------------------------------------
# Walking the parse tree
# --------------------------------------------------------------------------------------------

_SUB_KINDS = ("commandsubstitution", "processsubstitution")
_GLOB_RE = re.compile(r"[*?\[]")
_OUT_REDIRECTS = frozenset({">", ">>", ">|", "&>", "&>>", "<>", ">&"})
_WRITE_OPS = ("delete", "overwrite")
_HARMLESS_TARGETS = frozenset({"/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty", "-"})


class _Walker:
    """Walks one parse tree, filling a :class:`ShellFacts`."""

    def __init__(self, src: str, facts: ShellFacts, depth: int) -> None:
        self.src = src
        self.facts = facts
        self.depth = depth
        self.env: dict[str, str] = {}
        #: names exported (``export``, ``declare -x``; :mod:`.shell_env`), set for one command
        self.exported, self.prefix = set[str](), set[str]()
        self.cwd: str | None = None
        #: the directory before the last ``cd`` (``cd -``); unknown at the start
        self.oldpwd: str | None = DYNAMIC
        #: the last simple command walked (program, args): what a pipe feeds the next one
        self.last: tuple[str, tuple[str, ...]] | None = None
        #: what a redirect gives the last command on its standard input (:func:`._written.
        #: stdin_text`), None when nothing does or it is not known
        self.stdin: str | None = None
        #: spans of quoted here-document bodies: literal text, whatever bashlex finds in it
        self.literal: list[tuple[int, int]] = []
        #: what each process substitution among the words of the command being judged
        #: writes (:meth:`sub_output`), in order: ``psql -f <(CMD)`` reads it as its SQL
        self.subs: list[tuple[str | None, bool]] = []
        #: the last pipeline walked, what it writes and whether a decoder writes it
        self.out: tuple[Any, str | None, bool] | None = None
        #: descriptors ``exec N< SRC`` opened for reading: what a later command reads there
        #: (as :meth:`fed` takes it); ``execs``: the command being walked is ``exec`` alone
        self.opened: dict[int, tuple[str | None, bool]] = {}
        self.execs = False
        #: what a pipe gives the pipeline's command being walked (not the first's), and the
        #: descriptors a shell string the command runs reads (:func:`._written.child_fds`)
        self.piped_in: tuple[str | None, bool] | None = None
        self.child: dict[int, tuple[str | None, bool]] | None = None
        #: what each command of a compound command piped on writes (:meth:`block_output`)
        self.wrote: list[tuple[str | None, bool]] | None = None
        #: descriptors ``exec N<>/dev/tcp/...`` connected to a network peer
        self.net_fds: set[int] = set()

    # -- nodes --------------------------------------------------------------------------
    def node(self, node: Any) -> None:
        kind = node.kind
        if kind == "command":
            line = self.simple(node)
            if line:
                self.facts.canonical.append(line)
        elif kind == "pipeline":
            self.pipeline(node)
        elif kind == "for":
            words = [p for p in node.parts if p.kind == "word"]
            if words:  # the loop variable holds each listed word: not one known value
                self.env[words[0].word] = DYNAMIC
            for p in node.parts:
                if p.kind != "word" or p is not words[0]:
                    self.node(p)
        elif kind == "word":
            self.subs_in(node)
        elif kind in _SUB_KINDS:
            self.node(node.command)
        elif kind == "redirect":
            self.redirect(node, "")
        elif kind == "compound" and getattr(node, "redirects", None):
            self.compound(node)
        else:
            # (a compound's redirects too: ``{ echo x; } > F``, ``while ...; done > F``)
            for attr in ("parts", "list", "redirects"):
                for child in getattr(node, attr, None) or ():
                    self.node(child)
            cmd = getattr(node, "command", None)
            if cmd is not None and hasattr(cmd, "kind"):
                self.node(cmd)

    def compound(self, node: Any) -> None:
        """A compound command with redirects (``{ ...; } < SRC``, ``( ... ) < SRC``, ``while
        ...; done < SRC``, ``if ...; fi <<< W``, a function's body): bash opens them before
        it runs the body, whose commands read what an input redirect opens as they read what
        ``exec N< SRC`` opened (:meth:`read_opened`: ``SRC | cmd``), until the block ends.

        Attack class: ``{ psql; } < <(echo 'DROP TABLE t;')`` was walked body first, its
        redirect after: what CMD wrote ran unread, where ``psql < <(CMD)`` is read."""
        saved: dict[int, tuple[str | None, bool] | None] = {}
        for r in node.redirects:
            fd = r.input if isinstance(r.input, int) else 0
            if "<" not in r.type or r.type == "<>":
                self.redirect(r, "")
                continue
            saved.setdefault(fd, self.opened.get(fd))
            if r.type == "<":  # (as exec N< SRC records it: a file, <(CMD))
                self.execs = True
                self.redirect(r, "")
                self.execs = False
            elif r.type == "<&":  # (<&3: what 3 holds; <&$fd: not known here)
                self.redirect(r, "")
                held = None if hasattr(r.output, "kind") else shell_fds.held(self, r.output)
                self.opened[fd] = (DYNAMIC, False) if held is None else held
            else:  # (a here-document or here-string: its text, DYNAMIC where bash expands)
                self.redirect(r, "")
                self.opened[fd] = (_written.here_text(self, r), False)
        for child in node.list:
            self.node(child)
        for fd, before in saved.items():  # (the block's descriptors end with it)
            if before is None:
                self.opened.pop(fd, None)
            else:
                self.opened[fd] = before

    def pipeline(self, node: Any) -> None:
        """A pipeline: each command, and what each reads from the one before it.

        Only the first command reads the standard input the pipeline was given (a block's
        ``{ echo 'SELECT 1;' | psql; } < SRC``: psql reads echo's pipe, not SRC); a compound
        command after a pipe reads the pipe as its own input (``echo SQL | { psql; }``)."""
        lines = []
        feeder: tuple[str, tuple[str, ...]] | None = None
        piped: str | None = None  # (what the command before writes to the pipe, if known)
        decoded, first = False, True  # (whether a decoder writes it)
        stdin0 = self.opened.pop(0, None)
        for part in node.parts:
            if part.kind == "pipe":
                continue
            self.last, self.stdin = None, None
            self.opened.pop(0, None)
            body = _functions.body(self, part)  # (f | psql: f's body, defined here)
            if first and stdin0 is not None:
                self.opened[0] = stdin0
            elif not first and (part.kind != "command" or body is not None):
                self.opened[0] = (piped, decoded)
            self.piped_in = None if first else (piped, decoded)  # (X | bash -c LINE: child_fds)
            if part.kind == "command":
                lines.append(self.simple(part))
            if part.kind != "command" or body is not None:  # (a compound command, a function's
                made = self.block_output(body or part)  # body: what it writes is not one's)
                self.last = None
            if not first and self.last is not None:
                # (echo/printf: bash's reading and dash's, each judged where they differ)
                both = _echo_printf.readings(*feeder) if feeder is not None else None
                for text in both if both is not None and len(both) > 1 else (piped,):
                    self.fed(*self.last, text, decoded=decoded)
                for line in piped_lines(feeder, *self.last):  # (find -name X | xargs cat)
                    self.nested(line)
            # (cat passes on its standard input: a redirect's text, else the pipe's)
            stdin = self.stdin if self.stdin is not None or first else piped
            if part.kind == "command" and body is None:
                piped = _written.piped_text(self, self.last, stdin)
                decoded = self.last is not None and self.last[0] in _sc.DECODERS
            else:
                piped, decoded = made
            feeder, first = self.last, False
        self.opened.pop(0, None)
        if stdin0 is not None:
            self.opened[0] = stdin0
        self.piped_in = None
        self.out = (node, piped, decoded)
        self.facts.canonical.append(" | ".join(x for x in lines if x))

    def block_output(self, node: Any) -> tuple[str | None, bool]:
        """Walk a compound command whose output is piped on; what it writes, as
        :func:`._written.piped_text` reads a command's: each command's text in the order
        walked when all are known here, None when none is, else :data:`DYNAMIC` (text known
        here beside a file not read here, as ``cat a.sql x.sql``); and whether a decoder in
        it writes.

        Attack class: ``{ echo 'DROP TABLE t;'; } | psql`` and ``(echo SQL) | psql`` ran
        unread: a compound command was taken to write nothing known."""
        outer, self.wrote = self.wrote, []
        self.node(node)
        wrote, self.wrote = self.wrote, outer
        if outer is not None:  # (a block in a block piped on: the outer one writes it too)
            outer.extend(wrote)
        texts = [text for text, _ in wrote]
        made = None if texts.count(None) == len(texts) else DYNAMIC
        if None not in texts and texts:
            made = "".join(t for t in texts if t is not None)
        return made, any(d for _, d in wrote)

    def fed(
        self, program: str, args: tuple[str, ...], text: str | None, *, decoded: bool = False
    ) -> None:
        """``program`` reads ``text`` on stdin (``None``: known only at run time).

        Attack class: a payload encoded so no rule reads it (``echo B64 | base64 -d | sh``,
        ``xxd -r``, ``rev``, a downloaded or written file), decoded at run time and piped into
        a shell or interpreter. Literal text into a shell is parsed like ``sh -c``; text
        computed at run time is opaque (asked about). SQL piped into a database client is
        read by the SQL rules; SQL a decoder writes (``decoded``), or computed in a
        here-string, is opaque (a dump restored from a file is not)."""
        kind = _sc.stdin_kind(program, args)
        if kind is None:
            return
        if text == _written.FETCHED and kind != "sql":  # (curl URL | { sh; }, | tee f | sh)
            return self.remote_code(f"{program} runs what a download piped into it holds")
        if kind == "sql":
            if text is not None and DYNAMIC not in text:
                self.sql(text)
            elif decoded or text is not None:
                self.opaque(f"{program} runs SQL decoded or computed at run time")
        elif text is None or DYNAMIC in text:
            self.opaque(f"{program} runs program text fed to it at run time")
        elif kind != "code":  # (remote: echo CMD | ssh HOST read as ssh HOST CMD is)
            self.nested(text if kind == "shell" else line_for(program, args, text) or "")
        else:  # (literal program text into an interpreter: the files it deletes)
            self.facts.stdin_code.append((program, text))
            _sc.code_files(self, program, text)

    def subs_in(self, node: Any) -> tuple[tuple[int, int], ...]:
        """Walk the substitutions directly inside a word; return their spans (word-relative)."""
        spans = []
        for part in getattr(node, "parts", None) or ():
            if part.kind in _SUB_KINDS:
                if any(a <= part.pos[0] < b for a, b in self.literal):
                    continue
                self.node(part.command)
                spans.append((part.pos[0] - node.pos[0], part.pos[1] - node.pos[0]))
            elif part.kind != "parameter" and part.kind != "tilde":
                self.subs_in(part)
        return tuple(spans)

    def unparsed_subs(self, node: Any) -> None:
        """The process substitutions bash makes of a word that ``bashlex`` read as text.

        Attack class: ``bashlex`` reads ``<(CMD)`` after a double-quoted string in the same
        word (``true ""<(CMD)``, ``psql -f ""<(echo SQL)``) as literal text, where bash runs
        CMD and passes ``/dev/fd/N``: CMD was not judged. Each is walked as the command it
        is, and the word, whose file is CMD's output, is opaque."""
        raw = self.src[node.pos[0] : node.pos[1]]
        if "(" not in raw or '"' not in raw:
            return
        parts = getattr(node, "parts", None) or ()
        parsed = {p.pos[0] - node.pos[0] for p in parts if p.kind == "processsubstitution"}
        for start, end in _proc_sub_spans(raw):
            if start not in parsed:
                self.nested(raw[start + 2 : end - 1])
                self.opaque("a process substitution after a quoted string in one word")

    def expand(self, node: Any) -> list[str]:
        spans = self.subs_in(node)
        return expand_word(self.src[node.pos[0] : node.pos[1]], spans, self.env)

    def simple(self, node: Any) -> str:
        """One simple command: record its facts; return its canonical spelling."""
        argv: list[str] = []
        redirects = []
        subs: list[tuple[str | None, bool]] = []
        assigned, fed = False, None
        for part in node.parts:
            if part.kind == "assignment":
                name, _, _ = part.word.partition("=")
                raw = self.src[part.pos[0] : part.pos[1]]
                value = raw.partition("=")[2]
                self.unparsed_subs(part)
                spans = tuple((s - len(name) - 1, e - len(name) - 1) for s, e in self.subs_in(part))
                self.env[name] = " ".join(expand_word(value, spans, self.env, split=False))
                self.env_var(name, self.env[name])
                self.prefix.add(name)
                assigned = True
            elif part.kind == "word":
                fed = self.word(part, argv, subs) or fed  # (cat $(find ...))
            elif part.kind == "redirect":
                redirects.append(part)
        if argv and base_name(argv[0]) == "env":  # env NAME=VALUE ... PROGRAM
            for word in argv[1:]:
                name, eq, value = word.partition("=")
                if eq and NAME_RE.fullmatch(name):
                    self.env_var(name, value)
                    self.prefix.add(name)
        if argv and _GLOB_RE.search(argv[0]) and argv[0] not in ("[", "[["):
            argv[0] = self.glob_program(argv[0])
        outputs: list[tuple[str, str]] = []
        unread: list[str] = []  # (a wrapper's option it cannot read: asked about)
        program, args, chdir = unwrap(argv, outputs, unread)
        exports(self.env, self.exported, program, args)  # (export NAME=VALUE; declare -x)
        self.prefix = self.prefix if argv and program else set()  # (X=1 alone: not exported)
        for why in unread:
            self.opaque(why)
        prior = dict(self.facts.written)  # (what a >> target held before this command)
        self.execs = bool(argv) and not program and argv[-1] == "exec"  # (command exec 3<)
        for r in redirects:  # (in the shell's directory, before a wrapper's chdir)
            self.redirect(r, program, args)
        self.read_opened(program, args, redirects)
        _written.write_text(self, program, args, redirects, prior)
        for wrapper, path in outputs:  # (strace -o F: the wrapper writes F)
            self.file(path, wrapper, "overwrite")
        if not argv:
            return ""
        if not program and not assigned:
            return ""
        shell_cwd = self.cwd
        if chdir is not None:  # (env -C DIR PROG: PROG's relative paths are under DIR)
            self.cd((chdir,), cdpath=False)
        if program == "mktemp":  # (TMPDIR=.git/hooks mktemp: made in the hooks directory)
            args = tmpdir_args(args, self.getenv("TMPDIR"))
        self.facts.commands.append((program, args))
        self.facts.cwds.append(self.cwd)
        self.last = (program, args)
        # (cat < x.sql | psql: what it writes is the file's text; after the words' own
        # commands, cat $(cmd < f), which set it for theirs)
        self.stdin = _written.command_stdin(self, redirects)
        for line in piped_lines(fed, program, args):  # (cat $(find ~ -name 'id_*'))
            self.nested(line)
        self.subs = subs  # (after the words' and redirects' own commands, which set theirs)
        self.child = _written.child_fds(self, program, redirects)  # (bash -c LINE reads them)
        _sc.command(self, program, args, argv[0], redirects)
        _links.record(self, program, args)  # (ln SRC DST: SRC written through DST; ln -s T D)
        for line in command_lines(program, args):  # (su -c LINE, tmux new 'LINE')
            self.nested(line)
        self.child = None
        _written.copy_text(self, program, args)
        _written.run_written(self, program, args, argv[0])
        _written.block_write(self, program, redirects)  # ({ echo SQL; } | psql)
        if chdir is not None:
            self.cwd = shell_cwd
        self.prefix.clear()
        line = " ".join(shlex.quote(w.replace(DYNAMIC, "$X")) for w in [program, *args])
        outs = [f"> {shlex.quote(t)}" for t in self._redirect_targets(redirects)]
        return " ".join([line, *outs])

    def word(
        self, part: Any, argv: list[str], subs: list[tuple[str | None, bool]]
    ) -> tuple[str, tuple[str, ...]] | None:
        """One word of a command, expanded into ``argv``; what a process substitution in it
        writes into ``subs`` (several in one word: not known here); the command a
        substitution in it ran last, else None."""
        before = self.last
        self.unparsed_subs(part)
        argv.extend(self.expand(part))
        kinds = [p.kind for p in getattr(part, "parts", None) or ()]
        if "processsubstitution" in kinds:
            one = kinds == ["processsubstitution"]
            subs.append(self.sub_output(part, before) if one else (DYNAMIC, False))
        return self.last if self.last is not before else None

    def sub_output(
        self, word: Any, before: tuple[str, tuple[str, ...]] | None
    ) -> tuple[str | None, bool]:
        """What the process substitution in ``word`` (walked; ``before``: the last command
        before it) writes, as a pipe from it is read (:func:`._written.piped_text`), and
        whether a decoder writes it.

        Attack class: ``psql < <(echo 'DROP TABLE t;' | cat)`` was read by its last command
        only; a list or compound command (``<(echo A; echo B)``) writes what several
        commands write: not known here."""
        cmd = next(p for p in word.parts if p.kind == "processsubstitution").command
        if cmd.kind == "pipeline" and self.out is not None and self.out[0] is cmd:
            return self.out[1], self.out[2]
        if cmd.kind == "command" and self.last is not None and self.last is not before:
            return _written.piped_text(self, self.last, self.stdin), self.last[0] in _sc.DECODERS
        return DYNAMIC, False

    def sub_readings(
        self, word: Any, before: tuple[str, tuple[str, ...]] | None
    ) -> tuple[str, ...]:
        """bash's and dash's readings of what ``echo``/``printf``, the one command of the
        process substitution in ``word``, writes, where they differ (``sh < <(printf
        'echo \\x27 ...')``: :func:`._echo_printf.readings`, each judged); else ()."""
        cmd = next(p for p in word.parts if p.kind == "processsubstitution").command
        if cmd.kind != "command" or self.last is None or self.last is before:
            return ()
        both = _echo_printf.readings(*self.last)
        return both if both is not None and len(both) > 1 else ()

    def env_var(self, name: str, value: str) -> None:
        """An environment variable set for (or exported to) the commands after it.

        Attack class: a command a program runs from the environment (``GIT_SSH_COMMAND``,
        ``EDITOR``, ``PAGER``, ``PROMPT_COMMAND`` ...) is parsed like ``sh -c``; a library or
        file a program loads as code (``LD_PRELOAD``, ``BASH_ENV``, ``NODE_OPTIONS=--require``)
        is opaque: what it runs is known only at run time."""
        if name in ("CDPATH", "GIT_WORK_TREE", "TMPDIR"):  # (read by a later cd, git, mktemp)
            self.env[name] = value
        if name == "GLOBIGNORE":  # (bash: a glob then matches names starting with a dot)
            self.opaque("GLOBIGNORE set: a pattern may name a dot file")
        if name in COMMAND_ENV:
            self.nested(value)
        if env_runs(name, value) is not None:  # (GIT_PAGER=./x.sh: as git -c core.pager=)
            self.opaque(str(env_runs(name, value)))
        elif loads_code(name, value):
            self.opaque(f"{name} makes a program load code from {value[:60]!r}")

    def getenv(self, name: str) -> str | None:
        """The value ``name`` was set to earlier in the string, or None."""
        return self.env.get(name)

    def glob_program(self, word: str) -> str:
        """The program a pattern in the program word names, when one program some rule
        reads fits it; else the word. Always opaque: the files it matches decide.

        Attack class: bash expands the pattern before running it (``/???/r? -rf /`` is
        ``/bin/rm -rf /``); the pattern was taken as a program nobody knows."""
        self.opaque(f"a program name given as a pattern ({word!r})")
        fits = [n for n in sorted(_sc.KNOWN_PROGRAMS) if fnmatch.fnmatchcase(n, base_name(word))]
        return fits[0] if len(fits) == 1 else word

    def _redirect_targets(self, redirects: list[Any]) -> list[str]:
        out = []
        for r in redirects:
            if r.type in _OUT_REDIRECTS and hasattr(r.output, "kind"):
                out.extend(self.expand(r.output))
        return out

    def redirect(self, r: Any, program: str, args: tuple[str, ...] = ()) -> None:
        heredoc, target = getattr(r, "heredoc", None), r.output
        if heredoc is not None:
            body = heredoc.value.rsplit("\n", 1)[0] if "\n" in heredoc.value else ""
            if getattr(target, "word", "").startswith(_heredoc.QUOTED):
                self.literal.append(heredoc.pos)
            else:
                for sub in _heredoc.substitutions(body):  # (run by bash before the program)
                    self.nested(sub)
            if program in SHELLS:
                self.nested(body)
            else:  # (SQL, program text, a remote or container shell's commands: as piped in)
                self.fed(program, args, body)
            self.exec_here(r)
            return
        moved = getattr(target, "word", "")  # (4<&3-: 3 moved to 4)
        if moved[:-1].isdigit() and moved.endswith("-") and not getattr(target, "parts", None):
            target = int(moved[:-1])
        if not hasattr(target, "kind"):  # 2>&1: a file descriptor
            # (exec 3< <(CMD); sh <&3. <&10 after exec {fd}< SRC: not known here)
            if r.type == "<&" and (held := shell_fds.held(self, target)) is not None:
                self.opened.setdefault(target, held)
                self.fed(program, args, held[0], decoded=held[1])
                if self.execs:  # (exec 4<&3, exec 0<&3: a copy, read where 3 is)
                    self.opened[r.input if isinstance(r.input, int) else 0] = held
            if target in self.net_fds and _sc.stdin_kind(program, args) in _sc.RUNS_INPUT:
                self.remote_shell(f"{program} with a descriptor connected to the network")
            return
        if r.type == "<&":  # (<&$fd, exec {fd}< SRC: a descriptor known at run time)
            self.fed(program, args, DYNAMIC)
            return
        if r.type == "<<<":  # a here-string: the word is the program's stdin
            self.fed(program, args, " ".join(self.expand(target)))
            self.exec_here(r)
            return
        before, execs = self.last, self.execs  # (before the target's own commands reset it)
        self.unparsed_subs(target)
        paths = self.expand(target)
        # (< <(CMD): what it reads is CMD's output; < $(CMD): a file CMD names)
        parts = [p.kind for p in getattr(target, "parts", None) or ()]
        made = self.sub_output(target, before) if parts == ["processsubstitution"] else None
        self.execs = execs  # (exec 3< <(CMD) 4<&3: CMD's own command reset it)
        for path in paths:
            if net_device(path) is not None:  # (a socket: :mod:`.net_devices`)
                self.net_redirect(r, path, program, args)
            elif r.type in _OUT_REDIRECTS and r.type != "<>":
                if path not in _HARMLESS_TARGETS and not path.startswith("/dev/fd/"):
                    self.file(path, program or "redirect", "overwrite")
            elif r.type in ("<", "<>"):  # (<>: opened for reading too; written after)
                if (opened := self.opened_name(path)) is not None:  # (< /dev/fd/3)
                    self.fed(program, args, opened[0], decoded=opened[1])
                self.file(path, program or "redirect", "read")
                if execs:  # (exec 3< SRC: read by later commands, read_opened)
                    fd = r.input if isinstance(r.input, int) else 0
                    text = _written.file_text(self, path) if made is None else made[0]
                    held = (text, made is not None and made[1])
                    self.opened[fd] = held if opened is None else opened  # (4< /dev/fd/3)
                if DYNAMIC in path:  # (sh < <(CMD): read as CMD | sh is)
                    made_text, decoded = made if made is not None else (None, False)
                    both = self.sub_readings(target, before) if made is not None else ()
                    for text in both or (made_text,):
                        self.fed(program, args, text, decoded=decoded)
                elif self.key(path) in self.facts.written:  # (echo LINE > f; sh < f)
                    text = _written.file_text(self, path)
                    if text is None and _sc.stdin_kind(program, args) == "sql":
                        self.opaque(f"{program} runs the SQL in {path}, which this command writes")
                    self.fed(program, args, text)
                elif _sc.stdin_kind(program, args) == "remote":  # (ssh db < f: f's text unread)
                    self.fed(program, args, "" if path == "/dev/null" else None)
                if r.type == "<>" and path not in _HARMLESS_TARGETS and "/dev/fd/" != path[:8]:
                    self.file(path, program or "redirect", "overwrite")

    def exec_here(self, r: Any) -> None:
        """``exec N<<EOF`` / ``exec N<<< W``: the text is read by later commands where they
        read N (:meth:`read_opened`), as ``exec N< <(echo TEXT)`` is.

        Attack class: ``exec 3<<'EOF' ... EOF; cat <&3 | sqlite3 DB`` ran the here-document
        unread: only a file or ``<(CMD)`` opened by ``exec`` was recorded."""
        if self.execs:
            self.opened[r.input if isinstance(r.input, int) else 0] = (
                _written.here_text(self, r),
                False,
            )

    def opened_name(self, path: str) -> tuple[str | None, bool] | None:
        """What the descriptor ``path`` names holds (:func:`.shell_fds.opened_name`)."""
        return shell_fds.opened_name(self, path)

    def read_opened(self, program: str, args: tuple[str, ...], redirects: list[Any]) -> None:
        """A command reading a descriptor ``exec N< SRC`` opened: on its standard input
        (``exec < <(CMD); psql``, unless it redirects its own) or by name (``psql -f
        /dev/fd/3``, ``sh /dev/stdin``), read as SRC redirected into it is.

        Attack class: ``exec < <(echo 'DROP TABLE t;'); psql`` and ``exec 3< <(CMD); sh
        /dev/fd/3`` ran what CMD wrote unread: the redirect and the reader are two commands."""
        if not program or not (self.opened or "/" in "".join(args)):
            return
        own = any(getattr(r, "input", None) in (None, 0) and "<" in r.type for r in redirects)
        named = shell_fds.named_fds(args)  # (/dev/fd/3, /proc/self/fd/3 in any spelling)
        for fd in sorted(named):  # (as its stdin: what the program makes of it)
            if (held := shell_fds.held(self, fd)) is not None:
                self.fed(program, (), held[0], decoded=held[1])
        if 0 in self.opened and 0 not in named and not own:
            self.fed(program, args, self.opened[0][0], decoded=self.opened[0][1])

    def net_redirect(self, r: Any, path: str, program: str, args: tuple[str, ...]) -> None:
        """A redirect to ``/dev/tcp/HOST/PORT``: a connection, its program's stdin or stdout
        on the network (a shell reading its program there: a reverse shell)."""
        self.file(path, program or "redirect", "read")
        if _sc.stdin_kind(program, args) in _sc.RUNS_INPUT:
            self.remote_shell(f"{program} with a redirect to {path}")
        elif not program:  # (``exec 3<>/dev/tcp/...``: the descriptor stays open)
            fd = r.input if isinstance(r.input, int) else int(r.type[:1] != "<")
            self.net_fds.add(fd)

    # -- facts --------------------------------------------------------------------------
    def file(self, path: str, program: str, op: str) -> None:
        host = net_device(path)
        if host is not None:  # (a connection, not a file: :mod:`.net_devices`)
            self.net("host", host, program)
            return
        if op == "overwrite" and _sc.stream_device(path) and program not in _sc.REPLACERS:
            return  # (tee /dev/null, dd of=/dev/stdout: written into, nothing deleted)
        self.facts.files.append(PathRef(path, self.cwd, program, op))
        linked = program in ("ln", "link") or program.endswith(_links.HARD_SOURCE)
        if op == "overwrite" and DYNAMIC not in path and not linked:  # (a link: text as was)
            self.facts.written[self.key(path)] = None  # (what it holds: write_text)
        for target in _links.through(self.facts.links, self.key(path)):  # (ln -s T d; > d/x)
            self.facts.files.append(PathRef(target, None, program, op))

    def symlink(self, name: str, target: str, relative: bool) -> None:
        """A symbolic link ``name`` to ``target`` made here (:mod:`.shell_links`)."""
        cwd_target = self.key(target) if relative else None
        _links.register(self.facts.links, self.key(name), target, cwd_target)

    def key(self, path: str) -> str:
        """``path`` as :attr:`ShellFacts.written` keys it (a pattern: :func:`.written_key`)."""
        return _words.written_key(self, posixpath.normpath(posixpath.join(self.cwd or "", path)))

    def contained(self, run: ContainerRun) -> None:
        """A container run with writable bind mounts: each delete or overwrite of its
        command under a mount, as the host path it is (:mod:`.containers`)."""
        for ref in analyze_argv(run.argv).files if run.argv else ():
            host = host_path(run, ref.path, ref.cwd) if ref.op in _WRITE_OPS else None
            if host is not None:
                self.file(host, ref.program, ref.op)

    def net(self, kind: str, value: str, program: str) -> None:
        if DYNAMIC in value:
            self.facts.opaque.append(f"{program}: a destination computed at run time")
            self.facts.net_opaque = True
            return
        self.facts.network.append(NetDest(kind, value, program))

    def opaque(self, why: str) -> None:
        self.facts.opaque.append(why)

    def sql(self, text: str) -> None:
        if DYNAMIC not in text:  # (and COPY ... PROGRAM's line, the SQL a string runs)
            sql_programs.record(self, text)
        else:  # (psql -c "$(echo B64 | base64 -d)", -c "DROP TABLE $t": as piped in is)
            self.opaque("a database client runs SQL computed at run time")

    def remote_shell(self, why: str) -> None:
        self.facts.remote_shell.append(why)

    def remote_code(self, why: str) -> None:
        self.facts.remote_code.append(why)

    def nested(self, text: str) -> None:
        """A shell string run by this one (``sh -c``, ``eval``, a heredoc fed to a shell)."""
        if DYNAMIC in text:
            self.facts.opaque.append("a shell runs a string computed at run time")
            return
        if self.depth >= _MAX_DEPTH:
            self.facts.opaque.append("shell strings nested too deeply")
            return
        for line in (text, _words.dash_reading(text)):  # (and dash's reading, where it differs)
            inner = None if line is None else _parse_into(line, self.facts, self.depth + 1, self)
            if inner is not None:
                self.facts.opaque.append(f"a nested shell string cannot be parsed ({inner})")

    def cd(self, args: tuple[str, ...], *, cdpath: bool = True) -> None:
        """The working directory after ``cd ARGS`` (``cdpath``: a shell's ``cd``, not a
        wrapper's ``env -C DIR``).

        Attack class: with ``CDPATH`` set, ``cd NAME`` goes to the first ``ENTRY/NAME`` that
        exists, else ``./NAME`` (``CDPATH=~ cd .cordon``): which one is known only at run
        time. Taken as the first entry's, and asked about. ``cd -`` goes back to the
        directory before the last ``cd`` (``$OLDPWD``: unknown before the first)."""
        plain = [a for a in args if not a.startswith("-") or a == "-"]
        target = plain[0] if plain else "~"
        search = self.env.get("CDPATH", "") if cdpath else ""
        named = target not in (".", "..") and not target.startswith(("/", "~", "./", "../", "-"))
        if search and named:
            self.opaque(f"cd {target!r}: CDPATH decides which directory it is")
            entry = next((e for e in search.split(":") if e), "")
            target = posixpath.join(entry, target) if entry else target
        if target == "-":
            new = self.oldpwd
        elif DYNAMIC in target:
            new = DYNAMIC
        elif target.startswith(("/", "~")) or self.cwd is None:
            new = target
        else:
            new = posixpath.join(self.cwd, target)
        if cdpath:
            self.oldpwd = self.cwd
        self.cwd = new


def _proc_sub_spans(raw: str) -> list[tuple[int, int]]:
    """The spans of the process substitutions bash makes of the word ``raw``: each ``<(``
    or ``>(`` outside quotes, to its closing parenthesis (the text's end if none)."""
    spans, i, quote = [], 0, ""
    while i < len(raw):
        c = raw[i]
        if quote == "'" or (quote == '"' and c != "\\"):
            quote = "" if c == quote else quote
        elif c == "\\":
            i += 1  # (the next character, escaped)
        elif c in "'\"":
            quote = c
        elif c in "<>" and raw.startswith("(", i + 1):
            end = _closing(raw, i + 2)
            spans.append((i, end))
            i = end
            continue
        i += 1
    return spans


def _closing(raw: str, i: int) -> int:
    """The index after the parenthesis that closes one opened before ``raw[i]`` (quotes and
    escapes skipped); ``len(raw)`` if none does."""
    depth, quote = 1, ""
    while i < len(raw):
        c = raw[i]
        if quote == "'" or (quote == '"' and c != "\\"):
            quote = "" if c == quote else quote
        elif c == "\\":
            i += 1
        elif c in "'\"":
            quote = c
        elif c in "()":
            depth += 1 if c == "(" else -1
            if depth == 0:
                return i + 1
        i += 1
    return len(raw)


# --------------------------------------------------------------------------------------------
# Entry points
# --------------------------------------------------------------------------------------------


def _parse_into(text: str, facts: ShellFacts, depth: int, up: _Walker | None = None) -> str | None:
    """Parse ``text`` and walk it into ``facts`` (run by ``up``'s shell: its directory, the
    environment :mod:`.shell_env` passes on); the parse error, or None."""
    import bashlex  # type: ignore[import-untyped]

    if not text.strip():
        return None
    if "<<" in text:  # (a quoted here-document delimiter, which bashlex cannot parse)
        text = _heredoc.unquote_delimiters(text) or text
    try:
        trees = bashlex.parse(text)
    except (bashlex.errors.ParsingError, NotImplementedError, AttributeError) as exc:
        return f"{type(exc).__name__}: {str(exc)[:120]}"
    except (IndexError, TypeError, ValueError, AssertionError, RecursionError) as exc:
        return f"{type(exc).__name__}"
    walker = _Walker(text, facts, depth)
    if up is not None:
        walker.cwd, walker.env = up.cwd, child_env(up.env, up.exported | up.prefix)
        walker.exported = {k for k, v in walker.env.items() if v != DYNAMIC}
        walker.opened = dict(up.child or {})  # (bash -c LINE: child_fds)
    for tree in trees:
        walker.node(tree)
    return None


@lru_cache(maxsize=1024)
def _analyze(text: str) -> ShellFacts:
    facts = ShellFacts()
    if len(text) > _MAX_LEN:
        facts.error = f"over {_MAX_LEN} characters"
        return facts
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    if "\x00" in text or SPLIT in text:
        facts.error = "a control character the shell cannot carry"
        return facts
    facts.error = _parse_into(text, facts, 0)
    if facts.error is None and (dash := _words.dash_reading(text)) is not None:  # (sh is dash)
        if (error := _parse_into(dash, facts, 0)) is not None:
            facts.opaque.append(f"dash's reading cannot be parsed ({error})")
    cmd_exe.record(_Walker(text, facts, 0), text)  # (cmd.exe's reading: Windows' shell)
    return facts


def analyze(text: str) -> ShellFacts:
    """The facts of one shell command string (cached per string; treat as read-only)."""
    return _analyze(text)


@lru_cache(maxsize=256)
def analyze_argv(argv: tuple[str, ...]) -> ShellFacts:
    """The facts of an argv list run without a shell (no expansion; ``sh -c`` inside is
    still parsed)."""
    facts = ShellFacts()
    words = [unicodedata.normalize("NFKC", a) if not a.isascii() else a for a in argv]
    if any("\x00" in w for w in words):
        facts.error = "a NUL byte in an argument"
        return facts
    walker = _Walker(" ".join(words), facts, 0)
    program, args, chdir = unwrap(words, None, facts.opaque)
    if program:
        walker.cwd = chdir
        facts.commands.append((program, args))
        facts.cwds.append(chdir)
        _sc.command(walker, program, args, words[0], [])
        _links.record(walker, program, args)
        facts.canonical.append(" ".join(shlex.quote(w) for w in [program, *args]))
    cmd_exe.record(walker, " ".join(words))  # (cmd /c LINE in an argv list)
    return facts
