"""The audit's reason scrub (:func:`cordon.audit.withheld.withhold_verdict`) withholds a
secret sent as a JSON number as it withholds the string: the arguments' copy has the number
replaced by its marker (:func:`cordon.engine.dlp.withhold`), and a reason, parameter or
detail that names the digits (a cap's message, a destination found in them) gives them back
unless they are scrubbed there too."""

from __future__ import annotations

from cordon._types import Verdict
from cordon.audit.withheld import withhold_verdict
from cordon.engine.dlp import withhold
from cordon.engine.secrets import SecretSet

CARD = "4111111111111111"


def _secrets() -> SecretSet:
    s = SecretSet()
    s.add(CARD, name="CARD")
    return s


def test_a_reason_naming_a_withheld_number_is_scrubbed() -> None:
    raw = {"to": "ops@example.com", "amount": int(CARD)}
    shown = withhold(raw, _secrets())
    assert shown["amount"] != int(CARD) and shown["to"] == "ops@example.com"
    v = Verdict(
        verdict="deny",
        rule="arg.max_value",
        reason=f"'amount' is {CARD}, over its cap",
        param=f"amount.{CARD}",
        details={"value": f"n={CARD}"},
    )
    kept = withhold_verdict(v, raw, shown)
    assert CARD not in repr(kept), kept
    assert "[withheld: argument sha256:" in kept.reason
    assert "ops@example.com" not in kept.reason  # (nothing else touched)


def test_a_destination_found_only_in_a_withheld_number_is_withheld() -> None:
    raw = {"host": "ops.example", "port": int(CARD)}
    shown = withhold(raw, _secrets())
    v = Verdict(
        verdict="ask",
        rule="egress.unknown",
        reason=f"sends to ops.example:{CARD}",
        destination=f"ops.example:{CARD}",
        destinations=(f"ops.example:{CARD}", "ops.example"),
    )
    kept = withhold_verdict(v, raw, shown)
    assert CARD not in repr(kept), kept
    assert kept.destinations[1] == "ops.example"


def test_a_number_that_is_no_secret_is_kept() -> None:
    raw = {"to": "ops@example.com", "amount": 4111111111111112}
    assert withhold(raw, _secrets()) is raw
    v = Verdict(verdict="deny", rule="arg.max_value", reason="'amount' is 4111111111111112")
    assert withhold_verdict(v, raw, raw) is v
