"""Network safety for everything that fetches user-supplied URLs (SSRF guard).

Layers, cheapest first:

- :mod:`.urls` validates and normalizes a target URL before it is stored (API Lambdas).
- :mod:`.addresses` says whether an IP address is public (global unicast).
- :mod:`.policy` resolves a host once, checks every answer and returns the address to
  connect to (DNS pinning).
- :mod:`.fetch` is a small HTTP client that applies the policy to every redirect hop.
- :mod:`.proxy` is a local forward proxy that applies the policy to everything Chromium does.
- :mod:`.chromium` holds the Playwright launch/context settings that force Chromium through it.

Import the submodule you need; this package imports nothing so the API Lambdas only pay for
:mod:`.urls`.
"""
