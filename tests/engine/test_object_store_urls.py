"""Object-store URLs (s3://bucket, gs://bucket ...) are not private addresses.

False positive (red-team pass): ``aws s3 cp out.txt s3://my-bucket/x`` was denied as
``egress.private_address``: the authority of a bucket URL was read as a host, and a dotless
host is a single-label (intranet) name. The CLI sends the request to the provider's
endpoint; the bucket name is never resolved as a host (engine/_ip_names.bucket_url).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cordon.engine import _ip_names
from cordon.engine.core import Engine, Session
from cordon.engine.egress import EgressPolicy, check_egress


def _session(tmp_path: Path) -> Session:
    project = tmp_path / "project"
    project.mkdir(exist_ok=True)
    eng = Engine.from_policy(
        [
            {
                "allowed_path_prefixes": [str(project)],
                "tools": {"run_command": {"executes": True, "exfiltrating": False}},
            }
        ]
    )
    eng.pin_tools([{"name": "run_command", "inputSchema": {"type": "object"}}])
    return eng.new_session()


@pytest.mark.parametrize(
    "command",
    [
        "aws s3 cp ./out.txt s3://my-bucket/reports/out.txt",
        "aws s3 ls s3://bucket/",
        "aws s3 sync ./site S3://website",
        "gsutil cp report.csv gs://bucket/y",
        "gcloud storage ls gs://logs",
        "python -c \"import fsspec; fsspec.open('az://container/blob')\"",
        "huggingface-cli download hf://datasets/squad",
    ],
)
def test_bucket_urls_in_commands_are_allowed(tmp_path: Path, command: str) -> None:
    v = _session(tmp_path).check("run_command", {"command": command})
    assert (v.verdict, v.rule) == ("allow", "default.allow")


@pytest.mark.parametrize(
    "url",
    ["s3://bucket/x", "S3://bucket", "gs://b/o", "s3a://warehouse/t", "az://container/p",
     "abfss://c@acct.dfs.core.windows.net/p", "hf://datasets/x", "see s3://logs/a"],
)  # fmt: skip
def test_bucket_urls_pass_egress(url: str) -> None:
    assert check_egress({"url": url}, EgressPolicy()) is None


@pytest.mark.parametrize(
    ("url", "rule"),
    [
        # the same dotless name after a scheme that names a host is still an intranet host
        ("https://bucket/x", "egress.private_address"),
        ("xs3://bucket/x", "egress.private_address"),
        ("see s3://logs/a and http://intranet/", "egress.private_address"),
        # only the single-label rule is lifted: addresses and local names are still judged
        ("s3://localhost/x", "egress.private_address"),
        ("s3://10.0.0.1/x", "egress.private_address"),
        ("s3://169.254.169.254/latest", "egress.metadata"),
        ("gs://metadata.google.internal/x", "egress.metadata"),
        # no bucket has userinfo or a port: such an authority is read as a host
        ("s3://a@intranet/x", "egress.private_address"),
        ("s3://bucket:9000/x", "egress.private_address"),
    ],
)
def test_near_misses_are_still_denied(url: str, rule: str) -> None:
    v = check_egress({"url": url}, EgressPolicy())
    assert v is not None and v.rule == rule


def test_bucket_scheme_is_read_backwards_from_the_separator() -> None:
    text = "cp x s3://b y gcs://c zs3://d"
    assert _ip_names.bucket_url(text, text.index("://"), "b")
    assert _ip_names.bucket_url(text, text.index("://", 12), "c")
    assert not _ip_names.bucket_url(text, text.rindex("://"), "d")
    assert not _ip_names.bucket_url("s3://", 2, "a@b")
    assert _ip_names.bucket_url("s3://", 2, "logs")
