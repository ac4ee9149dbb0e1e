"""Worker-side glue: artifacts and manifests in S3, the signed webhook. No database access."""
