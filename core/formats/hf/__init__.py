"""HF ``tokenizer.json`` on ``tokenizers``; WordPiece ``vocab.txt`` and GPT-2 ``vocab.json`` +
``merges.txt`` turned into one (:mod:`.vocab_files`)."""
