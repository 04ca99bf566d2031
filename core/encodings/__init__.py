"""One ``Encoding`` for every runtime (IDs, exact byte spans, flags) and what is computed from it:
spans, batches, the small-text path, token bytes, boundaries, exports, token cover and HTML."""
