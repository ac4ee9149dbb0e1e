"""Sign-in for the Figma plugin (issue 21): a pair of keys instead of an OAuth redirect.

A Figma plugin cannot receive a redirect, so `POST /auth/sessions` makes a **write key** (the
OAuth `state`, carried through the browser), a **read key** (returned to the plugin only) and a
PKCE verifier. The callback finds the session by the write key, exchanges the code with the
stored verifier, and leaves the tokens for the holder of the read key, who collects them once.

Storage (`store.py`) is a DynamoDB table with TTL, not PostgreSQL: the callback must reach the
user pool's hosted sign-in domain, which no VPC endpoint serves (AWS PrivateLink does not accept
user-pool-domain requests), and the route Lambdas sit in isolated subnets without NAT. The
`/auth/*` Lambdas therefore run outside the VPC, where DynamoDB is reached by IAM alone.

Keys and encryption (`crypto.py`); the table never holds a key, a verifier or a token in clear:
- Keys are 256-bit (`secrets.token_urlsafe(32)`), stored only as SHA-256 hashes (the item keys).
- The read key deterministically derives an X25519 key pair (HKDF-SHA256); only the public half
  is stored. The callback seals the tokens to it (ephemeral X25519 + HKDF + AES-256-GCM, with
  the read key's hash as associated data). So the callback, which knows only the write key, can
  encrypt, and only the read key's holder can decrypt: a write key seen in browser history or a
  log, even together with a copy of the table, opens nothing.
- The PKCE verifier is AES-256-GCM encrypted under a key derived (HKDF) from the write key: only
  a request carrying the write key can use it, and only once (the write item is deleted first).
- A **user code** (8 letters, RFC 8628 §5.4) is returned to the plugin, which shows it; the
  callback's page asks the person for it and nothing is exchanged until it matches (three
  misses end the session). So the browser that signs in must belong to the person holding the
  plugin that started the session: a link minted by someone else signs its victim in for nobody.
  The session keeps only an HMAC of the code keyed by the write key.
"""
