"""Diff two tokenizers: the contract (vocabulary, specials, pipeline, merges), a verdict on ID
compatibility with the migration cost, and the behaviour on texts.

Each module has one job: :mod:`.vocab` (piece identity and the vocabulary map), :mod:`.specials`,
:mod:`.components` (pipeline, merges, scores, template), :mod:`.migration` (offset, row map, MiB),
:mod:`.verdict`, :mod:`.behaviour`, :mod:`.report` (the whole diff and its JSON),
:mod:`.html` (the self-contained page).
"""
