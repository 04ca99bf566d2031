"""Mistral's ``tekken.json``: read into tiktoken's tables, run on tiktoken."""
