"""Local files a viewer renders, written otherwise than as a ``renders: files`` writer's text:
by a shell command, or made from a file of another kind. For :mod:`.rendered`, whose
judgement (the hosts' taint, verbatim copies, then egress and the secret rules on the fact
``rendered``) these feed; nothing here judges a URL.

The markdown-image exfiltration class through local files. A writer's images are judged,
so the beacon goes in another way:

- A command that writes a file of a rendered kind (:data:`RENDERED_EXTENSIONS`): a redirect
  (``echo '![](https://h/p.png?d=DATA)' > docs/x.md``, ``printf ... >> README.md``,
  ``cat > x.html <<EOF``), ``tee``, ``sed -i``, ``cp``, ``dd of=``, an interpreter's own
  file calls: any target the command parser (:mod:`cordon.engine.shell`) reads as
  overwritten, in any tool whose arguments hold a command (:mod:`cordon.engine.commands`).
  When the parser knows the text written (``echo``/``printf`` of literal words, a
  here-document), the embeds in that text are found as in a writer's. When it does not
  (``printf`` with a format or escapes, ``tee``, ``sed -i``, a here-document with
  expansions), the text is made of the command's words, so every URL in them (as given,
  as the shell re-spells its words, with C escapes decoded as ``printf`` and ``echo -e``
  decode them) is taken for an embed of that file: a link cannot be told from an image in
  text that is not known (fail closed).
- A file of another kind (a ``.txt``, which is shown as text, so its images were not
  judged when it was written; a script whose output it is) made into a rendered one: a
  move, copy or link whose destination is of a rendered kind and whose source is not
  (``move_file``, ``mv notes.txt notes.md``, ``cp``, ``ln -s``, ``git mv``), or a command
  writing a rendered file with text it does not give while reading such a file
  (``cat notes.txt > notes.md``, ``python3 gen.py > x.md``). cordon reads no files, so
  what the source holds is not known: asked about, once the session has seen untrusted
  output (before that no host is tainted, and a writer's embeds would pass too). Moving or
  copying a rendered file (``mv draft.md README.md``) is not asked about: its text was a
  rendered file's before. Rare in real work; a person answers.

Not read (documented limits): a rendered file a program writes under a name the command does
not give (``make docs``, ``mkdocs build``), a URL assembled at run time from a command
substitution's output, and a file of another kind written in one call and renamed by a
program a later call runs.
"""

from __future__ import annotations

import posixpath
import re
from typing import TYPE_CHECKING

from cordon._types import Verdict
from cordon.engine import provenance as _prov
from cordon.engine import rules
from cordon.engine._ansi_c import ansi_c
from cordon.engine.action_names import split_tokens
from cordon.engine.commands import DYNAMIC, CommandString, command_strings
from cordon.engine.rendered import rendered_urls

if TYPE_CHECKING:
    from cordon.engine.checks._base import Context
    from cordon.engine.shell import PathRef

__all__ = ["RENDERED_EXTENSIONS", "command_writes", "made_from_other", "rendered_name"]

#: file extensions whose text a viewer renders with its embeds fetched unclicked: an
#: editor's markdown preview, GitHub's and GitLab's file view (markup: Markdown, MDX,
#: reStructuredText, AsciiDoc, Org, Textile...), a browser (HTML, SVG), a notebook viewer
RENDERED_EXTENSIONS = frozenset(
    ".md .markdown .mdx .mdown .mkd .mkdn .mdwn .markdn .qmd .rmd .ronn .html .htm .xhtml "
    ".shtml .svg .svgz .ipynb .rst .rest .adoc .asciidoc .asc .org .textile .rdoc .pod "
    ".mediawiki .wiki .creole".split()
)


def _extension(path: str) -> str:
    """``path``'s extension, lower case, trailing dots and spaces dropped (as Windows
    drops them); "" for none."""
    base = path.replace("\\", "/").rsplit("/", 1)[-1].rstrip(" .\t\r\n").lower()
    dot = base.rfind(".")
    return base[dot:] if dot >= 0 else ""


def rendered_name(path: str) -> bool:
    """Whether ``path`` names a file of a kind a viewer renders (any case)."""
    return _extension(path) in RENDERED_EXTENSIONS


def _maybe_rendered(path: str) -> bool:
    """A write target that may be rendered: its name says so, or its kind is computed at
    run time (``> "$OUT"``, ``> x.$EXT``: fail closed)."""
    if DYNAMIC in path.replace("\\", "/").rsplit("/", 1)[-1]:
        ext = _extension(path)
        return not ext or DYNAMIC in ext or ext in RENDERED_EXTENSIONS
    return rendered_name(path)


def untrusted_seen(ctx: Context) -> bool:
    """The model has seen untrusted output (the Rule of Two's leg, this session's or another
    process's of the client), or the taint index holds or dropped some."""
    s = ctx.session
    if s.legs.untrusted_input or not s.taint.empty or s.taint.truncated:
        return True
    return s.legs.elsewhere("untrusted_input")


# --- tools that move or copy (``renders: files`` with two paths) ---------------------------

#: tokens of a parameter naming the file a move or copy reads (``source``, ``oldPath``...)
_SOURCE_TOKENS = frozenset({"source", "src", "from", "old", "origin", "orig", "input", "in"})


def made_from_other(ctx: Context) -> Verdict | None:
    """For a ``renders: files`` tool with several path parameters (``move_file``): an ask
    when a path not under a source-named parameter is of a rendered kind and another path
    of the call is not (the module docstring)."""
    if ctx.tv.renders != "files" or len(ctx.tv.path_params) < 2 or not untrusted_seen(ctx):
        return None
    made: list[tuple[str, str]] = []
    other: list[str] = []
    for name in ctx.tp.path_params:
        value = ctx.arguments.get(name)
        source = not _SOURCE_TOKENS.isdisjoint(split_tokens(name))
        for v in value if isinstance(value, list) else [value]:
            if type(v) is not str:
                continue
            if not source and rendered_name(v):
                made.append((name, v))
            elif not rendered_name(v):
                other.append(v)
    if not made or not other:
        return None
    return _made_ask(made[0][0], made[0][1], other[0])


def _made_ask(param: str, made: str, source: str) -> Verdict:
    return Verdict(
        verdict="ask",
        rule=rules.TAINT_RENDERED_RESOURCE,
        reason=(
            f"'{param}' makes {made[:120]!r}, a file a viewer renders, from {source[:120]!r}, "
            "a file of another kind whose embeds were not judged when it was written; every "
            "viewer's client fetches them without a click"
        ),
        param=param,
    )


# --- commands ----------------------------------------------------------------------------


def command_writes(ctx: Context) -> tuple[list[tuple[str, str]], list[Verdict]]:
    """The embeds (``(argument path, url)``) in what the call's commands write into files
    of a rendered kind, and the asks for such files made from files of another kind."""
    strings = command_strings(ctx)
    if not strings:  # (most calls: no command at all)
        return [], []
    found: dict[tuple[str, str], None] = {}
    asks: list[Verdict] = []
    for c in strings:
        targets = [r for r in c.facts.files if r.op == "overwrite" and _maybe_rendered(r.path)]
        moved = _git_moves(c)
        if not targets and not moved:
            continue
        unknown: PathRef | None = None
        for ref in targets:
            text = c.facts.written.get(_key(ref.path, ref.cwd))
            if text is None:
                unknown = unknown or ref
                continue
            for _, url in rendered_urls({c.path: text}):
                found[(c.path, url)] = None
        if unknown is not None:
            for url in _urls_in_words(c):
                found[(c.path, url)] = None
        source = _unrendered_source(c) if unknown else None
        if (source or moved) and untrusted_seen(ctx):
            made, src = (_shown(unknown), source) if unknown and source else moved[0]
            asks.append(_made_ask(c.path, made, src or ""))
    return list(found), asks


def _key(path: str, cwd: str | None) -> str:
    """``path`` as :attr:`cordon.engine.shell.ShellFacts.written` keys it."""
    return posixpath.normpath(posixpath.join(cwd or "", path))


#: a URL token that names its host: a scheme (``https:``, with or without the slashes a
#: URL parser adds) or ``//``; a bare host name is no embed (a relative reference)
_EXPLICIT = re.compile(r"(?i)[a-z][a-z0-9+.\-]*:|//|\\\\")


def _urls_in_words(c: CommandString) -> list[str]:
    """Every URL in the command's words: as given, as the shell re-spells them, with C
    escapes decoded (``printf '\\x21[](...)'``), as image and embed syntax and as plain
    tokens (:func:`cordon.engine.provenance.forwarded_links`)."""
    readings = [c.text, *c.facts.canonical]
    if "\\" in c.text:
        readings.append(ansi_c(c.text))
    out: dict[str, None] = {}
    for reading in readings:
        for _, url in rendered_urls({"": reading}):
            out[url] = None
        for dest in _prov.forwarded_links(reading):
            if _EXPLICIT.match(dest.raw):
                out[dest.raw] = None
    return list(out)


def _unrendered_source(c: CommandString) -> str | None:
    """A file the command reads, or ``mv`` moves, that is not of a rendered kind (one whose
    name is computed at run time counts): what it writes may be that file's text."""
    for ref in c.facts.files:
        if ref.op == "read" or (ref.op == "delete" and ref.program == "mv"):
            if not ref.path.startswith("/dev/") and not rendered_name(ref.path):
                return _shown(ref)
    # (the parser is loaded: ``c`` is its answer; see cordon.engine.commands)
    from cordon.engine.shell_commands import SHELLS, interpreter

    for program, args in c.facts.commands:  # (python3 gen.py > x.md: the script's output)
        if program not in SHELLS and interpreter(program) is None:
            continue
        plain = [a for a in args if not a.startswith("-")]
        inline = any(a in ("-c", "-e", "-m", "--eval", "-p", "--print") for a in args)
        if plain and not inline and not rendered_name(plain[0]):
            return plain[0].replace(DYNAMIC, "$X")
    return None


def _shown(ref: PathRef) -> str:
    return ref.path.replace(DYNAMIC, "$X")


def _git_moves(c: CommandString) -> list[tuple[str, str]]:
    """``(destination, source)`` of each ``git mv`` onto a rendered name from a file of
    another kind (the parser records git's work tree, not the names it moves)."""
    out: list[tuple[str, str]] = []
    for program, args in c.facts.commands:
        if program != "git":
            continue
        rest = list(args)
        while rest and rest[0].startswith("-"):  # (git -C DIR -c K=V mv ...)
            rest = rest[2:] if rest[0] in ("-C", "-c") else rest[1:]
        if not rest or rest[0] != "mv":
            continue
        plain = [a for a in rest[1:] if not a.startswith("-")]
        if len(plain) >= 2 and _maybe_rendered(plain[-1]):
            out.extend((plain[-1], s) for s in plain[:-1] if not rendered_name(s))
    return out
