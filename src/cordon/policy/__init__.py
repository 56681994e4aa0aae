"""Policy model, loading and packs."""

from cordon.policy.loader import load_pack, load_policy, pack_names, policy_hash
from cordon.policy.model import (
    ContentPolicy,
    EgressPolicyModel,
    Policy,
    SecretsPolicy,
    ServerPolicy,
    ToolPolicy,
)

__all__ = [
    "ContentPolicy",
    "EgressPolicyModel",
    "Policy",
    "SecretsPolicy",
    "ServerPolicy",
    "ToolPolicy",
    "load_pack",
    "load_policy",
    "pack_names",
    "policy_hash",
]
