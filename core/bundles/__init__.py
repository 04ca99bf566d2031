"""Bundles (a tokenizer frozen with checksums), golden samples, and the fingerprints that
recognise a tokenizer whatever its files look like."""
