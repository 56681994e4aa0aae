"""detect-secrets' credential formats, read once, for the engine's outbound DLP check.

The engine's detector (:mod:`cordon.engine.dlp`) takes its patterns from detect-secrets'
plugins (Yelp, a maintained catalogue) rather than from a list of cordon's own. Importing
detect-secrets loads ``requests``, ``subprocess`` and ``threading`` (its plugins can verify a
secret against the provider's API, which cordon never does), so the engine does not import
it: this module does, and hands over plain data: for each plugin cordon uses, its
``secret_type`` and the source and flags of each ``denylist`` regex.

The import costs about half a second of one core; :func:`warm` pays it on a daemon thread
(``cordon run`` calls it once traffic is quiet), else the first call that is checked does.
Its plugins import ``requests`` only to verify a secret with its provider, and the package's
``__init__`` imports ``multiprocessing`` (with ``pickle``) for its own file scanner's worker
pool; cordon uses neither. While the plugins are imported, both are stand-ins that import the
real package at its first attribute read, so a ``cordon run`` process does not hold requests,
urllib3 and charset_normalizer (about 3.4 MB of its resting memory), nor multiprocessing and
pickle (about 0.4 MB; bench/perf/README.md, "Resting memory: detect-secrets without
multiprocessing").
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import sys
import threading
import types
from collections.abc import Iterator
from typing import Any

__all__ = ["KINDS", "PLUGINS", "load_plugin_patterns", "warm"]

#: detect-secrets plugins cordon reads, as ``module:Class`` -> the kind id policies name
#: (``tools.<name>.allow_secret_patterns``). Left out, as too noisy for call arguments (text,
#: not source files): the keyword, high-entropy, IP, basic-auth, Artifactory and Twilio
#: plugins (a Twilio account SID is an identifier, not a secret) and the IBM, Cloudant and
#: SoftLayer assignment rules.
PLUGINS: dict[str, str] = {
    "aws:AWSKeyDetector": "aws",
    "github_token:GitHubTokenDetector": "github_token",
    "gitlab_token:GitLabTokenDetector": "gitlab_token",
    "private_key:PrivateKeyDetector": "private_key",
    "slack:SlackDetector": "slack",
    "stripe:StripeDetector": "stripe",
    "jwt:JwtTokenDetector": "jwt",
    "openai:OpenAIDetector": "openai",
    "npm:NpmDetector": "npm",
    "pypi_token:PypiTokenDetector": "pypi_token",
    "sendgrid:SendGridDetector": "sendgrid",
    "discord:DiscordBotTokenDetector": "discord",
    "telegram_token:TelegramBotTokenDetector": "telegram",
    "mailchimp:MailchimpDetector": "mailchimp",
    "square_oauth:SquareOAuthDetector": "square_oauth",
    "azure_storage_key:AzureStorageKeyDetector": "azure_storage_key",
}


#: every kind a policy may name: the plugins' and cordon's own formats
#: (:data:`cordon.engine.dlp.EXTRA_PATTERNS`: ``anthropic``, besides more of these kinds)
KINDS: frozenset[str] = frozenset({*PLUGINS.values(), "anthropic"})


class _Deferred(types.ModuleType):
    """Stands in for a module not imported yet: the first attribute read imports the real
    one (and puts it in ``sys.modules`` in place of the stand-in) and answers from it, so
    whatever holds the stand-in behaves as if it held the module."""

    def __getattr__(self, name: str) -> Any:
        if sys.modules.get(self.__name__) is self:
            del sys.modules[self.__name__]
        return getattr(importlib.import_module(self.__name__), name)


@contextlib.contextmanager
def _deferred(name: str) -> Iterator[None]:
    """``import name`` gives a :class:`_Deferred` stand-in within the block (unless the
    module is imported already)."""
    if name in sys.modules:
        yield
        return
    stand_in = _Deferred(name)
    sys.modules[name] = stand_in
    try:
        yield
    finally:
        if sys.modules.get(name) is stand_in:
            del sys.modules[name]


@functools.cache
def load_plugin_patterns() -> tuple[tuple[str, str, tuple[tuple[str, int], ...]], ...]:
    """``(kind, secret_type, ((regex source, flags), ...))`` for each plugin of
    :data:`PLUGINS`, in that order. A plugin a future detect-secrets no longer ships is
    skipped (the engine's own formats still apply)."""
    out: list[tuple[str, str, tuple[tuple[str, int], ...]]] = []
    # read only when a plugin verifies a secret or SecretsCollection scans files in parallel
    with _deferred("requests"), _deferred("multiprocessing"):
        for where, kind in PLUGINS.items():
            module, cls_name = where.split(":")
            try:
                plugin = importlib.import_module(f"detect_secrets.plugins.{module}")
                cls = getattr(plugin, cls_name)
            except (ImportError, AttributeError):
                continue
            regexes = tuple((r.pattern, int(r.flags)) for r in cls.denylist)
            out.append((kind, str(cls.secret_type), regexes))
    return tuple(out)


def warm() -> threading.Thread:
    """Import detect-secrets and read its patterns on a daemon thread; returns the thread."""
    th = threading.Thread(target=load_plugin_patterns, name="cordon-dlp", daemon=True)
    th.start()
    return th
