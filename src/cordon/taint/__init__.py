"""Destination taint: sink parameters, destination extraction, the session index, and the
interface of the cross-server shared store (issue 3). Pure data-flow code: no policy, no
verdicts, no network, no files; the file-backed shared store is
:class:`cordon.store.SharedTaintStore`.
"""

from typing import Any

from cordon.taint._b64lines import rejoined_base64
from cordon.taint._echo import MAX_SPELLINGS, echo_key, sent_key
from cordon.taint._extract import (
    Destination,
    DestinationKind,
    extract_destinations,
    extract_marked,
    mentioned_in_prose,
    plain_address,
)
from cordon.taint._index import Lookup, TaintIndex
from cordon.taint._keys import email_key, host_key, norm, url_keys
from cordon.taint._repos import pair_key as repo_key
from cordon.taint._sinks import (
    is_payload_param,
    is_sending_tool,
    is_sink_param,
    is_url_param,
    name_tokens,
)
from cordon.taint._store import SharedTaint

__all__ = [
    "MAX_SPELLINGS",
    "Destination",
    "DestinationKind",
    "Lookup",
    "SharedTaint",
    "TaintIndex",
    "echo_key",
    "email_key",
    "extract_destinations",
    "extract_marked",
    "host_key",
    "mentioned_in_prose",
    "plain_address",
    "is_payload_param",
    "is_sending_tool",
    "is_sink_param",
    "is_url_param",
    "name_tokens",
    "norm",
    "rejoined_base64",
    "repo_key",
    "sent_key",
    "url_keys",
]


def __getattr__(name: str) -> Any:
    # ``SharedTaintStore`` and ``hash_key`` moved to ``cordon.store`` (a file, locks and
    # signals); the old import path resolves there, on first use, for callers not yet moved
    # (``cordon.proxy``). Nothing here imports the store unless asked for these names.
    if name in ("SharedTaintStore", "hash_key"):
        from cordon.store import shared_taint

        return getattr(shared_taint, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
