"""Span alignment for annotators: annotation datasets in any unit, aligned to any tokenizer.

Modules, one job each:

- :mod:`.dataset` — records and spans, read streaming from JSONL, CoNLL/BIO, character-BIO and
  word-segmentation files, with bad records listed by line (never dropped silently);
- :mod:`.units` — spans in a declared unit converted to code points, and a wrong unit detected;
- :mod:`.alignment` — spaCy ``Doc.char_span`` semantics (strict / contract / expand) on token spans;
- :mod:`.audit` — a whole dataset against several tokenizers: shares, per label, misaligned spans;
- :mod:`.fixes` — suggested fixes for a misaligned span, and a corrected copy of a dataset;
- :mod:`.tags` — token-level BIO / BILOU / IO labels, through post-processing windows.
"""
