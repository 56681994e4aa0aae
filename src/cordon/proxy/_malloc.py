"""Keep large freed buffers in the recording worker's heap (glibc), so its 10 MB copies do
not fault their pages in again for every result.

The worker reads each large text into a buffer, decodes it, and the scanner makes its ASCII
view, lower-cased view and class copy of it, ~10 MB each for a 10 MB result. With glibc's
defaults such a buffer, once freed, goes back to the kernel (``munmap``, or a trim of the
heap's top once more than twice the dynamic mmap threshold is free) and the next one is a
fresh mapping whose pages fault in one by one: in process, ~12 ms of the content scan's
~67 ms per 10 MB on this project's 2-core VM (bench/perf/README.md, "Session 5: cheaper
recording"). :func:`tune` raises the mmap threshold to 32 MiB (glibc's own dynamic maximum)
and the trim threshold to 64 MiB, so such buffers are reused from the heap. The cost is
memory: the worker keeps up to 64 MiB of freed heap (95 against 66 MB RSS after 12 results
of 10 MB).

Only the worker calls it (:func:`cordon.proxy.recorder._child`): in the relay it gained
nothing (CPU per 10 MB result 136-141 against 129-134 ms in one A/B, 123-134 against
119-131 in another; a likely reason, not measured: the relay's reads grow their buffers,
which a mapping does by ``mremap`` and a heap chunk by copying). Nothing changes what is
recorded or decided; this is allocator tuning only. It is skipped outside glibc (musl, macOS), when the
environment already tunes malloc (``MALLOC_*_`` or ``GLIBC_TUNABLES``), and with
``CORDON_MALLOC_TUNE=0``.
"""

from __future__ import annotations

import ctypes
import os
import sys

__all__ = ["MMAP_THRESHOLD", "TRIM_THRESHOLD", "tune"]

#: allocations at least this large are mapped on their own (glibc's M_MMAP_THRESHOLD; 32 MiB
#: is the most glibc accepts on 64-bit, and the ceiling of its own dynamic threshold)
MMAP_THRESHOLD = 32 * 1024 * 1024
#: free memory at the heap's top beyond this goes back to the kernel (M_TRIM_THRESHOLD)
TRIM_THRESHOLD = 64 * 1024 * 1024
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3

_ENV_TUNED = (
    "MALLOC_MMAP_THRESHOLD_",
    "MALLOC_TRIM_THRESHOLD_",
    "MALLOC_TOP_PAD_",
    "MALLOC_MMAP_MAX_",
    "GLIBC_TUNABLES",
)


def tune() -> bool:
    """Set the two thresholds in this process (children forked later inherit them).

    Returns True when both were set; False (nothing changed) outside glibc, when the
    environment tunes malloc already, with ``CORDON_MALLOC_TUNE=0``, or on any error.
    """
    if os.environ.get("CORDON_MALLOC_TUNE", "1") == "0" or not sys.platform.startswith("linux"):
        return False
    if any(k in os.environ for k in _ENV_TUNED):
        return False
    try:
        libc = ctypes.CDLL(None)
        libc.gnu_get_libc_version  # noqa: B018 - glibc only (musl's mallopt does nothing)
        mallopt = libc.mallopt
        mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
        mallopt.restype = ctypes.c_int
        # the trim threshold first: setting either fixes both (glibc stops adjusting them)
        return bool(
            mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD)
            and mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)
        )
    except (OSError, AttributeError):
        return False
