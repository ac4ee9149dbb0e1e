"""Pageport shared layer: domain logic used by every Lambda handler and the local stack."""
