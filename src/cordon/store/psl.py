"""Loading the Public Suffix List off the caller's thread.

The egress rules read the list through :func:`cordon.engine.egress.registrable_domain`
(``tldextract``'s bundled snapshot, never fetched). The first load costs 0.1-0.2 s of one core
while holding the GIL; :func:`warm` pays it on a daemon thread instead of in the first check
that names a host.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from cordon.engine.egress import load_suffix_list, suffix_list_loaded

__all__ = ["warm"]


def warm(idle: Callable[[], bool] | None = None, poll_s: float = 0.02) -> threading.Thread:
    """Load the Public Suffix List on a daemon thread and return the started thread.

    ``idle``: called every ``poll_s`` seconds until it is true, before loading. ``cordon run``
    passes a check for the first half second without I/O (an agent's thinking time), so the
    load never takes the GIL from a burst of traffic (``Relay.warm_psl``); a check that needs
    the list before then loads it itself, and the thread then stops waiting.
    """

    def load() -> None:
        while idle is not None and not suffix_list_loaded() and not idle():
            time.sleep(poll_s)
        load_suffix_list()

    th = threading.Thread(target=load, name="cordon-psl")
    th.daemon = True
    th.start()
    return th
