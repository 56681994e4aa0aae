"""A ``file:`` resource URI is confined to the policy's global ``allowed_path_prefixes`` as a
path argument is (:data:`cordon.engine.client_requests.FILES_CHECK`): ``resources/read``,
``resources/subscribe`` and ``subscriptions/listen``, decided by the real engine on a real
directory tree (symlinks resolved by the real resolver). Without global prefixes nothing
changes. ``cordon serve`` decides the same way (it asks the same engine method)."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from cordon import Engine
from cordon.engine import rules
from cordon.engine.args import check_file_url
from cordon.server import ServeCore

OUTSIDE = rules.ARG_PATH_OUTSIDE
UNRESOLVABLE = rules.ARG_PATH_UNRESOLVABLE


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """``project/`` (the prefix) with a note and a symlink out to ``secret/key``."""
    project = tmp_path / "project"
    (project / "sub").mkdir(parents=True)
    (project / "notes.txt").write_text("notes", "utf-8")
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "key").write_text("-----BEGIN", "utf-8")
    (project / "link").symlink_to(secret)
    return tmp_path


def _session(prefixes: list[str]) -> Any:
    policy: dict[str, Any] = {"version": 1}
    if prefixes:
        policy["allowed_path_prefixes"] = prefixes
    return Engine.from_policy([policy]).new_session()


def _read(tree: Path, uri: str, method: str = "resources/read") -> tuple[str, str]:
    v = _session([str(tree / "project")]).check_request(method, {"uri": uri})
    return v.verdict, v.rule


def _p(tree: Path, rel: str = "") -> str:
    """The project's path (and ``rel`` under it), as written in a URI."""
    return str(tree / "project") + rel


@pytest.mark.parametrize(
    "spell",
    [
        "file://{p}/notes.txt",
        "file://localhost{p}/notes.txt",
        "file://LOCALHOST{p}/notes.txt",
        "FILE://{p}/notes.txt",
        "file:{p}/notes.txt",  # RFC 8089's minimal form
        "file://{p}/not%20yet%20written.txt",  # percent-encoded, decoded once: inside
        "file://{p}",  # the prefix itself
        "file://{p}/sub/../notes.txt",  # a dot segment that stays inside
        "file://{p}/notes.txt#top",
        "file://{p}/notes.txt?v=2",
    ],
)
def test_a_file_uri_inside_the_prefixes_is_allowed(tree: Path, spell: str) -> None:
    uri = spell.format(p=_p(tree))
    for method in ("resources/read", "resources/subscribe"):
        assert _read(tree, uri, method) == ("allow", "default.allow"), uri


@pytest.mark.parametrize(
    ("spell", "rule"),
    [
        ("file://{t}/secret/key", OUTSIDE),
        ("file://localhost{t}/secret/key", OUTSIDE),
        ("file:///etc/passwd", OUTSIDE),
        ("  file:///etc/passwd", OUTSIDE),  # behind white space a server strips
        ("fi\tle:///etc/passwd", OUTSIDE),  # a URL parser drops the tab
        ("file://{p}_secrets/x", OUTSIDE),  # a sibling that shares the prefix's text
        # .. segments, as written and percent-encoded
        ("file://{p}/../secret/key", OUTSIDE),
        ("file://{p}/%2e%2e/secret/key", OUTSIDE),
        ("file://{p}/..%2Fsecret%2Fkey", OUTSIDE),  # an encoded slash
        ("file://{p}/%252e%252e/secret/key", OUTSIDE),  # encoded twice: a server decoding twice
        ("file://{p}/..\\secret\\key", OUTSIDE),  # backslashes, as Windows splits
        # a literal ``..?x`` inside to a reader of the whole text; the parent to a URL parser
        ("file://{p}/..?/project/notes.txt", OUTSIDE),
        ("file://{p}/..#/project/notes.txt", OUTSIDE),
        ("file://{p}/..%3F/project/notes.txt", OUTSIDE),  # urlparse(unquote(uri))
        # a symlink inside the project to a directory outside it
        ("file://{p}/link/key", OUTSIDE),
        # Windows drives: under no POSIX prefix
        ("file:///C:/Users/me/.ssh/id_rsa", OUTSIDE),
        ("file:///c|/Users/me/.ssh/id_rsa", OUTSIDE),
        ("file:///C%3A/Users/me/.ssh/id_rsa", OUTSIDE),
        # another host: no local path (fail closed)
        ("file://evil/share/x", UNRESOLVABLE),
        ("file://evil{p}/notes.txt", UNRESOLVABLE),  # the project's path on another host
        ("file://127.0.0.1{p}/notes.txt", UNRESOLVABLE),
        ("file://localhost:22{p}/notes.txt", UNRESOLVABLE),
        ("file://me@localhost{p}/notes.txt", UNRESOLVABLE),
        ("file://C:/x", UNRESOLVABLE),
        ("file:////evil/share/x", UNRESOLVABLE),  # RFC 8089 E.3.2: a UNC path
        ("file:///" + "/{p}/notes.txt", UNRESOLVABLE),  # UNC: its first component a host
        ("file:///%2F%2Fevil/share/x", UNRESOLVABLE),
        ("file:///\\\\evil\\share\\x", UNRESOLVABLE),
        # no absolute path
        ("file:notes.txt", UNRESOLVABLE),
        ("file://localhost", UNRESOLVABLE),
        ("file://{p}/notes%00.txt", UNRESOLVABLE),
        # a file: URL wrapped in another scheme, or handed on in a query
        ("jar:file://{t}/secret/key!/x", OUTSIDE),
        ("proxy://get?url=file://{t}/secret/key", OUTSIDE),
        ("proxy://get?url=" + quote("file:///etc/passwd", safe=""), OUTSIDE),
    ],
)
def test_a_file_uri_outside_the_prefixes_is_denied(tree: Path, spell: str, rule: str) -> None:
    uri = spell.format(p=_p(tree), t=str(tree))
    for method in ("resources/read", "resources/subscribe"):
        assert _read(tree, uri, method) == ("deny", rule), uri


def test_the_deny_names_the_uri_param_and_not_the_uri(tree: Path) -> None:
    uri = f"file://{tree}/secret/AKIAQ3EGRTXN5ZV7HBLM"
    v = _session([_p(tree)]).check_request("resources/read", {"uri": uri})
    assert (v.verdict, v.rule, v.param) == ("deny", OUTSIDE, "uri")
    assert "AKIA" not in v.reason and "allowed_path_prefixes" in v.reason


def test_subscriptions_listen_is_denied_when_any_uri_is_outside(tree: Path) -> None:
    inside, outside = f"file://{_p(tree)}/notes.txt", f"file://{tree}/secret/key"
    s = _session([_p(tree)])

    def listen(uris: list[str]) -> tuple[str, str]:
        v = s.check_request(
            "subscriptions/listen", {"notifications": {"resourceSubscriptions": uris}}
        )
        return v.verdict, v.rule

    assert listen([inside]) == ("allow", "default.allow")
    assert listen([inside, outside]) == ("deny", OUTSIDE)
    assert listen(["note://a", outside]) == ("deny", OUTSIDE)


def test_unsubscribe_is_never_refused_for_its_path(tree: Path) -> None:
    """Unsubscribing reads nothing; refusing it would only keep a subscription alive."""
    assert _read(tree, "file:///etc/passwd", "resources/unsubscribe") == (
        "allow",
        "default.allow",
    )


@pytest.mark.parametrize(
    "uri", ["file:///etc/passwd", "file://evil/share/x", "file:///C:/x", "file:notes.txt"]
)
def test_without_global_prefixes_nothing_changes(uri: str) -> None:
    """Per-tool prefixes confine that tool's arguments only; a request is no tool's."""
    s = Engine.from_policy(
        [{"version": 1, "tools": {"read_file": {"path_params": ["path"],
                                                "allowed_path_prefixes": ["/srv"]}}}]
    ).new_session()  # fmt: skip
    v = s.check_request("resources/read", {"uri": uri})
    assert (v.verdict, v.rule) == ("allow", "default.allow")


def test_other_schemes_are_not_read_as_paths(tree: Path) -> None:
    for uri in ("note://inbox/1", "mem:///etc/passwd", "urn:isbn:0451450523", "fileserver:///x"):
        assert _read(tree, uri) == ("allow", "default.allow"), uri


def test_a_tool_path_argument_and_a_resource_uri_get_the_same_answer(tree: Path) -> None:
    """The confinement is the path argument's: the same readings, the same rule (a call
    spells the path plainly: ``egress.scheme`` refuses a ``file:`` URL in a call)."""
    policy = {
        "version": 1,
        "allowed_path_prefixes": [_p(tree)],
        "tools": {"read_file": {"path_params": ["path"]}},
    }
    engine = Engine.from_policy([policy])
    engine.pin_tools([{"name": "read_file", "inputSchema": {"type": "object"}}])
    s = engine.new_session()
    for rel in ("/notes.txt", "/../secret/key", "/link/key", "/%2e%2e/secret/key"):
        call = s.check("read_file", {"path": _p(tree, rel)})
        request = s.check_request("resources/read", {"uri": f"file://{_p(tree, rel)}"})
        assert (call.verdict, call.rule) == (request.verdict, request.rule), rel


def test_check_file_url_decodes_as_rfc_8089_says(tmp_path: Path) -> None:
    """A path is percent-decoded (once, and as often as it decodes); the text as written is
    not a reading of its own: ``pathlib``'s ``as_uri`` encodes a space, so a project named
    ``my project`` is ``my%20project`` in every URI a client builds for it."""
    project = tmp_path / "my project"
    project.mkdir()
    prefixes = (str(project),)
    assert check_file_url(Path(project / "a b.txt").as_uri(), prefixes) is None
    assert check_file_url((project / "x").as_uri() + "/%2e%2e/%2e%2e", prefixes) == (
        OUTSIDE,
        "resolves outside the allowed prefixes",
    )
    assert check_file_url((tmp_path / "my").as_uri() + "%2520project/x", prefixes) is None


def test_cordon_serve_decides_a_file_uri_as_cordon_run_does(tree: Path) -> None:
    core = ServeCore.from_sources([{"version": 1, "allowed_path_prefixes": [_p(tree)]}])
    read = {"method": "resources/read", "params": {"uri": f"file://{tree}/secret/key"}}
    r = core.check_client_request(read)
    assert (r["verdict"], r["rule"], r["param"]) == ("deny", OUTSIDE, "uri")
    ok = {"method": "resources/read", "params": {"uri": f"file://{_p(tree)}/notes.txt"}}
    assert core.check_client_request(ok)["verdict"] == "allow"
