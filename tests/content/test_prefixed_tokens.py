"""The prefixed API tokens the outbound check refuses by format (``secret.pattern``) are
masked in what a server returns (``secret.prefixed_token``): both read one catalogue,
:mod:`cordon.secret_formats`. A token read from a file in warn mode was delivered as it was
while a call carrying it was refused. Attack class: credential exposure to the model."""

from __future__ import annotations

import random
import string

import pytest

import cordon.content as content
from cordon.content.sanitize import evaluate_result
from cordon.engine.dlp import default_detector
from cordon.secret_formats import HUGGINGFACE_TOKEN, PREFIXED_TOKENS

_AN = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


def _rnd(n: int, alphabet: str = _AN) -> str:
    rng = random.Random(n)  # reproducible, and built at run time: no scanner flags this file
    return "".join(rng.choice(alphabet) for _ in range(n))


#: one live-shaped token per catalogue entry (provider name as the catalogue spells it)
SAMPLES = {
    "Hugging Face": ["hf_" + _rnd(34, string.ascii_letters), "api_org_" + _rnd(34, "aBcDxYzQ")],
    "OpenRouter": ["sk-or-v1-" + _rnd(64, _HEX)],
    "Groq": ["gsk_" + _rnd(52)],
    "Replicate": ["r8_" + _rnd(37)],
    "Perplexity": ["pplx-" + _rnd(48)],
    "xAI": ["xai-" + _rnd(80)],
    "DigitalOcean": ["dop_v1_" + _rnd(64, _HEX), "dor_v1_" + _rnd(64, _HEX)],
    "Linear": ["lin_api_" + _rnd(40)],
    "Notion": ["ntn_" + _rnd(46)],
    "Supabase": ["sbp_" + _rnd(40, _HEX)],
    "Shopify": ["shpat_" + _rnd(32, _HEX + "ABCDEF")],
    "Databricks": ["dapi" + _rnd(32, _HEX), "dapi" + _rnd(32, _HEX) + "-2"],
    "Postman": ["PMAK-" + _rnd(24, _HEX) + "-" + _rnd(34, _HEX)],
    "Pinecone": ["pcsk_" + _rnd(6) + "_" + _rnd(60)],
    "Atlassian": ["ATATT3" + _rnd(186)],
    "Doppler": ["dp.st.prd." + _rnd(43)],
    "Pulumi": ["pul-" + _rnd(40, _HEX)],
    "Tailscale": ["tskey-auth-" + _rnd(12) + "-" + _rnd(30)],
    "GitLab (runner, trigger, deploy, CI/CD job, feed, OAuth, SCIM)": ["glrt-" + _rnd(26)],
    "Figma": ["figd_" + _rnd(40)],
    "Sentry": ["sntrys_" + _rnd(80)],
    "LangSmith": ["lsv2_pt_" + _rnd(32, _HEX) + "_" + _rnd(10, _HEX)],
    "Firecrawl": ["fc-" + _rnd(32, _HEX)],
    "Tavily": ["tvly-dev-" + _rnd(32), "tvly-" + _rnd(32)],
}
TOKENS = [(p, t) for p, ts in SAMPLES.items() for t in ts]


def test_every_catalogue_entry_has_a_sample() -> None:
    assert sorted(SAMPLES) == sorted(p for p, _, _ in (HUGGINGFACE_TOKEN, *PREFIXED_TOKENS))


@pytest.mark.parametrize(("provider", "token"), TOKENS, ids=[t[:10] for _, t in TOKENS])
def test_a_token_refused_in_a_call_is_found_and_masked_in_a_result(
    provider: str, token: str
) -> None:
    assert list(default_detector().find_text(f"key {token}")), provider
    for text in (f"KEY = '{token}'", f'{{"token": "{token}"}}', f"export KEY={token}\n"):
        hits = [f for f in content.scan_text(text) if f.rule == "secret.prefixed_token"]
        assert hits and text[hits[0].span[0] : hits[0].span[1]] == token, (text, hits)
    out = evaluate_result({"content": [{"type": "text", "text": f"KEY={token}"}]}, mode="warn")
    assert token not in str(out), out


@pytest.mark.parametrize(
    "text",
    [
        "Set GROQ_API_KEY=gsk_... and HF_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "call hf_hub_download(repo_id='bert-base-uncased') then fc-layer sizes",
        "gsk_" + "x" * 52,
        "the dapi endpoint, pul-request, r8_cache and tskey-auth in the docs",
        # a token-shaped run inside a longer word is not one (a hash after a prefix-like word)
        "build-fc-" + _rnd(32, _HEX) + "-x",
    ],
)
def test_placeholders_and_look_alikes_are_not(text: str) -> None:
    assert not [f for f in content.scan_text(text) if f.rule == "secret.prefixed_token"], text


@pytest.mark.parametrize(("provider", "token"), TOKENS, ids=[t[:10] for _, t in TOKENS])
@pytest.mark.parametrize("pad", ["A" * 600, "_x", "AAAA", "_example", "-xxxx"])
def test_a_token_padded_past_its_format_is_masked_with_its_run(
    provider: str, token: str, pad: str
) -> None:
    # a token padded past its length or bound (the reader strips the padding) is still the
    # token: the scan masks it and the run that follows, whatever the padding spells
    text = f"KEY = '{token}{pad}' # rotated"
    hits = [f for f in content.scan_text(text) if f.rule == "secret.prefixed_token"]
    assert hits and text[hits[0].span[0] :].startswith(token), (provider, hits)
    out = str(evaluate_result({"content": [{"type": "text", "text": text}]}, mode="warn"))
    assert token[:12] not in out and "secret masked" in out and "# rotated" in out, out
    if len(pad) < 64:
        assert pad not in out, out
