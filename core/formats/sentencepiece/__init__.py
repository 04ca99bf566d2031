"""SentencePiece ``.model`` files on ``sentencepiece``, and SentencePiece's piece types."""
