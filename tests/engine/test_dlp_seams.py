"""DLP's quiet test reads the windows around each place a joined view of the call's values
puts two of them side by side (``_seams``); two values, the usual call, take a short path
that must give the same windows as reading the two joined views."""

from __future__ import annotations

import random

from cordon.engine import dlp


def _windows(values: list[str]) -> list[str]:
    """The windows read off the joined views themselves (both orders)."""
    w = dlp._HINT_SPAN - 1
    out: list[str] = []
    for order in (values, values[::-1]):
        view = "".join(order)
        at = 0
        for v in order[:-1]:
            at += len(v)
            out.append(view[max(0, at - w) : at + w])
    return out


def test_two_values_give_the_windows_of_their_joined_views() -> None:
    rng = random.Random(19)
    for _ in range(50_000):
        values = ["".join(rng.choice("ab\n.") for _ in range(rng.randrange(1, 40))) for _ in "xy"]
        assert dlp._seams(values) == _windows(values), values


def test_a_key_split_over_two_short_values_is_in_a_window() -> None:
    a, b = "AKIAIOSF", "ODNN7EXAMPLE"
    assert any("AKIAIOSFODNN7EXAMPLE" in s for s in dlp._seams([a, b]))
    assert any("ODNN7EXAMPLEAKIAIOSF" in s for s in dlp._seams([a, b]))
    assert dlp._seams(["only"]) == []
