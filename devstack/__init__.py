"""The local stack and the `pageport` CLI: the whole system on one machine. Never shipped to Lambda."""
