"""API tokens with a prefix of their own: one catalogue for both directions.

A call carrying one is refused by format on the way out (``secret.pattern``,
:mod:`cordon.engine.dlp`); a result carrying one is masked on the way in, in the default
content mode (``secret.prefixed_token``, :mod:`cordon.content.rules.secrets`). Read from
gitleaks' rules and the providers' documented formats: an agent's usual keys (model
providers, SaaS tools) that detect-secrets' catalogue lacks. Attack classes: credential
exfiltration (a token sent out under a name that does not say token) and credential
exposure (a token read from a file into the model's context, where any later call or
planted instruction can use it).

Each entry is ``(provider, pattern, anchors)``: ``pattern`` a regular expression with
bounded quantifiers only (the content scanner's rules are searched in bounded windows),
``anchors`` what the scanner looks for first in its lower-cased view (the prefix and the
start of the body: every match of ``pattern`` holds one of them). Pure data: no imports.
"""

from __future__ import annotations

__all__ = ["AWS_SECRET_KEY_ASSIGNED", "HUGGINGFACE_TOKEN", "PREFIXED_TOKENS"]

#: Hugging Face user and organisation access tokens (gitleaks' huggingface-access-token and
#: huggingface-organization-api-token): 34 letters after the prefix, with boundaries of its
#: own (no letter, digit or ``_`` before it; no letter or digit after)
HUGGINGFACE_TOKEN: tuple[str, str, tuple[str, ...]] = (
    "Hugging Face",
    r"(?<![A-Za-z0-9_])(?:hf_|api_org_)[A-Za-z]{34}(?![A-Za-z0-9])",
    (r"hf_[a-z]{34}", r"api_org_[a-z]{34}"),
)

#: an AWS secret access key assigned to its name, as the AWS CLI's ``credentials`` file, an
#: environment (``AWS_SECRET_ACCESS_KEY=``) or a config writes it, quoted or not: 40
#: characters of base64's alphabet, group 1 (gitleaks' aws-secret rule). detect-secrets'
#: catalogue reads only a quoted one, so ``aws_secret_access_key = wJalr...`` left in a call
#: unrefused while a result carrying it was masked
AWS_SECRET_KEY_ASSIGNED: tuple[str, str, tuple[str, ...]] = (
    "AWS",
    r"(?i:(?:aws)?_?secret_?access_?key)[\"']?\s*[:=]\s*[\"']?"
    r"([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])",
    (r"secret_?access_?key",),
)

#: ``(provider, pattern, anchors)``: each pattern is matched between non-token characters
#: (no word character or ``-`` before or after it)
PREFIXED_TOKENS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("OpenRouter", r"sk-or-v1-[0-9a-f]{64}", (r"sk-or-v1-[0-9a-f]{16}",)),
    ("Groq", r"gsk_[A-Za-z0-9]{52}", (r"gsk_[a-z0-9]{16}",)),
    ("Replicate", r"r8_[A-Za-z0-9]{37}", (r"r8_[a-z0-9]{16}",)),
    ("Perplexity", r"pplx-[A-Za-z0-9]{48}", (r"pplx-[a-z0-9]{16}",)),
    ("xAI", r"xai-[A-Za-z0-9]{80}", (r"xai-[a-z0-9]{16}",)),
    ("DigitalOcean", r"do[opr]_v1_[0-9a-f]{64}", (r"do[opr]_v1_[0-9a-f]{16}",)),
    ("Linear", r"lin_api_[A-Za-z0-9]{40}", (r"lin_api_[a-z0-9]{16}",)),
    ("Notion", r"ntn_[A-Za-z0-9]{46}", (r"ntn_[a-z0-9]{16}",)),
    ("Supabase", r"sbp_[0-9a-f]{40}", (r"sbp_[0-9a-f]{16}",)),
    ("Shopify", r"shp(?:at|ca|pa|ss)_[0-9a-fA-F]{32}", (r"shp(?:at|ca|pa|ss)_[0-9a-f]{16}",)),
    ("Databricks", r"dapi[0-9a-f]{32}(?:-\d)?", (r"dapi[0-9a-f]{16}",)),
    ("Postman", r"PMAK-[0-9a-f]{24}-[0-9a-f]{34}", (r"pmak-[0-9a-f]{16}",)),
    ("Pinecone", r"pcsk_[A-Za-z0-9]{4,10}_[A-Za-z0-9]{40,128}", (r"pcsk_[a-z0-9]{4}",)),
    ("Atlassian", r"ATATT3[A-Za-z0-9_=-]{180,400}", (r"atatt3[a-z0-9_=-]{16}",)),
    (
        "Doppler",
        r"dp\.(?:st|sa|ct|scim|audit)\.[a-z0-9_-]{2,35}\.[A-Za-z0-9]{40,44}",
        (r"dp\.(?:st|sa|ct|scim|audit)\.",),
    ),
    ("Pulumi", r"pul-[0-9a-f]{40}", (r"pul-[0-9a-f]{16}",)),
    (
        "Tailscale",
        r"tskey-[a-z]{1,16}-[A-Za-z0-9]{1,64}-[A-Za-z0-9]{20,128}",
        (r"tskey-[a-z]",),
    ),
    (
        "GitLab (runner, trigger, deploy, CI/CD job, feed, OAuth, SCIM)",
        r"gl(?:rt|ptt|dt|cbt|ft|oas|soat)-[A-Za-z0-9_-]{20,255}",
        (r"gl(?:rt|ptt|dt|cbt|ft|oas|soat)-[a-z0-9_-]{16}",),
    ),
    ("Figma", r"figd_[A-Za-z0-9_-]{40}", (r"figd_[a-z0-9_-]{16}",)),
    ("Sentry", r"sntry[su]_[A-Za-z0-9+/=_-]{60,512}", (r"sntry[su]_[a-z0-9+/=_-]{16}",)),
    ("LangSmith", r"lsv2_(?:pt|sk)_[0-9a-f]{32}_[0-9a-f]{10}", (r"lsv2_(?:pt|sk)_[0-9a-f]{16}",)),
    ("Firecrawl", r"fc-[0-9a-f]{32}", (r"fc-[0-9a-f]{16}",)),
    ("Tavily", r"tvly-(?:dev-)?[A-Za-z0-9]{32}", (r"tvly-(?:dev-)?[a-z0-9]{16}",)),
)
