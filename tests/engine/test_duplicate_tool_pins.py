"""A tool name listed twice with different definitions in one tools/list (``pin.duplicate_tool``):
hidden from the page that repeats it and every call denied, for the life of the pins; a
repeat of the same definition is no duplicate. Through the engine's own ``pin_tools`` and
``Session.check`` (the proxy's and the library's path)."""

from __future__ import annotations

from typing import Any

from cordon.engine.core import Engine
from cordon.engine.pins import PinSet
from cordon.policy import load_policy


def _tool(name: str, desc: str = "Keep a note.") -> dict[str, Any]:
    return {"name": name, "description": desc, "inputSchema": {"type": "object"}}


PLAIN, OTHER, ECHO = _tool("note"), _tool("note", "Keep a note, tagged."), _tool("echo")


def _engine() -> Engine:
    return Engine(load_policy([]))


def test_two_definitions_in_one_page_hide_the_name_and_deny_its_calls() -> None:
    eng = _engine()
    report = eng.pin_tools([PLAIN, ECHO, OTHER])
    assert [t["name"] for t in report.visible] == ["echo"]
    assert report.hidden["note"].rule == "pin.duplicate_tool"
    v = eng.new_session().check("note", {})
    assert (v.verdict, v.rule) == ("deny", "pin.duplicate_tool")
    assert "listed more than once" in v.reason
    assert eng.new_session().check("echo", {}).verdict == "allow"


def test_a_definition_repeated_on_a_later_page_is_a_duplicate() -> None:
    eng = _engine()
    first = eng.pin_tools([PLAIN, ECHO], complete=False)
    assert {t["name"] for t in first.visible} == {"note", "echo"}  # (delivered already)
    second = eng.pin_tools([OTHER], complete=True)
    assert second.hidden["note"].rule == "pin.duplicate_tool" and not second.visible
    assert eng.new_session().check("note", {}).rule == "pin.duplicate_tool"


def test_the_name_stays_denied_after_a_list_that_names_it_once() -> None:
    eng = _engine()
    eng.pin_tools([PLAIN, ECHO])
    assert eng.new_session().check("note", {}).verdict == "allow"
    eng.pin_tools([PLAIN, OTHER, ECHO])  # a re-list (list_changed) that repeats it
    eng.pin_tools([PLAIN, ECHO])  # the client may still hold the other definition
    assert eng.new_session().check("note", {}).rule == "pin.duplicate_tool"
    eng.set_baseline("default", PinSet())  # pins made again (a restart, serve's new list)
    eng.pin_tools([PLAIN, ECHO])
    assert eng.new_session().check("note", {}).verdict == "allow"


def test_the_same_definition_twice_is_no_duplicate() -> None:
    eng = _engine()
    report = eng.pin_tools([PLAIN, ECHO, dict(PLAIN)], complete=False)
    assert [t["name"] for t in report.visible] == ["note", "echo", "note"]
    assert not eng.pin_tools([PLAIN], complete=True).hidden  # the first page again
    eng.pin_tools([PLAIN, ECHO])  # a later complete list starts afresh
    assert eng.new_session().check("note", {}).verdict == "allow"


def test_the_proxy_names_a_duplicate_on_stderr_once_and_audits_each_hiding() -> None:
    from cordon.decider import Decider
    from cordon.proxy.work import SessionWork

    eng = _engine()
    session = eng.new_session()
    work = SessionWork(
        engine=eng, session=session, server="notes", decider=Decider(session, server="notes")
    )
    outcomes = [work.pin_list([PLAIN, ECHO, OTHER], True) for _ in range(2)]
    said = [p for o in outcomes for p in o.problems if "'note'" in p]
    assert len(said) == 1 and "(pin.duplicate_tool)" in said[0], said
    # each hiding is audited: one listing record naming the tool and its rule, then the
    # same set again as a repeat of that record's digest
    [first], [again] = (o.records for o in outcomes)
    assert first["kind"] == again["kind"] == "listing"
    assert first["tools"] == [{"tool": "note", "rule": "pin.duplicate_tool"}]
    assert first["hidden"] == again["hidden"] == 1
    assert again["repeat"] == 1 and again["digest"] == first["digest"]
    assert all([t["name"] for t in o.visible or []] == ["echo"] for o in outcomes)
