"""Destination taint: sink parameters, destination extraction, the session index, and the
cross-server shared store (issue 3). Pure data-flow code: no policy, no verdicts, no network.
"""

from cordon.taint._extract import Destination, DestinationKind, extract_destinations
from cordon.taint._index import Lookup, TaintIndex
from cordon.taint._keys import email_key, host_key, norm, url_keys
from cordon.taint._shared import SharedTaintStore, hash_key
from cordon.taint._sinks import is_sink_param, is_url_param, name_tokens

__all__ = [
    "Destination",
    "DestinationKind",
    "Lookup",
    "SharedTaintStore",
    "TaintIndex",
    "email_key",
    "extract_destinations",
    "hash_key",
    "host_key",
    "is_sink_param",
    "is_url_param",
    "name_tokens",
    "norm",
    "url_keys",
]
