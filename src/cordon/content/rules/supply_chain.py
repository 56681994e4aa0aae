"""Supply-chain rules (prefix ``supply.``): installing code from where it should not come.

``curl ... | sh`` is how half of all install guides start, so the bare form is low; the same
command demanded covertly is caught by ``hijack.execute_directive``.
"""

from __future__ import annotations

from functools import partial

from cordon.content._rule import Rule

_R = partial(Rule, category="supply_chain")

RULES: tuple[Rule, ...] = (
    _R(
        id="supply.pipe_to_shell",
        severity="low",
        summary="A download piped straight into a shell or interpreter (curl ... | sh, "
        "iwr ... | iex).",
        why="Common in install guides; it runs unreviewed code, so it is noted, and escalated "
        "only when the text pushes the agent to run it.",
        fix="Prefer a package manager or a pinned, checksummed download.",
        source="'Detecting the use of curl | bash server side' (idontplaydarts, 2016); "
        "CWE-494 (Download of Code Without Integrity Check)",
        pattern=(
            r"\b(?:curl|wget|iwr|invoke-webrequest|irm|invoke-restmethod|fetch)\b[^\n|]{0,300}"
            r"\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:(?:ba|z|da|k|fi)?sh|python[23]?|perl|ruby|node|iex|"
            r"invoke-expression)\b"
        ),
        anchors=(
            r"\|\s*(?:sudo\s+(?:-[^\s]+\s+)*)?(?:(?:ba|z|da|k|fi)?sh|python[23]?|perl|ruby|node|iex|"
            r"invoke-expression)\b",
        ),
        window=400,
    ),
    _R(
        id="supply.rogue_index",
        severity="medium",
        summary="A package index or registry override: pip --index-url/--extra-index-url to a "
        "non-PyPI host, --trusted-host, npm --registry, GOPROXY, gem sources, git+http.",
        why="A different index can serve a look-alike package (dependency confusion); an "
        "agent told to use it installs attacker code.",
        fix="Pin the official index; review any instruction that changes it.",
        source="Alex Birsan, 'Dependency Confusion' (2021); CVE-2018-20225 (pip --extra-index-url)",
        pattern=(
            r"--(?:extra-)?index-url[\s=]+(?!https://(?:pypi\.org|download\.pytorch\.org|"
            r"pypi\.python\.org|test\.pypi\.org)[/\s])\S+"
            # the flag with a host after it: pip's own source names the option as a string
            # ('"--trusted-host",'), which trusts nothing
            r"|--trusted-host[\s=]+(?!-)[\w.:\[\]-]+"
            r"|\bnpm\s+(?:config\s+set\s+registry|(?:i|install|add)\b[^\n]{0,80}?--registry)"
            r"[\s=]+(?!https://registry\.npmjs\.org)\S+"
            r"|\byarn\s+config\s+set\s+registry\s+(?!https://registry\.(?:npmjs\.org|"
            r"yarnpkg\.com))\S+"
            r"|\bpip3?\s+install\s+[^\n]{0,60}?git\+http://"
            r"|\bgem\s+sources\s+(?:-a|--add)\s+http"
            r"|\bgoproxy=(?!https://proxy\.golang\.org)[^\s,]+"
        ),
        anchors=(
            "index-url",
            "trusted-host",
            r"npm\s+config\s+set\s+registry",
            "--registry",
            r"yarn\s+config\s+set\s+registry",
            r"git\+http://",
            r"gem\s+sources\s",
            "goproxy=",
        ),
        window=300,
    ),
)
