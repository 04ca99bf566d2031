"""Streaming decode: IDs in, whole characters out (``decode``), per-ID text for speed
(``table``), a stream replayed step by step (``run``)."""
