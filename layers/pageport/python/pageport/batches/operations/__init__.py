"""One module per batch operation; each registers itself with the registry."""
