"""The stdio server's hash seed (``cordon.proxy.stdio.upstream_env``): fixed unless the
environment fixes one, so a Python server that lists a definition built from a set lists it
alike at every start and its pins hold nothing (``pin.changed``)."""

from __future__ import annotations

import pytest

from cordon.proxy.stdio import upstream_env


@pytest.mark.parametrize("given", [None, "", "random"])
def test_a_random_seed_is_replaced_by_a_fixed_one(given: str | None) -> None:
    env = {"PATH": "/bin"} if given is None else {"PATH": "/bin", "PYTHONHASHSEED": given}
    assert upstream_env(env) == {"PATH": "/bin", "PYTHONHASHSEED": "0"}


@pytest.mark.parametrize("given", ["0", "7", "4294967295"])
def test_a_fixed_seed_is_kept(given: str) -> None:
    assert upstream_env({"PYTHONHASHSEED": given}) == {"PYTHONHASHSEED": given}
