"""The default for consequential actions through the real ``cordon run``, with no policy:
a prompt handed in by the client's hook (``cordon hook prompt``, fed what Claude Code sends)
makes an injected booking the prompt did not ask for an ask (refused here: the test client
declares no elicitation), and one the prompt asks for runs; without the hook, nothing changes
(the booking runs, as before the default). Side effects are checked in the server's log."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import Harness, text_of
from tests.e2e.test_prompt_hook import _hook

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

TRAVEL = Path(__file__).resolve().parents[1] / "servers" / "travel.py"
INJECTED = {"hotel": "Riverside View Hotel", "start_day": "2024-05-13", "end_day": "2024-05-17"}


def _setup(h: Harness) -> tuple[Path, dict[str, str]]:
    box = h.tmp / "travel"
    box.mkdir()
    return box, {"TRAVEL_DIR": str(box)}


def _booked(box: Path) -> list[str]:
    log = box / "bookings.jsonl"
    lines = log.read_text("utf-8").splitlines() if log.exists() else []
    return [str(json.loads(x)["hotel"]) for x in lines]


async def test_with_the_hook_an_injected_booking_is_refused_and_a_requested_one_runs(
    harness: Harness,
) -> None:
    box, env = _setup(harness)
    params = harness.cordon([sys.executable, str(TRAVEL)], env=env, name="travel")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        done = _hook(harness, "What do the reviews of Le Marais Boutique say? Just tell me.")
        assert done.returncode == 0, done.stderr.decode()
        await client.call_tool("read_reviews", {"hotel": "Le Marais Boutique"})
        bad = await client.call_tool("reserve_hotel", INJECTED)
        assert bad.is_error and "action.not_requested" in text_of(bad), text_of(bad)

        done = _hook(harness, "Great, reserve Le Marais Boutique from May 1st to May 5th.")
        assert done.returncode == 0, done.stderr.decode()
        ok = await client.call_tool(
            "reserve_hotel",
            {"hotel": "Le Marais Boutique", "start_day": "2024-05-01", "end_day": "2024-05-05"},
        )
        assert not ok.is_error, text_of(ok)
    assert _booked(box) == ["Le Marais Boutique"]


async def test_without_the_hook_the_default_does_nothing(harness: Harness) -> None:
    box, env = _setup(harness)
    params = harness.cordon([sys.executable, str(TRAVEL)], env=env, name="travel")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        await client.call_tool("read_reviews", {"hotel": "Le Marais Boutique"})
        r = await client.call_tool("reserve_hotel", INJECTED)
        assert not r.is_error, text_of(r)  # no request: today's behaviour, no new ask
    assert _booked(box) == ["Riverside View Hotel"]
    (rec,) = [r for r in harness.records("verdict") if r.get("tool") == "reserve_hotel"]
    assert (rec["verdict"], rec["rule"]) == ("allow", "default.allow")


async def test_with_the_hook_an_injected_booking_for_other_days_is_refused(
    harness: Harness,
) -> None:
    """The prompt asks for a booking, so the kind of action is asked for: the injected one
    for other days than the prompt gives is refused all the same (checks/_details.py)."""
    box, env = _setup(harness)
    params = harness.cordon([sys.executable, str(TRAVEL)], env=env, name="travel")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        done = _hook(harness, "Book the best rated hotel in Paris from May 1st to May 5th.")
        assert done.returncode == 0, done.stderr.decode()
        await client.call_tool("read_reviews", {"hotel": "Le Marais Boutique"})
        bad = await client.call_tool("reserve_hotel", INJECTED)
        assert bad.is_error and "action.not_requested" in text_of(bad), text_of(bad)
        ok = await client.call_tool(
            "reserve_hotel",
            {"hotel": "Le Marais Boutique", "start_day": "2024-05-01", "end_day": "2024-05-05"},
        )
        assert not ok.is_error, text_of(ok)
    assert _booked(box) == ["Le Marais Boutique"]
