"""The recorded text of a result (cordon.engine.recorded._recorded) is built in one join: exactly
the text of the two-step build it replaced (below, verbatim but for its name and the separator,
a blank line since base64 runs end there: tests/redteam/test_content_walk_redteam.py)."""

from __future__ import annotations

import random
from typing import Any

from cordon.engine.recorded import _collect_strings, _recorded


def _old_text(result: Any) -> str:
    if isinstance(result, str):
        result = {"content": [{"type": "text", "text": result}]}
    values: list[str] = []
    keys: list[str] = []
    _collect_strings(result, values, keys)
    text = "\n\n".join(values)
    return f"{text}\n\n{(chr(10) * 2).join(keys)}" if keys else text


def _random_value(rng: random.Random, depth: int = 0) -> Any:
    r = rng.random()
    if depth > 3 or r < 0.3:
        return rng.choice(["", "s", "a\nb", 1, 2.5, None, True])
    if r < 0.65:
        return {
            rng.choice(["", "a", "b"]) + str(i): _random_value(rng, depth + 1) for i in range(3)
        }
    return [_random_value(rng, depth + 1) for _ in range(rng.randrange(0, 3))]


def test_the_recorded_text_is_that_of_the_two_step_build() -> None:
    rng = random.Random(8)
    cases: list[Any] = ["", "x", {}, [], {"a": 1}, {"": ""}, {"a": {}}, {"k": None}, [""], None]
    cases += [_random_value(rng) for _ in range(2000)]
    for case in cases:
        assert _recorded(case).text == _old_text(case), case
