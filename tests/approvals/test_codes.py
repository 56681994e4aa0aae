"""The one-time approval code store (issue 3, "If the client cannot elicit")."""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import stat
from pathlib import Path
from typing import Any

import pytest

from cordon._exceptions import ApprovalError
from cordon.approvals.codes import (
    CODE_ALPHABET,
    CodeRecord,
    CodeStore,
    default_store_path,
    normalize_code,
)

T0 = 1_800_000_000.0
CODE_RE = re.compile(r"^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$")


class Clock:
    def __init__(self, t: float = T0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def _key(dest: str = "eve@example.net", param: str = "to") -> list[Any]:
    return ["mail", "send_email", param, dest]


def _issue(store: CodeStore, dest: str = "eve@example.net", param: str = "to") -> str:
    return store.issue(
        server="mail",
        tool="send_email",
        param=param,
        destination=dest,
        rule="taint.unproven",
        reason="the destination was not seen in the user's request",
        approval_key=_key(dest, param),
    )


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "cordon-home" / "approvals.json"


@pytest.fixture
def store(path: Path, clock: Clock) -> CodeStore:
    return CodeStore(path, clock=clock)


# -- issue ------------------------------------------------------------------------------------


def test_issue_creates_a_pending_code_bound_to_the_call(store: CodeStore) -> None:
    code = _issue(store)
    assert CODE_RE.match(code)
    [rec] = store.pending()
    assert rec == CodeRecord(
        code=code,
        server="mail",
        tool="send_email",
        param="to",
        destination="eve@example.net",
        rule="taint.unproven",
        reason="the destination was not seen in the user's request",
        created=T0,
        expires=T0 + 300.0,
        state="pending",
        approval_key=_key(),
    )


def test_codes_use_the_unambiguous_alphabet_and_vary(store: CodeStore) -> None:
    codes = {_issue(store, dest=f"user{i}@example.net") for i in range(40)}
    assert len(codes) == 40
    used = set("".join(codes).replace("-", ""))
    assert used <= set(CODE_ALPHABET)
    assert not used & set("ILOU")
    assert len(used) > 20  # draws from the whole alphabet, not a fixed prefix


def test_issue_dedupes_on_the_same_approval_key(store: CodeStore) -> None:
    code = _issue(store)
    again = store.issue(
        server="mail",
        tool="send_email",
        param="to",
        destination="eve@example.net",
        rule="taint.unproven",
        reason="other wording",
        approval_key=tuple(_key()),  # a tuple equals the list it was stored as
    )
    assert again == code
    assert len(store.pending()) == 1


@pytest.mark.parametrize(
    "dest,param",
    [("eve@example.com", "to"), ("eve@example.net", "cc"), ("Eve@example.net", "to")],
)
def test_issue_near_miss_keys_get_their_own_code(store: CodeStore, dest: str, param: str) -> None:
    first = _issue(store)
    other = _issue(store, dest=dest, param=param)
    assert other != first
    assert {r.code for r in store.pending()} == {first, other}


def test_issue_dedupes_an_approved_unused_code_but_not_a_used_one(store: CodeStore) -> None:
    code = _issue(store)
    store.approve(code)
    assert _issue(store) == code  # approved, retry not yet seen: same code
    assert store.consume(_key()) is not None
    fresh = _issue(store)  # the one retry is spent: a new ask needs a new code
    assert fresh != code
    assert store.get(fresh).state == "pending"  # type: ignore[union-attr]


def test_issue_rejects_a_key_that_is_not_a_json_list(store: CodeStore) -> None:
    with pytest.raises(TypeError):
        store.issue(
            server="s",
            tool="t",
            param=None,
            destination=None,
            rule="r",
            reason="r",
            approval_key="not-a-list",  # type: ignore[arg-type]
        )
    with pytest.raises(TypeError):
        store.issue(
            server="s",
            tool="t",
            param=None,
            destination=None,
            rule="r",
            reason="r",
            approval_key=[object()],
        )
    assert store.pending() == []


def test_issue_refuses_past_max_open(path: Path, clock: Clock) -> None:
    store = CodeStore(path, clock=clock, max_open=3)
    for i in range(3):
        _issue(store, dest=f"u{i}@example.net")
    with pytest.raises(ApprovalError, match="already open"):
        _issue(store, dest="u3@example.net")
    assert _issue(store, dest="u0@example.net")  # an existing key still answers
    clock.t += 301
    assert _issue(store, dest="u3@example.net")  # expired ones no longer count


# -- get / normalisation ----------------------------------------------------------------------


def test_get_is_case_insensitive_and_dash_optional(store: CodeStore) -> None:
    code = _issue(store)
    for typed in (code, code.lower(), code.replace("-", ""), f"  {code[:4]} {code[5:]} "):
        rec = store.get(typed)
        assert rec is not None and rec.code == code


def test_normalize_code_maps_crockford_confusions() -> None:
    assert normalize_code("o1il-abcd") == "0111-ABCD"
    assert normalize_code("7kqf-m2xd") == "7KQF-M2XD"
    for bad in ("7KQF-M2X", "7KQF-M2XDD", "7KQF-M2XU", "", "7KQF_M2XD", "x" * 100):
        assert normalize_code(bad) is None


def test_get_unknown_or_malformed_is_none(store: CodeStore) -> None:
    code = _issue(store)
    other = "0000-0000" if code != "0000-0000" else "1111-1111"
    assert store.get(other) is None
    assert store.get("not a code") is None


def test_reads_of_a_missing_store_are_empty_and_create_nothing(path: Path) -> None:
    store = CodeStore(path)
    assert store.pending() == []
    assert store.get("7KQF-M2XD") is None
    assert store.consume(_key()) is None
    assert not path.parent.exists()


def test_default_path_is_under_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_store_path() == tmp_path / ".cordon" / "approvals.json"
    assert CodeStore().path == tmp_path / ".cordon" / "approvals.json"


# -- approve ----------------------------------------------------------------------------------


def test_approve_marks_approved(store: CodeStore, clock: Clock) -> None:
    code = _issue(store)
    clock.t += 10
    rec = store.approve(code.lower())
    assert (rec.state, rec.approved_at, rec.used_at) == ("approved", T0 + 10, None)
    assert store.get(code) == rec
    assert store.approve(code) == rec  # idempotent while unused


def test_approve_unknown_expired_used_raise(store: CodeStore, clock: Clock) -> None:
    with pytest.raises(ApprovalError, match="unknown"):
        store.approve("7KQF-M2XD")
    with pytest.raises(ApprovalError, match="not an approval code"):
        store.approve("hello")
    code = _issue(store)
    store.approve(code)
    store.consume(_key())
    with pytest.raises(ApprovalError, match="already used"):
        store.approve(code)
    late = _issue(store, dest="late@example.net")
    clock.t += 300
    with pytest.raises(ApprovalError, match="expired"):
        store.approve(late)
    assert store.get(late).state == "pending"  # type: ignore[union-attr]


# -- consume ----------------------------------------------------------------------------------


def test_consume_allows_exactly_one_retry(store: CodeStore, clock: Clock) -> None:
    code = _issue(store)
    assert store.consume(_key()) is None  # pending: nobody approved it yet
    store.approve(code)
    clock.t += 5
    rec = store.consume(_key())
    assert rec is not None and rec.code == code
    assert (rec.state, rec.used_at) == ("used", T0 + 5)
    assert store.consume(_key()) is None
    assert store.pending() == []


@pytest.mark.parametrize(
    "key",
    [
        _key(dest="eve@example.com"),
        _key(param="cc"),
        ["mail", "send_email", "to"],
        [*_key(), "extra"],
        ["other", "send_email", "to", "eve@example.net"],
    ],
)
def test_consume_near_miss_key_changes_nothing(store: CodeStore, key: list[Any]) -> None:
    code = _issue(store)
    store.approve(code)
    assert store.consume(key) is None
    assert store.get(code).state == "approved"  # type: ignore[union-attr]
    assert store.consume(_key()) is not None


def test_consume_after_expiry_is_none(store: CodeStore, clock: Clock) -> None:
    code = _issue(store)
    store.approve(code)
    clock.t += 299.999
    assert [r.code for r in store.pending()] == [code]
    clock.t = T0 + 300.0
    assert store.pending() == []
    assert store.consume(_key()) is None
    assert store.get(code).state == "approved"  # type: ignore[union-attr]


def test_custom_ttl(path: Path, clock: Clock) -> None:
    store = CodeStore(path, clock=clock, ttl_s=30)
    code = _issue(store)
    assert store.get(code).expires == T0 + 30  # type: ignore[union-attr]
    clock.t += 30
    assert store.pending() == []
    with pytest.raises(ValueError):
        CodeStore(path, ttl_s=0)


def test_old_records_are_pruned_on_write(store: CodeStore, clock: Clock) -> None:
    old = _issue(store, dest="old@example.net")
    clock.t += 300 + 1800
    assert store.get(old) is not None  # kept a while, so `approve` can say "expired"
    clock.t += 1800
    _issue(store, dest="new@example.net")
    assert store.get(old) is None


# -- fail closed: corrupt or unsafe store ------------------------------------------------------


def _valid_doc(path: Path) -> dict[str, Any]:
    return json.loads(path.read_bytes())


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"\x00\x01garbage",
        b'{"version": 1, "codes": [',
        b"[]",
        b'{"version": 2, "codes": []}',
        b'{"version": 1, "codes": {}}',
        b'{"version": 1, "codes": [], "extra": 1}',
        b'{"version": 1, "version": 1, "codes": []}',
        b'{"version": true, "codes": []}',
    ],
)
def test_corrupt_store_raises_not_empty(store: CodeStore, path: Path, content: bytes) -> None:
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    os.chmod(path, 0o600)
    for op in (
        store.pending,
        lambda: store.get("7KQF-M2XD"),
        lambda: store.consume(_key()),
        lambda: store.approve("7KQF-M2XD"),
        lambda: _issue(store),
    ):
        with pytest.raises(ApprovalError, match="corrupt"):
            op()
    assert path.read_bytes() == content  # never overwritten


@pytest.mark.parametrize(
    "mutate",
    [
        lambda r: r.update(state="granted"),
        lambda r: r.update(code="7KQF-M2XU"),
        lambda r: r.update(expires="soon"),
        lambda r: r.update(expires=float("inf")),
        lambda r: r.update(created=True),
        lambda r: r.update(approval_key="k"),
        lambda r: r.update(server=None),
        lambda r: r.update(surprise=1),
        lambda r: r.pop("reason"),
        lambda r: r.update(state="used"),  # used without approved_at / used_at
    ],
)
def test_bad_record_raises(store: CodeStore, path: Path, mutate: Any) -> None:
    _issue(store)
    doc = _valid_doc(path)
    mutate(doc["codes"][0])
    path.write_text(json.dumps(doc))
    with pytest.raises(ApprovalError, match="corrupt"):
        store.pending()


def test_a_duplicated_code_is_corrupt(store: CodeStore, path: Path) -> None:
    _issue(store)
    doc = _valid_doc(path)
    doc["codes"].append(dict(doc["codes"][0], approval_key=["other"]))
    path.write_text(json.dumps(doc))
    with pytest.raises(ApprovalError, match="twice"):
        store.pending()


def test_untouched_valid_store_round_trips(store: CodeStore, path: Path) -> None:
    code = _issue(store)
    path.write_text(json.dumps(_valid_doc(path)))  # rewritten by hand, same content
    assert store.get(code) is not None


def test_file_and_directory_modes(store: CodeStore, path: Path) -> None:
    _issue(store)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert [p.name for p in path.parent.iterdir() if p.name.startswith(".")] == []  # no temp left


def test_group_writable_store_is_refused(store: CodeStore, path: Path) -> None:
    code = _issue(store)
    os.chmod(path, 0o620)
    with pytest.raises(ApprovalError, match="writable by group or others"):
        store.approve(code)
    os.chmod(path, 0o640)  # near miss: readable by group is not a tamper risk
    assert store.approve(code).state == "approved"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # the rewrite restores 0600


def test_a_symlinked_store_is_refused(store: CodeStore, path: Path, tmp_path: Path) -> None:
    real = tmp_path / "elsewhere.json"
    real.write_text('{"version": 1, "codes": []}')
    path.parent.mkdir(parents=True)
    path.symlink_to(real)
    with pytest.raises(ApprovalError, match="cannot open"):
        store.pending()


# -- several instances and processes -------------------------------------------------------------


def test_two_instances_see_each_others_writes(path: Path, clock: Clock) -> None:
    a, b = CodeStore(path, clock=clock), CodeStore(path, clock=clock)
    code = _issue(a)
    assert _issue(b) == code  # b dedupes against a's record
    assert b.approve(code).state == "approved"
    assert a.get(code).state == "approved"  # type: ignore[union-attr]
    assert a.consume(_key()) is not None
    assert b.consume(_key()) is None


def _issue_many(path: str, worker: int, n: int) -> list[str]:
    store = CodeStore(path)
    return [_issue(store, dest=f"w{worker}-{i}@example.net") for i in range(n)]


def _consume_once(path: str) -> str | None:
    rec = CodeStore(path).consume(_key())
    return rec.code if rec else None


def test_concurrent_issue_from_processes_loses_nothing(tmp_path: Path) -> None:
    path = str(tmp_path / "approvals.json")
    workers, per = 6, 15
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(workers) as pool:
        results = pool.starmap(_issue_many, [(path, w, per) for w in range(workers)])
    issued = [c for batch in results for c in batch]
    assert len(set(issued)) == workers * per
    stored = CodeStore(path).pending()
    assert {r.code for r in stored} == set(issued)
    assert {r.destination for r in stored} == {
        f"w{w}-{i}@example.net" for w in range(workers) for i in range(per)
    }


def test_concurrent_consume_allows_one_retry_only(tmp_path: Path) -> None:
    path = str(tmp_path / "approvals.json")
    store = CodeStore(path)
    code = _issue(store)
    store.approve(code)
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(6) as pool:
        got = pool.map(_consume_once, [path] * 12)
    assert got.count(code) == 1
    assert got.count(None) == 11


def test_an_in_place_same_size_edit_is_seen_not_served_from_cache(
    store: CodeStore, path: Path
) -> None:
    code = _issue(store)
    assert store.get(code).destination == "eve@example.net"  # type: ignore[union-attr]
    data = path.read_bytes()
    edited = data.replace(b"eve@example.net", b"eve@example.org")
    assert len(edited) == len(data)
    path.write_bytes(edited)  # same inode, same size, likely the same mtime tick
    assert store.get(code).destination == "eve@example.org"  # type: ignore[union-attr]
    path.write_bytes(data[:-1] + b"]")
    with pytest.raises(ApprovalError, match="corrupt"):
        store.get(code)
