"""Text units: exact offsets in UTF-8 bytes, code points, UTF-16 units and graphemes (``offsets``),
grapheme clusters, UTF-8 decoding that names where it failed, texts from JSONL."""
