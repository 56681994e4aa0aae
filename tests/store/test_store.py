"""cordon.store: what the engine needs from the outside world, passed in by the edge."""

from __future__ import annotations

import importlib
import posixpath
from pathlib import Path

import pytest

from cordon.engine.core import Engine, Session
from cordon.policy import load_policy

POLICY = {
    "version": 1,
    "tools": {
        "read_file": {"path_params": ["path"], "allowed_path_prefixes": ["/data/allowed"]},
    },
}


def _session(eng: Engine) -> Session:
    eng.pin_tools([{"name": "read_file", "inputSchema": {"type": "object"}}])
    return eng.new_session()


class MapPaths:
    """A resolver over a made-up filesystem: ``links`` maps a path prefix to its target
    (``..`` is taken lexically, as ``realpath`` does once links are resolved)."""

    def __init__(self, links: dict[str, str], home: str = "/home/u") -> None:
        self.links = links
        self.home = home
        self.calls: list[str] = []

    def expanduser(self, path: str) -> str:
        return self.home + path[1:] if path == "~" or path.startswith("~/") else path

    def realpath(self, path: str) -> str:
        self.calls.append(path)
        path = posixpath.normpath(path)
        for link, target in self.links.items():
            if path == link or path.startswith(link + "/"):
                return target + path[len(link) :]
        return path


def test_the_engine_resolves_paths_through_the_resolver_it_is_given() -> None:
    paths = MapPaths({"/data/allowed/link": "/etc"})
    eng = Engine(load_policy([POLICY]), paths=paths)
    s = _session(eng)
    assert s.check("read_file", {"path": "/data/allowed/notes.txt"}).verdict == "allow"
    v = s.check("read_file", {"path": "/data/allowed/link/passwd"})
    assert (v.verdict, v.rule) == ("deny", "arg.path_outside")
    assert "/data/allowed/link/passwd" in paths.calls


def test_home_comes_from_the_resolver() -> None:
    eng = Engine(load_policy([POLICY]), paths=MapPaths({}, home="/data/allowed"))
    s = _session(eng)
    assert s.check("read_file", {"path": "~/x"}).verdict == "allow"
    assert s.check("read_file", {"path": "~/../x"}).verdict == "deny"


def test_by_default_symlinks_are_resolved_on_the_real_filesystem(tmp_path: Path) -> None:
    from cordon.store import OS_PATHS

    (tmp_path / "allowed").mkdir()
    (tmp_path / "secret").mkdir()
    (tmp_path / "allowed" / "link").symlink_to(tmp_path / "secret")
    policy = {
        "version": 1,
        "tools": {
            "read_file": {
                "path_params": ["path"],
                "allowed_path_prefixes": [str(tmp_path / "allowed")],
            }
        },
    }
    eng = Engine.from_policy([policy])
    assert eng.paths is OS_PATHS
    s = _session(eng)
    assert s.check("read_file", {"path": str(tmp_path / "allowed" / "a.txt")}).verdict == "allow"
    v = s.check("read_file", {"path": str(tmp_path / "allowed" / "link" / "a.txt")})
    assert (v.verdict, v.rule) == ("deny", "arg.path_outside")


def test_from_policy_reads_the_policy_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CORDON_TEST_TOKEN", "tok-0123456789abcdef")
    eng = Engine.from_policy([{"version": 1, "secrets": {"env": ["CORDON_TEST_TOKEN"]}}])
    assert eng.policy_secrets == ("tok-0123456789abcdef",)


def test_psl_warm_loads_the_list_on_a_thread() -> None:
    from cordon.engine.egress import registrable_domain, suffix_list_loaded
    from cordon.store import warm_psl

    th = warm_psl(lambda: True, poll_s=0.001)
    th.join(timeout=30)
    assert not th.is_alive() and th.daemon and th.name == "cordon-psl"
    assert suffix_list_loaded()
    assert registrable_domain("a.b.example.co.uk") == "example.co.uk"


@pytest.mark.parametrize(
    ("name", "home"),
    [
        ("OS_PATHS", "cordon.store.paths"),
        ("OsPaths", "cordon.store.paths"),
        ("PathResolver", "cordon.engine.args"),
        ("PinFile", "cordon.store.pins"),
        ("SharedTaintStore", "cordon.store.shared_taint"),
        ("hash_key", "cordon.store.shared_taint"),
        ("load_policy_secrets", "cordon.store.secrets"),
    ],
)
def test_store_exports_resolve_to_their_modules(name: str, home: str) -> None:
    import cordon.store

    assert getattr(cordon.store, name) is getattr(importlib.import_module(home), name)
    assert name in cordon.store.__all__


def test_unknown_store_attribute_is_an_attribute_error() -> None:
    import cordon.store

    with pytest.raises(AttributeError):
        _ = cordon.store.nothing_here


@pytest.mark.parametrize(
    ("old", "name", "new"),
    [
        ("cordon.engine.pins", "PinFile", "cordon.store.pins"),
        ("cordon.engine.secrets", "load_policy_secrets", "cordon.store.secrets"),
        ("cordon.taint", "SharedTaintStore", "cordon.store.shared_taint"),
        ("cordon.taint", "hash_key", "cordon.store.shared_taint"),
    ],
)
def test_moved_names_still_resolve_from_their_old_modules(old: str, name: str, new: str) -> None:
    """Kept for cordon.proxy, which imports them from the old modules."""
    assert getattr(importlib.import_module(old), name) is getattr(
        importlib.import_module(new), name
    )


def test_the_shared_store_satisfies_the_taint_interface(tmp_path: Path) -> None:
    from cordon.store import SharedTaintStore
    from cordon.taint import SharedTaint

    members = {n for n in vars(SharedTaint) if not n.startswith("_")}
    assert {"contains", "publish", "mark_pending", "mark_done", "truncated"} <= members
    with SharedTaintStore(tmp_path / "k.keys") as store:
        for n in members:
            assert hasattr(store, n), n


def test_present_answers_many_keys_with_one_read(tmp_path: Path) -> None:
    """The shared credentials' lookup (:mod:`cordon.engine.shared_secrets`): the subset of the
    keys another store of the client published; a holding sibling in this process is flushed
    on a miss, as for :meth:`contains`; this store's own held keys are not looked at."""
    from cordon.engine.shared_secrets import SecretLookup
    from cordon.store import SharedTaintStore

    path = tmp_path / "k.keys"
    with SharedTaintStore(path, hold=True) as a, SharedTaintStore(path) as b:
        lookup: SecretLookup = b
        a.publish(["k1", "k2"])  # held in a
        assert a.present(["k1"]) == set()  # its own held keys: its engine knows them
        assert lookup.present(["k1", "k2", "k3"]) == {"k1", "k2"}  # a flushed on the miss
        assert not a.holding
        b.publish(["k3"])
        assert a.present(["k1", "k3", "k4"]) == {"k1", "k3"}
        assert b.present([]) == set()
