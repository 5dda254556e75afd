"""Ingest: researcher documents → identity-tagged, cited chunks in a Chroma store."""
