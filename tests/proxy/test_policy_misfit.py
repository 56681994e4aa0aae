"""Which policies `cordon run` refuses to run a server under (every call denied,
``policy.unknown_tool``): the rule is fail closed for a typo and a foreign pack, and still
usable for a pack that names a tool an older version of its server lacks."""

from __future__ import annotations

from typing import Any

import pytest

from cordon.decider import Decider
from cordon.engine.core import Engine
from cordon.proxy.work import SessionWork

#: an "older filesystem server": the pack's tools but move_file and edit_file
OLD_FS = ("read_text_file", "write_file", "list_directory", "create_directory")


def _work(policy: dict[str, Any], tools: tuple[str, ...] = OLD_FS) -> SessionWork:
    engine = Engine.from_policy([{"version": 1, **policy}], secrets=["hunter2-Correct-Horse-77"])
    session = engine.new_session()
    work = SessionWork(
        engine=engine, session=session, server="files", decider=Decider(session, server="files")
    )
    work.pin_list([{"name": t, "inputSchema": {"type": "object"}} for t in tools], True)
    return work


@pytest.mark.parametrize(
    "policy",
    [
        {"packs": ["filesystem"]},  # the pack's move_file: this version lacks it
        {"packs": ["filesystem"], "tools": {"move_file": {"max_calls": 1}}},  # a pack's tool
        {"tools": {"write_fiel": {"exfiltrating": False}}},  # loosens: restricts nothing
        {"tools": {"write_file": {"max_calls": 3}}},
        # one file for several servers (`tools:` names are global): another server's tools
        {"tools": {"write_file": {"max_calls": 3}, "delete_entities": {"destructive": True}}},
        {"tools": {"send_email": {"sink_params": ["to"]}, "read_graph": {"max_calls": 1}}},
        # another server's settings, and a numbered instance of this one
        {"servers": {"mail": {"untrusted_output": True}, "files2": {"sensitive": True}}},
        {"servers": {"files": {"sensitive": True}, "flies": {"sensitive": True}}},
    ],
)
def test_a_policy_that_fits_runs(policy: dict[str, Any]) -> None:
    work = _work(policy)
    assert work.policy_misfit is None
    assert (
        work.decide("list_directory", {"path": "/"}, approve=None, issue_code=False).verdict.verdict
        == "allow"
    )


@pytest.mark.parametrize(
    ("policy", "said"),
    [
        ({"tools": {"write_fiel": {"max_calls": 1}}}, "tools.write_fiel names no tool it lists (did you mean 'write_file'?)"),
        ({"packs": ["github"]}, "pack 'github' names none of its 4 tools"),
        # near matches of a listed name: folded (case, separators, fullwidth) or one edit
        ({"tools": {"Write-File": {"max_calls": 1}}}, "tools.Write-File names no tool it lists (did you mean 'write_file'?)"),
        ({"tools": {"ｗｒｉｔｅ＿ｆｉｌｅ": {"max_calls": 1}}}, "(did you mean 'write_file'?)"),
        ({"tools": {"wrіte_file": {"max_calls": 1}}}, "(did you mean 'write_file'?)"),  # Cyrillic і
        ({"tools": {"list_directorys": {"max_calls": 1}}}, "(did you mean 'list_directory'?)"),
        # a typo of this server's name under servers: drops its settings
        ({"servers": {"flies": {"sensitive": True}}}, "servers.flies is not its name 'files'"),
        ({"servers": {"Files": {"untrusted_output": True}}}, "servers.Files is not its name"),
    ],
)  # fmt: skip
def test_a_misfit_denies_every_call_and_withholds_secrets(
    policy: dict[str, Any], said: str
) -> None:
    work = _work(policy)
    args = {"path": "/tmp/x", "content": "pw hunter2-Correct-Horse-77"}
    d = work.decide("write_file", args, approve=None, issue_code=False)
    assert (d.verdict.verdict, d.verdict.rule) == ("deny", "policy.unknown_tool")
    assert said in d.verdict.reason and "cordon check --server files" in d.verdict.reason
    assert "hunter2" not in str(d.shown)  # the deny record keeps no secret


def test_the_fit_is_checked_before_any_list_for_a_servers_key() -> None:
    """A ``servers:`` key misspelling the server's name needs no tool list: with no pins
    (the first run) the start-up check (tool names unknown) already denies."""
    engine = Engine.from_policy([{"version": 1, "servers": {"flies": {"sensitive": True}}}])
    session = engine.new_session()
    work = SessionWork(
        engine=engine, session=session, server="files", decider=Decider(session, server="files")
    )
    assert work.fit_policy(None) is not None
    d = work.decide("write_file", {"path": "/tmp/x"}, approve=None, issue_code=False)
    assert (d.verdict.verdict, d.verdict.rule) == ("deny", "policy.unknown_tool")


def test_a_server_alternating_its_list_records_a_stray_entry_once() -> None:
    # a server chooses when its list changes (notifications/tools/list_changed): a list
    # alternating between two name sets refitted the policy each time and wrote one
    # policy.unknown_tool record per stray entry per re-list, an audit flood without bound
    work = _work({"tools": {"send_email": {"sink_params": ["to"]}}})
    lists = [OLD_FS, (*OLD_FS, "extra")]
    records = []
    for i in range(40):
        names = lists[i % 2]
        out = work.pin_list([{"name": t, "inputSchema": {"type": "object"}} for t in names], True)
        records += [r for r in out.records if r.get("rule") == "policy.unknown_tool"]
    assert len(records) <= 1, len(records)
