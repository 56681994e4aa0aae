"""The relay's polling selector (issue 2, round trip): same answers as a plain epoll selector."""

from __future__ import annotations

import asyncio
import os
import selectors

import pytest

from cordon.proxy import relay

pytestmark = pytest.mark.skipif(
    not hasattr(selectors, "EpollSelector"), reason="epoll is Linux-only"
)


def test_spin_selector_reports_ready_and_times_out() -> None:
    sel = relay._SpinSelector(0.0005)
    r, w = os.pipe()
    try:
        sel.register(r, selectors.EVENT_READ)
        assert sel.select(0) == []
        assert sel.select(0.001) == []  # spins, then sleeps the rest, then nothing
        os.write(w, b"x")
        ready = sel.select(None)
        assert [key.fd for key, _ in ready] == [r]
    finally:
        sel.close()
        os.close(r)
        os.close(w)


def test_loop_factory_honours_cordon_spin_us(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CORDON_SPIN_US", "0")
    loop = relay._loop_factory()
    try:
        assert not isinstance(getattr(loop, "_selector", None), relay._SpinSelector)
    finally:
        loop.close()
    monkeypatch.setenv("CORDON_SPIN_US", "250")
    loop = relay._loop_factory()
    try:
        sel = loop._selector  # type: ignore[attr-defined]
        assert isinstance(sel, relay._SpinSelector) and sel.spin_s == pytest.approx(0.00025)
        assert loop.run_until_complete(asyncio.sleep(0.001, "done")) == "done"
    finally:
        loop.close()
