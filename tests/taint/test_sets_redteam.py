"""Red team of the taint index's per-generation key sets and the holding store's kept
collections (3fc473b: TaintIndex._store / contains_key / _published, SharedTaintStore
._held_parts).

Compared against a model of the replaced store (one dict key -> newest generation, generations
dropped one at a time past the cap). Findings:

* R1 (low, performance; fixed: ``_published`` is no longer cleared on eviction, the store's
  file keeps every key): every eviction cleared ``_published``, so once the index
  is at its cap, every later result republishes all its keys to a non-holding shared store,
  also the keys it still holds; the replaced code deduplicated against the stored keys at the
  cap as well. A stream of repeated output at the cap appends all its hashes to the shared
  file each time (the file is append-only and never shrinks; every sibling reads them all).
* R2 (by design, documented in the commit): a set of merged small generations is dropped
  whole, so past the cap up to a 64th of it more is dropped than before; a destination of
  those generations becomes ``unknown`` instead of ``tainted`` (never ``clean``).
"""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path

import pytest

from cordon.store import SharedTaintStore, hash_key
from cordon.taint import TaintIndex, extract_destinations
from cordon.taint._index import _KEY_OVERHEAD


class _OldStore:
    """The store before 3fc473b (no shared store): keys -> newest generation."""

    def __init__(self, max_bytes: int, min_length: int = 6) -> None:
        self.max_bytes, self.min_length = max_bytes, min_length
        self.gen_of: dict[str, int] = {}
        self.gens: deque[tuple[int, list[str], int]] = deque()
        self.counter = self.bytes = 0
        self.truncated = False

    def store(self, keys: set[str]) -> None:
        members = [k for k in keys if len(k) >= self.min_length]
        if not members:
            return
        gen, self.counter = self.counter, self.counter + 1
        self.gen_of.update(dict.fromkeys(members, gen))
        added = sum(map(len, members)) + _KEY_OVERHEAD * len(members)
        self.gens.append((gen, members, added))
        self.bytes += added
        while self.bytes > self.max_bytes and self.gens:
            old_gen, old_members, charged = self.gens.popleft()
            self.bytes -= charged
            self.truncated = True
            for key in old_members:
                if self.gen_of.get(key) == old_gen:
                    del self.gen_of[key]


def _keys(rng: random.Random, pool: list[str], n: int) -> set[str]:
    return {rng.choice(pool) if rng.random() < 0.3 else f"k{rng.random():.12f}" for _ in range(n)}


@pytest.mark.parametrize("seed", range(6))
def test_random_streams_keep_a_subset_of_the_old_keys_and_never_answer_clean(seed: int) -> None:
    rng = random.Random(seed)
    max_bytes = 64 * 1024  # a set is a 64th: 1 KiB, about a dozen keys
    new, old = TaintIndex(max_bytes=max_bytes), _OldStore(max_bytes)
    pool = [f"repeat{i:04d}.example" for i in range(200)]
    extra = 0
    for _ in range(1500):
        n = rng.choice([1, 1, 2, 3, 5, 8, 14, 40, 120])
        keys = _keys(rng, pool, n)
        new.add_keys(set(keys))
        old.store(set(keys))
        got, want = set(new._gen_of), set(old.gen_of)
        assert got <= want  # nothing the old store did not have
        assert new.truncated == old.truncated
        if not old.truncated:
            assert got == want
        assert new.size_bytes <= max_bytes
        extra = max(extra, sum(len(k) + _KEY_OVERHEAD for k in want - got))
    # what the old store still had and this one dropped: about one set (R2)
    assert extra <= 2 * (max_bytes // 64) + 200 * (len("repeat0000.example") + _KEY_OVERHEAD)


def test_a_dropped_merged_set_gives_unknown_never_clean() -> None:
    """R2: the newest small generation of the oldest set goes with it; the old store kept it."""
    max_bytes = 64 * 1024
    new, old = TaintIndex(max_bytes=max_bytes), _OldStore(max_bytes)
    late = "late.evil.example"
    for i in range(12):  # the first set: eleven small generations, the address in the last
        keys = {f"pad{i}-{j}.example" for j in range(1)} | ({late} if i == 11 else set())
        new.add_keys(set(keys))
        old.store(set(keys))
    n = 0
    while not new.truncated:
        keys = {f"fill{n}-{j}.example" for j in range(12)}
        new.add_keys(set(keys))
        old.store(set(keys))
        n += 1
    (dest,) = extract_destinations(late)
    assert late in old.gen_of  # the old store dropped only the first generations
    assert new.lookup(dest) == "unknown"  # (R2) here: unknown, never clean


def test_lookups_probe_a_bounded_number_of_sets() -> None:
    max_bytes = 64 * 1024
    index = TaintIndex(max_bytes=max_bytes)
    big = max_bytes // 64
    for i in range(2000):  # big and tiny generations alternating: each tiny one a set
        if i % 2:
            index.add_keys({f"tiny{i}.example"})
        else:
            count = big // (_KEY_OVERHEAD + 16) + 1
            index.add_keys({f"big{i}-{j:05d}.example"[:16] + f"{j}" for j in range(count)})
        assert len(index._sets) <= 2 * 64 + 2
    assert index.truncated


def test_a_set_handed_to_a_holding_store_is_not_changed_by_later_generations(
    tmp_path: Path,
) -> None:
    store = SharedTaintStore(tmp_path / "c.keys", hold=True)
    index = TaintIndex(max_bytes=64 * 1024, shared=store)
    first = {f"big-{j:04d}.evil.example" for j in range(40)}  # over a 64th: a set of its own
    index.add_keys(set(first))
    later: set[str] = set()
    for i in range(30):  # small ones: merged into a set of their own, not into the first
        keys = {f"small-{i}.evil.example"}
        later |= keys
        index.add_keys(keys)
    assert [set(p) for p in store._held_parts][0] == first
    assert store.contains("small-29.evil.example") and store.contains("big-0039.evil.example")
    store.flush()
    lines = set((tmp_path / "c.keys").read_text().split())
    assert {hash_key(k) for k in first | later} <= lines
    sibling = SharedTaintStore(tmp_path / "c.keys")
    assert all(sibling.contains(k) for k in first | later)
    # after holding stopped: the keys it published are not published again
    size = (tmp_path / "c.keys").stat().st_size
    index.add_keys(set(first))
    assert (tmp_path / "c.keys").stat().st_size == size
    index.add_keys({"fresh.evil.example"})
    assert sibling.contains("fresh.evil.example")
    store.close()
    sibling.close()


def test_held_keys_stay_within_a_memory_bound_counting_the_kept_collections(
    tmp_path: Path,
) -> None:
    """S62 again: test_held_redteam measures ``store._held`` only, which the kept collections
    (``_held_parts``) now leave empty until a lookup asks; measured here over both."""
    store = SharedTaintStore(tmp_path / "c.keys", hold=True)
    idx = TaintIndex(max_bytes=2 << 20, shared=store)
    for n in range(40):
        idx.add_text(f"see https://h{n}.evil.example/" + f"p{n}" * 120_000 + " now")
        held = sum(map(len, store._held)) + sum(len(k) for p in store._held_parts for k in p)
        assert held <= 4 * (2 << 20), f"{held / 1e6:.1f} MB of keys held back"
    assert idx.truncated
    store.close()


def test_repeated_output_at_the_cap_is_not_published_again(tmp_path: Path) -> None:
    path = tmp_path / "c.keys"
    store = SharedTaintStore(path)  # not holding: a client with sibling cordon processes
    index = TaintIndex(max_bytes=64 * 1024, shared=store)
    text = " ".join(f"https://h{i}.evil.example/p" for i in range(30))  # ~90 keys, 1/10 cap
    sizes = []
    for _ in range(40):
        index.add_text(text)
        sizes.append(len(path.read_bytes().split()))
    assert index.truncated  # at the cap, still holding every key of the text
    (dest,) = extract_destinations("https://h7.evil.example/p")
    assert index.lookup(dest, sink_is_url=True) == "tainted"
    store.close()
    # 7a9495b: [90, 90, ..., 90]; here from the cap on: 90 more lines per result
    assert sizes[-1] == sizes[0], sizes
