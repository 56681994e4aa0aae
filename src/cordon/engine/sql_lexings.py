"""SQL read as each database's lexer reads it, with its comments as spaces and its strings
kept: the text the file rules (:func:`cordon.engine.sql_programs.server_files`) read.

Attack class: a comment is whitespace to every SQL lexer, so ``COPY users TO/**/'/etc/x'``,
``pg_read_file/**/('/etc/shadow')``, ``INTO -- c<newline> OUTFILE`` and MySQL's executable
comment (``/*!INTO*/ /*!OUTFILE*/ 'f'``: its text runs) named a file no rule read; so did a
quoted function name (``"pg_read_file"('/etc/shadow')``: a quoted identifier is the same
name). The databases disagree on strings and comments (a backslash escapes in every MySQL
string and only in PostgreSQL's ``E''``; ``#`` starts a MySQL comment), so the text is read
once as each of them reads it, as the SQL block rules do (:mod:`cordon.engine.sql_rules`).

Pure: no I/O.
"""

from __future__ import annotations

import re

__all__ = ["comment_views", "unicode_identifiers"]

#: PostgreSQL: ``--`` and ``/* */`` comments (group 1; nested ones end later, so less is
#: removed); a backslash escapes only in an ``E''`` string (group 2: strings); dollar quotes
#: (kept in the code: a ``DO`` body runs); a Unicode-escape identifier (group 4, its
#: ``UESCAPE`` character group 5: ``U&"pg\005Fread\005Ffile"`` is ``pg_read_file``);
#: ``"..."`` an identifier
_PG_RE = re.compile(
    r"(?s)(--[^\n]*|/\*.*?(?:\*/|$))|((?<![\w$])[Ee]'(?:[^'\\]|\\.|'')*'|'(?:[^']|'')*')"
    r"|(?<![\w$])\$((?:[A-Za-z_]\w*)?)\$.*?\$\3\$"
    r"|(?<![\w$])[Uu]&(\"(?:[^\"]|\"\")*\")(?:\s*[Uu][Ee][Ss][Cc][Aa][Pp][Ee]\s*'([^'])')?"
    r"|\"(?:[^\"]|\"\")*\""
)
#: MySQL: ``#``, ``-- `` and ``/* */`` comments; an executable comment's markers
#: (``/*!NNNNN``, MariaDB's ``/*M!NNNNNN``, and the ``*/`` that ends one) removed and its text
#: kept (it runs); a backslash escapes in every string, ``"..."`` one too; backquotes an
#: identifier
_MYSQL_RE = re.compile(
    r"(?si)(#[^\n]*|--(?=\s|$)[^\n]*|/\*M?!\d*|\*/|/\*.*?(?:\*/|$))"
    r"|('(?:[^'\\]|\\.|'')*'|\"(?:[^\"\\]|\\.|\"\")*\")|`(?:[^`]|``)*`"
)
#: SQLite and SQL Server: ``--`` and ``/* */`` comments, ``''`` doubled, identifiers in
#: ``"..."``, ``[...]`` or backquotes
_STD_RE = re.compile(
    r"(?s)(--[^\n]*|/\*.*?(?:\*/|$))|('(?:[^']|'')*')|\"(?:[^\"]|\"\")*\"|\[[^\]]*\]"
    r"|`(?:[^`]|``)*`"
)
#: a quoted name that is one word (``"pg_read_file"``, `` `load_file` ``): the same name
_QUOTED_WORD_RE = re.compile(r"\A(?:\"\w+\"|`\w+`)\Z")


def _view(m: re.Match[str]) -> str:
    tok = m.group()
    if m.group(1) is not None:
        return " " * len(tok)
    if m.re is _PG_RE and m.group(4) is not None:  # (as long as the token: spaces after it)
        name = _unicode_escapes(m.group(4)[1:-1].replace('""', '"'), m.group(5) or "\\")
        word = f" {name} " if re.fullmatch(r"\w+", name) else '"' + name.replace('"', '""') + '"'
        return word.ljust(len(tok))
    return f" {tok[1:-1]} " if _QUOTED_WORD_RE.match(tok) else tok


def _unicode_escapes(text: str, esc: str) -> str:
    """``text`` of a ``U&`` identifier with its escapes decoded: ``ESC`` and four hex digits,
    ``ESC+`` and six, a doubled ``ESC`` the character (PostgreSQL's "Identifiers")."""
    e = re.escape(esc)
    pattern = rf"{e}(?:{e}|([0-9A-Fa-f]{{4}})|\+([0-9A-Fa-f]{{6}}))"

    def char(m: re.Match[str]) -> str:
        code = int(m.group(1) or m.group(2) or "0", 16) if (m.group(1) or m.group(2)) else -1
        return esc if code < 0 else chr(code) if code <= 0x10FFFF else "\ufffd"

    return re.sub(pattern, char, text)


def _code(m: re.Match[str]) -> str:
    return " " * len(m.group()) if m.group(2) is not None else _view(m)


def comment_views(sql: str) -> list[tuple[str, str]]:
    """``(view, code)`` of ``sql`` as PostgreSQL, MySQL and SQLite (SQL Server) read it, each
    as long as ``sql``: in the view comments are spaces, strings kept and a one-word quoted
    name the word; in the code its quoted strings are spaces too (a dollar-quoted body is
    kept: it may run). Each distinct reading once."""
    if not any(c in sql for c in "-/#\"`'[*"):
        return [(sql, sql)]
    out: list[tuple[str, str]] = []
    for lexer in (_PG_RE, _MYSQL_RE, _STD_RE):
        pair = (lexer.sub(_view, sql), lexer.sub(_code, sql))
        if pair not in out:
            out.append(pair)
    return out


#: a PostgreSQL Unicode-escape identifier (group 2) and its ``UESCAPE`` character (group 3),
#: where a token starts; strings, dollar quotes and comments skipped whole (group 2 unset)
_U_IDENT_RE = re.compile(
    r"(?s)--[^\n]*|/\*.*?(?:\*/|$)|(?<![\w$])[Ee]'(?:[^'\\]|\\.|'')*'|'(?:[^']|'')*'"
    r"|(?<![\w$])\$((?:[A-Za-z_]\w*)?)\$.*?\$\1\$"
    r"|(?<![\w$])[Uu]&(\"(?:[^\"]|\"\")*\")(?:\s*[Uu][Ee][Ss][Cc][Aa][Pp][Ee]\s*'([^'])')?"
)


def unicode_identifiers(sql: str) -> str:
    """``sql`` with each PostgreSQL ``U&"..."`` identifier written as the plain quoted name it
    decodes to (``U&"lo\\005Fexport"`` is ``"lo_export"``), for a parser that keeps the
    escapes: the function or table it names is then read by its name."""

    def plain(m: re.Match[str]) -> str:
        if m.group(2) is None:
            return m.group()
        name = _unicode_escapes(m.group(2)[1:-1].replace('""', '"'), m.group(3) or "\\")
        return '"' + name.replace('"', '""') + '"'

    return _U_IDENT_RE.sub(plain, sql)
