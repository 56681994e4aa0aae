"""Egress rules and tools the policy declares local (``exfiltrating: false`` and
``egress: false``: the filesystem, git and memory packs). What such a tool stores (a file's
text, an edit, a commit message) mentions addresses without being sent to them: an nginx or
compose file that says ``127.0.0.1:8080`` was denied as ``egress.private_address``. The
places it may still name are judged: its path and sink parameters (a UNC path names a host)
and any host- or URL-named argument; every other tool keeps having every string read."""

from __future__ import annotations

from typing import Any

import pytest

from cordon import Engine

NGINX = (
    "server {\n    listen 127.0.0.1:8080;\n    location / { proxy_pass http://10.0.0.5:3000; }\n}\n"
)
COMPOSE = "services:\n  admin:\n    healthcheck: curl -f http://192.168.1.10/admin\n"
METADATA_NOTE = "the instance reads http://169.254.169.254/latest/meta-data/ at boot"


def _check(policy: dict[str, Any], tool: str, args: dict[str, Any]) -> tuple[str, str]:
    eng = Engine.from_policy([{"version": 1, **policy}])
    eng.pin_tools([{"name": tool, "inputSchema": {"type": "object"}}])
    d = eng.new_session().check(tool, args)
    return d.verdict, d.rule


FS = {"packs": ["filesystem"], "allowed_path_prefixes": ["/srv/proj"]}


@pytest.mark.parametrize("content", [NGINX, COMPOSE, METADATA_NOTE, "listens on 127.0.0.1:8080"])
def test_a_file_written_through_the_filesystem_pack_is_not_a_destination(content: str) -> None:
    args = {"path": "/srv/proj/deploy/nginx.conf", "content": content}
    assert _check(FS, "write_file", args) == ("allow", "default.allow")


def test_an_edit_through_the_filesystem_pack_is_not_a_destination() -> None:
    edits = [{"oldText": "listen 80;", "newText": "listen 127.0.0.1:8080;"}]
    args = {"path": "/srv/proj/nginx.conf", "edits": edits, "dryRun": False}
    assert _check(FS, "edit_file", args) == ("allow", "default.allow")


def test_a_commit_message_through_the_git_pack_is_not_a_destination() -> None:
    pol = {"packs": ["git"], "allowed_path_prefixes": ["/srv/proj"]}
    args = {"repo_path": "/srv/proj", "message": "point the proxy at http://192.168.1.10/admin"}
    assert _check(pol, "git_commit", args) == ("allow", "default.allow")


@pytest.mark.parametrize(
    ("args", "rule"),
    [
        # a path parameter is still a place: a UNC path names a host
        ({"path": "//10.0.0.1/share/x", "content": "x"}, "egress.private_address"),
        ({"path": "//169.254.169.254/x", "content": "x"}, "egress.metadata"),
        # a URL-named argument is read as one whatever the tool is declared to be
        ({"path": "/srv/x", "content": "x", "url": "http://127.0.0.1/"}, "egress.private_address"),
        (
            {"path": "/srv/x", "content": "x", "webhook": "http://10.1.1.1/"},
            "egress.private_address",
        ),
        ({"path": "/srv/x", "content": "x", "host": "localhost"}, "egress.private_address"),
    ],
)
def test_the_places_a_local_tool_names_are_still_judged(args: dict[str, Any], rule: str) -> None:
    assert _check({"packs": ["filesystem"]}, "write_file", args) == ("deny", rule)


def test_a_sink_parameter_of_a_local_tool_is_still_judged() -> None:
    pol = {"tools": {"mirror": {"exfiltrating": False, "egress": False, "sink_params": ["to"]}}}
    assert _check(pol, "mirror", {"to": "10.0.0.7:9000", "note": "x"}) == (
        "deny",
        "egress.private_address",
    )
    assert _check(pol, "mirror", {"to": "files", "note": "at 10.0.0.7:9000"}) == (
        "allow",
        "default.allow",
    )


@pytest.mark.parametrize(
    "policy",
    [
        {},  # no policy: every string of an unknown tool is read
        {"tools": {"write_file": {"exfiltrating": False}}},  # sends nothing, may still connect
        {"tools": {"write_file": {"egress": False}}},  # the sink checks still on
        {"packs": ["filesystem"], "tools": {"write_file": {"egress": True}}},  # the user's word
    ],
)
def test_only_a_tool_declared_local_by_the_policy_has_its_text_passed_over(
    policy: dict[str, Any],
) -> None:
    args = {"path": "/srv/proj/nginx.conf", "content": "listens on 127.0.0.1:8080"}
    assert _check(policy, "write_file", args) == ("deny", "egress.private_address")


def test_a_servers_closed_world_hint_alone_lifts_nothing() -> None:
    eng = Engine.from_policy([{"version": 1}])
    ann = {"openWorldHint": False, "readOnlyHint": False}
    eng.pin_tools([{"name": "write_file", "inputSchema": {"type": "object"}, "annotations": ann}])
    d = eng.new_session().check("write_file", {"path": "/x", "content": "http://10.0.0.1/"})
    assert (d.verdict, d.rule) == ("deny", "egress.private_address")


@pytest.mark.parametrize(
    ("pack", "tool", "args", "rule"),
    [
        ("fetch", "fetch", {"url": "http://127.0.0.1:8080/"}, "egress.private_address"),
        ("fetch", "fetch", {"url": "http://192.168.1.10/admin"}, "egress.private_address"),
        ("fetch", "fetch", {"url": "http://169.254.169.254/latest/"}, "egress.metadata"),
        ("playwright", "browser_navigate", {"url": "http://10.0.0.1/"}, "egress.private_address"),
    ],
)
def test_network_tools_keep_their_egress_denials(
    pack: str, tool: str, args: dict[str, Any], rule: str
) -> None:
    assert _check({"packs": [pack]}, tool, args) == ("deny", rule)
