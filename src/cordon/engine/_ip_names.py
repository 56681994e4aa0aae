"""Host names whose public DNS answers with the address written in them (wildcard DNS).

``a9fea9fe.nip.io`` resolves to 169.254.169.254, ``10-0-0-1.sslip.io`` to 10.0.0.1: egress
reads the address out of the name (:func:`cordon.engine.egress._ips_in_name`). And the URL
schemes whose authority is a bucket, not a host (:func:`bucket_url`). Pure string work, no
DNS.
"""

from __future__ import annotations

import re

__all__ = [
    "BUCKET_SCHEMES",
    "IP_IN_NAME_DOMAINS",
    "LOOPBACK_DOMAINS",
    "bucket_url",
    "ip_names_in",
    "mentions_ip_name",
]

#: registrable domains of wildcard-DNS services that answer with the address in the name
IP_IN_NAME_DOMAINS = frozenset({"nip.io", "sslip.io", "xip.io", "traefik.me", "nip.direct"})
#: public names (and their subdomains) whose DNS answers with 127.0.0.1
LOOPBACK_DOMAINS = frozenset(
    {"localtest.me", "lvh.me", "vcap.me", "localho.st", "lacolhost.com", "fuf.me", "yoogle.com"}
)
_HINTS = tuple(sorted(IP_IN_NAME_DOMAINS | LOOPBACK_DOMAINS))
_NAME_RE = re.compile(
    r"(?<![\w.-])(?:[a-z0-9][a-z0-9.-]*\.)?(?:"
    + "|".join(re.escape(d) for d in _HINTS)
    + r")(?![\w-])",
    re.IGNORECASE,
)


def mentions_ip_name(low: str) -> bool:
    """``low`` (lower-cased text) may name one of the domains above: their endings first (a
    usual address or sentence has none; this runs on every value with a dot), then the
    names. A false hit costs only :func:`ip_names_in`."""
    if ".io" in low or ".me" in low or ".st" in low or ".direct" in low:
        return any(h in low for h in _HINTS)
    return "lacolhost" in low or "yoogle" in low


def ip_names_in(text: str) -> list[str]:
    """The wildcard-DNS host names in free text, lower case.

    Attack class: SSRF through such a name under a key that names no host (``upstream:
    a9fea9fe.nip.io``), where only IP literals, URLs and metadata names were read."""
    return [m.group(0).lower() for m in _NAME_RE.finditer(text)]


#: URL schemes whose authority is an object-store bucket or container, not a host: the CLI
#: or library sends the request to the provider's endpoint and the name is never resolved
#: as a host of its own (AWS CLI and Hadoop S3A/S3N ``s3://bucket``; gsutil and gcloud
#: storage ``gs://bucket``, fsspec ``gcs://``; adlfs ``az://container``, ABFS/WASB
#: ``abfs[s]://container@account.dfs.core.windows.net``; Alibaba ossutil ``oss://``,
#: Tencent coscli ``cos://``, Backblaze ``b2://``, Hugging Face ``hf://datasets/...``).
BUCKET_SCHEMES = frozenset(
    {"s3", "s3a", "s3n", "gs", "gcs", "az", "abfs", "abfss", "wasb", "wasbs", "oss", "cos",
     "b2", "hf"}
)  # fmt: skip
_SCHEME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-")


def bucket_url(text: str, colon: int, authority: str) -> bool:
    """The URL whose ``://`` starts at ``text[colon]`` has a bucket scheme
    (:data:`BUCKET_SCHEMES`) and its ``authority`` has the shape of a bucket name (no
    userinfo, no port): a dotless one is not a single-label (intranet) host. Only this rule
    is lifted: an IP literal, ``localhost`` or a private suffix there is still judged
    (bucket names cannot be IP addresses)."""
    if "@" in authority or ":" in authority:
        return False
    start = colon
    while start > 0 and colon - start < 6 and text[start - 1] in _SCHEME_CHARS:
        start -= 1
    if start > 0 and text[start - 1] in _SCHEME_CHARS:
        return False  # (a longer scheme: xs3://)
    return text[start:colon].lower() in BUCKET_SCHEMES
