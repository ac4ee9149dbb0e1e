"""Domain services: what the API does, free of HTTP and event shapes."""
