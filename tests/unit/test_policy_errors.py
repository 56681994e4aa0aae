"""A policy with several mistakes is reported whole: every problem of every file, each with
its file, line and key, by line within a file, in one ``PolicyError`` (so one `cordon check`
run shows them all), and nothing loads while any remains (fail closed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cordon._exceptions import PolicyError, PolicyProblem
from cordon.policy import load_policy

# pydantic reports in the model's field order (content before tools): the file's order is
# 4, 6, 7, 8, 9, 10
SIX = """version: 1
tools:
  send_email:
    exfiltratin: true
  refund:
    max_calls: lots
    destructive_unless: {x: [1]}
content: {mode: loud}
allowed_path_prefixes: [rel]
tools2: 1
"""


def _write(tmp_path: Path, text: str, name: str = "p.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text, "utf-8")
    return p


def _fails(*sources: Path | dict[str, object]) -> PolicyError:
    with pytest.raises(PolicyError) as ei:
        load_policy(list(sources))
    return ei.value


def test_every_problem_of_a_file_by_line(tmp_path: Path) -> None:
    path = _write(tmp_path, SIX)
    e = _fails(path)
    f = str(path)
    assert [(p.file, p.line, p.key) for p in e.problems] == [
        (f, 4, "tools.send_email.exfiltratin"),
        (f, 6, "tools.refund.max_calls"),
        (f, 7, "tools.refund.destructive_unless.x"),
        (f, 8, "content.mode"),
        (f, 9, "allowed_path_prefixes"),
        (f, 10, "tools2"),
    ]
    # the exception's own attributes are the first problem's (callers that read them)
    assert (e.file, e.line, e.key) == (f, 4, "tools.send_email.exfiltratin")
    lines = str(e).splitlines()
    assert lines[0] == f"6 errors in {f}:"
    assert lines[1:] == [f"  {p}" for p in e.problems]
    assert e.message == str(e)
    assert "did you mean 'exfiltrating'" in lines[1] and "did you mean 'tools'" in lines[6]


def test_a_value_no_union_member_takes_is_one_problem_at_its_key(tmp_path: Path) -> None:
    # pydantic gives one error per member (bool, int, str) with the member's name in the path
    path = _write(tmp_path, "version: 1\ntools:\n  t:\n    destructive_unless: {x: [1]}\n")
    e = _fails(path)
    assert e.problems == (
        PolicyProblem(
            "Input should be a valid boolean, a valid integer or a valid string",
            str(path),
            4,
            "tools.t.destructive_unless.x",
        ),
    )


def test_the_models_own_words_without_pydantic_prefix_or_a_repeated_key(tmp_path: Path) -> None:
    path = _write(tmp_path, "version: 1\nallowed_path_prefixes: [rel]\n")
    e = _fails(path)
    assert str(e) == (
        f"{path}:2: allowed_path_prefixes: 'rel' is a relative path; give an absolute one (or ~/...)"
    )


def test_one_problem_reads_as_before(tmp_path: Path) -> None:
    path = _write(tmp_path, "version: 1\nbogus_key: 1\n")
    e = _fails(path)
    assert str(e) == f"{path}:2: bogus_key: unknown key"
    assert (e.file, e.line, e.key, e.message) == (str(path), 2, "bogus_key", "unknown key")
    assert e.problems == (PolicyProblem("unknown key", str(path), 2, "bogus_key"),)


def test_duplicate_keys_and_unknown_packs_join_the_files_other_problems(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "version: 1\npacks:\n  - filesytem\n  - memory\n  - nope\n"
        "tools:\n  a: {max_calls: -1}\n  a: {max_calls: 1}\n  b: {bogus: 1}\nversion: 1\n",
    )
    e = _fails(path)
    assert [(p.line, p.key) for p in e.problems] == [
        (3, "packs"),
        (5, "packs"),
        (8, "tools.a"),
        (9, "tools.b.bogus"),
        (10, "version"),
    ]
    assert "'filesytem'" in e.problems[0].message and "'nope'" in e.problems[1].message
    assert [p.message for p in e.problems][2::2] == ["duplicate key", "duplicate key"]


def test_every_layered_file_is_read_for_its_problems(tmp_path: Path) -> None:
    a = _write(tmp_path, "version: 1\nbogus: 1\ncontent: {mode: loud}\n", "a.yaml")
    ok = _write(tmp_path, "version: 1\n", "ok.yaml")
    syntax = _write(tmp_path, "bogus: 1\ntools: [unclosed\n", "syntax.yaml")
    b = _write(tmp_path, "version: 1\ntools:\n  t: {max_calls: many}\n", "b.yaml")
    missing = tmp_path / "missing.yaml"
    e = _fails(a, ok, syntax, b, missing)
    assert [(p.file, p.line, p.key) for p in e.problems] == [
        (str(a), 2, "bogus"),
        (str(a), 3, "content.mode"),
        # the YAML parser stops at its first error: that file's one problem (its bogus key
        # on line 1 is not seen)
        (str(syntax), 3, None),
        (str(b), 3, "tools.t.max_calls"),
        (str(missing), None, None),
    ]
    assert str(e).splitlines()[0] == "5 errors in 4 files:"
    assert "not valid YAML" in e.problems[2].message
    assert "cannot read policy" in e.problems[4].message


def test_a_bad_file_among_good_ones_still_stops_loading(tmp_path: Path) -> None:
    ok = _write(tmp_path, "version: 1\ntools:\n  t: {max_calls: 1}\n", "ok.yaml")
    bad = _write(tmp_path, "version: 1\ntools:\n  t: {max_calls: x}\n", "bad.yaml")
    for order in ((ok, bad), (bad, ok)):
        e = _fails(*order)
        assert [(p.file, p.line) for p in e.problems] == [(str(bad), 3)]


def test_dict_sources_list_every_problem_too() -> None:
    e = _fails({"version": 1, "bogus": 1, "tools": {"t": {"max_calls": "x"}}})
    assert {(p.file, p.line, p.key) for p in e.problems} == {
        ("<dict>", None, "bogus"),
        ("<dict>", None, "tools.t.max_calls"),
    }


def test_a_policy_error_needs_a_problem() -> None:
    with pytest.raises(ValueError, match="at least one"):
        PolicyError.of([])
