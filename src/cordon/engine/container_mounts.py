"""A bind mount given to ``docker run`` (``podman``, ``nerdctl``) as an option value, read as
the docker CLI reads it: ``-v HOST:CTR[:MODES]`` and ``--mount KEY=VALUE,...``.

``--mount`` is one CSV record (docker/cli ``opts/mount.go``: ``csv.NewReader``, so a field
may be quoted, ``"src=/a,b"``); its keys are case-sensitive, ``type``'s value is not
(``type=BIND``); ``readonly``/``ro`` alone is true, with a value it is Go's ``ParseBool``
(``ro=true``, ``readonly=1``; ``readonly=false``, ``ro=0``: writable); a later field
overrides an earlier one. An anonymous volume of the ``local`` driver given ``o=bind`` and a
``device`` (``type=volume,volume-opt=type=none,volume-opt=o=bind,volume-opt=device=/``)
bind-mounts that host directory too.

Attack class: a read-only bind mount is not read-only below it. ``ro`` makes the mount
itself read-only; its submounts (``/home``, ``/boot``, ``/var`` on their own disks, ``/run``
a tmpfs) stay writable on Docker Engine before v25, on a kernel before 5.12, with
``bind-recursive=writable``, and under podman's and nerdctl's ``ro``; Engine v25 makes them
read-only "if possible" (docker/cli: ``enabled``: "read-only mounts are recursively
read-only if Engine >= v25 && kernel >= v5.12, otherwise writable"). The line shows neither
the engine nor the kernel, so a read-only mount is read as writable (fail closed:
``docker run -v /:/host:ro alpine rm -rf /host/home/me``), unless docker itself refuses
to leave a writable submount: ``bind-recursive=readonly`` (recursively read-only, or the run
fails) or ``bind-recursive=disabled`` (``bind-nonrecursive``: no submount is mounted).
``--read-only`` is the container's own root file system and leaves bind mounts as they are.

Pure: no I/O.
"""

from __future__ import annotations

import csv

__all__ = ["bind_mount"]

#: Go's ``strconv.ParseBool`` true spellings (any other value: false, or the run fails)
_TRUE = frozenset({"1", "t", "T", "TRUE", "true", "True"})
#: a source the CLI takes as a host path (a named volume is none); one computed at run time
#: (:data:`cordon.engine.shell_commands.DYNAMIC`: ``-v "$(pwd)":/src``) is mounted too, a
#: write under it then asked about, as ``rm $(pwd)/x`` is
_PATH_START = ("/", "~", ".")
_DYNAMIC = "\x00"


def _fields(value: str) -> list[tuple[str, str | None]]:
    """``--mount``'s fields in order, ``(key, value)`` (None: a key alone)."""
    try:
        row = next(csv.reader([value]), [])
    except csv.Error:  # (docker refuses it too: nothing runs; read it as written)
        row = value.split(",")
    return [(k, v if eq else None) for k, eq, v in (f.partition("=") for f in row)]


def _long(value: str) -> tuple[str, str, bool] | None:
    """``(host, container, sealed)`` of a ``--mount`` value that bind-mounts a host path."""
    kind, host, ctr, readonly, sealed_by = "volume", "", "", False, ""
    opts: dict[str, str] = {}
    for key, val in _fields(value):
        if key == "type" and val is not None:
            kind = val.lower()
        elif key in ("source", "src"):
            host = val or ""
        elif key in ("target", "dst", "destination"):
            ctr = val or ""
        elif key in ("readonly", "ro"):
            readonly = val is None or val in _TRUE
        elif key == "bind-recursive":
            sealed_by = val if val in ("readonly", "disabled") else ""
        elif key == "bind-nonrecursive":
            sealed_by = "disabled" if val is None or val in _TRUE else ""
        elif key == "volume-opt" and val is not None:
            opt, _, setting = val.partition("=")
            opts[opt] = setting
    binds = {"bind", "rbind"} & set(opts.get("o", "").split(","))
    if kind == "volume" and binds and opts.get("device"):
        kind, host = "bind", opts["device"]  # (the local driver's bind: mount -o bind DEVICE)
    if kind != "bind":
        return None
    return host, ctr, readonly and bool(sealed_by)


def bind_mount(value: str, long_form: bool) -> tuple[str, str, bool] | None:
    """``(host, container, sealed)`` of a bind mount given as ``-v``'s value (``long_form``:
    ``--mount``'s), or None (a named volume, a tmpfs, a path the CLI would refuse).
    ``sealed``: no write under it reaches the host (module docstring); ``-v``'s ``ro`` never
    seals (docker's ``-v`` has no ``bind-recursive``)."""
    if long_form:
        found = _long(value)
        if found is None:
            return None
        host, ctr, sealed = found
    else:
        parts = value.split(":")
        if len(parts) < 2:
            return None
        host, ctr, sealed = parts[0], parts[1], False
    if not (host.startswith(_PATH_START) or _DYNAMIC in host) or not ctr.startswith("/"):
        return None
    return host, ctr, sealed
