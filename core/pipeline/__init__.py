"""The stages around a tokenizer's model, as every runtime reports them: normalization,
pre-tokens, special tokens and their roles, post-processing (templates, truncation, padding)."""
