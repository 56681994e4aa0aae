"""OAuth logins of remote MCP servers (``cordon run --url``): one file per server URL under
``~/.cordon/oauth/`` (the directory mode 0700, each file 0600), named by a hash of the URL.

A file holds the server URL, the tokens (with the absolute time the access token expires,
which the SDK's ``OAuthToken`` does not keep) and the client registration (dynamic client
registration or a client ID metadata document). :class:`OAuthStore` is the SDK's
``TokenStorage`` protocol (:mod:`mcp.client.auth.oauth2`) for one URL.

Tokens are cordon's own secrets: this module never prints one; :func:`list_logins` reports
URLs and expiry times only. Writes are atomic (a 0600 temporary file renamed over the old).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mcp.shared.auth import OAuthClientInformationFull, OAuthToken

__all__ = ["Login", "OAuthStore", "default_oauth_dir", "list_logins", "logout", "url_key"]

_DIR_MODE = 0o700
_FILE_MODE = 0o600


def default_oauth_dir() -> Path:
    """``~/.cordon/oauth`` (``~`` read from ``$HOME`` at each call)."""
    return Path.home() / ".cordon" / "oauth"


def url_key(url: str) -> str:
    """The file name stem of ``url``'s login: a hash, so a URL never names a file."""
    return hashlib.sha256(url.strip().encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class Login:
    """What ``cordon auth list`` shows of one stored login (never a token)."""

    url: str
    path: Path
    #: when the access token expires (Unix time), None if the server gave no lifetime
    expires_at: float | None
    has_tokens: bool
    can_refresh: bool


def _ensure_dir(directory: Path) -> None:
    directory.mkdir(mode=_DIR_MODE, parents=True, exist_ok=True)
    if stat.S_IMODE(directory.stat().st_mode) != _DIR_MODE:
        directory.chmod(_DIR_MODE)


def _part(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def _read(path: Path) -> dict[str, Any]:
    """A login file's data; {} when missing or unreadable as JSON (a new login replaces it)."""
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write(path: Path, data: dict[str, Any]) -> None:
    """Replace ``path`` atomically; the file is 0600 from its creation."""
    _ensure_dir(path.parent)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, _FILE_MODE)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1, sort_keys=True)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


class OAuthStore:
    """The stored login of one server URL: the SDK's ``TokenStorage``.

    Args:
        url: the server's MCP endpoint (``--url``).
        directory: where login files live (default :func:`default_oauth_dir`).
        on_secret: called with each new secret value stored (access and refresh tokens, a
            client secret), so the running proxy can register it.
    """

    def __init__(
        self,
        url: str,
        *,
        directory: Path | None = None,
        on_secret: Callable[[str], None] | None = None,
    ) -> None:
        self.url = url
        self.directory = directory if directory is not None else default_oauth_dir()
        self.path = self.directory / f"{url_key(url)}.json"
        self.on_secret = on_secret

    # -- the SDK's TokenStorage ---------------------------------------------------------
    async def get_tokens(self) -> OAuthToken | None:
        raw = self._data().get("tokens")
        if not isinstance(raw, dict):
            return None
        fields = {k: v for k, v in raw.items() if k != "expires_at"}
        expires_at = raw.get("expires_at")
        if isinstance(expires_at, int | float):  # what is left of its lifetime
            fields["expires_in"] = max(0, int(expires_at - time.time()))
        try:
            return OAuthToken.model_validate(fields)
        except ValueError:
            return None

    async def set_tokens(self, tokens: OAuthToken) -> None:
        raw: dict[str, Any] = tokens.model_dump(mode="json", exclude_none=True)
        raw.pop("expires_in", None)
        if tokens.expires_in is not None:
            raw["expires_at"] = time.time() + int(tokens.expires_in)
        data = self._data()
        data["tokens"] = raw
        self._save(data)
        self._announce(tokens.access_token, tokens.refresh_token)

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        raw = self._data().get("client_info")
        if not isinstance(raw, dict):
            return None
        try:
            return OAuthClientInformationFull.model_validate(raw)
        except ValueError:
            return None

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        data = self._data()
        data["client_info"] = client_info.model_dump(mode="json", exclude_none=True)
        self._save(data)
        self._announce(client_info.client_secret)

    # -- cordon's own ---------------------------------------------------------------------
    def token_endpoint(self) -> str | None:
        """The token endpoint that issued the stored tokens, the only place their refresh
        token is sent (RFC 6749 section 10.4); None: a login stored without it."""
        value = self._data().get("token_endpoint")
        return value if isinstance(value, str) and value else None

    def set_token_endpoint(self, url: str) -> None:
        data = self._data()
        data["token_endpoint"] = url
        self._save(data)

    def expires_at(self) -> float | None:
        """When the stored access token expires (Unix time), or None."""
        raw = self._data().get("tokens")
        value = raw.get("expires_at") if isinstance(raw, dict) else None
        return float(value) if isinstance(value, int | float) else None

    def secrets(self) -> list[str]:
        """Every secret value stored for this URL (registered at start-up)."""
        data = self._data()
        tokens, client = _part(data, "tokens"), _part(data, "client_info")
        found = (
            tokens.get("access_token"),
            tokens.get("refresh_token"),
            client.get("client_secret"),
        )
        return [v for v in found if isinstance(v, str) and v and _credential_shaped(v)]

    def redirect_uris(self) -> list[str]:
        """The redirect URIs the stored client registration was made with."""
        client = self._data().get("client_info")
        uris = client.get("redirect_uris") if isinstance(client, dict) else None
        return [u for u in uris if isinstance(u, str)] if isinstance(uris, list) else []

    def clear_tokens(self) -> None:
        """Forget the tokens (refused at refresh), keep the client registration."""
        data = self._data()
        if data.pop("tokens", None) is not None:
            data.pop("token_endpoint", None)
            self._save(data)

    def logout(self) -> bool:
        """Delete this server's file. Returns whether there was one."""
        try:
            self.path.unlink()
        except FileNotFoundError:
            return False
        return True

    def _data(self) -> dict[str, Any]:
        return _read(self.path)

    def _save(self, data: dict[str, Any]) -> None:
        data["url"] = self.url
        _write(self.path, data)

    def _announce(self, *values: str | None) -> None:
        """Hand each value that has a credential's shape to ``on_secret``. The server picks
        these values (a registration's ``client_secret``, its tokens): one that is an e-mail
        address, a URL, words or a short string is a value the user may need to send
        somewhere, and registering it would refuse every call carrying it, in all of the
        client's servers. The agent never sees these values, so one not registered is
        not exposed to it."""
        if self.on_secret is None:
            return
        for v in values:
            if v and _credential_shaped(v):
                self.on_secret(v)


def _credential_shaped(value: str) -> bool:
    """At least 16 characters, none of them white space, and not an e-mail address or a URL."""
    return (
        len(value) >= 16
        and not any(c.isspace() for c in value)
        and "@" not in value
        and "://" not in value
    )


def list_logins(directory: Path | None = None) -> list[Login]:
    """Every stored login, by URL (``cordon auth list``); never a token."""
    where = directory if directory is not None else default_oauth_dir()
    out: list[Login] = []
    for path in sorted(where.glob("*.json")) if where.is_dir() else []:
        data = _read(path)
        url = data.get("url")
        if not isinstance(url, str):
            continue
        tokens = _part(data, "tokens")
        expires_at = tokens.get("expires_at")
        out.append(
            Login(
                url=url,
                path=path,
                expires_at=float(expires_at) if isinstance(expires_at, int | float) else None,
                has_tokens=bool(tokens.get("access_token")),
                can_refresh=bool(tokens.get("refresh_token")),
            )
        )
    return sorted(out, key=lambda login: login.url)


def logout(url: str, directory: Path | None = None) -> bool:
    """Delete the stored login of ``url``. Returns whether there was one."""
    return OAuthStore(url, directory=directory).logout()
