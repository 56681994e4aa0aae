"""The scanner finds the same things with and without Hyperscan.

``CORDON_HYPERSCAN=0`` (and a process whose databases are still compiling, and a platform with
no wheel) takes the pure-Python passes; a firewall whose accelerated path finds less fails
open. Two fresh processes scan the same texts (:mod:`tests.content.parity`: corpus files,
attack lists, payloads spliced into large texts where the paths cut them) and must give the
same findings, in the same order, with the same severities, spans and evidence.
``bench/content/hs_parity.py`` runs the full set (10 MB texts, the real-text document).

The readings' regions are also compared in one process, block by block, on texts built to
put marks across the 256-byte blocks: the regions once differed (the Python pass read the
whole text once a mark occurred anywhere: 23-34 more findings on the outside attack lists).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cordon.content import _accel, readings

ROOT = Path(__file__).resolve().parents[2]


def _run(hyperscan: bool) -> list[dict[str, Any]]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), CORDON_HYPERSCAN="1" if hyperscan else "0")
    out = subprocess.run(
        [sys.executable, "-m", "tests.content.parity", "sample"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    ).stdout
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.skipif(not _accel.available(), reason="no hyperscan wheel")
def test_the_same_findings_with_and_without_hyperscan() -> None:
    fast, slow = _run(True), _run(False)
    assert [r["name"] for r in fast] == [r["name"] for r in slow]
    assert len(fast) > 30
    assert sum(len(r["findings"]) for r in fast) > 500
    for f, s in zip(fast, slow, strict=True):
        assert f["findings"] == s["findings"], f["name"]


_PIECES = (
    "i g n o r e",
    "1gn0r3 4ll",
    "vtaber nyy",
    "\n- item\n- item",
    "49 67 6e 6f 72 65 20 61 6c 6c 20 70",
    "x86 and h264",
    "plain words here, nothing else at all. ",
    "Система работает. ",
    "\n",
)


@pytest.mark.skipif(not _accel.available(), reason="no hyperscan wheel")
def test_the_readings_regions_are_the_same_with_and_without_hyperscan() -> None:
    readings.warm(wait=True)
    rng = random.Random(7)
    saved_find, saved_ends = _accel.find, _accel.ends
    for _ in range(150):
        text = "".join(
            rng.choice(_PIECES) if rng.random() < 0.2 else _PIECES[6]
            for _ in range(rng.randrange(150, 400))
        )
        view = text.encode("ascii", "replace").lower()
        assert len(view) >= readings._SHORT
        fast = readings._regions(view)  # Hyperscan's raw ends, decided by re
        try:
            _accel.ends = lambda anchors, view: None
            confirmed = readings._regions(view)  # Hyperscan's confirmed spans
            _accel.find = lambda anchors, view: None
            slow = readings._regions(view)  # re alone
        finally:
            _accel.find, _accel.ends = saved_find, saved_ends
        assert fast == confirmed == slow, text
        # and each region is a marked block widened: a block with a mark start is covered
        for i, pattern in enumerate(readings._GATE_RE):
            for m in pattern.finditer(view):
                assert any(lo <= m.start() < hi for lo, hi in fast[i]), (i, m)
