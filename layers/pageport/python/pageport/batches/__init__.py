"""Batches: one table pair for every operation, an operation registry, derived status."""
