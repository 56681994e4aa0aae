"""A registered secret of digits past 2**53 that a double holds exactly, sent as a whole float.

``98234751029384752.0`` is a float to orjson; a Python server whose parameter is an integer
(pydantic's lax mode, ``int(x)``) reads it as ``98234751029384752``, the secret's digits.
Whole floats were read as their integer's digits only within 2**53, so this one passed the
secret check. About one 17-digit number in 16, one 18-digit number in 128 is such a double.
The walk reads every whole float's integer digits (walk.number_text).
"""

from __future__ import annotations

import orjson
import pydantic

from cordon import Engine

SECRET = "98234751029384752"


def test_the_server_reads_the_digits() -> None:
    assert pydantic.TypeAdapter(int).validate_json(f"{SECRET}.0") == int(SECRET)


def test_a_whole_float_past_2_53_holding_a_secret_is_refused() -> None:
    engine = Engine.from_policy([{"version": 1}], secrets=[SECRET])
    engine.pin_tools([{"name": "lookup", "description": "Look up.", "inputSchema": {}}])
    session = engine.new_session()
    v = session.check("lookup", {"account": orjson.loads(f"{SECRET}.0")})
    assert (v.verdict, v.rule) == ("deny", "secret.egress"), v
