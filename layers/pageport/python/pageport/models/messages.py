"""What every worker message and webhook shares. Each kind's message and webhook payload are in
its package (`pageport.kinds.<kind>.models`).

A message carries the source request and the correlation fence (id, attempt, nonce); never a
database credential. Workers echo the fence in the webhook and in the manifest.
"""

from __future__ import annotations

from typing import Literal

Outcome = Literal["succeeded", "failed"]
