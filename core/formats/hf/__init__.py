"""HF ``tokenizer.json`` (and WordPiece ``vocab.txt``, GPT-2 ``vocab.json`` + ``merges.txt``) on
``tokenizers``."""
