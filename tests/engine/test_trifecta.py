"""Rule of Two: every two-leg sequence is allowed, the three-leg one is asked."""

from __future__ import annotations

import itertools

import pytest

from cordon.engine.trifecta import TrifectaState, legs_from_annotations

# A step is one allowed call and its result, as the engine drives the state:
#   check (before) -> record_call (allowed) -> observe_result (its output)
STEPS = {
    "untrusted": {"external": False, "sensitive": False, "untrusted_output": True},  # read mail
    "sensitive": {"external": False, "sensitive": True, "untrusted_output": False},  # read ~/.ssh
    "external": {"external": True, "sensitive": False, "untrusted_output": False},  # send
}


def run(sequence, *, allowlisted=False):
    """Drive a session through ``sequence``; return the verdict of each step."""
    state = TrifectaState()
    verdicts = []
    for name in sequence:
        step = STEPS[name]
        v = state.check(**step, destination_allowlisted=allowlisted)
        verdicts.append(v)
        if v is None:
            state.record_call(external=step["external"], sensitive=step["sensitive"])
            state.observe_result(untrusted=step["untrusted_output"], sensitive=step["sensitive"])
    return state, verdicts


@pytest.mark.parametrize(
    "pair", list(itertools.permutations(["untrusted", "sensitive", "external"], 2))
)
def test_every_two_leg_sequence_is_allowed(pair):
    _state, verdicts = run(pair)
    assert verdicts == [None, None]
    # repeating the same two legs changes nothing
    _state, verdicts = run(pair * 3)
    assert all(v is None for v in verdicts)


def test_untrusted_then_sensitive_then_external_is_asked():
    state, verdicts = run(["untrusted", "sensitive", "external"])
    assert verdicts[:2] == [None, None]
    v = verdicts[2]
    assert v is not None and v.verdict == "ask" and v.rule == "r2.trifecta"
    assert v.details["legs"] == {
        "untrusted_input": True,
        "sensitive_data": True,
        "external_comm": False,
    }
    assert state.external_comm is False  # an ask is not recorded as a call


def test_sensitive_then_untrusted_then_external_is_asked():
    _state, verdicts = run(["sensitive", "untrusted", "external"])
    assert verdicts[:2] == [None, None] and verdicts[2].rule == "r2.trifecta"


def test_one_call_that_reads_sensitive_data_and_sends_after_untrusted_input():
    state = TrifectaState()
    state.observe_result(untrusted=True, sensitive=False)
    v = state.check(
        external=True, sensitive=True, untrusted_output=False, destination_allowlisted=False
    )
    assert v is not None and v.rule == "r2.trifecta" and "this call" in v.reason


def test_completing_leg_that_sends_nothing_is_allowed_then_next_send_asked():
    # external first, then untrusted, then sensitive: the last read carries nothing out
    state, verdicts = run(["external", "untrusted", "sensitive"])
    assert verdicts == [None, None, None]
    v = state.check(**STEPS["external"], destination_allowlisted=False)
    assert v is not None and v.rule == "r2.trifecta"


def test_allowlisted_destination_is_not_asked():
    _state, verdicts = run(["untrusted", "sensitive", "external"], allowlisted=True)
    assert verdicts == [None, None, None]


def test_own_untrusted_output_does_not_count_for_this_call():
    # sensitive data read, then a fetch (external, untrusted output): its output arrives
    # after its arguments were chosen, so this call is allowed; the next send is asked
    state = TrifectaState()
    state.record_call(external=False, sensitive=True)
    fetch = {"external": True, "sensitive": False, "untrusted_output": True}
    assert state.check(**fetch, destination_allowlisted=False) is None
    state.record_call(external=True, sensitive=False, untrusted_output=True)
    assert state.check(**fetch, destination_allowlisted=False).rule == "r2.trifecta"


def test_legs_only_grow():
    state = TrifectaState()
    state.observe_result(untrusted=True, sensitive=True)
    state.observe_result(untrusted=False, sensitive=False)
    state.record_call(external=True, sensitive=False)
    state.record_call(external=False, sensitive=False)
    assert state.legs() == {"untrusted_input": True, "sensitive_data": True, "external_comm": True}


def test_check_does_not_mutate():
    state = TrifectaState(untrusted_input=True, sensitive_data=True)
    state.check(external=True, sensitive=True, untrusted_output=True, destination_allowlisted=False)
    assert state.external_comm is False


@pytest.mark.parametrize(
    ("annotations", "expected"),
    [
        (None, {"untrusted_output": True, "external": True, "sensitive": False}),
        ({}, {"untrusted_output": True, "external": True, "sensitive": False}),
        ({"openWorldHint": True}, {"untrusted_output": True, "external": True, "sensitive": False}),
        (
            {"openWorldHint": False, "readOnlyHint": True},
            {"untrusted_output": False, "external": False, "sensitive": False},
        ),
        (
            {"readOnlyHint": True},  # read-only open-world tools still send their arguments
            {"untrusted_output": True, "external": True, "sensitive": False},
        ),
        (
            {"openWorldHint": False, "destructiveHint": True},
            {"untrusted_output": False, "external": False, "sensitive": False},
        ),
    ],
)
def test_legs_from_annotations(annotations, expected):
    assert legs_from_annotations(annotations) == expected
