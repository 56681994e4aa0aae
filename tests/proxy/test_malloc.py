"""The recording worker's allocator tuning: set on glibc, skipped when asked or when the
environment tunes malloc itself (run in a child interpreter: it changes process state)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

_CODE = "from cordon.proxy import _malloc; print(_malloc.tune())"


def _tune(**env: str) -> str:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("MALLOC_", "GLIBC_TUN"))}
    full.pop("CORDON_MALLOC_TUNE", None)
    full.update(env)
    out = subprocess.run([sys.executable, "-c", _CODE], env=full, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def _glibc() -> bool:
    try:
        return sys.platform.startswith("linux") and bool(os.confstr("CS_GNU_LIBC_VERSION"))
    except (ValueError, OSError):
        return False


@pytest.mark.skipif(not _glibc(), reason="glibc only")
def test_tuned_on_glibc() -> None:
    assert _tune() == "True"


def test_skipped_when_asked_or_tuned_by_the_environment() -> None:
    assert _tune(CORDON_MALLOC_TUNE="0") == "False"
    assert _tune(MALLOC_TRIM_THRESHOLD_="1048576") == "False"
    assert _tune(GLIBC_TUNABLES="glibc.malloc.trim_threshold=1048576") == "False"
